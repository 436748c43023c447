import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const first = async (path: string, q: string) => (await t.get(`${path}?q=${encodeURIComponent(q)}&limit=5`)).json().data[0];

/**
 * The everyday words of issue 14, each answered with the plain food. Ids and names are those
 * of usda-fdc-sr-legacy-2018-04 (sr_legacy_food.csv NDB_number + food.csv description) and
 * usda-fdc-foundation-2024-10-31/food.csv (fdc_id), where Foundation holds the same food.
 */
const EVERYDAY: Array<[string, number[], string]> = [
  ['milk', [1077, 746782], 'Milk, whole, 3.25% milkfat, with added vitamin D'],
  ['egg', [1123], 'Egg, whole, raw, fresh'],
  ['apple', [9003, 9004], 'Apples, raw, with skin / without skin'],
  ['chicken breast', [5062, 2646170], 'Chicken, broiler or fryers, breast, skinless, boneless, meat only, raw / Chicken, breast, boneless, skinless, raw'],
  ['flour', [20081, 789890], 'Wheat flour, white, all-purpose, enriched, bleached / Flour, wheat, all-purpose, enriched, bleached'],
  ['rice', [20044, 20444], 'Rice, white, long-grain, regular, raw, enriched / unenriched'],
  ['sugar', [19335, 746784], 'Sugars, granulated'],
  ['potato', [11352], 'Potatoes, flesh and skin, raw'],
  ['tomatoes', [11529], 'Tomatoes, red, ripe, raw, year round average'],
  ['brocoli', [11090, 747447], 'Broccoli, raw (a misspelling, one letter short)'],
  ['tomatoe', [11529], 'Tomatoes, red, ripe, raw, year round average (one letter too many)'],
  // The query asks for another form, so that form comes first.
  ['dried egg', [1133, 329490], 'Egg, whole, dried'],
  ['goat milk', [1106], 'Milk, goat, fluid, with added vitamin D'],
  // British names read as the USDA names the food.
  ['aubergine', [11209, 2685577], 'Eggplant, raw'],
  ['courgette', [11477], 'Squash, summer, zucchini, includes skin, raw'],
  ['coriander', [11165], 'Coriander (cilantro) leaves, raw'],
  ['spaghetti', [20120, 20420], 'Pasta, dry, enriched / unenriched'],
  ['caster sugar', [19335, 746784], 'Sugars, granulated'],
  ['double cream', [1053], 'Cream, fluid, heavy whipping'],
  ['icing sugar', [19336], 'Sugars, powdered'],
  ['plain flour', [20081, 20481, 789890], 'Wheat flour, white, all-purpose'],
  ['spring onion', [11291], 'Onions, spring or scallions (includes tops and bulb), raw'],
  ['rocket', [11959], 'Arugula, raw'],
];

