import { describe, expect, it } from 'vitest';
import { containerOf, containerWeightsFrom, cookedQuery, countedPiece, cutDensity, foodToSearch, matchConfidence, zestOf, namesTheFood, sameFood, searchQueries, seasoningQuery } from '../../src/domain/recipeAnalysis.js';
import { parseIngredientLine } from '../../src/domain/recipeLine.js';

describe('sameFood', () => {
  it('reads records whose words before the first comma agree, plural or not, as one food', () => {
    expect(sameFood('Cucumber, with peel, raw', 'Cucumber, peeled, raw')).toBe(true);
    expect(sameFood('Kiwifruit (kiwi), green, peeled, raw', 'Kiwifruit, green, raw')).toBe(true);
    expect(sameFood('Onions, red, raw', 'Onions, raw')).toBe(true);
    expect(sameFood('Tomato, roma', 'Tomatoes, red, ripe, raw, year round average')).toBe(true);
  });

  it('does not read another food, or a food made from it, as the same one', () => {
    expect(sameFood('Cucumber, with peel, raw', 'Pickles, cucumber, dill or kosher dill')).toBe(false);
    expect(sameFood('Onions, raw', 'Onion rings, breaded, par fried, frozen, prepared')).toBe(false);
    expect(sameFood('Lemons, raw, without peel', 'Lemon juice, raw')).toBe(false);
    expect(sameFood('', '')).toBe(false);
    // a dried fruit is not its raw fruit (a raw plum weighs 66 g, a prune 9.5 g); one nut is not another
    expect(sameFood('Plums, dried (prunes), uncooked', 'Plums, raw')).toBe(false);
    expect(sameFood('Apricots, dried, sulfured, uncooked', 'Apricots, raw')).toBe(false);
    expect(sameFood('Nuts, almonds', 'Nuts, coconut meat, raw')).toBe(false);
    expect(sameFood('Nuts, almonds', 'Nuts, almonds, dry roasted, without salt added')).toBe(false);
  });
});

describe('seasoningQuery', () => {
  const q = (text: string) => seasoningQuery(parseIngredientLine(text));
  it('reads the pepper of "salt and pepper" and of spoons, pinches and grinds as the spice', () => {
    expect(q('salt and pepper')).toBe('black pepper');
    expect(q('Sea salt & pepper')).toBe('black pepper');
    expect(q('salt and white pepper')).toBe('white pepper');
    expect(q('pinch of pepper')).toBe('black pepper');
    expect(q('A few grinds of pepper')).toBe('black pepper');
  });
  it('reads a counted pepper as the vegetable and leaves other foods alone', () => {
    expect(q('1/2 pepper, chopped')).toBe('sweet pepper');
    expect(q('1 red pepper')).toBeNull();
    expect(q('2 tbsp olive oil')).toBeNull();
    expect(q('salt')).toBeNull();
  });
});

describe('cookedQuery', () => {
  const q = (text: string) => {
    const line = parseIngredientLine(text);
    return cookedQuery(line, searchQueries(line.food)[0]);
  };
  it('searches the cooked record for a state written right before the food', () => {
    expect(q('2 cups cooked white rice')).toEqual(['white rice cooked']);
    expect(q('1 cup steamed broccoli')).toEqual(['broccoli steamed', 'broccoli cooked']);
  });
  it('reads a state the parser kept in the food, and asks a roast as cooked and roasted', () => {
    expect(q('150 g roast chicken')).toEqual(['chicken roasted', 'chicken cooked roasted', 'chicken cooked']);
    expect(q('1 cup boiled potatoes')).toEqual(['potatoes boiled', 'potatoes cooked']);
  });
  it('leaves an instruction after the food and a line without a state alone', () => {
    expect(q('1 cup white rice, cooked according to the packet')).toBeNull();
    expect(q('2 cups white rice')).toBeNull();
  });
});

describe('containerWeightsFrom', () => {
  const m = (description: string, gram_weight: number, measure_kind = 'other', amount = 1) => ({ description, gram_weight, measure_kind, amount, measure_unit: null });
  it('keeps the first measure of each container, a tin as a can and a pack as a package', () => {
    const weights = containerWeightsFrom([m('cup', 156, 'volume'), m('package (10 oz)', 284), m('package', 300), m('can', 436), m('pkg', 10), m('2 packets', 14.4, 'other', 2)] as never);
    expect(weights.get('package')).toMatchObject({ grams: 284, measure: '1 package (10 oz) = 284 g' });
    expect(weights.get('can')?.grams).toBe(436);
    expect(weights.get('packet')).toBeUndefined();
    expect(containerWeightsFrom([m('packet', 7.2)] as never).get('packet')?.grams).toBe(7.2);
    expect(containerWeightsFrom([m('can (15 fl oz)', 444, 'volume')] as never).size).toBe(0);
    expect(containerOf('tin')).toBe('can');
    expect(containerOf('pack')).toBe('package');
    expect(containerOf('sachet')).toBe('packet');
    expect(containerOf('cup')).toBeNull();
  });
});

