import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, hasValidCheckDigit, toGtin14 } from '../../src/domain/gtin.js';

describe('GTIN spellings', () => {
  it('pads UPC-A, EAN-13 and EAN-8 to one GTIN-14', () => {
    expect(toGtin14('840379101331')).toBe('00840379101331');
    expect(toGtin14('0840379101331')).toBe('00840379101331');
    expect(toGtin14('00840379101331')).toBe('00840379101331');
    expect(toGtin14('96385074')).toBe('00000096385074');
  });
  it('refuses what is not 8 to 14 digits', () => {
    for (const bad of ['1234567', '123456789012345', '84037910133a', '', ' ', '+84037910133']) expect(toGtin14(bad)).toBeNull();
  });
  it('computes the GS1 check digit', () => {
    expect(gtinCheckDigit('84037910133')).toBe(1); // UPC-A 840379101331 (branded_food.csv, fdc_id 1377290)
    expect(gtinCheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931 (GS1 example)
    expect(hasValidCheckDigit('4006381333931')).toBe(true);
    expect(hasValidCheckDigit('4006381333932')).toBe(false);
  });
});