describe('ingredient search finds the food a cook means', () => {
  it.each(EVERYDAY)('"%s" answers the plain food first', async (q, ids, _name) => {
    expect(ids).toContain((await first('/v1/ingredients', q)).id);
  });

  it('answers the plain tin of tomatoes, not stewed tomatoes, for "tinned chopped tomatoes" (session 14)', async () => {
    // SR 11531 "Tomatoes, red, ripe, canned, packed in tomato juice"; 11533 "..., canned, stewed" is a dish (onion, pepper, sugar).
    expect((await first('/v1/ingredients', 'tinned chopped tomatoes')).id).toBe(11531);
  });

  it('answers raw salmon first and canned salmon when asked', async () => {
    // SR: 15083 "Fish, salmon, pink, raw" ... ; 15084 "Fish, salmon, pink, canned, total can contents".
    expect((await first('/v1/ingredients', 'salmon')).name).toMatch(/^Fish, salmon, .*raw$/);
    expect((await first('/v1/ingredients', 'canned salmon')).name).toMatch(/salmon.*canned/i);
  });

  it('answers ground beef, raw, for minced beef and shrimp, raw, for prawns', async () => {
    expect((await first('/v1/ingredients', 'minced beef')).name).toMatch(/^Beef, ground, .*raw$/);
    expect((await first('/v1/ingredients', 'prawns')).name).toMatch(/^Crustaceans, shrimp, .*raw/);
  });

  it('corrects a misspelt word to the same foods the right spelling finds, and never a right one', async () => {
    const right = (await t.get('/v1/ingredients?q=chicken&limit=100')).json();
    const wrong = (await t.get('/v1/ingredients?q=chiken&limit=100')).json();
    expect(wrong.total).toBe(right.total);
    expect(wrong.data.map((d: any) => d.id)).toEqual(right.data.map((d: any) => d.id));
    // A word that names foods is taken as typed even when it is one letter from another ("beef" / "beet").
    expect((await first('/v1/ingredients', 'beet')).name).toMatch(/^Beets?, raw/);
  });

  it('lets a five-letter word have one letter wrong, not two: "quark" is no misspelt "dark"', async () => {
    // No SR or Foundation record names quark; two edits had read it as "dark" (chicken drumstick first).
    const quark = (await t.get('/v1/ingredients?q=quark&limit=5')).json();
    for (const d of quark.data) expect(d.name).not.toMatch(/\bdark\b/i);
    // One letter wrong in a five-letter word is still read: "onoin" (a swap) finds onions.
    expect((await first('/v1/ingredients', 'onoin')).name).toMatch(/^Onions?\b/);
  });

  it('matches the last word as a prefix while the cook is typing', async () => {
    expect((await first('/v1/ingredients', 'mushroo')).name).toMatch(/^Mushrooms, .*raw$/);
  });

  it('folds accents', async () => {
    const accented = (await t.get(`/v1/ingredients?q=${encodeURIComponent('crème fraîche')}`)).json();
    const plain = (await t.get('/v1/ingredients?q=creme+fraiche')).json();
    expect(accented.data).toEqual(plain.data);
    expect(accented.total).toBeGreaterThan(0);
  });

  it('lists foods with any of the words when no name has them all, those with more words first', async () => {
    // No SR or Foundation name holds both "banana" and "shallot".
    const body = (await t.get('/v1/ingredients?q=banana+shallot&limit=100')).json();
    const names: string[] = body.data.map((d: any) => d.name.toLowerCase());
    expect(names.some((n) => n.includes('banana'))).toBe(true);
    expect(names.some((n) => n.includes('shallot'))).toBe(true);
    expect(names.every((n) => n.includes('banana') || n.includes('shallot'))).toBe(true);
  });

  it('ranks names holding an optional kind word first', async () => {
    // SR 15091 "Fish, sea bass, mixed species, raw"; "sea" alone is optional (sea salt), and
    // 15003 "Fish, bass, fresh water, mixed species, raw" holds only "bass".
    expect((await first('/v1/ingredients', 'sea bass')).id).toBe(15091);
    // "Mollusks, scallop, (bay and sea), cooked, steamed" holds "sea" only in an explanation.
    expect((await first('/v1/ingredients', 'sea scallops')).name).toMatch(/^Mollusks, scallop, .*raw$/);
    // "cooking" apples are raw apples (SR 9003/9004 "Apples, raw, ..."), not "..., cooked, microwave";
    // "cooking spray" is SR 4679 "Oil, PAM cooking spray, original".
    expect([9003, 9004]).toContain((await first('/v1/ingredients', 'cooking apples')).id);
    expect((await first('/v1/ingredients', 'cooking spray')).id).toBe(4679);
  });

  it('takes an unknown word that no correction makes fit as a variety, not a typo', async () => {
    // "bramley" is one edit from "barley", but no name holds "barley" and "apples": the apples are listed.
    expect((await first('/v1/ingredients', 'bramley apples')).name).toMatch(/^Apples, raw/);
  });

  it('prefers, among names lacking a word, those lacking a preparation word over those lacking the food', async () => {
    // No name holds "dried" and "chili": SR 11819 "Peppers, hot chili, red, raw" before "Egg, whole, dried".
    expect((await first('/v1/ingredients', 'dried chilli')).name).toMatch(/chili/i);
    // SR 2014 "Spices, cumin seed" before "Sugars, powdered" for "cumin powder".
    expect((await first('/v1/ingredients', 'cumin powder')).id).toBe(2014);
    // "ground" says how cardamom was cut: SR 2006 "Spices, cardamom" before "Turkey, Ground, raw".
    expect((await first('/v1/ingredients', 'ground cardamom')).id).toBe(2006);
  });

  it('joins two typed words that one name writes as one', async () => {
    // SR 10088 "Pork, fresh, spareribs, separable lean and fat, raw"; FNDDS 75141000 "Coleslaw".
    expect((await first('/v1/ingredients', 'spare ribs')).id).toBe(10088);
    expect((await first('/v1/survey-foods', 'cole slaw')).id).toBe(75141000);
  });

  it('reads the food a name is about: past subclass parts, and what was made from it', async () => {
    // SR 14052 "Alcoholic beverage, distilled, whiskey, 86 proof" before "Whiskey sour mix, bottled".
    expect((await first('/v1/ingredients', 'whiskey')).id).toBe(14052);
    // "Oil, hazelnut" (SR 4532) is hazelnut oil: "hazelnuts" are the nuts (12120 "Nuts, hazelnuts or filberts").
    expect((await first('/v1/ingredients', 'hazelnuts')).name).toMatch(/^Nuts, hazelnuts or filberts/);
    expect((await first('/v1/ingredients', 'hazelnut oil')).id).toBe(4532);
  });

  it('reads a dish named last-word-first the way the USDA writes it', async () => {
    // FNDDS 53301000 "Pie, apple" before 63101210 "Apple pie filling".
    expect((await first('/v1/survey-foods', 'apple pie')).id).toBe(53301000);
  });

  it('answers the dish before the same dish in a wrap', async () => {
    // FNDDS 27540010 "Turkey sandwich on white" / 27540030 "... on wheat", not 27540070 "Turkey sandwich wrap".
    expect([27540010, 27540030]).toContain((await first('/v1/survey-foods', 'turkey sandwich')).id);
  });

  it('puts the food with more household measures first among equally plain ones', async () => {
    // SR WEIGHT.txt: 7 measures for 11260 "Mushrooms, white, raw", 1 for 11238 "Mushrooms, shiitake, raw".
    expect((await first('/v1/ingredients', 'mushrooms')).id).toBe(11260);
  });

  it('pages through a ranked list without repeating or skipping', async () => {
    const whole = (await t.get('/v1/ingredients?q=milk&limit=100')).json().data.map((d: any) => d.id);
    const paged: number[] = [];
    for (let offset = 0; offset < 100; offset += 25) {
      paged.push(...(await t.get(`/v1/ingredients?q=milk&limit=25&offset=${offset}`)).json().data.map((d: any) => d.id));
    }
    expect(paged).toEqual(whole);
  });
});

