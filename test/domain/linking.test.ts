import { describe, expect, it } from 'vitest';
import { nameTokens, profileAgreement, scorePair, stateConflict, type Profile } from '../../src/domain/linking.js';

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
});
