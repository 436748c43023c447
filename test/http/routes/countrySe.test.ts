import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nutrient, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// Values checked against ../shared/data/se-livsmedelsverket-2017/LivsmedelsDB_201702061629.csv
// (";"-separated; the row of the Livsmedelsnummer named in each test).
describe('GET /v1/ingredients/:id/nutrients?country=SE (Livsmedelsverket 2017)', () => {
  it('serves raw carrots from Livsmedelsnummer 289 "Morot" with se_livsmedelsverket as the source', async () => {
    const res = await t.get('/v1/ingredients/11124/nutrients?country=se');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: 11124, country: 'SE', linked_food: { dataset: 'se_livsmedelsverket', code: '289', name: 'Morot' } });
    expect(body.linked_food.score).toBeGreaterThanOrEqual(0.75);
    // Row 289: Energi (kcal) 36.4, Energi (kJ) 152.1, Vatten 89.45, Kolhydrater 6.6 (available), Fibrer 2.42,
    // β-Karoten 8695 µg, Vitamin A 861.5 µg (retinol equivalents), Natrium 31 mg
    expect(nutrient(body, 1008)).toMatchObject({ unit: 'kcal', amount: 36.4, source: 'se_livsmedelsverket', qualifier: null });
    expect(nutrient(body, 1062)).toMatchObject({ unit: 'kJ', amount: 152.1, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1051)).toMatchObject({ amount: 89.45, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1050)).toMatchObject({ amount: 6.6, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1079)).toMatchObject({ amount: 2.42, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1107)).toMatchObject({ unit: 'µg', amount: 8695, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1156)).toMatchObject({ unit: 'µg RE', amount: 861.5, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1093)).toMatchObject({ unit: 'mg', amount: 31, source: 'se_livsmedelsverket' });
    // Livsmedelsverket has no choline: SR28 NUT_DATA ~11124~^~421~^8.8 falls back
    expect(nutrient(body, 1180)).toMatchObject({ amount: 8.8, source: 'usda_fallback' });
    // carbohydrate by difference is not a Swedish column, and the Swedish 1050 (available carbohydrate)
    // says what the table knows of carbohydrate: USDA's 1005 is not served beside it
    expect(nutrient(body, 1005)).toBeUndefined();
  });

  it('serves salted butter from row 29 "Smör fett 80 %", a measured 0 as 0 and the zero-fibre row as given', async () => {
    const body = (await t.get('/v1/ingredients/1001/nutrients?country=SE')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'se_livsmedelsverket', code: '29', name: 'Smör fett 80 %' });
    // Row 29: 728.8 kcal, Fett 82, Protein 0.4, Natrium 480 mg, Kolesterol 256 mg, Vitamin K 7.4 µg, Kalcium 0
    expect(nutrient(body, 1008)).toMatchObject({ amount: 728.8, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1004)).toMatchObject({ amount: 82, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1003)).toMatchObject({ amount: 0.4, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1093)).toMatchObject({ amount: 480, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1253)).toMatchObject({ amount: 256, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1185)).toMatchObject({ amount: 7.4, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1087)).toMatchObject({ amount: 0, source: 'se_livsmedelsverket', qualifier: null });
  });

  it('never turns a NULL cell into 0: row 1164 "Kyckling u skinn rå" has Vitamin K NULL, so it falls back', async () => {
    const body = (await t.get('/v1/ingredients/5011/nutrients?country=SE')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'se_livsmedelsverket', code: '1164', name: 'Kyckling u skinn rå' });
    // Row 1164: Vitamin K (µg) NULL; SR28 NUT_DATA ~05011~^~430~^1.8
    expect(nutrient(body, 1185)).toMatchObject({ amount: 1.8, source: 'usda_fallback' });
    // and the row's real values are served: Protein 21.5, Fett 3.1, Jod 0.4 µg, Selen 11.2 µg
    expect(nutrient(body, 1003)).toMatchObject({ amount: 21.5, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1004)).toMatchObject({ amount: 3.1, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1100)).toMatchObject({ amount: 0.4, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1103)).toMatchObject({ amount: 11.2, source: 'se_livsmedelsverket' });
    const se = body.nutrients.filter((n: any) => n.source === 'se_livsmedelsverket');
    expect(se.every((n: any) => typeof n.amount === 'number')).toBe(true);
  });

  it("serves total sugars as the table's sum of mono- and disaccharides, and no US lactose beside them", async () => {
    // LivsmedelsDB row 123 "Mjölk fett 3%": Monosackarider 0, Disackarider 4,79 (Sockerarter 4,8), Kolhydrater 4,7.
    const milk = (await t.get('/v1/ingredients/1211/nutrients?country=SE')).json();
    expect(milk.linked_food).toMatchObject({ dataset: 'se_livsmedelsverket', code: '123' });
    expect(nutrient(milk, 2000)).toMatchObject({ amount: 4.79, source: 'se_livsmedelsverket' });
    // SR 1211's lactose, 5.05 g, is more than the Swedish carbohydrate: not served beside it.
    expect(nutrient(milk, 1013)).toBeUndefined();
    const food = (await t.get('/v1/national-foods/SE/123')).json();
    expect(food.nutrients.find((n: { nutrient_id: number }) => n.nutrient_id === 2000)).toMatchObject({ amount: 4.79, source_column: 'Monosackarider (g) + Disackarider (g)' });
  });

  it('keeps SE apart from the other countries and answers all-fallback without a verified link', async () => {
    const kcal = async (c: string) => nutrient((await t.get(`/v1/ingredients/1077/nutrients?country=${c}`)).json(), 1008);
    // Row 123 "Mjölk fett 3%": 59.9 kcal; SR28 whole milk 61
    expect(await kcal('SE')).toMatchObject({ amount: 59.9, source: 'se_livsmedelsverket' });
    expect((await kcal('US')).amount).toBe(61);
    // An ingredient without a Swedish twin ("Butter oil, anhydrous", 1003) answers all fallback
    const us = (await t.get('/v1/ingredients/1003/nutrients')).json();
    const se = (await t.get('/v1/ingredients/1003/nutrients?country=SE')).json();
    expect(se.linked_food).toBeNull();
    expect(se.nutrients).toHaveLength(us.nutrients.length);
    expect(se.nutrients.every((n: any) => n.source === 'usda_fallback')).toBe(true);
  });
});

describe('GET /v1/sources lists Livsmedelsverket', () => {
  it('with its licence, attribution and counts', async () => {
    const body = (await t.get('/v1/sources')).json();
    const se = body.data.find((d: any) => d.id === 'se_livsmedelsverket');
    expect(se).toMatchObject({
      version: '2017-02',
      publisher: 'Livsmedelsverket (Swedish Food Agency)',
      licence: 'CC BY 4.0',
      url: 'https://www.livsmedelsverket.se/en/food-and-content/naringsamnen/livsmedelsdatabasen',
    });
    expect(se.attribution).toContain('Livsmedelsverket');
    // 2,088 foods; 49 mapped columns x 2,088 = 102,312 cells, less the NULL cells of mapped columns
    // (Kolesterol 3, Retinol 83, Vitamin A 2, β-Karoten 86, Vitamin K 1,521, Jod 1,268 = 2,963): 99,349 values;
    // and total sugars, the sum of the mono- and disaccharide columns, given for every food: 101,437
    expect(se.record_counts).toMatchObject({ foods: 2088, values: 99349 + 2088, foods_with_langual_facets: 2088 });
    expect(se.record_counts.verified_links).toBeGreaterThan(100);
    expect(se.record_counts.verified_links).toBeLessThanOrEqual(se.record_counts.linked_foods);
  });
});
