import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nutrient, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /v1/ingredients/:id/nutrients?country=GB (CoFID 2021)', () => {
  it('serves salted butter from CoFID 17-685 with uk_cofid as the source', async () => {
    const res = await t.get('/v1/ingredients/1001/nutrients?country=gb');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: 1001, country: 'GB', linked_food: { dataset: 'uk_cofid', code: '17-685', name: 'Butter, salted' } });
    expect(body.linked_food.score).toBeGreaterThanOrEqual(0.75);
    // Proximates.csv 17-685: water 14.9, protein 0.6, fat 82.2, 744 kcal, 3059 kJ
    expect(nutrient(body, 1051)).toMatchObject({ amount: 14.9, source: 'uk_cofid', qualifier: null });
    expect(nutrient(body, 1004)).toMatchObject({ amount: 82.2, source: 'uk_cofid' });
    expect(nutrient(body, 1008)).toMatchObject({ unit: 'kcal', amount: 744, source: 'uk_cofid' });
    expect(nutrient(body, 1062)).toMatchObject({ unit: 'kJ', amount: 3059, source: 'uk_cofid' });
    // Inorganics.csv 17-685: sodium 730 mg (SR28 says 643); Vitamins.csv: retinol 958 µg
    expect(nutrient(body, 1093)).toMatchObject({ unit: 'mg', amount: 730, source: 'uk_cofid' });
    expect(nutrient(body, 1105)).toMatchObject({ unit: 'µg', amount: 958, source: 'uk_cofid' });
    // CoFID has no choline: the SR28 value (NUT_DATA ~01001~^~421~^18.8) falls back
    expect(nutrient(body, 1180)).toMatchObject({ amount: 18.8, source: 'usda_fallback' });
  });

  it('keeps a trace as a trace: whole milk copper is "Tr" in CoFID 12-596', async () => {
    const body = (await t.get('/v1/ingredients/1077/nutrients?country=GB')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '12-596' });
    expect(nutrient(body, 1098)).toMatchObject({ amount: 0, qualifier: 'trace', source: 'uk_cofid' });
    // Inorganics.csv 12-596: calcium 120 mg; Proximates.csv: 3.6 g fat
    expect(nutrient(body, 1087)).toMatchObject({ amount: 120, source: 'uk_cofid' });
    expect(nutrient(body, 1004)).toMatchObject({ amount: 3.6, source: 'uk_cofid' });
  });

  it('serves plain white flour from CoFID 11-886 for the unenriched all-purpose flour', async () => {
    const body = (await t.get('/v1/ingredients/20481/nutrients?country=GB')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '11-886', name: 'Flour, wheat, white, plain, soft' });
    // Proximates.csv 11-886: protein 9.1, 352 kcal; Inorganics.csv: calcium 96 mg, iron 1.94 mg
    expect(nutrient(body, 1003)).toMatchObject({ amount: 9.1, source: 'uk_cofid' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 352, source: 'uk_cofid' });
    expect(nutrient(body, 1087)).toMatchObject({ amount: 96, source: 'uk_cofid' });
    expect(nutrient(body, 1089)).toMatchObject({ amount: 1.94, source: 'uk_cofid' });
  });
});

describe('GET /v1/ingredients/:id/nutrients?country=GB: CoFID fatty acids', () => {
  it("serves farmed salmon's EPA, DPA and DHA and its unsaturated fatty acids from CoFID 16-356", async () => {
    const body = (await t.get('/v1/ingredients/15236/nutrients?country=GB')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '16-356' });
    // UK21_FCT_FAO_Tags.csv 16-356: F20D5N3g 0.77, FOD22:5cn3 0.34, F22D6N3g 1.44, FOD18:1 2.11, FOD18:2 0.59
    // (SR 15236's own, which had been served: EPA 0.862, DPA 0.393, DHA 1.104, 18:1 2.715, 18:2 0.9).
    expect(nutrient(body, 1278)).toMatchObject({ amount: 0.77, source: 'uk_cofid' });
    expect(nutrient(body, 1280)).toMatchObject({ amount: 0.34, source: 'uk_cofid' });
    expect(nutrient(body, 1272)).toMatchObject({ amount: 1.44, source: 'uk_cofid' });
    expect(nutrient(body, 1268)).toMatchObject({ amount: 2.11, source: 'uk_cofid' });
    expect(nutrient(body, 1269)).toMatchObject({ amount: 0.59, source: 'uk_cofid' });
  });
});

