import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { ImportContext } from '../context.js';
import { findFile, locateDatasetOptional, type DatasetInfo } from '../sources.js';
import { loadMapping, NationalWriter, readText } from './common.js';

export const CIQUAL: DatasetInfo = {
  id: 'fr_ciqual',
  name: 'Ciqual French food composition table',
  version: '2020',
  publisher: 'ANSES (French Agency for Food, Environmental and Occupational Health & Safety)',
  licence: 'Licence Ouverte / Etalab 2.0',
  licenceUrl: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
  url: 'https://ciqual.anses.fr/',
  attribution: 'Anses. 2020. Ciqual French food composition table. https://ciqual.anses.fr/',
  role: 'National values for FR',
};

const PATTERN = /^Table Ciqual.*\.csv$/i;

/**
 * The CIQUAL "compo" sheet as CSV: one food per row (alim_code, alim_nom_eng, alim_nom_sci,
 * group names) and one column per constituent, unit in the header. Cells: "-" missing,
 * "traces", "< 0,5" (limit with a decimal comma), numbers.
 */
export async function importCiqual(ctx: ImportContext): Promise<void> {
  const dir = locateDatasetOptional(ctx.sourceDir, (files) => files.some((f) => PATTERN.test(f)));
  const file = dir ? findFile(dir, PATTERN) : null;
  if (!file) {
    ctx.stats.warnings.push('CIQUAL 2020 CSV (sheet "compo") not found: FR is not available');
    return;
  }
  const w = new NationalWriter(ctx, CIQUAL, loadMapping(CIQUAL.id));
  const task = ctx.progress.task('CIQUAL 2020 (FR)', 1);
  const rows = parse(readText(file), { columns: true, skip_empty_lines: true, relax_column_count: true }) as Array<
    Record<string, string>
  >;
  const columns = w.columns;
  for (const row of rows) {
    const code = row.alim_code?.trim();
    const name = row.alim_nom_eng?.trim();
    if (!code || !name) continue;
    const group = [row.alim_grp_nom_eng, row.alim_ssgrp_nom_eng].map((g) => g?.trim()).filter((g) => g && g !== '-').join(' / ');
    const sci = row.alim_nom_sci?.trim();
    if (!w.food(code, name, name, group || null, sci && sci !== '-' ? sci : null)) continue;
    for (const c of columns) w.value(code, c, row[c]);
  }
  task.advance(1);
  task.done(`${w.counts.foods} foods, ${w.counts.values} values`);
  w.finish();
  void path;
}
