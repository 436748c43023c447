import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nutrient, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('nutrients for an amount', () => {
  it('answers 1 cup of whole milk (SR Legacy 1077: 1 cup = 244 g, 61 kcal per 100 g)', async () => {
    const res = await t.get('/v1/ingredients/1077/nutrients?amount=1&unit=cup');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const converted = (await t.get('/v1/ingredients/1077/convert?amount=1&from=cup&to=g')).json();
    expect(body.grams).toBe(converted.to.amount);
    expect(body.grams).toBe(244);
    expect(body.basis).toBe('for 1 cup = 244 g of edible portion');
    expect(nutrient(body, 1008).amount).toBeCloseTo(61 * 2.44, 6); // amounts keep 6 significant digits
    const per100 = (await t.get('/v1/ingredients/1077/nutrients')).json();
    expect(per100.grams).toBeUndefined();
    expect(per100.basis).toBe('per 100 g edible portion');
    for (const n of per100.nutrients) {
      const scaled = n.amount * 2.44;
      expect(Math.abs(nutrient(body, n.nutrient_id).amount - scaled)).toBeLessThanOrEqual(Math.abs(scaled) * 1e-5 + 1e-9);
    }
  });

  it('weighs an amount of a cooked food by the cooked record of its pair (session 14 user trial)', async () => {
    // SR28 WEIGHT.txt 20045 "Rice, white, long-grain, regular, enriched, cooked": 1 cup = 158 g (raw rice
    // 20044 is 185 g a cup); 20121 cooked pasta: 1 cup spaghetti not packed = 124 g (dry pasta 91 g).
    const rice = (await t.get('/v1/ingredients/20044/nutrients?method=boiling&amount=1&unit=cup')).json();
    expect(rice.grams).toBe(158);
    expect(rice.basis).toBe('for 1 cup = 158 g of edible portion (cooked, measured as 20045 "Rice, white, long-grain, regular, enriched, cooked")');
    const per100 = (await t.get('/v1/ingredients/20044/nutrients?method=boiling')).json();
    expect(nutrient(rice, 1008).amount).toBeCloseTo(nutrient(per100, 1008).amount * 1.58, 3);
    expect((await t.get('/v1/ingredients/20120/nutrients?method=boiling&amount=1&unit=cup')).json().grams).toBe(124);
    // Without a pair of its own the raw record's measure weighs it, and the basis says only "cooked".
    expect((await t.get('/v1/ingredients/20044/nutrients?method=frying&amount=1&unit=cup')).json().basis).toBe('for 1 cup = 185 g of edible portion (cooked)');
  });

  it('uses the measuring system and piece units as /convert does', async () => {
    // metric cup is 250 ml; milk's density from 1 cup (236.59 ml) = 244 g
    const metric = (await t.get('/v1/ingredients/1077/nutrients?amount=1&unit=cup&system=metric')).json();
    const converted = (await t.get('/v1/ingredients/1077/convert?amount=1&from=cup&to=g&system=metric')).json();
    expect(metric.grams).toBe(converted.to.amount);
    expect(metric.grams).toBeCloseTo((244 * 250) / 236.5882365, 3);
    // SR Legacy 1145 butter: the density comes from its "1 cup = 227 g" measure, so 2 tbsp = 227/8 g
    const butter = (await t.get('/v1/ingredients/1145/nutrients?amount=2&unit=tablespoons&nutrients=1004')).json();
    const butterConverted = (await t.get('/v1/ingredients/1145/convert?amount=2&from=tbsp&to=g')).json();
    expect(butter.grams).toBe(butterConverted.to.amount);
    expect(butter.grams).toBeCloseTo(227 / 8, 3);
    expect(butter.nutrients).toHaveLength(1);
  });

  it('weighs pieces by size as /convert does', async () => {
    // SR Legacy 11282 "Onions, raw": 1 large = 150 g, 1 medium (2-1/2" dia) = 110 g
    const large = (await t.get('/v1/ingredients/11282/nutrients?amount=2&unit=piece&size=large&nutrients=1008')).json();
    expect(large.grams).toBe(300);
    expect(large.basis).toBe('for 2 piece = 300 g of edible portion');
    const medium = (await t.get('/v1/ingredients/11282/nutrients?amount=1&unit=piece')).json();
    expect(medium.grams).toBe(110);
    expect((await t.get('/v1/ingredients/11282/nutrients?amount=1&unit=piece&size=huge')).statusCode).toBe(400);
    expect((await t.get('/v1/ingredients/11282/nutrients?size=large')).statusCode).toBe(400);
  });

  it('filters nutrients on the ingredient and on its nutrients, and refuses unknown ids', async () => {
    const body = (await t.get('/v1/ingredients/1077?nutrients=1008,1003')).json();
    expect(body.nutrients.map((n: any) => n.nutrient_id).sort()).toEqual([1003, 1008]);
    const nut = (await t.get('/v1/ingredients/1077/nutrients?nutrients=1003')).json();
    expect(nut.nutrients.map((n: any) => n.nutrient_id)).toEqual([1003]);
    for (const bad of ['1008,424242', 'kcal', '1008,,1003', '']) {
      const res = await t.get(`/v1/ingredients/1077/nutrients?nutrients=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('refuses half an amount, a bad unit or system, and a piece the ingredient has no weight for', async () => {
    expect((await t.get('/v1/ingredients/1077/nutrients?amount=1')).statusCode).toBe(400);
    expect((await t.get('/v1/ingredients/1077/nutrients?unit=cup')).statusCode).toBe(400);
    expect((await t.get('/v1/ingredients/1077/nutrients?amount=0&unit=cup')).statusCode).toBe(400);
    expect((await t.get('/v1/ingredients/1077/nutrients?amount=1&unit=bucket')).json().code).toBe('unsupported_unit');
    expect((await t.get('/v1/ingredients/1077/nutrients?amount=1&unit=cup&system=mars')).statusCode).toBe(400);
    expect((await t.get('/v1/ingredients/1077/nutrients?amount=1&unit=clove')).statusCode).toBe(422);
  });
});
