import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nutrient, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  // daily quota small enough that the header shows it, so the per-item charge can be read
  t = await createTestApp({ env: { LARDER_PLAN_ENTERPRISE_DAILY: '100000' } });
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-api-key': t.key, 'content-type': contentType },
    payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
  });
const remaining = (res: { headers: Record<string, unknown> }) => Number(/;r=(\d+)/.exec(String(res.headers.ratelimit))![1]);

describe('POST /v1/ingredients/batch', () => {
  it('answers each id as the single-ingredient answer, in order, null and missing for unknown ids', async () => {
    const res = await post('/v1/ingredients/batch', { ids: [20081, 99999999, 1077] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((d: any) => d?.id ?? null)).toEqual([20081, null, 1077]);
    expect(body.missing).toEqual([99999999]);
    const single = (await t.get('/v1/ingredients/1077')).json();
    expect(body.data[2]).toEqual(single);
  });

  it('writes each item byte for byte as the single answer, with and without a country', async () => {
    const ids = [1077, 20081, 99999999, 11282, 1077];
    const known = ids.filter((id) => id !== 99999999);
    const singles = new Map<number, string>();
    for (const id of known) singles.set(id, (await t.get(`/v1/ingredients/${id}`)).body);
    const res = await post('/v1/ingredients/batch', { ids });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(`{"data":[${ids.map((id) => singles.get(id) ?? 'null').join(',')}],"missing":[99999999]}`);
    const national = new Map<number, string>();
    for (const id of known) national.set(id, (await t.get(`/v1/ingredients/${id}/nutrients?country=GB`)).body);
    const gb = await post('/v1/ingredients/batch', { ids, country: 'GB' });
    expect(gb.body).toBe(`{"data":[${ids.map((id) => national.get(id) ?? 'null').join(',')}],"missing":[99999999]}`);
  });

  it('resolves a country and keeps only the nutrients asked', async () => {
    const body = (await post('/v1/ingredients/batch', { ids: [1077], country: 'gb', nutrients: [1008, 1003] })).json();
    const single = (await t.get('/v1/ingredients/1077/nutrients?country=GB&nutrients=1008,1003')).json();
    expect(body.data[0]).toEqual(single);
    expect(body.data[0].country).toBe('GB');
    expect(body.data[0].nutrients.map((n: any) => n.nutrient_id).sort()).toEqual([1003, 1008]);
    // SR Legacy 1077 whole milk: protein 3.15 g per 100 g (US values)
    const us = (await post('/v1/ingredients/batch', { ids: [1077], nutrients: [1003] })).json();
    expect(nutrient(us.data[0], 1003).amount).toBe(3.15);
  });

  it('counts one request per started 20 ids', async () => {
    const before = remaining(await t.get('/v1/nutrients'));
    const one = await post('/v1/ingredients/batch', { ids: Array.from({ length: 20 }, () => 1077) });
    expect(remaining(one)).toBe(before - 1); // 20 ids count as 1
    const three = await post('/v1/ingredients/batch', { ids: Array.from({ length: 41 }, () => 1077) });
    expect(remaining(three)).toBe(before - 1 - 3); // 41 ids as 3
  });

  it('answers 400 or 415 for every bad body, never 500', async () => {
    const cases: Array<[unknown, string, number]> = [
      ['{not json', 'application/json', 400],
      ['', 'application/json', 400],
      ['ids=1077', 'application/x-www-form-urlencoded', 415],
      ['{"ids":[1077]}', 'text/plain', 415],
      [{ ids: [] }, 'application/json', 400],
      [{ ids: Array.from({ length: 101 }, () => 1) }, 'application/json', 400],
      [{ ids: ['1077x'] }, 'application/json', 400],
      [{ ids: [1077], extra: 1 }, 'application/json', 400],
      [{ ids: [1077], nutrients: [424242] }, 'application/json', 400],
      [{ ids: [1077], country: 'XX' }, 'application/json', 400],
      [{ ids: 1077 }, 'application/json', 400],
      [[1077], 'application/json', 400],
      [JSON.stringify({ ids: Array.from({ length: 10000 }, () => 1077) }), 'application/json', 400],
      [JSON.stringify({ ids: [1077], pad: 'x'.repeat(1024 * 1024) }), 'application/json', 400],
    ];
    for (const [payload, type, status] of cases) {
      const res = await post('/v1/ingredients/batch', payload, type);
      expect(res.statusCode, `${String(payload).slice(0, 40)} as ${type}`).toBe(status);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    const big = await post('/v1/ingredients/batch', JSON.stringify({ ids: [1077], pad: 'x'.repeat(1024 * 1024) }));
    expect(big.json().detail).toContain('64 KB');
  });
});

describe('POST /v1/branded/batch', () => {
  it('answers each barcode, in any GTIN spelling, as the single-product answer, null when none', async () => {
    // branded_food.csv: fdc_id 1377290 "MAPLE CASHEW BUTTER, MAPLE", gtin_upc 840379101331 (an older record 1669512 shares it);
    // Open Food Facts 0011150029162 "French Style Green Beans"
    const res = await post('/v1/branded/batch', { gtins: ['840379101331', '00011150029162', '0000000000000'] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((d: any) => d?.id ?? null)).toEqual([1377290, 100000000000000 + 11150029162, null]);
    expect(body.missing).toEqual(['0000000000000']);
    expect(body.data[0]).toEqual((await t.get('/v1/branded/1377290')).json());
  });

  it('keeps only the nutrients asked, in the batch and on the single product', async () => {
    const single = (await t.get('/v1/branded/1377290?nutrients=1008,1003')).json();
    expect(single.nutrients.map((n: any) => n.nutrient_id).sort()).toEqual([1003, 1008]);
    const batch = (await post('/v1/branded/batch', { gtins: ['840379101331'], nutrients: [1008, 1003] })).json();
    expect(batch.data[0]).toEqual(single);
    expect((await t.get('/v1/branded/1377290?nutrients=1008,777777')).statusCode).toBe(400);
  });

  it('answers 400 naming a string that is no GTIN', async () => {
    const res = await post('/v1/branded/batch', { gtins: ['840379101331', '12ab'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].parameter).toBe('gtins[1]');
    expect((await post('/v1/branded/batch', { gtins: [] })).statusCode).toBe(400);
  });
});