describe('searchQueries folds accents as search does', () => {
  it('reads "tomato purée" as "tomato puree", not "tomato pur e" (session 16 user trial)', () => {
    expect(searchQueries('tomato purée')[0]).toBe('tomato puree');
    expect(searchQueries('crème fraîche')[0]).toBe('creme fraiche');
  });
});

describe('foodToSearch', () => {
  it('adds the skinless or boneless a comment says', () => {
    expect(foodToSearch(parseIngredientLine('4 chicken thighs, skinless and boneless'))).toBe('skinless boneless chicken thighs');
    expect(foodToSearch(parseIngredientLine('2 skinless chicken breasts, diced'))).toBe('skinless chicken breasts');
    expect(foodToSearch(parseIngredientLine('1 onion, chopped'))).toBe('onion');
  });
});

describe('countedPiece', () => {
  it('is the last word of the food as the synonyms read it, singular', () => {
    expect(countedPiece('fish fingers')).toBe('stick');
    expect(countedPiece('chicken thighs')).toBe('thigh');
    expect(countedPiece('')).toBeNull();
  });
});

describe('sameFood and the skin', () => {
  it('does not pair a record with its skin and one without', () => {
    expect(sameFood('Chicken, thigh, boneless, skinless, raw', 'Chicken, broilers or fryers, dark meat, thigh, meat only, raw')).toBe(true);
    expect(sameFood('Chicken, thigh, boneless, skinless, raw', 'Chicken, broilers or fryers, thigh, meat and skin, raw')).toBe(false);
  });
});

describe('namesTheFood', () => {
  it('refuses a match held only by a description or a preparation word', () => {
    expect(namesTheFood('mixed herbs', 'Crustaceans, shrimp, mixed species, raw')).toBe(false);
    expect(namesTheFood('harissa paste', 'Nuts, almond paste')).toBe(false);
    // A shorter search must find the food itself: "herbs" is not chamomile tea.
    expect(namesTheFood('herbs', 'Beverages, tea, herb, brewed, chamomile', 'subject')).toBe(false);
    expect(namesTheFood('herbs', 'Beverages, tea, herb, brewed, chamomile')).toBe(true);
    expect(namesTheFood('onions', 'Onions, raw', 'subject')).toBe(true);
  });
  it('accepts a match holding a word of the food, as typed, as the synonyms read it, or as the typed prefix', () => {
    expect(namesTheFood('white wine vinegar', 'Vinegar, red wine')).toBe(true);
    expect(namesTheFood('black peppercorns', 'Spices, pepper, black')).toBe(true);
    expect(namesTheFood('kiwi', 'Kiwifruit, green, raw')).toBe(true);
    expect(namesTheFood('tahini paste', 'Seeds, sesame butter, tahini, from raw and stone ground kernels')).toBe(true);
    expect(namesTheFood('cumin powder', 'Spices, cumin seed')).toBe(true);
  });
});

describe('matchConfidence', () => {
  it('says medium for a line read through a stand-in synonym, high where the name holds the words', () => {
    expect(matchConfidence(0, ['creme fraiche'], 'Cream, sour, cultured')).toBe('medium');
    expect(matchConfidence(0, ['rice vinegar'], 'Vinegar, distilled')).toBe('medium');
    expect(matchConfidence(0, ['marmite'], 'Yeast extract spread')).toBe('high');
    expect(matchConfidence(0, ['sour cream'], 'Cream, sour, cultured')).toBe('high');
    expect(matchConfidence(0, ['garam masala'], 'Soup, bean with pork')).toBe('low');
  });
});

describe('zestOf', () => {
  it('searches the peel for a zest or rind, not for the juice or the fruit itself', () => {
    expect(zestOf({ food: 'orange', preparation: 'zest of' }, 'orange')).toBe('orange peel');
    expect(zestOf({ food: 'lemons', preparation: 'finely grated zest of' }, 'lemons')).toBe('lemon peel');
    expect(zestOf({ food: 'lemon', preparation: null }, 'lemon')).toBeNull();
    expect(zestOf({ food: 'lemon zest', preparation: 'grated' }, 'lemon zest')).toBeNull();
  });
});

describe('cutDensity', () => {
  const cheddar = [
    { amount: 1, description: 'cup, diced', gram_weight: 132, measure_kind: 'volume' },
    { amount: 1, description: 'cup, shredded', gram_weight: 113, measure_kind: 'volume' },
    { amount: 1, description: 'slice (1 oz)', gram_weight: 28, measure_kind: 'piece' },
  ];
  it('takes the volume measure naming the line\'s cut', () => {
    expect(cutDensity(cheddar, 'shredded cheddar cheese')).toMatchObject({ measure: '1 cup, shredded = 113 g' });
    expect(cutDensity(cheddar, 'shredded cheddar cheese')!.gPerMl).toBeCloseTo(113 / 236.588, 3);
  });
  it('is null where the line names no cut a measure names', () => {
    expect(cutDensity(cheddar, 'cheddar cheese')).toBeNull();
    expect(cutDensity(cheddar, 'sliced cheddar')).toBeNull();
  });
});
