import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteAccountStore } from '../../../src/accounts/sqliteStore.js';
import { buildAccountsApp, type AccountsTestApp } from '../../support/accountsApp.js';

let t: AccountsTestApp;
let time = Date.parse('2026-06-10T23:59:00.000Z');
const now = () => new Date(time);
let key: string;
let accountId: number;
beforeAll(async () => {
  t = await buildAccountsApp({ env: { LARDER_PLAN_FREE_RPS: '3', LARDER_PLAN_FREE_DAILY: '5' }, now });
  const account = await t.accounts.createAccount({ email: 'limits@example.com', name: 'l', plan: 'free' });
  accountId = account.id;
  key = (await t.accounts.createKey(account, 'k')).plaintext;
});
afterAll(async () => t.close());

const get = (url: string, k = key) => t.app.inject({ method: 'GET', url, headers: { 'x-api-key': k } });

describe('rate limits over HTTP', () => {
  it('holds an account to its plan per second and per UTC day, counting 400 and 404 but not 401 or 429', async () => {
    const ok = await get('/v1/ingredients/1001');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['ratelimit-policy']).toBe('"burst";q=3;w=1, "daily";q=5;w=86400');
    // Burst 2 left, daily 4 left: the burst window is nearer exhaustion.
    expect(ok.headers.ratelimit).toBe('"burst";r=2;t=1');

    const notFound = await get('/v1/ingredients/999999999');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers.ratelimit).toBe('"burst";r=1;t=1');

    // 401s are answered before counting and carry no rate-limit fields.
    for (let i = 0; i < 3; i++) {
      const unknown = await get('/v1/ingredients/1001', `svc_live_${'0'.repeat(32)}`);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.headers.ratelimit).toBeUndefined();
    }

    const badParam = await get('/v1/ingredients?limit=0');
    expect(badParam.statusCode).toBe(400);
    expect(badParam.headers.ratelimit).toBe('"burst";r=0;t=1');

    const burst = await get('/v1/nutrients');
    expect(burst.statusCode).toBe(429);
    expect(burst.headers['retry-after']).toBe('1');
    expect(burst.headers.ratelimit).toBe('"burst";r=0;t=1');
    expect(burst.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(burst.json().detail).toMatch(/3 requests per second/);

    time += 1000; // 23:59:01, a new second
    const fourth = await get('/v1/nutrients');
    expect(fourth.statusCode).toBe(200);
    // Burst 2 left, daily 1 left: now the daily window is nearer.
    expect(fourth.headers.ratelimit).toBe('"daily";r=1;t=59');
    const fifth = await get('/v1/categories');
    expect(fifth.statusCode).toBe(200);
    expect(fifth.headers.ratelimit).toBe('"daily";r=0;t=59');

    const daily = await get('/v1/categories');
    expect(daily.statusCode).toBe(429);
    expect(daily.headers['retry-after']).toBe('59');
    expect(daily.headers.ratelimit).toBe('"daily";r=0;t=59');
    expect(daily.json().detail).toMatch(/5 requests per UTC day/);
    // The 429s did not count: still 5 today.
    expect(await t.app.limits.usedToday(accountId, t.config.plans.free)).toBe(5);
    expect(await t.accounts.recordedUsage(accountId, '2026-06-10')).toBe(5);

    time = Date.parse('2026-06-11T00:00:00.000Z');
    const tomorrow = await get('/v1/categories');
    expect(tomorrow.statusCode).toBe(200);
    expect(tomorrow.headers.ratelimit).toBe('"burst";r=2;t=1');
    expect(await t.app.limits.usedToday(accountId, t.config.plans.free)).toBe(1);
  });

  it('exposes the rate-limit fields to browsers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/sources', headers: { 'x-api-key': key, origin: 'https://app.example' } });
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/ratelimit-policy/);
  });
});

describe('the daily count across a restart (one instance, in-memory limits)', () => {
  it('starts from the usage the store recorded, so a restart does not reset the quota', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'larder-restart-')), 'accounts.sqlite');
    const clock = () => new Date('2026-09-01T12:00:00.000Z');
    const env = { LARDER_PLAN_FREE_RPS: '100', LARDER_PLAN_FREE_DAILY: '4' };
    const first = await buildAccountsApp({ env, store: new SqliteAccountStore(file), now: clock });
    const account = await first.accounts.createAccount({ email: null, name: 'restart', plan: 'free' });
    const k = (await first.accounts.createKey(account, 'k')).plaintext;
    for (let i = 0; i < 3; i++) expect((await first.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': k } })).statusCode).toBe(200);
    await first.close(); // writes the pending usage

    const second = await buildAccountsApp({ env, store: new SqliteAccountStore(file), now: clock });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await second.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': k } })).statusCode);
    expect(statuses).toEqual([200, 429, 429]);
    expect(await second.app.limits.usedToday(account.id, second.config.plans.free)).toBe(4);
    await second.close();
  });
});
