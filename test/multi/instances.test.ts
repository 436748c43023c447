import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgAccountStore } from '../../src/accounts/pgStore.js';
import { redisLimits } from '../../src/limits/redisBreaker.js';
import { buildAccountsApp, type AccountsTestApp } from '../support/accountsApp.js';
import { openTestPgStore, TEST_DATABASE_URL, TEST_REDIS_URL, uniqueName } from '../support/services.js';

/**
 * Two instances of the real app, each with its own PostgreSQL pool and Redis connection,
 * sharing one database schema and one Redis key prefix, as behind a load balancer.
 */
let a: AccountsTestApp;
let b: AccountsTestApp;
let drop: () => Promise<void>;
const redisClients: Redis[] = [];
const time = { t: Date.parse('2026-07-01T12:00:00.250Z') };
const now = () => new Date(time.t);

async function instance(schema: string, prefix: string): Promise<AccountsTestApp> {
  const store = await PgAccountStore.open({ connectionString: TEST_DATABASE_URL, schema });
  const redis = new Redis(TEST_REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  redisClients.push(redis);
  await new Promise((resolve) => redis.once('ready', resolve));
  return buildAccountsApp({
    env: { LARDER_PLAN_FREE_RPS: '5', LARDER_PLAN_FREE_DAILY: '1000', LARDER_PLAN_PRO_RPS: '1000', LARDER_PLAN_PRO_DAILY: '6' },
    store,
    now,
    limits: (clock) => redisLimits({ redis, prefix, now: clock, timeoutMs: 2000 }),
  });
}

beforeAll(async () => {
  const first = await openTestPgStore();
  drop = first.drop;
  await first.store.close();
  const prefix = uniqueName('larder-test');
  a = await instance(first.schema, prefix);
  b = await instance(first.schema, prefix);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await drop?.();
});

const get = (app: AccountsTestApp, key: string, url = '/v1/nutrients') =>
  app.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });

describe('two instances sharing PostgreSQL and Redis', () => {
  it('enforce one per-second limit: a burst of twice the limit split across both gives exactly the limit', async () => {
    const account = await a.accounts.createAccount({ email: 'burst@example.com', name: 'b', plan: 'free' });
    const key = (await a.accounts.createKey(account, 'k')).plaintext;
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => get(i % 2 ? b : a, key)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    for (const r of responses.filter((x) => x.statusCode === 429)) expect(r.headers['retry-after']).toBe('1');
    time.t += 1000;
    expect((await get(b, key)).statusCode).toBe(200);
  });

  it('share one daily count, seen the same from both', async () => {
    const account = await b.accounts.createAccount({ email: 'daily@example.com', name: 'd', plan: 'pro' });
    const key = (await b.accounts.createKey(account, 'k')).plaintext;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await get(i % 2 ? b : a, key)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const plan = a.config.plans.pro;
    expect(await a.app.limits.usedToday(account.id, plan)).toBe(6);
    expect(await b.app.limits.usedToday(account.id, plan)).toBe(6);
    expect(a.app.limits.status()).toEqual({ backend: 'redis', shared: true, state: 'shared' });
    const ready = (await b.app.inject({ method: 'GET', url: '/readyz' })).json();
    expect(ready.accounts).toEqual({ store: 'postgres', reachable: true });
    // Usage is written to PostgreSQL in batches; both instances' counts add up there.
    await a.accounts.flushUsage();
    await b.accounts.flushUsage();
    expect(await a.accounts.store.getUsage(account.id, '2026-07-01')).toBe(6);
  });

  it('refuse a revoked key on every instance within one second', async () => {
    const account = await a.accounts.createAccount({ email: 'revoke@example.com', name: 'r', plan: 'free' });
    const created = await a.accounts.createKey(account, 'k');
    time.t += 1000;
    expect((await get(a, created.plaintext)).statusCode).toBe(200);
    expect((await get(b, created.plaintext)).statusCode).toBe(200);
    const revokedAt = performance.now();
    expect(await a.accounts.revokeKeyOf(account, created.record.id)).toBe(true);
    let refusedOnB = -1;
    while (performance.now() - revokedAt < 1000) {
      const res = await get(b, created.plaintext);
      if (res.statusCode === 401) {
        expect(res.json().code).toBe('revoked_api_key');
        refusedOnB = performance.now() - revokedAt;
        break;
      }
    }
    expect(refusedOnB).toBeGreaterThanOrEqual(0);
    expect(refusedOnB).toBeLessThan(1000);
    expect((await get(a, created.plaintext)).statusCode).toBe(401);
  });
});
