import { describe, expect, it } from 'vitest';
import { checkLabelEnergy, parsePythonList } from '../../src/importers/foodRepo.js';

describe('FoodRepo label energy check', () => {
  it('accepts a consistent label and rejects the data-entry errors of the real table', () => {
    // foodrepo_food_table_2018-01-08.csv row 0 (7613269763604): 387 kJ, 93 kcal
    expect(checkLabelEnergy(93, 387)).toBe('ok');
    // 7616500643031: 109 kJ typed with 1005 kcal; 8000430132014 "Galbani Mozzarella Cucina": 4120 kJ, 984 kcal
    expect(checkLabelEnergy(1005, 109)).toBe('above_900_kcal');
    expect(checkLabelEnergy(984, 4120)).toBe('above_900_kcal');
    expect(checkLabelEnergy(null, 4000)).toBe('above_900_kcal');
    // 20694616: 546 kJ with 2280 kcal (the two swapped)
    expect(checkLabelEnergy(2280, 546)).toBe('above_900_kcal');
    expect(checkLabelEnergy(400, 400)).toBe('kj_kcal_mismatch');
    // small values: rounding of both figures is allowed (1.4 kJ, 0.3 kcal: Coca Cola Zero)
    expect(checkLabelEnergy(0.3, 1.4)).toBe('ok');
    expect(checkLabelEnergy(null, null)).toBe('ok');
  });

  it("reads the ingredients table's Python lists", () => {
    // foodrepo_ingredients_df.csv, 7613269763604
    expect(parsePythonList(`['pommes de terre', 'eau', "extraits d'épices", 'sucre']`)).toEqual([
      'pommes de terre',
      'eau',
      "extraits d'épices",
      'sucre',
    ]);
    expect(parsePythonList('[]')).toEqual([]);
  });
});