describe('GET /v1/ingredients/:id/nutrients?country=FR (CIQUAL 2020)', () => {
  it('serves raw carrots from CIQUAL 20009, with "< 0,5" kept as a limit', async () => {
    const body = (await t.get('/v1/ingredients/11124/nutrients?country=FR')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'fr_ciqual', code: '20009', name: 'Carrot, raw', score: 1 });
    // CIQUAL 20009: 40.2 kcal, water 88.1, beta-carotene 8290 µg, fat "< 0,5"
    expect(nutrient(body, 1008)).toMatchObject({ amount: 40.2, source: 'fr_ciqual' });
    expect(nutrient(body, 1051)).toMatchObject({ amount: 88.1, source: 'fr_ciqual' });
    expect(nutrient(body, 1107)).toMatchObject({ unit: 'µg', amount: 8290, source: 'fr_ciqual' });
    expect(nutrient(body, 1004)).toMatchObject({ amount: 0.5, qualifier: 'less_than', source: 'fr_ciqual' });
  });

  it('serves whole milk from CIQUAL 19024 and falls back where CIQUAL gives "-"', async () => {
    const body = (await t.get('/v1/ingredients/1077/nutrients?country=fr')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'fr_ciqual', code: '19024', name: 'Milk, whole, pasteurised' });
    // CIQUAL 19024: protein 3.3, iodine 24.3 µg, sodium 79 mg, carbohydrate 3.47; sugars "-" (missing)
    expect(nutrient(body, 1003)).toMatchObject({ amount: 3.3, source: 'fr_ciqual' });
    expect(nutrient(body, 1100)).toMatchObject({ amount: 24.3, source: 'fr_ciqual' });
    expect(nutrient(body, 1093)).toMatchObject({ amount: 79, source: 'fr_ciqual' });
    // Choline, which CIQUAL does not give, falls back (SR 1077: 14.3 mg)...
    expect(nutrient(body, 1180)).toMatchObject({ amount: 14.3, source: 'usda_fallback' });
    // ...but not SR 1077's total sugars 5.05 g: more sugar than CIQUAL's 3.47 g of carbohydrate.
    expect(nutrient(body, 2000)).toBeUndefined();
  });
});

describe('the conventional national food answers where an organic one scores alike', () => {
  it('serves CIQUAL 36017 chicken breast, not 36039 "..., organic", for SR 5062', async () => {
    const body = (await t.get('/v1/ingredients/5062/nutrients?country=FR')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'fr_ciqual', code: '36017', name: 'Chicken, breast, without skin, raw' });
  });
});

