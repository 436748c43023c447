import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountService } from '../../../src/accounts/service.js';
import { SqliteAccountStore } from '../../../src/accounts/sqliteStore.js';
import { Catalog } from '../../../src/catalog/catalog.js';
import { loadConfig } from '../../../src/config.js';
import { buildApp } from '../../../src/http/app.js';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';

let app: FastifyInstance;
let catalog: Catalog;
let key: string;
beforeAll(async () => {
  const config = loadConfig({ LARDER_MAX_EVENT_LOOP_DELAY_MS: '30', LOG_LEVEL: 'silent' });
  catalog = Catalog.open(inject('catalogPath'));
  const accounts = new AccountService(new SqliteAccountStore(':memory:'), config.plans);
  key = (await accounts.createKey(await accounts.createAccount({ email: null, name: 'o', plan: 'enterprise' }), 'k')).plaintext;
  app = await buildApp({ config, catalog, accounts, logger: false, overloadSampleIntervalMs: 20 });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  catalog.close();
});

const url = (path: string) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}${path}`;
const blockFor = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // a handler that hogs the loop, as an overload would
  }
};

/** The status of /v1/nutrients once the service stops shedding (or 503 after two seconds). */
async function settledStatus(): Promise<number> {
  let status = 0;
  for (let i = 0; i < 50 && status !== 200; i++) {
    await new Promise((r) => setTimeout(r, 40));
    status = (await fetch(url('/v1/nutrients'), { headers: { 'x-api-key': key } })).status;
  }
  return status;
}

describe('load shedding', () => {
  it('answers 503 with Retry-After while the event loop lags, keeps /healthz up, then recovers', async () => {
    expect(await settledStatus()).toBe(200); // start-up itself lags the loop; wait until it is idle
    blockFor(300);
    await new Promise((r) => setTimeout(r, 25)); // let the sampler record the lag
    const shed = await fetch(url('/v1/nutrients'), { headers: { 'x-api-key': key } });
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('1');
    expect(shed.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await shed.json()).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect((await fetch(url('/healthz'))).status).toBe(200);
    expect(await settledStatus()).toBe(200); // once the loop is idle again the service answers

  });
});
