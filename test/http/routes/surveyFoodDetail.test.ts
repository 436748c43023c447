import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nutrient, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /v1/survey-foods/:id', () => {
  it("answers FNDDS's own nutrient values per 100 g", async () => {
    const res = await t.get('/v1/survey-foods/11111000');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: 11111000, name: 'Milk, whole', wweia: { code: 1002, name: 'Milk, whole' }, basis: 'per 100 g edible portion' });
    // FNDDS Nutrient Values, food code 11111000: Energy 61 kcal, Protein 3.27 g, Total Fat 3.2 g,
    // Sugars, total 4.81 g, Calcium 123 mg, Water 88.1 g; 65 nutrients in all, and the kJ converted from
    // the kcal right after it (session 15 user trial: survey foods had no kJ): 61 x 4.184 = 255.2.
    expect(body.nutrients).toHaveLength(66);
    expect(nutrient(body, 1008)).toEqual({ nutrient_id: 1008, name: 'Energy', unit: 'kcal', amount: 61, derivation: null, source: 'usda_fndds' });
    expect(nutrient(body, 1062)).toEqual({ nutrient_id: 1062, name: 'Energy', unit: 'kJ', amount: 255.2, derivation: 'calculated', source: 'usda_fndds' });
    expect(body.nutrients[body.nutrients.findIndex((n: any) => n.nutrient_id === 1008) + 1].nutrient_id).toBe(1062);
    expect(nutrient(body, 1003).amount).toBe(3.27);
    expect(nutrient(body, 1004).amount).toBe(3.2);
    expect(nutrient(body, 2000).amount).toBe(4.81);
    expect(nutrient(body, 1087).amount).toBe(123);
    expect(nutrient(body, 1051).amount).toBe(88.1);
    // its one component is SR Legacy 1077, whole milk: dairy
    expect(body.allergens).toEqual(['dairy']);
    expect(body.components).toHaveLength(1);
  });

  it('expands sub-recipes into canonical ingredients with scaled grams', async () => {
    // FNDDS Ingredients: 11300100 "Non-dairy milk, NFS" = 11350000 (32 g) + 14091 (32) + 16139 (30) + 14171 (6);
    // 11350000 "Almond milk, sweetened" = 14091 (96 g) + 19335 (4 g), so 32 g of it is 30.72 g + 1.28 g.
    const flat = (await t.get('/v1/survey-foods/11300100')).json();
    expect(flat.components.map((c: any) => c.ingredient_code)).toEqual([11350000, 14091, 16139, 14171]);
    const expanded = (await t.get('/v1/survey-foods/11300100?expand=true')).json();
    expect(expanded.components.map((c: any) => [c.ingredient_id, c.grams])).toEqual([
      [14091, 30.72],
      [19335, 1.28],
      [14091, 32],
      [16139, 30],
      [14171, 6],
    ]);
    expect(expanded.total_grams).toBe(100);
    // almond milk (14091) is a tree nut, soymilk (16139) soy
    expect(expanded.allergens).toEqual(expect.arrayContaining(['nuts', 'soy']));
    expect(flat.allergens).toEqual(expanded.allergens);
    // FNDDS Nutrient Values, 11300100: 29 kcal, 157 mg calcium
    expect(nutrient(expanded, 1008).amount).toBe(29);
    expect(nutrient(expanded, 1087).amount).toBe(157);
  });

  it('answers for an amount in a mass unit and keeps only the nutrients asked', async () => {
    const body = (await t.get('/v1/survey-foods/11111000?amount=250&unit=g&nutrients=1008,1087')).json();
    expect(body.grams).toBe(250);
    expect(body.basis).toBe('for 250 g = 250 g of edible portion');
    // 61 kcal and 123 mg per 100 g
    expect(body.nutrients.map((n: any) => [n.nutrient_id, n.amount])).toEqual([
      [1008, 152.5],
      [1087, 307.5],
    ]);
    const kj = (await t.get('/v1/survey-foods/11111000?amount=250&unit=g&nutrients=1062')).json();
    expect(kj.nutrients.map((n: any) => [n.nutrient_id, n.amount])).toEqual([[1062, 638]]); // 255.2 x 2.5
    const oz = (await t.get('/v1/survey-foods/11111000?amount=8&unit=oz&nutrients=1008')).json();
    expect(oz.grams).toBe(226.796); // 8 x 28.349523125 g
    expect(oz.nutrients[0].amount).toBeCloseTo(2.26796 * 61, 3);
  });

  it('answers 422 for a volume (no density), 400 for unknown nutrients or half an amount, 404 for no food', async () => {
    const cup = await t.get('/v1/survey-foods/11111000?amount=1&unit=cup');
    expect(cup.statusCode).toBe(422);
    expect(cup.json().code).toBe('conversion_unavailable');
    const unknown = await t.get('/v1/survey-foods/11111000?nutrients=1008,99999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toContain('99999');
    expect((await t.get('/v1/survey-foods/11111000?nutrients=energy')).statusCode).toBe(400);
    expect((await t.get('/v1/survey-foods/11111000?amount=2')).statusCode).toBe(400);
    expect((await t.get('/v1/survey-foods/11111000?unit=g')).statusCode).toBe(400);
    expect((await t.get('/v1/survey-foods/11111000?amount=1&unit=bucket')).json().code).toBe('unsupported_unit');
    expect((await t.get('/v1/survey-foods/12345678')).statusCode).toBe(404);
  });
});
