import { describe, expect, it } from 'vitest';
import { ALL_UNITS, convert, parseSize, parseSystem, parseUnit, pieceSizesFrom, pieceWeightsFrom } from '../../src/domain/conversion.js';

describe('parseUnit', () => {
  it('reads the usual spellings, case-insensitively', () => {
    expect(parseUnit('Tablespoons')).toBe('tbsp');
    expect(parseUnit('fl_oz')).toBe('fl oz');
    expect(parseUnit('FL. OZ.')).toBe('fl oz');
    expect(parseUnit('fluid-ounces')).toBe('fl oz');
    expect(parseUnit(' grams ')).toBe('g');
    expect(parseUnit('LBS')).toBe('lb');
    expect(parseUnit('Cloves')).toBe('clove');
    expect(parseUnit('bunches')).toBe('bunch');
    expect(parseUnit('furlong')).toBeNull();
    expect(parseUnit('')).toBeNull();
    for (const unit of ALL_UNITS) expect(parseUnit(unit.toUpperCase())).toBe(unit);
  });
  it('reads systems, defaulting to us', () => {
    expect(parseSystem(undefined)).toBe('us');
    expect(parseSystem('US-Legal')).toBe('us_legal');
    expect(parseSystem('imperial')).toBeNull();
  });
});

describe('convert', () => {
  const base = { system: 'us' as const, density: { gPerMl: 0.5, source: 'usda' }, pieces: { clove: { grams: 3, measure: '1 clove = 3 g', size: null } } };
  it('goes through grams across kinds and needs no density within a kind', () => {
    expect(convert({ ...base, from: 'ml', to: 'g', amount: 100 })).toMatchObject({ amount: 50, densitySource: 'usda' });
    expect(convert({ ...base, from: 'kg', to: 'g', amount: 2 })).toMatchObject({ amount: 2000, densitySource: 'none' });
    expect(convert({ ...base, from: 'clove', to: 'ml', amount: 2 })).toMatchObject({ amount: 12, densitySource: 'usda' });
  });
  it('refuses a piece unit without a weight with conversion_unavailable, naming the ones there are', () => {
    expect(() => convert({ ...base, from: 'head', to: 'g', amount: 1 })).toThrow(/piece units it has: clove/);
  });
  it('takes piece weights per piece from the first measure of each unit', () => {
    const pieces = pieceWeightsFrom([
      { amount: 3, description: 'cloves', gram_weight: 9, measure_kind: 'piece', measure_unit: 'clove' },
      { amount: 1, description: 'clove', gram_weight: 4, measure_kind: 'piece', measure_unit: 'clove' },
      { amount: 1, description: 'cup', gram_weight: 136, measure_kind: 'volume', measure_unit: 'cup' },
    ]);
    // With no piece of its own, a "piece" is the clove (decisions.md "Piece sizes").
    const clove = { grams: 3, measure: '3 cloves = 9 g', size: null };
    expect(pieces).toEqual({ clove, piece: clove });
  });
  it('takes the medium piece by default and the size asked for (SR28 WEIGHT.txt 11282 onions)', () => {
    const onion = [
      { amount: 1, description: 'large', gram_weight: 150, measure_kind: 'piece', measure_unit: 'piece' },
      { amount: 1, description: 'slice, large (1/4" thick)', gram_weight: 38, measure_kind: 'piece', measure_unit: 'slice' },
      { amount: 1, description: 'medium (2-1/2" dia)', gram_weight: 110, measure_kind: 'piece', measure_unit: 'piece' },
      { amount: 1, description: 'slice, medium (1/8" thick)', gram_weight: 14, measure_kind: 'piece', measure_unit: 'slice' },
      { amount: 1, description: 'small', gram_weight: 70, measure_kind: 'piece', measure_unit: 'piece' },
      { amount: 1, description: 'slice, thin', gram_weight: 9, measure_kind: 'piece', measure_unit: 'slice' },
    ];
    expect(pieceWeightsFrom(onion)).toEqual({
      piece: { grams: 110, measure: '1 medium (2-1/2" dia) = 110 g', size: 'medium' },
      slice: { grams: 14, measure: '1 slice, medium (1/8" thick) = 14 g', size: 'medium' },
    });
    expect(pieceWeightsFrom(onion, 'large').piece).toMatchObject({ grams: 150, size: 'large' });
    expect(pieceWeightsFrom(onion, 'small').piece).toMatchObject({ grams: 70, size: 'small' });
    // no small slice: left out, so converting with it is 422
    expect(pieceWeightsFrom(onion, 'small').slice).toBeUndefined();
    expect(pieceSizesFrom(onion)).toEqual({ piece: ['large', 'medium', 'small'], slice: ['large', 'medium'] });
    expect(parseSize('LARGE')).toBe('large');
    expect(parseSize('huge')).toBeNull();
  });
});
