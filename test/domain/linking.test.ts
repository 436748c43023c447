import { describe, expect, it } from 'vitest';
import { Linker, nameTokens, profileAgreement, scorePair, stateConflict, type Profile } from '../../src/domain/linking.js';

const syn = { phrases: [['without salt', 'unsalted']] as Array<[string, string]>, words: new Map([['pasteurised', '']]) };
const p = (water: number, kcal: number, protein: number, fat: number, carb: number): Profile => ({
  water, energyKcal: kcal, protein, fat, carb, sodiumMg: null, fibre: null,
});
const idf = () => 1;

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
    expect(new Linker([whole, chopped], syn).best(onion)).toMatchObject({ verified: true, candidateId: 11287 }); // equal scores: the lower id
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
});
