/**
 * Nutrients for an amount rather than per 100 g, and the `nutrients=` filter. Pure: the
 * caller has already turned the amount into grams with the conversion (src/domain/conversion.ts).
 */
import { ApiError } from '../errors.js';

/** Significant digits of a nutrient amount scaled to a portion. */
const DIGITS = 6;

export const PER_100_G = 100;

/** Every amount for `grams` grams instead of 100 g. */
export function scaleNutrients<T extends { amount: number }>(nutrients: T[], grams: number): T[] {
  const factor = grams / PER_100_G;
  return nutrients.map((n) => ({ ...n, amount: Number((n.amount * factor).toPrecision(DIGITS)) }));
}

/** At most this many ids in one `nutrients=` list. */
export const MAX_NUTRIENT_IDS = 100;

/**
 * Reads `nutrients=1008,1003` into a set of ids; every id must be a defined nutrient, so a
 * typo is a 400 naming it rather than a silently shorter answer. Undefined means no filter.
 */
export function parseNutrientFilter(raw: string | undefined, known: ReadonlySet<number>, parameter = 'nutrients'): Set<number> | null {
  if (raw === undefined) return null;
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.length > MAX_NUTRIENT_IDS || parts.some((p) => !/^[0-9]{1,9}$/.test(p))) {
    throw ApiError.invalidParameter(parameter, `a comma-separated list of 1 to ${MAX_NUTRIENT_IDS} nutrient ids (see /v1/nutrients), e.g. 1008,1003`);
  }
  const ids = new Set(parts.map(Number));
  const unknown = [...ids].filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw ApiError.invalidParameter(parameter, `unknown nutrient id${unknown.length > 1 ? 's' : ''} ${unknown.slice(0, 10).join(', ')}; see /v1/nutrients`);
  }
  return ids;
}

export function filterNutrients<T extends { nutrient_id: number }>(nutrients: T[], keep: ReadonlySet<number> | null): T[] {
  return keep === null ? nutrients : nutrients.filter((n) => keep.has(n.nutrient_id));
}
