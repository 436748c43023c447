import path from 'node:path';
import { countRows, normalizeUnit, type ImportContext } from './context.js';
import { readCsv, readSr28 } from './readers.js';
import { ImportError } from './sources.js';

/**
 * Nutrient definitions from FDC `nutrient.csv`. Several releases carry the file; they are
 * read oldest first so the newest release's corrected names win (the 2024 Foundation file
 * fixes SR Legacy's "PUFA 2:4 n-6" label, for example).
 */
export async function importNutrientDefinitions(ctx: ImportContext, files: string[]): Promise<void> {
  const byId = new Map<number, { usdaId: string | null; name: string; unit: string; rank: number | null }>();
  for (const file of files) {
    for await (const row of readCsv(file)) {
      const id = Number(row.id);
      const unit = normalizeUnit(row.unit_name ?? '');
      if (!Number.isInteger(id)) throw new ImportError(`${file}: bad nutrient id ${row.id}`);
      if (!unit) throw new ImportError(`${file}: nutrient ${id} has an unknown unit "${row.unit_name}"`);
      const usdaId = (row.nutrient_nbr ?? '').trim() || null;
      const rank = Number(row.rank);
      byId.set(id, { usdaId, name: (row.name ?? '').trim(), unit, rank: Number.isFinite(rank) ? rank : null });
    }
  }
  const insert = ctx.db.prepare('INSERT INTO nutrient (id, usda_id, name, unit, rank) VALUES (?, ?, ?, ?, ?)');
  for (const [id, n] of byId) {
    insert.run(id, n.usdaId, n.name, n.unit, n.rank);
    countRows(ctx, 'nutrient');
    ctx.nutrientUnits.set(id, n.unit);
    // Several FDC ids can share a legacy number only when one is blank; keep the first.
    if (n.usdaId && !ctx.nutrientByNumber.has(n.usdaId)) ctx.nutrientByNumber.set(n.usdaId, id);
  }
  ctx.progress.info(`nutrient definitions: ${byId.size} from ${files.map((f) => path.basename(path.dirname(f))).join(', ')}`);
}

const SR28_UNITS: Record<string, string> = { g: 'g', mg: 'mg', 'µg': 'µg', kcal: 'kcal', kj: 'kJ', iu: 'IU' };

/**
 * Unit sanity: the SR28 definitions (NUTR_DEF) must give the same unit as FDC for each
 * legacy number, or SR28 amounts would be served under the wrong unit.
 */
export async function checkSr28Units(ctx: ImportContext, nutrDefFile: string): Promise<void> {
  const mismatches: string[] = [];
  for await (const row of readSr28(nutrDefFile)) {
    const [number, rawUnit, , name] = row;
    if (!number) continue;
    const id = ctx.nutrientByNumber.get(number.trim());
    if (id === undefined) {
      mismatches.push(`${number} (${name}) has no FDC definition`);
      continue;
    }
    const unit = SR28_UNITS[(rawUnit ?? '').trim().toLowerCase()];
    if (unit !== ctx.nutrientUnits.get(id)) {
      mismatches.push(`${number} (${name}): SR28 unit ${rawUnit}, FDC unit ${ctx.nutrientUnits.get(id)}`);
    }
  }
  if (mismatches.length > 0) throw new ImportError(`nutrient unit mismatch between SR28 and FDC: ${mismatches.join('; ')}`);
}
