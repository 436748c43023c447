import { classifyMeasure } from '../domain/householdMeasures.js';
import { normalizeName } from '../domain/search.js';
import { countRows, countSkipped, derivationFromSourceCode, type ImportContext } from './context.js';
import { fileSize, numberOrNull, readCsv, readSr28 } from './readers.js';
import { hasAll, ImportError, locateDataset, requireFile, type DatasetInfo } from './sources.js';

export const SR_LEGACY: DatasetInfo = {
  id: 'usda_sr_legacy',
  name: 'USDA FoodData Central SR Legacy',
  version: '2018-04',
  publisher: 'U.S. Department of Agriculture, Agricultural Research Service',
  licence: 'Public domain (CC0 1.0)',
  licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
  url: 'https://fdc.nal.usda.gov/download-datasets',
  attribution:
    'U.S. Department of Agriculture, Agricultural Research Service. FoodData Central: SR Legacy, April 2018. fdc.nal.usda.gov.',
  role: 'Canonical ingredients (foods, categories, household measures)',
};

export const SR28: DatasetInfo = {
  id: 'usda_sr28',
  name: 'USDA National Nutrient Database for Standard Reference, Release 28 (ASCII)',
  version: 'SR28 (2016, revised 2018)',
  publisher: 'U.S. Department of Agriculture, Agricultural Research Service',
  licence: 'Public domain (CC0 1.0)',
  licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
  url: 'https://www.ars.usda.gov/northeast-area/beltsville-md-bhnrc/beltsville-human-nutrition-research-center/methods-and-application-of-food-composition-laboratory/mafcl-site-pages/sr11-sr28/',
  attribution:
    'US Department of Agriculture, Agricultural Research Service, Nutrient Data Laboratory. USDA National Nutrient Database for Standard Reference, Release 28. 2016.',
  role: 'Nutrient values of the SR Legacy ingredients (NUT_DATA), joined by NDB number',
};

const DOWNLOAD_HINT =
  'Download "SR Legacy" (CSV) from https://fdc.nal.usda.gov/download-datasets and SR28 (ASCII) from the USDA ARS site, and unzip them into the source directory.';

export function locateSrLegacy(sourceDir: string): { fdcDir: string; sr28Dir: string } {
  return {
    fdcDir: locateDataset(
      sourceDir,
      'SR Legacy (FDC CSV)',
      hasAll('sr_legacy_food.csv', 'food.csv', 'food_portion.csv', 'food_category.csv', 'nutrient.csv'),
      DOWNLOAD_HINT,
    ),
    sr28Dir: locateDataset(sourceDir, 'SR28 (ASCII)', hasAll('NUT_DATA.txt', 'FOOD_DES.txt', 'NUTR_DEF.txt'), DOWNLOAD_HINT),
  };
}

/** FDC measure units by id (the file is shared by the FDC releases). */
export async function readMeasureUnits(file: string): Promise<Map<string, string>> {
  const units = new Map<string, string>();
  for await (const row of readCsv(file)) units.set(row.id ?? '', (row.name ?? '').trim());
  return units;
}

export async function importCategories(ctx: ImportContext, file: string): Promise<void> {
  const insert = ctx.db.prepare('INSERT INTO category (id, code, name) VALUES (?, ?, ?)');
  for await (const row of readCsv(file)) {
    insert.run(Number(row.id), row.code, (row.description ?? '').trim());
    countRows(ctx, 'category');
  }
}

export function searchHead(name: string): string {
  return normalizeName(name.split(',')[0] ?? name);
}

/**
 * SR Legacy: foods, categories and household measures from the FDC CSV; nutrient values
 * from SR28 NUT_DATA joined on the NDB number. The ingredient id is the NDB number.
 */
