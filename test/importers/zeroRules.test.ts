import path from 'node:path';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, inject, it } from 'vitest';
import { isCredibleZero, parseZeroRules } from '../../src/domain/zeroRule.js';
import { loadMapping } from '../../src/importers/national/common.js';
import { loadZeroRules } from '../../src/importers/national/matvaretabellen.js';

describe('the zero rule (domain)', () => {
  const rules = parseZeroRules([
    { column: 'Fibre', groups: '03', condition: 'Carb <= 1', except: '' },
    { column: 'Cholesterol', groups: '06', condition: '', except: '06-200' },
    { column: 'Alcohol', groups: '*', condition: '', except: '' },
  ]);
  const values = (v: Record<string, number | null>) => (c: string) => v[c] ?? null;

  it('keeps a 0 only for a listed column and group, when the condition holds', () => {
    expect(isCredibleZero(rules, 'Fibre', '03-001', '03', values({ Carb: 0 }))).toBe(true);
    expect(isCredibleZero(rules, 'Fibre', '03-320', '03', values({ Carb: 12 }))).toBe(false); // breaded: missing
    expect(isCredibleZero(rules, 'Fibre', '03-001', '03', values({}))).toBe(false); // condition unknown: missing
    expect(isCredibleZero(rules, 'Fibre', '01-001', '01', values({ Carb: 0 }))).toBe(false); // group not listed
    expect(isCredibleZero(rules, 'Niacin', '01-001', '01', values({}))).toBe(false); // column not listed
  });

  it('honours exceptions and the "*" group', () => {
    expect(isCredibleZero(rules, 'Cholesterol', '06-036', '06', values({}))).toBe(true);
    expect(isCredibleZero(rules, 'Cholesterol', '06-200', '06', values({}))).toBe(false);
    expect(isCredibleZero(rules, 'Alcohol', '11-001', '11', values({}))).toBe(true);
  });

  it('refuses a malformed rule', () => {
    expect(() => parseZeroRules([{ column: 'Fibre', groups: '03', condition: 'Carb < 1', except: '' }])).toThrow(/condition/);
    expect(() => parseZeroRules([{ column: 'Fibre', groups: ' ', condition: '', except: '' }])).toThrow(/groups/);
  });
});

describe('the Matvaretabellen zero rules (mappings/zero-rules/no_matvaretabellen.csv) on the raw file', () => {
  const rules = loadZeroRules('no_matvaretabellen');
  const mapped = new Set(loadMapping('no_matvaretabellen').map((m) => m.column));
  const file = path.join(inject('sourceDir'), 'no-matvaretabellen-values-saltmat', 'matvaretabellen.csv');
  const rows = parse(readFileSync(file, 'utf8'), { delimiter: ';', bom: true, columns: true, relax_column_count: true }) as Array<
    Record<string, string>
  >;
  const byCode = new Map(rows.map((r) => [r.MatvareID!, r]));
  const zero = (code: string, column: string): boolean => {
    const row = byCode.get(code)!;
    expect(row[column], `${code} ${column} is 0 in the raw file`).toBe('0');
    const value = (c: string) => (row[c] === undefined || row[c] === '' ? null : Number(row[c]));
    return isCredibleZero(rules, column, code, code.slice(0, 2), value);
  };

  it('names only mapped columns', () => {
    for (const r of rules) {
      expect(mapped.has(r.column), r.column).toBe(true);
      if (r.condition) expect(mapped.has(r.condition.column), r.condition.column).toBe(true);
    }
  });

  it('reads the zeros of whole milk 01-001 that milk cannot have as missing', () => {
    for (const c of ['Retinol (µg)', 'Niacin (mg)', 'Tiamin (mg)', 'Jern (mg)', 'Folat (µg)', 'Vitamin D (µg)']) {
      expect(zero('01-001', c), c).toBe(false);
    }
    // ...and keeps the ones it can: no fibre, no alcohol, no starch, (next to) no vitamin C
    for (const c of ['Kostfiber (g)', 'Alkohol (g)', 'Stivelse (g)', 'Vitamin C (mg)']) expect(zero('01-001', c), c).toBe(true);
  });

  it('keeps real zeros: fibre in raw meat, vitamin C in oil, cholesterol and retinol in carrots', () => {
    expect(zero('03-054', 'Kostfiber (g)')).toBe(true); // Storfe, entrecôte, rå: no carbohydrate
    expect(zero('08-019', 'Vitamin C (mg)')).toBe(true); // Olivenolje
    expect(zero('08-019', 'Vitamin B12 (µg)')).toBe(true);
    expect(zero('06-036', 'Kolesterol (mg)')).toBe(true); // Gulrot, norsk, rå
    expect(zero('06-036', 'Retinol (µg)')).toBe(true);
  });

  it('drops zeros the food cannot have', () => {
    expect(zero('03-320', 'Kostfiber (g)')).toBe(false); // Kyllingnuggets: breaded (the newer list gives 2 g)
    expect(zero('08-005', 'Magnesium (mg)')).toBe(false); // Smør
    expect(zero('06-062', 'Vitamin D (µg)')).toBe(false); // Sjampinjong, rå: mushrooms make vitamin D
    expect(zero('13-066', 'Kostfiber (g)')).toBe(false); // soy drink
  });
});
