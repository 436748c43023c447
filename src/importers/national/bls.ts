import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { ImportContext } from '../context.js';
import { hasAll, locateDatasetOptional, type DatasetInfo } from '../sources.js';
import { loadMapping, NationalWriter } from './common.js';

export const BLS: DatasetInfo = {
  id: 'de_bls',
  name: 'Bundeslebensmittelschlüssel (BLS), energy and macronutrients',
  version: '4.0 (2025), derived subset',
  publisher: 'Max Rubner-Institut',
  licence: 'CC BY 4.0',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
  url: 'https://blsdb.de/',
  attribution:
    'Max Rubner-Institut (2025). Bundeslebensmittelschlüssel (BLS) 4.0, CC BY 4.0. Energy and macronutrients only, from a derived subset; other nutrients fall back to USDA.',
  role: 'National values for DE (energy, protein, fat, available carbohydrate, fibre)',
};

interface BlsItem {
  food_code?: string;
  nome?: string;
  nome_en?: string;
  [key: string]: unknown;
}

/** The derived BLS 4.0 JSON: code, German and English names, energy and five macronutrients. */
export async function importBls(ctx: ImportContext): Promise<void> {
  const dir = locateDatasetOptional(ctx.sourceDir, hasAll('bls_2025.json'));
  if (!dir) {
    ctx.stats.warnings.push('BLS 4.0 (bls_2025.json) not found: DE is not available');
    return;
  }
  const w = new NationalWriter(ctx, BLS, loadMapping(BLS.id));
  const task = ctx.progress.task('BLS 4.0 (DE)', 1);
  const items = JSON.parse(readFileSync(path.join(dir, 'bls_2025.json'), 'utf8')) as BlsItem[];
  const columns = w.columns;
  for (const item of items) {
    const code = item.food_code?.trim();
    if (!code || !item.nome) continue;
    // The code's first letter is the BLS main group (B bread, C cereals, ...).
    if (!w.food(code, item.nome.trim(), item.nome_en?.trim() || null, code.slice(0, 1), null)) continue;
    for (const c of columns) {
      const v = item[c];
      w.value(code, c, typeof v === 'number' || typeof v === 'string' ? v : null);
    }
  }
  task.advance(1);
  task.done(`${w.counts.foods} foods, ${w.counts.values} values`);
  w.finish();
}