export async function importSrLegacy(ctx: ImportContext, dirs: { fdcDir: string; sr28Dir: string }): Promise<Map<number, number>> {
  const { fdcDir, sr28Dir } = dirs;
  await importCategories(ctx, requireFile(fdcDir, 'food_category.csv'));

  const ndbByFdc = new Map<string, number>();
  for await (const row of readCsv(requireFile(fdcDir, 'sr_legacy_food.csv'))) {
    const ndb = Number(row.NDB_number);
    if (!Number.isInteger(ndb) || ndb <= 0) throw new ImportError(`sr_legacy_food.csv: bad NDB number "${row.NDB_number}"`);
    ndbByFdc.set(row.fdc_id ?? '', ndb);
  }

  const insertFood = ctx.db.prepare(
    `INSERT INTO ingredient (id, name, search_name, search_head, category_id, data_type, dataset_id, fdc_id, ndb_number)
     VALUES (?, ?, ?, ?, ?, 'sr_legacy', 'usda_sr_legacy', ?, ?)`,
  );
  const foodFile = requireFile(fdcDir, 'food.csv');
  const foodTask = ctx.progress.task('SR Legacy foods', fileSize(foodFile));
  const fdcToId = new Map<number, number>();
  for await (const row of readCsv(foodFile, foodTask)) {
    if (row.data_type !== 'sr_legacy_food') {
      countSkipped(ctx, 'sr_legacy food.csv rows of another data type');
      continue;
    }
    const ndb = ndbByFdc.get(row.fdc_id ?? '');
    if (ndb === undefined) throw new ImportError(`food.csv: SR Legacy food ${row.fdc_id} has no NDB number`);
    const name = (row.description ?? '').trim();
    insertFood.run(ndb, name, normalizeName(name), searchHead(name), Number(row.food_category_id), Number(row.fdc_id), ndb);
    fdcToId.set(Number(row.fdc_id), ndb);
    countRows(ctx, 'ingredient');
  }
  foodTask.done(`${fdcToId.size} foods`);

  const units = await readMeasureUnits(requireFile(fdcDir, 'measure_unit.csv'));
  const portionCount = await importPortions(ctx, requireFile(fdcDir, 'food_portion.csv'), fdcToId, units, 'SR Legacy portions');

  // Scientific names from SR28 FOOD_DES (field 10) for traceability and later linking.
  const setSciName = ctx.db.prepare('UPDATE ingredient SET scientific_name = ? WHERE id = ? AND data_type = ?');
  for await (const row of readSr28(requireFile(sr28Dir, 'FOOD_DES.txt'))) {
    const sci = (row[9] ?? '').trim();
    if (sci) setSciName.run(sci, Number(row[0]), 'sr_legacy');
  }

  const valueCount = await importSr28Values(ctx, requireFile(sr28Dir, 'NUT_DATA.txt'), new Set(fdcToId.values()));
  const withValues = ctx.db
    .prepare(`SELECT COUNT(DISTINCT ingredient_id) n FROM ingredient_nutrient WHERE ingredient_id < 300000`)
    .get() as { n: number };
  const without = fdcToId.size - withValues.n;
  if (without > 0) {
    ctx.stats.warnings.push(`${without} SR Legacy foods have no nutrient values in SR28 NUT_DATA (served without nutrients)`);
  }
  ctx.datasets.push({ ...SR_LEGACY, recordCounts: { foods: fdcToId.size, portions: portionCount } });
  ctx.datasets.push({ ...SR28, recordCounts: { nutrient_values: valueCount, foods_with_values: withValues.n } });
  return fdcToId;
}

/** FDC `food_portion.csv` rows of the given foods (keyed by FDC id) into household measures. */
export async function importPortions(
  ctx: ImportContext,
  file: string,
  idByFdc: Map<number, number>,
  units: Map<string, string>,
  label: string,
): Promise<number> {
  const insert = ctx.db.prepare(
    `INSERT OR REPLACE INTO ingredient_portion
       (ingredient_id, seq, amount, unit_name, description, gram_weight, measure_kind, measure_unit)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const nextSeq = new Map<number, number>();
  const nameOf = ctx.db.prepare<[number], { name: string }>('SELECT name FROM ingredient WHERE id = ?');
  const task = ctx.progress.task(label, fileSize(file));
  let written = 0;
  for await (const row of readCsv(file, task)) {
    const id = idByFdc.get(Number(row.fdc_id));
    if (id === undefined) continue;
    const amount = numberOrNull(row.amount) ?? 1;
    const grams = numberOrNull(row.gram_weight);
    if (grams === null || grams <= 0) {
      countSkipped(ctx, 'portions without a positive gram weight');
      continue;
    }
    const unitRaw = units.get(row.measure_unit_id ?? '') ?? null;
    const unitName = unitRaw === 'undetermined' ? null : unitRaw;
    const description = [row.portion_description, row.modifier]
      .map((s) => (s ?? '').trim())
      .filter(Boolean)
      .join(', ');
    const seqSource = numberOrNull(row.seq_num);
    const seq = seqSource ?? (nextSeq.get(id) ?? 0) + 1;
    nextSeq.set(id, Math.max(seq, nextSeq.get(id) ?? 0));
    const kind = classifyMeasure(amount, unitName, description, nameOf.get(id)?.name);
    insert.run(id, seq, amount, unitName, description || unitName || 'portion', grams, kind.kind, kind.kind === 'other' ? null : kind.unit);
    written++;
  }
  countRows(ctx, 'ingredient_portion', written);
  task.done(`${written} household measures`);
  return written;
}

async function importSr28Values(ctx: ImportContext, file: string, ingredientIds: Set<number>): Promise<number> {
  const insert = ctx.db.prepare(
    'INSERT INTO ingredient_nutrient (ingredient_id, nutrient_id, amount, derivation) VALUES (?, ?, ?, ?)',
  );
  const task = ctx.progress.task('SR28 nutrient values', fileSize(file));
  let written = 0;
  for await (const row of readSr28(file, task)) {
    const ndb = Number(row[0]);
    const nutrientId = ctx.nutrientByNumber.get((row[1] ?? '').trim());
    const amount = numberOrNull(row[2]);
    if (!ingredientIds.has(ndb)) {
      countSkipped(ctx, 'SR28 values of foods not in SR Legacy 2018-04');
      continue;
    }
    if (nutrientId === undefined) throw new ImportError(`NUT_DATA: nutrient number ${row[1]} has no FDC definition`);
    if (amount === null) {
      countSkipped(ctx, 'SR28 values without a number');
      continue;
    }
    insert.run(ndb, nutrientId, amount, derivationFromSourceCode(row[5]));
    written++;
  }
  countRows(ctx, 'ingredient_nutrient', written);
  task.done(`${written} values`);
  return written;
}
