import type Database from 'better-sqlite3';
import type { ProgressReporter } from './progress.js';
import type { DatasetInfo } from './sources.js';

export interface ImportStats {
  /** Rows written per table. */
  rows: Record<string, number>;
  /** Source rows deliberately not loaded, by reason. */
  skipped: Record<string, number>;
  warnings: string[];
}

/** Shared state of one import run, handed to each dataset module in turn. */
export interface ImportContext {
  db: Database.Database;
  sourceDir: string;
  progress: ProgressReporter;
  stats: ImportStats;
  datasets: Array<DatasetInfo & { recordCounts: Record<string, number> }>;
  /** Nutrient id by the legacy (SR) nutrient number, filled by the nutrient definitions. */
  nutrientByNumber: Map<string, number>;
  /** Canonical nutrient ids with their units, for sanity checks. */
  nutrientUnits: Map<number, string>;
  /** LanguaL facet codes of national foods by dataset id and code, for linking (only datasets that give them). */
  nationalFacets?: Map<string, Map<string, string[]>>;
}

export function countRows(ctx: ImportContext, table: string, n = 1): void {
  ctx.stats.rows[table] = (ctx.stats.rows[table] ?? 0) + n;
}

export function countSkipped(ctx: ImportContext, reason: string, n = 1): void {
  ctx.stats.skipped[reason] = (ctx.stats.skipped[reason] ?? 0) + n;
}

/** The FDC/SR "source code" of a value, in words a client can act on. */
export function derivationFromSourceCode(code: string | null | undefined): string | null {
  switch ((code ?? '').trim()) {
    case '1':
    case '6':
    case '12':
    case '13':
      return 'analytical';
    case '4':
    case '11':
      return 'calculated';
    case '5':
    case '8':
    case '9':
      return 'label';
    case '7':
      return 'assumed_zero';
    default:
      return null;
  }
}

/** FDC unit names as a person writes them. */
const UNIT_NAMES: Record<string, string> = {
  G: 'g',
  MG: 'mg',
  UG: 'µg',
  KCAL: 'kcal',
  KJ: 'kJ',
  IU: 'IU',
  MG_ATE: 'mg ATE',
  UMOL_TE: 'µmol TE',
  MCG_RE: 'µg RE',
  MG_GAE: 'mg GAE',
  PH: 'pH',
  SP_GR: 'sp gr',
};

export const KNOWN_UNITS = new Set(Object.values(UNIT_NAMES));

export function normalizeUnit(raw: string): string | null {
  return UNIT_NAMES[raw.trim().toUpperCase()] ?? null;
}
