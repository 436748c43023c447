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

/**
 * The UPC-A a UPC-E code stands for (GS1 General Specifications, the zero-suppression rules),
 * or null when the 8 digits are no UPC-E (number system 0 or 1, and the check digit of the
 * expansion). "01346400" is UPC-A "013000004640": the same Heinz bottle, printed small.
 */
export function upcEToUpcA(code: string): string | null {
  if (!/^[01]\d{7}$/.test(code)) return null;
  const ns = code[0]!;
  const d = code.slice(1, 7);
  const last = d[5]!;
  let body: string;
  if (last <= '2') body = `${ns}${d[0]}${d[1]}${last}0000${d[2]}${d[3]}${d[4]}`;
  else if (last === '3') body = `${ns}${d[0]}${d[1]}${d[2]}00000${d[3]}${d[4]}`;
  else if (last === '4') body = `${ns}${d[0]}${d[1]}${d[2]}${d[3]}00000${d[4]}`;
  else body = `${ns}${d.slice(0, 5)}0000${last}`;
  const check = String(gtinCheckDigit(body));
  return check === code[7] ? `${body}${check}` : null;
}

/** The UPC-E spelling of a UPC-A code, where its zeros allow one (the inverse of upcEToUpcA), else null. */
export function upcAToUpcE(code: string): string | null {
  if (!/^[01]\d{11}$/.test(code)) return null;
  const ns = code[0]!;
  const m = code.slice(1, 6);
  const p = code.slice(6, 11);
  const check = code[11]!;
  let d: string | null = null;
  if (m[2]! <= '2' && m.slice(3) === '00' && p.slice(0, 2) === '00') d = `${m[0]}${m[1]}${p.slice(2)}${m[2]}`;
  else if (m.slice(3) === '00' && p.slice(0, 3) === '000') d = `${m.slice(0, 3)}${p.slice(3)}3`;
  else if (m[4] === '0' && p.slice(0, 4) === '0000') d = `${m.slice(0, 4)}${p[4]}4`;
  else if (p.slice(0, 4) === '0000' && p[4]! >= '5') d = `${m}${p[4]}`;
  if (d === null) return null;
  const upcE = `${ns}${d}${check}`;
  return upcEToUpcA(upcE) === code ? upcE : null;
}

/**
 * The 14-digit forms a scanned code may be stored under: its own, and for a UPC-E the UPC-A it
 * stands for, or for a UPC-A its UPC-E (sources print one or the other: Open Food Facts holds
 * 253 products under both). Null when the text is no GTIN.
 */
export function gtin14Forms(raw: string): string[] | null {
  const own = toGtin14(raw);
  if (own === null) return null;
  const digits = own.replace(/^0+(?=\d{8})/, '');
  const unpadded = [digits, digits.padStart(12, '0'), digits.padStart(8, '0')];
  const other = new Set<string>();
  for (const code of unpadded) {
    const a = code.length === 8 ? upcEToUpcA(code) : null;
    if (a !== null) other.add(a.padStart(14, '0'));
    const e = code.length === 12 ? upcAToUpcE(code) : null;
    if (e !== null) other.add(e.padStart(14, '0'));
  }
  other.delete(own);
  return [own, ...other];
}
