import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const origin = 'https://recipes.example';

describe('CORS', () => {
  it('lets any origin read answers, errors included, and the headers a client needs', async () => {
    for (const [url, key, status] of [
      ['/v1/ingredients/1001', t.key, 200],
      ['/v1/ingredients/1001', undefined, 401],
      ['/v1/ingredients/999999999', t.key, 404],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { origin, ...(key ? { 'x-api-key': key } : {}) } });
      expect(res.statusCode).toBe(status);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(String(res.headers['access-control-expose-headers']).split(', ')).toEqual(['x-request-id', 'etag', 'retry-after', 'ratelimit', 'ratelimit-policy']);
    }
  });

  it('answers a preflight without a key, for any path, with the methods and a day of caching', async () => {
    for (const url of ['/v1/branded?gtin=0001', '/v1/no-such-thing']) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key, if-none-match' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
      expect(res.headers['access-control-allow-headers']).toBe('x-api-key, if-none-match');
      expect(res.headers['access-control-max-age']).toBe('86400');
    }
  });
});
