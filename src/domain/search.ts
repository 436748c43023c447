import { SYNONYMS, type SearchScope } from './synonyms.js';

export type { SearchScope };

/**
 * Turning what a user typed into a safe FTS5 query. User text never reaches FTS5 syntax:
 * it is cut into letter/digit tokens, each quoted, all required, the last one a prefix
 * (people search as they type). Before that the words are read the way the USDA names
 * are written: synonyms rewritten (src/domain/synonyms.ts), words that describe how a cook
 * buys a food rather than which food it is ("fresh", "large", "free-range") made optional.
 */
export const MAX_QUERY_TERMS = 12;
export const MIN_PREFIX_LENGTH = 2;

export interface SearchQuery {
  /** FTS5 MATCH expression (every word), or null when the text holds nothing searchable. */
  match: string | null;
  /** FTS5 MATCH expression with any of the words, for the relaxed search when no name has them all. */
  anyMatch: string | null;
  /** Lower-cased, accent-folded, singular words after synonyms: compared with the stored keys. */
  normalized: string;
  /** The same with the optional words kept: a name that is exactly what was typed ("Milk, whole") still ranks first. */
  full: string;
  /** The words matched (after synonyms, without the optional words); "a|b" is either word. */
  terms: string[];
  /** The words as typed (normalised), which the typo corrector checks. */
  typed: string[];
  /** The list searched: synonyms of one list's names apply only there. */
  scope: SearchScope;
  /** Whether the synonym table rewrote the words typed (the words as typed are then searched too: Lister.page). */
  rewritten: boolean;
  /**
   * The optional words typed that name a kind, not the plain form ("sea" in "sea bass", "large"
   * in "large eggs"): not required, but a name holding them ranks first.
   */
  optional: string[];
}

