import type Database from 'better-sqlite3';
import { isPreparationWord, MATCH_WEIGHTS, singular } from '../domain/ranking.js';
import { buildSearchQuery, checkedForTypos, corrections, joinedWord, splitCompound, SYNONYM_WORDS, withCorrections, type SearchQuery } from '../domain/search.js';

export interface Page<T> {
  data: T[];
  total: number;
}

export interface ListParams {
  q?: string;
  limit: number;
  offset: number;
}

export interface ListTarget {
  table: string;
  alias: string;
  fts: string;
  joins: string;
  columns: string;
}

/**
 * List and search queries of the ingredient and survey-food read models, with or without
 * full-text search. What the words mean (synonyms, optional words, typos) is decided in
 * src/domain/search.ts, how plain and common a record is in src/domain/ranking.ts (stored at
 * import as search_rank); here they meet in one indexed FTS5 query per page.
 * List statements vary only by which filters are present, so they are few and reused.
 */
export class Lister {
  private readonly statements = new Map<string, Database.Statement>();
  private words: Array<[string, number]> | null = null;

  constructor(private readonly db: Database.Database) {}

  /**
   * One list query. With text: every word must match (FTS5); the order is the record's stored
   * plainness and commonness plus how well its name matches (rankExpression), then the shorter
   * name key (without SR's explanations in parentheses), the shorter name, the id, so pages are stable. When no name holds every word, names holding any
   * of them are listed, fewer missing words first.
   */
  page<Row>(target: ListTarget, where: string[], args: Record<string, unknown>, text: string | undefined): Page<Row> {
    const { table, alias, fts: ftsTable, joins, columns } = target;
    let order = `${alias}.id`;
    let source = `${table} ${alias} ${joins}`;
    const conditions = [...where];
    let knownTotal: number | null = null;
    if (text !== undefined) {
      const query = this.corrected(buildSearchQuery(text, table === 'survey_food' ? 'survey' : 'ingredient'), ftsTable);
      if (query.match === null) return { data: [], total: 0 };
      source = `${ftsTable} f JOIN ${table} ${alias} ON ${alias}.id = f.rowid ${joins}`;
      conditions.push(`${ftsTable} MATCH @match`);
      args.match = query.match;
      knownTotal = this.count(source, conditions, args);
      let relaxed = false;
      if (knownTotal === 0 && query.terms.length > 1) {
        relaxed = true;
        args.match = query.anyMatch;
        knownTotal = null;
      }
      order = `${rankExpression(alias, query, relaxed, args, table === 'ingredient')}, length(${alias}.search_name), length(${alias}.name), ${alias}.id`;
    }
    const whereSql = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const data = this.prepared(`SELECT ${columns} FROM ${source} ${whereSql} ORDER BY ${order} LIMIT @limit OFFSET @offset`).all(args) as Row[];
    return { data, total: knownTotal ?? this.count(source, conditions, args) };
  }

  private count(source: string, conditions: string[], args: Record<string, unknown>): number {
    const whereSql = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    return this.prepared(`SELECT COUNT(*) FROM ${source} ${whereSql}`).pluck().get(countArgs(args)) as number;
  }

  /**
   * Typed words of five letters or more that no name holds (as a prefix, for the last word)
   * are read as two words when they split into two vocabulary words ("pinenuts"), else replaced
   * by the closest vocabulary word: one or two letters wrong ("chiken", "brocoli").
   * Two typed words that are one vocabulary word together ("spare ribs") are joined when no name
   * holds the first alone. A correction after which no name holds every word is dropped with its
   * word ("bramley apples"). Words every name holds cost one indexed probe each; only unknown
   * words reach the vocabulary.
   */
  private corrected(query: SearchQuery, ftsTable: string): SearchQuery {
    if (query.match === null) return query;
    const replaced = new Map<number, string>();
    const corrected: number[] = [];
    const last = query.typed.length - 1;
    const named = (word: string, prefix: boolean) =>
      this.prepared(`SELECT 1 FROM ${ftsTable} WHERE ${ftsTable} MATCH ? LIMIT 1`).get(prefix ? `"${word}"*` : `"${word}"`) !== undefined;
    for (let i = 0; i <= last; i++) {
      const word = query.typed[i]!;
      // One word typed as two ("spare ribs", "cole slaw"): joined when no name holds the first alone.
      const joined = i < last ? joinedWord(word, query.typed[i + 1]!, (w) => this.knownWords().has(w)) : null;
      if (joined !== null && !named(word, false) && named(joined, false)) {
        replaced.set(i, joined);
        replaced.set(i + 1, '');
        i++;
        continue;
      }
      if (!checkedForTypos(word) || named(word, i === last)) continue;
      const known = this.knownWords();
      const fix = splitCompound(word, (w) => known.has(w)) ?? corrections(word, this.vocabulary(), 1)[0];
      if (fix !== undefined) {
        replaced.set(i, fix);
        corrected.push(i);
      }
    }
    const read = withCorrections(query, replaced);
    // A correction that leaves no name holding every word was another word, not a typo: a
    // variety or a name the data lacks ("bramley apples" is not "barley apples"). The other
    // words are searched without it.
    if (corrected.length > 0 && corrected.length < query.typed.length && read.match !== null) {
      if (this.prepared(`SELECT 1 FROM ${ftsTable} WHERE ${ftsTable} MATCH ? LIMIT 1`).get(read.match) === undefined) {
        for (const i of corrected) replaced.set(i, '');
        const rest = withCorrections(query, replaced);
        if (rest.match !== null) return rest;
      }
    }
    return read;
  }

