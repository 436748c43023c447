import type Database from 'better-sqlite3';
import { isPreparationWord, matchRanker, rankedRecord, type RankedRecord } from '../domain/ranking.js';
import { buildSearchQuery, checkedForTypos, corrections, editDistance, joinedWord, splitCompound, SYNONYM_WORDS, withCorrections, type SearchQuery } from '../domain/search.js';

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
  /** Joins that filter (an allergen); the list's columns never need them. */
  joins: string;
  /** Joins the columns need (a category's name); they never drop a record. */
  columnJoins: string;
  columns: string;
  /** Whether the records have FNDDS aliases (search_aliases) that count as their names. */
  withAliases: boolean;
}

/** Added to the scores of what the words as typed find beside a rewritten query's answers: they list after all of those. */
const LITERAL_TIER = 1e6;

/** A record as the text search ranks it, with the row the list serves. */
interface SearchRecord<Row> {
  id: number;
  keys: RankedRecord;
  keyLength: number;
  nameLength: number;
  row: Row;
}

/**
 * List and search queries of the ingredient and survey-food read models, with or without
 * full-text search. What the words mean (synonyms, optional words, typos) is decided in
 * src/domain/search.ts, how plain and common a record is in src/domain/ranking.ts (stored at
 * import as search_rank), how well a name matches the words in matchRanker there. FTS5 finds
 * the ids that hold every word; the ranking runs over the records' keys held in memory (read
 * once per catalogue file: some thousands of short strings), because ordering every match in
 * SQL cost 50-130 µs of statement work for even one match and milliseconds for common words.
 * List statements vary only by which filters are present, so they are few and reused.
 */
export class Lister {
  private readonly statements = new Map<string, Database.Statement>();
  private words: Array<[string, number]> | null = null;
  /** Per table, its records' search keys and list rows. */
  private readonly records = new Map<string, Map<number, SearchRecord<unknown>>>();

  constructor(private readonly db: Database.Database) {}

  /**
   * One list query. With text: every word must match (FTS5); the order is the record's stored
   * plainness and commonness plus how well its name matches (matchRanker), then the shorter
   * name key (without SR's explanations in parentheses), the shorter name, the id, so pages are
   * stable. When no name holds every word, names holding any of them are listed, fewer missing
   * words first.
   */
  page<Row>(target: ListTarget, where: string[], args: Record<string, unknown>, text: string | undefined): Page<Row> {
    if (text === undefined) {
      const { table, alias, joins, columnJoins, columns } = target;
      const source = `${table} ${alias} ${joins} ${columnJoins}`;
      const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const data = this.prepared(`SELECT ${columns} FROM ${source} ${whereSql} ORDER BY ${alias}.id LIMIT @limit OFFSET @offset`).all(args) as Row[];
      const { limit: _limit, offset: _offset, ...filters } = args;
      return { data, total: this.prepared(`SELECT COUNT(*) FROM ${source} ${whereSql}`).pluck().get(filters) as number };
    }
    let query = buildSearchQuery(text, target.table === 'survey_food' ? 'survey' : 'ingredient');
    if (query.match === null) return { data: [], total: 0 };
    const { limit, offset, ...filters } = args as { limit: number; offset: number } & Record<string, unknown>;
    let ids = this.matching(target, where, filters, query.match);
    if (ids.length === 0) {
      // Only a query no name answers can hold a typo: every word of an answered query is some name's word.
      const corrected = this.corrected(query, target.fts);
      if (corrected !== query && corrected.match !== null) {
        query = corrected;
        ids = this.matching(target, where, filters, query.match!);
      }
    }
    let relaxed = false;
    if (ids.length === 0 && query.terms.length > 1 && query.anyMatch !== null) {
      relaxed = true;
      ids = this.matching(target, where, filters, query.anyMatch);
    }
    const records = this.searchRecords<Row>(target);
    const rankOf = matchRanker(query, relaxed, target.withAliases);
    const found = ids.map((id) => records.get(id)!);
    // A query the synonym table rewrote lists, after what the rewritten words find, what the
    // words as typed find besides ("coriander" is the fresh leaves first, then the seed and the
    // dried leaf; "pepper" the black pepper first, then the sweet and hot peppers): a synonym
    // chooses the first answers, it never hides a record that holds the words typed.
    // (the words as typed, or as corrected: "chiken" lists what "chicken" does)
    const asTyped = query.rewritten && !relaxed && ids.length > 0 ? buildSearchQuery(query.typed.join(' '), query.scope, false) : null;
    let literal: SearchRecord<Row>[] = [];
    if (asTyped?.match != null) {
      const seen = new Set(ids);
      literal = this.matching(target, where, filters, asTyped.match)
        .filter((id) => !seen.has(id))
        .map((id) => records.get(id)!);
    }
    const literalRank = asTyped ? matchRanker(asTyped, false, target.withAliases) : rankOf;
    const scores = new Float64Array(found.length + literal.length);
    for (let i = 0; i < found.length; i++) scores[i] = rankOf(found[i]!.keys);
    for (let i = 0; i < literal.length; i++) scores[found.length + i] = LITERAL_TIER + literalRank(literal[i]!.keys);
    found.push(...literal);
    const total = found.length;
    // Only records scoring at most the page's last score can be on the page: a numeric sort of
    // the scores finds it, and only those (ties included) are ordered by every key.
    const end = offset + limit;
    if (end <= 0 || offset >= found.length) return { data: [], total };
    const cut = end < found.length ? scores.slice().sort()[end - 1]! : Infinity;
    const page: Array<{ record: SearchRecord<Row>; score: number }> = [];
    for (let i = 0; i < found.length; i++) if (scores[i]! <= cut) page.push({ record: found[i]!, score: scores[i]! });
    page.sort(
      (a, b) =>
        a.score - b.score ||
        a.record.keyLength - b.record.keyLength ||
        a.record.nameLength - b.record.nameLength ||
        a.record.id - b.record.id,
    );
    return { data: page.slice(offset, end).map((r) => r.record.row), total };
  }

