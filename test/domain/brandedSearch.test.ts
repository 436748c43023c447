import { describe, expect, it } from 'vitest';
import { BRANDED_CORRECTION_FACTOR, BRANDED_RARE_WORD_USES, BrandedVocabulary, correctedTerms } from '../../src/domain/brandedSearch.js';

describe('correctedTerms', () => {
  const vocabulary = new BrandedVocabulary([
    ['nutella', 223],
    ['ketchup', 1509],
    ['heinz', 400],
    ['cola', 900],
  ]);
  const uses = new Map([['nutela', 1], ['nutella', 223], ['heinz', 400], ['ketchp', 0]]);
  const usesOf = (term: string) => uses.get(term) ?? 0;

  it('reads a rare word as the much more common word one or two letters away', () => {
    expect(correctedTerms(['nutela'], usesOf, vocabulary)).toEqual(['nutella']);
    expect(correctedTerms(['heinz', 'ketchp'], usesOf, vocabulary)).toEqual(['heinz', 'ketchup']);
  });

  it('leaves common words, short words, numbers and words with no near neighbour alone', () => {
    expect(correctedTerms(['nutella'], usesOf, vocabulary)).toBeNull();
    expect(correctedTerms(['colr'], usesOf, vocabulary)).toBeNull();
    expect(correctedTerms(['12345'], usesOf, vocabulary)).toBeNull();
    expect(correctedTerms(['zzzzzzz'], usesOf, vocabulary)).toBeNull();
  });

  it('needs the correction to be BRANDED_CORRECTION_FACTOR times as common as the typed word', () => {
    const rare = BRANDED_RARE_WORD_USES;
    const few = new BrandedVocabulary([['nutella', BRANDED_CORRECTION_FACTOR * rare - 1]]);
    expect(correctedTerms(['nutela'], () => rare, few)).toBeNull();
    expect(correctedTerms(['nutela'], () => rare + 1, new BrandedVocabulary([['nutella', 100_000]]))).toBeNull();
    expect(correctedTerms(['nutela'], () => rare, new BrandedVocabulary([['nutella', BRANDED_CORRECTION_FACTOR * rare]]))).toEqual(['nutella']);
  });

  it('asks for the last word as a prefix', () => {
    const asked: boolean[] = [];
    correctedTerms(['heinz', 'ketchp'], (term, last) => (asked.push(last), usesOf(term)), vocabulary);
    expect(asked).toEqual([false, true]);
  });
});
