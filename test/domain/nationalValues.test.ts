import { describe, expect, it } from 'vitest';
import { parseNationalValue } from '../../src/domain/nationalValues.js';
import { resolveCountryNutrients } from '../../src/domain/countryNutrients.js';
import { availableCountries } from '../../src/domain/countries.js';

describe('parseNationalValue (the documented value rule)', () => {
  it.each([
    ['12.5', { kind: 'value', amount: 12.5, qualifier: null }],
    ['0,82', { kind: 'value', amount: 0.82, qualifier: null }],
    ['0', { kind: 'value', amount: 0, qualifier: null }],
    ['7.0000000000000007E-2', { kind: 'value', amount: 0.07, qualifier: null }],
    ['(0.07)', { kind: 'value', amount: 0.07, qualifier: 'estimated' }],
    ['Tr', { kind: 'trace' }],
    ['traces', { kind: 'trace' }],
    ['< 0,5', { kind: 'less_than', amount: 0.5 }],
    ['<20', { kind: 'less_than', amount: 20 }],
    ['-', { kind: 'missing' }],
    ['NULL', { kind: 'missing' }],
    ['N', { kind: 'missing' }],
    ['', { kind: 'missing' }],
    ['abc', { kind: 'unreadable', raw: 'abc' }],
  ])('%j', (raw, expected) => {
    const v = parseNationalValue(raw);
    if (v.kind === 'value') expect(v.amount).toBeCloseTo((expected as any).amount, 12);
    expect({ ...v, ...(v.kind === 'value' ? { amount: (expected as any).amount } : {}) }).toEqual(expected);
  });
});

describe('resolveCountryNutrients', () => {
  const reference = [
    { nutrient_id: 1008, name: 'Energy', unit: 'kcal', amount: 717, derivation: 'calculated', rank: 1 },
    { nutrient_id: 1093, name: 'Sodium', unit: 'mg', amount: 643, derivation: null, rank: 5 },
  ];
  it('takes national values where present, falls back per nutrient, adds national-only nutrients', () => {
    const out = resolveCountryNutrients(reference, {
      datasetId: 'uk_cofid',
      nutrients: [
        { nutrient_id: 1008, name: 'Energy', unit: 'kcal', amount: 744, qualifier: null, rank: 1 },
        { nutrient_id: 1098, name: 'Copper', unit: 'mg', amount: null, qualifier: 'trace', rank: 3 },
      ],
    });
    expect(out.map((n) => [n.nutrient_id, n.amount, n.source, n.qualifier])).toEqual([
      [1008, 744, 'uk_cofid', null],
      [1098, 0, 'uk_cofid', 'trace'],
      [1093, 643, 'usda_fallback', null],
      // the kJ the table does not give, converted from its kcal: 744 x 4.184
      [1062, 3112.9, 'uk_cofid', null],
    ]);
  });
  it('without a national food, every nutrient is a fallback', () => {
    expect(resolveCountryNutrients(reference, null).every((n) => n.source === 'usda_fallback')).toBe(true);
  });
  it('offers a country only when its national dataset is loaded', () => {
    expect(availableCountries(['usda_sr_legacy', 'fr_ciqual', 'uk_cofid'])).toEqual(['US', 'GB', 'FR']);
  });
});
