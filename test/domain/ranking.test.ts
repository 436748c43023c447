import { describe, expect, it } from 'vitest';
import { familyKey, isPreparationWord, RANK_WEIGHTS, rankSignals, searchHeadKey, searchKey, searchRank, searchSubjectKey } from '../../src/domain/ranking.js';

/** Names below are SR Legacy / FNDDS names as written in the source files. */
const rank = (name: string, uses = 0, category: string | null = null) => searchRank(rankSignals(name, uses, category));

describe('ranking signals', () => {
  it('keys names, heads and subjects as singular words', () => {
    expect(searchKey('Apples, raw, with skin')).toBe('apple raw with skin');
    expect(searchHeadKey('Tomatoes, red, ripe, raw, year round average')).toBe('tomato');
    // A class head ("Fish", "Spices", "Nuts") names no food: the subject is the next part.
    expect(searchSubjectKey('Fish, salmon, Atlantic, wild, raw')).toBe('salmon');
    expect(searchSubjectKey('Spices, pepper, black')).toBe('pepper');
    expect(searchSubjectKey('Coriander (cilantro) leaves, raw')).toBe('coriander leave');
    // A subclass part ("distilled", "broilers or fryers", "fresh") is not the food: the next part is.
    expect(searchSubjectKey('Alcoholic beverage, distilled, whiskey, 86 proof')).toBe('whiskey');
    expect(searchSubjectKey('Chicken, broilers or fryers, wing, meat and skin, raw')).toBe('wing');
    expect(searchSubjectKey('Pork, fresh, spareribs, separable lean and fat, raw')).toBe('sparerib');
    // "X or Y" names one food twice: the first name is the subject.
    expect(searchSubjectKey('Nuts, hazelnuts or filberts')).toBe('hazelnut');
    // What was made from the food reads in English order: coconut oil is not coconut.
    expect(searchSubjectKey('Oil, coconut')).toBe('coconut oil');
    expect(searchSubjectKey('Vinegar, cider')).toBe('cider vinegar');
    expect(searchSubjectKey('Sauce, teriyaki, ready-to-serve')).toBe('teriyaki sauce');
  });

  it('counts processing and plainness words, brands, additions and survey generics', () => {
    expect(rankSignals('Chicken, broilers or fryers, breast, meat only, cooked, roasted', 0)).toMatchObject({ processedWords: 2, plainWords: 0 });
    expect(rankSignals('Egg, whole, raw, fresh', 0)).toMatchObject({ processedWords: 0, plainWords: 3 });
    expect(rankSignals("APPLEBEE'S, chili", 0).brandName).toBe(true);
    // FNDDS names a restaurant in a capitalised parenthesis; SR's parentheses explain.
    expect(rankSignals('Hamburger (McDonalds)', 0, null, 'survey').brandName).toBe(true);
    expect(rankSignals('Hamburger, NFS', 0, null, 'survey').brandName).toBe(false);
    expect(rankSignals("Apples, raw, with skin (Includes foods for USDA's Food Distribution Program)", 0).brandName).toBe(false);
    expect(rankSignals('Rice, white, cooked, NS as to fat', 0)).toMatchObject({ brandName: false, generic: true });
    expect(rankSignals('Rice, white, with corn, NS as to fat', 0).additions).toBe(true);
    expect(rankSignals('Milk, whole, 3.25% milkfat, with added vitamin D', 0).additions).toBe(false);
    // "commercially prepared" is how bread is bought; the parenthesis explains, it does not qualify.
    expect(rankSignals('Bread, white, commercially prepared (includes soft bread crumbs)', 0).processedWords).toBe(0);
    expect(rankSignals('Hazelnuts, beaked (Northern Plains Indians)', 0, 'American Indian/Alaska Native Foods').specialCategory).toBe(true);
    // FNDDS stand-ins used only inside recipes are no food a user eats as such.
    expect(rankSignals('Cheese as ingredient in sandwiches', 0, null, 'survey').specialCategory).toBe(true);
    expect(rankSignals('Cheese, NFS', 0, null, 'survey').specialCategory).toBe(false);
  });

  it('puts raw before cooked, plain before prepared, generic before brand, common before rare', () => {
    expect(rank('Salmon, sockeye, raw')).toBeLessThan(rank('Salmon, sockeye, canned'));
    expect(rank('Tomatoes, red, ripe, raw')).toBeLessThan(rank('Tomatoes, sun-dried'));
    expect(rank('Apples, raw, with skin')).toBeLessThan(rank("APPLEBEE'S, chili"));
    expect(rank('Milk, whole, 3.25% milkfat', 300)).toBeLessThan(rank('Milk, sheep, fluid', 0));
    expect(rank('Pizza, cheese, from restaurant or fast food, NS as to type of crust')).toBeLessThan(rank('Pizza, no cheese, thin crust'));
  });

  it('reads a sandwich or a wrap as another dish than its filling', () => {
    // FNDDS 27540010 "Turkey sandwich on white" before 27540070 "Turkey sandwich wrap".
    expect(rank('Turkey sandwich on white')).toBeLessThan(rank('Turkey sandwich wrap'));
    expect(rankSignals('Chicken salad sandwich wrap', 0, null, 'survey').processedWords).toBe(2);
  });

  it('tells preparation and cut words from food words', () => {
    expect(['dried', 'ground', 'grated', 'raw', 'powder'].every(isPreparationWord)).toBe(true);
    expect(['chili', 'cardamom', 'cumin', 'shallot'].some(isPreparationWord)).toBe(false);
  });

  it('counts household measures as commonness', () => {
    // SR WEIGHT.txt gives "Mushrooms, white, raw" (11260) 7 household measures, "Mushrooms, shiitake, raw" (11238) 1;
    // FNDDS recipes name each once.
    const common = (measures: number) => searchRank(rankSignals('Mushrooms, white, raw', { familyUses: 1, measures }));
    expect(rankSignals('Mushrooms, white, raw', { familyUses: 1, measures: 7 }).householdMeasures).toBe(7);
    expect(common(7)).toBeLessThan(common(1));
    expect(common(7) - common(1)).toBeCloseTo(RANK_WEIGHTS.householdMeasure * (Math.log2(8) - Math.log2(2)), 5);
  });

  it('groups a food with its cooked and kept forms into one family', () => {
    expect(familyKey('Pork sausage, link/patty, cooked, pan-fried')).toBe(familyKey('Pork sausage, link/patty, unprepared'));
    expect(familyKey('Pasta, cooked, enriched, without added salt')).toBe(familyKey('Pasta, dry, enriched'));
    expect(familyKey('Milk, whole, 3.25% milkfat')).not.toBe(familyKey('Milk, sheep, fluid'));
  });
});
