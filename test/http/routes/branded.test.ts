import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nutrient, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ids = (body: any): number[] => body.data.map((p: any) => p.id);

describe('GET /v1/branded?gtin=', () => {
  // branded_food.csv: fdc_id 1377290 "MAPLE CASHEW BUTTER, MAPLE", Justin's, LLC, gtin_upc 840379101331 (UPC-A);
  // fdc_id 1669512 is an older record of the same barcode.
  it.each(['840379101331', '0840379101331', '00840379101331'])('finds the FDC product under the spelling %s', async (gtin) => {
    const res = await t.get(`/v1/branded?gtin=${gtin}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ids(body)).toEqual([1377290, 1669512]);
    expect(body).toMatchObject({ total: 2, total_exact: true, limit: 20, offset: 0 });
    expect(body.data[0]).toMatchObject({
      gtin_upc: '840379101331',
      gtin14: '00840379101331',
      name: 'MAPLE CASHEW BUTTER, MAPLE',
      brand_owner: "Justin's, LLC",
      market_country: 'United States',
      serving_size: 32,
      serving_size_unit: 'g',
      data_quality: 'medium',
      source: 'usda_branded',
    });
  });

  it('finds an Open Food Facts product by its EAN-13 and its UPC-A spelling', async () => {
    // off_products_2019_subset.tsv.gz and fjoalland_openfoodfacts_2019.tsv: 0011150029162 "French Style Green Beans"
    for (const gtin of ['0011150029162', '011150029162', '00011150029162']) {
      const body = (await t.get(`/v1/branded?gtin=${gtin}`)).json();
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({
        id: 100000000000000 + 11150029162,
        name: 'French Style Green Beans',
        brand: "Roundy's",
        household_serving: '120 g (0.5 cup)',
        serving_size: 120,
        serving_size_unit: 'g',
        source: 'off_export_samples', // the full export comes first; the 2019 subset's copy is skipped
      });
    }
  });

  it.each(['1234567', '123456789012345', '12345abc', '', ' 840379101331', '-840379101331'])('answers 400 for gtin=%j', async (gtin) => {
    const res = await t.get(`/v1/branded?gtin=${encodeURIComponent(gtin)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_parameter', errors: [{ parameter: 'gtin' }] });
  });

  it('answers an empty page for a well-formed barcode nobody has', async () => {
    const body = (await t.get('/v1/branded?gtin=00000000000000')).json();
    expect(body).toMatchObject({ data: [], total: 0, total_exact: true });
  });
});

describe('GET /v1/branded/:id', () => {
  it('serves an FDC product with the nutrients of its food_nutrient.csv rows', async () => {
    const res = await t.get('/v1/branded/1377290');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: 1377290, name: 'MAPLE CASHEW BUTTER, MAPLE', basis: 'per 100 g edible portion', source: 'usda_branded' });
    expect(body.completeness).toEqual(['name', 'brand', 'energy', 'macros', 'serving_size', 'ingredients']);
    // food_nutrient.csv rows with fdc_id 1377290: 15 rows, and the kJ the label does not print
    expect(body.nutrients).toHaveLength(16);
    expect(nutrient(body, 1008)).toMatchObject({ name: 'Energy', unit: 'kcal', amount: 625, derivation: 'label' });
    expect(nutrient(body, 1062)).toMatchObject({ unit: 'kJ', amount: 2615, derivation: 'converted_from_kcal' });
    expect(nutrient(body, 1003)).toMatchObject({ unit: 'g', amount: 12.5 });
    expect(nutrient(body, 1004).amount).toBe(46.88);
    expect(nutrient(body, 1005).amount).toBe(34.38);
    expect(nutrient(body, 1093)).toMatchObject({ unit: 'mg', amount: 312 });
    expect(nutrient(body, 1087).amount).toBe(0); // a stated zero (row 14690) is kept
    expect(nutrient(body, 1110)).toMatchObject({ unit: 'IU', amount: 0 });
    expect(nutrient(body, 1162)).toBeUndefined(); // no vitamin C row: absent, never 0
  });

  it('reads a UPC-E and the UPC-A it stands for as one product, the more complete record first', async () => {
    // off_products_2019: "Simply Heinz Tomato Ketchup" is 01346400 (UPC-E, with its nutrients) and
    // 0013000004640 (UPC-A 013000004640, without). Either spelling scanned finds both.
    const upcA = (await t.get('/v1/branded?gtin=013000004640')).json();
    const upcE = (await t.get('/v1/branded?gtin=01346400')).json();
    expect(upcA.data.map((d: { id: number }) => d.id).sort()).toEqual([100000001346400, 100013000004640]);
    expect(upcE.data.map((d: { id: number }) => d.id).sort()).toEqual([100000001346400, 100013000004640]);
    expect(upcA.data[0].id).toBe(upcE.data[0].id);
    // An EAN-13 that is no UPC is read as itself only.
    expect((await t.get('/v1/branded?gtin=3017620422003')).json().data.every((d: { gtin_upc: string }) => d.gtin_upc.endsWith('3017620422003'))).toBe(true);
  });

  it('serves energy in both units where the label prints one (energy_100g is kJ where energy-kj_100g is empty)', async () => {
    // off-export-samples (pventrella): 660805000966 "Amaretti": energy-kcal_100g 451, energy_100g 1887, energy-kj_100g empty.
    const amaretti = (await t.get('/v1/branded/100660805000966')).json();
    expect(nutrient(amaretti, 1008)).toMatchObject({ amount: 451, derivation: 'label' });
    expect(nutrient(amaretti, 1062)).toMatchObject({ amount: 1887, derivation: 'label' });
    // off-export-samples (fjoalland, the 2019 format): 20645809 "Surtido de turrón": energy_100g 2381, no kcal column.
    const turron = (await t.get('/v1/branded/100000020645809')).json();
    expect(nutrient(turron, 1062)).toMatchObject({ amount: 2381, derivation: 'label' });
    expect(nutrient(turron, 1008)).toMatchObject({ unit: 'kcal', derivation: 'converted_from_kj' });
    expect(nutrient(turron, 1008).amount).toBeCloseTo(2381 / 4.184, 1);
  });

  it('serves an Open Food Facts product with per-100 g values converted to FDC units', async () => {
    // off_products_2019_subset.tsv.gz: 0000000000017 "Vitória crackers": fat 7, sat 3.08, carbs 70.1, sugars 15, protein 7.8, sodium 0.551181102362205 g
    const body = (await t.get('/v1/branded/100000000000017')).json();
    expect(body).toMatchObject({ name: 'Vitória crackers', gtin_upc: '0000000000017', data_quality: 'low', serving_size: null, source: 'off_products_2019' });
    // Energy is not in the subset: calculated from fat, carbohydrate and protein (EU 1169/2011 Annex XIV).
    expect(body.nutrients.map((n: any) => n.nutrient_id).sort()).toEqual([1003, 1004, 1005, 1008, 1062, 1093, 1258, 2000]);
    expect(nutrient(body, 1004)).toMatchObject({ amount: 7, derivation: 'label', source: 'off_products_2019' });
    // 9 x 7 + 4 x 70.1 + 4 x 7.8 = 374.6 kcal; 37 x 7 + 17 x 70.1 + 17 x 7.8 = 1583.3 kJ
    expect(nutrient(body, 1008)).toMatchObject({ unit: 'kcal', amount: 374.6, derivation: 'calculated_eu_1169', source: 'off_products_2019' });
    expect(nutrient(body, 1062)).toMatchObject({ unit: 'kJ', amount: 1583.3, derivation: 'calculated_eu_1169', source: 'off_products_2019' });
    expect(body.completeness).toEqual(['name', 'energy', 'macros']);
    expect(nutrient(body, 1093)).toMatchObject({ unit: 'mg', amount: 551.181102362 });
    expect(nutrient(body, 1079)).toBeUndefined(); // fiber cell empty
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await t.get('/v1/branded/1')).statusCode).toBe(404);
    expect((await t.get('/v1/branded/abc')).statusCode).toBe(400);
    expect((await t.get('/v1/branded/99999999999999999999')).statusCode).toBe(400);
    // Every 404 says how to look up a barcode; a barcode sent as the id is pointed to its product.
    expect((await t.get('/v1/branded/1')).json().detail).toContain('/v1/branded?gtin=');
    const barcode = (await t.get('/v1/branded/3017620422003')).json();
    const nutella = (await t.get('/v1/branded?gtin=3017620422003')).json().data[0];
    expect(barcode.detail).toContain(`GET /v1/branded?gtin=3017620422003 finds it (product id ${nutella.id})`);
  });
});

