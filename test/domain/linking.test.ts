import { describe, expect, it } from 'vitest';
import { Linker, nameTokens, nationalSpeciesReading, profileAgreement, scorePair, stateConflict, VERIFIED_THRESHOLD, type Profile } from '../../src/domain/linking.js';

const syn = { phrases: [['without salt', 'unsalted']] as Array<[string, string]>, words: new Map([['pasteurised', '']]) };
const p = (water: number, kcal: number, protein: number, fat: number, carb: number): Profile => ({
  water, energyKcal: kcal, protein, fat, carb, sodiumMg: null, fibre: null,
});
const idf = () => 1;
const EMPTY: Profile = { water: null, energyKcal: null, protein: null, fat: null, carb: null, sodiumMg: null, fibre: null };

describe('linking', () => {
  it('rules out raw against cooked and salted against unsalted', () => {
    expect(stateConflict(nameTokens('Carrots, raw', syn).all, nameTokens('Carrots, boiled', syn).all)).toBe('raw vs cooked');
    expect(stateConflict(nameTokens('Butter, salted', syn).all, nameTokens('Butter, without salt', syn).all)).toBe('salted vs unsalted');
    expect(stateConflict(nameTokens('Carrots, boiled', syn).all, nameTokens('Carrots, cooked, boiled', syn).all)).toBeNull();
  });

  it('needs three shared macronutrients to compare profiles', () => {
    const a = { ...p(88, 40, 0.7, 0.3, 7), water: null, energyKcal: null, carb: null };
    expect(profileAgreement(a, p(88, 41, 0.9, 0.2, 6.8))).toBeNull();
    expect(profileAgreement(p(88, 40, 0.7, 0.3, 7), p(88, 41, 0.9, 0.2, 6.8))).toBe(1);
    expect(profileAgreement(p(88, 40, 0.7, 0.3, 7), p(15, 717, 0.9, 81, 0.1))).toBeLessThan(0.5);
  });

  it('verifies a twin and refuses a name that only shares the head noun', () => {
    const food = { tokens: nameTokens('Milk, whole, pasteurised', syn), scientificName: null, profile: p(87.6, 63, 3.4, 3.6, 4.6) };
    const whole = { id: 1, tokens: nameTokens('Milk, whole', syn), scientificName: null, profile: p(88.1, 61, 3.2, 3.3, 4.8) };
    const butterMilk = { id: 2, tokens: nameTokens('Milk, buttermilk, fluid, whole', syn), scientificName: null, profile: p(88, 62, 3.2, 3.3, 4.9) };
    expect(scorePair(food, whole, idf).verified).toBe(true);
    const r = scorePair(food, butterMilk, idf);
    expect(r.verified).toBe(false);
    expect(r.conflict).toMatch(/buttermilk/);
  });

  it('refuses different genera when both sides name the species', () => {
    const food = { tokens: nameTokens('Sole, raw', syn), scientificName: 'Solea solea', profile: p(80, 80, 17, 1, 0) };
    const cand = { id: 3, tokens: nameTokens('Sole, raw', syn), scientificName: 'Microstomus kitt', profile: p(80, 80, 17, 1, 0) };
    expect(scorePair(food, cand, idf)).toMatchObject({ verified: false, conflict: 'different genus' });
  });

  it('refuses a specific variant for a national food that says it is an average', () => {
    const food = { tokens: nameTokens('Vegetable oil (average)', syn), scientificName: null, profile: p(0, 900, 0, 100, 0) };
    const soybean = { id: 4, tokens: nameTokens('Oil, vegetable, soybean, refined', syn), scientificName: null, profile: p(0, 884, 0, 100, 0) };
    const plain = { id: 5, tokens: nameTokens('Oil, vegetable', syn), scientificName: null, profile: p(0, 884, 0, 100, 0) };
    expect(nameTokens('Apple, raw, all varieties', syn).average).toBe(true);
    expect(scorePair(food, soybean, idf)).toMatchObject({ verified: false, conflict: 'average food vs a specific variant: soybean refined' });
    expect(scorePair(food, plain, idf)).toMatchObject({ verified: true, unexplained: [] });
  });

  it('refuses stated fat levels that do not overlap, and accepts a level inside a stated range', () => {
    const mince = (name: string, fat: number) => ({ tokens: nameTokens(name, syn), scientificName: null, profile: p(68, 180, 19, fat, 0) });
    const ground10 = { id: 6, ...mince('Beef, ground, 90% lean meat / 10% fat, raw', 10) };
    expect(nameTokens('Beef, mince, 5-10% fat, raw', syn).fat).toEqual([5, 10]);
    expect(nameTokens('Milk, whole, 3.25% milkfat', syn).fat).toEqual([3.25, 3.25]);
    expect(scorePair(mince('Beef, ground, 15% fat, raw', 11), ground10, idf)).toMatchObject({
      verified: false,
      conflict: 'stated fat contents differ: 15% vs 10%',
    });
    expect(scorePair(mince('Beef, ground, 5-10% fat, raw', 10), ground10, idf).verified).toBe(true);
  });

  it('refuses a canonical ingredient outside the categories of the national food group', () => {
    const food = { tokens: nameTokens('Candied fruit', syn), scientificName: null, profile: p(20, 320, 0.3, 0.1, 80) };
    const cand = { id: 7, tokens: nameTokens('Candied fruit', syn), scientificName: null, profile: p(20, 322, 0.3, 0.1, 81), category: '0900' };
    expect(scorePair({ ...food, categories: new Set(['1900']) }, cand, idf)).toMatchObject({
      verified: false,
      conflict: 'food group disagrees: category 0900',
    });
    expect(scorePair({ ...food, categories: new Set(['1900', '0900']) }, cand, idf).verified).toBe(true);
    expect(scorePair({ ...food, categories: null }, cand, idf).verified).toBe(true);
  });

  it('refuses a product of the food (juice, flour) the national name does not name', () => {
    // SR 9152 "Lemon juice, raw" beside BLS F601100 "Zitrone roh" ("Lemon raw"), values of each as published
    const juice = { id: 9152, name: 'Lemon juice, raw', scientificName: null, profile: { ...p(92.3, 22, 0.35, 0.24, 6.6), fibre: 0.3 } };
    const lemon = { nameEn: 'Lemon raw', scientificName: null, profile: { ...EMPTY, energyKcal: 36, protein: 0.7, fat: 0.6, carb: 3.2, fibre: 1.3 } };
    const r = new Linker([juice], { ...syn, product: new Set(['juice', 'flour']) }).best(lemon)!;
    expect(r).toMatchObject({ verified: false, conflict: 'another product: juice (canonical name only)' });
    // the national name saying it is the same product
    const juiceDe = { nameEn: 'Lemon juice', scientificName: null, profile: { ...EMPTY, energyKcal: 22, protein: 0.4, fat: 0.2, carb: 6.6, fibre: 0.3 } };
    expect(new Linker([juice], { ...syn, product: new Set(['juice']) }).best(juiceDe)).toMatchObject({ verified: true, conflict: null });
  });

  it('reads a food as dry from its solids when the table gives no water (BLS macros only)', () => {
    // SR 20420 "Pasta, dry, unenriched" beside BLS E401000 "Teigwaren eifrei, roh": protein 12.4, fat 1.6, carbohydrate 68.8, fibre 3.4
    const pasta = { id: 20420, name: 'Pasta, dry, unenriched', scientificName: null, profile: p(9.9, 371, 13, 1.5, 74.7) };
    const bls = { nameEn: 'Pasta, raw', scientificName: null, profile: { ...EMPTY, energyKcal: 346, protein: 12.4, fat: 1.6, carb: 68.8, fibre: 3.4 } };
    expect(new Linker([pasta], syn).best(bls)!.conflict ?? null).not.toBe('dried vs not dried');
    // the same name with the values of cooked pasta is not dry
    const cooked = { ...bls, profile: { ...EMPTY, energyKcal: 150, protein: 5, fat: 0.7, carb: 30, fibre: 1.5 } };
    expect(new Linker([pasta], syn).best(cooked)!.conflict).toBe('dried vs not dried');
  });

  it('does not verify a variant the national name does not choose when the variants differ in composition', () => {
    const soft = { id: 1159, name: 'Cheese, goat, soft type', scientificName: null, profile: p(60.8, 264, 18.5, 21.1, 0) };
    const semisoft = { id: 1157, name: 'Cheese, goat, semisoft type', scientificName: null, profile: p(45.5, 364, 21.6, 29.8, 2.5) };
    // A goat cheese that names no texture, with values between the two (as CIQUAL 12802, water 53 g)
    const food = { nameEn: 'Cheese, goat', scientificName: null, profile: p(53, 310, 19.5, 24, 1) };
    const both = new Linker([soft, semisoft], syn).best(food)!;
    expect(both.verified).toBe(false);
    expect(both.conflict).toMatch(/^national name does not choose between (1159 and 1157|1157 and 1159)$/);
    expect(new Linker([soft], syn).best(food)!.verified).toBe(true);
    // Values within every tolerance of one variant and not of the other: the numbers choose
    expect(new Linker([soft, semisoft], syn).best({ ...food, profile: p(60, 270, 18.5, 21, 0) })).toMatchObject({ verified: true, candidateId: 1159 });
    // Variants with the same composition would serve the same numbers: not ambiguous
    const whole = { id: 11289, name: 'Onions, frozen, whole', scientificName: null, profile: p(92, 28, 0.7, 0.1, 6) };
    const chopped = { id: 11287, name: 'Onions, frozen, chopped', scientificName: null, profile: p(92.5, 29, 0.8, 0.1, 6.2) };
    const onion = { nameEn: 'Onion, frozen', scientificName: null, profile: p(92, 28, 0.7, 0.1, 6) };
    expect(new Linker([whole, chopped], syn).best(onion)).toMatchObject({ verified: true, candidateId: 11289 }); // equal scores: the nearer values
  });

  it('treats a distinguishing word only the canonical name has as a variant the national name does not name', () => {
    const distinct = new Set(['lean', 'fat']);
    const food = { tokens: nameTokens('Pork, shoulder, raw', syn), scientificName: null, profile: p(70, 178, 19, 11, 0) };
    const leanOnly = { id: 10072, tokens: nameTokens('Pork, shoulder, whole, separable lean only, raw', syn), scientificName: null, profile: p(72.6, 148, 19.6, 7.1, 0) };
    expect(scorePair(food, leanOnly, idf, distinct)).toMatchObject({ verified: false, variant: true, conflict: 'only one name says: lean' });
    const gbLean = { tokens: nameTokens('Pork, shoulder, raw, lean', syn), scientificName: null, profile: p(72, 150, 19.6, 7.5, 0) };
    expect(scorePair(gbLean, leanOnly, idf, distinct)).toMatchObject({ verified: true, variant: false });
  });

  it('counts a candidate ruled out only for naming a variant as a rival when telling variants apart', () => {
    const synLean = { ...syn, distinct: new Set(['lean', 'fat']) };
    const whole = { id: 10070, name: 'Pork, shoulder, whole, raw', scientificName: null, profile: p(69, 190, 18.7, 12, 0) };
    const leanOnly = { id: 10072, name: 'Pork, shoulder, separable lean only, raw', scientificName: null, profile: p(72.6, 148, 19.6, 7.1, 0) };
    // A shoulder that says neither, its values between the two (within every tolerance of neither)
    const food = { nameEn: 'Pork, shoulder, raw', scientificName: null, profile: p(71, 165, 19.2, 9, 0) };
    const lean = scorePair(
      { tokens: nameTokens(food.nameEn, synLean), scientificName: null, profile: food.profile },
      { id: leanOnly.id, tokens: nameTokens(leanOnly.name, synLean), scientificName: null, profile: leanOnly.profile },
      idf,
      new Set(['lean', 'fat']),
    );
    expect(lean).toMatchObject({ verified: false, variant: true, rival: true });
    expect(new Linker([whole], synLean).best(food)).toMatchObject({ verified: true, candidateId: 10070 });
    expect(new Linker([whole, leanOnly], synLean).best(food)).toMatchObject({
      verified: false,
      candidateId: 10070,
      conflict: 'national name does not choose between 10070 and 10072',
    });
    // A variant whose values are far off is no rival: it could not have been the link.
    const farOff = { ...leanOnly, profile: p(75, 110, 21, 2, 0) };
    expect(new Linker([whole, farOff], synLean).best(food)).toMatchObject({ verified: true, candidateId: 10070 });
  });

  // Values per 100 g as the catalogue reads them from the raw files (SR Legacy, Foundation,
  // CIQUAL 2020, Frida, CoFID 2021): water, kcal, protein, fat, available carbohydrate, sodium, fibre.
  const full = (water: number, kcal: number, protein: number, fat: number, carb: number, sodiumMg: number | null, fibre: number | null): Profile => ({
    water, energyKcal: kcal, protein, fat, carb, sodiumMg, fibre,
  });
  const synForm = {
    phrases: [['flesh and skin', 'wholefruit'], ['without skin', 'peeled']] as Array<[string, string]>,
    words: new Map<string, string>(),
    distinct: new Set(['peeled', 'wholefruit', 'skin', 'chicken']),
    composition: new Set(['chicken']),
    form: new Set(['peeled', 'wholefruit']),
  };

  it('gives a verified link its composition twins: same head, values within every tolerance, only form words lacking', () => {
    // CIQUAL 4008 "Potato, peeled, raw"; Foundation 2346402 (verified on its name); SR 11353, whose
    // "flesh and skin" the profile compares (within every tolerance of 2346402); SR 11362, the skin.
    const food = { nameEn: 'Potato, peeled, raw', scientificName: null, profile: full(79, 80.5, 2.16, 0.18, 16.2, 0.22, 1.8) };
    const red = { id: 2346402, name: 'Potatoes, red, without skin, raw', scientificName: null, category: '1100', profile: full(80.47, 73.4, 2.06, 0.25, 16.27, 2.86, null) };
    const russet = {
      id: 11353,
      name: "Potatoes, russet, flesh and skin, raw (Includes foods for USDA's Food Distribution Program)",
      scientificName: null,
      category: '1100',
      profile: full(78.58, 79, 2.14, 0.08, 16.77, 5, 1.3),
    };
    const skin = { id: 11362, name: 'Potatoes, raw, skin', scientificName: null, category: '1100', profile: full(83.29, 58, 2.57, 0.1, 9.94, 10, 2.5) };
    const ranked = new Linker([red, russet, skin], synForm).rank(food);
    expect(ranked[0]).toMatchObject({ candidateId: 2346402, verified: true });
    expect(ranked.find((r) => r.candidateId === 11353)?.verified).toBe(true);
    expect(ranked.find((r) => r.candidateId === 11362)?.verified).toBe(false);
    // The twin rule alone: with the national carbohydrate set to 13.2 g, 11353 (16.77 g) is just
    // outside its tolerance of the national food, but within that of the verified 2346402. Named
    // here without its part and with words the national name lacks, its name alone is too weak (a
    // name that says another part than the national one is compared without it: "verifies a record
    // that names another part eaten" below).
    const apart = { ...food, profile: { ...food.profile, carb: 13.2 } };
    // (a made-up name for SR 11353's values: it names no part, and words the national name lacks)
    const russetUnsaid = { ...russet, name: 'Potatoes, russet, raw, commodity, food distribution program' };
    expect(new Linker([red, russetUnsaid, skin], synForm).rank(apart).find((r) => r.candidateId === 11353)).toMatchObject({
      verified: true,
      twinOf: 2346402,
    });
    // Only in the categories where USDA's added words leave the macros alone (TWIN_CATEGORIES):
    // the same potatoes filed as a prepared food have no twin.
    const asDish = new Linker([red, { ...russetUnsaid, category: '2200' }, skin], synForm).rank(apart);
    expect(asDish.find((r) => r.candidateId === 11353)?.verified).toBe(false);
    // The twin must say every word of the national name the verified one says: a red cabbage's
    // verified link has no twin in a green cabbage, however close their values.
    const redCabbage = { nameEn: 'Cabbage, red, raw', scientificName: null, profile: full(90.2, 31, 1.4, 0.2, 5.3, 27, 2.1) };
    const cRed = { id: 11112, name: 'Cabbage, red, raw', scientificName: null, category: '1100', profile: full(90.39, 31, 1.43, 0.16, 5.27, 27, 2.1) };
    const cGreen = { id: 2346407, name: 'Cabbage, green, raw', scientificName: null, category: '1100', profile: full(91.2, 30, 1.2, 0.2, 5.4, 20, 2.2) };
    const cabbages = new Linker([cRed, cGreen], synForm).rank(redCabbage);
    expect(cabbages.find((r) => r.candidateId === 2346407)?.verified).toBe(false);
  });

  it('verifies a record that names another part eaten than the national food when the values agree, ranking a record of the same part first', () => {
    // CoFID 13-489 "Potatoes, old, raw, flesh only" against SR 11352 "Potatoes, flesh and skin, raw"
    // (CoFID: water 78.1, 82 kcal, protein 1.9, fat 0.1, carbohydrate 19.6, sodium 2, fibre 2;
    // SR: 79.25, 77, 2.05, 0.09, 17.49, 6, 2.1): the part is left to the values, which agree.
    const food = { nameEn: 'Potatoes, without skin, raw', scientificName: null, profile: full(78.1, 82, 1.9, 0.1, 19.6, 2, 2) };
    const whole = { id: 11352, name: 'Potatoes, flesh and skin, raw', scientificName: null, category: '1100', profile: full(79.25, 77, 2.05, 0.09, 17.49, 6, 2.1) };
    const peeled = { id: 2346402, name: 'Potatoes, red, without skin, raw', scientificName: null, category: '1100', profile: full(80.47, 73.4, 2.06, 0.25, 16.27, 2.86, null) };
    const ranked = new Linker([whole, peeled], synForm).rank(food);
    expect(ranked.find((r) => r.candidateId === 11352)?.verified).toBe(true);
    // ...as a name that says no part ("Apfel roh") reads for it: no better.
    const unsaid = new Linker([whole, peeled], synForm).rank({ ...food, nameEn: 'Potatoes, raw' });
    expect(ranked.find((r) => r.candidateId === 11352)?.name).toBeCloseTo(unsaid.find((r) => r.candidateId === 11352)!.name, 6);
    // Outside vegetables, fruit, nuts, legumes and grains the part still counts in the name.
    const asDish = new Linker([{ ...whole, category: '2200' }, peeled], synForm).rank(food);
    expect(asDish.find((r) => r.candidateId === 11352)!.name).toBeLessThan(ranked.find((r) => r.candidateId === 11352)!.name);
  });

  it('verifies a canonical name that says every word of the national name when the values agree within every tolerance', () => {
    // CIQUAL 9100 "Rice, raw" against SR 20444: the name score is low only for what SR adds.
    const food = { nameEn: 'Rice, raw', scientificName: null, profile: full(12.5, 352, 7.04, 0.91, 78, 2.28, 1.05) };
    const white = { id: 20444, name: 'Rice, white, long-grain, regular, raw, unenriched', scientificName: null, profile: full(11.62, 365, 7.13, 0.66, 78.65, 5, 1.3) };
    const brown = { id: 20036, name: 'Rice, brown, long-grain, raw', scientificName: null, profile: full(11.8, 367, 7.54, 3.2, 72.65, 5, 3.6) };
    const ranked = new Linker([white, brown], synForm).rank(food);
    expect(ranked[0]).toMatchObject({ candidateId: 20444, verified: true });
    expect(ranked[0]!.score).toBeLessThan(VERIFIED_THRESHOLD);
    expect(ranked[1]).toMatchObject({ candidateId: 20036, verified: false }); // fat and fibre outside tolerance
  });

  it('reads a food sold dry as raw: "dried" on one side only does not block where both are dry by their water', () => {
    // Frida 305 "Pasta, raw" (water 9.5) against SR 20420 "Pasta, dry, unenriched" (water 9.9).
    const pasta = { nameEn: 'Pasta, raw', scientificName: null, profile: full(9.5, 361.4, 12.33, 1.8, 72.37, 2, 3.2) };
    const dry = { id: 20420, name: 'Pasta, dry, unenriched', scientificName: null, profile: full(9.9, 371, 13.04, 1.51, 71.47, 6, 3.2) };
    expect(new Linker([dry], synForm).best(pasta)).toMatchObject({ candidateId: 20420, conflict: null, verified: true });
    expect(new Linker([dry], synForm).best({ ...pasta, profile: { ...pasta.profile, water: 62 } })?.conflict).toBe('dried vs not dried');
    // Fresh grapes (SR 9132, water 80.5) are not raisins whatever the tolerance.
    const grapes = { tokens: nameTokens('Grapes, raw', syn), scientificName: null, profile: full(80.54, 69, 0.72, 0.16, 17.2, 2, 0.9) };
    const raisins = { id: 9298, tokens: nameTokens('Raisins, dried', syn), scientificName: null, profile: full(15.4, 299, 3.07, 0.46, 75.5, 11, 3.7) };
    expect(scorePair(grapes, raisins, idf).conflict).toBe('dried vs not dried');
  });

  it('holds a fat level stated by one name only to the fat tolerance', () => {
    // CoFID 18-469 "Beef, mince, raw" (16.2 g fat) is not SR 23557 "95% lean meat / 5% fat".
    const synMince = { ...synForm, words: new Map([['mince', 'ground']]) };
    const mince = { nameEn: 'Beef, mince, raw', scientificName: null, profile: full(62, 225, 19.7, 16.2, 0, 80, 0) };
    const lean = { id: 23557, name: 'Beef, ground, 95% lean meat / 5% fat, raw', scientificName: null, profile: full(73.24, 137, 21.41, 5, 0, 66, 0) };
    expect(new Linker([lean], synMince).best(mince)).toMatchObject({ verified: false, conflict: 'fat class differs: 16.2 vs 5 g' });
    // Without the stated level the same pair is only a profile mismatch, not a fat class.
    const plain = { ...lean, name: 'Beef, ground, raw' };
    expect(new Linker([plain], synMince).best(mince)?.conflict).toBeNull();
  });

  it('blocks a national head word the canonical name lacks, and the animal a meat comes from', () => {
    // BLS H730400 "Lentil flour" is not SR 16069 "Lentils, raw" (same macros within tolerance).
    const flour = { nameEn: 'Lentil flour', scientificName: null, profile: full(10, 312, 23.36, 1.7, 44.8, null, 12.3) };
    const lentils = { id: 16069, name: 'Lentils, raw', scientificName: null, profile: full(8.26, 352, 24.63, 1.06, 52.65, 6, 10.7) };
    expect(new Linker([lentils], synForm).best(flour)).toMatchObject({ verified: false, conflict: 'not in canonical name: flour' });
    // Matvaretabellen 03-366 "Kjøttdeig, kylling" (read as chicken mince) is not ground beef.
    const chickenMince = { nameEn: 'beef ground, chicken, raw', scientificName: null, profile: full(72, 150, 19, 8, 0, 70, 0) };
    const beef = { id: 23562, name: 'Beef, ground, 90% lean meat / 10% fat, raw', scientificName: null, profile: full(72, 176, 20, 10, 0, 66, 0) };
    expect(new Linker([beef], synForm).best(chickenMince)?.verified).toBe(false);
  });

  it('gives the national food of a verified record to the plainer records of the same food (from the ingredient side)', () => {
    const syn = { phrases: [] as Array<[string, string]>, words: new Map([['enriched', ''], ['unenriched', '']]), form: new Set<string>() };
    // CoFID 11-886 (values as published); SR 20481 verified on its name; SR 20081, the enriched and
    // bleached record of the same flour (US enrichment adds iron and B vitamins, not macros).
    const flour = { nameEn: 'Flour, wheat, white, all-purpose', scientificName: null, profile: full(11.6, 352, 9.1, 1.4, 80.9, 2, 4) };
    const sr = (id: number, name: string) => ({ id, name, scientificName: null, category: '2000', profile: full(11.92, 364, 10.33, 0.98, 73.61, 2, 2.7) });
    const flours = new Linker([sr(20481, 'Wheat flour, white, all-purpose, unenriched'), sr(20081, 'Wheat flour, white, all-purpose, enriched, bleached')], syn);
    expect(flours.sameRecordsOf(20481)).toEqual([20081]);
    expect(flours.sameRecordLink(flour, 20481, 20081)).toMatchObject({ candidateId: 20081, verified: true, recordOf: 20481, conflict: null });
    // A Foundation record with too few values to compare (748278 "Oil, canola": fat only) is the
    // same food only under the very same words.
    const oil = { nameEn: 'Oil, canola', scientificName: null, profile: full(0, 899, 0, 99.9, 0, 0, 0) };
    const canola = { id: 4582, name: 'Oil, canola', scientificName: null, category: '0400', profile: full(0, 884, 0, 100, 0, 0, 0) };
    const sparse = { id: 748278, name: 'Oil, canola', scientificName: null, category: '0400', profile: { ...EMPTY, fat: 94.5 } };
    const sparseOther = { id: 1, name: 'Oil, canola, high oleic', scientificName: null, category: '0400', profile: { ...EMPTY, fat: 94.5 } };
    const oils = new Linker([canola, sparse, sparseOther], syn);
    expect(oils.sameRecordLink(oil, 4582, 748278)).toMatchObject({ verified: true, recordOf: 4582, profile: null });
    // A record saying more than the verified one names another food and is no record of it.
    expect(oils.sameRecordsOf(4582)).toEqual([748278]);
    // A plainer record does not take a national word the verified record says ("lactose free")...
    const lf = { nameEn: 'Milk, whole, lactose free', scientificName: null, profile: full(88, 61, 3.2, 3.3, 4.7, 43, 0) };
    const milk = (id: number, name: string) => ({ id, name, scientificName: null, category: '0100', profile: full(88.1, 61, 3.15, 3.25, 4.8, 43, 0) });
    const milks = new Linker([milk(1, 'Milk, whole, lactose free'), milk(2, 'Milk, whole')], syn);
    expect(milks.sameRecordsOf(1)).toEqual([2]);
    expect(milks.sameRecordLink(lf, 1, 2)).toBeNull();
    // ...nor the link of a verified record that leaves a national word unsaid ("fillet").
    const fillet = { nameEn: 'Beef, fillet steak, raw', scientificName: null, profile: full(70, 150, 21, 7, 0, 60, 0) };
    const beef = (id: number, name: string) => ({ id, name, scientificName: null, category: '1300', profile: full(70.5, 152, 21.2, 7.2, 0, 58, 0) });
    const steaks = new Linker([beef(1, 'Beef, steak, raw, choice'), beef(2, 'Beef, steak, raw')], syn);
    expect(steaks.sameRecordsOf(1)).toEqual([2]);
    expect(steaks.sameRecordLink(fillet, 1, 2)).toBeNull();
    expect(steaks.sameRecordLink({ ...fillet, nameEn: 'Beef, steak, raw' }, 1, 2)).toMatchObject({ verified: true, recordOf: 1 });
    // A record stating other figures is another food (94 against 80 proof).
    const rum = { nameEn: 'Alcoholic beverage, distilled, 80 proof', scientificName: null, profile: full(66.6, 231, 0, 0, 0, 1, 0) };
    const spirit = (id: number, proof: number) => ({
      id, name: `Alcoholic beverage, distilled, ${proof} proof`, scientificName: null, category: '1400', profile: full(66.6, 231, 0, 0, 0.1, 1, 0),
    });
    const spirits = new Linker([spirit(1, 80), spirit(2, 94)], syn);
    expect(spirits.sameRecordsOf(1)).toEqual([2]);
    expect(spirits.sameRecordLink(rum, 1, 2)).toBeNull();
    // Among vegetables, fruit, nuts, legumes and grains a record may say more (a variety) when its
    // values agree closely: SR 16030 "Beans, kidney, california red, mature seeds, raw" beside SR
    // 16027 "Beans, kidney, red, mature seeds, raw" for a plain red bean; not "Cabbage, kimchi"
    // (sodium 498 mg) beside "Cabbage, raw" (18 mg), nor the same words filed as a dish.
    const beans = { nameEn: 'Beans, red, mature seeds, raw', scientificName: null, profile: full(11.1, 337, 22.5, 1.1, 45, 12, 15.2) };
    const bean = (id: number, name: string, category = '1600') => ({ id, name, scientificName: null, category, profile: full(11.75, 337, 22.53, 1.06, 45.1, 12, 15.2) });
    const kidney = new Linker([bean(16027, 'Beans, kidney, red, mature seeds, raw'), bean(16030, 'Beans, kidney, california red, mature seeds, raw')], syn);
    expect(kidney.sameRecordsOf(16027)).toEqual([16030]);
    expect(kidney.sameRecordLink({ ...beans, nameEn: 'Beans, kidney, red, mature seeds, raw' }, 16027, 16030)).toMatchObject({ verified: true, recordOf: 16027 });
    const asDish = new Linker([bean(16027, 'Beans, kidney, red, mature seeds, raw', '2200'), bean(16030, 'Beans, kidney, california red, mature seeds, raw', '2200')], syn);
    expect(asDish.sameRecordsOf(16027)).toEqual([]);
    const plainCabbage = { id: 11109, name: 'Cabbage, raw', scientificName: null, category: '1100', profile: full(92.18, 25, 1.28, 0.1, 3.3, 18, 2.5) };
    const kimchi = { id: 11118, name: 'Cabbage, kimchi', scientificName: null, category: '1100', profile: full(91.7, 15, 1.1, 0.5, 0.8, 498, 1.6) };
    expect(new Linker([plainCabbage, kimchi], syn).sameRecordsOf(11109)).toEqual([]);
    expect(new Linker([plainCabbage, { ...kimchi, profile: plainCabbage.profile }], syn).sameRecordsOf(11109)).toEqual([11118]);
    expect(new Linker([spirit(1, 80), { ...spirit(2, 80), name: 'Alcoholic beverage, distilled, proof' }], syn).sameRecordLink(rum, 1, 2)).toMatchObject({ verified: true });
    // A national word the verified record says and its sibling leaves out is said by the
    // sibling's values where they agree with the verified record's and tell the variants apart:
    // Foundation 789890 "Flour, wheat, all-purpose, enriched, bleached" (values as published)
    // beside SR 20481 for CoFID 11-886 "Flour, wheat, white, plain, soft" (read as all-purpose).
    const whiteFlour = { nameEn: 'Flour, wheat, white, all-purpose', scientificName: null, profile: full(11.6, 352, 9.1, 1.4, 80.9, 2, 4) };
    const foundationFlour = { id: 789890, name: 'Flour, wheat, all-purpose, enriched, bleached', scientificName: null, category: '2000', profile: { ...full(9.83, 366, 10.9, 1.48, 77.3, 2, 0), fibre: null } };
    const withFoundation = new Linker([sr(20481, 'Wheat flour, white, all-purpose, unenriched'), foundationFlour], syn);
    expect(withFoundation.sameRecordsOf(20481)).toEqual([789890]);
    expect(withFoundation.sameRecordLink(whiteFlour, 20481, 789890)).toMatchObject({ verified: true, recordOf: 20481, conflict: null });
    // Not where the values cannot tell: SR 11109 "Cabbage, raw" agrees with red and green cabbage
    // alike, so it says neither colour and takes no red cabbage's national food (BLS G341100).
    const redCabbage = { nameEn: 'Cabbage, red, raw', scientificName: null, profile: full(90.4, 29, 1.4, 0.2, 4.5, 20, 2.5) };
    const red = { id: 11112, name: 'Cabbage, red, raw', scientificName: null, category: '1100', profile: full(90.39, 31, 1.43, 0.16, 5.27, 27, 2.1) };
    const green = { id: 2346407, name: 'Cabbage, green, raw', scientificName: null, category: '1100', profile: full(92.5, 25, 1.2, 0.2, 3.5, 15, 2.3) };
    const cabbages = new Linker([red, plainCabbage, green], syn);
    expect(cabbages.sameRecordsOf(11112)).toContain(11109);
    expect(cabbages.sameRecordLink(redCabbage, 11112, 11109)).toBeNull();
    // Nor a word whose difference the macros do not show (a composition word).
    const lfSyn = { ...syn, composition: new Set(['lactose']) };
    const lfMilks = new Linker([{ ...milk(1, 'Milk, whole, lactose free'), category: '1100' }, { ...milk(2, 'Milk, whole'), category: '1100' }], lfSyn);
    expect(lfMilks.sameRecordLink(lf, 1, 2)).toBeNull();
  });

  it('reads a parenthesised aside that names the food again as no head word', () => {
    // BLS S111000 "Zucker weiß (Raffinadezucker/Weißzucker)", read "Sugar white (refined sugar)":
    // "refined sugar" is another name of white sugar, so SR 19335 "Sugars, granulated" need not say
    // "refined" (values as published against SR 19335 as in the catalogue).
    const t = nameTokens('Sugar white (refined sugar)', syn);
    // (the colour names a variety, a name word: the head is the noun)
    expect([...t.head].sort()).toEqual(['sugar']);
    expect(t.all.has('white')).toBe(true);
    expect(t.all.has('refined')).toBe(true);
    // An aside that does not repeat a head word still names the food ("(pork)").
    expect([...nameTokens('Sausage (pork)', syn).head].sort()).toEqual(['pork', 'sausage']);
    const sugarSyn = { ...syn, phrases: [['sugars granulated', 'sugar white']] as Array<[string, string]> }; // as synonyms.csv reads it
    const sugar = { nameEn: 'Sugar white (refined sugar)', scientificName: null, profile: { ...full(0, 400, 0, 0, 100, null, 0), water: null } };
    const granulated = { id: 19335, name: 'Sugars, granulated', scientificName: null, category: '1900', profile: full(0.02, 387, 0, 0, 99.98, 1, 0) };
    expect(new Linker([granulated], sugarSyn).best(sugar)).toMatchObject({ candidateId: 19335, verified: true, conflict: null });
  });

  it('gives a verified record\'s national food to the records of the same food the names or values leave no doubt about (issue 16e)', () => {
    const syn = { phrases: [] as Array<[string, string]>, words: new Map<string, string>(), form: new Set<string>(), distinct: new Set(['green', 'red', 'white', 'skin']) };
    // Raw as sold: Foundation 1999629 "Mushrooms, white button" says no state; SR 11260 "Mushrooms,
    // white, raw" says raw; their values agree within every tolerance (values as in the catalogue),
    // so each meets the other's "raw" for CoFID 13-505 "Mushrooms, white, raw" (values as published).
    const cofidMushroom = { nameEn: 'Mushrooms, white, raw', scientificName: null, profile: { ...full(92.9, 7, 1, 0.2, 0.3, 4, 0.7) } };
    const button = { id: 1999629, name: 'Mushrooms, white button', scientificName: null, category: '1100', profile: full(91.83, 24.9, 2.89, 0.37, 2.36, 6.44, 1.72) };
    const white = { id: 11260, name: 'Mushrooms, white, raw', scientificName: null, category: '1100', profile: full(92.45, 22, 3.09, 0.34, 2.26, 5, 1) };
    const mushrooms = new Linker([white, button], syn);
    expect(mushrooms.sameRecordsOf(1999629)).toEqual([11260]);
    expect(mushrooms.sameRecordLink(cofidMushroom, 11260, 1999629)).toMatchObject({ candidateId: 1999629, verified: true, recordOf: 11260, conflict: null });
    // Not a record saying no state whose values are another food's (a cooked profile), nor outside
    // vegetables, fruit, nuts, legumes and grains.
    const cookedLike = { ...button, profile: full(89.9, 28, 2.17, 0.47, 5.29, 2, 2.2) };
    expect(new Linker([white, cookedLike], syn).sameRecordLink(cofidMushroom, 11260, 1999629)).toBeNull();
    expect(new Linker([{ ...white, category: '1300' }, { ...button, category: '1300' }], syn).sameRecordLink(cofidMushroom, 11260, 1999629)).toBeNull();
    // A distinguishing word a record adds is left to the values: SR 9415 "Pears, raw, green anjou"
    // agrees with SR 9252 "Pears, raw" within every tolerance on all seven components, so "green"
    // changes nothing for BLS F130100 "Birne roh" (values as published; BLS gives no water or sodium).
    const birne = { nameEn: 'Pear raw', scientificName: null, profile: { ...full(0, 58, 0.3, 0.29, 13.16, null, 2.8), water: null } };
    const pears = full(83.96, 57, 0.36, 0.14, 12.13, 1, 3.1);
    const plainPear = { id: 9252, name: 'Pears, raw', scientificName: null, category: '0900', profile: pears };
    const anjou = { id: 9415, name: 'Pears, raw, green anjou', scientificName: null, category: '0900', profile: full(83.31, 66, 0.44, 0.1, 12.69, 1, 3.1) };
    const pearLinker = new Linker([plainPear, anjou], syn);
    expect(pearLinker.sameRecordsOf(9252)).toEqual([9415]);
    expect(pearLinker.sameRecordLink(birne, 9252, 9415)).toMatchObject({ verified: true, recordOf: 9252 });
    // ...and blocks where the values differ beyond a tolerance (energy 80 against 57 kcal).
    const sweeter = { ...anjou, profile: full(80.5, 80, 0.44, 0.1, 15.5, 1, 3.1) };
    expect(new Linker([plainPear, sweeter], syn).sameRecordLink(birne, 9252, 9415)).toBeNull();
    // A word the verified record says too was weighed with it: Foundation 2685568 "Squash, summer,
    // green, zucchini, includes skin, raw" (too few values to compare) says the "skin" of SR 11477
    // for CoFID 13-627 "Courgette, raw" (values as published).
    const zsyn = {
      ...syn,
      words: new Map([['courgette', 'zucchini']]),
      phrases: [['squash summer green zucchini', 'zucchini'], ['squash summer zucchini', 'zucchini']] as Array<[string, string]>,
    };
    const courgette = { nameEn: 'Courgette, raw', scientificName: null, profile: full(95, 16, 1.3, 0.2, 2.3, null, 0.5) };
    const sr11477 = { id: 11477, name: 'Squash, summer, zucchini, includes skin, raw', scientificName: null, category: '1100', profile: full(94.79, 17, 1.21, 0.32, 2.11, 8, 1) };
    const fdn = { id: 2685568, name: 'Squash, summer, green, zucchini, includes skin, raw', scientificName: null, category: '1100', profile: { ...EMPTY, protein: 0.98, fat: 0.21, sodiumMg: 0, fibre: 0.75 } };
    expect(new Linker([sr11477, fdn], zsyn).sameRecordLink(courgette, 11477, 2685568)).toMatchObject({ verified: true, recordOf: 11477 });
    // A national word no canonical name of the head says tells nothing apart: Frida 1308 "Wheat
    // flour, breadmaking (extraction rate 75%)" verified to SR 20129 passes to SR 20083, the same
    // values enriched (values as published and as in the catalogue).
    const fsyn = { ...syn, words: new Map([['enriched', ''], ['unenriched', ''], ['flours', 'flour']]) };
    const frida = { nameEn: 'Wheat flour, breadmaking (extraction rate 75%)', scientificName: null, profile: full(12.9, 348.56, 10.0, 1.6, 72.09, 1.7, 2.9) };
    const bread = full(13.36, 361, 11.98, 1.66, 70.13, 2, 2.4);
    const sr20129 = { id: 20129, name: 'Wheat flours, bread, unenriched', scientificName: null, category: '2000', profile: bread };
    const sr20083 = { id: 20083, name: 'Wheat flour, white, bread, enriched', scientificName: null, category: '2000', profile: bread };
    expect(new Linker([sr20129, sr20083], fsyn).sameRecordLink(frida, 20129, 20083)).toMatchObject({ verified: true, recordOf: 20129 });
    // ...unless a canonical name of the head says it ("breadmaking" flour), and never together with a
    // national word the record's values must say for it: NO 06-184 "Linser, røde/rosa, tørr" (read
    // "lentils, red/rosa, raw"; values as published) verified to SR 16144 "Lentils, pink or red, raw"
    // is not SR 16069 "Lentils, raw", which lacks the "red" and has no "rosa" either.
    const withWord = { id: 1, name: 'Wheat flour, breadmaking, raw', scientificName: null, category: '2000', profile: full(70, 100, 2, 0.5, 25, 300, 0.5) };
    expect(new Linker([sr20129, sr20083, withWord], fsyn).sameRecordLink(frida, 20129, 20083)).toBeNull();
    const linser = { nameEn: 'lentils, red/rosa, raw', scientificName: null, profile: full(11, 346, 23.9, 2.2, 52.3, 7, 11) };
    const pink = { id: 16144, name: 'Lentils, pink or red, raw', scientificName: null, category: '1600', profile: full(7.82, 358, 23.91, 2.17, 52.3, 7, 10.8) };
    const lentils = { id: 16069, name: 'Lentils, raw', scientificName: null, category: '1600', profile: full(8.26, 352, 24.63, 1.06, 52.65, 6, 10.7) };
    expect(new Linker([pink, lentils], syn).sameRecordLink(linser, 16144, 16069)).toBeNull();
    expect(new Linker([pink, lentils], syn).sameRecordLink({ ...linser, nameEn: 'lentils, red, raw' }, 16144, 16069)).toMatchObject({ verified: true });
    // Nor a word the verified record says when the values must already say a national word: BLS
    // F311100 "Weintraube rot, roh" verified to SR 9132 "Grapes, red or green (...), raw" does not pass
    // to Foundation 2346413 "Grapes, green, seedless, raw" (values as in the catalogue).
    const rot = { nameEn: 'Grape red, raw', scientificName: null, profile: { ...full(0, 80, 0.6, 0.1, 17.5, null, 1.3), water: null } };
    const either = { id: 9132, name: 'Grapes, red or green (European type, such as Thompson seedless), raw', scientificName: null, category: '0900', profile: full(80.54, 69, 0.72, 0.16, 17.2, 2, 0.9) };
    const greenGrapes = { id: 2346413, name: 'Grapes, green, seedless, raw', scientificName: null, category: '0900', profile: { ...full(79.88, 71.9, 0.9, 0.23, 18.6, 3.17, 0), fibre: null } };
    expect(new Linker([either, greenGrapes], syn).sameRecordLink(rot, 9132, 2346413)).toBeNull();
  });

  it('verifies the national food\'s first choice where no candidate passes the bars and the values choose it', () => {
    const syn = { phrases: [] as Array<[string, string]>, words: new Map<string, string>(), form: new Set<string>() };
    // CoFID 11-866 "Rice, brown, basmati, raw" (values as published) against SR 20036 "Rice, brown,
    // long-grain, raw": basmati is a long grain rice; the name alone scores below the bars.
    const basmati = { nameEn: 'Rice, brown, basmati, raw', scientificName: null, profile: full(13.9, 357, 8.1, 3.0, 74.4, 3, 3.8) };
    const longGrain = { id: 20036, name: 'Rice, brown, long-grain, raw', scientificName: null, category: '2000', profile: full(12.37, 367, 7.54, 3.2, 72.84, 1, 3.6) };
    const white = { id: 20444, name: 'Rice, white, long-grain, raw', scientificName: null, category: '2000', profile: full(11.62, 365, 7.13, 0.66, 78.71, 5, 1.3) };
    // Other foods of the catalogue, far off in composition: they weigh the words (IDF) as a catalogue does.
    const far = (id: number, name: string, category = '2000') => ({ id, name, scientificName: null, category, profile: full(70, 100, 2, 0.5, 25, 300, 0.5) });
    const others = [
      far(1, 'Rice, brown, medium-grain, cooked'), far(2, 'Rice, white, glutinous, raw'), far(3, 'Rice, wild, raw'), far(4, 'Rice crackers, brown rice'),
      far(5, 'Beans, brown, raw', '1600'), far(6, 'Lentils, brown, raw', '1600'), far(7, 'Sugar, brown, raw', '1900'),
    ];
    const r = new Linker([longGrain, white, ...others], syn).best(basmati)!;
    expect(r).toMatchObject({ candidateId: 20036, verified: true, conflict: null, worst: 1 });
    expect(r.score).toBeLessThan(VERIFIED_THRESHOLD);
    // Not among meat cuts, which share their macros (CLEAR_CATEGORIES)...
    expect(new Linker([{ ...longGrain, category: '1300' }, white, ...others], syn).best(basmati)?.verified).toBe(false);
    // ...nor where the canonical name's first parts say what the national name does not
    // ("Broccoli raab" is no broccoli), nor in another state ("canned"), nor another part eaten.
    const broccoli = { nameEn: 'Broccoli, steamed', scientificName: null, profile: full(89, 34, 3.1, 0.4, 4.2, 30, 2.6) };
    const raab = { id: 11097, name: 'Broccoli raab, cooked', scientificName: null, category: '1100', profile: full(89.5, 33, 3.8, 0.5, 3.1, 56, 2.8) };
    expect(new Linker([raab, ...others], syn).best(broccoli)?.verified).toBe(false);
    const canned = { ...longGrain, name: 'Rice, brown, long-grain, canned' };
    expect(new Linker([canned, white, ...others], syn).best(basmati)?.verified).toBe(false);
    const withForm = { ...syn, form: new Set(['peeled']) };
    expect(new Linker([{ ...longGrain, name: 'Rice, brown, long-grain, peeled, raw' }, white, ...others], withForm).best(basmati)?.verified).toBe(false);
  });

  it('reads a plain national name as the variety FNDDS recipes name most, where one stands out (issue 16, session 10)', () => {
    const tomato = p(94.6, 14, 0.5, 0.1, 3);
    const green = { id: 11527, name: 'Tomatoes, green, raw', scientificName: null, profile: p(93, 23, 1.2, 0.2, 4) };
    const red = { id: 11529, name: 'Tomatoes, red, ripe, raw', scientificName: null, profile: p(94.5, 18, 0.9, 0.2, 2.7), uses: 102 };
    const food = { nameEn: 'Tomatoes, raw', scientificName: null, profile: tomato };
    // On names alone the nearer green tomato is the national food's choice...
    expect(new Linker([green, { ...red, uses: 0 }], syn).best(food)).toMatchObject({ candidateId: 11527, verified: true });
    // ...the tomato people eat is, where recipes name it at least three times as often
    expect(new Linker([green, red], syn).best(food)).toMatchObject({ candidateId: 11529, verified: true });
    expect(new Linker([{ ...green, uses: 40 }, red], syn).best(food)).toMatchObject({ candidateId: 11527 });
    // A record that adds nothing to the national name is its plain reading, however rarely recipes name it
    const plainRecord = { id: 99999, name: 'Tomatoes, raw', scientificName: null, profile: p(94.5, 16, 0.8, 0.2, 3) };
    expect(new Linker([green, red, plainRecord], syn).best(food)).toMatchObject({ candidateId: 99999, verified: true });
  });

  it('never reads a whole animal as one of its parts, however often recipes name the part', () => {
    const breast = { id: 5062, name: 'Chicken, broilers or fryers, breast, meat only, raw', scientificName: null, profile: p(74.8, 120, 22.5, 2.6, 0), uses: 300 };
    const meat = { id: 5011, name: 'Chicken, broilers or fryers, meat only, raw', scientificName: null, profile: p(75.5, 119, 21.4, 3.1, 0), uses: 20 };
    const leg = { id: 5075, name: 'Chicken, broilers or fryers, leg, meat only, raw', scientificName: null, profile: p(76, 120, 20, 4, 0), uses: 5 };
    const food = { nameEn: 'Chicken, meat, raw', scientificName: null, profile: p(75, 121, 21, 3.5, 0) };
    // with a part: the parts are no readings, and the one record of the whole does not need the common reading
    expect(new Linker([breast, meat, leg], syn).best(food)).not.toMatchObject({ candidateId: 5062, common: true });
    expect(new Linker([breast, leg], syn).best(food)).not.toMatchObject({ common: true });
  });

  it('reads a national name without a state as fresh: a frozen record is no rival to the raw one', () => {
    const raw = { id: 9050, name: 'Blueberries, raw', scientificName: null, profile: p(84.2, 57, 0.7, 0.3, 12.1) };
    const frozen = { id: 9054, name: 'Blueberries, frozen, unsweetened', scientificName: null, profile: p(86.6, 51, 0.4, 0.6, 9.4) };
    const plain = { nameEn: 'Blueberries', scientificName: null, profile: p(85.7, 40, 0.9, 0.2, 9.1) };
    expect(new Linker([raw, frozen], syn).best(plain)).toMatchObject({ candidateId: 9050, verified: true });
  });

  it('reads "95% lean meat" as lean, and breaks equal scores by the nearer values', () => {
    expect(nameTokens('Beef, ground, 95% lean meat / 5% fat, raw', syn).all.has('lean')).toBe(true);
    expect(nameTokens('Beef, ground, 95% lean meat / 5% fat, raw', syn).all.has('meat')).toBe(false);
    expect(nameTokens('Beef, ground, 80% lean meat / 20% fat, raw', syn).all.has('lean')).toBe(false);
    const five = { id: 23557, name: 'Beef, ground, 95% lean meat / 5% fat, raw', scientificName: null, profile: p(73.3, 137, 21.4, 5, 0) };
    const three = { id: 23477, name: 'Beef, ground, 97% lean meat / 3% fat, raw', scientificName: null, profile: p(74.6, 121, 21.9, 3, 0) };
    const mince = { nameEn: 'Beef, mince, lean, raw', scientificName: null, profile: p(75, 123, 20.7, 4.5, 0) };
    const words = { ...syn, words: new Map([...syn.words, ['mince', 'ground']]) };
    expect(new Linker([three, five], words).best(mince)).toMatchObject({ candidateId: 23557, verified: true });
  });

  it('reads what a canonical name says was added to the food or left out of it, after the head', () => {
    const added = (name: string) => [...nameTokens(name, syn).added].sort();
    const without = (name: string) => [...nameTokens(name, syn).without].sort();
    expect(added('Beans, baked, canned, with pork and tomato sauce')).toEqual(['pork', 'sauce', 'tomato']);
    expect(without('Pasta, homemade, made without egg, cooked')).toEqual(['egg']);
    // how it was prepared, a treatment, salt, a form: nothing added
    expect(added('Soup, chicken noodle, dry, mix, prepared with water')).toEqual([]);
    expect(added('Milk, whole, 3.25% milkfat, with added vitamin D')).toEqual([]);
    expect(added('Apricots, canned, juice pack, with skin, solids and liquids')).toEqual([]);
    // in the head, "with" names the dish: tables write "Chili con carne" for the same food
    expect(added('Chili con carne with beans, canned entree')).toEqual([]);
  });

  it('never links a canonical food with an added food to a national food that does not say it', () => {
    const food = { nameEn: 'Cheese, cottage, plain', scientificName: null, profile: p(79, 101, 12.6, 4.3, 3.1) };
    const withFruit = { id: 1013, name: 'Cheese, cottage, creamed, with fruit', scientificName: null, profile: p(79.6, 97, 10.7, 3.9, 4.6) };
    // "fruit" names a food where some canonical name has it as its head
    const fruit = { id: 9001, name: 'Fruit salad, fresh', scientificName: null, profile: p(86, 50, 0.6, 0.2, 12) };
    const ranked = new Linker([withFruit, fruit], syn).rank(food);
    expect(ranked[0]).toMatchObject({ candidateId: 1013, verified: false, conflict: 'only the canonical food has added: fruit' });
    // nor one made without a food to a national food that says it
    const eggPasta = { nameEn: 'Egg pasta, boiled', scientificName: null, profile: p(66, 130, 5, 1.5, 25) };
    const eggFree = { id: 20098, name: 'Pasta, homemade, made without egg, cooked', scientificName: null, profile: p(66, 124, 4.4, 1, 25) };
    const egg = { id: 1123, name: 'Egg, whole, raw, fresh', scientificName: null, profile: p(76, 143, 12.6, 9.5, 0.7) };
    expect(new Linker([eggFree, egg], syn).rank(eggPasta).find((r) => r.candidateId === 20098)).toMatchObject({ verified: false, conflict: 'the canonical food is made without: egg' });
  });
});

