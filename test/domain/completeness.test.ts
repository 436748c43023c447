import { describe, expect, it } from 'vitest';
import { completenessFields, completenessMask, completenessRank, maxCompletenessRank, parseHas } from '../../src/domain/completeness.js';

const none = { name: false, brand: false, energy: false, macros: false, servingSize: false, ingredients: false, energyCalculated: false };

describe('completeness', () => {
  it('lists the fields a record has, in a fixed order', () => {
    expect(completenessFields(completenessMask({ ...none, ingredients: true, name: true, energy: true, energyCalculated: true }))).toEqual([
      'name',
      'energy',
      'ingredients',
    ]);
    expect(completenessFields(completenessMask(none))).toEqual([]);
  });

  it('parses has= and names what it does not know', () => {
    expect(parseHas('energy,brand')).toEqual({ mask: completenessMask({ ...none, energy: true, brand: true }), unknown: [] });
    expect(parseHas(' Energy , serving_size ').unknown).toEqual([]);
    expect(parseHas('energy,calories').unknown).toEqual(['calories']);
    expect(parseHas(',').mask).toBe(0);
  });

  it('ranks name + brand + energy first, then energy, then the rest', () => {
    expect(completenessRank(completenessMask({ ...none, name: true, brand: true, energy: true }))).toBe(0);
    expect(completenessRank(completenessMask({ ...none, name: true, energy: true, macros: true }))).toBe(1);
    expect(completenessRank(completenessMask({ ...none, name: true, brand: true, macros: true, servingSize: true }))).toBe(2);
  });

  it('says where in the search order a has= filter can stop', () => {
    expect(maxCompletenessRank(parseHas('energy,brand').mask)).toBe(0);
    expect(maxCompletenessRank(parseHas('energy').mask)).toBe(1);
    expect(maxCompletenessRank(parseHas('macros,ingredients').mask)).toBe(2);
    expect(maxCompletenessRank(0)).toBe(2);
  });
});
