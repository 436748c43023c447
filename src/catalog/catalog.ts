import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { availableCountries, type CountryCode } from '../domain/countries.js';
import type { IntegrityState } from './integrity.js';
import { SCHEMA_VERSION } from './schema.js';

export class CatalogUnavailableError extends Error {
  override name = 'CatalogUnavailableError';
}

/** Where the app finds the catalogue to answer from; it may be swapped while serving (holder.ts). */
export interface CatalogSource {
  readonly current: Catalog;
}

/**
 * One opened catalogue file: its identity (version, build time, countries) and the connection
 * the per-resource read models (ingredients.ts, nationalValues.ts, carbonCooking.ts,
 * surveyFoods.ts, branded.ts, reference.ts) prepare their statements on. The file never
 * changes while it is open (imports write a new file and rename it), so each read model is
 * built once per file, on first use, and lives as long as the file is served.
 */
export class Catalog {
  readonly version: string;
  readonly builtAt: string;
  /** Countries whose nutrients this catalogue can resolve; US is the reference every catalogue has. */
  readonly countries: CountryCode[];
  /** The meta table (written at import). */
  readonly meta: ReadonlyMap<string, string>;
  readonly db: Database.Database;
  /** Whether the file matches the content hash written at import (checked in the background by CatalogHolder). */
  integrity: IntegrityState = { state: 'unchecked' };
  private readonly models = new Map<(catalog: Catalog) => unknown, unknown>();

  private constructor(db: Database.Database) {
    this.db = db;
    this.meta = new Map(db.prepare<[], { key: string; value: string }>('SELECT key, value FROM meta').all().map((r) => [r.key, r.value]));
    if (this.meta.get('schema_version') !== String(SCHEMA_VERSION)) {
      throw new CatalogUnavailableError(
        `catalogue schema version ${this.meta.get('schema_version') ?? 'unknown'} is not ${SCHEMA_VERSION}: run \`larder import\` again`,
      );
    }
    this.version = this.meta.get('catalog_version') ?? 'unknown';
    this.builtAt = this.meta.get('built_at') ?? 'unknown';
    this.countries = availableCountries(db.prepare<[], string>('SELECT id FROM dataset ORDER BY id').pluck().all());
  }

  static open(file: string): Catalog {
    if (!existsSync(file)) throw new CatalogUnavailableError(`no catalogue at ${file}: run \`larder import\``);
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      db.pragma('query_only = ON');
      // The file is read-only while served (an import writes a new file and renames it), so the
      // shared lock taken by the first read is kept: otherwise every statement locks and unlocks
      // the file (two fcntl calls) and looks for a hot journal (a stat that fails), about 6 µs of
      // CPU per statement. Readers never block each other (workers share the file), and no writer
      // waits. No memory map: with the lock kept it saved little (a detail read 8.7 against 8.0
      // µs), and every page it touches counts in the server's resident memory (1.8 GB after a
      // search load on the 2.8 M-product catalogue).
      db.pragma('locking_mode = EXCLUSIVE');
      return new Catalog(db);
    } catch (err) {
      db.close();
      if (err instanceof CatalogUnavailableError) throw err;
      throw new CatalogUnavailableError(`catalogue at ${file} cannot be read (${(err as Error).message}): run \`larder import\``);
    }
  }

  /** The read model `build` makes over this file, built on first use and kept while the file is open. */
  model<T>(build: (catalog: Catalog) => T): T {
    let model = this.models.get(build) as T | undefined;
    if (model === undefined) {
      model = build(this);
      this.models.set(build, model);
    }
    return model;
  }

  close(): void {
    this.models.clear();
    this.db.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue being served now: version, build time, countries (the read models hang off it). */
    readonly catalog: Catalog;
  }
}

/** Decorates the app with the catalogue being served (a getter, so a reload is seen at once). */
export const catalogPlugin = fp(
  async (app: FastifyInstance, options: { source: CatalogSource }) => {
    app.decorate('catalog', { getter: () => options.source.current });
  },
  { name: 'larder-catalog', fastify: '5.x' },
);

/**
 * A read model as a plugin: decorates the app with `name`, resolved against the catalogue
 * being served (so a reloaded file gets its own statements), built by `build` once per file.
 */
export function readModelPlugin<T extends object>(name: string, build: (catalog: Catalog) => T) {
  return fp(
    async (app: FastifyInstance) => {
      app.decorate(name, { getter: (): object => app.catalog.model(build) });
    },
    { name: `larder-${name}`, fastify: '5.x', dependencies: ['larder-catalog'] },
  );
}
