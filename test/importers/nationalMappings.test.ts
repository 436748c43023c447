import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { Catalog } from '../../src/catalog/catalog.js';
import { Reference } from '../../src/catalog/reference.js';
import { unitFactor } from '../../src/domain/nationalValues.js';
import { loadMapping, mappingsDir } from '../../src/importers/national/common.js';

const datasets = readdirSync(mappingsDir())
  .filter((f) => f.endsWith('.csv') && !['synonyms.csv', 'food_groups.csv'].includes(f) && !f.startsWith('glossary'))
  .map((f) => path.basename(f, '.csv'));

describe('national nutrient mapping tables', () => {
  const catalog = Catalog.open(inject('catalogPath'));
  const units = new Map(new Reference(catalog).nutrients().map((n) => [n.id, n.unit]));
  catalog.close();

  it('covers every national dataset', () => {
    expect(datasets).toEqual(expect.arrayContaining(['uk_cofid', 'fr_ciqual', 'de_bls', 'dk_frida', 'se_livsmedelsverket']));
  });

  it.each(datasets)('%s: each row maps to a canonical nutrient with the exact unit factor', (id) => {
    const rows = loadMapping(id);
    expect(rows.length).toBeGreaterThan(4);
    for (const row of rows) {
      const canonical = units.get(row.nutrientId);
      expect(canonical, `${id} ${row.column}`).toBeDefined();
      // kJ never becomes kcal (nor the reverse), mg and µg convert by exact powers of ten
      expect(unitFactor(row.sourceUnit, canonical!), `${id} ${row.column}: ${row.sourceUnit} -> ${canonical}`).toBe(row.factor);
    }
    const columns = rows.map((r) => r.column);
    expect(new Set(columns).size).toBe(columns.length);
    const targets = rows.map((r) => r.nutrientId);
    expect(new Set(targets).size, `${id}: two columns map to one nutrient`).toBe(targets.length);
  });

  it('knows kJ from kcal and mg from µg', () => {
    expect(unitFactor('kJ', 'kcal')).toBeNull();
    expect(unitFactor('g', 'mg')).toBe(1000);
    expect(unitFactor('mg', 'µg')).toBe(1000);
    expect(unitFactor('µg', 'mg')).toBe(0.001);
    expect(unitFactor('µg', 'µg RE')).toBeNull();
  });
});
