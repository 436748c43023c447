import { describe, expect, it } from 'vitest';
import {
  applySynonyms,
  buildSearchQuery,
  checkedForTypos,
  corrections,
  editDistance,
  joinedWord,
  MAX_QUERY_TERMS,
  singular,
  splitCompound,
  withCorrections,
} from '../../src/domain/search.js';

describe('search query', () => {
  it('quotes every term and makes the last a prefix', () => {
    const q = buildSearchQuery('Butter, salted');
    expect(q.match).toBe('"butter" AND "salted"*');
    expect(q.anyMatch).toBe('"butter" OR "salted"*');
    expect(q.normalized).toBe('butter salted');
    expect(q.terms).toEqual(['butter', 'salted']);
  });

  it('drops FTS syntax and accents, and caps the terms', () => {
    expect(buildSearchQuery('"crème" NEAR(brûlée)*').match).toBe('"creme" AND "near" AND "brulee"*');
    expect(buildSearchQuery('*()"-:|').match).toBeNull();
    expect(buildSearchQuery('b '.repeat(50)).terms).toHaveLength(MAX_QUERY_TERMS);
  });

  it('compares plurals and singulars through one form', () => {
    expect(['apples', 'tomatoes', 'berries', 'peaches', 'boxes', 'glass', 'asparagus', 'egg'].map(singular)).toEqual([
      'apple', 'tomato', 'berry', 'peach', 'box', 'glass', 'asparagus', 'egg',
    ]);
    expect(buildSearchQuery('Tomatoes').normalized).toBe('tomato');
  });

  it('rewrites synonyms, longest phrase first, and keeps the typed form otherwise', () => {
    expect(buildSearchQuery('minced beef').match).toBe('"ground" AND "beef"*');
    expect(buildSearchQuery('aubergines').match).toBe('"eggplant"*');
    expect(buildSearchQuery('apples').match).toBe('"apples"*');
    // Two passes: wholemeal -> whole wheat, then "whole wheat flour" -> as SR names it.
    expect(applySynonyms(['wholemeal', 'flour']).map((w) => w.word)).toEqual(['wheat', 'flour', 'whole', 'grain']);
    // A final entry's words are the names' own: "apple crisp" is the dessert "Crisp, apple", not apple potato chips.
    expect(applySynonyms(['apple', 'crisp'], 'survey').map((w) => w.word)).toEqual(['crisp', 'apple']);
    expect(applySynonyms(['crisp'], 'survey').map((w) => w.word)).toEqual(['potato', 'chip']);
  });

  it('reads sherry, dripping and bone marrow only where they mean the food', () => {
    expect(buildSearchQuery('sherry').normalized).toBe('alcoholic beverage wine dessert');
    expect(buildSearchQuery('sherry vinegar').normalized).toBe('sherry vinegar');
    expect(buildSearchQuery('goose dripping').normalized).toBe('goose dripping');
    expect(buildSearchQuery('bone marrow').normalized).toBe('bone marrow');
    expect(buildSearchQuery('flounder', 'survey').normalized).toBe('flounder');
  });

  it("drops a possessive's s", () => {
    expect(buildSearchQuery("calf's liver").normalized).toBe('veal liver');
    expect(buildSearchQuery('s').typed).toEqual(['s']);
  });

  it('reads a whole-query synonym only when it is the whole query', () => {
    expect(buildSearchQuery('pepper').normalized).toBe('spice pepper black');
    expect(buildSearchQuery('red pepper').normalized).toBe('red pepper');
    // Typed in the plural, peppers are the vegetables, not the spice.
    expect(buildSearchQuery('peppers').normalized).toBe('pepper');
  });

  it('matches either word of an either-word synonym', () => {
    expect(buildSearchQuery('chicken stock').match).toBe('"chicken" AND ("stock" OR "broth")');
  });

  it('keeps the optional words that may name a kind, to rank the names holding them first', () => {
    // "Fish, sea bass, mixed species, raw" (SR 15091) holds "sea"; "Fish, bass, fresh water" does not.
    const seaBass = buildSearchQuery('sea bass');
    expect(seaBass.match).toBe('"bass"*');
    expect(seaBass.optional).toEqual(['sea']);
    // "whole", "fresh" and "full fat" say the plain form, which the plainness signal ranks.
    expect(buildSearchQuery('whole chicken').optional).toEqual([]);
    expect(buildSearchQuery('fresh large eggs').optional).toEqual(['large']);
    expect(buildSearchQuery('full fat milk').optional).toEqual([]);
    expect(buildSearchQuery('cooking apples').match).toBe('"apples"*');
    expect(buildSearchQuery('cooking apples').optional).toEqual(['cooking']);
  });

  it('makes buying words optional but keeps them when nothing else is left', () => {
    expect(buildSearchQuery('fresh ripe bananas').match).toBe('"bananas"*');
    expect(buildSearchQuery('fresh').match).toBe('"fresh"*');
    // "whole" is optional before a food, not in "whole wheat".
    expect(buildSearchQuery('whole onion').match).toBe('"onion"*');
    // ("whole chicken" is a reviewed synonym: the bird, SR's broiler or fryer with its skin)
    expect(buildSearchQuery('whole chicken').match).toBe('"chicken" AND "broiler" AND "or" AND "fryer" AND "meat" AND "and" AND "skin" AND "raw"*');
    expect(buildSearchQuery('whole wheat bread').match).toBe('"whole" AND "wheat" AND "bread"*');
  });
});

