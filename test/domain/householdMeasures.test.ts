import { describe, expect, it } from 'vitest';
import { classifyMeasure, densityFromMeasures, namesTheFood, sizeOfMeasure } from '../../src/domain/householdMeasures.js';

describe('household measures', () => {
  it('classifies volumes and pieces', () => {
    expect(classifyMeasure(1, null, 'cup, chopped')).toMatchObject({ kind: 'volume', unit: 'cup' });
    expect(classifyMeasure(2, 'tablespoon', '')).toMatchObject({ kind: 'volume', unit: 'tbsp', ml: 2 * 14.78676478125 });
    expect(classifyMeasure(1, null, 'fl oz')).toMatchObject({ kind: 'volume', unit: 'fl_oz' });
    expect(classifyMeasure(1, null, 'clove')).toEqual({ kind: 'piece', unit: 'clove' });
    expect(classifyMeasure(3, null, 'cloves')).toEqual({ kind: 'piece', unit: 'clove' });
    expect(classifyMeasure(1, null, 'slice, thin')).toEqual({ kind: 'piece', unit: 'slice' });
    expect(classifyMeasure(1, null, 'large')).toEqual({ kind: 'piece', unit: 'piece' });
    // a stock cube is one piece (SR28 WEIGHT.txt 06075: 1 cube = 3.6 g); a cubic inch is a volume
    expect(classifyMeasure(1, null, 'cube')).toEqual({ kind: 'piece', unit: 'piece' });
    expect(classifyMeasure(1, null, 'cubic inch')).toMatchObject({ kind: 'volume', unit: 'cubic_inch' });
    // a measure stated per sized unit whatever word comes first (SR28 WEIGHT.txt 11352)
    expect(classifyMeasure(1, null, 'Potato medium (2-1/4" to 3-1/4" dia)')).toEqual({ kind: 'piece', unit: 'piece' });
    expect(classifyMeasure(1, null, 'package (10 oz), medium')).toEqual({ kind: 'other' });
    expect(sizeOfMeasure('Potato medium (2-1/4" to 3-1/4" dia)')).toBe('medium');
    expect(sizeOfMeasure('extra large')).toBe('other');
    expect(sizeOfMeasure('slice, thin')).toBeNull();
    expect(classifyMeasure(1, null, 'oz')).toEqual({ kind: 'other' });
    expect(classifyMeasure(1, 'undetermined', 'stick')).toEqual({ kind: 'other' });
  });

  it('reads a measure named by the food itself as one piece of it (SR Legacy food_portion.csv)', () => {
    expect(classifyMeasure(1, null, 'leek', 'Leeks, (bulb and lower leaf-portion), raw')).toEqual({ kind: 'piece', unit: 'piece' });
    expect(classifyMeasure(1, null, 'pomegranate (4" dia)', 'Pomegranates, raw')).toEqual({ kind: 'piece', unit: 'piece' });
    expect(classifyMeasure(1, null, 'bulb', 'Fennel, bulb, raw')).toEqual({ kind: 'piece', unit: 'head' });
    expect(namesTheFood('sweetpotato, 5" long', 'Sweet potato, raw, unprepared')).toBe(true);
    expect(namesTheFood('pepper', 'Peppers, jalapeno, raw')).toBe(true);
    // the next part after a class word, and a name in parentheses
    expect(namesTheFood('almond', 'Nuts, almonds')).toBe(true);
    expect(namesTheFood('prune, pitted', 'Plums, dried (prunes), uncooked')).toBe(true);
    expect(namesTheFood('cup, pitted', 'Plums, dried (prunes), uncooked')).toBe(false);
    expect(namesTheFood('cheddar', 'Cheese, cheddar')).toBe(false);
    expect(namesTheFood('tomato', 'Tomatoes, red, ripe, raw')).toBe(true);
    // a part or another food is not the food
    expect(namesTheFood('cup arils', 'Pomegranates, raw')).toBe(false);
    expect(namesTheFood('pepper', 'Spices, pepper, black')).toBe(false);
    expect(classifyMeasure(1, null, 'leek', 'Onions, raw')).toEqual({ kind: 'other' });
    // a volume stays a volume even when the food is named after it
    expect(classifyMeasure(1, null, 'cup', 'Cup cakes')).toMatchObject({ kind: 'volume' });
  });

  it('prefers the first cup measure and ignores implausible ones', () => {
    const d = densityFromMeasures([
      { seq: 1, amount: 1, unitName: null, description: 'tbsp', gramWeight: 14.2 },
      { seq: 2, amount: 1, unitName: null, description: 'cup', gramWeight: 227 },
      { seq: 3, amount: 1, unitName: null, description: 'cup, melted', gramWeight: 5000 },
    ]);
    expect(d).toEqual({ gPerMl: 227 / 236.5882365, derivedFrom: '1 cup = 227 g' });
    expect(densityFromMeasures([{ seq: 1, amount: 1, unitName: null, description: 'oz', gramWeight: 28.35 }])).toBeNull();
  });
});
