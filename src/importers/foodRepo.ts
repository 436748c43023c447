import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { parse } from 'csv-parse';
import type { BrandedDerivation } from '../catalog/brandedNutrients.js';
import type { BrandedWriter } from './brandedWriter.js';
import { countSkipped, type ImportContext } from './context.js';
import { offProductId } from './openFoodFacts.js';
import type { ProgressTask } from './progress.js';
import { fileSize, numberOrNull } from './readers.js';
import { findDatasetDirs, findFile, type DatasetInfo } from './sources.js';

export const FOODREPO: DatasetInfo = {
  id: 'foodrepo_ch_2018',
  name: 'FoodRepo / openfood.ch product table (Swiss packaged-food labels)',
  version: '2018-01-08',
  publisher: 'FoodRepo (foodrepo.org / openfood.ch), Digital Epidemiology Lab, EPFL',
  licence: 'Creative Commons Attribution 4.0 International (CC BY 4.0)',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
  url: 'https://www.foodrepo.org',
  attribution:
    'FoodRepo (foodrepo.org / openfood.ch), EPFL Digital Epidemiology Lab, licensed under CC BY 4.0; product table as exported on 2018-01-08 (github.com/ggrrll/foodrepo_data_analysis_public).',
  role: 'Branded products (Switzerland): barcode, name, label energy (kJ and kcal) and nutrients per 100 g or 100 ml',
};

const FOOD_TABLE = /food_table.*\.csv(\.gz)?$/;
const INGREDIENTS = /ingredients.*\.csv(\.gz)?$/;

/** Label columns and the FDC nutrient each is, with the factor from FoodRepo's unit. */
const NUTRIENT_COLUMNS: Array<[column: string, nutrientId: number, factor: number]> = [
  ['Energy (kCal)', 1008, 1],
  ['Fat', 1004, 1],
  ['Saturated fat', 1258, 1],
  ['Monounsaturated fatty acids', 1292, 1],
  ['Polyunsaturated fatty acids', 1293, 1],
  ['Carbohydrates', 1005, 1],
  ['Sugars', 2000, 1],
  ['Polyols', 1086, 1],
  ['Fiber', 1079, 1],
  ['Protein', 1003, 1],
  ['Sodium', 1093, 1000], // g
  ['Calcium', 1087, 1], // mg
  ['Iron', 1089, 1], // mg
  ['Vitamin C (Ascorbic acid)', 1162, 1], // mg
  ['Vitamin D (Cholacalciferol)', 1114, 1], // µg
];
// The kJ column is "Energy" in the 2018 table ("Energy(kJ)" or "Energy (kJ)" elsewhere). The
// other micronutrient columns carry no unit and mix scales; they are not imported.
const KJ_COLUMNS = ['Energy (kJ)', 'Energy(kJ)', 'Energy'];
/** EU labels: salt = sodium x 2.5. */
const SALT_PER_SODIUM = 2.5;

/** Above this a label's energy per 100 g is a data-entry error (pure fat is 900 kcal). */
export const MAX_LABEL_KCAL = 900;
export const KJ_PER_KCAL = 4.184;
/** kJ and kcal printed on one label agree within this share (or 10 kJ, for the rounding of small values). */
export const KJ_KCAL_TOLERANCE = 0.075;

export type LabelEnergyCheck = 'ok' | 'above_900_kcal' | 'kj_kcal_mismatch';

/** Whether a label's energy pair is plausible: at most 900 kcal per 100 g and kJ = 4.184 kcal within tolerance. */
export function checkLabelEnergy(kcal: number | null, kJ: number | null): LabelEnergyCheck {
  if ((kcal !== null && kcal > MAX_LABEL_KCAL) || (kJ !== null && kJ > MAX_LABEL_KCAL * KJ_PER_KCAL)) return 'above_900_kcal';
  if (kcal !== null && kJ !== null && Math.abs(kJ - KJ_PER_KCAL * kcal) > Math.max(KJ_KCAL_TOLERANCE * KJ_PER_KCAL * kcal, 10)) {
    return 'kj_kcal_mismatch';
  }
  return 'ok';
}

export interface FoodRepoRelease {
  dir: string;
  foodTable: string;
  ingredients: string | null;
}

export function locateFoodRepo(sourceDir: string): FoodRepoRelease[] {
  return findDatasetDirs(sourceDir, (files) => files.some((f) => FOOD_TABLE.test(f))).map((dir) => ({
    dir,
    foodTable: findFile(dir, FOOD_TABLE)!,
    ingredients: findFile(dir, INGREDIENTS),
  }));
}

