import { corrections, editsAllowed, MIN_CORRECTED_LENGTH, normalizeName } from './search.js';

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

/** Name words kept as corrections are at least this long (a corrected word has MIN_CORRECTED_LENGTH letters, give or take one). */
export const BRANDED_VOCABULARY_MIN_LENGTH = MIN_CORRECTED_LENGTH - 1;
/** ...and used by at least this many product names: a rarer word is no correction worth offering. */
export const BRANDED_VOCABULARY_MIN_USES = 10;
/** A typed word at most this many product names hold may be a misspelling ("nutela": one OFF record)... */
export const BRANDED_RARE_WORD_USES = 3;
/** ...of a vocabulary word one or two letters away used at least this many times as often ("nutella": hundreds). */
export const BRANDED_CORRECTION_FACTOR = 20;

/** The words of product names with their uses, by length, for finding a misspelt word's neighbours. */
export class BrandedVocabulary {
  private readonly byLength = new Map<number, Array<readonly [string, number]>>();
  private readonly usesOf = new Map<string, number>();

  constructor(words: Iterable<readonly [string, number]>) {
    for (const entry of words) {
      const list = this.byLength.get(entry[0].length);
      if (list) list.push(entry);
      else this.byLength.set(entry[0].length, [entry]);
      this.usesOf.set(entry[0], entry[1]);
    }
  }

  uses(word: string): number {
    return this.usesOf.get(word) ?? 0;
  }

  /** The most used word within the edits a word of its length may have wrong (corrections), or undefined. */
  nearest(word: string): string | undefined {
    const allowed = editsAllowed(word);
    const near: Array<readonly [string, number]> = [];
    for (let n = word.length - allowed; n <= word.length + allowed; n++) near.push(...(this.byLength.get(n) ?? []));
    return corrections(word, near, 1)[0];
  }
}

/**
 * The query's words with its misspellings corrected, or null when none is: a word of at least
 * MIN_CORRECTED_LENGTH letters that at most BRANDED_RARE_WORD_USES names hold (`usesOf`: the last
 * word counted as a prefix, as it is searched) is read as the nearest vocabulary word used
 * BRANDED_CORRECTION_FACTOR times as often ("nutela" -> "nutella", "ketchp" -> "ketchup").
 */
export function correctedTerms(terms: readonly string[], usesOf: (term: string, last: boolean) => number, vocabulary: BrandedVocabulary): string[] | null {
  let changed = false;
  const out = terms.map((term, i) => {
    if (term.length < MIN_CORRECTED_LENGTH || !/^\p{L}+$/u.test(term)) return term;
    const uses = usesOf(term, i === terms.length - 1);
    if (uses > BRANDED_RARE_WORD_USES) return term;
    const fix = vocabulary.nearest(term);
    if (fix === undefined || vocabulary.uses(fix) < BRANDED_CORRECTION_FACTOR * Math.max(1, uses)) return term;
    changed = true;
    return fix;
  });
  return changed ? out : null;
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
