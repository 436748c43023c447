import type Database from 'better-sqlite3';
import { buildSearchQuery } from '../domain/search.js';

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
 * full-text search. The ranking lives here (SQL) and in src/domain/search.ts (the query text).
 * List statements vary only by which filters are present, so they are few and reused.
 */
export class Lister {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {}

  /**
   * One list query. With text: exact name first, then names whose head (the part before the
   * first comma) is the text, then names starting with it, then FTS5 rank, shorter names
   * first; the id breaks every tie so pages are stable.
   */
  page<Row>(target: ListTarget, where: string[], args: Record<string, unknown>, text: string | undefined): Page<Row> {
    const { table, alias, fts: ftsTable, joins, columns } = target;
    let order = `${alias}.id`;
    let source = `${table} ${alias} ${joins}`;
    const conditions = [...where];
    if (text !== undefined) {
      const query = buildSearchQuery(text);
      if (query.match === null) return { data: [], total: 0 };
      source = `${ftsTable} f JOIN ${table} ${alias} ON ${alias}.id = f.rowid ${joins}`;
      conditions.push(`${ftsTable} MATCH @match`);
      args.match = query.match;
      args.norm = query.normalized;
      args.prefix = `${query.normalized}%`;
      const tier = `CASE WHEN ${alias}.search_name = @norm THEN 0 WHEN ${alias}.search_head = @norm THEN 1
                    WHEN ${alias}.search_name LIKE @prefix THEN 2 ELSE 3 END`;
      // Within the name tiers the plainest (shortest) name wins; among the rest, FTS rank.
      order = `${tier}, CASE WHEN ${tier} < 3 THEN length(${alias}.name) END,
               bm25(${ftsTable}), length(${alias}.name), ${alias}.id`;
    }
    const whereSql = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const data = this.prepared(`SELECT ${columns} FROM ${source} ${whereSql} ORDER BY ${order} LIMIT @limit OFFSET @offset`).all(args) as Row[];
    const countArgs = { ...args };
    delete countArgs.limit;
    delete countArgs.offset;
    delete countArgs.norm;
    delete countArgs.prefix;
    const total = this.prepared(`SELECT COUNT(*) FROM ${source} ${whereSql}`).pluck().get(countArgs) as number;
    return { data, total };
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
