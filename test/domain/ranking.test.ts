import { describe, expect, it } from 'vitest';
import {
  familyKey,
  isPreparationWord,
  denialsOf,
  MATCH_WEIGHTS,
  matchRanker,
  RANK_WEIGHTS,
  rankedRecord,
  rankSignals,
  searchHeadKey,
  searchKey,
  searchNameKey,
  searchRank,
  searchSubjectKey,
} from '../../src/domain/ranking.js';
import { buildSearchQuery } from '../../src/domain/search.js';

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
    // Subclass parts in a row, "dark meat" among them; a part that names no cut ("meat only") ends the walk.
    expect(searchSubjectKey('Chicken, broilers or fryers, dark meat, thigh, meat only, raw')).toBe('thigh');
    expect(searchSubjectKey('Chicken, dark meat, thigh, meat only, with added solution, raw')).toBe('thigh');
    expect(searchSubjectKey('Chicken, broilers or fryers, dark meat, meat only, raw')).toBe('dark');
    // "X or Y" names one food twice: the first name is the subject.
    expect(searchSubjectKey('Nuts, hazelnuts or filberts')).toBe('hazelnut');
    // A head naming two foods sold as one: the first (SR 19297); FNDDS's "Chicken or turkey" heads stay whole.
    expect(searchSubjectKey('Jams and preserves')).toBe('jam');
    // A cut word where the food would be ("Turkey, Ground, raw", "Pork, fresh, ground, raw") names no food: the head is the subject.
    expect(searchSubjectKey('Turkey, Ground, raw')).toBe('turkey');
    expect(searchSubjectKey('Pork, fresh, ground, raw')).toBe('pork');
    expect(searchSubjectKey('Chicken or turkey, breaded, fried, caesar garden salad')).toBe('chicken or turkey');
    // What was made from the food reads in English order: coconut oil is not coconut.
    expect(searchSubjectKey('Oil, coconut')).toBe('coconut oil');
    expect(searchSubjectKey('Vinegar, cider')).toBe('cider vinegar');
    expect(searchSubjectKey('Sauce, teriyaki, ready-to-serve')).toBe('teriyaki sauce');
    // A cooking word or FNDDS's generic mark after a class head names no food: the head is the subject.
    expect(searchSubjectKey('Chicken, fried, with potatoes, vegetable, frozen meal')).toBe('chicken');
    expect(searchSubjectKey('Chicken, NS as to part, fried, coated, skin / coating eaten')).toBe('chicken');
    expect(searchSubjectKey('Cheese, cream')).toBe('cream');
    // The part eaten after the food's name is still the food; seed kernels are another product than the seeds.
    expect(searchSubjectKey('Nuts, coconut meat, raw')).toBe('coconut');
    expect(searchSubjectKey('Seeds, sesame seed kernels, dried (decorticated)')).toBe('sesame seed kernel');
    expect(searchSubjectKey('Cheese, NFS')).toBe('cheese');
  });

  it('counts processing and plainness words, brands, additions and survey generics', () => {
    expect(rankSignals('Chicken, broilers or fryers, breast, meat only, cooked, roasted', 0)).toMatchObject({ processedWords: 2, plainWords: 0 });
    expect(rankSignals('Egg, whole, raw, fresh', 0)).toMatchObject({ processedWords: 0, plainWords: 3 });
    // The as-packed can is the plain canned food; its "no salt added" pack is a special version.
    expect(rankSignals('Peaches, canned, water pack, solids and liquids', 0).processedWords).toBe(2);
    expect(rankSignals('Corn, sweet, yellow, canned, no salt added, solids and liquids', 0).processedWords).toBe(2);
    expect(rankSignals('Corn, sweet, yellow, canned, whole kernel, drained solids', 0).processedWords).toBe(2);
    // FNDDS's "home recipe" is the dish as people make it; SR's "home recipe" dressing is still a recipe form.
    expect(rankSignals('Vegetable soup, home recipe', 0, null, 'survey').processedWords).toBe(0);
    expect(rankSignals('Salad dressing, french, home recipe', 0).processedWords).toBe(2);
    // A solution injected into the meat is a preparation (session 19 user trial: "turkey breast"
    // answered SR 5721, brined; SR 5219, the plain breast, was sixth).
    expect(rankSignals('Turkey, breast, from whole bird, meat only, with added solution, raw', 0)).toMatchObject({ processedWords: 1, additions: false });
    expect(rankSignals('Turkey, whole, breast, meat only, raw', 0).processedWords).toBe(0);
    // Substitutes and fermented forms are not the plain food.
    expect(rankSignals('Veggie burger, on bun', 0, null, 'survey').processedWords).toBe(1);
    expect(rankSignals('Lasagna, meatless', 0, null, 'survey').processedWords).toBe(1);
    expect(rankSignals('Tofu, salted and fermented (fuyu)', 0).processedWords).toBe(1);
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
    // Tofu "prepared with calcium sulfate" names its coagulant: neither prepared nor an addition; "Tofu, fried" is prepared.
    const tofu = rankSignals('Tofu, raw, regular, prepared with calcium sulfate', 0);
    expect([tofu.processedWords, tofu.additions]).toEqual([0, false]);
    expect(rankSignals('Tofu, extra firm, prepared with nigari', 0).processedWords).toBe(0);
    expect(rankSignals('Tofu, fried', 0).processedWords).toBe(1);
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

describe('matchRanker: how well a name matches the words typed', () => {
  const record = (name: string, aliases = '') =>
    rankedRecord({ rank: 0, key: searchNameKey(name), head: searchHeadKey(name), subject: searchSubjectKey(name), aliases }, aliases !== '');
  const query = (text: string) => buildSearchQuery(text);
  const w = MATCH_WEIGHTS;

  it('adds the exact-name, head, prefix and head-leads bonuses for a name that is the query', () => {
    const rankOf = matchRanker(query('milk'), false, true);
    // "Milk" is the whole key, the head, the prefix and the query's head.
    expect(rankOf(record('Milk'))).toBe(w.exactName + w.headHoldsQuery + w.namePrefix + w.headLeadsQuery);
    // A name holding the word past its head and subject: no bonus.
    expect(rankOf(record('Cheese, ricotta, whole milk'))).toBe(0);
    // An FNDDS alias that is the query counts as the name.
    expect(rankOf(record('Milk, whole, 3.25% milkfat, with added vitamin D', '| milk |'))).toBe(w.exactName + w.headHoldsQuery + w.namePrefix + w.headLeadsQuery);
  });

  it('reads the query in USDA order: "apple pie" is "Pie, apple"', () => {
    const rankOf = matchRanker(query('apple pie'), false, true);
    // Its subject "pie" is also one of the query's words.
    expect(rankOf(record('Pie, apple, commercially prepared'))).toBe(w.invertedName + w.headLeadsQuery);
    // The query starts with its head; "pie" is in no word of it (FTS would not find it; the charge shows why it could not win).
    expect(rankOf(record('Apples, raw, with skin'))).toBe(w.headLeadsQuery + w.explainedOnly);
    // A head that is the query's last word, the other words further on: "Peas, green, split" for "split peas".
    expect(matchRanker(query('split peas'), false, true)(record('Peas, green, split, mature seeds, raw'))).toBe(w.invertedName + w.headLeadsQuery);
  });

  it('charges a word found only in an explanation, and rewards an optional kind word the name holds', () => {
    expect(matchRanker(query('crumbs'), false, true)(record('Bread, white (includes soft bread crumbs)'))).toBe(w.explainedOnly);
    const seaBass = matchRanker(query('sea bass'), false, true);
    // "sea" is optional, so the query is "bass": the freshwater bass is the query's subject, the sea bass holds the kind typed.
    expect(seaBass(record('Fish, sea bass, mixed species, raw'))).toBe(w.headHoldsQuery + w.optionalHeld);
    expect(seaBass(record('Fish, bass, freshwater, mixed species, raw'))).toBe(w.headHoldsQuery + w.headLeadsQuery);
  });

  it('in the relaxed search, charges a missing food word more than a missing preparation word', () => {
    const rankOf = matchRanker(query('dried chilli'), true, true);
    const lacksFood = rankOf(record('Egg, whole, dried'));
    const lacksPreparation = rankOf(record('Peppers, hot chili, red, raw'));
    expect(lacksFood - lacksPreparation).toBe(w.missingFoodWord);
  });

  it('charges a name that denies a query word, unless the query asks for the absence itself', () => {
    expect(denialsOf('salted')).toEqual(expect.arrayContaining([' without salt', ' no salt', ' salt free', ' unsalted']));
    expect(denialsOf('unsalted')).toEqual([]);
    // A word that only starts like a denial is a food word.
    expect(denialsOf('noodle')).toContain(' without noodle');
    const salted = matchRanker(query('salted peanuts'), false, true);
    const withSalt = salted(record('Peanuts, all types, dry-roasted, with salt'));
    expect(salted(record('Peanuts, all types, dry-roasted, without salt')) - withSalt).toBe(w.deniedWord);
    const sweetened = matchRanker(query('sweetened coconut'), false, true);
    expect(sweetened(record('Nuts, coconut meat, dried (desiccated), not sweetened')) - sweetened(record('Nuts, coconut meat, dried (desiccated), sweetened, shredded'))).toBeGreaterThanOrEqual(w.deniedWord);
    expect(sweetened(record('Nuts, coconut meat, dried (desiccated), unsweetened')) - sweetened(record('Nuts, coconut meat, dried (desiccated), sweetened, shredded'))).toBeGreaterThanOrEqual(w.deniedWord);
    // Whole words only: "freeze-dried" does not deny "fruit".
    const fruit = matchRanker(query('fruit'), false, true);
    expect(fruit(record('Fruit, freeze-dried, mixed'))).toBe(fruit(record('Fruit, dried, mixed')));
    // "gluten free bread" asks for the absence: the gluten-free breads are not charged for it.
    const glutenFree = matchRanker(query('gluten free bread'), false, true);
    expect(glutenFree(record('Bread, gluten-free, white, made with rice flour, corn starch, and/or tapioca'))).toBeLessThan(0);
  });
});
