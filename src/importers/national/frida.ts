import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { ImportContext } from '../context.js';
import { hasAll, locateDatasetOptional, type DatasetInfo } from '../sources.js';
import { loadMapping, NationalWriter, readText } from './common.js';

export const FRIDA: DatasetInfo = {
  id: 'dk_frida',
  name: 'Frida food data (Danish food composition databank)',
  version: '2025-05',
  publisher: 'National Food Institute, Technical University of Denmark (DTU Food)',
  licence: 'Free use with citation of the source',
  licenceUrl: 'https://frida.fooddata.dk/',
  url: 'https://frida.fooddata.dk/',
  attribution: 'Frida Food Data (May 2025 release), National Food Institute, Technical University of Denmark. frida.fooddata.dk',
  role: 'National values for DK',
};

const FOODS = 'frida_may2025_foods.csv';
const VALUES = 'frida_may2025_values_long.csv';

/**
 * Frida, May 2025: one food per row of the foods list (FoodID, Danish and English names,
 * food group) and one value per row of the long table (FoodID, ParameterID, ResVal), per
 * 100 g edible part. The mapping is by ParameterID. Frida gives every value as a number
 * (no trace marks); a cell the release leaves empty is simply absent from the long table.
 * Scientific names come from frida-foods.json when it is beside them.
 */
export async function importFrida(ctx: ImportContext): Promise<void> {
  const dir = locateDatasetOptional(ctx.sourceDir, hasAll(FOODS, VALUES));
  if (!dir) {
    ctx.stats.warnings.push(`Frida 2025 (${FOODS}, ${VALUES}) not found: DK is not available`);
    return;
  }
  const w = new NationalWriter(ctx, FRIDA, loadMapping(FRIDA.id));
  const task = ctx.progress.task('Frida 2025 (DK)', 1);
  const taxon = new Map<string, string>();
  const foodsJson = path.join(dir, 'frida-foods.json');
  if (existsSync(foodsJson)) {
    for (const f of JSON.parse(readFileSync(foodsJson, 'utf8')) as Array<{ FoodID?: number; TaxonomicName?: string }>) {
      if (f.FoodID !== undefined && f.TaxonomicName) taxon.set(String(f.FoodID), f.TaxonomicName.trim());
    }
  }
  const foods = parse(readText(path.join(dir, FOODS)), { columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
  const known = new Set<string>();
  for (const f of foods) {
    const code = f.FoodID?.trim();
    const name = f['FødevareNavn']?.trim() || f.FoodName?.trim();
    if (!code || !name) continue;
    if (w.food(code, name, f.FoodName?.trim() || null, f.FoodGroup?.trim() || null, taxon.get(code) ?? null)) known.add(code);
  }
  const rows = parse(readText(path.join(dir, VALUES)), { skip_empty_lines: true, from_line: 2 }) as string[][];
  for (const row of rows) {
    const code = row[0]?.trim();
    if (code && known.has(code)) w.value(code, row[2]?.trim() ?? '', row[5]);
  }
  task.advance(1);
  task.done(`${w.counts.foods} foods, ${w.counts.values} values`);
  w.finish();
}
