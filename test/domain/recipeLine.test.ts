import { describe, expect, inject, it } from 'vitest';
import { parseIngredientLine } from '../../src/domain/recipeLine.js';
import { isHeldOut, judge, readLabelled } from './recipeLineScore.js';

describe('the recipe line parser', () => {
  it('reads the contract examples', () => {
    const stock = parseIngredientLine('1 cup (250 ml) chicken stock, divided');
    expect(stock).toMatchObject({ quantity: 1, unit: 'cup', food: 'chicken stock', comment: 'divided' });
    expect(stock.measures).toEqual([{ quantity: 1, unit: 'cup' }, { quantity: 250, unit: 'ml' }]);
    const sugar = parseIngredientLine('150g/5½oz caster sugar');
    expect(sugar).toMatchObject({ quantity: 150, unit: 'g', food: 'caster sugar' });
    expect(sugar.measures).toEqual([{ quantity: 150, unit: 'g' }, { quantity: 5.5, unit: 'oz' }]);
    expect(parseIngredientLine('2 large free-range eggs, beaten')).toMatchObject({
      quantity: 2, unit: null, size: 'large', food: 'free-range eggs', preparation: 'beaten',
    });
    expect(parseIngredientLine('salt to taste')).toMatchObject({ quantity: null, unit: null, food: 'salt', comment: 'to taste' });
  });

  it('reads fractions, mixed numbers, ranges and words', () => {
    expect(parseIngredientLine('1/2 cup milk').quantity).toBe(0.5);
    expect(parseIngredientLine('1 1/2 cups flour')).toMatchObject({ quantity: 1.5, unit: 'cup', food: 'flour' });
    expect(parseIngredientLine('1-1/2 teaspoons salt')).toMatchObject({ quantity: 1.5, unit: 'tsp' });
    expect(parseIngredientLine('1⅓ cups sugar').quantity).toBeCloseTo(4 / 3, 10);
    expect(parseIngredientLine('2-3 carrots')).toMatchObject({ quantity: 2.5, unit: null, food: 'carrots' });
    expect(parseIngredientLine('2 to 3 tbsp olive oil')).toMatchObject({ quantity: 2.5, unit: 'tbsp', food: 'olive oil' });
    expect(parseIngredientLine('one onion, chopped')).toMatchObject({ quantity: 1, food: 'onion', preparation: 'chopped' });
    expect(parseIngredientLine('a pinch of salt')).toMatchObject({ quantity: 1, unit: 'pinch', food: 'salt' });
    // "chopped tomatoes" is what the tin holds, not a preparation
    expect(parseIngredientLine('2 x 400g/14oz cans chopped tomatoes')).toMatchObject({ quantity: 800, unit: 'g', food: 'chopped tomatoes' });
    expect(parseIngredientLine('700g/1lb 9oz potatoes').measures).toEqual([
      { quantity: 700, unit: 'g' }, { quantity: 1, unit: 'lb' }, { quantity: 9, unit: 'oz' },
    ]);
  });

  it('reads UK and US spellings and abbreviations of units', () => {
    expect(parseIngredientLine('500ml/18fl oz milk').measures).toEqual([{ quantity: 500, unit: 'ml' }, { quantity: 18, unit: 'fl oz' }]);
    expect(parseIngredientLine('1 litre water').unit).toBe('l');
    expect(parseIngredientLine('2 Tbsp butter').unit).toBe('tbsp');
    expect(parseIngredientLine('2 T butter').unit).toBe('tbsp');
    expect(parseIngredientLine('1 t vanilla extract')).toMatchObject({ unit: 'tsp', food: 'vanilla extract' });
    expect(parseIngredientLine('3 ounces cheddar').unit).toBe('oz');
    expect(parseIngredientLine('4 garlic cloves, crushed')).toMatchObject({ quantity: 4, unit: 'clove', food: 'garlic' });
    const can = parseIngredientLine('1 (14-ounce) can coconut milk');
    expect(can).toMatchObject({ quantity: 1, unit: 'oz', food: 'coconut milk' });
    expect(can.measures).toEqual([{ quantity: 1, unit: null }, { quantity: 14, unit: 'oz', each: true }]);
  });

  it('gets quantity, unit and food all right on at least 90 % of the held-out labelled lines', () => {
    const lines = readLabelled(inject('sourceDir')).filter(isHeldOut);
    let right = 0;
    for (const line of lines) {
      const v = judge(line, parseIngredientLine(line.input));
      if (v.quantity && v.unit && v.food) right += 1;
    }
    const share = right / lines.length;
    process.stdout.write(`recipe line parser, held-out half: ${right}/${lines.length} = ${(share * 100).toFixed(2)} % fully right\n`);
    expect(lines.length).toBeGreaterThan(14_000);
    expect(share).toBeGreaterThanOrEqual(0.9);
  });
});
