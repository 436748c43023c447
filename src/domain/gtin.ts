/**
 * GTIN spellings. UPC-A (12 digits), EAN-13 and GTIN-14 name the same product once padded
 * with leading zeros to 14 digits (GS1 General Specifications, 3.3.2), so the catalogue stores
 * and looks up that one form. EAN-8 is padded the same way.
 */
export const GTIN_PATTERN = /^\d{8,14}$/;

/** The 14-digit form of an 8 to 14 digit code, or null when the text is not one. */
export function toGtin14(raw: string): string | null {
  const digits = raw.trim();
  if (!GTIN_PATTERN.test(digits)) return null;
  return digits.padStart(14, '0');
}

/** The GS1 mod-10 check digit of the digits before it. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function hasValidCheckDigit(code: string): boolean {
  if (!/^\d{8,14}$/.test(code)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === code.charCodeAt(code.length - 1) - 48;
}
