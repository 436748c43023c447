import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { AccountService } from '../../src/accounts/service.js';
import { SqliteAccountStore } from '../../src/accounts/sqliteStore.js';
import { Catalog } from '../../src/catalog/catalog.js';
import { loadConfig, type Config } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { OpenApiChecker, type OpenApiDocument } from './openapi.js';

export interface TestApp {
  app: FastifyInstance;
  catalog: Catalog;
  accounts: AccountService;
  config: Config;
  /** An active key on the enterprise plan. */
  key: string;
  /** GET with that key. */
  get(url: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

function decoded(res: LightMyRequestResponse): string {
  switch (res.headers['content-encoding']) {
    case 'gzip':
      return gunzipSync(res.rawPayload).toString('utf8');
    case 'br':
      return brotliDecompressSync(res.rawPayload).toString('utf8');
    case 'deflate':
      return inflateSync(res.rawPayload).toString('utf8');
    default:
      return res.body;
  }
}

/**
 * Makes every inject() of the tests check its answer against the app's OpenAPI document,
 * failing the test on an undocumented status or a body the document does not describe.
 */
function checkEveryAnswer(app: FastifyInstance): void {
  const checker = new OpenApiChecker(app.swagger() as unknown as OpenApiDocument);
  const inject = app.inject.bind(app) as (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  (app as unknown as { inject: unknown }).inject = async (opts: InjectOptions) => {
    const res = await inject(opts);
    const problems = checker.check(
      String(opts.method ?? 'GET'),
      String(opts.url ?? '/'),
      res.statusCode,
      res.headers['content-type'] as string | undefined,
      decoded(res),
      res.headers,
    );
    if (problems.length > 0) throw new Error(`answer does not match the OpenAPI document: ${problems.join('; ')}`);
    return res;
  };
}

export interface TestAppOptions {
  /** Environment on top of the tests' own (plan limits, say). */
  env?: Record<string, string>;
  /** Fastify logger options (default: none). */
  logger?: FastifyServerOptions['logger'];
  /** How long a key lookup is reused (default: the configuration's). */
  keyRevalidateMs?: number;
}

/** The real application over the catalogue built from ../shared/data and an in-memory account store. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // Limits high enough that the data-route tests never meet them; test/limits shrinks them.
  const config = loadConfig({
    LARDER_CATALOG: inject('catalogPath'),
    LARDER_ACCOUNTS_DB: ':memory:',
    LOG_LEVEL: 'silent',
    LARDER_PLAN_ENTERPRISE_RPS: '1000000',
    LARDER_PLAN_ENTERPRISE_DAILY: '100000000',
    LARDER_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  const catalog = Catalog.open(inject('catalogPath'));
  const store = new SqliteAccountStore(':memory:');
  const accounts = new AccountService(store, config.plans, undefined, { keyRevalidateMs: options.keyRevalidateMs ?? config.keyRevalidateMs });
  const account = await accounts.createAccount({ email: 'tests@example.com', name: 'tests', plan: 'enterprise' });
  const { plaintext } = await accounts.createKey(account, 'test key');
  const app = await buildApp({ config, catalog: { current: catalog }, accounts, logger: options.logger ?? false });
  await app.ready();
  checkEveryAnswer(app);
  return {
    app,
    catalog,
    accounts,
    config,
    key: plaintext,
    get: (url) => app.inject({ method: 'GET', url, headers: { 'x-api-key': plaintext } }),
    async close() {
      await app.close();
      await accounts.close();
      catalog.close();
      await store.close();
    },
  };
}

/** One nutrient of a nutrients answer, by canonical nutrient id. */
export const nutrient = (body: any, id: number) => body.nutrients.find((n: any) => n.nutrient_id === id);

/** An ingredient's nutrients answer for a country, as a client asks it (GET /v1/ingredients/:id/nutrients?country=). */
export const countryAnswer = async (t: TestApp, id: number, country: string): Promise<any> =>
  (await t.get(`/v1/ingredients/${id}/nutrients?country=${country}`)).json();