describe('survey food search', () => {
  it('answers plain cheese pizza for "pizza", before stuffed crust and no-cheese pizza', async () => {
    // FNDDS 2019-2020: 58106210 "Pizza, cheese, from restaurant or fast food, NS as to type of crust".
    expect((await first('/v1/survey-foods', 'pizza')).id).toBe(58106210);
  });

  it('answers the raw apple and the whole raw egg', async () => {
    // FNDDS: 63101000 "Apple, raw"; 31101010 "Egg, whole, raw".
    expect((await first('/v1/survey-foods', 'apples')).id).toBe(63101000);
    expect((await first('/v1/survey-foods', 'egg')).id).toBe(31101010);
  });
});

describe('branded search', () => {
  it('ranks products with energy before bare records of the same name', async () => {
    // off_products_2019_subset.tsv.gz: 01763003 "Nutella" has no nutrient value at all.
    const bare = (await t.get('/v1/branded?gtin=01763003')).json().data[0];
    expect(bare.name).toBe('Nutella');
    expect((await t.get(`/v1/branded/${bare.id}`)).json().nutrients).toEqual([]);
    const ranked: any[] = [];
    for (const offset of [0, 100]) ranked.push(...(await t.get(`/v1/branded?q=nutella&limit=100&offset=${offset}`)).json().data);
    const position = ranked.findIndex((p) => p.id === bare.id);
    expect(position).toBeGreaterThan(20);
    // The completeness signal (src/domain/completeness.ts): records with energy come first.
    for (const p of ranked.slice(0, 20)) {
      expect(p.name.toLowerCase()).toBe('nutella');
      const nutrients = (await t.get(`/v1/branded/${p.id}`)).json().nutrients;
      expect(nutrients.some((n: any) => n.nutrient_id === 1008), String(p.id)).toBe(true);
    }
  });

  it('combines brand and q', async () => {
    // The Open Food Facts 2019 "Nutella" records carry no brand; with brand=ferrero only the
    // products whose brand says Ferrero remain (103017620422003 "Nutella", brand "Ferrero,Nutella").
    const body = (await t.get('/v1/branded?q=nutella&brand=ferrero&limit=100')).json();
    expect(body.data.length).toBeGreaterThan(0);
    for (const p of body.data) {
      expect(p.name.toLowerCase()).toContain('nutella');
      // Brand or owner, or for a brandless FoodRepo-style record the name's first words (issue 18).
      expect(`${p.brand ?? ''} ${p.brand_owner ?? ''} ${p.name}`.toLowerCase()).toContain('ferrero');
    }
  });

  it('reads a brand typed before or after the product name when no name holds the words', async () => {
    // branded_food.csv: fdc_id 1377290 "MAPLE CASHEW BUTTER, MAPLE", brand owner "Justin's, LLC".
    const body = (await t.get(`/v1/branded?q=${encodeURIComponent("justin's maple cashew butter")}`)).json();
    expect(body.data[0].id).toBe(1377290);
    expect(body.total).toBeGreaterThan(0);
  });
});

