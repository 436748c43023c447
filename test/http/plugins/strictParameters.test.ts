import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('strict parameters', () => {
  it('documents limit and offset as optional, with their defaults', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    for (const path of ['/v1/ingredients', '/v1/survey-foods', '/v1/branded']) {
      const params = doc.paths[path].get.parameters as Array<{ name: string; required?: boolean; schema: { default?: number } }>;
      const limit = params.find((p) => p.name === 'limit')!;
      const offset = params.find((p) => p.name === 'offset')!;
      expect(limit.required ?? false).toBe(false);
      expect(offset.required ?? false).toBe(false);
      expect(limit.schema.default).toBe(20);
      expect(offset.schema.default).toBe(0);
    }
    // and the defaults apply when they are left out
    const page = (await t.get('/v1/ingredients')).json();
    expect(page).toMatchObject({ limit: 20, offset: 0 });
  });

  it('answers 400 invalid_parameter naming an unknown query parameter instead of ignoring it', async () => {
    const res = await t.get('/v1/ingredients?query=milk');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json();
    expect(body.code).toBe('invalid_parameter');
    expect(body.errors).toEqual([{ parameter: 'query', message: expect.stringContaining('not a parameter of this endpoint') }]);
    expect(body.errors[0].message).toContain('q, category, allergen, limit, offset');
    // on a route without any query parameters too
    const detail = await t.get('/v1/ingredients/1001?country=GB');
    expect(detail.statusCode).toBe(400);
    expect(detail.json().errors[0].parameter).toBe('country');
  });

  it('refuses ids and numbers written with exponents or fractions', async () => {
    for (const url of ['/v1/ingredients/1e3', '/v1/ingredients/1001.0', '/v1/ingredients/0x3e9', '/v1/ingredients?limit=1e1', '/v1/ingredients?category=1.0']) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('invalid_parameter');
    }
    const conv = await t.get('/v1/ingredients/1001/convert?from=g&to=oz&amount=1e2');
    expect(conv.statusCode).toBe(400);
    expect(conv.json().errors[0].parameter).toBe('amount');
    // plain decimals are still fine: 100 g = 3.52740 oz
    const ok = await t.get('/v1/ingredients/1001/convert?from=g&to=oz&amount=100.0');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().to.amount).toBeCloseTo(3.5274, 4);
  });

  it('refuses a parameter given twice', async () => {
    const res = await t.get('/v1/ingredients?limit=5&limit=6');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ parameter: 'limit', message: 'is given more than once' });
  });

  it('matches enumerated values without regard to case', async () => {
    const upper = await t.get('/v1/ingredients?allergen=GLUTEN&limit=100');
    const lower = await t.get('/v1/ingredients?allergen=gluten&limit=100');
    expect(upper.statusCode).toBe(200);
    expect(upper.json()).toEqual(lower.json());
    expect(lower.json().total).toBeGreaterThan(0);
    expect((await t.get('/v1/ingredients?allergen=Gluten')).statusCode).toBe(200);
    // an unknown value is still 400, listing the values
    const bad = await t.get('/v1/ingredients?allergen=gluten-ish');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toContain('gluten, wheat, dairy');
  });
});
