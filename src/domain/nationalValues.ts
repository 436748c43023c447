/**
 * How a cell of a national food composition table becomes a stored value. The rule
 * (README, "Country-aware nutrients"):
 * - empty, "-", "NULL", "N", "NA", "n/a": missing; the nutrient is absent, never 0.
 * - "Tr", "tr", "trace", "traces": a trace, present below the limit of quantification;
 *   stored with no amount and qualifier `trace` (not zero).
 * - "< 0.5", "<0,5": below a limit; stored with the limit as the amount and qualifier
 *   `less_than` (the true value is lower).
 * - "(0.07)": a number the source marks as estimated/uncertain; stored with qualifier `estimated`.
 * - any other number (decimal point or comma): the value.
 */
export type NationalValue =
  | { kind: 'value'; amount: number; qualifier: null | 'estimated' }
  | { kind: 'trace' }
  | { kind: 'less_than'; amount: number }
  | { kind: 'missing' }
  | { kind: 'unreadable'; raw: string };

const MISSING = new Set(['', '-', '--', 'null', 'n', 'na', 'n/a', 'nd', 'm']);
const TRACE = new Set(['tr', 'trace', 'traces']);

function toNumber(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export function parseNationalValue(raw: string | number | null | undefined): NationalValue {
  if (raw === null || raw === undefined) return { kind: 'missing' };
  if (typeof raw === 'number') return Number.isFinite(raw) ? { kind: 'value', amount: raw, qualifier: null } : { kind: 'missing' };
  const text = raw.trim();
  const lower = text.toLowerCase();
  if (MISSING.has(lower)) return { kind: 'missing' };
  if (TRACE.has(lower)) return { kind: 'trace' };
  if (text.startsWith('<')) {
    const limit = toNumber(text.slice(1));
    return limit === null ? { kind: 'unreadable', raw: text } : { kind: 'less_than', amount: limit };
  }
  if (text.startsWith('(') && text.endsWith(')')) {
    const n = toNumber(text.slice(1, -1));
    return n === null ? { kind: 'unreadable', raw: text } : { kind: 'value', amount: n, qualifier: 'estimated' };
  }
  const n = toNumber(text);
  return n === null ? { kind: 'unreadable', raw: text } : { kind: 'value', amount: n, qualifier: null };
}

/**
 * Multiplier from a source unit to a canonical unit, or null when no exact conversion
 * exists (kJ and kcal are different quantities here: each has its own canonical nutrient).
 */
const MASS_IN_G: Record<string, number> = { g: 1, mg: 1e-3, 'µg': 1e-6 };

export function unitFactor(sourceUnit: string, canonicalUnit: string): number | null {
  if (sourceUnit === canonicalUnit) return 1;
  const from = MASS_IN_G[sourceUnit];
  const to = MASS_IN_G[canonicalUnit];
  if (from === undefined || to === undefined) return null;
  // Round away binary noise: 1e-3 / 1e-6 is 1000, not 999.9999999999999.
  return Number((from / to).toPrecision(12));
}