export function normalizeName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Plural and singular forms compare equal: both sides of every comparison go through this. */
export function singular(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('oes') && word.length > 4) return word.slice(0, -2);
  if (/(ches|shes|sses|xes|zzes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * Words that say how a food is bought or described, not which food it is: dropped from the
 * words every name must hold (when others remain); "fresh" and "whole" still rank the plain
 * record first through the plainness signal.
 */
export const OPTIONAL_WORDS = new Set([
  'fresh', 'freshly', 'large', 'small', 'medium', 'organic', 'free', 'range', 'natural', 'cold', 'unwaxed', 'clove',
  'fillet', 'floret', 'runny', 'clear', 'extra', 'virgin', 'ripe', 'good', 'quality', 'pure', 'the', 'a', 'of', 'and',
  'or', 'with', 'n', 'leaf', 'leave', 'new', 'floury', 'waxy', 'full', 'fat', 'pack', 'packet', 'jar', 'tin',
  'can', 'bunch', 'handful', 'piece', 'skinless', 'boneless', 'stick', 'cup', 'fine', 'finely', 'sea', 's', 'whole',
  'warm', 'boiling', 'tepid', 'lukewarm', 'eating', 'cooking', 'ready', 'to', 'eat',
]);

/**
 * Optional words that may name a kind of the food, not how it is bought: not required, but a
 * name holding them ranks first ("Fish, sea bass" for "sea bass", "Oil, olive, extra virgin",
 * "Chicken, breast, boneless, skinless"). The other optional words say the plain form ("whole",
 * "fresh", "full fat": the plainness signal ranks it) or how it is served ("warm").
 */
const KIND_WORDS = new Set(['sea', 'large', 'small', 'medium', 'extra', 'virgin', 'skinless', 'boneless', 'cooking', 'eating', 'stick']);

const inScope = (s: (typeof SYNONYMS)[number], scope: SearchScope) => s.scope === undefined || s.scope === scope;
const wholeQuery = (scope: SearchScope) =>
  new Map(
    SYNONYMS.filter((s) => s.wholeQuery && inScope(s, scope)).map((s) => [s.from, { to: s.to.split(' '), singularOnly: s.singularOnly === true, standIn: s.standIn === true }]),
  );
const WHOLE_QUERY = { ingredient: wholeQuery('ingredient'), survey: wholeQuery('survey') };
/** Words the synonym table reads: never "corrected" into a name's word. */
export const SYNONYM_WORDS: ReadonlySet<string> = new Set(SYNONYMS.flatMap((s) => s.from.split(' ')));

/** The phrase entries of one list, by their first word, longest first (a query reads only the entries its words start). */
const phrases = (scope: SearchScope) => {
  const byFirst = new Map<string, Array<{ from: string[]; to: string[]; final: boolean; standIn: boolean }>>();
  const entries = SYNONYMS.filter((s) => !s.wholeQuery && inScope(s, scope))
    .map((s) => ({ from: s.from.split(' '), to: s.to.split(' '), final: s.final === true, standIn: s.standIn === true }))
    .sort((a, b) => b.from.length - a.from.length);
  for (const entry of entries) {
    const list = byFirst.get(entry.from[0]!) ?? [];
    list.push(entry);
    byFirst.set(entry.from[0]!, list);
  }
  return byFirst;
};
const SYNONYM_PHRASES = { ingredient: phrases('ingredient'), survey: phrases('survey') };

/** A word of a reading; `standIn` marks every word of a reading that went through a stand-in entry (the nearest record, another food). */
export interface ReadWord {
  word: string;
  kept: boolean;
  standIn?: boolean;
}

/**
 * Rewrites synonym phrases (longest first, whole words) in a list of singular words; `kept`
 * marks the words typed as they were. Two passes, so "wholemeal flour" -> "whole wheat flour"
 * -> "wheat flour whole grain".
 */
export function applySynonyms(words: string[], scope: SearchScope = 'ingredient', typed: string[] = words): ReadWord[] {
  const whole = WHOLE_QUERY[scope].get(words.join(' '));
  if (whole && (!whole.singularOnly || typed.join(' ') === words.join(' '))) return whole.to.map((word) => ({ word, kept: false, ...(whole.standIn ? { standIn: true } : {}) }));
  const first = rewrite(words, scope);
  if (first.every((w) => w.kept)) return first.map(({ word, kept }) => ({ word, kept }));
  const second = rewrite(first.map((w) => w.word), scope, first.map((w) => w.final === true));
  const standIn = first.some((w) => w.standIn) || second.some((w) => w.standIn);
  return second.map((w, i) => ({ word: w.word, kept: w.kept && first.length === second.length && first[i]!.kept, ...(standIn ? { standIn: true } : {}) }));
}

/** Rewrites synonym phrases; words `frozen` (written by a `final` entry in the first pass) are not read again. */
function rewrite(words: string[], scope: SearchScope, frozen: boolean[] = []): Array<{ word: string; kept: boolean; final?: boolean; standIn?: boolean }> {
  const out: Array<{ word: string; kept: boolean; final?: boolean; standIn?: boolean }> = [];
  let i = 0;
  outer: while (i < words.length) {
    for (const s of SYNONYM_PHRASES[scope].get(words[i]!) ?? []) {
      if (s.from.every((w, k) => words[i + k] === w && frozen[i + k] !== true)) {
        out.push(...s.to.map((word) => ({ word, kept: false, final: s.final, standIn: s.standIn })));
        i += s.from.length;
        continue outer;
      }
    }
    out.push({ word: words[i]!, kept: true });
    i++;
  }
  return out;
}

const quote = (term: string): string => `"${term}"`;

/** `synonyms: false` reads the words as typed (the literal query listed after a rewritten one's answers). */
export function buildSearchQuery(text: string, scope: SearchScope = 'ingredient', synonyms = true): SearchQuery {
  // A possessive's "s" ("calf's liver" -> "calf s liver") is no word of the food.
  const typed = normalizeName(text.replaceAll('|', ' '))
    .split(' ')
    .filter((word, i) => word !== '' && !(word === 's' && i > 0))
    .slice(0, MAX_QUERY_TERMS);
  // Synonyms match singular words; a word typed as it was keeps its typed form: FTS5's
  // porter stemmer matches plurals itself, and the last word is matched as a prefix.
  const singulars = typed.map(singular);
  const rewritten = synonyms ? applySynonyms(singulars, scope, typed) : singulars.map((word) => ({ word, kept: true }));
  const unchanged = rewritten.length === typed.length && rewritten.every((r) => r.kept);
  const words = rewritten.map((r, i) => ({ word: unchanged ? typed[i]! : r.word, kept: r.kept }));
  const optional = (w: { word: string; kept: boolean }, i: number) =>
    w.kept && OPTIONAL_WORDS.has(singular(w.word)) && !(w.word === 'whole' && /^(wheat|grain|meal)/.test(words[i + 1]?.word ?? ''));
  const required = words.filter((w, i) => !optional(w, i)).map((w) => w.word);
  const terms = (required.length > 0 ? required : words.map((w) => w.word)).slice(0, MAX_QUERY_TERMS);
  const key = (list: string[]) => list.map((t) => singular(t.split('|')[0]!)).join(' ');
  const normalized = key(terms);
  const full = key(words.map((w) => w.word));
  const rewrote = !unchanged;
  if (terms.length === 0) return { match: null, anyMatch: null, normalized, full, terms, typed, scope, rewritten: rewrote, optional: [] };
  const kinds = words.filter((w, i) => optional(w, i) && KIND_WORDS.has(singular(w.word)) && required.length > 0).map((w) => singular(w.word));
  return { ...matchOf(terms), normalized, full, terms, typed, scope, rewritten: rewrote, optional: kinds };
}

function matchOf(terms: string[]): { match: string; anyMatch: string } {
  const parts = terms.map((t, i) => {
    if (t.includes('|')) return `(${t.split('|').map(quote).join(' OR ')})`;
    // A one-letter last word is a whole word: a one-letter prefix would expand to most of the index.
    return i === terms.length - 1 && t.length >= MIN_PREFIX_LENGTH ? `${quote(t)}*` : quote(t);
  });
  return { match: parts.join(' AND '), anyMatch: parts.join(' OR ') };
}

/** Damerau-Levenshtein distance (adjacent swaps count one), stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Words shorter than this are never corrected: one letter changes a short word into another food. */
export const MIN_CORRECTED_LENGTH = 5;
export const MAX_EDITS = 2;
/**
 * Letters a misspelt word of its length may have wrong: one up to SHORT_WORD_LENGTH letters, two
 * beyond (as search engines' usual "auto" fuzziness): two edits turn a five-letter word into too
 * many others ("quark" read as "dark" found dark chicken meat; "chiken" and "brocoli" still need one).
 */
export const SHORT_WORD_LENGTH = 5;
export const editsAllowed = (word: string): number => (word.length <= SHORT_WORD_LENGTH ? 1 : MAX_EDITS);

/**
 * The vocabulary words closest to a misspelt word (one letter wrong, two in words longer than
 * SHORT_WORD_LENGTH), the ones most
 * names use first; at most `max` of them. `vocabulary` holds [word, uses] pairs.
 */
export function corrections(word: string, vocabulary: ReadonlyArray<readonly [string, number]>, max = 2): string[] {
  if (word.length < MIN_CORRECTED_LENGTH) return [];
  const found: Array<{ word: string; distance: number; uses: number }> = [];
  const allowed = editsAllowed(word);
  for (const [candidate, uses] of vocabulary) {
    if (candidate === word || Math.abs(candidate.length - word.length) > allowed || candidate.length < MIN_CORRECTED_LENGTH - 1) continue;
    // Misspellings keep the first letter (a cook's slip is inside the word): "harissa", a food no
    // name holds, is not a misspelt "carissa", a fruit.
    if (candidate[0] !== word[0]) continue;
    const distance = editDistance(word, candidate, allowed);
    if (distance <= allowed) found.push({ word: candidate, distance, uses });
  }
  found.sort((a, b) => a.distance - b.distance || b.uses - a.uses || (a.word < b.word ? -1 : 1));
  const best = found[0]?.distance;
  return found.filter((f) => f.distance === best).slice(0, max).map((f) => f.word);
}

/**
 * Two words typed as one ("pinenuts", "icecream"): the split whose parts are both vocabulary
 * words of three letters or more, the longest first part first; null when there is none.
 */
export function splitCompound(word: string, has: (w: string) => boolean): string | null {
  for (let at = word.length - 3; at >= 3; at--) {
    const a = word.slice(0, at);
    const b = word.slice(at);
    if ((has(a) || has(singular(a))) && (has(b) || has(singular(b)))) return `${a} ${b}`;
  }
  return null;
}

/**
 * Two typed words that name one vocabulary word when written together ("spare ribs" ->
 * "spareribs", "cole slaw" -> "coleslaw"), or null. The caller joins them only when no name
 * holds the first word alone, so "hot dog" or "ice cream" stay two words.
 */
export function joinedWord(first: string, second: string, has: (w: string) => boolean): string | null {
  const joined = first + second;
  if (first.length < 2 || second.length < 2 || /\d/.test(joined)) return null;
  return has(joined) || has(singular(joined)) ? joined : null;
}

/** Whether the typo corrector looks at a typed word: long enough, and not a word the synonym table or the optional list reads. */
export function checkedForTypos(word: string): boolean {
  const one = singular(word);
  return word.length >= MIN_CORRECTED_LENGTH && !SYNONYM_WORDS.has(one) && !OPTIONAL_WORDS.has(one);
}

/** The query read again with some typed words replaced by their corrections (synonyms apply to the corrected words). */
export function withCorrections(query: SearchQuery, replaced: Map<number, string>): SearchQuery {
  if (query.match === null || replaced.size === 0) return query;
  return buildSearchQuery(query.typed.map((t, i) => replaced.get(i) ?? t).join(' '), query.scope);
}
