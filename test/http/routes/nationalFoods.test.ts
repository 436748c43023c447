import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

/**
 * GET /v1/national-foods and /v1/national-foods/:country/:code: the national tables as
 * published. Expected values were read from the raw files in ../shared/data, named beside
 * each assertion.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Nutrient = { nutrient_id: number; amount: number | null; qualifier: string | null; unit: string; source_column: string };
type Link = { ingredient_id: number; verified: boolean; answers_for_ingredient: boolean; rank: number; score: number; method: string };
const value = (body: { nutrients: Nutrient[] }, id: number) => body.nutrients.find((n) => n.nutrient_id === id);

describe('GET /v1/national-foods/:country/:code', () => {
  it('serves CoFID 13-244 "Garlic, raw" as published, linked to both SR Legacy and Foundation garlic', async () => {
    const res = await t.get('/v1/national-foods/gb/13-244');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // uk-cofid-2021/Proximates.csv row 13-244: Food Name "Garlic, raw", Group "DG"
    expect(body).toMatchObject({ country: 'GB', dataset: 'uk_cofid', code: '13-244', name: 'Garlic, raw', food_group: 'DG', basis: 'per 100 g edible portion' });
    // Proximates.csv 13-244: Water 64.3, Protein 7.9, Fat 0.6, Carbohydrate 16.3, kcal 98, kJ 411;
    // Inorganics.csv 13-244: Sodium 4 mg; "Mono FA /100g food" Tr (a trace)
    expect(value(body, 1051)).toMatchObject({ amount: 64.3, unit: 'g', qualifier: null, source_column: 'WATER' });
    expect(value(body, 1003)).toMatchObject({ amount: 7.9, unit: 'g' });
    expect(value(body, 1004)).toMatchObject({ amount: 0.6 });
    expect(value(body, 1050)).toMatchObject({ amount: 16.3 });
    expect(value(body, 1008)).toMatchObject({ amount: 98, unit: 'kcal' });
    expect(value(body, 1062)).toMatchObject({ amount: 411, unit: 'kJ' });
    expect(value(body, 1093)).toMatchObject({ amount: 4, unit: 'mg' });
    expect(value(body, 1292)).toMatchObject({ amount: null, qualifier: 'trace', source_column: 'MONOFOD' });
    // Several ingredients may share one national food: SR Legacy 11215 and Foundation 1104647
    // are both "Garlic, raw", and each takes CoFID's garlic as its GB values.
    const links = body.links as Link[];
    for (const id of [11215, 1104647]) {
      expect(links.find((l) => l.ingredient_id === id), String(id)).toMatchObject({ verified: true, answers_for_ingredient: true });
    }
    expect(links[0]).toMatchObject({ rank: 1 });
    expect(links.every((l, i) => l.rank === i + 1)).toBe(true);
  });

  it('serves Frida 1052 "Smør, saltet" with its English name and group, values as published', async () => {
    const body = (await t.get('/v1/national-foods/DK/1052')).json();
    // dk-frida-2025-05-values/frida-data.json row 1052: "Smør, saltet", "Butter, salt added", group "Butter";
    // Fedt (141) 81.5077551020408, Vand (268) 15.598, Protein (218) 0.65076, Energi kcal (356) 740.901775510204
    expect(body).toMatchObject({ country: 'DK', dataset: 'dk_frida', name: 'Smør, saltet', name_en: 'Butter, salt added', food_group: 'Butter' });
    expect(value(body, 1004)!.amount).toBeCloseTo(81.5078, 4);
    expect(value(body, 1051)!.amount).toBeCloseTo(15.598, 4);
    expect(value(body, 1003)!.amount).toBeCloseTo(0.65076, 5);
    expect(value(body, 1008)!.amount).toBeCloseTo(740.9018, 4);
    // "salt added" reads as salted: SR 1001 "Butter, salted" is its verified link
    expect((body.links as Link[]).find((l) => l.ingredient_id === 1001)).toMatchObject({ verified: true, answers_for_ingredient: true, rank: 1 });
  });

  it('answers 404 for an unknown code and 400 for a country without a national table', async () => {
    const missing = await t.get('/v1/national-foods/GB/99-999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/problem\+json/);
    const us = await t.get('/v1/national-foods/US/1077');
    expect(us.statusCode).toBe(400);
    expect(us.json()).toMatchObject({ code: 'invalid_parameter' });
    const unknown = await t.get('/v1/national-foods/XX/1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'unsupported_country' });
  });
});

describe('GET /v1/national-foods', () => {
  it('finds CoFID garlic by words in any order, names starting with the text first', async () => {
    const res = await t.get('/v1/national-foods?country=GB&q=garlic%20raw');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data[0]).toMatchObject({ code: '13-244', name: 'Garlic, raw', country: 'GB', dataset: 'uk_cofid' });
    expect(body.data.every((f: { name: string }) => /garlic/i.test(f.name) && /raw/i.test(f.name))).toBe(true);
    expect(body).toMatchObject({ limit: 20, offset: 0, total_exact: true });
    const reversed = (await t.get('/v1/national-foods?country=GB&q=raw%20garlic')).json();
    expect(reversed.total).toBe(body.total);
  });

  it('lists the plain food first: whole words before longer ones, raw before dried (session 12 trial)', async () => {
    // CoFID 2021: 14-319 "Apples, eating, raw, flesh and skin" came after "Apples, eating, dried" (shorter).
    const apples = (await t.get('/v1/national-foods?country=GB&q=apple')).json();
    expect(apples.data[0].name).toMatch(/^Apples?, .*raw/);
    const dried = apples.data.findIndex((f: { name: string }) => /dried/i.test(f.name));
    const raw = apples.data.findIndex((f: { name: string }) => /raw/i.test(f.name));
    expect(raw).toBeLessThan(dried);
    // Matvaretabellen 06-525 "Banan, rå" before 05-448 "Banankake".
    expect((await t.get('/v1/national-foods?country=NO&q=banan')).json().data[0]).toMatchObject({ code: '06-525', name: 'Banan, rå' });
    // BLS 4.0: plain quark ("Speisequark ...", English "Quark < 10 % fat in dry matter") before the
    // compounds that start with the word ("Quarkcreme", "Quark-Plunder": a dessert, a pastry) (session 13 trial).
    const quark = (await t.get('/v1/national-foods?country=DE&q=quark')).json();
    expect(quark.data[0].name).toMatch(/^Speisequark\b/);
  });

  it('finds a table without English names by its English reading ("banana" in Livsmedelsverket)', async () => {
    const body = (await t.get('/v1/national-foods?country=SE&q=banana')).json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.data[0].name).toMatch(/^Banan/);
  });

  it('searches the native name too, accents folded ("Smør" in Frida)', async () => {
    const body = (await t.get('/v1/national-foods?country=dk&q=smør%20saltet')).json();
    expect(body.data.map((f: { code: string }) => f.code)).toContain('1052');
  });

  it('pages through a whole table by code without q', async () => {
    const first = (await t.get('/v1/national-foods?country=SE&limit=5')).json();
    const second = (await t.get('/v1/national-foods?country=SE&limit=5&offset=5')).json();
    expect(first.data).toHaveLength(5);
    expect(second.data).toHaveLength(5);
    // se-livsmedelsverket-2017: 2,000-odd foods
    expect(first.total).toBeGreaterThan(1500);
    expect(second.total).toBe(first.total);
    const codes = [...first.data, ...second.data].map((f: { code: string }) => f.code);
    expect(new Set(codes).size).toBe(10);
    const past = (await t.get(`/v1/national-foods?country=SE&offset=${first.total}`)).json();
    expect(past.data).toEqual([]);
  });

  it('refuses a missing country, a bad limit and an unsupported country with problem+json 400', async () => {
    for (const url of ['/v1/national-foods', '/v1/national-foods?country=GB&limit=0', '/v1/national-foods?country=ZZ', '/v1/national-foods?country=US']) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/application\/problem\+json/);
    }
  });
});

describe('GET /v1/ingredients/:id/nutrients says which national food answered and how it was compared', () => {
  it('answers SR Legacy garlic 11215 in GB from CoFID 13-244', async () => {
    const body = (await t.get('/v1/ingredients/11215/nutrients?country=GB')).json();
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '13-244', name: 'Garlic, raw', method: 'name+profile v5', compared_as: 'Garlic, raw' });
    expect(body.linked_food.name_score).toBeGreaterThan(0.9);
    expect(body.linked_food.profile_score).toBeGreaterThan(0.7);
    // Proximates.csv 13-244: Water 64.3
    expect(body.nutrients.find((n: { nutrient_id: number }) => n.nutrient_id === 1051)).toMatchObject({ amount: 64.3, source: 'uk_cofid' });
  });
});