describe('typo correction', () => {
  it('counts one edit per wrong, missing, extra or swapped letter', () => {
    expect(editDistance('chiken', 'chicken', 2)).toBe(1);
    expect(editDistance('brocoli', 'broccoli', 2)).toBe(1);
    expect(editDistance('tomatoe', 'tomato', 2)).toBe(1);
    expect(editDistance('sugra', 'sugar', 2)).toBe(1);
    expect(editDistance('bannana', 'banana', 2)).toBe(1);
    expect(editDistance('apple', 'orange', 2)).toBe(3);
  });

  it('proposes the closest vocabulary word, the most used among equals, never the word itself', () => {
    const vocabulary: Array<[string, number]> = [['chicken', 209], ['chickpeas', 20], ['thicken', 1], ['chiken', 1]];
    expect(corrections('chiken', vocabulary, 1)).toEqual(['chicken']);
    expect(corrections('chiken', vocabulary, 3)).toEqual(['chicken']);
    expect(corrections('bakon', [['baron', 2], ['bacon', 40]], 3)).toEqual(['bacon', 'baron']);
    expect(corrections('zzzzzz', vocabulary)).toEqual([]);
    // a misspelling keeps its first letter: "harissa" (no SR name holds it) is no misspelt "carissa" (session 16 user trial)
    expect(corrections('harissa', [['carissa', 3]])).toEqual([]);
  });

  it('reads two words typed as one', () => {
    const known = new Set(['pine', 'nut', 'nuts', 'peanut', 'butter']);
    expect(splitCompound('pinenuts', (w) => known.has(w))).toBe('pine nuts');
    expect(splitCompound('peanutbutter', (w) => known.has(w))).toBe('peanut butter');
    expect(splitCompound('pinapple', (w) => known.has(w))).toBeNull();
  });

  it('joins two typed words that are one vocabulary word', () => {
    // SR writes "Pork, fresh, spareribs"; FNDDS "Coleslaw".
    const known = new Set(['sparerib', 'coleslaw', 'pork']);
    expect(joinedWord('spare', 'ribs', (w) => known.has(w))).toBe('spareribs');
    expect(joinedWord('cole', 'slaw', (w) => known.has(w))).toBe('coleslaw');
    expect(joinedWord('pork', 'chops', (w) => known.has(w))).toBeNull();
  });

  it('leaves short words, synonym words and buying words alone', () => {
    expect(checkedForTypos('rice')).toBe(false);
    expect(checkedForTypos('aubergine')).toBe(false);
    expect(checkedForTypos('floury')).toBe(false);
    expect(checkedForTypos('chiken')).toBe(true);
  });

  it('reads the corrected words again, synonyms included', () => {
    const q = buildSearchQuery('aubergin');
    expect(withCorrections(q, new Map([[0, 'aubergine']])).match).toBe('"eggplant"*');
  });
});