describe('GET /v1/ingredients/:id/nutrients?country=DE (BLS 4.0, macros only)', () => {
  it('serves butter macros from BLS Q6A4000 and falls back for everything else', async () => {
    const body = (await t.get('/v1/ingredients/1001/nutrients?country=DE')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'de_bls', code: 'Q6A4000', name: 'Butter gesalzen' });
    // bls_2025.json Q6A4000: calorie 732, grassi 80.556, proteine 1.164, carboidrati_disponibili 0.56
    expect(nutrient(body, 1008)).toMatchObject({ amount: 732, source: 'de_bls' });
    expect(nutrient(body, 1004)).toMatchObject({ amount: 80.556, source: 'de_bls' });
    expect(nutrient(body, 1003)).toMatchObject({ amount: 1.164, source: 'de_bls' });
    expect(nutrient(body, 1050)).toMatchObject({ amount: 0.56, source: 'de_bls' });
    // BLS (derived) has no water or sodium: SR28 15.87 g and 643 mg
    expect(nutrient(body, 1051)).toMatchObject({ amount: 15.87, source: 'usda_fallback' });
    expect(nutrient(body, 1093)).toMatchObject({ amount: 643, source: 'usda_fallback' });
  });

  it('serves raw carrots and household flour (Type 405)', async () => {
    const carrots = (await t.get('/v1/ingredients/11124/nutrients?country=DE')).json();
    expect(carrots.linked_food).toMatchObject({ dataset: 'de_bls', code: 'G620100' });
    expect(nutrient(carrots, 1008)).toMatchObject({ amount: 40, source: 'de_bls' }); // G620100 calorie 40
    const flour = (await t.get('/v1/ingredients/20481/nutrients?country=DE')).json();
    expect(flour.linked_food).toMatchObject({ dataset: 'de_bls', code: 'C214100' });
    expect(nutrient(flour, 1003)).toMatchObject({ amount: 10.46, source: 'de_bls' }); // C214100 proteine 10.46
  });

  it('answers all-fallback with linked_food null when there is no verified link', async () => {
    // Soy sauce (16123): BLS R143000 "Sojasauce/Sojasoße" is a candidate, not verified on its name.
    const us = (await t.get('/v1/ingredients/16123/nutrients')).json();
    const de = (await t.get('/v1/ingredients/16123/nutrients?country=DE')).json();
    expect(de.linked_food).toBeNull();
    expect(de.nutrients).toHaveLength(us.nutrients.length);
    expect(de.nutrients.every((n: any) => n.source === 'usda_fallback')).toBe(true);
    expect(nutrient(de, 1008).amount).toBe(nutrient(us, 1008).amount);
  });

  it('serves unsalted butter from BLS Q611000, whose English name reads "Best quality butter" (session 19 user trial)', async () => {
    // bls_2025.json Q611000 "Butter mild gesäuert": calorie 747.0, grassi 82.2. It had fallen back to
    // US values: the linker read "Best quality butter" as a food named "best".
    const de = (await t.get('/v1/ingredients/1145/nutrients?country=DE')).json();
    expect(de.linked_food).toMatchObject({ dataset: 'de_bls', code: 'Q611000' });
    expect(nutrient(de, 1008)).toMatchObject({ amount: 747, source: 'de_bls' });
    expect(nutrient(de, 1004)).toMatchObject({ amount: 82.2, source: 'de_bls' });
  });

  it('keeps countries apart: the same ingredient answers each national value, never an average', async () => {
    const kcal = async (c: string) => nutrient((await t.get(`/v1/ingredients/1001/nutrients?country=${c}`)).json(), 1008).amount;
    expect([await kcal('US'), await kcal('GB'), await kcal('FR'), await kcal('DE')]).toEqual([717, 744, 732, 732]);
    // Frida's own salted butter, 1052 "Smør, saltet" ("Butter, salt added", read as salted since
    // linker v4): frida-data.json row 1052, Energi (kcal) 740.901775510204, its value, not another table's
    const dk = (await t.get('/v1/ingredients/1001/nutrients?country=DK')).json();
    expect(dk.linked_food).toMatchObject({ dataset: 'dk_frida', code: '1052', name: 'Smør, saltet' });
    expect(nutrient(dk, 1008).amount).toBeCloseTo(740.9018, 4);
    expect(nutrient(dk, 1008).source).toBe('dk_frida');
  });
});