async function* readRows(file: string, task?: ProgressTask): AsyncGenerator<Record<string, string>> {
  const raw = createReadStream(file);
  if (task) raw.on('data', (chunk) => task.advance((chunk as Buffer).length));
  const text = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  raw.on('error', (err) => text.destroy(err));
  const parser = text.pipe(parse({ columns: true, bom: true, skip_empty_lines: true, relax_column_count: true }));
  text.on('error', (err: Error) => parser.destroy(err));
  for await (const record of parser) yield record as Record<string, string>;
}

/** The ingredients table's lists are Python list literals: "['eau', \"extraits d'épices\"]". */
export function parsePythonList(text: string): string[] {
  const items: string[] = [];
  for (const m of text.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)) {
    const item = (m[1] ?? m[2] ?? '').replace(/\\(.)/g, '$1').trim();
    if (item !== '') items.push(item);
  }
  return items;
}

/**
 * FoodRepo's product table (CSV, optionally gzipped), streamed. A product's id is its barcode's
 * (offProductId), so a FoodRepo product and an Open Food Facts product with the same GTIN are
 * one product, merged by the writer. Rows whose energy is implausible are rejected whole.
 */
export async function importFoodRepo(ctx: ImportContext, writer: BrandedWriter, release: FoodRepoRelease): Promise<void> {
  const info = FOODREPO;
  const counts: Record<string, number> = {
    rows: 0,
    branded_products: 0,
    with_nutrients: 0,
    per_100_ml: 0,
    rejected_above_900_kcal: 0,
    rejected_kj_kcal_mismatch: 0,
    rejected_barcode: 0,
  };
  // The ingredients table is small (about 11,000 rows): read into memory, keyed by barcode.
  const ingredients = new Map<string, string>();
  if (release.ingredients) {
    for await (const row of readRows(release.ingredients)) {
      const list = parsePythonList(row.ingredients ?? '');
      if (list.length > 0 && row.barcode) ingredients.set(row.barcode.trim(), list.join(', '));
    }
  }
  const task = ctx.progress.task(`${info.id}: ${path.basename(release.foodTable)}`, fileSize(release.foodTable));
  for await (const row of readRows(release.foodTable, task)) {
    counts.rows!++;
    const barcode = (row.barcode ?? '').trim();
    const id = offProductId(barcode);
    if (id === null || barcode === '') {
      counts.rejected_barcode!++;
      countSkipped(ctx, `${info.id}: rows whose barcode is not 1 to 14 digits`);
      continue;
    }
    const kcal = numberOrNull(row['Energy (kCal)']);
    const kjColumn = KJ_COLUMNS.find((c) => row[c] !== undefined);
    const kJ = kjColumn === undefined ? null : numberOrNull(row[kjColumn]);
    const check = checkLabelEnergy(kcal, kJ);
    if (check !== 'ok') {
      counts[`rejected_${check}`]!++;
      countSkipped(
        ctx,
        check === 'above_900_kcal'
          ? `${info.id}: rows rejected: energy above ${MAX_LABEL_KCAL} kcal per 100 g`
          : `${info.id}: rows rejected: kJ and kcal disagree (ratio far from ${KJ_PER_KCAL})`,
      );
      continue;
    }
    const nutrients = new Map<number, number>();
    const set = (nutrientId: number, value: number) => nutrients.set(nutrientId, value);
    for (const [column, nutrientId, factor] of NUTRIENT_COLUMNS) {
      const value = numberOrNull(row[column]);
      if (value !== null) set(nutrientId, factor === 1 ? value : Number((value * factor).toPrecision(12)));
    }
    if (kJ !== null) set(1062, kJ);
    let derivations: Map<number, BrandedDerivation> | undefined;
    const salt = numberOrNull(row.Salt);
    if (salt !== null && !nutrients.has(1093)) {
      set(1093, Number(((salt / SALT_PER_SODIUM) * 1000).toPrecision(12)));
      derivations = new Map([[1093, 'calculated']]);
    }
    const basisUnit = (row.unit ?? '').trim().toLowerCase() === 'ml' ? 'ml' : 'g';
    const added = writer.add({
      id,
      gtinUpc: barcode,
      name: row.name ?? null,
      brand: null,
      brandOwner: null,
      marketCountry: 'Switzerland',
      servingSize: null,
      servingSizeUnit: null,
      householdServing: null,
      category: null,
      ingredients: ingredients.get(barcode) ?? null,
      datasetId: info.id,
      nutrients: nutrients.size > 0 ? nutrients : null,
      derivations,
      basisUnit,
      brandInName: true,
      ingredientsRebuilt: true,
    });
    if (!added) continue;
    counts.branded_products!++;
    if (nutrients.size > 0) counts.with_nutrients!++;
    if (basisUnit === 'ml') counts.per_100_ml!++;
  }
  counts.merged_into_earlier_source = writer.merged.get(info.id) ?? 0;
  task.done(`${counts.branded_products} products, ${counts.merged_into_earlier_source} merged`);
  ctx.datasets.push({ ...info, recordCounts: counts });
}
