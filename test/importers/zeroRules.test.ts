import path from 'node:path';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, inject, it } from 'vitest';
import { cleanedValues, isCredibleZero, parseZeroRules } from '../../src/domain/zeroRule.js';
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

  it('reads conditions on cleaned values: a 0 read as missing does not meet a condition', () => {
    const chain = parseZeroRules([
      { column: 'Cholesterol', groups: '10', condition: 'Saturated <= 0.5', except: '' },
      { column: 'Retinol', groups: '10', condition: 'Cholesterol <= 0', except: '' },
    ]);
    const raw = (v: Record<string, number>) => (c: string) => v[c] ?? null;
    // A fatty dish: its cholesterol 0 is not credible, so it cannot vouch for the retinol 0.
    const fatty = cleanedValues(chain, '10-001', '10', raw({ Saturated: 2, Cholesterol: 0, Retinol: 0 }));
    expect(fatty('Cholesterol')).toBeNull();
    expect(fatty('Retinol')).toBeNull();
    // A lean one: both zeros stand, whichever is asked first.
    const lean = cleanedValues(chain, '10-002', '10', raw({ Saturated: 0.1, Cholesterol: 0, Retinol: 0 }));
    expect(lean('Retinol')).toBe(0);
    expect(lean('Cholesterol')).toBe(0);
    // Values other than 0 pass through.
    expect(cleanedValues(chain, '10-003', '10', raw({ Retinol: 12 }))('Retinol')).toBe(12);
  });

  it('refuses rules whose conditions form a cycle', () => {
    expect(() =>
      parseZeroRules([
        { column: 'A', groups: '*', condition: 'B <= 0', except: '' },
        { column: 'B', groups: '*', condition: 'C <= 0', except: '' },
        { column: 'C', groups: '01', condition: 'A <= 1', except: '' },
      ]),
    ).toThrow(/cycle \(A -> B -> C -> A\)/);
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
    const raw = (c: string) => (row[c] === undefined || row[c] === '' ? null : Number(row[c]));
    return cleanedValues(rules, code, code.slice(0, 2), raw)(column) === 0;
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

  it('does not let a zero read as missing vouch for another (10-016 "Brun saus, av blokk")', () => {
    // Raw row 10-016 (matvaretabellen.csv): Mettet (g) 0.6, Kolesterol (mg) 0, Retinol (µg) 0,
    // Vitamin B12 (µg) 0. Cholesterol 0 in a dish counts only with at most 0.5 g saturated fat,
    // so this one is missing, and the retinol and B12 rules ("Kolesterol (mg) <= 0") are not met.
    expect(byCode.get('10-016')!['Mettet (g)']).toBe('0.6');
    expect(zero('10-016', 'Kolesterol (mg)')).toBe(false);
    expect(zero('10-016', 'Retinol (µg)')).toBe(false);
    expect(zero('10-016', 'Vitamin B12 (µg)')).toBe(false);
    // Read on the raw cell, the same rule would have kept them (the defect this guards).
    const raw = (c: string) => Number(byCode.get('10-016')![c]);
    expect(isCredibleZero(rules, 'Retinol (µg)', '10-016', '10', raw)).toBe(true);
    // Whereas a credible cholesterol 0 still vouches: carrots 06-036 (plant food).
    expect(zero('06-036', 'Vitamin B12 (µg)')).toBe(true);
  });

  it('drops zeros the food cannot have', () => {
    expect(zero('03-320', 'Kostfiber (g)')).toBe(false); // Kyllingnuggets: breaded (the newer list gives 2 g)
    expect(zero('08-005', 'Magnesium (mg)')).toBe(false); // Smør
    expect(zero('06-062', 'Vitamin D (µg)')).toBe(false); // Sjampinjong, rå: mushrooms make vitamin D
    expect(zero('13-066', 'Kostfiber (g)')).toBe(false); // soy drink
  });
});
