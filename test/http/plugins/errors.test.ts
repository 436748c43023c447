import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('errors', () => {
  it('answers an unknown path 404 problem+json', async () => {
    for (const url of ['/v1/nope', '/v2/ingredients', '/', '/v1/ingredients/1001/unknown']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': t.key } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', status: 404, type: '/docs/errors#not_found' });
    }
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('answers %s on a known path 405 with Allow', async (method) => {
    for (const url of ['/v1/ingredients', '/v1/ingredients/1001', '/v1/survey-foods/11111000/components']) {
      const res = await t.app.inject({ method: method as any, url, headers: { 'x-api-key': t.key } });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(res.json().code).toBe('method_not_allowed');
    }
  });

  it('says what a bad parameter must be in words a client can act on, not in Ajv\'s', async () => {
    const detail = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': t.key } });
      expect(res.statusCode, url).toBe(400);
      return res.json().detail as string;
    };
    expect(await detail('/v1/branded?gtin=123')).toBe('gtin must be 8 to 14 digits (a GTIN-8, UPC-A, EAN-13 or GTIN-14 as printed)');
    expect(await detail('/v1/survey-foods?q=')).toBe('q must not be empty');
    expect(await detail('/v1/ingredients/11282/convert?from=cup&amount=1')).toBe('to is required');
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/v1/ingredients/1001', headers: { 'x-api-key': t.key } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('never leaks internals in a 500', async () => {
    const original = t.app.ingredients.detail.bind(t.app.ingredients);
    t.app.ingredients.detail = () => {
      throw new Error('SQLITE_CORRUPT: SELECT secret FROM table at /srv/larder/catalog.ts:12');
    };
    try {
      // an id no other test in this file asks for, so no cached answer stands in
      const res = await t.app.inject({ method: 'GET', url: '/v1/ingredients/1004', headers: { 'x-api-key': t.key } });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toMatchObject({ code: 'internal_error', status: 500, request_id: res.headers['x-request-id'] });
      expect(res.body).not.toMatch(/SQLITE|SELECT|catalog\.ts|at \//);
    } finally {
      t.app.ingredients.detail = original;
    }
  });

  it('never answers 500 to hostile input', async () => {
    const hostile = [
      '/v1/ingredients?q=%00',
      '/v1/ingredients?q=%ff%fe',
      `/v1/ingredients?q=${encodeURIComponent('"\'`;--*^()[]{}:')}`,
      `/v1/ingredients?q=${'x'.repeat(10_000)}`,
      '/v1/ingredients?q=%E2%80%8B%F0%9F%8D%95',
      '/v1/ingredients?limit=1e2',
      '/v1/ingredients?offset=99999999999999999999',
      '/v1/ingredients?category=-5',
      '/v1/ingredients?allergen[]=nuts',
      '/v1/ingredients/%2e%2e%2f',
      '/v1/ingredients/1001%00',
      `/v1/ingredients/${'9'.repeat(300)}`,
      '/v1/survey-foods?q=%22%22%22',
      '/v1/survey-foods?wweia=abc',
      '/v1/ingredients/1001/nutrients?country=%00%00',
      `/v1/ingredients/1001/nutrients?country=${'A'.repeat(100)}`,
      '/v1/ingredients/1001/nutrients?country=gb&country=fr',
    ];
    for (const url of hostile) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': t.key } });
      expect(res.statusCode, url).toBeLessThan(500);
      expect([200, 400, 404], url).toContain(res.statusCode);
      if (res.statusCode !== 200) expect(res.headers['content-type'], url).toMatch(/problem\+json/);
    }
  });

  it('gives every response a request id, echoing a well-formed one', async () => {
    const mine = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'client-abc.123' } });
    expect(mine.headers['x-request-id']).toBe('client-abc.123');
    const bad = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const notFound = await t.app.inject({ method: 'GET', url: '/nothing' });
    expect(notFound.json().request_id).toBe(notFound.headers['x-request-id']);
  });
});
