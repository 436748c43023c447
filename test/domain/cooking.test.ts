import { describe, expect, it } from 'vitest';
import { boundGroupYield, cookNutrients, methodOfPreparation, pairYield, parseCookingName, parseMethod, retentionCodeFor } from '../../src/domain/cooking.js';

describe('parseCookingName', () => {
  it('finds the shared base and the method of raw and cooked records', () => {
    expect(parseCookingName('Broccoli, raw', false)).toEqual({ base: 'broccoli', cooked: false, method: null });
    expect(parseCookingName('Broccoli, cooked, boiled, drained, without salt', false)).toEqual({ base: 'broccoli', cooked: true, method: 'boiling' });
    expect(parseCookingName('Spaghetti, spinach, cooked', false)).toMatchObject({ base: 'spaghetti, spinach', method: 'boiling' });
    expect(parseCookingName('Beef, flank, cooked', true)).toMatchObject({ cooked: true, method: null });
    expect(parseCookingName('Chicken, breast, meat only, cooked, roasted', true)).toMatchObject({ method: 'baking' });
    expect(parseCookingName('Fish, cod, Atlantic, cooked, dry heat', true)).toMatchObject({ cooked: true });
  });
  it('reads a cereal cooked or prepared with water as boiled, and one enrichment said two ways as one (session 15)', () => {
    const dry = parseCookingName('Cereals, oats, regular and quick, not fortified, dry', false, true);
    const porridge = parseCookingName('Cereals, oats, regular and quick, unenriched, cooked with water (includes boiling and microwaving), without salt', false, true);
    expect(porridge).toEqual({ base: dry.base, cooked: true, method: 'boiling' });
    expect(parseCookingName('Cereals, CREAM OF WHEAT, instant, prepared with water, without salt', false, true)).toMatchObject({ cooked: true, method: 'boiling' });
    // a juice concentrate made up with water is diluted, not cooked
    expect(parseCookingName('Lemonade, frozen concentrate, white, prepared with water', false)).toMatchObject({ cooked: false, method: null });
    // porridge takes up more water than any other pair (SR 8120 -> 8121: water 10.84 -> 83.61, fat 6.52 -> 1.52)
    expect(pairYield({ water: 10.84, fat: 6.52 }, { water: 83.61, fat: 1.52 })).toBeCloseTo(5.557, 3);
  });
  it('holds a cooked record\'s borrowed yield at 1, and a dry food\'s at least at its dry matter', () => {
    expect(boundGroupYield('boiling', 2.875, { rawWater: 68.4, boilingYield: undefined, fromOtherCategories: false, cooked: true })).toMatchObject({ y: 1 });
    expect(boundGroupYield('boiling', 2.875, { rawWater: 11.6, boilingYield: undefined, fromOtherCategories: false })).toEqual({ y: 2.875, why: null });
    expect(boundGroupYield('boiling', 0.5, { rawWater: 11.6, boilingYield: undefined, fromOtherCategories: true }).y).toBeCloseTo(0.884, 3);
  });
  it('maps the yields table preparation methods', () => {
    expect(methodOfPreparation('Baked or Roasted, unspecified')).toBe('baking');
    expect(methodOfPreparation('Broiled or Grilled')).toBe('grilling');
    expect(methodOfPreparation('Pan-broiled')).toBe('grilling');
    expect(methodOfPreparation('Pan-fried or Sauteed ')).toBe('frying');
    expect(methodOfPreparation('Poached, Simmered or Stewed')).toBe('boiling');
    expect(methodOfPreparation('Microwaved')).toBeNull();
  });
});

describe('yield and retention', () => {
  it('balances fat-free dry matter', () => {
    expect(pairYield({ water: 10, fat: 1 }, { water: 62, fat: 1 })).toBeCloseTo(89 / 37, 6);
    expect(pairYield({ water: 90 }, { water: 99.99 })).toBeNull(); // implausible
    expect(pairYield({ fat: 1 }, { water: 50 })).toBeNull();
  });
  it('picks retention codes by group, name, fat and method', () => {
    expect(retentionCodeFor({ name: 'Broccoli, raw', categoryCode: '1100' }, 'boiling')).toBe(3775);
    expect(retentionCodeFor({ name: 'Potatoes, raw', categoryCode: '1100' }, 'frying')).toBe(3315);
    expect(retentionCodeFor({ name: 'Fish, salmon, raw', categoryCode: '1500', fat: 13 }, 'baking')).toBe(2451);
    expect(retentionCodeFor({ name: 'Fish, cod, raw', categoryCode: '1500', fat: 0.7 }, 'baking')).toBe(2301);
    expect(retentionCodeFor({ name: 'Pizza', categoryCode: '2100' }, 'steaming')).toBe(3784);
  });
  it('computes cooked amounts per 100 g: raw x retention / yield; water takes up the change of weight', () => {
    const numbers = new Map([[1, '404'], [2, '255'], [3, '203'], [4, '999']]);
    const c = { yieldFactor: 2, retentionByNumber: new Map([['404', 0.8]]), proximate: { protein: 1, fat: 1, energy: 1 } };
    const out = cookNutrients(
      [{ nutrient_id: 1, amount: 1 }, { nutrient_id: 2, amount: 10 }, { nutrient_id: 3, amount: 12 }, { nutrient_id: 4, amount: 5 }],
      numbers,
      c,
    );
    expect(out.map((n) => n.amount)).toEqual([0.4, 55, 6, 2.5]);
    expect(out.map((n) => n.retention_factor)).toEqual([0.8, null, 1, null]);
  });
  it('refuses unknown methods', () => {
    expect(parseMethod(undefined)).toBe('boiling');
    expect(parseMethod('GRILLING')).toBe('grilling');
    expect(() => parseMethod('microwaving')).toThrow(/boiling, frying, baking, steaming, grilling/);
  });
});
