import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';

/** Finding 3 of issue 19: numbers out of JavaScript's range and NUL in FTS text were 500s. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const LIST_ROUTES = ['/v1/ingredients', '/v1/survey-foods', '/v1/branded'];
const OUT_OF_RANGE = ['Infinity', '-Infinity', '1e309', '-1e309', '1e308', '-0', '1e3'];

describe('out-of-range numbers on the list routes', () => {
  for (const route of LIST_ROUTES) {
    for (const name of ['limit', 'offset']) {
      it(`${route} ${name}=<huge> answers 400 invalid_parameter naming ${name}`, async () => {
        for (const value of OUT_OF_RANGE.slice(0, 5)) {
          const res = await t.get(`${route}?${name}=${encodeURIComponent(value)}`);
          expect(res.statusCode, `${name}=${value}`).toBe(400);
          expect(res.json().code).toBe('invalid_parameter');
          expect(res.json().errors[0].parameter).toBe(name);
        }
      });
    }
  }
});

describe('NUL and control characters in search text', () => {
  it('brand=a%00b on /v1/branded answers 400, not an FTS error', async () => {
    const res = await t.get('/v1/branded?brand=a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].parameter).toBe('brand');
  });
  it('q=a%00b on every list route answers 400', async () => {
    for (const route of LIST_ROUTES) {
      const res = await t.get(`${route}?q=a%00b`);
      expect(res.statusCode, route).toBe(400);
      expect(res.json().errors[0].parameter).toBe('q');
    }
  });
});

describe('search text of spaces only', () => {
  it('q=%20%20 on every list route answers 400 as an empty q does (session 17 user trial)', async () => {
    for (const route of LIST_ROUTES) {
      const res = await t.get(`${route}?q=%20%20`);
      expect(res.statusCode, route).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ parameter: 'q', message: 'must hold a word (not only spaces) and no control characters' });
    }
    // A word with spaces around it is a search.
    expect((await t.get('/v1/ingredients?q=%20milk%20')).statusCode).toBe(200);
  });
});

describe('denormal amounts', () => {
  it('amount=1.23457e-318 on /v1/convert answers 400 naming amount', async () => {
    const res = await t.get('/v1/ingredients/1001/convert?from=g&to=cup&amount=1.23457e-318');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].parameter).toBe('amount');
  });
});

describe('out-of-range numbers in paths', () => {
  it('/v1/ingredients/1e309 and /v1/branded/Infinity answer 400 naming id', async () => {
    for (const url of ['/v1/ingredients/1e309', '/v1/branded/Infinity', '/v1/survey-foods/-1e309/components']) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0].parameter, url).toBe('id');
    }
  });
});