describe('nationalSpeciesReading', () => {
  const species = new Map([
    ['herring', 'atlantic'],
    ['mackerel', 'atlantic'],
    ['cod', 'atlantic'],
  ]);
  it('reads a bare fish name as the species European tables mean', () => {
    expect(nationalSpeciesReading('Herring, flesh only, raw', species)).toBe('Herring atlantic, flesh only, raw');
    expect(nationalSpeciesReading('Cod raw', species)).toBe('Cod atlantic raw');
  });
  it('leaves a name that says a species, names another fish, or is an oil, liver or roe', () => {
    expect(nationalSpeciesReading('Mackerel, king, raw', species)).toBe('Mackerel, king, raw');
    expect(nationalSpeciesReading('Horse mackerel, raw', species)).toBe('Horse mackerel, raw');
    expect(nationalSpeciesReading('Fish herring atlantic', species)).toBe('Fish herring atlantic');
    expect(nationalSpeciesReading('Cod liver oil', species)).toBe('Cod liver oil');
    expect(nationalSpeciesReading('Cod, roe, canned', species)).toBe('Cod, roe, canned');
    expect(nationalSpeciesReading('Cod raw', undefined)).toBe('Cod raw');
  });
});

describe('Linker.alternativeReadings: a national name that gives its food two names', () => {
  const linker = new Linker([], { ...syn, composition: new Set(['beef', 'pork']) });
  it('reads each name, the second with the words of the first it does not replace, then alone', () => {
    expect(linker.alternativeReadings('Batata/sweet potato, raw')).toEqual(['Batata, raw', 'sweet potato, raw']);
    expect(linker.alternativeReadings('Goose lard/fat')).toEqual(['Goose lard', 'Goose fat', 'fat']);
    expect(linker.alternativeReadings('Japanese medlar/loquat, raw')).toEqual(['Japanese medlar, raw', 'Japanese loquat, raw', 'loquat, raw']);
  });
  it('reads no mixture of two animals, no slash in an aside or after the first part, and no name without a slash', () => {
    expect(linker.alternativeReadings('Beef/pork, minced steak, fried')).toEqual([]);
    expect(linker.alternativeReadings('Cake base (shortcrust/fine)')).toEqual([]);
    expect(linker.alternativeReadings('Split pea, boiled/cooked in water')).toEqual([]);
    expect(linker.alternativeReadings('Kale, raw')).toEqual([]);
  });
});
