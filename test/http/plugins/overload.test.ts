import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AccountService } from '../../../src/accounts/service.js';
import { SqliteAccountStore } from '../../../src/accounts/sqliteStore.js';
import { Catalog } from '../../../src/catalog/catalog.js';
import { loadConfig } from '../../../src/config.js';
import { buildApp } from '../../../src/http/app.js';

let app: FastifyInstance;
let catalog: Catalog;
let key: string;
beforeAll(async () => {
  // A heap ceiling far below what any process uses puts the service under pressure at once,
  // which makes the shedding path deterministic to test.
  const config = loadConfig({ LARDER_MAX_EVENT_LOOP_DELAY_MS: '0', LARDER_MAX_HEAP_SHARE: '0.00001', LOG_LEVEL: 'silent' });
  catalog = Catalog.open(inject('catalogPath'));
  const accounts = new AccountService(new SqliteAccountStore(':memory:'), config.plans);
  key = (await accounts.createKey(await accounts.createAccount({ email: null, name: 'o', plan: 'enterprise' }), 'k')).plaintext;
  app = await buildApp({ config, catalog: { current: catalog }, accounts, logger: false, overloadSampleIntervalMs: 20 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => setTimeout(r, 100)); // the first load sample
});
afterAll(async () => {
  await app.close();
  catalog.close();
});

const url = (path: string) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}${path}`;

describe('load shedding', () => {
  it('answers 503 problem+json with Retry-After under pressure, and keeps /healthz up', async () => {
    const shed = await fetch(url('/v1/nutrients'), { headers: { 'x-api-key': key } });
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('1');
    expect(shed.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await shed.json()).toMatchObject({ code: 'service_unavailable', status: 503, detail: expect.stringMatching(/memory nearly full/) });
    expect((await fetch(url('/readyz'))).status).toBe(503);
    expect((await fetch(url('/healthz'))).status).toBe(200);
  });
});
