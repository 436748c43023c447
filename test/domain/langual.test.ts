import { describe, expect, it } from 'vitest';
import { compareFacets, facetCodes, fortification, heatedByFacets, rawByFacets } from '../../src/domain/langual.js';
import { nameTokens, scorePair, type Profile } from '../../src/domain/linking.js';

const syn = { phrases: [] as Array<[string, string]>, words: new Map<string, string>() };
const p = (water: number, kcal: number, protein: number, fat: number, carb: number): Profile => ({
  water, energyKcal: kcal, protein, fat, carb, sodiumMg: null, fibre: null,
});
const idf = () => 1;

// Facets as LivsmedelsDB_Meta_201702011104.csv and SR28 LANGUAL.txt give them.
const SE_MUNG_SPROUTS = facetCodes('Mungbönor (B1395),Groddar (C0129),Ej värmebehandlad (rå) (F0003),Tillagningsmetod ej tillämplig (G0003)');
const SR_MUNG_SPROUTS = ['B1395', 'C0129', 'F0003', 'G0003', 'H0003'];

describe('LanguaL facets', () => {
  it('reads the codes out of the meta file cells', () => {
    expect(facetCodes('Saltad (H0173); Kyld (J0131)')).toEqual(['H0173', 'J0131']);
    expect(facetCodes('Aluminium ()')).toEqual([]);
  });

  it('supports a shared species and rules out a species both datasets know', () => {
    const both = new Set(['B1395', 'B1312', 'B1079']);
    expect(compareFacets(SE_MUNG_SPROUTS, SR_MUNG_SPROUTS, both, both)).toEqual({ conflict: null, speciesAgree: true });
    // Swedish mannagryn (1941-style wheat, B1312) is not SR28's durum semolina (B1079)
    expect(compareFacets(['B1312', 'F0001'], ['B1079', 'F0001'], both, both).conflict).toMatch(/species differ/);
  });

  it('says nothing about a species term one side never uses (indexing depth differs)', () => {
    // SE broiler chicken liver (B1198) against SR28 "Chicken, liver, all classes" (B1457, never used by SE)
    expect(compareFacets(['B1198', 'F0003'], ['B1457', 'F0003'], new Set(['B1198', 'B1457']), new Set(['B1198'])).conflict).toBeNull();
  });

  it('rules out raw against heat-treated and different cooking families', () => {
    const none = new Set<string>();
    expect(compareFacets(['F0003', 'G0003'], ['F0014', 'G0015'], none, none).conflict).toBe('LanguaL: raw vs heat-treated');
    expect(compareFacets(['F0014', 'G0014'], ['F0014', 'G0005'], none, none).conflict).toMatch(/cooking methods differ/);
    expect(compareFacets(['F0014', 'G0014'], ['F0014', 'G0015'], none, none).conflict).toBeNull();
    expect(rawByFacets(['F0003', 'G0003'])).toBe(true);
    expect(heatedByFacets(['F0014', 'G0003'])).toBe(true);
  });

  it('rules out fortified against a food whose treatments say it is not', () => {
    const none = new Set<string>();
    // SE 1939 "Vetemjöl berik" (H0309-H0311) against SR28 20481 unenriched flour (H0138 only)
    expect(compareFacets(['B1312', 'H0309', 'H0310', 'H0311'], ['B1312', 'H0138'], none, none).conflict).toMatch(/fortified/);
    // ...but not an enriched reference food against an unfortified national one: Frida 1301 "Wheat
    // flour" (H0138) against SR28 20081 enriched flour (H0181 H0194 H0197 H0309-H0311 H0762)
    expect(compareFacets(['F0003', 'H0138'], ['F0001', 'H0181', 'H0194', 'H0197', 'H0309', 'H0310', 'H0311', 'H0762'], none, none).conflict).toBeNull();
    expect(fortification(['F0003', 'H0138'])).toBe('no');
    expect(fortification(['H0001'])).toBe('unknown');
    expect(fortification(['H0001', 'P0173'])).toBe('no');
  });

  it('lets a raw-by-facets national name meet a canonical "raw", and blocks a cooked one against it', () => {
    const raw = { tokens: nameTokens('bananas', syn), scientificName: null, profile: p(74, 101, 1, 0.5, 22), facets: ['B1238', 'F0003', 'G0003'] };
    const cand = { id: 9040, tokens: nameTokens('Bananas, raw', syn), scientificName: null, profile: p(74.9, 89, 1.1, 0.3, 20.2) };
    expect(scorePair(raw, cand, idf).verified).toBe(true);
    // without facets the canonical "raw" is missing from the national name, as for other countries
    expect(scorePair({ ...raw, facets: undefined }, cand, idf).conflict).toMatch(/not in national name: raw/);
    // SE 1395 "Räkor" (F0014: cooked, frozen) against "Crustaceans, shrimp, raw"
    const shrimp = { tokens: nameTokens('crustaceans shrimp', syn), scientificName: null, profile: p(75, 99, 24, 0.3, 0), facets: ['B1970', 'F0014', 'G0003'] };
    const rawShrimp = { id: 15270, tokens: nameTokens('Crustaceans, shrimp, raw', syn), scientificName: null, profile: p(75, 99, 24, 0.3, 0) };
    expect(scorePair(shrimp, rawShrimp, idf).conflict).toBe('LanguaL heat-treated vs raw name');
    expect(scorePair({ ...shrimp, facets: undefined }, rawShrimp, idf).verified).toBe(true);
  });
});
