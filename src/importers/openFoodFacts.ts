import { closeSync, createReadStream, openSync, readdirSync, readSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip, gunzipSync } from 'node:zlib';
import type { BrandedWriter } from './brandedWriter.js';
import { isUsCanadaGtin } from '../domain/labelEnergy.js';
import { countSkipped, type ImportContext } from './context.js';
import { fileSize, numberOrNull } from './readers.js';
import { findDatasetDirs, type DatasetInfo } from './sources.js';

/**
 * Open Food Facts product ids. FDC ids are below 10^8 and a GTIN has at most 14 digits, so
 * `OFF_ID_BASE + the barcode's numeric value` never collides with an FDC id, is the same for a
 * product in every OFF release, and gives the barcode back (id - OFF_ID_BASE). The largest id,
 * 2 x 10^14, is well inside JavaScript's safe integers.
 */
export const OFF_ID_BASE = 100_000_000_000_000;

export function offProductId(code: string): number | null {
  const digits = code.trim();
  if (!/^\d{1,14}$/.test(digits)) return null;
  return OFF_ID_BASE + Number(digits);
}

const OFF_LICENCE = {
  publisher: 'Open Food Facts contributors',
  licence: 'Open Database License (ODbL) 1.0; contents: Database Contents License (DbCL) 1.0',
  licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
  url: 'https://world.openfoodfacts.org/data',
};

/** Releases this project knows by their folder; any other folder of OFF exports is imported under a generic entry. */
const KNOWN_RELEASES: Record<string, Pick<DatasetInfo, 'id' | 'name' | 'version' | 'attribution'> & { reduced?: boolean }> = {
  'off-products-2019': {
    id: 'off_products_2019',
    reduced: true,
    name: 'Open Food Facts products (2019 subset re-published by the Lifyzer Database)',
    version: '2019-06-14',
    attribution:
      'Data from Open Food Facts (https://world.openfoodfacts.org), made available under the Open Database License (ODbL) 1.0, via the Lifyzer Database (github.com/Lifyzer/Lifyzer-Database).',
  },
  'off-export-samples': {
    id: 'off_export_samples',
    name: 'Open Food Facts CSV exports (two full-column extracts, 2019-02 and 2021-05)',
    version: '2019-02-18 and 2021-05-22',
    attribution:
      'Data from Open Food Facts (https://world.openfoodfacts.org), made available under the Open Database License (ODbL) 1.0.',
  },
};

/** OFF `*_100g` columns and the FDC nutrient each one is, with the factor from OFF's grams. */
const NUTRIENT_COLUMNS: Array<[column: string, nutrientId: number, factor: number]> = [
  ['energy-kcal_100g', 1008, 1],
  ['energy-kj_100g', 1062, 1],
  ['fat_100g', 1004, 1],
  ['saturated-fat_100g', 1258, 1],
  ['trans-fat_100g', 1257, 1],
  ['monounsaturated-fat_100g', 1292, 1],
  ['polyunsaturated-fat_100g', 1293, 1],
  ['cholesterol_100g', 1253, 1000],
  ['carbohydrates_100g', 1005, 1],
  ['sugars_100g', 2000, 1],
  ['fiber_100g', 1079, 1],
  ['proteins_100g', 1003, 1],
  ['sodium_100g', 1093, 1000],
  ['calcium_100g', 1087, 1000],
  ['iron_100g', 1089, 1000],
  ['potassium_100g', 1092, 1000],
  ['vitamin-c_100g', 1162, 1000],
  ['vitamin-a_100g', 1106, 1_000_000],
  ['vitamin-d_100g', 1114, 1_000_000],
  ['polyols_100g', 1086, 1],
];

/** Grams of ethanol in 100 ml at 1 % vol (its density, 0.789 g/ml); OFF's alcohol_100g is % vol. */
const ETHANOL_G_PER_PERCENT_VOL = 0.789;
// salt_100g has no FDC nutrient (sodium is kept); alcohol_100g is % vol, read below.
// energy_100g is kJ in every export format; it counts only where energy-kj_100g gives nothing.

const OFF_FILE = /\.(tsv|csv)(\.gz)?$/;

function firstLine(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(65536);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const head = file.endsWith('.gz') ? gunzipSync(buf.subarray(0, n), { finishFlush: 2 }) : buf.subarray(0, n);
    return head.toString('utf8').split(/\r?\n/)[0] ?? '';
  } finally {
    closeSync(fd);
  }
}

/** OFF export files: tab-separated, the first column `code`. */
function offFiles(dir: string, files: string[]): string[] {
  return files
    .filter((f) => OFF_FILE.test(f))
    .sort()
    .map((f) => path.join(dir, f))
    .filter((f) => {
      try {
        return firstLine(f).startsWith('code\t');
      } catch {
        return false;
      }
    });
}

export interface OffRelease {
  dir: string;
  files: string[];
  info: DatasetInfo;
  /** A reduced copy (no brand, energy or serving columns): merged after the label sources. */
  reduced: boolean;
}

export function locateOpenFoodFacts(sourceDir: string): OffRelease[] {
  return findDatasetDirs(sourceDir, (files, dir) => offFiles(dir, files).length > 0).map((dir) => {
    const known = KNOWN_RELEASES[path.basename(dir)];
    const slug = path.basename(dir).toLowerCase().replace(/[^a-z0-9]+/g, '_');
    return {
      dir,
      reduced: known?.reduced ?? false,
      files: offFiles(dir, readdirSync(dir)),
      info: {
        ...OFF_LICENCE,
        id: known?.id ?? `off_${slug}`,
        name: known?.name ?? `Open Food Facts export (${path.basename(dir)})`,
        version: known?.version ?? 'unknown',
        attribution:
          known?.attribution ??
          'Data from Open Food Facts (https://world.openfoodfacts.org), made available under the Open Database License (ODbL) 1.0.',
        role: 'Branded products: name, brand, barcode, serving, ingredients and nutrients per 100 g (ODbL: attribute Open Food Facts)',
      },
    };
  });
}

