import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nutrient, type TestApp } from '../../support/app.js';

/**
 * NO (Matvaretabellen). Every expected value was read from the raw export,
 * ../shared/data/no-matvaretabellen-values-saltmat/matvaretabellen.csv (';'-separated; the
 * row and column named beside each assertion), and every fallback from SR28 NUT_DATA.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /v1/ingredients/:id/nutrients?country=NO (Matvaretabellen)', () => {
  it('serves whole milk from Matvaretabellen 01-236 "Helmelk, uspesifisert", the table\'s unspecified whole milk', async () => {
    const res = await t.get('/v1/ingredients/1077/nutrients?country=no');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // 01-001 "Helmelk, 3,5 % fett, Tine" and 01-235 (Q-meieriene) match as well (score 1): among
    // equally good national foods the ingredient answers with the table's unspecified one.
    expect(body).toMatchObject({
      id: 1077,
      country: 'NO',
      linked_food: { dataset: 'no_matvaretabellen', code: '01-236', name: 'Helmelk, uspesifisert', score: 1 },
    });
    // 01-236: Vann (g) 89, Kilojoule (kJ) 267, Kilokalorier (kcal) 64, Fett (g) 3.6, Protein (g) 3.4,
    // Karbohydrat (g) 4.5 (available carbohydrate: 1050), Kalsium (mg) 132, Natrium (mg) 40, Jod (µg) 16
    expect(nutrient(body, 1051)).toMatchObject({ amount: 89, source: 'no_matvaretabellen', qualifier: null });
    expect(nutrient(body, 1062)).toMatchObject({ unit: 'kJ', amount: 267, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1008)).toMatchObject({ unit: 'kcal', amount: 64, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1004)).toMatchObject({ amount: 3.6, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1003)).toMatchObject({ amount: 3.4, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1050)).toMatchObject({ amount: 4.5, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1087)).toMatchObject({ unit: 'mg', amount: 132, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1093)).toMatchObject({ unit: 'mg', amount: 40, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1100)).toMatchObject({ unit: 'µg', amount: 16, source: 'no_matvaretabellen' });
    // Matvaretabellen gives available carbohydrate: SR28 1077's 4.8 g by difference (the carbohydrate
    // family) is not served beside it.
    expect(nutrient(body, 1005)).toBeUndefined();
  });

  it('never serves a "missing" 0: niacin and iron of 01-236 are 0 in the file and fall back', async () => {
    const body = (await t.get('/v1/ingredients/1077/nutrients?country=NO')).json();
    // 01-236: Niacin (mg) 0, Jern (mg) 0 (milk holds both: the zero rule has no credible-zero row
    // for them in milk products), so SR28 1077 answers: niacin 0.089 mg, iron 0.03 mg
    expect(nutrient(body, 1167)).toMatchObject({ amount: 0.089, source: 'usda_fallback' });
    expect(nutrient(body, 1089)).toMatchObject({ amount: 0.03, source: 'usda_fallback' });
    // ...its non-zero values are its own: Retinol (µg) 7, Tiamin (mg) 0.01
    expect(nutrient(body, 1105)).toMatchObject({ amount: 7, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1165)).toMatchObject({ amount: 0.01, source: 'no_matvaretabellen' });
    // ...and a credible zero is served as one: 01-236 Vitamin C (mg) 0 (milk products, rule
    // "Vitamin C (mg), 01 02 03 04 05 08 12") and Kostfiber (g) 0
    expect(nutrient(body, 1162)).toMatchObject({ amount: 0, source: 'no_matvaretabellen', qualifier: null });
    expect(nutrient(body, 1079)).toMatchObject({ amount: 0, source: 'no_matvaretabellen' });
  });

  it('serves salted butter from 08-005 "Smør" and falls back for its missing minerals', async () => {
    const body = (await t.get('/v1/ingredients/1001/nutrients?country=NO')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'no_matvaretabellen', code: '08-005', name: 'Smør' });
    // 08-005: Kilokalorier 744, Fett 82, Natrium 440 mg, Retinol 741 µg, Vitamin A (RAE) 781, Vitamin D 10 µg,
    // Vitamin E (alfa-TE) 2.1 (mg ATE: 1158), Kolesterol 202 mg
    expect(nutrient(body, 1008)).toMatchObject({ amount: 744, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1004)).toMatchObject({ amount: 82, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1093)).toMatchObject({ amount: 440, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1105)).toMatchObject({ unit: 'µg', amount: 741, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1106)).toMatchObject({ unit: 'µg', amount: 781, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1114)).toMatchObject({ amount: 10, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1158)).toMatchObject({ unit: 'mg ATE', amount: 2.1, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1253)).toMatchObject({ amount: 202, source: 'no_matvaretabellen' });
    // 08-005: Magnesium (mg) 0 and Sink (mg) 0 read as missing: SR28 1001 magnesium 2 mg, zinc 0.09 mg
    expect(nutrient(body, 1090)).toMatchObject({ amount: 2, source: 'usda_fallback' });
    expect(nutrient(body, 1095)).toMatchObject({ amount: 0.09, source: 'usda_fallback' });
  });

  it('serves raw carrots from 06-751 "Gulrot, uspesifisert, rå", with a plant food\'s retinol 0 kept', async () => {
    const body = (await t.get('/v1/ingredients/11124/nutrients?country=NO')).json();
    // the table's unspecified carrots, before 06-036 "Gulrot, norsk, rå" (the same values)
    expect(body.linked_food).toMatchObject({ dataset: 'no_matvaretabellen', code: '06-751', name: 'Gulrot, uspesifisert, rå' });
    // 06-751: Kilokalorier 36, Beta-karoten (µg) 5250, Vitamin A (RAE) 438, Kostfiber 3, Kalium 298 mg
    expect(nutrient(body, 1008)).toMatchObject({ amount: 36, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1107)).toMatchObject({ amount: 5250, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1106)).toMatchObject({ amount: 438, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1079)).toMatchObject({ amount: 3, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1092)).toMatchObject({ amount: 298, source: 'no_matvaretabellen' });
    // 06-751: Retinol (µg) 0 and Kolesterol (mg) 0: credible in a plant food, served as 0
    expect(nutrient(body, 1105)).toMatchObject({ amount: 0, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1253)).toMatchObject({ amount: 0, source: 'no_matvaretabellen' });
  });

  it('serves household wheat flour from 05-010 "Hvetemel, siktet"', async () => {
    const body = (await t.get('/v1/ingredients/20481/nutrients?country=NO')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'no_matvaretabellen', code: '05-010', name: 'Hvetemel, siktet' });
    // 05-010: Protein 12.1, Kilokalorier 343, Stivelse 67.8, Kostfiber 5, Jern (mg) 1.2
    expect(nutrient(body, 1003)).toMatchObject({ amount: 12.1, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 343, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1009)).toMatchObject({ amount: 67.8, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1079)).toMatchObject({ amount: 5, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1089)).toMatchObject({ amount: 1.2, source: 'no_matvaretabellen' });
  });

  it("serves the hen's plain egg for eggs, and nothing of it for a quail's egg", async () => {
    // matvaretabellen.csv 02-001 "Egg, rå" and 02-030 "Egg, økologisk, rå" (organic) both verify
    // against SR 1123 "Egg, whole, raw, fresh"; the conventional egg answers for it.
    const egg = (await t.get('/v1/ingredients/1123/nutrients?country=NO')).json();
    expect(egg.linked_food).toMatchObject({ dataset: 'no_matvaretabellen', code: '02-001' });
    // 02-001: cholesterol 319 mg, a hen's egg; SR 1140 quail egg: 844 mg. The table has no quail
    // egg, so the quail egg answers with US values throughout, not the hen's.
    expect(nutrient(egg, 1253)).toMatchObject({ amount: 319, source: 'no_matvaretabellen' });
    const quail = (await t.get('/v1/ingredients/1140/nutrients?country=NO')).json();
    expect(quail.linked_food).toBeNull();
    expect(nutrient(quail, 1253)).toMatchObject({ amount: 844, source: 'usda_fallback' });
  });

  it('links no goat cheese to an average cheese of cows\' milk, nor parmesan to an average hard cheese', async () => {
    for (const country of ['DE', 'SE', 'GB', 'FR']) {
      const goat = (await t.get(`/v1/ingredients/1156/nutrients?country=${country}`)).json(); // Cheese, goat, hard type
      expect(goat.linked_food?.name ?? '', country).not.toMatch(/^(?:Hartkäse|Ost hårdost|Cheese, hard, average|Hard cheese)/);
      const parmesan = (await t.get(`/v1/ingredients/1033/nutrients?country=${country}`)).json(); // Cheese, parmesan, hard
      expect(parmesan.linked_food?.name ?? '', country).not.toMatch(/^(?:Hartkäse|Ost hårdost|Cheese, hard, average|Hard cheese)/);
    }
  });

  it('keeps NO apart from the other countries (butter kcal per country, never averaged)', async () => {
    const kcal = async (c: string) => nutrient((await t.get(`/v1/ingredients/1001/nutrients?country=${c}`)).json(), 1008).amount;
    // SR28 1001: 717; Matvaretabellen 08-005: 744; BLS Q6A4000: 732
    expect([await kcal('US'), await kcal('NO'), await kcal('DE')]).toEqual([717, 744, 732]);
  });
});

describe('GET /v1/sources lists Matvaretabellen', () => {
  it('with its licence, attribution, and the zeros it kept and read as missing', async () => {
    const body = (await t.get('/v1/sources')).json();
    const d = body.data.find((x: any) => x.id === 'no_matvaretabellen');
    expect(d).toMatchObject({
      licence: 'Free use with citation of the source',
      url: 'https://www.matvaretabellen.no/',
      record_counts: { foods: 2020, trace_values: 0 },
    });
    expect(d.attribution).toContain('Matvaretabellen');
    expect(d.publisher).toContain('Mattilsynet');
    expect(d.record_counts.verified_links).toBeGreaterThan(100);
    expect(d.record_counts.verified_links).toBeLessThanOrEqual(d.record_counts.linked_foods);
    // Every "0" cell of the 53 mapped columns is either kept or read as missing (34,088 of them)
    expect(d.record_counts.zeros_kept + d.record_counts.zeros_read_as_missing).toBe(34088);
    // A rule's condition reads the cleaned values (a 0 read as missing meets no condition):
    // 17,688 kept, 16,400 read as missing (counted by the import on ../shared/data).
    expect(d.record_counts.zeros_kept).toBe(17688);
    expect(d.record_counts.zeros_read_as_missing).toBe(16400);
  });
});
