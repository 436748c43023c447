import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('reference lists', () => {
  it('lists nutrient definitions from FDC nutrient.csv', async () => {
    const body = (await t.get('/v1/nutrients')).json();
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data.length).toBe(477); // the 2024 Foundation nutrient.csv, a superset of SR Legacy's 474
    expect(body.data).toContainEqual({ id: 1008, usda_id: '208', name: 'Energy', unit: 'kcal' });
    expect(body.data).toContainEqual({ id: 1062, usda_id: '268', name: 'Energy', unit: 'kJ' });
    expect(body.data).toContainEqual({ id: 1162, usda_id: '401', name: 'Vitamin C, total ascorbic acid', unit: 'mg' });
    // the newer release's corrected label wins over SR Legacy's "PUFA 2:4 n-6"
    expect(body.data.find((n: any) => n.id === 1408).name).toBe('PUFA 20:4 n-6');
  });

  it('lists categories with their FDC ids and ingredient counts', async () => {
    const body = (await t.get('/v1/categories')).json();
    expect(body.data).toHaveLength(28);
    expect(body.data[0]).toMatchObject({ id: 1, code: '0100', name: 'Dairy and Egg Products' });
    const total = body.data.reduce((s: number, c: any) => s + c.ingredient_count, 0);
    expect(total).toBe(7793 + 316);
  });

  it('lists every source dataset with version, licence and counts', async () => {
    const body = (await t.get('/v1/sources')).json();
    const ids = body.data.map((d: any) => d.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'agribalyse_3_1', 'fao_infoods_density', 'poore_nemecek_2018', 'su_eatable_life', 'usda_cooking_yields',
        'usda_fndds', 'usda_foundation', 'usda_retention_r6', 'usda_sr28', 'usda_sr_legacy', 'uk_cofid', 'fr_ciqual', 'de_bls', 'dk_frida',
        'off_export_samples', 'off_products_2019', 'usda_branded', 'foodrepo_ch_2018',
      ]),
    );
    expect(ids).toEqual([...ids].sort());
    const sr = body.data.find((d: any) => d.id === 'usda_sr_legacy');
    expect(sr).toMatchObject({ version: '2018-04', licence: 'Public domain (CC0 1.0)', record_counts: { foods: 7793 } });
    expect(body.data.find((d: any) => d.id === 'usda_foundation').record_counts.foods).toBe(316);
    expect(body.data.find((d: any) => d.id === 'usda_fndds').record_counts.survey_foods).toBe(5624);
    expect(body.catalog_version).toMatch(/^[0-9a-f]{16}$/);
  });
});
