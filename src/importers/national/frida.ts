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
const WIDE = 'frida-data.json';

type Row = Record<string, string | number | undefined>;

/**
 * Frida, May 2025, per 100 g edible part; the mapping is by ParameterID. Read from the
 * workbook's data sheet as exported (`frida-data.json`: row 0 English parameter names,
 * row 1 units, row 2 the ParameterID of each column, then one row per food with
 * FoodID, Danish and English names and food group), or else from the long table
 * (`frida_may2025_values_long.csv`: FoodID, ParameterID, ResVal) with the foods list.
 * Frida gives every value as a number (no trace marks); an empty cell is simply absent.
 * Scientific names and LanguaL facets (domain/langual.ts) come from frida-foods.json when it is
 * beside them.
 */
export async function importFrida(ctx: ImportContext): Promise<void> {
  const dir =
    locateDatasetOptional(ctx.sourceDir, hasAll(WIDE)) ?? locateDatasetOptional(ctx.sourceDir, hasAll(FOODS, VALUES));
  if (!dir) {
    ctx.stats.warnings.push(`Frida 2025 (${WIDE}, or ${FOODS} with ${VALUES}) not found: DK is not available`);
    return;
  }
  const w = new NationalWriter(ctx, FRIDA, loadMapping(FRIDA.id));
  const task = ctx.progress.task('Frida 2025 (DK)', 1);
  const taxon = new Map<string, string>();
  const facets = new Map<string, string[]>();
  const foodsJson = path.join(dir, 'frida-foods.json');
  if (existsSync(foodsJson)) {
    for (const f of JSON.parse(readFileSync(foodsJson, 'utf8')) as Array<{ FoodID?: number; TaxonomicName?: string; LangualCode?: string }>) {
      if (f.FoodID === undefined) continue;
      if (f.TaxonomicName) taxon.set(String(f.FoodID), f.TaxonomicName.trim());
      // "A0143,B1393,F0003,...": the same thesaurus codes as SR28's LANGUAL.txt, compared in
      // linking (heat treatment, cooking method, fortification). Not the species (B): Frida
      // indexes beef as "cow" (B1201) where SR28 says "cattle" (B1161), and without the
      // thesaurus hierarchy a narrower term cannot be told from another species.
      const codes = (f.LangualCode ?? '').split(',').map((c) => c.trim()).filter((c) => /^[A-Z]\d{4}$/.test(c) && !c.startsWith('B'));
      if (codes.length > 0) facets.set(String(f.FoodID), codes);
    }
  }
  const food = (code: string, nameDa: string | undefined, nameEn: string | undefined, group: string | undefined): boolean => {
    const name = nameDa?.trim() || nameEn?.trim();
    return !!name && w.food(code, name, nameEn?.trim() || null, group?.trim() || null, taxon.get(code) ?? null);
  };

  if (existsSync(path.join(dir, WIDE))) {
    const rows = JSON.parse(readFileSync(path.join(dir, WIDE), 'utf8')) as Row[];
    const ids = rows[2] ?? {};
    // Danish column name -> ParameterID, for the mapped parameters only.
    const columns = Object.entries(ids)
      .filter(([key, id]) => typeof id === 'number' && !key.startsWith('__') && !key.startsWith('→'))
      .map(([key, id]) => ({ key, parameter: String(id) }))
      .filter((c) => w.columns.includes(c.parameter));
    for (const r of rows.slice(3)) {
      const code = r['→ParameterNavn'];
      if (code === undefined) continue;
      const id = String(code);
      if (!food(id, r.__EMPTY as string | undefined, r.__EMPTY_1 as string | undefined, r.__EMPTY_4 as string | undefined)) continue;
      for (const c of columns) w.value(id, c.parameter, r[c.key] as number | string | undefined);
    }
  } else {
    const foods = parse(readText(path.join(dir, FOODS)), { columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
    const known = new Set<string>();
    for (const f of foods) {
      const code = f.FoodID?.trim();
      if (code && food(code, f['FødevareNavn'], f.FoodName, f.FoodGroup)) known.add(code);
    }
    const rows = parse(readText(path.join(dir, VALUES)), { skip_empty_lines: true, from_line: 2 }) as string[][];
    for (const row of rows) {
      const code = row[0]?.trim();
      if (code && known.has(code)) w.value(code, row[2]?.trim() ?? '', row[5]);
    }
  }
  (ctx.nationalFacets ??= new Map()).set(FRIDA.id, facets);
  task.advance(1);
  task.done(`${w.counts.foods} foods, ${w.counts.values} values`);
  w.finish({ foods_with_langual_facets: facets.size });
}
