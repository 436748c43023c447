import { describe, expect, it } from 'vitest';
import { missingEnergy } from '../../src/domain/energy.js';

const of = (entries: Array<[number, number]>) => new Map(entries);

describe('missingEnergy', () => {
  it('adds kJ to a stated kcal, and both from the Atwater sums, specific first', () => {
    expect(missingEnergy(of([[1008, 717]]))).toEqual([{ nutrientId: 1062, amount: 2999.9, derivation: 'calculated' }]);
    expect(missingEnergy(of([[2048, 112.20227], [2047, 106.034]]))[0]).toEqual({ nutrientId: 1008, amount: 112.2, derivation: 'atwater_specific' });
    expect(missingEnergy(of([[2047, 48.3298]]))[0]).toMatchObject({ amount: 48.3, derivation: 'atwater_general' });
  });

  it('sums the general factors over a record\'s own macronutrients where it gives no energy', () => {
    // 4 x 10 + 9 x 5 + 4 x 20 + 7 x 2 = 179
    expect(missingEnergy(of([[1003, 10], [1004, 5], [1005, 20], [1018, 2]]))).toEqual([
      { nutrientId: 1008, amount: 179, derivation: 'atwater_general' },
      { nutrientId: 1062, amount: 748.9, derivation: 'atwater_general' },
    ]);
    // a fat or oil, or a food of fat and water alone, counts what it does not give as 0
    expect(missingEnergy(of([[1085, 93.7]]), true)[0]).toMatchObject({ amount: 843.3 });
    expect(missingEnergy(of([[1004, 82.2], [1051, 15.8], [1085, 65]]))[0]).toMatchObject({ amount: 739.8 });
    // anything else needs all three
    expect(missingEnergy(of([[1085, 93.7]]))).toEqual([]);
    expect(missingEnergy(of([[1003, 24.1], [1004, 1.51], [1051, 0]]))).toEqual([]);
    expect(missingEnergy(of([[1003, 1], [1005, 3]]), true)).toEqual([]);
  });
});
