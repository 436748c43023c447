import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PgAccountStore } from '../../src/accounts/pgStore.js';
import { loadConfig } from '../../src/config.js';
import { createLimits } from '../../src/limits/open.js';
import { buildAccountsApp, type AccountsTestApp } from '../support/accountsApp.js';
import { freePort, openTestPgStore, PgRelay, PrivateRedis, uniqueName } from '../support/services.js';

const BIN = path.resolve(import.meta.dirname, '..', '..', 'bin', 'larder.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(50);
  }
  return false;
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

describe('Redis going away mid-traffic', () => {
  it('keeps answering with local limits, says so in /readyz and the log, and resumes shared counting when Redis returns', async () => {
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    cleanups.push(() => redis.stop());
    const logged: Array<{ level: string; msg: string }> = [];
    const log = { info: (_o: object, msg: string) => logged.push({ level: 'info', msg }), warn: (_o: object, msg: string) => logged.push({ level: 'warn', msg }) };
    const env = { REDIS_URL: redis.url, LARDER_REDIS_PREFIX: uniqueName('larder-test'), LARDER_REDIS_TIMEOUT_MS: '100', LARDER_PLAN_FREE_RPS: '1000', LARDER_PLAN_FREE_DAILY: '100000' };
    const t: AccountsTestApp = await buildAccountsApp({
      env,
      limits: (now, accounts) => createLimits(loadConfig({ ...env, LARDER_CATALOG: inject('catalogPath') }), log, now, (id, day) => accounts.recordedUsage(id, day)),
    });
    cleanups.push(() => t.close());
    const account = await t.accounts.createAccount({ email: null, name: 'r', plan: 'free' });
    const key = (await t.accounts.createKey(account, 'k')).plaintext;
    const get = () => t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': key } });
    const ready = async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).json();
    const plan = t.config.plans.free;

    expect(await until(() => t.app.limits.status().shared, 3000)).toBe(true);
    for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBe(200);
    expect(await t.app.limits.usedToday(account.id, plan)).toBe(3);

    await redis.stop();
    // Traffic goes on while the client notices; not one request fails.
    for (let i = 0; i < 20; i++) expect((await get()).statusCode).toBe(200);
    expect(await until(async () => (await ready()).limits.state === 'local_fallback', 3000)).toBe(true);
    expect((await ready()).limits).toMatchObject({ backend: 'redis', shared: false, state: 'local_fallback' });
    expect((await ready()).limits.detail).toMatch(/redis unreachable/);
    // Issue 19, finding 11: /readyz is public; it does not name the Redis host or port.
    expect(JSON.stringify(await ready())).not.toMatch(new RegExp(`127\\.0\\.0\\.1|${redis.port}`));
    // Local counting started from the day's recorded usage (3), not from 0 (issue 19, finding 2).
    expect(await t.app.limits.usedToday(account.id, plan)).toBe(23);
    expect(logged.some((l) => l.level === 'warn' && /Redis unreachable, counting per instance/.test(l.msg))).toBe(true);
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-policy']).toBe('"burst";q=1000;w=1, "daily";q=100000;w=86400');

    await redis.start();
    expect(await until(async () => (await ready()).limits.state === 'shared', 8000)).toBe(true);
    expect(logged.some((l) => l.level === 'info' && /Redis reachable, counting shared/.test(l.msg))).toBe(true);
    // A new, empty Redis: its daily counter is raised to the recorded usage (3 + 20 + 1) first
    // (issue 19, finding 2), then counts on.
    for (let i = 0; i < 4; i++) expect((await get()).statusCode).toBe(200);
    expect(await t.app.limits.usedToday(account.id, plan)).toBe(28);
  });

  it('holds the daily quota exactly across a Redis kill and an empty restart (issue 19, finding 2)', async () => {
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    cleanups.push(() => redis.stop());
    const env = { REDIS_URL: redis.url, LARDER_REDIS_PREFIX: uniqueName('larder-test'), LARDER_REDIS_TIMEOUT_MS: '100', LARDER_PLAN_FREE_RPS: '1000', LARDER_PLAN_FREE_DAILY: '20' };
    const t = await buildAccountsApp({
      env,
      limits: (now, accounts) =>
        createLimits(loadConfig({ ...env, LARDER_CATALOG: inject('catalogPath') }), { info() {}, warn() {} }, now, (id, day) => accounts.recordedUsage(id, day)),
    });
    cleanups.push(() => t.close());
    const account = await t.accounts.createAccount({ email: null, name: 'quota', plan: 'free' });
    const key = (await t.accounts.createKey(account, 'k')).plaintext;
    const get = async () => (await t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': key } })).statusCode;
    expect(await until(() => t.app.limits.status().shared, 3000)).toBe(true);
    for (let i = 0; i < 8; i++) expect(await get()).toBe(200);
    await redis.stop();
    expect(await until(() => !t.app.limits.status().shared, 3000)).toBe(true);
    for (let i = 0; i < 8; i++) expect(await get()).toBe(200);
    await redis.start();
    expect(await until(() => t.app.limits.status().shared, 8000)).toBe(true);
    const after: number[] = [];
    for (let i = 0; i < 10; i++) after.push(await get());
    // 8 + 8 + 4 = the plan's 20 in the day.
    expect(after).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
  });

  it('counts locally and says so while Redis hangs, and returns to shared counting (issue 19, finding 7)', async () => {
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    cleanups.push(async () => {
      redis.resume();
      await redis.stop();
    });
    const env = { REDIS_URL: redis.url, LARDER_REDIS_PREFIX: uniqueName('larder-test'), LARDER_REDIS_TIMEOUT_MS: '100', LARDER_PLAN_FREE_RPS: '1000', LARDER_PLAN_FREE_DAILY: '100000' };
    const t = await buildAccountsApp({
      env,
      limits: (now, accounts) =>
        createLimits(loadConfig({ ...env, LARDER_CATALOG: inject('catalogPath') }), { info() {}, warn() {} }, now, (id, day) => accounts.recordedUsage(id, day)),
    });
    cleanups.push(() => t.close());
    const account = await t.accounts.createAccount({ email: null, name: 'hang', plan: 'free' });
    const key = (await t.accounts.createKey(account, 'k')).plaintext;
    const get = async () => (await t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': key } })).statusCode;
    const ready = async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).json();
    expect(await until(() => t.app.limits.status().shared, 3000)).toBe(true);
    for (let i = 0; i < 5; i++) expect(await get()).toBe(200);

    redis.pause();
    // The connection stays open; the breaker notices the silence within a few requests.
    const during: number[] = [];
    for (let i = 0; i < 10; i++) during.push(await get());
    expect(during).toEqual(Array(10).fill(200));
    const state = await ready();
    expect(state.limits).toMatchObject({ backend: 'redis', shared: false, state: 'local_fallback' });
    expect(JSON.stringify(state)).not.toContain(String(redis.port));
    expect(await t.app.limits.usedToday(account.id, t.config.plans.free)).toBe(15);

    redis.resume();
    expect(await until(async () => (await get()) === 200 && (await ready()).limits.state === 'shared', 10_000)).toBe(true);
  });

  it('still enforces the limit locally while Redis is down', async () => {
    const port = await freePort(); // nothing listens there
    const env = { REDIS_URL: `redis://127.0.0.1:${port}`, LARDER_REDIS_PREFIX: uniqueName('larder-test'), LARDER_REDIS_TIMEOUT_MS: '100', LARDER_PLAN_FREE_RPS: '3' };
    const time = Date.parse('2026-08-01T10:00:00.000Z');
    const t = await buildAccountsApp({
      env,
      now: () => new Date(time),
      limits: (now) => createLimits(loadConfig({ ...env, LARDER_CATALOG: inject('catalogPath') }), { info() {}, warn() {} }, now),
    });
    cleanups.push(() => t.close());
    const account = await t.accounts.createAccount({ email: null, name: 'l', plan: 'free' });
    const key = (await t.accounts.createKey(account, 'k')).plaintext;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': key } })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('PostgreSQL unreachable', () => {
  it('at start: larder serve says so and exits non-zero', async () => {
    const port = await freePort();
    const res = spawnSync(process.execPath, [BIN, 'serve', '--port', '0'], {
      env: { ...process.env, DATABASE_URL: `postgresql://larder:secret@127.0.0.1:${port}/larder`, LARDER_CATALOG: inject('catalogPath'), LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(new RegExp(`larder: PostgreSQL at postgresql://larder:\\*\\*\\*@127\\.0\\.0\\.1:${port}/larder is not usable: .*ECONNREFUSED`));
    expect(res.stderr).not.toContain('secret');
  });

  it('later: keys seen recently keep working for a bounded time, unseen keys answer 503 with Retry-After, and all recovers', async () => {
    const relay = new PgRelay();
    await relay.listen();
    cleanups.push(() => relay.cut());
    const { schema, store: setup, drop } = await openTestPgStore();
    await setup.close();
    cleanups.push(drop);
    const store = await PgAccountStore.open({ connectionString: relay.url(), schema, connectTimeoutMs: 1000 });
    const t = await buildAccountsApp({ store, keyCacheSeconds: 2, env: { LARDER_PLAN_FREE_RPS: '1000' } });
    cleanups.push(() => t.close());
    const account = await t.accounts.createAccount({ email: null, name: 'pg', plan: 'free' });
    const seen = (await t.accounts.createKey(account, 'seen')).plaintext;
    const other = await t.accounts.createAccount({ email: null, name: 'pg2', plan: 'free' });
    const unseen = (await t.accounts.createKey(other, 'unseen')).plaintext;
    const get = (key: string) => t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': key } });

    expect((await get(seen)).statusCode).toBe(200);
    await relay.cut();
    const cutAt = Date.now();

    expect((await get(seen)).statusCode).toBe(200);
    const refused = await get(unseen);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'service_unavailable' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const ready = (await t.app.inject({ method: 'GET', url: '/readyz' })).json();
    expect(ready.accounts).toEqual({ store: 'postgres', reachable: false });
    const dashboard = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie: 'larder_session=abc' } });
    expect(dashboard.statusCode).toBe(503);
    expect(dashboard.headers['retry-after']).toBe('30');
    expect(dashboard.body).toContain('It cannot reach its database just now');

    // The cached key's grace is bounded (2 s here): after it, it fails closed too.
    await sleep(Math.max(0, 2100 - (Date.now() - cutAt)));
    expect((await get(seen)).statusCode).toBe(503);

    await relay.restore();
    expect(await until(async () => (await get(unseen)).statusCode === 200, 5000)).toBe(true);
    expect((await get(seen)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json().accounts.reachable).toBe(true);
  });
});
