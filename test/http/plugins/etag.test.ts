import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ifNoneMatchHits } from '../../../src/http/plugins/etag.js';
import { createTestApp, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('ETags and compression', () => {
  it('gives a strong ETag and answers 304 on If-None-Match', async () => {
    const headers = { 'x-api-key': t.key };
    const first = await t.app.inject({ method: 'GET', url: '/v1/ingredients/1001', headers });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/v1/ingredients/1001', headers });
    expect(again.headers.etag).toBe(etag);
    const cached = await t.app.inject({ method: 'GET', url: '/v1/ingredients/1001', headers: { ...headers, 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    const listed = await t.app.inject({ method: 'GET', url: '/v1/ingredients/1001', headers: { ...headers, 'if-none-match': `"x", W/${etag}` } });
    expect(listed.statusCode).toBe(304);
    const other = await t.app.inject({ method: 'GET', url: '/v1/ingredients/1002', headers: { ...headers, 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('does not turn an error into a 304', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/ingredients/999999', headers: { 'x-api-key': t.key, 'if-none-match': '*' } });
    expect(res.statusCode).toBe(404);
  });

  it('compresses large bodies for clients that accept it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': t.key, 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify((await t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': t.key } })).json()).length);
    const small = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    expect(ifNoneMatchHits('"a"', '"a"')).toBe(true);
    expect(ifNoneMatchHits('W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatchHits('"b", "a"', '"a"')).toBe(true);
    expect(ifNoneMatchHits('*', '"a"')).toBe(true);
    expect(ifNoneMatchHits('"b"', '"a"')).toBe(false);
    expect(ifNoneMatchHits(undefined, '"a"')).toBe(false);
  });
});
