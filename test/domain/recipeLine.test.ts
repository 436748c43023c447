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
      { quantity: 700, unit: 'g' }, { quantity: 1, unit: 'lb' }, { quantity: 9, unit: 'oz', adds: true },
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

  it('reads an amount written in two units as one sum, and "(120 g each)" as the weight of each', () => {
    expect(parseIngredientLine('1 lb 2 oz minced beef').measures).toEqual([{ quantity: 1, unit: 'lb' }, { quantity: 2, unit: 'oz', adds: true }]);
    expect(parseIngredientLine('1 cup plus 2 tbsp flour').measures).toEqual([{ quantity: 1, unit: 'cup' }, { quantity: 2, unit: 'tbsp', adds: true }]);
    expect(parseIngredientLine('150g/5oz butter').measures).toEqual([{ quantity: 150, unit: 'g' }, { quantity: 5, unit: 'oz' }]);
    expect(parseIngredientLine('2 salmon fillets (120 g each)').measures).toEqual([{ quantity: 2, unit: null }, { quantity: 120, unit: 'g', each: true }]);
    expect(parseIngredientLine('4 chicken breasts (about 600 g)').measures).toEqual([{ quantity: 4, unit: null }, { quantity: 600, unit: 'g' }]);
  });

  it('reads the weight or length of each piece written before the pieces', () => {
    expect(parseIngredientLine('One 14 ounce can Italian plum tomatoes, with their juices')).toMatchObject({ quantity: 1, unit: 'oz', food: 'Italian plum tomatoes' });
    expect(parseIngredientLine('One 14 ounce can Italian plum tomatoes').measures).toEqual([{ quantity: 1, unit: null }, { quantity: 14, unit: 'oz', each: true }]);
    expect(parseIngredientLine('One 3- to 4-pound chicken, cut in pieces').measures).toEqual([{ quantity: 1, unit: null }, { quantity: 3.5, unit: 'lb', each: true }]);
    expect(parseIngredientLine('16-ounce jar salsa')).toMatchObject({ quantity: 16, unit: 'oz', food: 'salsa' });
    expect(parseIngredientLine('1-inch piece fresh ginger, peeled')).toMatchObject({ quantity: 1, unit: 'inch', food: 'fresh ginger', preparation: 'peeled' });
    expect(parseIngredientLine('Six 10-inch flour tortillas')).toMatchObject({ quantity: 6, unit: 'inch', food: 'flour tortillas' });
    expect(parseIngredientLine('One 3½- to 4-pound chicken').measures[1]).toEqual({ quantity: 3.75, unit: 'lb', each: true });
    expect(parseIngredientLine('One 16- to 18 pound fresh turkey')).toMatchObject({ unit: 'lb', food: 'fresh turkey' });
    expect(parseIngredientLine('One 8- or 9-ounce package wavy lasagna strips').measures[1]).toEqual({ quantity: 8.5, unit: 'oz', each: true });
    expect(parseIngredientLine('1 12-oz. can sweetened condensed milk')).toMatchObject({ unit: 'oz', food: 'sweetened condensed milk' });
    // the weight of each from an aside of a counted line
    expect(parseIngredientLine('4 cod fillets weighing 100-120g/3½-4½oz each').measures[1]).toEqual({ quantity: 110, unit: 'g', each: true });
    expect(parseIngredientLine('1 leg of lamb, bone in, approximately 2kg/4½lb').measures[1]).toEqual({ quantity: 2, unit: 'kg' });
  });

  it('sets apart what is not the food: multipliers, modifiers, states, remarks, purposes', () => {
    expect(parseIngredientLine('2 x whole chicken, jointed')).toMatchObject({ quantity: 2, food: 'whole chicken', preparation: 'jointed' });
    expect(parseIngredientLine('Sugar 2 cups (400 grams)').measures).toEqual([{ quantity: 2, unit: 'cup' }, { quantity: 400, unit: 'g' }]);
    expect(parseIngredientLine('few coriander leaves, to garnish')).toMatchObject({ quantity: null, food: 'coriander leaves' });
    expect(parseIngredientLine('Heaped ½ cup (135 ml) roughly chopped pecans')).toMatchObject({ quantity: 0.5, unit: 'cup', food: 'pecans' });
    expect(parseIngredientLine('¼ packed cup/50 grams dark brown sugar')).toMatchObject({ quantity: 0.25, unit: 'cup', food: 'dark brown sugar' });
    expect(parseIngredientLine('5 ounces soft, fresh goat cheese').food).toBe('soft fresh goat cheese');
    expect(parseIngredientLine('2 tbsp fresh chopped herbs')).toMatchObject({ food: 'fresh herbs', preparation: 'chopped' });
    expect(parseIngredientLine('1 cup pitted dates').food).toBe('pitted dates');
    expect(parseIngredientLine('600g/1lb 5oz basmati rice (uncooked weight)').food).toBe('basmati rice');
    expect(parseIngredientLine('1 cup pickling spice, homemade or store-bought')).toMatchObject({ food: 'pickling spice', comment: 'homemade or store-bought' });
    expect(parseIngredientLine('Olive oil for sautéing')).toMatchObject({ food: 'Olive oil', comment: 'for sautéing' });
    expect(parseIngredientLine('4¼ C vegetable stock')).toMatchObject({ quantity: 4.25, unit: 'cup', food: 'vegetable stock' });
    expect(parseIngredientLine('1½, cups half-and-half')).toMatchObject({ quantity: 1.5, unit: 'cup', food: 'half-and-half' });
    expect(parseIngredientLine('1 tsp each ground cinnamon and nutmeg')).toMatchObject({ quantity: 1, unit: 'tsp', food: 'ground cinnamon and nutmeg' });
  });

  it('reads more piece units, before or after the food', () => {
    expect(parseIngredientLine('2 celery ribs, finely chopped')).toMatchObject({ quantity: 2, unit: 'rib', food: 'celery' });
    expect(parseIngredientLine('Parsley sprigs, to garnish')).toMatchObject({ quantity: null, unit: 'sprig', food: 'Parsley', measures: [] });
    expect(parseIngredientLine('2 chunks rock sugar')).toMatchObject({ quantity: 2, unit: 'chunk', food: 'rock sugar' });
    expect(parseIngredientLine('1 rack baby back ribs')).toMatchObject({ quantity: 1, unit: 'rack', food: 'baby back ribs' });
    // "chunks or peelings" names the food
    expect(parseIngredientLine('Chunks or peelings of carrot')).toMatchObject({ quantity: null, unit: null });
  });

  it('gets quantity, unit and food all right on at least 93.7 % of the held-out labelled lines', () => {
    const lines = readLabelled(inject('sourceDir')).filter(isHeldOut);
    let right = 0;
    // aggregates only (the held-out lines themselves are never printed)
    const parts = { quantity: 0, unit: 0, food: 0 };
    const bySource = new Map<string, { right: number; all: number }>();
    for (const line of lines) {
      const v = judge(line, parseIngredientLine(line.input));
      const all = v.quantity && v.unit && v.food;
      if (all) right += 1;
      if (v.quantity) parts.quantity += 1;
      if (v.unit) parts.unit += 1;
      if (v.food) parts.food += 1;
      const s = bySource.get(line.source!) ?? { right: 0, all: 0 };
      s.all += 1;
      if (all) s.right += 1;
      bySource.set(line.source!, s);
    }
    const share = right / lines.length;
    const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(2)} %`;
    process.stdout.write(
      `recipe line parser, held-out half: ${right}/${lines.length} = ${(share * 100).toFixed(2)} % fully right; ` +
        `quantity ${pct(parts.quantity, lines.length)}, unit ${pct(parts.unit, lines.length)}, food ${pct(parts.food, lines.length)}; ` +
        `${[...bySource].map(([k, s]) => `${k} ${s.right}/${s.all} = ${pct(s.right, s.all)}`).join(', ')}\n`,
    );
    expect(lines.length).toBeGreaterThan(14_000);
    // measured 93.76 % (issue 17b; 92.7 % before), rounded down
    expect(share).toBeGreaterThanOrEqual(0.937);
  });
});
