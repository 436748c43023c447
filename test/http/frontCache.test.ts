import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { Agent, request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import { utcDay } from '../../src/limits/limits.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { OpenApiChecker, type OpenApiDocument } from '../support/openapi.js';

// branded_food.csv: fdc_id 1377290 "MAPLE CASHEW BUTTER, MAPLE", gtin_upc 840379101331 (a 1 KB answer is compressed; this one is not).
const GTIN_URL = '/v1/branded?gtin=840379101331';
// SR Legacy 01001, butter, salted: a detail answer well over 1 KB.
const LARGE_URL = '/v1/ingredients/1001';
// Key lookups are reused for a minute here, so that no request of a test falls to the app
// because its key's store answer went stale halfway (revocations through the service still hold at once).
const KEY_REVALIDATE_MS = 60_000;

let t: TestApp;
let checker: OpenApiChecker;
let base: string;
let accountId: number;
let freeKey: string;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A real HTTP request (the front cache sits in the server's listener, which inject() bypasses). */
function send(url: string, headers: Record<string, string> = {}, method = 'GET', agent?: Agent): Promise<Answer & { reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${url}`, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks), reusedSocket: req.reusedSocket }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** A GET through the app and its answer checked against the OpenAPI document; also whether the app saw it. */
async function get(url: string, headers: Record<string, string> = { 'x-api-key': t.key }, agent?: Agent): Promise<Answer & { byApp: boolean; reusedSocket: boolean }> {
  const before = t.app.frontAnswers;
  const res = await send(url, headers, 'GET', agent);
  const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body).toString('utf8') : res.body.toString('utf8');
  const problems = checker.check('GET', url, res.status, res.headers['content-type'], body, res.headers);
  expect(problems).toEqual([]);
  return { ...res, byApp: t.app.frontAnswers === before };
}

const PER_REQUEST = ['x-request-id', 'ratelimit', 'date'];
const stable = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_REQUEST.includes(name)));

beforeAll(async () => {
  t = await createTestApp({ env: { LARDER_PLAN_FREE_RPS: '2' }, keyRevalidateMs: KEY_REVALIDATE_MS });
  accountId = (await t.accounts.authenticate(t.key)).account.id;
  const free = await t.accounts.createAccount({ email: 'free@example.com', name: 'free', plan: 'free' });
  freeKey = (await t.accounts.createKey(free, 'free')).plaintext;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  checker = new OpenApiChecker(t.app.swagger() as unknown as OpenApiDocument);
});

afterAll(async () => t?.close());

describe('the front cache, in front of the app', () => {
  it("replays the app's answer to a repeated GET: the same body and headers, counted against the plan and in usage", async () => {
    const first = await get(GTIN_URL);
    expect(first.byApp).toBe(true);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body.toString()).data[0]).toMatchObject({ id: 1377290, gtin_upc: '840379101331' });
    const usedBefore = await t.accounts.recordedUsage(accountId, utcDay(new Date()));

    const again = await get(GTIN_URL);
    expect(again.byApp).toBe(false);
    expect(again.status).toBe(200);
    expect(again.body.equals(first.body)).toBe(true);
    expect(stable(again.headers)).toEqual(stable(first.headers));
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(again.headers['ratelimit']).toMatch(/^"(burst|daily)";r=\d+;t=\d+$/);
    expect(again.headers['etag']).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(await t.accounts.recordedUsage(accountId, utcDay(new Date()))).toBe(usedBefore + 1);
  });

  it('echoes a well-formed X-Request-Id, and makes one up for a malformed one', async () => {
    await get(GTIN_URL);
    const given = await get(GTIN_URL, { 'x-api-key': t.key, 'x-request-id': 'trace-42.a:b' });
    expect(given.byApp).toBe(false);
    expect(given.headers['x-request-id']).toBe('trace-42.a:b');
    const malformed = await get(GTIN_URL, { 'x-api-key': t.key, 'x-request-id': 'no spaces allowed' });
    expect(malformed.byApp).toBe(false);
    expect(malformed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves conditional requests to the app, which answers 304', async () => {
    const { headers } = await get(GTIN_URL);
    const conditional = await get(GTIN_URL, { 'x-api-key': t.key, 'if-none-match': headers['etag']! });
    expect(conditional.byApp).toBe(true);
    expect(conditional.status).toBe(304);
    expect(conditional.body.length).toBe(0);
  });

  it('leaves HEAD to the app', async () => {
    await get(GTIN_URL);
    const before = t.app.frontAnswers;
    const head = await send(GTIN_URL, { 'x-api-key': t.key }, 'HEAD');
    expect(head.status).toBe(200);
    expect(t.app.frontAnswers).toBe(before);
  });

  it('leaves a body the client may get compressed to the app, and replays it uncompressed to a client that asks for none', async () => {
    const compressed = await get(LARGE_URL, { 'x-api-key': t.key, 'accept-encoding': 'gzip' });
    expect(compressed.byApp).toBe(true);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    const again = await get(LARGE_URL, { 'x-api-key': t.key, 'accept-encoding': 'gzip' });
    expect(again.byApp).toBe(true);
    expect(again.headers['content-encoding']).toBe('gzip');
    const plain = await get(LARGE_URL);
    expect(plain.byApp).toBe(false);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toMatchObject({ id: 1001 });
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    expect(plain.body.length).toBeGreaterThan(1024);
  });

  it('leaves unknown, missing and revoked keys to the app, which answers 401', async () => {
    await get(GTIN_URL);
    const unknown = await get(GTIN_URL, { 'x-api-key': `svc_live_${'0'.repeat(32)}` });
    expect(unknown).toMatchObject({ byApp: true, status: 401 });
    const missing = await get(GTIN_URL, {});
    expect(missing).toMatchObject({ byApp: true, status: 401 });

    const other = await t.accounts.createAccount({ email: 'revoked@example.com', name: 'revoked', plan: 'pro' });
    const { plaintext } = await t.accounts.createKey(other, 'soon revoked');
    expect((await get(GTIN_URL, { 'x-api-key': plaintext })).status).toBe(200);
    expect((await get(GTIN_URL, { 'x-api-key': plaintext })).byApp).toBe(false);
    await t.accounts.revokeKey(plaintext);
    const revoked = await get(GTIN_URL, { 'x-api-key': plaintext });
    expect(revoked).toMatchObject({ byApp: true, status: 401 });
    expect(JSON.parse(revoked.body.toString()).code).toBe('revoked_api_key');
  });

  it('decides each request of a keep-alive connection by the key it presents, whatever the connection presented before', async () => {
    const other = await t.accounts.createAccount({ email: 'switching@example.com', name: 'switching', plan: 'free' });
    const { plaintext: otherKey } = await t.accounts.createKey(other, 'second key on the connection');
    const oneConnection = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const on = (key: string | null) => get(GTIN_URL, key === null ? {} : { 'x-api-key': key }, oneConnection);
      await on(t.key); // the app answers and caches; the same connection from here on
      const first = await on(t.key);
      expect(first).toMatchObject({ status: 200, byApp: false });
      expect(first.headers['ratelimit-policy']).toBe('"burst";q=1000000;w=1, "daily";q=100000000;w=86400');

      const unknown = await on(`svc_live_${'f'.repeat(32)}`);
      expect(unknown).toMatchObject({ status: 401, byApp: true, reusedSocket: true });
      expect(JSON.parse(unknown.body.toString()).code).toBe('invalid_api_key');
      const malformed = await on(`${t.key}0`);
      expect(malformed).toMatchObject({ status: 401, byApp: true, reusedSocket: true });
      const missing = await on(null);
      expect(missing).toMatchObject({ status: 401, byApp: true, reusedSocket: true });
      expect(JSON.parse(missing.body.toString()).code).toBe('missing_api_key');

      // Another account's key on the same connection is that account's request: its plan's policy and count.
      const usedBefore = await t.accounts.recordedUsage(accountId, utcDay(new Date()));
      await on(otherKey);
      const switched = await on(otherKey);
      expect(switched).toMatchObject({ status: 200, byApp: false, reusedSocket: true });
      expect(switched.headers['ratelimit-policy']).toBe(`"burst";q=2;w=1, "daily";q=${t.config.plans.free.daily};w=86400`);
      expect(await t.accounts.recordedUsage(other.id, utcDay(new Date()))).toBe(2);
      expect(await t.accounts.recordedUsage(accountId, utcDay(new Date()))).toBe(usedBefore);
      await t.accounts.revokeKey(otherKey);
      const revoked = await on(otherKey);
      expect(revoked).toMatchObject({ status: 401, byApp: true, reusedSocket: true });
      expect(JSON.parse(revoked.body.toString()).code).toBe('revoked_api_key');

      const back = await on(t.key);
      expect(back).toMatchObject({ status: 200, byApp: false, reusedSocket: true });
    } finally {
      oneConnection.destroy();
    }
  });

  it('hands a request to the app when the front cache itself fails, and the server stays up', async () => {
    await get(GTIN_URL);
    const original = t.accounts.recordUsage.bind(t.accounts);
    let faults = 0;
    t.accounts.recordUsage = (id, day) => {
      // The front cache records usage before it writes anything; the app's hook comes after.
      if (faults++ === 0) throw new Error('injected fault');
      original(id, day);
    };
    try {
      const res = await get(GTIN_URL);
      expect(res).toMatchObject({ byApp: true, status: 200 });
      expect(faults).toBe(2);
    } finally {
      t.accounts.recordUsage = original;
    }
    expect((await get(GTIN_URL)).byApp).toBe(false);
  });

  it('leaves a request the plan refuses to the app, which answers 429 without counting it', async () => {
    await get(GTIN_URL); // cached
    const answers: Array<Answer & { byApp: boolean }> = [];
    for (let i = 0; i < 6; i++) answers.push(await get(GTIN_URL, { 'x-api-key': freeKey }));
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0); // 2 per second: six requests cannot all fall in allowed slots
    for (const r of refused) {
      expect(r.byApp).toBe(true);
      expect(r.headers['retry-after']).toBe('1');
      expect(JSON.parse(r.body.toString()).code).toBe('rate_limited');
    }
    expect(answers.filter((a) => a.status === 200 && !a.byApp).length).toBeGreaterThan(0);
  });
});

describe('the front cache in the access log', () => {
  it('writes the same one line per answer as the app, with the request id and never the key', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const logged = await createTestApp({ logger: { level: 'info', stream }, keyRevalidateMs: KEY_REVALIDATE_MS });
    await logged.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `http://127.0.0.1:${(logged.app.server.address() as { port: number }).port}${GTIN_URL}`;
      for (const id of ['log-app-1', 'log-front-2']) {
        const res = await fetch(url, { headers: { 'x-api-key': logged.key, 'x-request-id': id } });
        expect(res.status).toBe(200);
      }
      expect(logged.app.frontAnswers).toBe(1);
      const completed = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request completed');
      expect(completed.map((l) => [l.reqId, l.method, l.url, l.statusCode])).toEqual([
        ['log-app-1', 'GET', GTIN_URL, 200],
        ['log-front-2', 'GET', GTIN_URL, 200],
      ]);
      for (const line of completed) expect(typeof line.responseTimeMs).toBe('number');
      expect(lines.join('\n')).not.toContain(logged.key.slice(9));
    } finally {
      await logged.close();
    }
  });
});