describe('a synonym chooses the first answers and hides nothing (session 16 user trial)', () => {
  it('lists the fresh coriander leaves first, then the other records named coriander', async () => {
    const body = (await t.get('/v1/ingredients?q=coriander&limit=10')).json();
    // SR 11165 "Coriander (cilantro) leaves, raw" (the synonym); then SR 2013 "Spices, coriander seed" and
    // 2012 "Spices, coriander leaf, dried", which the rewritten query ("coriander cilantro leaves") does not hold.
    expect(body.data[0].id).toBe(11165);
    const ids = body.data.map((d: { id: number }) => d.id);
    expect(ids).toEqual(expect.arrayContaining([2013, 2012]));
    expect(body.total).toBe(ids.length);
  });

  it('lists black pepper first for "pepper", then the peppers', async () => {
    const body = (await t.get('/v1/ingredients?q=pepper&limit=3')).json();
    expect(body.data[0]).toMatchObject({ id: 2030, name: 'Spices, pepper, black' });
    expect(body.total).toBeGreaterThan(50);
    expect(body.data.slice(1).every((d: { name: string }) => /pepper/i.test(d.name))).toBe(true);
  });
});

describe('misspellings (session 19 user trial)', () => {
  it('does not read a word two letters from a preparation word as that preparation', async () => {
    // No SR name holds "clotted": it had been corrected into "coated" and answered SR 4659, an
    // industrial coconut fat for ice-cream coatings (884 kcal). Dropped, the cream is searched.
    const clotted = (await t.get('/v1/ingredients?q=clotted%20cream&limit=5')).json();
    expect(clotted.data.map((d: { id: number }) => d.id)).not.toContain(4659);
    expect(clotted.data[0]).toMatchObject({ id: 1053, name: 'Cream, fluid, heavy whipping' });
  });

  it('still corrects a slip of one letter into a preparation word and two into a food', async () => {
    // "syrop": one letter from "syrup" (SR 19353 "Syrups, maple"); "houmous": two from "hummus" (SR 16158).
    expect((await t.get('/v1/ingredients?q=maple%20syrop&limit=1')).json().data[0].name).toMatch(/^Syrups?, maple/);
    expect((await t.get('/v1/ingredients?q=houmous&limit=1')).json().data[0].name).toMatch(/^Hummus/);
  });
});

describe('everyday words of the session 19 user trial', () => {
  it('answers the cookie for "chocolate chip cookies", plural or not, and the made custard', async () => {
    // "chocolate chip" alone reads the baking chips, SR 19080 "Candies, semisweet chocolate".
    for (const q of ['chocolate chip cookies', 'chocolate chip cookie']) {
      expect((await t.get(`/v1/ingredients?q=${encodeURIComponent(q)}&limit=1`)).json().data[0].name, q).toMatch(/^Cookies, chocolate chip/);
    }
    expect((await t.get('/v1/ingredients?q=chocolate%20chips&limit=1')).json().data[0].id).toBe(19080);
    // SR 19168 "Desserts, egg custard, baked, prepared-from-recipe" (104 kcal), not SR 19169 the dry mix (410 kcal).
    expect((await t.get('/v1/ingredients?q=custard&limit=1')).json().data[0].id).toBe(19168);
  });
});
