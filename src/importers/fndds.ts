import { normalizeName } from '../domain/search.js';
import { countRows, countSkipped, type ImportContext } from './context.js';
import { fileSize, intOrNull, numberOrNull, readCsvRows } from './readers.js';
import { findFile, ImportError, locateDataset, type DatasetInfo } from './sources.js';
import { searchHead } from './srLegacy.js';

export const FNDDS: DatasetInfo = {
  id: 'usda_fndds',
  name: 'USDA Food and Nutrient Database for Dietary Studies (FNDDS)',
  version: '2019-2020',
  publisher: 'U.S. Department of Agriculture, Agricultural Research Service, Food Surveys Research Group',
  licence: 'Public domain (CC0 1.0)',
  licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
  url: 'https://www.ars.usda.gov/northeast-area/beltsville-md-bhnrc/beltsville-human-nutrition-research-center/food-surveys-research-group/docs/fndds-download-databases/',
  attribution:
    'U.S. Department of Agriculture, Agricultural Research Service. 2022. USDA Food and Nutrient Database for Dietary Studies 2019-2020. Food Surveys Research Group.',
  role: 'Survey foods (mixed dishes) with WWEIA categories and their ingredients in grams',
};

const INGREDIENTS_FILE = /FNDDS.*Ingredients.*FNDDS_Ingredients\.csv$/i;

export function locateFndds(sourceDir: string): string {
  return locateDataset(
    sourceDir,
    'FNDDS 2019-2020 "At A Glance" ingredients',
    (files) => files.some((f) => INGREDIENTS_FILE.test(f)),
    'Download "2019-2020 FNDDS At A Glance - FNDDS Ingredients" from the USDA FSRG site and save its FNDDS Ingredients sheet as CSV beside the workbook.',
  );
}

const COLUMNS = {
  foodCode: 'Food code',
  foodName: 'Main food description',
  wweiaCode: 'WWEIA Category number',
  wweiaName: 'WWEIA Category description',
  seq: 'Seq num',
  ingredientCode: 'Ingredient code',
  ingredientName: 'Ingredient description',
  grams: 'Ingredient weight (g)',
  retention: 'Retention code',
  moisture: 'Moisture change (%)',
} as const;

/**
 * FNDDS survey foods, their WWEIA categories and their ingredients. Ingredient codes that
 * are SR Legacy NDB numbers resolve to canonical ingredients; codes that are themselves
 * FNDDS food codes are sub-recipes and are linked as such.
 */
export async function importFndds(ctx: ImportContext, dir: string): Promise<void> {
  const file = findFile(dir, INGREDIENTS_FILE);
  if (!file) throw new ImportError(`no FNDDS Ingredients CSV in ${dir}`);
  const task = ctx.progress.task('FNDDS survey foods', fileSize(file));

  let header: string[] | null = null;
  const index: Partial<Record<keyof typeof COLUMNS, number>> = {};
  const foods = new Map<number, { name: string; wweia: number }>();
  const wweia = new Map<number, string>();
  const components: Array<[number, number, number, string, number, number | null, number | null]> = [];

  for await (const row of readCsvRows(file, task)) {
    if (!header) {
      if (row[0]?.trim() === COLUMNS.foodCode) {
        header = row.map((c) => c.replace(/\s+/g, ' ').trim());
        for (const [key, name] of Object.entries(COLUMNS) as Array<[keyof typeof COLUMNS, string]>) {
          const at = header.indexOf(name);
          if (at < 0) throw new ImportError(`${file}: column "${name}" not found`);
          index[key] = at;
        }
      }
      continue; // the title row(s) above the header
    }
    const cell = (key: keyof typeof COLUMNS): string => row[index[key]!] ?? '';
    const code = intOrNull(cell('foodCode'));
    const wweiaCode = intOrNull(cell('wweiaCode'));
    const ingredientCode = intOrNull(cell('ingredientCode'));
    const seq = intOrNull(cell('seq'));
    const grams = numberOrNull(cell('grams'));
    if (code === null || wweiaCode === null || ingredientCode === null || seq === null || grams === null || grams < 0) {
      countSkipped(ctx, 'FNDDS ingredient rows with a missing or malformed field');
      continue;
    }
    foods.set(code, { name: cell('foodName').trim(), wweia: wweiaCode });
    wweia.set(wweiaCode, cell('wweiaName').trim());
    components.push([
      code,
      seq,
      ingredientCode,
      cell('ingredientName').trim(),
      grams,
      intOrNull(cell('retention')),
      numberOrNull(cell('moisture')),
    ]);
  }
  if (!header) throw new ImportError(`${file}: header row not found`);

  const insertWweia = ctx.db.prepare('INSERT INTO wweia_category (code, name) VALUES (?, ?)');
  for (const [code, name] of wweia) insertWweia.run(code, name);
  countRows(ctx, 'wweia_category', wweia.size);

  const insertFood = ctx.db.prepare(
    'INSERT INTO survey_food (id, name, search_name, search_head, wweia_code) VALUES (?, ?, ?, ?, ?)',
  );
  for (const [code, food] of foods) insertFood.run(code, food.name, normalizeName(food.name), searchHead(food.name), food.wweia);
  countRows(ctx, 'survey_food', foods.size);

  const srIngredients = new Set(
    (ctx.db.prepare(`SELECT id FROM ingredient WHERE data_type = 'sr_legacy'`).pluck().all() as number[]),
  );
  const insertComponent = ctx.db.prepare(
    `INSERT INTO survey_food_component
       (survey_food_id, seq, ingredient_code, ingredient_id, component_survey_food_id, description, grams, retention_code, moisture_change_pct)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let resolved = 0;
  let subRecipes = 0;
  for (const [food, seq, ingredientCode, description, grams, retention, moisture] of components) {
    const ingredientId = srIngredients.has(ingredientCode) ? ingredientCode : null;
    const subRecipe = ingredientId === null && foods.has(ingredientCode) ? ingredientCode : null;
    if (ingredientId !== null) resolved++;
    if (subRecipe !== null) subRecipes++;
    insertComponent.run(food, seq, ingredientCode, ingredientId, subRecipe, description, grams, retention, moisture);
  }
  countRows(ctx, 'survey_food_component', components.length);
  const unresolved = components.length - resolved - subRecipes;
  if (unresolved > 0) {
    ctx.stats.warnings.push(`${unresolved} FNDDS ingredient rows name neither an SR Legacy food nor an FNDDS food (kept with ingredient_id null)`);
  }
  task.done(`${foods.size} survey foods, ${components.length} ingredient rows (${resolved} canonical, ${subRecipes} sub-recipes)`);
  ctx.datasets.push({
    ...FNDDS,
    recordCounts: { survey_foods: foods.size, wweia_categories: wweia.size, ingredient_rows: components.length },
  });
}
