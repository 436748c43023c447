import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nutrient, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ids = (body: { nutrients: Array<{ nutrient_id: number }> }) => new Set(body.nutrients.map((n) => n.nutrient_id));

describe('national fallback by nutrient family', () => {
  it('never serves US vitamin D in IU beside CoFID vitamin D for whole milk (GB)', async () => {
    const body = (await t.get('/v1/ingredients/1077/nutrients?country=GB')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '12-596' });
    // CoFID 12-596: vitamin D "Tr", retinol 36, carotene 14, folate 8, sugars 4.6, fibre 0 (as loaded)
    expect(nutrient(body, 1114)).toMatchObject({ source: 'uk_cofid', qualifier: 'trace' });
    expect(nutrient(body, 1105)).toMatchObject({ amount: 36, source: 'uk_cofid' });
    expect(nutrient(body, 1107)).toMatchObject({ amount: 14, source: 'uk_cofid' });
    expect(nutrient(body, 1177)).toMatchObject({ amount: 8, source: 'uk_cofid' });
    const present = ids(body);
    // SR28 1077 has vitamin D 51 IU (1110) and 1.3 µg, vitamin A 162 IU (1104) and RAE 46 µg (1106),
    // folic acid (1186) and DFE (1190): none of them is served beside CoFID's members of their families
    for (const id of [1110, 1104, 1106, 1186, 1190]) expect(present.has(id), String(id)).toBe(false);
    // CoFID gives vitamin E as alpha-tocopherol equivalents (1158, 0.06 mg), so SR28's alpha-tocopherol
    // 0.07 mg (1109) is not served beside it
    expect(nutrient(body, 1158)).toMatchObject({ amount: 0.06, source: 'uk_cofid' });
    expect(present.has(1109)).toBe(false);
    // nutrients outside the families CoFID gives still fall back: choline 14.3 mg (SR28 1077)
    expect(nutrient(body, 1180)).toMatchObject({ amount: 14.3, source: 'usda_fallback' });
    // and no nutrient is served twice
    expect(present.size).toBe(body.nutrients.length);
  });

  it('serves no US carbohydrate by difference beside a national carbohydrate by summation (FR broccoli)', async () => {
    const body = (await t.get('/v1/ingredients/11090/nutrients?country=FR')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'fr_ciqual', code: '20057' });
    // CIQUAL 2020 20057 "Broccoli, raw": Carbohydrate (g/100g) 1.7 (available carbohydrate); SR 11090 by difference 6.64.
    expect(nutrient(body, 1050)).toMatchObject({ amount: 1.7, source: 'fr_ciqual' });
    expect(ids(body).has(1005)).toBe(false);
  });

  it('serves no US part larger than a national whole it belongs to (DE camembert, DK butter, every dairy answer)', async () => {
    const body = (await t.get('/v1/ingredients/1007/nutrients?country=DE')).json();
    // BLS 4.0 M602700 "Camembert mind. 50 % Fett i. Tr.": available carbohydrate 0.101 g, fat 25.7 g.
    // SR 1007 gives total sugars 0.46 g: more sugar than the national carbohydrate, so not served.
    expect(body.linked_food).toMatchObject({ dataset: 'de_bls', code: 'M602700' });
    expect(nutrient(body, 1050)).toMatchObject({ amount: 0.101, source: 'de_bls' });
    expect(ids(body).has(2000)).toBe(false);
    // SR 1007's saturated fat 15.259 g fits in the national 25.7 g of fat, so it still falls back.
    expect(nutrient(body, 1258)).toMatchObject({ amount: 15.259, source: 'usda_fallback' });
    // Frida 1052 "Butter, salt added": sum of monounsaturated fatty acids 16.98 g, polyunsaturated 2.20 g.
    // SR 1001's 18:1 (19.961 g) and 18:2 (2.728 g) are more than the Danish class totals: not served.
    const butter = (await t.get('/v1/ingredients/1001/nutrients?country=DK')).json();
    expect(butter.linked_food).toMatchObject({ dataset: 'dk_frida', code: '1052' });
    expect(nutrient(butter, 1292).amount).toBeCloseTo(16.98, 2);
    expect(nutrient(butter, 1268)).toBeUndefined(); // MUFA 18:1
    expect(nutrient(butter, 1269)).toBeUndefined(); // PUFA 18:2
    expect(nutrient(butter, 1315)).toMatchObject({ amount: 16.978, source: 'usda_fallback' }); // MUFA 18:1 c fits
    const list = (await t.get('/v1/ingredients?category=1&limit=100')).json();
    let checked = 0;
    for (const { id } of list.data as Array<{ id: number }>) {
      for (const country of ['GB', 'FR', 'DE', 'SE', 'DK', 'NO']) {
        const answer = (await t.get(`/v1/ingredients/${id}/nutrients?country=${country}`)).json();
        if (answer.linked_food === null) continue;
        checked += 1;
        const national = (ids: number[]) => answer.nutrients.filter((n: { nutrient_id: number; source: string }) => ids.includes(n.nutrient_id) && n.source !== 'usda_fallback');
        const carbohydrates = national([1005, 1050, 1072, 2039]).map((n: { amount: number }) => n.amount);
        const carbohydrate = carbohydrates.length > 0 ? Math.max(...carbohydrates) : Infinity;
        const fat = national([1004])[0]?.amount ?? Infinity;
        for (const n of answer.nutrients as Array<{ nutrient_id: number; name: string; amount: number; source: string }>) {
          if (n.source !== 'usda_fallback') continue;
          if ([2000, 1009, 1010, 1011, 1012, 1013, 1014, 1075].includes(n.nutrient_id)) expect(n.amount, `${id} ${country} ${n.name}`).toBeLessThanOrEqual(carbohydrate);
          if (/^(?:SFA|MUFA|PUFA|TFA)\b|^Fatty acids, total/.test(n.name)) expect(n.amount, `${id} ${country} ${n.name}`).toBeLessThanOrEqual(fat);
          const total = { SFA: 1258, MUFA: 1292, PUFA: 1293, TFA: 1257 }[n.name.split(' ')[0]!];
          const classTotal = total === undefined ? undefined : national([total])[0]?.amount;
          if (classTotal !== undefined) expect(n.amount, `${id} ${country} ${n.name}`).toBeLessThanOrEqual(classTotal);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('gives a table that prints kcal only its kJ converted from that kcal, so the two agree (DE banana, BLS; session 15 user trial)', async () => {
    const body = (await t.get('/v1/ingredients/9040/nutrients?country=DE')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'de_bls' });
    // BLS banana: 79 kcal printed; 79 x 4.184 = 330.5 kJ (the macronutrients by Regulation 1169/2011 gave
    // 323.4 kJ, 77.3 kcal: two energies in one answer).
    expect(nutrient(body, 1008)).toMatchObject({ amount: 79, source: 'de_bls', derivation: null });
    expect(nutrient(body, 1062)).toMatchObject({ amount: 330.5, unit: 'kJ', source: 'de_bls', derivation: 'converted_from_kcal' });
  });

  it("serves CIQUAL's vitamin E and no US alpha-tocopherol beside it (FR banana)", async () => {
    // CIQUAL 2020 13005 "Banana, pulp, raw": Vitamin E "< 0.08" mg (2068); SR 9040 gives alpha-tocopherol 0.1 mg (1109).
    const body = (await t.get('/v1/ingredients/9040/nutrients?country=FR')).json();
    expect(nutrient(body, 2068)).toMatchObject({ amount: 0.08, qualifier: 'less_than', source: 'fr_ciqual' });
    expect(ids(body).has(1109)).toBe(false);
  });

  it('gives a national food without energy its energy from its own macronutrients (EU 1169), not USDA\'s (FR broccoli)', async () => {
    const body = (await t.get('/v1/ingredients/11090/nutrients?country=FR')).json();
    // CIQUAL 20057 gives "-" for energy; protein 3.95, fat 0.48, carbohydrate 1.7, fibres 2.9, alcohol 0:
    // 4 x 3.95 + 9 x 0.48 + 4 x 1.7 + 2 x 2.9 = 32.7 kcal; 17 x 3.95 + 37 x 0.48 + 17 x 1.7 + 8 x 2.9 = 137 kJ
    // (SR 11090's 34 kcal came from its own carbohydrate by difference).
    expect(nutrient(body, 1008)).toMatchObject({ amount: 32.7, unit: 'kcal', source: 'fr_ciqual', derivation: 'calculated_eu_1169' });
    expect(nutrient(body, 1062)).toMatchObject({ amount: 137, unit: 'kJ', source: 'fr_ciqual', derivation: 'calculated_eu_1169' });
    expect(body.nutrients.filter((n: { source: string; nutrient_id: number }) => n.source === 'usda_fallback' && [1008, 1062, 2047, 2048].includes(n.nutrient_id))).toEqual([]);
  });

  it('keeps the French link of whole milk and serves only CIQUAL vitamin D', async () => {
    const body = (await t.get('/v1/ingredients/1077/nutrients?country=FR')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'fr_ciqual', code: '19024' });
    expect(nutrient(body, 1114)).toMatchObject({ amount: 0.1, source: 'fr_ciqual' }); // CIQUAL 19024 vitamin D 0.1 µg
    expect(ids(body).has(1110)).toBe(false);
  });

  it('does not lend the US fortification to a national food that does not say it is fortified (NO milk)', async () => {
    // SR28 1077 is "with added vitamin D"; Matvaretabellen 01-236 "Helmelk, uspesifisert" gives no vitamin D
    const body = (await t.get('/v1/ingredients/1077/nutrients?country=NO')).json();
    expect(body.linked_food).toMatchObject({ code: '01-236' });
    const present = ids(body);
    for (const id of [1110, 1114]) expect(present.has(id), String(id)).toBe(false);
    // unfortified nutrients still fall back (01-236 niacin 0: SR28 1077 niacin 0.089 mg)
    expect(nutrient(body, 1167)).toMatchObject({ amount: 0.089, source: 'usda_fallback' });
    // the US answer itself is unchanged: 51 IU
    expect(nutrient((await t.get('/v1/ingredients/1077/nutrients')).json(), 1110).amount).toBe(51);
  });

  it('links UK raw rice to the unenriched US record and serves no US folic acid beside CoFID folate', async () => {
    const unenriched = (await t.get('/v1/ingredients/20444/nutrients?country=GB')).json();
    expect(unenriched.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '11-861', name: 'Rice, white, long grain, raw' });
    // CoFID 11-861: folate 14 µg; SR28 20444 folate food 8, DFE 8, folic acid 0 are not served beside it
    expect(nutrient(unenriched, 1177)).toMatchObject({ amount: 14, source: 'uk_cofid' });
    for (const id of [1186, 1187, 1190]) expect(ids(unenriched).has(id), String(id)).toBe(false);
    // Since issue 16 links are chosen from the ingredient's side: the enriched record 20044 also
    // reaches CoFID 11-861 (the same rice), and the fortification stays on its side: the folate
    // served is CoFID's 14 µg, and no US folic acid (1186), DFE (1190) or food folate (1187) is lent.
    const enriched = (await t.get('/v1/ingredients/20044/nutrients?country=GB')).json();
    expect(enriched.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '11-861' });
    expect(nutrient(enriched, 1177)).toMatchObject({ amount: 14, source: 'uk_cofid' });
    for (const id of [1186, 1187, 1190]) expect(ids(enriched).has(id), String(id)).toBe(false);
  });
});