  /**
   * Reads a list's search keys now rather than on its first text search (about 60 ms for the
   * 8,109 ingredients), so no user's first search pays for it.
   */
  warm(target: ListTarget): void {
    this.searchRecords(target);
  }

  /** The ids of the records holding the words (an FTS5 expression) that pass the filters. */
  private matching(target: ListTarget, where: string[], filters: Record<string, unknown>, match: string): number[] {
    const { table, alias, fts, joins } = target;
    if (where.length === 0 && joins === '') return this.prepared(`SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?`).pluck().all(match) as number[];
    const conditions = [`${fts} MATCH @match`, ...where].join(' AND ');
    return this.prepared(`SELECT f.rowid FROM ${fts} f JOIN ${table} ${alias} ON ${alias}.id = f.rowid ${joins} WHERE ${conditions}`)
      .pluck()
      .all({ ...filters, match }) as number[];
  }

  /** Every record's search keys and list row, read once per catalogue file and table. */
  private searchRecords<Row>(target: ListTarget): Map<number, SearchRecord<Row>> {
    const cached = this.records.get(target.table);
    if (cached !== undefined) return cached as Map<number, SearchRecord<Row>>;
    const { table, alias, columnJoins, columns } = target;
    const aliases = target.withAliases ? `${alias}.search_aliases` : "''";
    const rows = this.db
      .prepare(
        `SELECT ${columns}, ${alias}.search_rank AS _rank, ${alias}.search_name AS _key, ${alias}.search_head AS _head,
          ${alias}.search_subject AS _subject, ${aliases} AS _aliases, length(${alias}.search_name) AS _keyLength,
          length(${alias}.name) AS _nameLength
         FROM ${table} ${alias} ${columnJoins}`,
      )
      .all() as Array<Record<string, unknown>>;
    const records = new Map<number, SearchRecord<Row>>();
    for (const { _rank, _key, _head, _subject, _aliases, _keyLength, _nameLength, ...row } of rows) {
      const id = row.id as number;
      records.set(id, {
        id,
        keys: rankedRecord(
          { rank: _rank as number, key: _key as string, head: _head as string, subject: _subject as string, aliases: _aliases as string },
          target.withAliases,
        ),
        keyLength: _keyLength as number,
        nameLength: _nameLength as number,
        row: row as Row,
      });
    }
    this.records.set(target.table, records as Map<number, SearchRecord<unknown>>);
    return records;
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
      let fix = splitCompound(word, (w) => known.has(w)) ?? corrections(word, this.vocabulary(), 1)[0];
      // Two letters wrong into a preparation word is another word, not a typo ("clotted" is no
      // "coated"); one letter ("groud" beef, maple "syrop") is a slip.
      if (fix !== undefined && !fix.includes(' ') && isPreparationWord(fix) && editDistance(word, fix, 2) > 1) fix = corrections(word, this.foodVocabulary(), 1)[0];
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

  private foodWordsVocabulary: Array<[string, number]> | null = null;

  /**
   * The vocabulary without the words that say how a food was prepared, for a word two letters
   * from one: a food the data lacks had become its preparation ("clotted cream" read as
   * "coated", an ice-cream coating fat).
   */
  private foodVocabulary(): Array<[string, number]> {
    this.foodWordsVocabulary ??= this.vocabulary().filter(([w]) => !isPreparationWord(w));
    return this.foodWordsVocabulary;
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
