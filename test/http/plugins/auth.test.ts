import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

let t: TestApp;
let revoked: string;
beforeAll(async () => {
  t = await createTestApp();
  const account = await t.accounts.createAccount({ email: null, name: 'revoked', plan: 'free' });
  revoked = (await t.accounts.createKey(account, 'old')).plaintext;
  expect(await t.accounts.revokeKey(revoked)).toBe(true);
});
afterAll(async () => t.close());

/** Every /v1 data route, with valid parameters. */
const V1_ROUTES = [
  '/v1/ingredients',
  '/v1/ingredients?q=butter',
  '/v1/ingredients/1001',
  '/v1/ingredients/1001/nutrients',
  '/v1/ingredients/1001/nutrients?method=boiling',
  '/v1/ingredients/11215/carbon',
  '/v1/ingredients/11215/yield',
  '/v1/ingredients/20081/convert?from=cup&to=g&amount=1',
  '/v1/nutrients',
  '/v1/categories',
  '/v1/sources',
  '/v1/survey-foods',
  '/v1/survey-foods/11111000',
  '/v1/survey-foods/11111000/components',
  '/v1/branded',
  '/v1/branded?q=cookies',
  '/v1/branded?gtin=840379101331',
  '/v1/branded/1377290',
  '/v1/ingredients/batch',
  '/v1/branded/batch',
  '/v1/recipes/analyze',
  '/v1/national-foods?country=GB&q=garlic',
  '/v1/national-foods/GB/13-244',
];

/** The POST routes, with a valid body each. */
const BODIES: Record<string, object> = {
  '/v1/ingredients/batch': { ids: [1001] },
  '/v1/branded/batch': { gtins: ['840379101331'] },
  '/v1/recipes/analyze': { lines: ['1 cup whole milk'] },
};
const request = (url: string) => (BODIES[url] ? { method: 'POST' as const, url, payload: BODIES[url] } : { method: 'GET' as const, url });

describe('API keys on every /v1 route', () => {
  it('covers every data route the app registers', () => {
    const documented = Object.keys((t.app.swagger() as any).paths).filter((p) => p.startsWith('/v1/'));
    const covered = new Set(
      V1_ROUTES.map((u) =>
        u
          .split('?')[0]!
          .replace(/^\/v1\/national-foods\/[A-Z]{2}\/[^/]+$/, '/v1/national-foods/{country}/{code}')
          .replace(/\/\d+/g, '/{id}'),
      ),
    );
    expect(documented.sort()).toEqual([...covered].sort());
  });

  describe.each(V1_ROUTES)('%s', (url) => {
    const cases: Array<[string, () => Record<string, string>, string]> = [
      ['no key', () => ({}), 'missing_api_key'],
      ['an empty key', () => ({ 'x-api-key': '' }), 'missing_api_key'],
      ['a malformed key', () => ({ 'x-api-key': 'svc_live_NOT-HEX' }), 'invalid_api_key'],
      ['an upper-case key', () => ({ 'x-api-key': t.key.toUpperCase() }), 'invalid_api_key'],
      ['an unknown key', () => ({ 'x-api-key': `svc_live_${'0'.repeat(32)}` }), 'invalid_api_key'],
      ['a revoked key', () => ({ 'x-api-key': revoked }), 'revoked_api_key'],
    ];
    it.each(cases)('refuses %s with 401', async (_label, headers, code) => {
      // An address per route: more than 100 401s from one address in a minute become 429s.
      const res = await t.app.inject({ ...request(url), headers: headers(), remoteAddress: `192.0.2.${V1_ROUTES.indexOf(url) + 1}` });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 401, code, request_id: res.headers['x-request-id'] });
    });

    it('accepts the active key', async () => {
      const res = await t.app.inject({ ...request(url), headers: { 'x-api-key': t.key } });
      expect(res.statusCode).toBe(200);
    });
  });

  it('refuses a malformed key without touching the key store', async () => {
    let lookups = 0;
    const original = t.accounts.store.findKeyByHash.bind(t.accounts.store);
    t.accounts.store.findKeyByHash = async (hash) => {
      lookups++;
      return original(hash);
    };
    try {
      await t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': 'svc_live_123' } });
      expect(lookups).toBe(0);
      // A well-formed key never seen before is looked up (known keys may be answered from the
      // short revalidation cache).
      await t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': `svc_live_${'e'.repeat(32)}` } });
      expect(lookups).toBe(1);
    } finally {
      t.accounts.store.findKeyByHash = original;
    }
  });

  it('looks an unknown well-formed key up once, then answers it from the negative cache (issue 19, finding 9)', async () => {
    let lookups = 0;
    const original = t.accounts.store.findKeyByHash.bind(t.accounts.store);
    t.accounts.store.findKeyByHash = async (hash) => {
      lookups++;
      return original(hash);
    };
    try {
      const unknown = `svc_live_${'ab'.repeat(16)}`;
      for (let i = 0; i < 20; i++) {
        const res = await t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': unknown }, remoteAddress: '198.51.100.90' });
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('invalid_api_key');
      }
      expect(lookups).toBe(1);
      // A key created through the service after being presented works at once.
      const account = await t.accounts.createAccount({ email: null, name: 'late', plan: 'free' });
      const created = await t.accounts.createKey(account, 'late');
      expect((await t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': created.plaintext } })).statusCode).toBe(200);
    } finally {
      t.accounts.store.findKeyByHash = original;
    }
  });

  it('answers 429 without a store lookup once an address has had 100 401s in a minute (issue 19, finding 9)', async () => {
    let lookups = 0;
    const original = t.accounts.store.findKeyByHash.bind(t.accounts.store);
    t.accounts.store.findKeyByHash = async (hash) => {
      lookups++;
      return original(hash);
    };
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 130; i++) {
        const key = `svc_live_${i.toString(16).padStart(32, 'c')}`;
        statuses.push((await t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': key }, remoteAddress: '203.0.113.91' })).statusCode);
      }
      expect(statuses.slice(0, 100)).toEqual(Array(100).fill(401));
      expect(statuses.slice(100)).toEqual(Array(30).fill(429));
      expect(lookups).toBe(100);
      const refused = await t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': `svc_live_${'d'.repeat(32)}` }, remoteAddress: '203.0.113.91' });
      expect(refused.json().code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      // A good key from that address still works (clients sharing an address with a flooder).
      expect((await t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': t.key }, remoteAddress: '203.0.113.91' })).statusCode).toBe(200);
      // Other addresses are not affected.
      const other = await t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': `svc_live_${'d'.repeat(32)}` }, remoteAddress: '203.0.113.92' });
      expect(other.statusCode).toBe(401);
    } finally {
      t.accounts.store.findKeyByHash = original;
    }
  });

  it('asks no key for health, readiness, the OpenAPI document, the docs and preflight', async () => {
    for (const url of ['/healthz', '/readyz', '/v1/openapi.json', '/docs/errors']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/ingredients/1001',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-api-key');
  });
});
