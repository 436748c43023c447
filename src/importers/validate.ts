import { KNOWN_UNITS, type ImportContext } from './context.js';
import { ImportError } from './sources.js';

/** Per 100 g, no amount in grams can exceed the whole (small tolerance for rounding). */
const MAX_PER_100G: Record<string, number> = { g: 100.5, kcal: 905, kJ: 3790 };

/**
 * Checks the new catalogue before it may replace the old one: every table that must have
 * rows has them, no row points at nothing, and every amount is sane for its unit.
 */
export function validateCatalog(ctx: ImportContext, expected: Record<string, number>): void {
  const { db } = ctx;
  const problems: string[] = [];

  for (const [table, minimum] of Object.entries(expected)) {
    const { n } = db.prepare(`SELECT COUNT(*) n FROM ${table}`).get() as { n: number };
    if (n < minimum) problems.push(`${table} has ${n} rows, expected at least ${minimum}`);
  }

  const orphans = db.prepare('PRAGMA foreign_key_check').all() as Array<{ table: string; parent: string }>;
  if (orphans.length > 0) {
    const byTable = new Map<string, number>();
    for (const o of orphans) byTable.set(`${o.table} -> ${o.parent}`, (byTable.get(`${o.table} -> ${o.parent}`) ?? 0) + 1);
    problems.push(`orphan rows: ${[...byTable].map(([k, v]) => `${v} in ${k}`).join(', ')}`);
  }

  const units = db.prepare('SELECT DISTINCT unit FROM nutrient').pluck().all() as string[];
  const unknown = units.filter((u) => !KNOWN_UNITS.has(u));
  if (unknown.length > 0) problems.push(`unknown nutrient units: ${unknown.join(', ')}`);

  const negative = db.prepare('SELECT COUNT(*) FROM ingredient_nutrient WHERE amount < 0').pluck().get() as number;
  if (negative > 0) problems.push(`${negative} negative nutrient amounts`);
  for (const [unit, max] of Object.entries(MAX_PER_100G)) {
    const rows = db
      .prepare(
        `SELECT v.ingredient_id id, n.name, v.amount FROM ingredient_nutrient v JOIN nutrient n ON n.id = v.nutrient_id
         WHERE n.unit = ? AND v.amount > ? LIMIT 5`,
      )
      .all(unit, max) as Array<{ id: number; name: string; amount: number }>;
    if (rows.length > 0) {
      problems.push(`amounts above ${max} ${unit} per 100 g: ${rows.map((r) => `${r.id} ${r.name} ${r.amount}`).join('; ')}`);
    }
  }

  const badDensity = db
    .prepare('SELECT COUNT(*) FROM ingredient WHERE density_g_per_ml IS NULL OR density_g_per_ml <= 0')
    .pluck()
    .get() as number;
  if (badDensity > 0) problems.push(`${badDensity} ingredients without a density`);

  const withoutCarbon = db
    .prepare('SELECT COUNT(*) FROM ingredient i LEFT JOIN ingredient_carbon k ON k.ingredient_id = i.id WHERE k.ingredient_id IS NULL')
    .pluck()
    .get() as number;
  if (withoutCarbon > 0) problems.push(`${withoutCarbon} ingredients without a carbon value`);
  const withoutYield = db
    .prepare('SELECT COUNT(*) FROM ingredient i WHERE (SELECT COUNT(*) FROM ingredient_yield y WHERE y.ingredient_id = i.id) <> 5')
    .pluck()
    .get() as number;
  if (withoutYield > 0) problems.push(`${withoutYield} ingredients without a yield for every cooking method`);

  const badComponents = db
    .prepare('SELECT COUNT(*) FROM survey_food_component WHERE grams < 0')
    .pluck()
    .get() as number;
  if (badComponents > 0) problems.push(`${badComponents} survey food components with negative grams`);

  if (problems.length > 0) throw new ImportError(`validation failed: ${problems.join(' | ')}`);
}
