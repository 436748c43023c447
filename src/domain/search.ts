/**
 * Turning what a user typed into a safe FTS5 query. User text never reaches FTS5 syntax:
 * it is cut into letter/digit tokens, each quoted, all required, the last one a prefix
 * (people search as they type).
 */
export const MAX_QUERY_TERMS = 12;

export interface SearchQuery {
  /** FTS5 MATCH expression, or null when the text holds nothing searchable. */
  match: string | null;
  /** Lower-cased, whitespace-normalised text used for exact and prefix ranking. */
  normalized: string;
  terms: string[];
}

export function normalizeName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function buildSearchQuery(text: string): SearchQuery {
  const normalized = normalizeName(text);
  const terms = normalized.split(' ').filter(Boolean).slice(0, MAX_QUERY_TERMS);
  if (terms.length === 0) return { match: null, normalized, terms };
  const parts = terms.map((t, i) => (i === terms.length - 1 ? `"${t}"*` : `"${t}"`));
  return { match: parts.join(' AND '), normalized: terms.join(' '), terms };
}
