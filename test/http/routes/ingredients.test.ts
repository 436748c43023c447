import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nutrient, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /v1/ingredients/:id', () => {
  it('serves SR Legacy 1001 with the SR28 NUT_DATA values', async () => {
    const res = await t.get('/v1/ingredients/1001');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: 1001,
      name: 'Butter, salted',
      category_id: 1,
      category: { id: 1, name: 'Dairy and Egg Products' },
      data_type: 'sr_legacy',
      fdc_id: 173410, // sr_legacy_food.csv: "173410","1001"
      ndb_number: 1001,
      source: 'usda_sr_legacy',
      basis: 'per 100 g edible portion',
      allergens: ['dairy'],
    });
    // NUT_DATA.txt: ~01001~^~208~^717, ~203~^0.85, ~204~^81.11, ~255~ 15.87
    expect(nutrient(body, 1008)).toMatchObject({ name: 'Energy', unit: 'kcal', amount: 717, derivation: 'calculated' });
    expect(nutrient(body, 1003)).toMatchObject({ unit: 'g', amount: 0.85, derivation: 'analytical' });
    expect(nutrient(body, 1004).amount).toBe(81.11);
    expect(nutrient(body, 1051).amount).toBe(15.87);
  });

  it('never imputes: a nutrient the source lacks is absent, not 0', async () => {
    const body = (await t.get('/v1/ingredients/1001')).json();
    expect(body.nutrients).toHaveLength(115); // NUT_DATA.txt has 115 rows for ~01001~
    expect(nutrient(body, 1010)).toBeUndefined(); // no sucrose (Nutr_No 210) row for butter
    // a measured zero (~401~^0.0, Src_Cd 1) and USDA's own "assumed zero" (~221~ alcohol, Src_Cd 7) say which they are
    expect(nutrient(body, 1162)).toMatchObject({ amount: 0, derivation: 'analytical' });
    expect(nutrient(body, 1018)).toMatchObject({ name: 'Alcohol, ethyl', amount: 0, derivation: 'assumed_zero' });
    expect(body.nutrients.every((n: any) => Number.isFinite(n.amount) && n.amount >= 0)).toBe(true);
  });

  it('derives density from the household measures: 1 cup butter = 227 g (WEIGHT.txt)', async () => {
    const body = (await t.get('/v1/ingredients/1001')).json();
    expect(body.density).toEqual({ g_per_ml: 0.9595, g_per_cup: 227, source: 'usda', derived_from: '1 cup = 227 g' });
    expect(body.portions).toContainEqual({ seq: 2, amount: 1, unit: null, description: 'tbsp', gram_weight: 14.2 });
  });

  it('1 cup all-purpose flour is 125 g (20081)', async () => {
    const body = (await t.get('/v1/ingredients/20081')).json();
    expect(body.name).toBe('Wheat flour, white, all-purpose, enriched, bleached');
    expect(body.density.g_per_cup).toBe(125);
    expect(body.allergens).toEqual(['gluten', 'wheat']);
  });

  it('falls back to a labelled category estimate when the food has no volume measure', async () => {
    const chicken = (await t.get('/v1/ingredients/5006')).json().density; // portions: weights and pieces only
    expect(chicken.source).toBe('category_estimate');
    expect(chicken.derived_from).toMatch(/^median of \d+ household-measure densities in category "Poultry Products"$/);
    const beef = (await t.get('/v1/ingredients/13001')).json().density; // no beef food has a volume measure
    expect(beef.source).toBe('category_estimate');
    expect(beef.derived_from).toMatch(/^median of all \d+ household-measure densities$/);
    expect(beef.g_per_ml).toBeGreaterThan(0.3);
    // "1 can (6 fl oz) = 211 g" states its volume
    expect((await t.get('/v1/ingredients/9017')).json().density).toMatchObject({ source: 'usda', derived_from: '1 can (6 fl oz) = 211 g' });
  });

  it('serves a Foundation food by FDC id with its food_nutrient.csv values', async () => {
    const res = await t.get('/v1/ingredients/321358');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: 321358, name: 'Hummus, commercial', data_type: 'foundation', fdc_id: 321358, ndb_number: 16158, source: 'usda_foundation' });
    // food_nutrient.csv: 321358 -> 1003 7.35, 1004 17.1, 1051 58.7, 2047 243, 1008 229
    expect(nutrient(body, 1003).amount).toBe(7.35);
    expect(nutrient(body, 1004).amount).toBe(17.1);
    expect(nutrient(body, 1051).amount).toBe(58.7);
    expect(nutrient(body, 2047)).toMatchObject({ name: 'Energy (Atwater General Factors)', unit: 'kcal', amount: 243 });
    expect(body.allergens).toContain('sesame');
  });

  it('answers 404 problem+json for an unknown id', async () => {
    const res = await t.get('/v1/ingredients/999999');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found', title: 'Not found' });
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999999999999', '2147483648'])('answers 400 for the id %s', async (id) => {
    const res = await t.get(`/v1/ingredients/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_parameter', errors: [{ parameter: 'id' }] });
  });
});

describe('GET /v1/ingredients', () => {
  it('puts "Butter, salted" before "Cookies, butter" for q=butter', async () => {
    const body = (await t.get('/v1/ingredients?q=butter&limit=100')).json();
    const names: string[] = body.data.map((d: any) => d.name);
    expect(names[0]).toBe('Butter, salted');
    const cookies = names.indexOf('Cookies, butter, commercially prepared, enriched');
    expect(cookies).toBeGreaterThan(names.indexOf('Butter, salted'));
    expect(body.total).toBeGreaterThan(100);
    expect(body.total_exact).toBe(true);
  });

  it('matches words in any order, the last as a prefix, and ignores FTS syntax', async () => {
    const a = (await t.get('/v1/ingredients?q=salted%20butt')).json();
    expect(a.data.map((d: any) => d.name)).toContain('Butter, salted');
    for (const q of ['"butter', 'butter*', 'NEAR(butter)', 'butter OR', '(', '-butter', 'a:b', '%', "'"]) {
      const res = await t.get(`/v1/ingredients?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
  });

  it('filters by category and allergen', async () => {
    const dairy = (await t.get('/v1/ingredients?category=1&limit=100')).json();
    expect(dairy.data.length).toBe(100);
    expect(dairy.data.every((d: any) => d.category_id === 1)).toBe(true);
    const nuts = (await t.get('/v1/ingredients?allergen=nuts&limit=100')).json();
    expect(nuts.total).toBeGreaterThan(50);
    const names = nuts.data.map((d: any) => d.name.toLowerCase());
    expect(names.some((n: string) => n.includes('almond'))).toBe(true);
    // coconut is not a tree nut; "Frostings, coconut-nut" (coconut-pecan frosting) names its nut
    expect(names.some((n: string) => /coconut/.test(n) && !/almond|pecan|walnut|cashew|hazelnut|macadamia|pistachio|coconut-nut/.test(n))).toBe(false);
    const both = (await t.get('/v1/ingredients?q=butter&allergen=peanuts')).json();
    expect(both.data.map((d: any) => d.name)).toContain('Peanut butter, smooth style, without salt');
  });

  it('rejects an unknown allergen, listing the values', async () => {
    const res = await t.get('/v1/ingredients?allergen=gluten-ish');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({
      parameter: 'allergen',
      message: 'must be one of: gluten, wheat, dairy, eggs, fish, shellfish, molluscs, nuts, peanuts, soy, sesame, celery, mustard, lupin, sulphites',
    });
  });

  it('rejects an unknown category, pointing at /v1/categories', async () => {
    const res = await t.get('/v1/ingredients?category=9999');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('/v1/categories');
  });

  it('orders by id without q and pages without repeats or gaps', async () => {
    const all = (await t.get('/v1/ingredients?category=2&limit=100')).json();
    const ids: number[] = [];
    for (let offset = 0; offset < all.total; offset += 7) {
      const page = (await t.get(`/v1/ingredients?category=2&limit=7&offset=${offset}`)).json();
      ids.push(...page.data.map((d: any) => d.id));
    }
    expect(ids).toEqual(all.data.map((d: any) => d.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('pages a search stably', async () => {
    const whole = (await t.get('/v1/ingredients?q=cheese&limit=100')).json().data.map((d: any) => d.id);
    const paged: number[] = [];
    for (let offset = 0; offset < 100; offset += 20) {
      paged.push(...(await t.get(`/v1/ingredients?q=cheese&limit=20&offset=${offset}`)).json().data.map((d: any) => d.id));
    }
    expect(paged).toEqual(whole);
  });

  it('answers defaults and pagination edges', async () => {
    const res = (await t.get('/v1/ingredients')).json();
    expect(res).toMatchObject({ limit: 20, offset: 0, total_exact: true });
    expect(res.data).toHaveLength(20);
    expect(res.data[0]).toEqual({ id: 1001, name: 'Butter, salted', category_id: 1, data_type: 'sr_legacy' });
    const past = await t.get(`/v1/ingredients?offset=${res.total + 5}`);
    expect(past.statusCode).toBe(200);
    expect(past.json()).toMatchObject({ data: [], total: res.total, offset: res.total + 5 });
    expect((await t.get('/v1/ingredients?limit=100')).json().data).toHaveLength(100);
    for (const bad of ['limit=0', 'limit=101', 'limit=-1', 'limit=1.5', 'limit=abc', 'offset=-1', 'offset=0.5', 'offset=x', 'limit=1&limit=2', 'limit=']) {
      const r = await t.get(`/v1/ingredients?${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().code).toBe('invalid_parameter');
    }
  });

  it('rejects over-long search text', async () => {
    const res = await t.get(`/v1/ingredients?q=${'a'.repeat(201)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].parameter).toBe('q');
  });
});

describe('GET /v1/ingredients/:id/nutrients', () => {
  it('answers US values with the source dataset on every nutrient', async () => {
    for (const url of ['/v1/ingredients/1001/nutrients', '/v1/ingredients/1001/nutrients?country=us']) {
      const res = await t.get(url);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ id: 1001, name: 'Butter, salted', country: 'US', linked_food: null, basis: 'per 100 g edible portion' });
      expect(nutrient(body, 1008)).toMatchObject({ amount: 717, source: 'usda_sr_legacy' });
      expect(body.nutrients.every((n: any) => n.source === 'usda_sr_legacy')).toBe(true);
    }
    const foundation = (await t.get('/v1/ingredients/321358/nutrients')).json();
    expect(foundation.nutrients.every((n: any) => n.source === 'usda_foundation')).toBe(true);
  });

  it.each(['XX', 'USA', '', '12', 'gbr'])('refuses country=%s with unsupported_country', async (country) => {
    const res = await t.get(`/v1/ingredients/1001/nutrients?country=${country}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unsupported_country', errors: [{ parameter: 'country' }] });
    expect(res.json().errors[0].message).toMatch(/^must be one of: US, GB, DE, FR/);
  });

  it('answers 404 for an unknown ingredient', async () => {
    expect((await t.get('/v1/ingredients/424242/nutrients')).statusCode).toBe(404);
  });
});
