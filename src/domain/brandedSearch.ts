import { normalizeName } from './search.js';

/**
 * Search text for branded products: the same tokenising as the other lists (user text never
 * reaches FTS5 syntax), with hard limits so one request cannot ask for unbounded work.
 */
export const BRANDED_MAX_TERMS = 8;
/** A one-letter last word is matched as a whole word: a one-letter prefix would expand to most of the index. */
export const MIN_PREFIX_LENGTH = 2;

export interface BrandedSearch {
  /** Every word required, the last one as a prefix. */
  all: string;
  /** The words as a phrase at the start of the name (names that start with the text). */
  start: string;
  /** Lower-cased, accent-folded words joined by one space: an exact name has this form. */
  normalized: string;
  terms: string[];
}

export type BrandedSearchResult = { ok: true; search: BrandedSearch | null } | { ok: false; reason: string };

export function buildBrandedSearch(text: string): BrandedSearchResult {
  const normalized = normalizeName(text);
  const terms = normalized.split(' ').filter(Boolean);
  if (terms.length === 0) return { ok: true, search: null };
  if (terms.length > BRANDED_MAX_TERMS) {
    return { ok: false, reason: `at most ${BRANDED_MAX_TERMS} words (got ${terms.length})` };
  }
  const quoted = terms.map((t) => `"${t}"`);
  const last = terms[terms.length - 1]!;
  const star = last.length >= MIN_PREFIX_LENGTH ? '*' : '';
  quoted[quoted.length - 1] = `${quoted[quoted.length - 1]}${star}`;
  return {
    ok: true,
    search: { all: quoted.join(' AND '), start: `^ ${quoted.join(' + ')}`, normalized: terms.join(' '), terms },
  };
}

/** Brand text as the brand index holds it: lower-cased, accents folded, spaces collapsed. */
export function normalizeBrand(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim();
}

/** 32-bit FNV-1a hash of a normalised name: the key of the exact-name lookup (collisions are re-checked on the name). */
export function nameKey(normalized: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < normalized.length; i++) {
    h ^= normalized.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Up to the first two words of a name, as brand text: for sources whose names begin with the
 * brand and that have no brand field (FoodRepo: "Coop Naturaplan ...", "M Budget ..."). The
 * product's brand stays null; only the brand filter reads this.
 */
export function leadingNameWords(name: string): string {
  return normalizeBrand(name).split(/[\s,:;|()-]+/u).filter(Boolean).slice(0, 2).join(' ');
}
