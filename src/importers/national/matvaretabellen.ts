import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { cleanedValues, parseZeroRules, type ZeroRule } from '../../domain/zeroRule.js';
import { parseNationalValue } from '../../domain/nationalValues.js';
import type { ImportContext } from '../context.js';
import { hasAll, ImportError, locateDatasetOptional, type DatasetInfo } from '../sources.js';
import { loadMapping, mappingsDir, NationalWriter, readDataCsv, readText } from './common.js';

export const MATVARETABELLEN: DatasetInfo = {
  id: 'no_matvaretabellen',
  name: 'Matvaretabellen (the Norwegian food composition table)',
  version: 'release year not stated in the export (pre-2024 MatvareID scheme, 2,020 foods; file published 2023-08)',
  publisher:
    'Norwegian Food Safety Authority (Mattilsynet), with the Norwegian Directorate of Health (Helsedirektoratet) and the University of Oslo',
  licence: 'Free use with citation of the source',
  licenceUrl: 'https://www.matvaretabellen.no/',
  url: 'https://www.matvaretabellen.no/',
  attribution:
    'Matvaretabellen, Norwegian Food Safety Authority (Mattilsynet), Norwegian Directorate of Health and University of Oslo. www.matvaretabellen.no',
  role: 'National values for NO (a 0 is served only where the reviewed zero rule finds it credible)',
};

const FILE = 'matvaretabellen.csv';

/**
 * The MatvareID prefix (the food group of this release) -> the id of the food group of the
 * current Matvaretabellen (no-matvaretabellen-meta, nb/food-groups.json) that holds the
 * same foods. Reviewed by reading the foods of each prefix: 09 is "sugar and sweets" (7
 * today), 13 "drinks" (9). 06 (every plant food: potatoes, vegetables, fruit, berries,
 * nuts, pulses) and 12 (salt, yeast, baking powder, snacks, supplements) match no single
 * current group and keep their prefix.
 */
const GROUP_OF_PREFIX: Readonly<Record<string, string>> = {
  '01': '1',
  '02': '2',
  '03': '3',
  '04': '4',
  '05': '5',
  '08': '8',
  '09': '7',
  '10': '10',
  '11': '11',
  '13': '9',
};

function groupNames(sourceDir: string): Map<string, string> {
  const dir = locateDatasetOptional(sourceDir, hasAll('langual.json', 'nb'));
  const file = dir ? path.join(dir, 'nb', 'food-groups.json') : null;
  const names = new Map<string, string>();
  if (!file || !existsSync(file)) return names;
  const json = JSON.parse(readFileSync(file, 'utf8')) as { foodGroups?: Array<{ foodGroupId?: string; name?: string }> };
  for (const g of json.foodGroups ?? []) if (g.foodGroupId && g.name) names.set(g.foodGroupId, g.name);
  return names;
}

export function loadZeroRules(datasetId: string): ZeroRule[] {
  try {
    return parseZeroRules(
      readDataCsv(path.join(mappingsDir(), 'zero-rules', `${datasetId}.csv`)).map((r) => ({
        column: r.column ?? '',
        groups: r.groups ?? '',
        condition: r.condition ?? '',
        except: r.except ?? '',
      })),
    );
  } catch (err) {
    throw new ImportError(`zero rules for ${datasetId}: ${(err as Error).message}`);
  }
}

/**
 * Matvaretabellen as exported to `matvaretabellen.csv`: ';'-separated, BOM, one header row
 * with the unit in each column name ("Vann (g)"), one food per row (MatvareID, Matvare,
 * edible part, reference, then the nutrients per 100 g edible part). Norwegian names only.
 * An empty cell is missing; a "0" is kept only where the zero rule finds it credible
 * (domain/zeroRule.ts), otherwise it is missing too.
 */
export async function importMatvaretabellen(ctx: ImportContext): Promise<void> {
  const dir = locateDatasetOptional(ctx.sourceDir, (files) => files.includes(FILE) && files.includes('SOURCE.txt'));
  if (!dir) {
    ctx.stats.warnings.push(`Matvaretabellen (${FILE}) not found: NO is not available`);
    return;
  }
  const w = new NationalWriter(ctx, MATVARETABELLEN, loadMapping(MATVARETABELLEN.id));
  const rules = loadZeroRules(MATVARETABELLEN.id);
  for (const r of rules) {
    for (const c of [r.column, r.condition?.column]) {
      if (c !== undefined && !w.columns.includes(c)) throw new ImportError(`zero rule for "${c}": not a mapped Matvaretabellen column`);
    }
  }
  const groups = groupNames(ctx.sourceDir);
  const task = ctx.progress.task('Matvaretabellen (NO)', 1);
  const rows = parse(readText(path.join(dir, FILE)), { delimiter: ';', skip_empty_lines: true, relax_column_count: true }) as string[][];
  const header = (rows[0] ?? []).map((h) => h.trim());
  const at = new Map(header.map((h, i) => [h, i]));
  const columns = w.columns.filter((c) => at.has(c));
  if (columns.length === 0 || !at.has('MatvareID') || !at.has('Matvare')) throw new ImportError(`${FILE}: unexpected header`);
  let kept = 0;
  let dropped = 0;
  for (const row of rows.slice(1)) {
    const code = row[at.get('MatvareID')!]?.trim();
    const name = row[at.get('Matvare')!]?.trim();
    if (!code || !name) continue;
    const prefix = code.slice(0, 2);
    const metaId = GROUP_OF_PREFIX[prefix];
    const group = (metaId && groups.get(metaId)) || prefix;
    if (!w.food(code, name, null, group, null)) continue;
    // Conditions read the cleaned values: a 0 read as missing vouches for nothing.
    const cleaned = cleanedValues(rules, code, prefix, (column) => {
      const v = parseNationalValue(row[at.get(column) ?? -1]);
      return v.kind === 'value' ? v.amount : null;
    });
    for (const c of columns) {
      const raw = row[at.get(c)!];
      const v = parseNationalValue(raw);
      if (v.kind === 'value' && v.amount === 0) {
        if (cleaned(c) === 0) kept += 1;
        else {
          dropped += 1;
          w.value(code, c, raw, true);
          continue;
        }
      }
      w.value(code, c, raw);
    }
  }
  task.advance(1);
  task.done(`${w.counts.foods} foods, ${w.counts.values} values; zeros kept ${kept}, read as missing ${dropped}`);
  w.finish({ zeros_kept: kept, zeros_read_as_missing: dropped });
}
