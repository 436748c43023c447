import { ENERGY_INPUTS, missingEnergy } from '../domain/energy.js';
import { normalizeName } from '../domain/search.js';
import { countRows, countSkipped, derivationFromSourceCode, type ImportContext } from './context.js';
import { fileSize, numberOrNull, readCsv } from './readers.js';
import { hasAll, ImportError, locateDataset, requireFile, type DatasetInfo } from './sources.js';
import { importPortions, readMeasureUnits, searchHead } from './srLegacy.js';
import path from 'node:path';
import { existsSync } from 'node:fs';

export const FOUNDATION: DatasetInfo = {
  id: 'usda_foundation',
  name: 'USDA FoodData Central Foundation Foods',
  version: '2024-10-31',
  publisher: 'U.S. Department of Agriculture, Agricultural Research Service',
  licence: 'Public domain (CC0 1.0)',
  licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
  url: 'https://fdc.nal.usda.gov/download-datasets',
  attribution:
    'U.S. Department of Agriculture, Agricultural Research Service. FoodData Central: Foundation Foods, October 2024. fdc.nal.usda.gov.',
  role: 'Canonical ingredients (Foundation foods, with their nutrients and household measures)',
};

export function locateFoundation(sourceDir: string): string {
  return locateDataset(
    sourceDir,
    'Foundation Foods (FDC CSV)',
    hasAll('foundation_food.csv', 'food.csv', 'food_nutrient.csv', 'food_portion.csv'),
    'Download "Foundation Foods" (CSV) from https://fdc.nal.usda.gov/download-datasets and unzip it into the source directory.',
  );
}

/** Source code of each FDC derivation id, from `food_nutrient_derivation.csv` when present. */
async function readDerivations(dirs: string[]): Promise<Map<string, string>> {
  const sourceCodes = new Map<string, string>();
  for (const dir of dirs) {
    const derivFile = path.join(dir, 'food_nutrient_derivation.csv');
    const sourceFile = path.join(dir, 'food_nutrient_source.csv');
    if (!existsSync(derivFile) || !existsSync(sourceFile)) continue;
    const codeBySource = new Map<string, string>();
    for await (const row of readCsv(sourceFile)) codeBySource.set(row.id ?? '', row.code ?? '');
    for await (const row of readCsv(derivFile)) {
      const code = codeBySource.get(row.source_id ?? '');
      if (code) sourceCodes.set(row.id ?? '', code);
    }
    break;
  }
  return sourceCodes;
}

/**
 * Foundation Foods: only rows of `foundation_food.csv` are canonical ingredients (the
 * release's food.csv also holds its samples and acquisitions). The id is the FDC id.
 */
export async function importFoundation(ctx: ImportContext, dir: string, derivationDirs: string[]): Promise<void> {
  const foundation = new Map<number, number | null>();
  for await (const row of readCsv(requireFile(dir, 'foundation_food.csv'))) {
    const fdcId = Number(row.fdc_id);
    if (!Number.isInteger(fdcId)) throw new ImportError(`foundation_food.csv: bad fdc_id "${row.fdc_id}"`);
    const ndb = numberOrNull(row.NDB_number);
    foundation.set(fdcId, ndb !== null && Number.isInteger(ndb) ? ndb : null);
  }

  const insertFood = ctx.db.prepare(
    `INSERT INTO ingredient (id, name, search_name, search_head, category_id, data_type, dataset_id, fdc_id, ndb_number)
     VALUES (?, ?, ?, ?, ?, 'foundation', 'usda_foundation', ?, ?)`,
  );
  const foodFile = requireFile(dir, 'food.csv');
  const task = ctx.progress.task('Foundation foods', fileSize(foodFile));
  const idByFdc = new Map<number, number>();
  for await (const row of readCsv(foodFile, task)) {
    const fdcId = Number(row.fdc_id);
    if (!foundation.has(fdcId)) continue;
    if (row.data_type !== 'foundation_food') throw new ImportError(`food.csv: ${fdcId} is listed as foundation but typed ${row.data_type}`);
    if (fdcId <= 300000) throw new ImportError(`Foundation FDC id ${fdcId} would collide with SR Legacy NDB numbers`);
    const name = (row.description ?? '').trim();
    insertFood.run(fdcId, name, normalizeName(name), searchHead(name), Number(row.food_category_id), fdcId, foundation.get(fdcId));
    idByFdc.set(fdcId, fdcId);
    countRows(ctx, 'ingredient');
  }
  task.done(`${idByFdc.size} foods`);
  const missing = [...foundation.keys()].filter((id) => !idByFdc.has(id));
  if (missing.length > 0) throw new ImportError(`food.csv lacks ${missing.length} Foundation foods, e.g. ${missing.slice(0, 5).join(', ')}`);

  const derivations = await readDerivations([dir, ...derivationDirs]);
  const insertValue = ctx.db.prepare(
    'INSERT OR REPLACE INTO ingredient_nutrient (ingredient_id, nutrient_id, amount, derivation) VALUES (?, ?, ?, ?)',
  );
  const valuesFile = requireFile(dir, 'food_nutrient.csv');
  const valuesTask = ctx.progress.task('Foundation nutrient values', fileSize(valuesFile));
  let values = 0;
  const energyOf = new Map<number, Map<number, number>>();
  for await (const row of readCsv(valuesFile, valuesTask)) {
    const fdcId = Number(row.fdc_id);
    if (!idByFdc.has(fdcId)) continue;
    const nutrientId = Number(row.nutrient_id);
    const amount = numberOrNull(row.amount);
    if (!ctx.nutrientUnits.has(nutrientId)) {
      countSkipped(ctx, 'Foundation values of undefined nutrients');
      continue;
    }
    if (amount === null) {
      countSkipped(ctx, 'Foundation values without a number');
      continue;
    }
    insertValue.run(fdcId, nutrientId, amount, derivationFromSourceCode(derivations.get(row.derivation_id ?? '')));
    values++;
    if (ENERGY_INPUTS.has(nutrientId)) {
      const energy = energyOf.get(fdcId) ?? new Map<number, number>();
      energy.set(nutrientId, amount);
      energyOf.set(fdcId, energy);
    }
  }
  // Energy always present: kcal and kJ from the Atwater sums where the record gives only those,
  // else from its own macronutrients with the general factors (a fat or oil from its fat).
  const fatsAndOils = new Set(
    ctx.db.prepare("SELECT i.id FROM ingredient i JOIN category c ON c.id = i.category_id WHERE c.code = '0400'").pluck().all() as number[],
  );
  let derivedEnergy = 0;
  for (const [fdcId, amounts] of energyOf) {
    for (const e of missingEnergy(amounts, fatsAndOils.has(fdcId))) {
      insertValue.run(fdcId, e.nutrientId, e.amount, e.derivation);
      derivedEnergy++;
    }
  }
  countRows(ctx, 'ingredient_nutrient', derivedEnergy);
  if (derivedEnergy > 0) ctx.progress.info(`energy: ${derivedEnergy} kcal/kJ values derived from Atwater factors or kcal`);
  countRows(ctx, 'ingredient_nutrient', values);
  valuesTask.done(`${values} values`);

  const units = await readMeasureUnits(requireFile(dir, 'measure_unit.csv'));
  const portions = await importPortions(ctx, requireFile(dir, 'food_portion.csv'), idByFdc, units, 'Foundation portions');
  ctx.datasets.push({ ...FOUNDATION, recordCounts: { foods: idByFdc.size, nutrient_values: values, derived_energy_values: derivedEnergy, portions } });
}
