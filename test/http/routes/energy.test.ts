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

  it('cooks the Atwater sums as it cooks energy, so a cooked answer states one energy (session 17 user trial)', async () => {
    // Foundation 2646170 chicken breast: 2048 Atwater specific 112.20227 kcal, 2047 general 106.034, 1008 112.2
    // (from 2048). Fried, each took the same energy retention (fat taken up from the pan) and the same yield.
    const body = (await t.get('/v1/ingredients/2646170/nutrients?method=frying&nutrients=2047,2048,1008')).json();
    const of = (id: number) => body.nutrients.find((n: { nutrient_id: number }) => n.nutrient_id === id);
    expect(of(2048).retention_factor).toBe(of(1008).retention_factor);
    expect(of(2047).retention_factor).toBe(of(1008).retention_factor);
    expect(of(2048).retention_factor).toBeGreaterThan(1);
    expect(of(2048).amount).toBeCloseTo(of(1008).amount, 1);
    expect(of(2047).amount / of(2048).amount).toBeCloseTo(106.034 / 112.20227, 3);
  });

  it('sums the general factors over the fat of an oil or of butter that gives no energy at all (session 15 user trial)', async () => {
    // food_nutrient.csv: 748608 "Oil, olive, extra virgin" gives only 1085 (total lipid, NLEA) = 93.7: 9 x 93.7 = 843.3 kcal
    const oil = (await t.get('/v1/ingredients/748608')).json();
    expect(nutrient(oil, 1008)).toMatchObject({ unit: 'kcal', amount: 843.3, derivation: 'atwater_general' });
    expect(nutrient(oil, 1062)).toMatchObject({ unit: 'kJ', amount: 3528.4, derivation: 'atwater_general' }); // 843.3 x 4.184
    // 790508 "Butter, stick, salted": fat 82.2, water 15.8 (nothing else of note): 9 x 82.2 = 739.8 kcal
    expect(nutrient((await t.get('/v1/ingredients/790508')).json(), 1008)).toMatchObject({ amount: 739.8, derivation: 'atwater_general' });
    // A recipe line of it now counts: a tablespoon of the oil (13.5 g, its own measure) is 113.8 kcal.
    const line = (await t.get('/v1/ingredients/748608/nutrients?amount=1&unit=tbsp')).json();
    expect(nutrient(line, 1008).amount).toBeCloseTo(843.3 * (line.grams / 100), 1);
    // A record without carbohydrate that is not fat alone keeps no energy rather than a guess:
    // 747441 "Beans, Dry, Navy (0% moisture)" gives protein 24.1, fat 1.51, fibre, no carbohydrate.
    expect((await t.get('/v1/ingredients/747441')).json().nutrients.some((n: { nutrient_id: number }) => n.nutrient_id === 1008)).toBe(false);
  });

  it('has energy in kcal for every Foundation food that gives any energy figure', async () => {
    // 316 Foundation foods, 287 with 1008 or 2047/2048 (food_nutrient.csv), and 10 oils and butters
    // that give their fat only (8 oils of FDC category 0400, 2 butters whose fat and water reach 97 g)
    const db = new Database(inject('catalogPath'), { readonly: true });
    const row = db
      .prepare(
        `SELECT COUNT(DISTINCT i.id) AS n FROM ingredient i JOIN ingredient_nutrient v ON v.ingredient_id = i.id
         WHERE i.data_type = 'foundation' AND v.nutrient_id = 1008`,
      )
      .get() as { n: number };
    db.close();
    expect(row.n).toBe(297);
  });
});
