import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { AccountService } from '../../src/accounts/service.js';
import { SqliteAccountStore } from '../../src/accounts/sqliteStore.js';
import { Catalog } from '../../src/catalog/catalog.js';
import { loadConfig, type Config } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';

export interface TestApp {
  app: FastifyInstance;
  catalog: Catalog;
  accounts: AccountService;
  config: Config;
  /** An active key on the enterprise plan. */
  key: string;
  close(): Promise<void>;
}

/** The real application over the catalogue built from ../shared/data and an in-memory account store. */
export async function createTestApp(): Promise<TestApp> {
  // Limits high enough that the data-route tests never meet them; test/limits shrinks them.
  const config = loadConfig({
    LARDER_CATALOG: inject('catalogPath'),
    LARDER_ACCOUNTS_DB: ':memory:',
    LOG_LEVEL: 'silent',
    LARDER_PLAN_ENTERPRISE_RPS: '1000000',
    LARDER_PLAN_ENTERPRISE_DAILY: '100000000',
  });
  const catalog = Catalog.open(inject('catalogPath'));
  const store = new SqliteAccountStore(':memory:');
  const accounts = new AccountService(store, config.plans);
  const account = await accounts.createAccount({ email: 'tests@example.com', name: 'tests', plan: 'enterprise' });
  const { plaintext } = await accounts.createKey(account, 'test key');
  const app = await buildApp({ config, catalog, accounts, logger: false });
  await app.ready();
  return {
    app,
    catalog,
    accounts,
    config,
    key: plaintext,
    async close() {
      await app.close();
      await accounts.close();
      catalog.close();
      await store.close();
    },
  };
}
