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
const NUTRIENT_VALUES_FILE = /FNDDS.*Nutrient Values.*FNDDS_Nutrient_Values\.csv$/i;

/**
 * The "Nutrient Values" columns as SR nutrient numbers (FNDDS documents its 65 nutrients by
 * them), with the unit each column states; the import checks both against the FDC definitions.
 */
const NUTRIENT_COLUMNS: Record<string, string> = {
  'Energy (kcal)': '208', 'Protein (g)': '203', 'Carbohydrate (g)': '205', 'Sugars, total (g)': '269',
  'Fiber, total dietary (g)': '291', 'Total Fat (g)': '204', 'Fatty acids, total saturated (g)': '606',
  'Fatty acids, total monounsaturated (g)': '645', 'Fatty acids, total polyunsaturated (g)': '646', 'Cholesterol (mg)': '601',
  'Retinol (mcg)': '319', 'Vitamin A, RAE (mcg_RAE)': '320', 'Carotene, alpha (mcg)': '322', 'Carotene, beta (mcg)': '321',
  'Cryptoxanthin, beta (mcg)': '334', 'Lycopene (mcg)': '337', 'Lutein + zeaxanthin (mcg)': '338', 'Thiamin (mg)': '404',
  'Riboflavin (mg)': '405', 'Niacin (mg)': '406', 'Vitamin B-6 (mg)': '415', 'Folic acid (mcg)': '431', 'Folate, food (mcg)': '432',
  'Folate, DFE (mcg_DFE)': '435', 'Folate, total (mcg)': '417', 'Choline, total (mg)': '421', 'Vitamin B-12 (mcg)': '418',
  'Vitamin B-12, added (mcg)': '578', 'Vitamin C (mg)': '401', 'Vitamin D (D2 + D3) (mcg)': '328',
  'Vitamin E (alpha-tocopherol) (mg)': '323', 'Vitamin E, added (mg)': '573', 'Vitamin K (phylloquinone) (mcg)': '430',
  'Calcium (mg)': '301', 'Phosphorus (mg)': '305', 'Magnesium (mg)': '304', 'Iron (mg)': '303', 'Zinc (mg)': '309',
  'Copper (mg)': '312', 'Selenium (mcg)': '317', 'Potassium (mg)': '306', 'Sodium (mg)': '307', 'Caffeine (mg)': '262',
  'Theobromine (mg)': '263', 'Alcohol (g)': '221', '4:0 (g)': '607', '6:0 (g)': '608', '8:0 (g)': '609', '10:0 (g)': '610',
  '12:0 (g)': '611', '14:0 (g)': '612', '16:0 (g)': '613', '18:0 (g)': '614', '16:1 (g)': '626', '18:1 (g)': '617',
  '20:1 (g)': '628', '22:1 (g)': '630', '18:2 (g)': '618', '18:3 (g)': '619', '18:4 (g)': '627', '20:4 (g)': '620',
  '20:5 n-3 (g)': '629', '22:5 n-3 (g)': '631', '22:6 n-3 (g)': '621', 'Water (g)': '255',
};
const COLUMN_UNITS: Record<string, string> = { kcal: 'kcal', g: 'g', mg: 'mg', mcg: 'µg', mcg_RAE: 'µg', mcg_DFE: 'µg' };

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
  const valued = await importNutrientValues(ctx, dir, foods);
  task.done(`${foods.size} survey foods, ${components.length} ingredient rows (${resolved} canonical, ${subRecipes} sub-recipes), nutrients for ${valued}`);
  ctx.datasets.push({
    ...FNDDS,
    recordCounts: { survey_foods: foods.size, wweia_categories: wweia.size, ingredient_rows: components.length, nutrient_value_foods: valued },
  });
}

/**
 * FNDDS's own nutrient values per 100 g ("Nutrient Values" sheet as CSV beside the
 * ingredients). Each column is checked against the FDC nutrient it names (number and unit),
 * so a renamed or re-unitted column stops the import instead of filing values wrongly.
 * Returns how many survey foods got values.
 */
async function importNutrientValues(ctx: ImportContext, dir: string, foods: Map<number, unknown>): Promise<number> {
  const file = findFile(dir, NUTRIENT_VALUES_FILE);
  if (!file) {
    ctx.stats.warnings.push('FNDDS "Nutrient Values" CSV not found: survey foods are served without nutrients');
    return 0;
  }
  const insert = ctx.db.prepare('INSERT INTO survey_food_nutrient (survey_food_id, nutrient_id, amount) VALUES (?, ?, ?)');
  let columns: Array<{ at: number; nutrientId: number }> | null = null;
  let codeAt = -1;
  const valued = new Set<number>();
  let rows = 0;
  for await (const row of readCsvRows(file)) {
    if (!columns) {
      if (row[0]?.trim() !== COLUMNS.foodCode) continue; // the title row above the header
      const header = row.map((c) => c.replace(/\s+/g, ' ').trim());
      codeAt = 0;
      columns = [];
      for (const [name, number] of Object.entries(NUTRIENT_COLUMNS)) {
        const at = header.indexOf(name);
        if (at < 0) throw new ImportError(`${file}: column "${name}" not found`);
        const nutrientId = ctx.nutrientByNumber.get(number);
        if (nutrientId === undefined) throw new ImportError(`${file}: column "${name}" names nutrient ${number}, which FDC does not define`);
        const stated = COLUMN_UNITS[/\(([^()]+)\)$/.exec(name)?.[1] ?? ''];
        if (stated !== ctx.nutrientUnits.get(nutrientId)) {
          throw new ImportError(`${file}: column "${name}" is in ${stated ?? '?'} but FDC nutrient ${number} is in ${ctx.nutrientUnits.get(nutrientId)}`);
        }
        columns.push({ at, nutrientId });
      }
      continue;
    }
    const code = intOrNull(row[codeAt] ?? '');
    if (code === null || !foods.has(code)) {
      countSkipped(ctx, 'FNDDS nutrient rows for a food code without ingredients');
      continue;
    }
    for (const { at, nutrientId } of columns) {
      const amount = numberOrNull(row[at] ?? '');
      if (amount === null || amount < 0) continue;
      insert.run(code, nutrientId, amount);
      rows++;
    }
    valued.add(code);
  }
  if (!columns) throw new ImportError(`${file}: header row not found`);
  countRows(ctx, 'survey_food_nutrient', rows);
  return valued.size;
}

/**
 * How many FNDDS recipe component rows name each canonical ingredient (survey_food_component,
 * written above): how common a food is in what people eat. Search ranking and national linking
 * both read it.
 */
export function recipeUses(ctx: Pick<ImportContext, 'db'>): Map<number, number> {
  const rows = ctx.db
    .prepare('SELECT ingredient_id AS id, COUNT(*) AS n FROM survey_food_component WHERE ingredient_id IS NOT NULL GROUP BY ingredient_id')
    .all() as Array<{ id: number; n: number }>;
  return new Map(rows.map((r) => [r.id, r.n]));
}
