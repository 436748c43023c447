import { describe, expect, it } from 'vitest';
import { buildGlossary, translateName, translateWord } from '../../src/domain/glossary.js';

const glossary = buildGlossary([
  { kind: 'word', native: 'mjöl', english: 'flour' },
  { kind: 'part', native: 'vete', english: 'wheat' },
  { kind: 'word', native: 'hvete', english: 'wheat' },
  { kind: 'word', native: 'mel', english: 'flour' },
  { kind: 'word', native: 'nöt', english: 'beef' },
  { kind: 'word', native: 'talg', english: 'suet' },
  { kind: 'word', native: 'rå', english: 'raw' },
  { kind: 'word', native: 'med', english: '' },
  { kind: 'word', native: 'kött', english: 'meat' },
  { kind: 'word', native: 'färs', english: 'ground' },
  { kind: 'phrase', native: 'crème fraiche', english: 'sour cream' },
  { kind: 'word', native: 'mjölk', english: 'milk' },
  { kind: 'phrase', native: 'fett #%', english: '# % fat' },
  { kind: 'phrase', native: 'fibrer #%', english: '' },
  { kind: 'word', native: 'juice', english: 'juice unsweetened' },
  { kind: 'phrase', native: 'apelsinjuice färskpressad', english: 'orange juice raw' },
]);

describe('glossary reading of native food names', () => {
  it('splits compounds into known parts, modifier first', () => {
    expect(translateWord('vetemjöl', glossary)).toBe('wheat flour');
    expect(translateWord('hvetemel', glossary)).toBe('wheat flour');
  });

  it('allows the linking s between compound parts', () => {
    expect(translateWord('nötsköttfärs', glossary)).toBe('beef meat ground');
    expect(translateWord('nötköttfärs', glossary)).toBe('beef meat ground');
    expect(translateWord('xyzmjöl', glossary)).toBeNull();
  });

  it('keeps comma parts in order and unknown words as they are', () => {
    expect(translateName('Talg nöt, rå', glossary)).toBe('suet beef, raw');
    expect(translateName('Vetemjöl, okänd', glossary)).toBe('wheat flour, okänd');
  });

  it('drops filler words and applies phrases on word boundaries only', () => {
    expect(translateName('Crème fraiche med mjöl', glossary)).toBe('sour cream flour');
    expect(translateName('Xcrème fraiche', glossary)).toBe('xcrème fraiche');
  });

  it('reads the figure a phrase\'s "#" matched into its English, written the English way', () => {
    expect(translateName('Mjölk fett 1,5 %', glossary)).toBe('milk 1.5 % fat');
    expect(translateName('Mjölk fett ca 3-3,5%', glossary)).toBe('milk 3-3.5 % fat');
    expect(translateName('Mjölk fett 3 %, rå', glossary)).toBe('milk 3 % fat, raw');
    expect(translateName('Mjölk fett', glossary)).toBe('milk fett');
  });

  it('drops figures with the words around them where the English has no "#"', () => {
    expect(translateName('Mjöl fibrer 12%', glossary)).toBe('flour');
  });

  it("keeps a phrase's English as it is (its words are not read again as native words)", () => {
    expect(translateName('Apelsinjuice färskpressad', glossary)).toBe('orange juice raw');
    expect(translateName('Talg nöt, apelsinjuice färskpressad', glossary)).toBe('suet beef, orange juice raw');
  });
});
