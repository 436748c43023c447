import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../../src/errors.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { OpenApiChecker, type OpenApiDocument } from '../../support/openapi.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('OpenAPI document and reference pages', () => {
  it('is OpenAPI 3.1 with every data route, its parameters and its responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    const ingredient = doc.paths['/v1/ingredients/{id}'].get;
    expect(Object.keys(ingredient.responses).sort()).toEqual(['200', '400', '401', '404', '429', '500', '503']);
    expect(ingredient.responses['404'].content['application/problem+json'].schema.properties.code.enum).toEqual(Object.keys(ERROR_STATUS));
    const list = doc.paths['/v1/ingredients'].get;
    expect(list.parameters.map((p: any) => p.name).sort()).toEqual(['allergen', 'category', 'limit', 'offset', 'q']);
    expect(list.parameters.find((p: any) => p.name === 'limit').schema).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith('/v1/')) continue;
      const operation = item.get ?? item.post;
      expect(operation.responses['200'].content['application/json'].schema, path).toBeTruthy();
      expect(operation.responses['401'], path).toBeTruthy();
    }
    // the POST endpoints document their JSON body with an example, and 415 for any other media type
    for (const path of ['/v1/ingredients/batch', '/v1/branded/batch', '/v1/recipes/analyze']) {
      const post = doc.paths[path].post;
      const body = post.requestBody.content['application/json'];
      expect(body.schema.examples?.[0] ?? body.example ?? body.examples, path).toBeTruthy();
      expect(Object.keys(post.responses), path).toEqual(expect.arrayContaining(['200', '400', '401', '415', '429']));
    }
    expect(doc.paths['/v1/survey-foods/{id}'].get.parameters.map((p: any) => p.name)).toEqual(
      expect.arrayContaining(['expand', 'amount', 'unit', 'nutrients']),
    );
    expect(doc.paths['/v1/ingredients/{id}/nutrients'].get.parameters.map((p: any) => p.name)).toEqual(
      expect.arrayContaining(['amount', 'unit', 'system', 'size', 'nutrients']),
    );
    expect(doc.paths['/healthz'].get.security).toEqual([]);
    expect(Object.keys(ingredient.responses['200'].headers).sort()).toEqual(['ETag', 'RateLimit', 'RateLimit-Policy', 'X-Request-Id']);
    expect(ingredient.responses['429'].headers['Retry-After']).toMatchObject({ required: true, schema: { type: 'integer' } });
    expect(ingredient.responses['401'].headers.RateLimit).toBeUndefined();
    expect(ingredient.responses['400'].headers.RateLimit.required).toBe(false);
  });

  it('serves the document compressed once: the same bytes with a length every time, per coding (issue 19, finding 12)', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await t.app.inject({ method: 'GET', url: '/v1/openapi.json', headers: { 'accept-encoding': 'gzip, deflate, br' } }));
    for (const res of answers) {
      expect(res.headers['content-encoding']).toBe('br');
      // A body compressed per request is streamed without a length; one compressed once has it.
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
      expect(brotliDecompressSync(res.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
    const gz = await t.app.inject({ method: 'GET', url: '/v1/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(new Set([plain.headers.etag, gz.headers.etag, answers[0]!.headers.etag]).size).toBe(3);
    const notModified = await t.app.inject({ method: 'GET', url: '/v1/openapi.json', headers: { 'accept-encoding': 'br', 'if-none-match': String(answers[0]!.headers.etag) } });
    expect(notModified.statusCode).toBe(304);
  });

  it('checks that every answer carries the headers its status documents', async () => {
    const checker = new OpenApiChecker(t.app.swagger() as unknown as OpenApiDocument);
    const res = await t.app.inject({ method: 'GET', url: '/v1/ingredients/1001', headers: { 'x-api-key': t.key } });
    const { ratelimit: _dropped, ...withoutRateLimit } = res.headers;
    expect(checker.check('GET', '/v1/ingredients/1001', 200, String(res.headers['content-type']), res.body, res.headers)).toEqual([]);
    expect(checker.check('GET', '/v1/ingredients/1001', 200, String(res.headers['content-type']), res.body, withoutRateLimit)).toEqual([
      'GET /v1/ingredients/1001: 200 lacks the documented header RateLimit',
    ]);
  });

  it('is what every test answer is checked against, and the check catches drift', () => {
    const checker = new OpenApiChecker(t.app.swagger() as unknown as OpenApiDocument);
    const json = 'application/json; charset=utf-8';
    expect(checker.check('GET', '/v1/ingredients/1001', 418, json, '{}')).toEqual([
      'GET /v1/ingredients/1001: status 418 is not documented for /v1/ingredients/{id}',
    ]);
    expect(checker.check('GET', '/v1/ingredients/1001', 200, json, '{"id":1}')[0]).toMatch(/does not match the document: data must have required property 'name'/);
    expect(checker.check('GET', '/v1/ingredients?q=x', 200, json, '{"data":[],"limit":20,"offset":0,"total":0,"total_exact":true}')).toEqual([]);
    expect(checker.check('POST', '/v1/ingredients', 405, 'text/plain', 'nope')[0]).toMatch(/not problem\+json/);
  });

  it('serves a readable reference page and the error catalogue', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
    const errors = await t.app.inject({ method: 'GET', url: '/docs/errors' });
    for (const code of Object.keys(ERROR_STATUS)) expect(errors.body).toContain(`id="${code}"`);
  });

  it('reports health and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = (await t.app.inject({ method: 'GET', url: '/readyz' })).json();
    expect(ready).toEqual({
      status: 'ready',
      catalog: { version: t.catalog.version, built_at: t.catalog.builtAt, branded_release: 'real', integrity: 'unchecked' },
      accounts: { store: 'sqlite', reachable: true },
      limits: { backend: 'memory', shared: false, state: 'local' },
    });
  });
});