describe('GET /v1/ingredients/:id/nutrients?country=DK (Frida 2025)', () => {
  it('serves whole-milk plain yogurt from Frida food 12', async () => {
    const body = (await t.get('/v1/ingredients/1116/nutrients?country=dk')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'dk_frida', code: '12', name: 'Yoghurt naturel, sødmælk' });
    // frida_may2025_values_long.csv food 12: 356 Energy 62.1831607181484 kcal, 108 Calcium 132.089552238806 mg,
    // 170 Carbohydrate by difference 2.78199547479991 g (the USDA definition, so it replaces 1005)
    expect(nutrient(body, 1008).source).toBe('dk_frida');
    expect(nutrient(body, 1008).amount).toBeCloseTo(62.18316072, 6);
    expect(nutrient(body, 1087).amount).toBeCloseTo(132.0895522, 6);
    expect(nutrient(body, 1005)).toMatchObject({ source: 'dk_frida' });
    expect(nutrient(body, 1005).amount).toBeCloseTo(2.781995475, 6);
  });

  it('serves raw carrots from a Frida raw carrot', async () => {
    const body = (await t.get('/v1/ingredients/11124/nutrients?country=DK')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'dk_frida' });
    expect(['24', '559', '606']).toContain(body.linked_food.code); // "Gulerod, uspec./dansk/importeret, rå"
    expect(nutrient(body, 1051).source).toBe('dk_frida');
  });

  it('serves Frida\'s vitamin A total as retinol equivalents (session 17 user trial)', async () => {
    // frida_may2025_values_long.csv food 6 "Milk, whole, konventional (not organic), 3.5 % fat": parameter 12
    // "Vitamin A, RE (µg/100g)" 33.070303030303, retinol (225) 30.4036363636364. Before, DK answers had no total.
    const body = (await t.get('/v1/ingredients/1211/nutrients?country=DK')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'dk_frida', code: '6' });
    expect(nutrient(body, 1156)).toMatchObject({ source: 'dk_frida', unit: 'µg RE' });
    expect(nutrient(body, 1156).amount).toBeCloseTo(33.0703, 3);
    // The US RAE (1106) is of the same family: not served beside it.
    expect(body.nutrients.some((n: { nutrient_id: number }) => n.nutrient_id === 1106)).toBe(false);
  });
});

describe('countries without a loaded national table', () => {
  it.each(['IT', 'it'])('%s answers 400 unsupported_country, never US values', async (country) => {
    const res = await t.get(`/v1/ingredients/1001/nutrients?country=${country}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unsupported_country', errors: [{ parameter: 'country', message: 'must be one of: US, GB, DE, FR, SE, NO, DK' }] });
  });

  it('answers UK with 400 that says the United Kingdom is GB (decisions.md: only the ISO codes; session 17 user trial)', async () => {
    const res = await t.get('/v1/ingredients/1001/nutrients?country=uk');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unsupported_country' });
    expect(res.json().detail).toMatch(/the United Kingdom is GB/);
  });
});

describe('GET /v1/sources lists the national datasets', () => {
  it('with licence, attribution and record counts', async () => {
    const body = (await t.get('/v1/sources')).json();
    const byId = new Map(body.data.map((d: any) => [d.id, d]));
    expect(byId.get('uk_cofid')).toMatchObject({ licence: 'Open Government Licence v3.0', record_counts: { foods: 2886 } });
    // CIQUAL CSV: 3,186 rows, one code (a duplicate row) kept once
    expect(byId.get('fr_ciqual')).toMatchObject({ licence: 'Licence Ouverte / Etalab 2.0', record_counts: { foods: 3185 } });
    expect(byId.get('de_bls')).toMatchObject({ licence: 'CC BY 4.0', record_counts: { foods: 7043 } });
    expect(byId.get('dk_frida')).toMatchObject({ record_counts: { foods: 1370 } }); // frida_may2025_foods.csv
    // Frida's own errors are not served: starch 156.88/174/181.2 g (foods 1595, 1607, 1705), fat 162.2 g in a 40 % margarine (1737)
    expect((byId.get('dk_frida') as any).record_counts.rejected_implausible_values).toBe(4);
    for (const id of ['uk_cofid', 'fr_ciqual', 'de_bls', 'dk_frida']) {
      const d: any = byId.get(id);
      expect(d.attribution.length).toBeGreaterThan(20);
      expect(d.record_counts.verified_links).toBeGreaterThan(100);
      expect(d.record_counts.verified_links).toBeLessThanOrEqual(d.record_counts.linked_foods);
    }
  });
});
