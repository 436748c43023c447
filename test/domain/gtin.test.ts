import { describe, expect, it } from 'vitest';
import { gtin14Forms, gtinCheckDigit, hasValidCheckDigit, toGtin14, upcAToUpcE, upcEToUpcA } from '../../src/domain/gtin.js';

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

describe('UPC-E', () => {
  it('expands by the zero-suppression rules and compresses back', () => {
    // GS1 examples by the last digit of the six: 0-2, 3, 4, 5-9
    expect(upcEToUpcA('01346400')).toBe('013000004640');
    expect(upcAToUpcE('013000004640')).toBe('01346400');
    for (const body of ['01210000456', '01230000045', '01234000005', '01234500007']) {
      const upcA = `${body}${gtinCheckDigit(body)}`;
      const upcE = upcAToUpcE(upcA);
      expect(upcE, upcA).not.toBeNull();
      expect(upcEToUpcA(upcE!), upcA).toBe(upcA);
    }
    expect(upcEToUpcA('01346401')).toBeNull(); // wrong check digit
    expect(upcEToUpcA('41346400')).toBeNull(); // number system 4: no UPC-E
    expect(upcAToUpcE('012345678905')).toBeNull(); // no zeros to suppress
  });
  it('gives both 14-digit forms of a code that has them, and only its own otherwise', () => {
    expect(gtin14Forms('01346400')).toEqual(['00000001346400', '00013000004640']);
    expect(gtin14Forms('3017620422003')).toEqual(['03017620422003']);
    expect(gtin14Forms('12ab')).toBeNull();
  });
});
