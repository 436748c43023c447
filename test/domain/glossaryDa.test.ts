import { describe, expect, it } from 'vitest';
import { translateName } from '../../src/domain/glossary.js';
import { loadGlossary } from '../../src/importers/national/link.js';

/**
 * The reviewed Danish glossary (mappings/glossary_da.csv) on Frida's own Danish names
 * (dk-frida-2025-05-values/frida_may2025_foods.csv, FødevareNavn), read as USDA words.
 */
const da = loadGlossary('da');

describe('Danish food names read through glossary_da.csv', () => {
  it('reads the everyday dairy words', () => {
    // 1052 "Smør, saltet" (Frida's English: "Butter, salt added")
    expect(translateName('Smør, saltet', da)).toBe('butter, salted');
    // 6 "Sødmælk, konventionel (ikke-økologisk)": farming words drop out
    expect(translateName('Sødmælk, konventionel', da)).toBe('milk whole');
    expect(translateName('Skummetmælk', da)).toBe('milk nonfat');
    expect(translateName('Letmælk', da)).toBe('milk lowfat');
  });

  it('reads eggs, cereals, vegetables and meat', () => {
    // 1662 "Æg, høne, burhøns, rå"; 17 "Broccoli, rå"; 205 "Hvidløg, rå"; 4 "Kartoffel, uspec., rå"
    expect(translateName('Æg, høne, rå', da)).toBe('egg, raw');
    expect(translateName('Broccoli, rå', da)).toBe('broccoli, raw');
    expect(translateName('Hvidløg, rå', da)).toBe('garlic, raw');
    expect(translateName('Kartoffel, uspec., rå', da)).toBe('potatoes, raw');
    expect(translateName('Hvedemel', da)).toBe('wheat flour');
    expect(translateName('Rugbrød', da)).toBe('bread rye');
    expect(translateName('Kyllingebryst, rå', da)).toBe('chicken breast, raw');
    expect(translateName('Oksekød, hakket, rå', da)).toBe('beef, ground, raw');
  });
});
