import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { inject } from 'vitest';
import { AccountService } from '../../src/accounts/service.js';
import { SqliteAccountStore } from '../../src/accounts/sqliteStore.js';
import type { AccountStore } from '../../src/accounts/store.js';
import { Catalog } from '../../src/catalog/catalog.js';
import { loadConfig, type Config } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import type { RateLimits } from '../../src/limits/limits.js';

export interface AccountsTestApp {
  app: FastifyInstance;
  accounts: AccountService;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app over the test catalogue with a chosen account store, limits and clock, and
 * plan limits from `env` (LARDER_PLAN_*), for the accounts, limits and multi-instance tests.
 */
export async function buildAccountsApp(options: {
  env?: Record<string, string>;
  store?: AccountStore;
  limits?: (now: () => Date, accounts: AccountService) => RateLimits;
  now?: () => Date;
  keyCacheSeconds?: number;
  logger?: FastifyServerOptions['logger'];
  closeStore?: boolean;
}): Promise<AccountsTestApp> {
  const config = loadConfig({ LARDER_CATALOG: inject('catalogPath'), LOG_LEVEL: 'silent', ...options.env });
  const catalog = Catalog.open(inject('catalogPath'));
  const store = options.store ?? new SqliteAccountStore(':memory:');
  const now = options.now ?? (() => new Date());
  const accounts = new AccountService(store, config.plans, now, {
    keyCacheSeconds: options.keyCacheSeconds ?? 30,
    keyRevalidateMs: config.keyRevalidateMs,
  });
  const limits = options.limits?.(now, accounts);
  const app = await buildApp({ config, catalog: { current: catalog }, accounts, limits, logger: options.logger ?? false });
  await app.ready();
  return {
    app,
    accounts,
    config,
    async close() {
      await app.close();
      await accounts.close();
      await limits?.close();
      catalog.close();
      if (options.closeStore !== false) await store.close();
    },
  };
}
