import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /v1/survey-foods/:id/components', () => {
  it('decomposes 11111000 "Milk, whole" into ingredient 1077 at 100 g', async () => {
    const res = await t.get('/v1/survey-foods/11111000/components');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: 11111000,
      name: 'Milk, whole',
      wweia: { code: 1002, name: 'Milk, whole' },
      total_grams: 100,
      components: [
        {
          seq: 1,
          ingredient_id: 1077,
          name: 'Milk, whole, 3.25% milkfat, with added vitamin D',
          grams: 100,
          retention_code: 0,
          ingredient_code: 1077,
          description: 'Milk, whole, 3.25% milkfat, with added vitamin D',
          survey_food_id: null,
          moisture_change_pct: 0,
        },
      ],
    });
  });

  it('links sub-recipes and keeps unresolvable codes with ingredient_id null', async () => {
    // FNDDS Ingredients: 11300100 "Non-dairy milk, NFS" = 11350000 (32 g) + 14091 (32) + 16139 (30) + 14171 (6)
    const body = (await t.get('/v1/survey-foods/11300100/components')).json();
    expect(body.total_grams).toBe(100);
    expect(body.components.map((c: any) => [c.ingredient_code, c.ingredient_id, c.survey_food_id, c.grams])).toEqual([
      [11350000, null, 11350000, 32],
      [14091, 14091, null, 32],
      [16139, 16139, null, 30],
      [14171, 14171, null, 6],
    ]);
    // 11400000 "Yogurt, NFS" seq 2 is 999328 "Vitamin D as ingredient", 0.012 g: no canonical ingredient
    const yogurt = (await t.get('/v1/survey-foods/11400000/components')).json();
    expect(yogurt.components.find((c: any) => c.ingredient_code === 999328)).toMatchObject({
      ingredient_id: null,
      survey_food_id: null,
      name: 'Vitamin D as ingredient',
      grams: 0.012,
    });
  });

  it('answers 404 and 400', async () => {
    expect((await t.get('/v1/survey-foods/12345678/components')).statusCode).toBe(404);
    expect((await t.get('/v1/survey-foods/milk/components')).statusCode).toBe(400);
  });
});

describe('GET /v1/survey-foods', () => {
  it('searches by name in relevance order with the WWEIA category', async () => {
    const body = (await t.get('/v1/survey-foods?q=milk%20whole')).json();
    expect(body.data[0]).toEqual({ id: 11111000, name: 'Milk, whole', wweia: { code: 1002, name: 'Milk, whole' } });
    expect(body).toMatchObject({ limit: 20, offset: 0, total_exact: true });
  });

  it('filters by wweia and rejects an unknown one', async () => {
    const body = (await t.get('/v1/survey-foods?wweia=3602&limit=100')).json();
    expect(body.total).toBeGreaterThan(10);
    expect(body.data.every((d: any) => d.wweia.code === 3602 && d.wweia.name === 'Pizza')).toBe(true);
    const bad = await t.get('/v1/survey-foods?wweia=1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].parameter).toBe('wweia');
  });

  it('lists every survey food by id, paging without gaps', async () => {
    const first = (await t.get('/v1/survey-foods?limit=100')).json();
    expect(first.total).toBe(5624); // distinct food codes in the FNDDS 2019-2020 Ingredients sheet
    const next = (await t.get('/v1/survey-foods?limit=100&offset=99')).json();
    expect(next.data[0].id).toBe(first.data[99].id);
    expect((await t.get('/v1/survey-foods?offset=6000')).json().data).toEqual([]);
    expect((await t.get('/v1/survey-foods?limit=101')).statusCode).toBe(400);
  });
});
