import path from 'node:path';
import { existsSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { ImportContext } from '../context.js';
import { hasAll, locateDatasetOptional, type DatasetInfo } from '../sources.js';
import { loadMapping, NationalWriter, readText } from './common.js';

export const COFID: DatasetInfo = {
  id: 'uk_cofid',
  name: "McCance and Widdowson's Composition of Foods Integrated Dataset (CoFID)",
  version: '2021',
  publisher: 'Public Health England / Office for Health Improvement and Disparities',
  licence: 'Open Government Licence v3.0',
  licenceUrl: 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/',
  url: 'https://www.gov.uk/government/publications/composition-of-foods-integrated-dataset-cofid',
  attribution:
    "Contains public sector information licensed under the Open Government Licence v3.0: McCance and Widdowson's The Composition of Foods Integrated Dataset 2021, Public Health England.",
  role: 'National values for GB (sheets Proximates, Inorganics, Vitamins; vitamin fractions and fatty acids from the all-sheets export)',
};

const SHEETS = ['Proximates.csv', 'Inorganics.csv', 'Vitamins.csv'];
const FAO_FILE = 'UK21_FCT_FAO_Tags.csv';

/**
 * CoFID sheets: three header lines (names, tag codes, long names), then one food per row:
 * Food Code, Food Name, Description, Group, ... and the nutrient columns named by tag code.
 * "Tr" is a trace, "N" is present-but-unmeasured (missing), empty is missing. The all-sheets
 * FAO-tag export (when present) adds vitamin fractions and fatty acids; its converter wrote
 * traces as 0, so there a 0 is read as missing rather than served as a measured zero.
 */
export async function importCofid(ctx: ImportContext): Promise<void> {
  const dir = locateDatasetOptional(ctx.sourceDir, hasAll(...SHEETS));
  if (!dir) {
    ctx.stats.warnings.push('CoFID 2021 (Proximates.csv, Inorganics.csv, Vitamins.csv) not found: GB is not available');
    return;
  }
  const w = new NationalWriter(ctx, COFID, loadMapping(COFID.id));
  const task = ctx.progress.task('CoFID 2021 (GB)', SHEETS.length + 1);
  const known = new Set<string>();
  for (const sheet of SHEETS) {
    const rows = parse(readText(path.join(dir, sheet)), { relax_column_count: true, skip_empty_lines: true }) as string[][];
    const codes = rows[1] ?? [];
    for (const row of rows.slice(3)) {
      const code = row[0]?.trim();
      if (!code) continue;
      if (!known.has(code)) {
        known.add(code);
        w.food(code, row[1]?.trim() ?? code, row[1]?.trim() ?? null, row[3]?.trim() || null, null);
      }
      for (let i = 7; i < row.length; i++) {
        const tag = codes[i]?.trim();
        if (tag) w.value(code, tag, row[i]);
      }
    }
    task.advance(1);
  }
  const faoDir = locateDatasetOptional(ctx.sourceDir, hasAll(FAO_FILE));
  if (faoDir && existsSync(path.join(faoDir, FAO_FILE))) {
    // 288 columns, of which a dozen are mapped: index them once rather than build an object per row.
    const rows = parse(readText(path.join(faoDir, FAO_FILE)), { skip_empty_lines: true, relax_column_count: true }) as string[][];
    const header = rows[0] ?? [];
    const codeAt = header.indexOf('fdc_id');
    const wanted = w.columns
      .filter((c) => c.startsWith('FAO:'))
      .map((c) => ({ column: c, at: header.indexOf(c.slice(4)) }))
      .filter((c) => c.at >= 0);
    for (const row of rows.slice(1)) {
      const code = row[codeAt]?.trim();
      if (!code || !known.has(code)) continue;
      for (const c of wanted) w.value(code, c.column, row[c.at], true);
    }
  } else {
    ctx.stats.warnings.push('CoFID all-sheets FAO-tag export not found: GB vitamin fractions and fatty acids are not loaded');
  }
  task.advance(1);
  task.done(`${w.counts.foods} foods, ${w.counts.values} values`);
  w.finish();
}
