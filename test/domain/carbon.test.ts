import { describe, expect, it } from 'vitest';
import { compileRules, CONCENTRATED_NAME, frenchDqr, matchRule, NOT_ONLY_DRIED_NAME, percentile, perKgConcentrated, perKgCooked, spread } from '../../src/domain/carbon.js';
import mapping from '../../src/importers/mappings/carbon-rules.json' with { type: 'json' };
import { literatureIndex, parseDensityCell } from '../../src/domain/literatureDensity.js';

describe('carbon mapping rules', () => {
  const rules = compileRules(mapping.rules);
  const product = (name: string, categoryCode: string) => {
    const r = matchRule(rules, { name, categoryCode });
    return r ? (r.rule.sel ?? r.rule.selTypology ?? r.rule.pn) : null;
  };
  it('maps by category and whole words, first rule first, exceptions respected', () => {
    expect(product('Garlic, raw', '1100')).toBe('GARLIC');
    expect(product('Cheese, cheddar', '0100')).toBe('CEDDAR');
    expect(product('Cheese, parmesan, grated', '0100')).toBe('PARMIGIANO REGGIANO');
    expect(product('Eggplant, raw', '1100')).toBe('EGGPLANT'); // not eggs: other category
    expect(product('Egg, whole, raw, fresh', '0100')).toBe('EGGS*');
    expect(product('Grapefruit, raw, white, all areas', '0900')).toBe('Citrus Fruit');
    expect(product('Bacon, turkey, unprepared', '0700')).toBe('TURKEY MEAT BONE FREE');
    expect(product('Sugars, granulated', '1900')).toBe('CANE SUGAR');
    expect(product('Ice creams, vanilla, light, no sugar added', '1900')).toBe('ICE CREAM');
    expect(product('Spices, salt, table', '0200')).toBeNull(); // skip rule
    expect(product('Fast foods, hamburger', '2100')).toBeNull();
  });
  it('uses 10th-90th percentile spreads that always hold the value', () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.1)).toBe(2);
    expect(spread(5, [1, 2])).toEqual({ low: 1.1, high: 5 });
    expect(spread(5, [])).toEqual({ low: 5, high: 5 });
    expect([1.2, 2.49, 2.5, 3.54, 4.87].map(frenchDqr)).toEqual([2, 2, 3, 3, 3]);
  });
});

describe('literature densities', () => {
  it('reads numbers and ranges', () => {
    expect(parseDensityCell('1.04')).toBe(1.04);
    expect(parseDensityCell('0.56-0.72')).toBeCloseTo(0.64, 10);
    expect(parseDensityCell('n/a')).toBeNull();
  });
  it('matches the most specific entry with the same head whose words are all in the name', () => {
    const index = literatureIndex([
      { name: 'Cream', gPerMl: 1, printed: '1', biblio: 'x' },
      { name: 'Cream, heavy', gPerMl: 0.994, printed: '0.994', biblio: 'TB' },
      { name: 'Ice cream', gPerMl: 0.55, printed: '0.55', biblio: 'y' },
    ]);
    expect(index.match('Cream, heavy')?.gPerMl).toBe(0.994);
    expect(index.match('Cream, fluid, light')?.gPerMl).toBe(1);
    expect(index.match('Sour cream')).toBeNull();
  });
});

describe('perKgCooked', () => {
  it('divides a raw kilogram\'s footprint by the kilograms it cooks to', () => {
    expect(perKgCooked(2.19, 2.804)).toBeCloseTo(0.781, 3);
    expect(perKgCooked(25.75, 0.691)).toBeCloseTo(37.265, 2);
    expect(() => perKgCooked(1, 0)).toThrow(RangeError);
  });
});

describe('perKgConcentrated', () => {
  it('scales the fresh food\'s footprint by the dry matter a kilogram holds', () => {
    // tomato paste 73.5 % water against fresh tomatoes' 94.52 %
    expect(perKgConcentrated(0.45, 73.5, 94.52)).toBeCloseTo(2.176, 3);
    expect(perKgConcentrated(1, 50, 50)).toBe(1);
    expect(() => perKgConcentrated(1, 100, 90)).toThrow(RangeError);
    expect(() => perKgConcentrated(1, 10, -1)).toThrow(RangeError);
  });

  it('reads names that say water was removed, and not those with something added', () => {
    for (const name of ['Plums, dried (prunes), uncooked', 'Tomato products, canned, paste', 'Onions, dehydrated flakes', 'Tomato powder', 'Shallots, freeze-dried', 'Tomatoes, sun-dried']) {
      expect(CONCENTRATED_NAME.test(name), name).toBe(true);
    }
    expect(CONCENTRATED_NAME.test('Tomatoes, red, ripe, raw')).toBe(false);
    for (const name of ['Cranberries, dried, sweetened', 'Grape juice, purple, from concentrate', 'Tomatoes, sun-dried, packed in oil, drained', 'Papaya, canned, heavy syrup']) {
      expect(NOT_ONLY_DRIED_NAME.test(name), name).toBe(true);
    }
  });
});
