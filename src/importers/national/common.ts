import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { parseNationalValue } from '../../domain/nationalValues.js';
import { countRows, countSkipped, type ImportContext } from '../context.js';
import { ImportError, type DatasetInfo } from '../sources.js';

/**
 * Most a nutrient can weigh in 100 g of food. Sugars expressed as monosaccharide
 * equivalents (CoFID) legitimately reach 105 g, hence the margin.
 */
const MAX_PER_100G: Record<string, number> = { g: 105.5, kcal: 905, kJ: 3790 };

/** One reviewed row of a mapping table: a national column -> a canonical nutrient. */
export interface NutrientMapping {
  column: string;
  nutrientId: number;
  sourceUnit: string;
  factor: number;
  note: string;
}

/**
 * The mapping tables live beside the source as data (src/importers/national/mappings). The
 * code runs compiled from dist/src/... (tests, bench) or bundled into dist/app/... (the bin),
 * so look beside this module, then in the project's src/importers/national/mappings: the
 * project is the nearest folder above with a package.json (never a stranger's tree above it).
 */
export function mappingsDir(): string {
  const candidates = [path.resolve(import.meta.dirname, 'mappings')];
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) {
      candidates.push(path.join(dir, 'src', 'importers', 'national', 'mappings'));
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  const found = candidates.find((d) => existsSync(d));
  if (!found) throw new ImportError(`national nutrient mapping tables not found (looked in ${candidates.join(', ')})`);
  return found;
}

export function readDataCsv(file: string): Array<Record<string, string>> {
  return parse(readFileSync(file, 'utf8'), { columns: true, bom: true, skip_empty_lines: true, trim: true }) as Array<
    Record<string, string>
  >;
}

export function loadMapping(datasetId: string): NutrientMapping[] {
  return readDataCsv(path.join(mappingsDir(), `${datasetId}.csv`)).map((r, i) => {
    const nutrientId = Number(r.nutrient_id);
    const factor = Number(r.factor);
    if (!r.column || !Number.isInteger(nutrientId) || !Number.isFinite(factor) || factor <= 0 || !r.source_unit) {
      throw new ImportError(`mapping ${datasetId}.csv row ${i + 2} is incomplete`);
    }
    return { column: r.column, nutrientId, sourceUnit: r.source_unit, factor, note: r.note ?? '' };
  });
}

/** Decodes a file as UTF-8 unless it is not valid UTF-8, then as Windows-1252 (CoFID's export). */
export function readText(file: string): string {
  const bytes = readFileSync(file);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * Writes one national dataset: its foods and their values through the mapping, by the
 * documented value rule (nationalValues.ts). Counts what it writes for the dataset row.
 */
export class NationalWriter {
  private readonly insertFood;
  private readonly insertValue;
  private readonly byColumn: Map<string, NutrientMapping>;
  readonly counts = { foods: 0, values: 0, traces: 0, less_than: 0, missing: 0, unreadable: 0, implausible: 0 };
  private readonly seen = new Set<string>();

  constructor(
    private readonly ctx: ImportContext,
    readonly info: DatasetInfo,
    mapping: NutrientMapping[],
  ) {
    this.byColumn = new Map(mapping.map((m) => [m.column, m]));
    for (const m of mapping) {
      if (!ctx.nutrientUnits.has(m.nutrientId)) {
        throw new ImportError(`mapping ${info.id}: nutrient ${m.nutrientId} (for "${m.column}") is not a canonical nutrient`);
      }
    }
    this.insertFood = ctx.db.prepare(
      `INSERT INTO national_food (dataset_id, code, name, name_en, food_group, scientific_name) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.insertValue = ctx.db.prepare(
      `INSERT OR REPLACE INTO national_food_nutrient (dataset_id, code, nutrient_id, amount, qualifier, source_column)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
  }

  get columns(): string[] {
    return [...this.byColumn.keys()];
  }

  /** false when the code was already written (a duplicate row in the source is skipped). */
  food(code: string, name: string, nameEn: string | null, group: string | null, scientificName: string | null): boolean {
    if (this.seen.has(code)) {
      countSkipped(this.ctx, `${this.info.id}: duplicate food code`);
      return false;
    }
    this.seen.add(code);
    this.insertFood.run(this.info.id, code, name, nameEn, group, scientificName);
    this.counts.foods += 1;
    countRows(this.ctx, 'national_food');
    return true;
  }

  /**
   * One cell. `zeroIsMissing` is for sources whose exports wrote 0 for "not analysed"
   * (see each importer); such a 0 is dropped rather than served.
   */
  value(code: string, column: string, raw: string | number | null | undefined, zeroIsMissing = false): void {
    const m = this.byColumn.get(column);
    if (!m) return;
    const v = parseNationalValue(raw);
    let amount: number | null;
    let qualifier: string | null;
    switch (v.kind) {
      case 'missing':
        this.counts.missing += 1;
        return;
      case 'unreadable':
        this.counts.unreadable += 1;
        countSkipped(this.ctx, `${this.info.id}: unreadable value`);
        return;
      case 'trace':
        amount = null;
        qualifier = 'trace';
        this.counts.traces += 1;
        break;
      case 'less_than':
        amount = v.amount * m.factor;
        qualifier = 'less_than';
        this.counts.less_than += 1;
        break;
      case 'value':
        if (v.amount < 0) {
          countSkipped(this.ctx, `${this.info.id}: negative value`);
          return;
        }
        if (zeroIsMissing && v.amount === 0) {
          this.counts.missing += 1;
          return;
        }
        amount = Number((v.amount * m.factor).toPrecision(10));
        qualifier = v.qualifier;
        break;
    }
    const max = MAX_PER_100G[this.ctx.nutrientUnits.get(m.nutrientId) ?? ''];
    if (amount !== null && max !== undefined && amount > max) {
      // A source error (Frida gives a 40 % margarine 162.2 g fat): never served.
      this.counts.implausible += 1;
      countSkipped(this.ctx, `${this.info.id}: value above what 100 g can hold`);
      return;
    }
    this.insertValue.run(this.info.id, code, m.nutrientId, amount, qualifier, column);
    this.counts.values += 1;
    countRows(this.ctx, 'national_food_nutrient');
  }

  /** Registers the dataset with its record counts (it then appears in /v1/sources). */
  finish(extra: Record<string, number> = {}): void {
    this.ctx.datasets.push({
      ...this.info,
      recordCounts: {
        foods: this.counts.foods,
        values: this.counts.values,
        trace_values: this.counts.traces,
        below_limit_values: this.counts.less_than,
        rejected_implausible_values: this.counts.implausible,
        ...extra,
      },
    });
  }
}
