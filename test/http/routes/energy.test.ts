import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, nutrient, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('energy always present', () => {
  it('gives raw chicken breast kcal and kJ from its Atwater specific factors', async () => {
    const body = (await t.get('/v1/ingredients/2646170')).json();
    expect(body.name).toBe('Chicken, breast, boneless, skinless, raw');
    // Foundation food_nutrient.csv: 2646170 has no 1008/1062, only 2048 = 112.20227 and 2047 = 106.034
    expect(nutrient(body, 1008)).toMatchObject({ unit: 'kcal', amount: 112.2, derivation: 'atwater_specific' });
    expect(nutrient(body, 1062)).toMatchObject({ unit: 'kJ', amount: 469.5, derivation: 'atwater_specific' }); // 112.20227 x 4.184
    // the Atwater values themselves stay, as the source gives them
    expect(nutrient(body, 2048).amount).toBe(112.20227);
    expect(nutrient(body, 2047).amount).toBe(106.034);
  });

  it('falls back to the general factors where the specific ones are missing', async () => {
    // food_nutrient.csv: 2257046 "Oat milk, unsweetened, plain, refrigerated" has only 2047 = 48.3298
    const body = (await t.get('/v1/ingredients/2257046')).json();
    expect(nutrient(body, 1008)).toMatchObject({ amount: 48.3, derivation: 'atwater_general' });
    expect(nutrient(body, 1062)).toMatchObject({ amount: 202.2, derivation: 'atwater_general' }); // 48.3298 x 4.184 = 202.21
  });

  it('keeps a stated energy value as it is', async () => {
    // SR28 NUT_DATA.txt ~01001~^~208~^717 (butter): not replaced by anything derived
    const body = (await t.get('/v1/ingredients/1001')).json();
    expect(nutrient(body, 1008)).toMatchObject({ amount: 717, derivation: 'calculated' });
  });

  it('carries the derived energy into the country and cooked answers', async () => {
    const body = (await t.get('/v1/ingredients/2646170/nutrients')).json();
    expect(body.nutrients.find((n: { nutrient_id: number }) => n.nutrient_id === 1008)).toMatchObject({
      amount: 112.2,
      derivation: 'atwater_specific',
      source: 'usda_foundation',
    });
  });

  it('has energy in kcal for every Foundation food that gives any energy figure', async () => {
    // 316 Foundation foods, 287 with 1008 or 2047/2048 (food_nutrient.csv); all 287 now carry 1008
    const db = new Database(inject('catalogPath'), { readonly: true });
    const row = db
      .prepare(
        `SELECT COUNT(DISTINCT i.id) AS n FROM ingredient i JOIN ingredient_nutrient v ON v.ingredient_id = i.id
         WHERE i.data_type = 'foundation' AND v.nutrient_id = 1008`,
      )
      .get() as { n: number };
    db.close();
    expect(row.n).toBe(287);
  });
});
