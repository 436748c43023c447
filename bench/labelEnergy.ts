/**
 * How close energy calculated from a label's macros (Regulation (EU) No 1169/2011 Annex XIV,
 * src/domain/labelEnergy.ts) comes to the energy the same label prints, on the real products
 * that print both: FoodRepo and the two Open Food Facts exports. The importer's rules apply:
 * rows whose printed energy fails the plausibility check (above 900 kcal, kJ/kcal far from
 * 4.184) are left out, US/Canada barcodes in OFF carry total carbohydrate.
 *
 *   npm run build && node dist/bench/labelEnergy.js [../shared/data]
 */
import { createReadStream, readdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { parse } from 'csv-parse';
import { toGtin14 } from '../src/domain/gtin.js';
import { errorPercentiles, isUsCanadaGtin, labelEnergy, type LabelMacros } from '../src/domain/labelEnergy.js';
import { checkLabelEnergy, KJ_PER_KCAL } from '../src/importers/foodRepo.js';

export interface EnergyComparison {
  source: string;
  /** Printed energy in kcal (converted from kJ where the label gives only kJ). */
  labelKcal: number;
  relativeError: number;
}

const num = (cell: string | undefined): number | null => {
  if (cell === undefined || cell.trim() === '') return null;
  const v = Number(cell);
  return Number.isFinite(v) ? v : null;
};

function compare(source: string, macros: LabelMacros, kcal: number | null, kJ: number | null): EnergyComparison | null {
  if (kcal === null && kJ === null) return null;
  if (checkLabelEnergy(kcal, kJ) !== 'ok') return null;
  const calc = labelEnergy(macros);
  if (calc === null) return null;
  if (kcal !== null) return kcal > 0 ? { source, labelKcal: kcal, relativeError: Math.abs(calc.kcal - kcal) / kcal } : null;
  return kJ! > 0 ? { source, labelKcal: kJ! / KJ_PER_KCAL, relativeError: Math.abs(calc.kJ - kJ!) / kJ! } : null;
}

async function foodRepoRows(file: string, out: EnergyComparison[]): Promise<void> {
  const parser = createReadStream(file).pipe(createGunzip()).pipe(parse({ columns: true, bom: true, relax_column_count: true }));
  for await (const r of parser as AsyncIterable<Record<string, string>>) {
    const c = compare(
      'foodrepo_ch_2018',
      { fat: num(r.Fat), carbohydrate: num(r.Carbohydrates), protein: num(r.Protein), fibre: num(r.Fiber), polyols: num(r.Polyols) },
      num(r['Energy (kCal)']),
      num(r.Energy ?? r['Energy (kJ)']),
    );
    if (c) out.push(c);
  }
}

async function offRows(file: string, source: string, out: EnergyComparison[]): Promise<void> {
  let header: Map<string, number> | null = null;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    const cells = line.split('\t');
    if (header === null) {
      header = new Map(cells.map((h, i) => [h, i]));
      continue;
    }
    const get = (name: string) => (header!.has(name) ? cells[header!.get(name)!] : undefined);
    const alcohol = num(get('alcohol_100g'));
    const c = compare(
      source,
      {
        fat: num(get('fat_100g')),
        carbohydrate: num(get('carbohydrates_100g')),
        protein: num(get('proteins_100g')),
        fibre: num(get('fiber_100g')),
        polyols: num(get('polyols_100g')),
        alcohol: alcohol !== null && alcohol > 0 && alcohol <= 100 ? alcohol * 0.789 : null,
        carbohydrateIncludesFibre: isUsCanadaGtin(toGtin14(get('code') ?? '')),
      },
      num(get('energy-kcal_100g')),
      num(get('energy-kj_100g')) ?? num(get('energy_100g')),
    );
    if (c) out.push(c);
  }
}

/** Every comparison the sources under `sourceDir` allow. */
export async function compareLabelEnergy(sourceDir: string): Promise<EnergyComparison[]> {
  const out: EnergyComparison[] = [];
  await foodRepoRows(path.join(sourceDir, 'foodrepo-ch-2018', 'foodrepo_food_table_2018-01-08.csv.gz'), out);
  const offDir = path.join(sourceDir, 'off-export-samples');
  for (const f of readdirSync(offDir).filter((f) => f.endsWith('.tsv')).sort()) {
    await offRows(path.join(offDir, f), `off_export_samples/${f.replace(/\.tsv$/, '')}`, out);
  }
  return out;
}

/** Label energy below this (kcal per 100 g) is where the rounding of declared macros dominates the relative error. */
export const LOW_ENERGY_KCAL = 50;

export function summarise(rows: EnergyComparison[]) {
  const groups = new Map<string, EnergyComparison[]>();
  for (const r of rows) {
    for (const key of [r.source, 'all sources']) groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const order = (source: string) => (source === 'all sources' ? 1 : 0);
  return [...groups].sort((a, b) => order(a[0]) - order(b[0]) || a[0].localeCompare(b[0])).map(([source, list]) => ({
    source,
    all: errorPercentiles(list.map((r) => r.relativeError)),
    atLeast50: errorPercentiles(list.filter((r) => r.labelKcal >= LOW_ENERGY_KCAL).map((r) => r.relativeError)),
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'data');
  const rows = await compareLabelEnergy(dir);
  const pct = (v: number) => `${(v * 100).toFixed(2)} %`;
  console.log('| Source | Products | Median | P95 | Products >= 50 kcal | Median | P95 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const s of summarise(rows)) {
    console.log(`| ${s.source} | ${s.all.n} | ${pct(s.all.median)} | ${pct(s.all.p95)} | ${s.atLeast50.n} | ${pct(s.atLeast50.median)} | ${pct(s.atLeast50.p95)} |`);
  }
}