/** `1 portion (30 g)` and `120 ml` both name their unit; serving_quantity is in that unit. */
function servingUnitOf(text: string | undefined): string {
  return /\d\s*(ml|millilit|cl|l)\b/i.test(text ?? '') ? 'ml' : 'g';
}

/**
 * Open Food Facts exports (tab-separated, one product per line, no quoting: OFF replaces tabs
 * and line breaks inside text), optionally gzipped. Read line by line as a stream; columns are
 * found by their export names, so the reduced and the full exports both work.
 */
export async function importOpenFoodFacts(ctx: ImportContext, writer: BrandedWriter, release: OffRelease): Promise<void> {
  const counts: Record<string, number> = { branded_products: 0, with_nutrients: 0, nutrient_values: 0 };
  let latest = 0;
  // OFF copies the label's carbohydrate: total carbohydrate (fibre included) on US/Canada labels.
  writer.setCarbohydrateRule(release.info.id, isUsCanadaGtin);
  for (const file of release.files) {
    const task = ctx.progress.task(`${release.info.id}: ${path.basename(file)}`, fileSize(file));
    const raw = createReadStream(file);
    raw.on('data', (chunk) => task.advance((chunk as Buffer).length));
    const text = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
    raw.on('error', (err) => text.destroy(err));
    const lines = createInterface({ input: text, crlfDelay: Infinity });
    let header: string[] | null = null;
    let col: Record<string, number> = {};
    let nutrientCols: Array<[number, number, number]> = [];
    let alcoholCol = -1;
    let energyCol = -1;
    let fileProducts = 0;
    for await (const line of lines) {
      if (header === null) {
        header = line.replace(/^\uFEFF/, '').split('\t');
        col = Object.fromEntries(header.map((h, i) => [h, i]));
        alcoholCol = col['alcohol_100g'] ?? -1;
        nutrientCols = NUTRIENT_COLUMNS.filter(([c]) => col[c] !== undefined).map(([c, id, f]) => [col[c]!, id, f]);
        energyCol = col['energy_100g'] ?? -1;
        continue;
      }
      if (line === '') continue;
      const cells = line.split('\t');
      if (cells.length !== header.length) {
        countSkipped(ctx, `${release.info.id}: lines whose column count differs from the header`);
        continue;
      }
      const get = (name: string): string | undefined => {
        const i = col[name];
        return i === undefined ? undefined : cells[i];
      };
      const code = get('code') ?? '';
      const id = offProductId(code);
      if (id === null) {
        countSkipped(ctx, `${release.info.id}: products whose code is not 1 to 14 digits`);
        continue;
      }
      let nutrients: Map<number, number> | null = null;
      for (const [i, nutrientId, factor] of nutrientCols) {
        const value = numberOrNull(cells[i]);
        if (value === null) continue;
        nutrients ??= new Map();
        nutrients.set(nutrientId, factor === 1 ? value : Number((value * factor).toPrecision(12)));
      }
      // energy_100g is the product's energy in kJ wherever energy-kj_100g is empty (the 2021 exports
      // leave that cell empty where energy_100g holds it: the Amaretti's 1,887 kJ) or absent (older exports).
      const energyKj = energyCol < 0 || nutrients?.has(1062) ? null : numberOrNull(cells[energyCol]);
      if (energyKj !== null) (nutrients ??= new Map()).set(1062, energyKj);
      // Alcohol as grams (per 100 ml, which is how OFF states drinks), derived from % vol.
      const alcohol = alcoholCol < 0 ? null : numberOrNull(cells[alcoholCol]);
      let derivations: Map<number, 'calculated'> | undefined;
      if (alcohol !== null && alcohol > 0 && alcohol <= 100) {
        nutrients ??= new Map();
        nutrients.set(1018, Number((alcohol * ETHANOL_G_PER_PERCENT_VOL).toPrecision(12)));
        derivations = new Map([[1018, 'calculated']]);
      }
      const servingText = get('serving_size');
      const added = writer.add({
        id,
        gtinUpc: code,
        name: get('product_name') || get('generic_name') || null,
        brand: get('brands') ?? null,
        brandOwner: get('brand_owner') ?? null,
        marketCountry: get('countries_en') || get('countries') || null,
        servingSize: numberOrNull(get('serving_quantity')),
        servingSizeUnit: servingUnitOf(servingText),
        householdServing: servingText ?? null,
        category: get('main_category_en') || get('main_category') || null,
        ingredients: get('ingredients_text') ?? null,
        datasetId: release.info.id,
        nutrients,
        derivations,
      });
      if (!added) continue;
      fileProducts++;
      if (nutrients) {
        counts.with_nutrients!++;
        counts.nutrient_values! += nutrients.size;
      }
      const modified = Number(get('last_modified_t'));
      if (Number.isFinite(modified) && modified > latest) latest = modified;
    }
    counts.branded_products! += fileProducts;
    task.done(`${fileProducts} products`);
  }
  counts.merged_into_earlier_source = writer.merged.get(release.info.id) ?? 0;
  const version =
    release.info.version === 'unknown' && latest > 0 ? `modified up to ${new Date(latest * 1000).toISOString().slice(0, 10)}` : release.info.version;
  ctx.datasets.push({ ...release.info, version, recordCounts: counts });
}
