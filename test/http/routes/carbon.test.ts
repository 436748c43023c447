import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ url, headers: { 'x-api-key': t.key } });

describe('GET /v1/ingredients/:id/carbon', () => {
  it('maps garlic to the SU-EATABLE LIFE item GARLIC', async () => {
    // SuEatableLife_Food_Fooprint_database_cf.csv: CROPS,GARLIC,0.71,H,better subtypology,VEGETABLES OPENFIELD,...
    const res = await get('/v1/ingredients/11215/carbon');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: 11215, name: 'Garlic, raw', country: null });
    expect(body.carbon).toMatchObject({
      kg_co2e_per_kg: 0.71,
      source: 'su_eatable_life',
      class: 'global_study',
      dqr: 2, // uncertainty H
      boundary: 'cradle-to-retail',
      unit: 'kg CO2e per kg',
      product: { code: 'GARLIC', name: 'GARLIC' },
      ciqual_code: null,
    });
    expect(body.carbon.uncertainty_low).toBeLessThanOrEqual(0.71);
    expect(body.carbon.uncertainty_high).toBeGreaterThanOrEqual(0.71);
  });

  it('gives a cooked record its raw food\'s footprint per kg cooked (session 14 user trial)', async () => {
    // SuEatableLife_Food_Fooprint_database_cf.csv: RICE* 2.19 per kg of rice as produced; SR 20044 raw
    // rice boils to 2.804 kg per kg (its pair with 20045, fat-free dry matter): 2.19 / 2.804 = 0.781.
    const raw = (await get('/v1/ingredients/20044/carbon')).json();
    const cooked = (await get('/v1/ingredients/20045/carbon')).json();
    expect(raw.carbon).toMatchObject({ kg_co2e_per_kg: 2.19, product: { code: 'RICE*' } });
    expect(cooked.carbon).toMatchObject({ source: 'su_eatable_life', class: 'global_study', product: { code: 'RICE*' } });
    expect(cooked.carbon.kg_co2e_per_kg).toBeCloseTo(0.781, 3);
    expect(cooked.carbon.basis).toMatch(/per kg cooked: .*20044 cooked as 20045 \(boiling, 2\.804 kg cooked per kg raw\)/);
    expect(cooked.carbon.uncertainty_high).toBeCloseTo(raw.carbon.uncertainty_high / 2.804, 3);
    // A patty loses weight on the grill, so a kg of it carries more: SR 23572 -> 23573 (grilling, 0.691).
    const patty = (await get('/v1/ingredients/23573/carbon')).json();
    expect(patty.carbon.kg_co2e_per_kg).toBeGreaterThan((await get('/v1/ingredients/23572/carbon')).json().carbon.kg_co2e_per_kg);
  });

  it('maps canned tomatoes and plant milks to their own SU-EATABLE LIFE items (session 14 user trial)', async () => {
    // AGRICULTURAL PROCESSED,TOMATO PEELED,1.30 / TOMATO CHOPPED,1.47 / TOMATO PUREE,1.03; ALMOND MILK 0.42,
    // typology VEGETAL MILK 0.54 (no oat milk item)
    expect((await get('/v1/ingredients/11531/carbon')).json().carbon).toMatchObject({ kg_co2e_per_kg: 1.3, product: { code: 'TOMATO PEELED' } });
    expect((await get('/v1/ingredients/333281/carbon')).json().carbon).toMatchObject({ kg_co2e_per_kg: 1.47, product: { code: 'TOMATO CHOPPED' } });
    expect((await get('/v1/ingredients/11547/carbon')).json().carbon).toMatchObject({ kg_co2e_per_kg: 1.03, product: { code: 'TOMATO PUREE' } });
    expect((await get('/v1/ingredients/2257046/carbon')).json().carbon).toMatchObject({ kg_co2e_per_kg: 0.54, product: { code: 'typology:VEGETAL MILK' } });
    expect((await get('/v1/ingredients/1999631/carbon')).json().carbon).toMatchObject({ kg_co2e_per_kg: 0.42, product: { code: 'ALMOND MILK' } });
  });

  it('carries the fresh food\'s footprint per kg of dry matter for dried and concentrated fruit and vegetables (session 15)', async () => {
    // SU-EATABLE LIFE TOMATO 0.45 per kg fresh; SR 11546 tomato paste water 73.50 g (NUT_DATA 255); the raw
    // records mapped to TOMATO (11527 93.0, 11529 94.52, 11695 94.78, 11696 95.28, 321360 92.5): median 94.52.
    // 0.45 x (100 - 73.5) / (100 - 94.52) = 2.176 (AGRIBALYSE's tomato paste: 2.82).
    const paste = (await get('/v1/ingredients/11546/carbon')).json();
    expect(paste.carbon).toMatchObject({ source: 'su_eatable_life', product: { code: 'TOMATO' } });
    expect(paste.carbon.kg_co2e_per_kg).toBeCloseTo(2.176, 3);
    expect(paste.carbon.basis).toMatch(/dry matter over the fresh food's \(26\.5 \/ 5\.48 g per 100 g/);
    expect(paste.carbon.uncertainty_low).toBeLessThanOrEqual(paste.carbon.kg_co2e_per_kg);
    expect(paste.carbon.uncertainty_high).toBeGreaterThan(paste.carbon.kg_co2e_per_kg);
    // PLUM 0.26; SR 9291 prunes water 30.92, the raw plums 84.555 (median): 0.26 x 69.08 / 15.445 = 1.163.
    expect((await get('/v1/ingredients/9291/carbon')).json().carbon.kg_co2e_per_kg).toBeCloseTo(1.163, 3);
    // Left as they were: the fresh food, a product that is the dried food itself (RAISIN, no raw record
    // maps to it), and a juice made up from concentrate.
    expect((await get('/v1/ingredients/11529/carbon')).json().carbon.kg_co2e_per_kg).toBe(0.45);
    expect((await get('/v1/ingredients/9298/carbon')).json().carbon).toMatchObject({ kg_co2e_per_kg: 0.81, product: { code: 'RAISIN' } });
    expect((await get('/v1/ingredients/2003592/carbon')).json().carbon.basis).not.toMatch(/dry matter/);
  });

  it('gives dry and evaporated milk the footprint of the fluid milk their solids came from (session 17)', async () => {
    // Poore & Nemecek "Milk" 2.8 kg CO2e per kg of fluid milk. The fluid cow's milks (SR 1077 88.13 ...
    // 1085 90.84, Foundation 746782 88.1: 20 records) have median water 89.285 g. SR 1090 dry whole milk
    // water 2.47: 2.8 x 97.53 / 10.715 = 25.49; SR 1096 evaporated milk 74.04: 2.8 x 25.96 / 10.715 = 6.784.
    // AGRIBALYSE's own powders are 14.82 against its whole milk's 1.49 (x 10.0).
    const powder = (await get('/v1/ingredients/1090/carbon')).json().carbon;
    expect(powder).toMatchObject({ source: 'poore_nemecek_2018', product: { code: 'Milk' } });
    expect(powder.kg_co2e_per_kg).toBeCloseTo(25.49, 2);
    expect(powder.basis).toMatch(/97\.53 \/ 10\.72 g per 100 g; fresh water the median of the 20 fluid cow's milk records/);
    expect((await get('/v1/ingredients/1091/carbon')).json().carbon.kg_co2e_per_kg).toBeCloseTo(25.31, 2);
    expect((await get('/v1/ingredients/1096/carbon')).json().carbon.kg_co2e_per_kg).toBeCloseTo(6.784, 2);
    // Evaporated 2% milk was SU-EATABLE LIFE's fluid COW MILK (1.31) as sold; now the same product as 1096.
    const evaporated2 = (await get('/v1/ingredients/1291/carbon')).json().carbon;
    expect(evaporated2).toMatchObject({ product: { code: 'Milk' } });
    expect(evaporated2.kg_co2e_per_kg).toBeCloseTo(6.784, 2);
    // Left alone: the fluid milk, and sweetened condensed milk (its sugar is dry matter that is not milk).
    expect((await get('/v1/ingredients/1077/carbon')).json().carbon.kg_co2e_per_kg).toBe(1.31);
    expect((await get('/v1/ingredients/1095/carbon')).json().carbon).toMatchObject({ kg_co2e_per_kg: 2.8 });
  });

  it('rates a low-uncertainty item dqr 1', async () => {
    // CROPS,APPLE,0.25,L,OK item,FRUIT OPENFIELD,0.40,FRUIT OTHER ,0.32
    const body = (await get('/v1/ingredients/9003/carbon')).json();
    expect(body.carbon).toMatchObject({ kg_co2e_per_kg: 0.25, source: 'su_eatable_life', dqr: 1, product: { code: 'APPLE' } });
  });

  it('maps cheddar to its own SU-EATABLE LIFE item, whatever SR\'s "(Includes foods for ...)" says', async () => {
    // ANIMAL HUSBANDRY,CEDDAR,11.21,L,OK item,CHEESE HARD & SEMI-HARD,9.59 (the file's spelling); SR 1009 is
    // "Cheese, cheddar (Includes foods for USDA's Food Distribution Program)", no "cheese food".
    const body = (await get('/v1/ingredients/1009/carbon')).json();
    expect(body.carbon).toMatchObject({ kg_co2e_per_kg: 11.21, source: 'su_eatable_life', product: { code: 'CEDDAR' } });
  });

  it('uses Poore & Nemecek where the rule names only its product', async () => {
    // Food_Production.csv: Onions & Leeks,...,Total_emissions 0.30000000000000004
    const body = (await get('/v1/ingredients/11246/carbon')).json();
    expect(body.carbon).toMatchObject({ source: 'poore_nemecek_2018', class: 'global_study', dqr: 2, product: { code: 'Onions & Leeks' } });
    expect(body.carbon.kg_co2e_per_kg).toBeCloseTo(0.3, 4);
  });

  it('falls back to the median of the mapped ingredients of the category, with their spread', async () => {
    // Alcoholic beverage, daiquiri, canned: no rule maps it (category Beverages, 1400).
    const body = (await get('/v1/ingredients/14009/carbon')).json();
    expect(body.carbon).toMatchObject({ source: 'category_median', class: 'category_median', product: null });
    expect([4, 5]).toContain(body.carbon.dqr);
    const db = new Database(inject('catalogPath'), { readonly: true });
    const values = db
      .prepare(
        `SELECT k.kg_co2e_per_kg v FROM ingredient_carbon k JOIN ingredient i ON i.id = k.ingredient_id
         WHERE i.category_id = 14 AND k.class = 'global_study' ORDER BY v`,
      )
      .pluck()
      .all() as number[];
    db.close();
    expect(values.length).toBeGreaterThanOrEqual(20);
    const mid = values.length >> 1;
    const median = values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
    expect(body.carbon.kg_co2e_per_kg).toBeCloseTo(median, 4);
    expect(body.carbon.dqr).toBe(4);
    expect(body.carbon.uncertainty_low).toBeLessThanOrEqual(body.carbon.kg_co2e_per_kg);
    expect(body.carbon.uncertainty_high).toBeGreaterThanOrEqual(body.carbon.kg_co2e_per_kg);
  });

  it('gives every ingredient a carbon value with sane fields (100% coverage)', () => {
    const db = new Database(inject('catalogPath'), { readonly: true });
    const row = db
      .prepare(
        `SELECT COUNT(*) n, COUNT(k.ingredient_id) covered,
                SUM(k.kg_co2e_per_kg >= 0 AND k.uncertainty_low <= k.kg_co2e_per_kg AND k.uncertainty_high >= k.kg_co2e_per_kg) sane,
                SUM(CASE k.class WHEN 'global_study' THEN k.dqr BETWEEN 1 AND 2 WHEN 'category_median' THEN k.dqr BETWEEN 4 AND 5 ELSE 0 END) dqr_ok
         FROM ingredient i LEFT JOIN ingredient_carbon k ON k.ingredient_id = i.id`,
      )
      .get() as { n: number; covered: number; sane: number; dqr_ok: number };
    db.close();
    expect(row.n).toBeGreaterThan(8000);
    expect(row).toEqual({ n: row.n, covered: row.n, sane: row.n, dqr_ok: row.n });
  });

  it('accepts every known country; FR without a verified French link answers the global value', async () => {
    for (const c of ['us', 'GB', 'de', 'SE', 'no', 'DK']) {
      const body = (await get(`/v1/ingredients/11215/carbon?country=${c}`)).json();
      expect(body.country).toBe(c.toUpperCase());
      expect(body.carbon).toMatchObject({ source: 'su_eatable_life', kg_co2e_per_kg: 0.71 });
    }
    // SR 1005 "Cheese, brick" has no verified CIQUAL food: the global value (SU-EATABLE LIFE cheese).
    const brick = (await get('/v1/ingredients/1005/carbon?country=fr')).json();
    expect(brick).toMatchObject({ country: 'FR', carbon: { source: 'su_eatable_life', ciqual_code: null } });
  });

  it('weighs chicken meat as the bone-free meat it is (SR values are per 100 g of edible portion)', async () => {
    // SuEatableLife_Food_Fooprint_database_cf.csv: "CHICKEN BONE FREE MEAT,3.68" (with bone: 2.82)
    const body = (await get('/v1/ingredients/5062/carbon')).json();
    expect(body.carbon).toMatchObject({ source: 'su_eatable_life', product: { name: 'CHICKEN BONE FREE MEAT' }, kg_co2e_per_kg: 3.68 });
  });

  it("answers FR with the AGRIBALYSE row of the CIQUAL food the ingredient's French nutrients use", async () => {
    // agribalyse-31-synthese.csv "Changement climatique": 12726 Cheddar 6.1806407; 28302 "Porc, échine,
    // crue" 10.138469; 11000 "Ail, cru" 0.3580429. Each is the CIQUAL food /nutrients?country=FR answers
    // with (the cheddar's and the garlic's CIQUAL foods first link to other records, so the French
    // value had been the global one: 11.21, 5.72 and 0.71).
    for (const [id, ciqual, value] of [[1009, '12726', 6.1806], [10020, '28302', 10.1385], [11215, '11000', 0.358]] as const) {
      const nutrients = (await get(`/v1/ingredients/${id}/nutrients?country=FR`)).json();
      expect(nutrients.linked_food.code, String(id)).toBe(ciqual);
      const body = (await get(`/v1/ingredients/${id}/carbon?country=FR`)).json();
      expect(body.carbon, String(id)).toMatchObject({ source: 'agribalyse_3_1', ciqual_code: ciqual });
      expect(body.carbon.kg_co2e_per_kg, String(id)).toBeCloseTo(value, 3);
    }
  });

  it('refuses other countries with 400 unsupported_country, and unknown ids with 404', async () => {
    for (const c of ['XX', 'USA', '', 'zz']) {
      const res = await get(`/v1/ingredients/11215/carbon?country=${c}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unsupported_country' });
      expect(res.json().detail).toContain('US, GB, DE, FR, SE, NO, DK');
    }
    const res = await get('/v1/ingredients/999999999/carbon');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});

describe('GET /v1/ingredients/:id/carbon?country=FR through a verified CIQUAL link', () => {
  it('serves the AGRIBALYSE value of the verified CIQUAL twin', async () => {
    // "Broccoli, raw" is verified-linked to CIQUAL 20057 "Broccoli, raw" by the country importers;
    // agribalyse-31-synthese.csv: code 20057, Changement climatique 0.90255547
    const res = await get('/v1/ingredients/11090/carbon?country=FR');
    expect(res.statusCode).toBe(200);
    expect(res.json().carbon).toMatchObject({
      kg_co2e_per_kg: 0.9026,
      source: 'agribalyse_3_1',
      class: 'french_inventory',
      boundary: 'cradle-to-plate',
      ciqual_code: '20057',
    });
    expect([2, 3]).toContain(res.json().carbon.dqr);
    // carrots 11124 -> CIQUAL 20009 "Carrot, raw", 0.3643211
    expect((await get('/v1/ingredients/11124/carbon?country=fr')).json().carbon).toMatchObject({ kg_co2e_per_kg: 0.3643, ciqual_code: '20009' });
    // any other country keeps the global study value
    expect((await get('/v1/ingredients/11090/carbon?country=DE')).json().carbon.class).not.toBe('french_inventory');
  });

  it('ignores unverified links', async () => {
    // "Spices, anise seed" has only an unverified CIQUAL candidate (1000, score 0.18)
    const res = await get('/v1/ingredients/2002/carbon?country=FR');
    expect(res.statusCode).toBe(200);
    expect(res.json().carbon.class).not.toBe('french_inventory');
    expect(res.json().carbon).toEqual((await get('/v1/ingredients/2002/carbon')).json().carbon);
  });
});

describe('carbon spreads that mean something', () => {
  it('never gives whole milk a spread from other products (buffalo milk, cheese)', async () => {
    // SuEatableLife cf.csv: ANIMAL HUSBANDRY,COW MILK,1.31,L,...,MILK; the same typology holds BUFFALO MILK 3.57.
    // Rule 16 names COW MILK and Poore & Nemecek "Milk" (Food_Production.csv Total_emissions 2.8 for Milk)
    const body = (await get('/v1/ingredients/1077/carbon')).json();
    expect(body.carbon).toMatchObject({ kg_co2e_per_kg: 1.31, product: { code: 'COW MILK' }, uncertainty_reason: 'same_product_estimates' });
    expect(body.carbon.uncertainty_low).toBe(1.31);
    expect(body.carbon.uncertainty_high).toBeCloseTo(2.8, 4); // Poore & Nemecek Milk, not buffalo milk's 3.57
  });

  it('says when a source gives a single value: low = high = the value, with the reason', async () => {
    // butter: BUTTER* 8.48, no Poore & Nemecek product named by its rule
    const body = (await get('/v1/ingredients/1001/carbon')).json();
    expect(body.carbon).toMatchObject({
      kg_co2e_per_kg: 8.48,
      uncertainty_low: 8.48,
      uncertainty_high: 8.48,
      uncertainty_reason: 'single_value_source',
    });
    // broccoli: BROCCOLI 0.57 and the rule's Poore & Nemecek "Brassicas" 0.4 (Food_Production.csv): its range is
    // those two estimates, no longer 0.214 to 0.68 borrowed from the other open-field vegetables
    const broccoli = (await get('/v1/ingredients/11090/carbon')).json();
    expect(broccoli.carbon).toMatchObject({ kg_co2e_per_kg: 0.57, uncertainty_low: 0.4, uncertainty_high: 0.57, uncertainty_reason: 'same_product_estimates' });
  });

  it('keeps the category spread for medians and says so', async () => {
    const body = (await get('/v1/ingredients/14009/carbon')).json();
    expect(body.carbon.uncertainty_reason).toBe('category_spread');
  });

  it('gives every global-study spread from the same product only', async () => {
    const db = new Database(inject('catalogPath'), { readonly: true });
    const rows = db
      .prepare("SELECT uncertainty_reason AS reason, COUNT(*) AS n FROM ingredient_carbon GROUP BY uncertainty_reason ORDER BY reason")
      .all() as Array<{ reason: string; n: number }>;
    db.close();
    for (const r of rows) expect(['same_product_estimates', 'single_value_source', 'typology_items', 'category_spread']).toContain(r.reason);
    expect(rows.reduce((s, r) => s + r.n, 0)).toBe(8109);
  });
});