  private known: Set<string> | null = null;
  private knownWords(): Set<string> {
    this.known ??= new Set(this.vocabulary().map(([w]) => w));
    return this.known;
  }

  /** The words of the names (read once, on the first misspelt query), and the synonym table's ("aubergin" -> "aubergine"). */
  private vocabulary(): Array<[string, number]> {
    this.words ??= [
      ...(this.db.prepare('SELECT word, uses FROM search_vocabulary').raw().all() as Array<[string, number]>),
      ...[...SYNONYM_WORDS].filter((w) => w.length >= 4).map((w): [string, number] => [w, 1]),
    ];
    return this.words;
  }

  private prepared(sql: string): Database.Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }
}

/** The arguments a count uses: the ranking's and paging's are left out (SQLite refuses unused named parameters). */
function countArgs(args: Record<string, unknown>): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (!['limit', 'offset', 'norm', 'full', 'prefix', 'spaced', 'inverted', 'invertedPrefix'].includes(key) && !/^(term|optional)/.test(key)) rest[key] = value;
  }
  return rest;
}

/**
 * The relevance order (src/domain/ranking.ts, README "Search ranking"): the record's stored
 * plainness and commonness (`search_rank`) plus how well its name matches the words: the whole
 * name (or, for ingredients, an FNDDS alias) is the query; its head or subject holds the query;
 * its name starts with the query, or with the query's last word first ("Pie, apple" for "apple
 * pie"); its subject is one of the query's words or the query starts with its head; a query word
 * only an explanation holds costs MATCH_WEIGHTS.explainedOnly. In the relaxed search every query
 * word the name lacks costs MATCH_WEIGHTS.missingWord.
 */
function rankExpression(a: string, query: SearchQuery, relaxed: boolean, args: Record<string, unknown>, withAliases: boolean): string {
  const w = MATCH_WEIGHTS;
  args.norm = query.normalized;
  args.full = query.full;
  args.prefix = `${query.normalized}%`;
  args.spaced = ` ${query.normalized} `;
  // English puts the food's own noun last, USDA names first: "apple pie" is "Pie, apple", "kidney beans" "Beans, kidney".
  const queryWords = query.normalized.split(' ');
  let inverted = '';
  if (queryWords.length > 1) {
    args.inverted = [queryWords.at(-1), ...queryWords.slice(0, -1)].join(' ');
    args.invertedPrefix = `${args.inverted} %`;
    inverted = `
    + CASE WHEN ${a}.search_name = @inverted OR ${a}.search_name LIKE @invertedPrefix THEN ${w.invertedName} ELSE 0 END`;
  }
  const aliases = withAliases ? ` OR instr(${a}.search_aliases, '| ' || @norm || ' |') > 0` : '';
  let missing = '';
  const held = withAliases ? `' ' || ${a}.search_name || ' ' || ${a}.search_aliases` : `' ' || ${a}.search_name`;
  // An optional word that names a kind ("sea" bass, "large" eggs) ranks the names holding it first.
  query.optional.forEach((word, i) => {
    args[`optional${i}`] = ` ${word}`;
    missing += ` + (instr(${held}, @optional${i}) > 0) * ${w.optionalHeld}`;
  });
  if (!relaxed) {
    // A word found only in an explanation (SR's parentheses, "(includes soft bread crumbs)"), not in the name or an alias.
    const absent = query.terms.map((term, i) =>
      term.split('|').map((alt, k) => {
        args[`term${i}_${k}`] = ` ${singular(alt)}`;
        return `instr(${held}, @term${i}_${k}) = 0`;
      }).join(' AND '),
    );
    missing += ' + ' + absent.map((cond) => `(${cond}) * ${w.explainedOnly}`).join(' + ');
  }
  if (relaxed) {
    const words = query.normalized.split(' ');
    words.forEach((word, i) => (args[`term${i}`] = ` ${word}`));
    // Lacking a word that names the food costs more than lacking one that says how it was prepared.
    const cost = (word: string) => w.missingWord + (isPreparationWord(word) ? 0 : w.missingFoodWord);
    missing += ' + ' + words.map((word, i) => `(instr(' ' || ${a}.search_name, @term${i}) = 0) * ${cost(word)}`).join(' + ');
  }
  return `(${a}.search_rank
    + CASE WHEN ${a}.search_name IN (@norm, @full)${aliases} THEN ${w.exactName} ELSE 0 END
    + CASE WHEN instr(' ' || ${a}.search_head || ' ', @spaced) > 0 OR instr(' ' || ${a}.search_subject || ' ', @spaced) > 0
      OR instr(' ' || ${a}.search_subject || ' ' || ${a}.search_head || ' ', @spaced) > 0
      OR instr(' ' || ${a}.search_head || ' ' || ${a}.search_subject || ' ', @spaced) > 0
      THEN ${w.headHoldsQuery} ELSE 0 END
    + CASE WHEN ${a}.search_name LIKE @prefix THEN ${w.namePrefix} ELSE 0 END${inverted}
    + CASE WHEN instr(@spaced, ' ' || ${a}.search_subject || ' ') > 0 OR instr(@spaced, ' ' || ${a}.search_head || ' ') = 1
      THEN ${w.headLeadsQuery} ELSE 0 END${missing})`;
}
