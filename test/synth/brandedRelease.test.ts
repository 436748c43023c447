import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, inject, it } from 'vitest';
import { hasValidCheckDigit } from '../../src/domain/gtin.js';
import { SYNTHETIC_ID_BASE, writeSyntheticRelease } from '../../src/synth/brandedRelease.js';

const FILES = ['branded_food.csv', 'food.csv', 'food_nutrient.csv', 'nutrient.csv', 'SYNTHETIC.json'];
const digest = (dir: string) => FILES.map((f) => createHash('sha256').update(readFileSync(path.join(dir, f))).digest('hex'));
const rows = (dir: string, file: string) => parse(readFileSync(path.join(dir, file)), { columns: true }) as Array<Record<string, string>>;

describe('larder synth-branded', () => {
  it('writes the same FDC-format release for the same seed, with valid GTINs outside real ranges', async () => {
    const a = mkdtempSync(path.join(tmpdir(), 'larder-synth-'));
    const b = mkdtempSync(path.join(tmpdir(), 'larder-synth-'));
    const manifest = await writeSyntheticRelease({ sourceDir: inject('sourceDir'), outDir: a, count: 300, seed: 3 });
    await writeSyntheticRelease({ sourceDir: inject('sourceDir'), outDir: b, count: 300, seed: 3 });
    expect(digest(a)).toEqual(digest(b));
    expect(manifest).toMatchObject({ seed: 3, count: 300 });
    expect(manifest.created_from).toContain('usda-fdc-branded-sample');

    const products = rows(a, 'branded_food.csv');
    expect(products).toHaveLength(300);
    const gtins = products.map((p) => p.gtin_upc!);
    expect(new Set(gtins).size).toBe(300);
    for (const gtin of gtins) {
      expect(hasValidCheckDigit(gtin)).toBe(true);
      expect(gtin.replace(/^0/, '')).toMatch(/^2\d{12}$/); // GS1 restricted circulation: never a traded product
    }
    expect(products.every((p) => Number(p.fdc_id) >= SYNTHETIC_ID_BASE)).toBe(true);
    expect(new Set(products.map((p) => p.brand_owner)).size).toBeGreaterThan(50);
    expect(new Set(products.map((p) => p.branded_food_category)).size).toBeGreaterThan(30);
    const names = rows(a, 'food.csv');
    expect(names.every((n) => n.data_type === 'branded_food' && n.description!.length > 0)).toBe(true);
    const values = rows(a, 'food_nutrient.csv');
    expect(values.length).toBeGreaterThan(300 * 5);
    const units = new Map(rows(a, 'nutrient.csv').map((n) => [n.id, n.unit_name]));
    for (const v of values) {
      expect(units.has(v.nutrient_id)).toBe(true);
      if (units.get(v.nutrient_id) === 'G') expect(Number(v.amount)).toBeLessThanOrEqual(110);
    }
  }, 120_000);
});
