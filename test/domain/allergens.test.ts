import { describe, expect, it } from 'vitest';
import { deriveAllergens } from '../../src/domain/allergens.js';

const flags = (name: string) => deriveAllergens({ name });

describe('allergen rules', () => {
  it.each([
    ['Butter, salted', ['dairy']],
    ['Cookies, butter, commercially prepared, enriched', ['gluten', 'wheat', 'dairy']],
    ['Peanut butter, smooth style, without salt', ['peanuts']],
    ['Nuts, coconut meat, raw', []],
    ['Nuts, almonds', ['nuts']],
    ['Buckwheat flour, whole-groat', []],
    ['Wheat flour, white, all-purpose, enriched, bleached', ['gluten', 'wheat']],
    ['Oats', ['gluten']],
    ['Egg, whole, raw, fresh', ['eggs']],
    ['Eggplant, raw', []],
    ['Fish, salmon, Atlantic, wild, raw', ['fish']],
    ['Crustaceans, shrimp, raw', ['shellfish']],
    ['Mollusks, oyster, eastern, wild, raw', ['molluscs']],
    ['Mushrooms, oyster, raw', []],
    ['Seeds, sesame seeds, whole, dried', ['sesame']],
    ['Soymilk, original and vanilla, unfortified', ['soy']],
    ['Beverages, coconut milk, sweetened', []],
    ['Celery, raw', ['celery']],
    ['Mustard, prepared, yellow', ['mustard']],
    ['Lupins, mature seeds, raw', ['lupin']],
    ['Alcoholic beverage, wine, table, red', ['sulphites']],
    ['Squash, winter, butternut, raw', []],
    ['Nutmeg, ground', []],
    ['Water chestnuts, chinese, raw', []],
  ])('%s -> %j', (name, expected) => {
    expect(flags(name)).toEqual(expected);
  });
});
