import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ url, headers: { 'x-api-key': t.key } });
const METHODS = ['boiling', 'frying', 'baking', 'steaming', 'grilling'];

describe('GET /v1/ingredients/:id/yield', () => {
  it('boils broccoli by default: yield from its raw/cooked pair, retention from code 3775', async () => {
    const res = await get('/v1/ingredients/11090/yield');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: 11090, name: 'Broccoli, raw', method: 'boiling', yield_source: 'raw_cooked_pair' });
    // SR28 NUT_DATA: 11090 water 89.30, fat 0.37; 11091 (cooked, boiled, drained) water 89.25, fat 0.41.
    expect(body.yield_factor).toBeCloseTo((100 - 89.3 - 0.37) / (100 - 89.25 - 0.41), 3);
    expect(body.yield_basis).toContain('11091');
    // usda_retention_factors_r6.csv: 3775,11,"VEG,OTHER,BLD,WATER COVER,DRAINED",404,Thiamin,80 and 415,Vitamin B-6,85
    expect(body.retention).toMatchObject({ code: 3775, description: 'VEG,OTHER,BLD,WATER COVER,DRAINED', source: 'usda_retention_r6' });
    expect(body.nutrient_retention.vitamin_b1).toBe(0.8);
    expect(body.nutrient_retention.vitamin_b6).toBe(0.85);
    // True retention of the pair: protein 2.82 g raw, 2.38 g cooked (SR28 203).
    for (const key of ['protein', 'fat', 'energy']) expect(body.nutrient_retention[key]).toBeGreaterThan(0);
  });

  it('takes meat yields from the USDA cooking yields table', async () => {
    // usda_cooking_yields_meat_poultry.csv: 5.0,5060.0,"Chicken, broiler-fryer, breast, meat and skin","Baked or Roasted, unspecified",72.0
    // NDB 5060 is the roasted record; 5057 is the same cut raw.
    const body = (await get('/v1/ingredients/5057/yield?method=baking')).json();
    expect(body).toMatchObject({ method: 'baking', yield_factor: 0.72, yield_source: 'usda_cooking_yields' });
    expect(body.yield_basis).toContain('NDB 5060');
    // usda_retention_factors_r6.csv: 0805 CHICKEN,ROASTED
    expect(body.retention.code).toBe(805);
  });

  it('answers every method for every kind of ingredient with finite positive numbers and the required keys', async () => {
    for (const id of [11090, 5057, 20081, 1001, 15076, 16069, 9003, 21001, 14009]) {
      for (const method of METHODS) {
        const res = await get(`/v1/ingredients/${id}/yield?method=${method}`);
        if (id === 21001) {
          expect(res.statusCode).toBe(404);
          continue;
        }
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(['usda_cooking_yields', 'raw_cooked_pair', 'group_default']).toContain(body.yield_source);
        expect(Number.isFinite(body.yield_factor) && body.yield_factor > 0).toBe(true);
        for (const key of ['protein', 'fat', 'energy', 'vitamin_b1', 'vitamin_b6']) {
          const v = body.nutrient_retention[key];
          expect(Number.isFinite(v) && v >= 0, `${id} ${method} ${key}`).toBe(true);
        }
      }
    }
  });

  it('accepts the method in any case and refuses others with 400 unsupported_method listing the methods', async () => {
    expect((await get('/v1/ingredients/11090/yield?method=Frying')).json().method).toBe('frying');
    for (const m of ['microwaving', '', 'boil']) {
      const res = await get(`/v1/ingredients/11090/yield?method=${m}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unsupported_method' });
      expect(res.json().detail).toContain('boiling, frying, baking, steaming, grilling');
    }
  });
});

describe('GET /v1/ingredients/:id/nutrients?method=', () => {
  it('returns per 100 g of cooked food: raw amount x retention / yield', async () => {
    const raw = (await get('/v1/ingredients/11090/nutrients')).json();
    const cooked = (await get('/v1/ingredients/11090/nutrients?method=boiling')).json();
    const y = (await get('/v1/ingredients/11090/yield')).json().yield_factor;
    expect(cooked.basis).toBe('per 100 g cooked food');
    expect(cooked.cooking).toMatchObject({ method: 'boiling', yield_source: 'raw_cooked_pair', retention_code: 3775 });
    const thiaminRaw = raw.nutrients.find((n: any) => n.nutrient_id === 1165);
    const thiaminCooked = cooked.nutrients.find((n: any) => n.nutrient_id === 1165);
    expect(thiaminRaw.amount).toBe(0.071); // SR28 NUT_DATA 11090 404 0.071
    expect(thiaminCooked.retention_factor).toBe(0.8);
    expect(thiaminCooked.amount).toBeCloseTo((0.071 * 0.8) / y, 4);
    for (const n of cooked.nutrients) expect(Number.isFinite(n.amount) && n.amount >= 0).toBe(true);
    expect(cooked.nutrients.length).toBe(raw.nutrients.length);
  });

  it('takes up the change of weight in water: boiled pasta gains it', async () => {
    const body = (await get('/v1/ingredients/20120/nutrients?method=boiling')).json();
    const water = body.nutrients.find((n: any) => n.nutrient_id === 1051);
    expect(body.cooking.yield_factor).toBeGreaterThan(2);
    expect(water.amount).toBeGreaterThan(50);
  });

  it('refuses an unknown method with 400 unsupported_method', async () => {
    const res = await get('/v1/ingredients/11090/nutrients?method=sous-vide');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('unsupported_method');
  });
});

describe('yields and retention that respect physics', () => {
  it("boils dry pasta by its own raw/cooked pair (about 2.4), not a group median", async () => {
    const body = (await get('/v1/ingredients/20120/yield?method=boiling')).json();
    // SR28 NUT_DATA: 20120 water 9.90 fat 1.51; 20121 "Pasta, cooked, enriched, without added salt" water 62.13 fat 0.93
    expect(body.yield_source).toBe('raw_cooked_pair');
    expect(body.yield_factor).toBeCloseTo((100 - 9.9 - 1.51) / (100 - 62.13 - 0.93), 3); // 2.398
    expect(body.yield_basis).toContain('20121');
  });

  it('never lets steaming add water where the record has no steamed pair of its own', async () => {
    for (const id of [11457, 11090, 11124, 11352, 20044]) {
      // spinach, broccoli, carrots, potatoes, rice: none has a steamed record in SR28
      const body = (await get(`/v1/ingredients/${id}/yield?method=steaming`)).json();
      expect(body.yield_source, String(id)).toBe('group_default');
      expect(body.yield_factor, String(id)).toBeLessThanOrEqual(1);
    }
  });

  it('holds retention at 1 except fat and energy when frying (grilled flank steak 13068)', async () => {
    const grilled = (await get('/v1/ingredients/13068/yield?method=grilling')).json();
    // SR28: raw 13068 protein 21.72, broiled 13070 protein 27.82: 27.82 x yield / 21.72 > 1 for any yield above 0.78
    expect(grilled.nutrient_retention.protein).toBeLessThanOrEqual(1);
    expect(grilled.nutrient_retention.protein).toBe(1);
    for (const method of ['boiling', 'frying', 'baking', 'steaming', 'grilling']) {
      for (const id of [13068, 11090, 20120, 5062, 15076, 1123]) {
        const body = (await get(`/v1/ingredients/${id}/yield?method=${method}`)).json();
        for (const [key, value] of Object.entries(body.nutrient_retention as Record<string, number>)) {
          if (method === 'frying' && (key === 'fat' || key === 'energy')) continue;
          expect(value, `${id} ${method} ${key}`).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});
