import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('response cache', () => {
  it('answers a repeated request with the same bytes and tag without querying the catalogue again', async () => {
    const headers = { 'x-api-key': t.key };
    const first = await t.app.inject({ method: 'GET', url: '/v1/ingredients/1002', headers });
    let calls = 0;
    const original = t.app.ingredients.detail.bind(t.app.ingredients);
    t.app.ingredients.detail = (id) => {
      calls++;
      return original(id);
    };
    try {
      const second = await t.app.inject({ method: 'GET', url: '/v1/ingredients/1002', headers });
      expect(second.body).toBe(first.body);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(calls).toBe(0);
      const other = await t.app.inject({ method: 'GET', url: '/v1/ingredients/1003', headers });
      expect(other.json().id).toBe(1003);
      expect(calls).toBe(1);
    } finally {
      t.app.ingredients.detail = original;
    }
  });

  it('still authenticates every request for a cached URL', async () => {
    await t.app.inject({ method: 'GET', url: '/v1/categories', headers: { 'x-api-key': t.key } });
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/categories' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('missing_api_key');
  });

  it('serves 304 and compressed bodies from cached entries, and never caches errors', async () => {
    const headers = { 'x-api-key': t.key };
    const first = await t.app.inject({ method: 'GET', url: '/v1/nutrients', headers });
    const revalidated = await t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { ...headers, 'if-none-match': first.headers.etag as string } });
    expect(revalidated.statusCode).toBe(304);
    const gzipped = await t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.etag).toBe(first.headers.etag);
    for (let i = 0; i < 2; i++) {
      const missing = await t.app.inject({ method: 'GET', url: '/v1/ingredients/999998', headers });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().request_id).toBe(missing.headers['x-request-id']);
    }
  });
});