describe('FoodRepo products merged with Open Food Facts by barcode', () => {
  it('keeps one product per GTIN, label values from FoodRepo, what it lacks from OFF, each with its source', async () => {
    // foodrepo_food_table_2018-01-08.csv: 20000684 "Confiture extra de fruits rouges": carbohydrates 60, 1060 kJ, 250 kcal,
    // fat 0.2, protein 0.4, salt 0.02, sugars 51, monounsaturated 0.1; no fiber, no saturated fat.
    // off_products_2019_subset.tsv.gz: 20000684: fat 0.1, saturated 0.1, carbohydrates 57, sugars 52, fiber 2, protein 0.4.
    const body = (await t.get('/v1/branded?gtin=20000684')).json();
    expect(body.total).toBe(1);
    const product = (await t.get(`/v1/branded/${body.data[0].id}`)).json();
    expect(product).toMatchObject({ id: 100000020000684, name: 'Confiture extra de fruits rouges', brand: null, source: 'foodrepo_ch_2018' });
    expect(product.ingredients_list).toMatch(/^Fruits \(framboises \(25%\)/); // OFF's label text
    expect(nutrient(product, 1008)).toMatchObject({ amount: 250, derivation: 'label', source: 'foodrepo_ch_2018' });
    expect(nutrient(product, 1062)).toMatchObject({ amount: 1060, derivation: 'label', source: 'foodrepo_ch_2018' });
    expect(nutrient(product, 1004)).toMatchObject({ amount: 0.2, source: 'foodrepo_ch_2018' }); // FoodRepo's value wins
    expect(nutrient(product, 1005)).toMatchObject({ amount: 60, source: 'foodrepo_ch_2018' });
    expect(nutrient(product, 1079)).toMatchObject({ amount: 2, derivation: 'label', source: 'off_products_2019' });
    expect(nutrient(product, 1258)).toMatchObject({ amount: 0.1, source: 'off_products_2019' });
    expect(nutrient(product, 1093)).toMatchObject({ amount: 8, derivation: 'calculated', source: 'foodrepo_ch_2018' }); // 0.02 g salt / 2.5
  });

  it('says per 100 ml for drinks FoodRepo gives per 100 ml', async () => {
    // foodrepo: 7616800205113 "Migros Ice Tea mit Pfirsicharoma", unit ml, 119 kJ, 28 kcal, carbohydrates 7
    const product = (await t.get('/v1/branded/107616800205113')).json();
    expect(product).toMatchObject({ name: 'Migros Ice Tea mit Pfirsicharoma', basis: 'per 100 ml', brand: null });
    expect(nutrient(product, 1008)).toMatchObject({ amount: 28, derivation: 'label' });
    const solid = (await t.get('/v1/branded/107613269763604')).json(); // "M Budget Kartoffelsalat", unit g
    expect(solid.basis).toBe('per 100 g edible portion');
    expect(nutrient(solid, 1008)).toMatchObject({ amount: 93, derivation: 'label', source: 'foodrepo_ch_2018' });
  });

  it('rejects a FoodRepo row with implausible energy, keeping the OFF record of the barcode', async () => {
    // foodrepo: 8000430132014 "Galbani Mozzarella Cucina" 984 kcal / 4120 kJ (above 900 kcal): rejected.
    // off_products_2019: "Mozzarella Cuisine" fat 19, carbohydrates 2.2, protein 20: 9x19 + 4x2.2 + 4x20 = 259.8 kcal.
    const product = (await t.get('/v1/branded/108000430132014')).json();
    expect(product).toMatchObject({ name: 'Mozzarella Cuisine', source: 'off_products_2019' });
    expect(nutrient(product, 1008)).toMatchObject({ amount: 259.8, derivation: 'calculated_eu_1169' });
    const sources = (await t.get('/v1/sources')).json();
    const foodRepo = sources.data.find((d: any) => d.id === 'foodrepo_ch_2018');
    expect(foodRepo.licence).toMatch(/CC BY 4\.0/);
    expect(foodRepo.attribution).toMatch(/FoodRepo/);
    // python csv over the table: 54 rows above 900 kcal (or 3766 kJ); 326 more whose kJ/kcal is off by > 7.5 % and > 10 kJ.
    expect(foodRepo.record_counts).toMatchObject({ rows: 21127, rejected_above_900_kcal: 54, rejected_kj_kcal_mismatch: 326 });
  });
});

describe('a barcode several records share', () => {
  it('answers the most complete record first, in a lookup and in the batch', async () => {
    // branded_food.csv: fdc_id 1107191, gtin_upc 00877448001674, no description, no nutrients;
    // off_products_2019: 877448001674 "Giovanni Rana, Marinara Sauce" with its nutrients.
    const body = (await t.get('/v1/branded?gtin=877448001674')).json();
    expect(body.data.map((p: any) => p.id)).toEqual([100877448001674, 1107191]);
    // fdc 2371594 "Tappers Bnls Wings" and the nameless 1106032 share 10038034720202.
    expect((await t.get('/v1/branded?gtin=10038034720202')).json().data[0]).toMatchObject({ id: 2371594, name: 'Tappers Bnls Wings' });
    const batch = await t.app.inject({
      method: 'POST',
      url: '/v1/branded/batch',
      headers: { 'x-api-key': t.key, 'content-type': 'application/json' },
      payload: JSON.stringify({ gtins: ['00877448001674', '10038034720202'] }),
    });
    expect(batch.json().data.map((p: any) => p.id)).toEqual([100877448001674, 2371594]);
  });
});

describe('GET /v1/branded?brand=', () => {
  it('lists a brand as name search does: records with a name, a brand and energy first, bare records last', async () => {
    // "kellogg" matches the FDC sample's Kellogg records (branded_food.csv gives them no name in this
    // release) and named Open Food Facts export products.
    const body = (await t.get('/v1/branded?brand=kellogg&limit=100')).json();
    expect(body.data.length).toBeGreaterThan(10);
    const rank = (p: { completeness: string[] }) =>
      ['name', 'brand', 'energy'].every((f) => p.completeness.includes(f)) ? 0 : p.completeness.includes('energy') ? 1 : 2;
    const ranks: number[] = body.data.map(rank);
    expect(ranks[0]).toBe(0);
    expect(body.data[0].name).not.toBeNull();
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // by id within each rank
    for (let i = 1; i < body.data.length; i++) if (ranks[i] === ranks[i - 1]) expect(body.data[i].id).toBeGreaterThan(body.data[i - 1].id);
  });
});

describe('GET /v1/branded?has=', () => {
  it('keeps only records with every field asked for', async () => {
    const body = (await t.get('/v1/branded?has=energy,brand&limit=100')).json();
    expect(body.data.length).toBe(100);
    for (const p of body.data) expect(p.completeness).toEqual(expect.arrayContaining(['energy', 'brand']));
    const q = (await t.get('/v1/branded?q=nutella&has=energy,brand&limit=100')).json();
    expect(q.total).toBeGreaterThan(0);
    for (const p of q.data) expect(p.completeness).toEqual(expect.arrayContaining(['energy', 'brand']));
    const all = (await t.get('/v1/branded?q=nutella&limit=1')).json();
    expect(q.total).toBeLessThan(all.total);
    const brand = (await t.get('/v1/branded?brand=roundy&has=serving_size&limit=100')).json();
    expect(brand.total).toBeGreaterThan(0);
    expect(brand.total).toBeLessThanOrEqual(41);
    for (const p of brand.data) expect(p.serving_size).not.toBeNull();
  });

  it('pages a filtered name search without repeating or skipping', async () => {
    const whole = ids((await t.get('/v1/branded?q=chocolate&has=energy,macros&limit=60')).json());
    const paged: number[] = [];
    for (let offset = 0; offset < 60; offset += 20) {
      paged.push(...ids((await t.get(`/v1/branded?q=chocolate&has=energy,macros&limit=20&offset=${offset}`)).json()));
    }
    expect(paged).toEqual(whole);
    expect(new Set(paged).size).toBe(60);
  });

  it.each(['bogus', 'energy,calories', '', ','])('answers 400 for has=%j', async (has) => {
    const res = await t.get(`/v1/branded?has=${encodeURIComponent(has)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_parameter', errors: [{ parameter: 'has' }] });
  });
});

describe('GET /v1/branded?brand=', () => {
  it('matches the brand words FoodRepo names begin with, without inventing a brand', async () => {
    const body = (await t.get('/v1/branded?brand=migros&q=ice+tea&limit=100')).json();
    expect(ids(body)).toContain(107616800205113);
    for (const p of body.data) expect(`${p.brand ?? ''} ${p.brand_owner ?? ''} ${p.name}`.toLowerCase()).toContain('migros');
    const coop = (await t.get('/v1/branded?brand=coop&limit=100')).json();
    expect(coop.total).toBeGreaterThan(1000); // "Coop" begins 2,223 FoodRepo names
  });

  it('matches part of the brand owner, in any case', async () => {
    for (const brand of ['justin', "JUSTIN'S", 'ustin']) {
      const body = (await t.get(`/v1/branded?brand=${encodeURIComponent(brand)}&limit=100`)).json();
      expect(ids(body)).toContain(1377290);
      // A product without a brand field matches by the first words of its name (FoodRepo).
      for (const p of body.data) {
        const text = p.brand === null && p.brand_owner === null ? p.name : `${p.brand} ${p.brand_owner}`;
        expect(text.toLowerCase()).toContain(brand.toLowerCase());
      }
    }
  });

  it('matches part of the brand name, accents folded, complete records first, in id order within', async () => {
    // 27 rows of branded_food.csv have brand_owner ROUNDY'S; 14 rows of fjoalland_openfoodfacts_2019.tsv have brands "Roundy's"
    const body = (await t.get('/v1/branded?brand=roundy&limit=100')).json();
    expect(body).toMatchObject({ total: 41, total_exact: true });
    expect(body.data.filter((p: any) => p.source === 'usda_branded')).toHaveLength(27);
    expect(body.data.some((p: any) => p.brand === "Roundy's")).toBe(true);
    // The 14 named Open Food Facts products with energy come before the 27 nameless FDC records.
    const fdc = body.data.findIndex((p: any) => p.source === 'usda_branded');
    expect(body.data.slice(fdc).every((p: any) => p.source === 'usda_branded')).toBe(true);
    for (const part of [body.data.slice(0, fdc), body.data.slice(fdc)]) {
      const partIds = part.map((p: any) => p.id);
      expect(partIds).toEqual([...partIds].sort((a: number, b: number) => a - b));
    }
    const accented = (await t.get(`/v1/branded?brand=${encodeURIComponent('nestlé')}`)).json();
    const plain = (await t.get('/v1/branded?brand=nestle')).json();
    expect(accented.total).toBe(plain.total);
    expect(plain.total).toBeGreaterThan(0);
  });

  it('answers a brand whose word starts with the text before names that hold it inside a word (session 17 user trial)', async () => {
    // branded_food.csv: brand_owner "Arla Foods, Inc."; FoodRepo 7610405067244 "Gautschi Bärlauch-Mayonnaise" has
    // no brand field, its leading name words stand for one, and "barlauch" holds "arla" inside a word.
    const body = (await t.get('/v1/branded?brand=arla&limit=100')).json();
    expect(body.total).toBeGreaterThan(0);
    expect(ids(body)).not.toContain(107610405067244);
    for (const p of body.data) expect(`${p.brand ?? ''} ${p.brand_owner ?? ''}`.toLowerCase()).toMatch(/(^|[^a-z0-9])arla/);
  });

  it('combines with q', async () => {
    const body = (await t.get('/v1/branded?q=green+beans&brand=roundy')).json();
    expect(ids(body)).toContain(100000000000000 + 11150029162);
    for (const p of body.data) expect(p.name.toLowerCase()).toContain('green bean');
  });
});

describe('GET /v1/branded?q=', () => {
  it('puts the closest names first', async () => {
    const body = (await t.get('/v1/branded?q=chocolate+chip+cookies')).json();
    expect(body.data[0].name.toLowerCase()).toBe('chocolate chip cookies');
    const nutella = (await t.get('/v1/branded?q=nutella')).json();
    expect(nutella.data.slice(0, 5).every((p: any) => p.name.toLowerCase() === 'nutella')).toBe(true);
    // Names starting with the text come before names that only contain it.
    const peanut = (await t.get('/v1/branded?q=peanut+butter&limit=100')).json();
    const starts = peanut.data.map((p: any) => p.name.toLowerCase().replace(/[^a-z0-9]+/g, ' ').startsWith('peanut butter'));
    expect(starts[0]).toBe(true);
    expect(starts.indexOf(false) === -1 || !starts.slice(starts.indexOf(false)).includes(true)).toBe(true);
  });

  it('puts records with a name, a brand and energy first within each group', async () => {
    const body = (await t.get('/v1/branded?q=nutella&limit=100')).json();
    const exact = body.data.filter((p: any) => p.name.toLowerCase() === 'nutella');
    const rank = (p: any) => (['name', 'brand', 'energy'].every((f) => p.completeness.includes(f)) ? 0 : p.completeness.includes('energy') ? 1 : 2);
    expect(exact.length).toBeGreaterThan(5);
    expect(rank(exact[0])).toBe(0);
    const ranks = exact.map(rank);
    expect(ranks).toEqual([...ranks].sort((a: number, b: number) => a - b));
  });

  it('matches the last word as a prefix and folds accents', async () => {
    const body = (await t.get(`/v1/branded?q=${encodeURIComponent('vitoria crack')}`)).json();
    expect(ids(body)).toContain(100000000000017);
  });

  it('reports an exact total up to 10,000 and a lower bound past it', async () => {
    const rare = (await t.get('/v1/branded?q=nutella')).json();
    expect(rare.total_exact).toBe(true);
    expect(rare.total).toBeGreaterThan(100);
    const common = (await t.get('/v1/branded?q=chocolat')).json();
    expect(common).toMatchObject({ total: 10000, total_exact: false });
  });

  it('pages without repeating or skipping', async () => {
    const whole = ids((await t.get('/v1/branded?q=chicken&limit=100')).json());
    const paged: number[] = [];
    for (let offset = 0; offset < 100; offset += 20) paged.push(...ids((await t.get(`/v1/branded?q=chicken&limit=20&offset=${offset}`)).json()));
    expect(paged).toEqual(whole);
    expect(new Set(paged).size).toBe(100);
    const byId = ids((await t.get('/v1/branded?limit=50&offset=0')).json());
    const byIdPaged = [...ids((await t.get('/v1/branded?limit=25&offset=0')).json()), ...ids((await t.get('/v1/branded?limit=25&offset=25')).json())];
    expect(byIdPaged).toEqual(byId);
  });

  it('refuses to page past the result window, but answers an empty page past a small result', async () => {
    const deep = await t.get('/v1/branded?q=chocolat&offset=9990&limit=20');
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ code: 'invalid_parameter', errors: [{ parameter: 'offset' }] });
    const past = await t.get('/v1/branded?q=nutella&offset=50000');
    expect(past.statusCode).toBe(200);
    expect(past.json().data).toEqual([]);
  });
});

describe('GET /v1/branded?q= with a misspelt word', () => {
  it('reads a word few names hold as the common word one or two letters away, after what the typed words find', async () => {
    // off_products_2019_subset.tsv.gz: 80762003 is named "Nutela" (no other field); 223 names say "Nutella".
    const body = (await t.get('/v1/branded?q=nutela&limit=5')).json();
    expect(body.data[0]).toMatchObject({ id: 100000080762003, name: 'Nutela' });
    expect(body.data.slice(1).every((p: any) => p.name.toLowerCase() === 'nutella')).toBe(true);
    expect(body.data[1].brand).toMatch(/ferrero/i);
    expect(body).toMatchObject({ total: 224, total_exact: true });
    // The pages of the merged list neither repeat nor skip a record.
    const whole = ids((await t.get('/v1/branded?q=nutela&limit=12')).json());
    const paged = [...ids((await t.get('/v1/branded?q=nutela&limit=4')).json()), ...ids((await t.get('/v1/branded?q=nutela&limit=8&offset=4')).json())];
    expect(paged).toEqual(whole);
    expect(new Set(whole).size).toBe(12);
  });

  it('corrects any word of the query, and leaves a word many names hold alone', async () => {
    // OFF 8715700421650 "Heinz Ketchup": "ketchp" is in no name.
    const ketchup = (await t.get('/v1/branded?q=heinz+ketchp')).json();
    expect(ketchup.total).toBeGreaterThan(10);
    expect(ketchup.data[0].name).toBe('Heinz Ketchup');
    expect((await t.get('/v1/branded?q=doritoes')).json().data[0].name).toBe('Doritos');
    const plain = (await t.get('/v1/branded?q=nutella')).json();
    expect(plain.total).toBe(223);
    // A last word being typed is a prefix, not a misspelling ("nutel" finds the jars as they are).
    expect((await t.get('/v1/branded?q=nutel')).json().data[0].name.toLowerCase()).toBe('nutella');
  });

  it('combines the correction with brand and has', async () => {
    const body = (await t.get('/v1/branded?q=nutela&brand=ferrero&has=brand,energy')).json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.data.every((p: any) => /ferrero/i.test(`${p.brand} ${p.brand_owner}`) && p.name.toLowerCase().includes('nutella'))).toBe(true);
  });
});

describe('hostile input', () => {
  const hostile = [
    '"',
    '""',
    "'",
    'chicken"',
    'NEAR(a b)',
    'a OR b NOT c',
    '*',
    '^chicken',
    'name:chicken',
    '(((',
    '-',
    'chocolate AND',
    '\u0000',
    '🍫 chocolate',
    'çaféïne',
    '中文',
    'x'.repeat(200),
    'a b c d e f g h i j k l m n',
    'x'.repeat(10_240),
  ];
  it.each(hostile.map((s) => [s.length > 40 ? `${s.slice(0, 20)}… (${s.length} chars)` : s, s]))('q=%s answers 200 or 400', async (_label, q) => {
    const res = await t.get(`/v1/branded?q=${encodeURIComponent(q)}`);
    expect([200, 400]).toContain(res.statusCode);
    if (res.statusCode === 400) expect(res.json().code).toBe('invalid_parameter');
  });
  it.each(hostile.map((s) => [s.length > 40 ? `${s.slice(0, 20)}… (${s.length} chars)` : s, s]))('brand=%s answers 200 or 400', async (_label, brand) => {
    const res = await t.get(`/v1/branded?brand=${encodeURIComponent(brand)}`);
    expect([200, 400]).toContain(res.statusCode);
  });
  it('says why a long or wordy query is refused', async () => {
    expect((await t.get(`/v1/branded?q=${'x'.repeat(10_240)}`)).json()).toMatchObject({ errors: [{ parameter: 'q' }] });
    expect((await t.get('/v1/branded?q=a+b+c+d+e+f+g+h+i')).json()).toMatchObject({ errors: [{ parameter: 'q' }] });
  });
});

describe('release', () => {
  it('says which branded release the catalogue serves', async () => {
    const ready = (await t.app.inject({ method: 'GET', url: '/readyz' })).json();
    expect(ready.catalog.branded_release).toBe('real');
    const sources = (await t.get('/v1/sources')).json();
    expect(sources.branded_release).toBe('real');
    const off = sources.data.find((d: any) => d.id === 'off_products_2019');
    expect(off.licence).toMatch(/ODbL/);
    expect(off.attribution).toMatch(/Open Food Facts/);
    expect(sources.data.find((d: any) => d.id === 'usda_branded').record_counts.branded_products).toBe(9541);
    expect(sources.data.some((d: any) => d.id === 'synthetic_branded')).toBe(false);
  });

  it("reports each source's energy coverage (the README's table)", async () => {
    const sources = (await t.get('/v1/sources')).json();
    const counts = (id: string) => sources.data.find((d: any) => d.id === id).record_counts;
    // off_products_2019 has no energy column: every energy there is calculated.
    expect(counts('off_products_2019')).toMatchObject({ products_first_source: 797407, with_energy: 668687, with_energy_calculated_eu_1169: 668687 });
    expect(counts('foodrepo_ch_2018')).toMatchObject({ products_first_source: 20649, with_energy: 16746, with_energy_calculated_eu_1169: 1197 });
    expect(counts('off_export_samples')).toMatchObject({ products_first_source: 2801, with_energy: 2545, with_energy_calculated_eu_1169: 45 });
    expect(counts('usda_branded')).toMatchObject({ products_first_source: 9541, with_energy: 22, with_energy_calculated_eu_1169: 0 });
    const all = ['off_products_2019', 'foodrepo_ch_2018', 'off_export_samples', 'usda_branded'].map(counts);
    const share = all.reduce((s, c) => s + c.with_energy, 0) / all.reduce((s, c) => s + c.products_first_source, 0);
    expect(share).toBeCloseTo(0.8285, 3);
    // every product is counted once, under its first source
    const total = (await t.get('/v1/branded?limit=1')).json().total;
    expect(all.reduce((s, c) => s + c.products_first_source, 0)).toBe(total);
  });
});
