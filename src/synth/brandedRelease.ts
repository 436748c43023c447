import { createReadStream, createWriteStream, existsSync, mkdirSync, writeFileSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { gtinCheckDigit } from '../domain/gtin.js';
import { SYNTHETIC_MARKER, type SyntheticManifest } from '../importers/fdcBranded.js';
import { locateOpenFoodFacts } from '../importers/openFoodFacts.js';
import { numberOrNull, readCsv } from '../importers/readers.js';
import { findDatasetDirs, hasAll, ImportError } from '../importers/sources.js';

/**
 * `larder synth-branded`: an FDC-format Branded Foods release of N products for load tests,
 * built from vocabularies drawn from the real datasets in the source directory and
 * deterministic for a seed. Names and nutrient profiles come in pairs from real products
 * (sampled, then varied); brands, categories and servings follow their real frequencies.
 * GTINs are EAN-13 in the GS1 restricted-circulation range (prefix 2, never on a real traded
 * product) with valid check digits; fdc ids start at SYNTHETIC_ID_BASE, above every real FDC id.
 */
export const SYNTHETIC_ID_BASE = 90_000_000;
const TEMPLATE_SAMPLE = 50_000;
/** Lines read per Open Food Facts file for the name sample: enough variety, bounded time. */
const OFF_LINES_READ = 300_000;

/** mulberry32: small, fast, and the same sequence for a seed on every platform (the bench draws its URLs with it too). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Template {
  name: string;
  ingredients: string;
  nutrients: Array<[number, number]>;
}

interface Serving {
  size: string;
  unit: string;
  household: string;
}

/** Values with their real frequencies; pick() draws one in proportion. */
class Weighted<T> {
  private readonly items: T[] = [];
  add(item: T): void {
    this.items.push(item);
  }
  get size(): number {
    return this.items.length;
  }
  pick(random: () => number): T {
    return this.items[Math.floor(random() * this.items.length)]!;
  }
}

const OFF_NUTRIENTS: Array<[string, number, number]> = [
  ['energy-kcal_100g', 1008, 1],
  ['fat_100g', 1004, 1],
  ['saturated-fat_100g', 1258, 1],
  ['carbohydrates_100g', 1005, 1],
  ['sugars_100g', 2000, 1],
  ['fiber_100g', 1079, 1],
  ['proteins_100g', 1003, 1],
  ['sodium_100g', 1093, 1000],
];

export interface SynthOptions {
  sourceDir: string;
  outDir: string;
  count: number;
  seed: number;
  onProgress?: (written: number) => void;
}

async function readVocabulary(sourceDir: string, seed: number) {
  const fdcDirs = findDatasetDirs(sourceDir, (files) => hasAll('branded_food.csv')(files) && !files.includes(SYNTHETIC_MARKER));
  if (fdcDirs.length === 0) throw new ImportError(`no FDC Branded Foods release (branded_food.csv) under ${sourceDir} to draw vocabularies from`);
  const owners = new Weighted<{ owner: string; brand: string }>();
  const categories = new Weighted<string>();
  const servings = new Map<string, Weighted<Serving>>();
  const templates: Template[] = [];
  const created: string[] = [];
  for (const dir of fdcDirs) {
    created.push(path.basename(dir));
    for await (const row of readCsv(path.join(dir, 'branded_food.csv'))) {
      if (row.brand_owner) owners.add({ owner: row.brand_owner.trim(), brand: (row.brand_name ?? '').trim() });
      const category = (row.branded_food_category ?? '').trim();
      if (category === '') continue;
      categories.add(category);
      if (row.serving_size && row.serving_size_unit) {
        let list = servings.get(category);
        if (!list) servings.set(category, (list = new Weighted()));
        list.add({ size: row.serving_size, unit: row.serving_size_unit, household: row.household_serving_fulltext ?? '' });
      }
    }
    // Names with their label nutrients: food.csv (or the sample's food_other.csv) joined to food_nutrient.csv.
    const names = new Map<number, string>();
    for (const file of ['food.csv', 'food_other.csv']) {
      if (!existsSync(path.join(dir, file))) continue;
      for await (const row of readCsv(path.join(dir, file))) {
        if (row.data_type === 'branded_food' && row.description) names.set(Number(row.fdc_id), row.description.trim());
        if (names.size >= TEMPLATE_SAMPLE) break;
      }
      break;
    }
    if (existsSync(path.join(dir, 'food_nutrient.csv'))) {
      const profiles = new Map<number, Array<[number, number]>>();
      for await (const row of readCsv(path.join(dir, 'food_nutrient.csv'))) {
        const id = Number(row.fdc_id);
        if (!names.has(id)) continue;
        const amount = numberOrNull(row.amount);
        if (amount === null) continue;
        let list = profiles.get(id);
        if (!list) profiles.set(id, (list = []));
        list.push([Number(row.nutrient_id), amount]);
      }
      for (const [id, nutrients] of profiles) templates.push({ name: names.get(id)!, ingredients: '', nutrients });
    }
  }
  // Open Food Facts: a seeded reservoir sample of named products with nutrients (bounded memory).
  const random = rng(seed ^ 0x5eed);
  const off: Template[] = [];
  let seen = 0;
  for (const release of locateOpenFoodFacts(sourceDir)) {
    created.push(path.basename(release.dir));
    for (const file of release.files) {
      const raw = createReadStream(file);
      const lines = createInterface({ input: file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw, crlfDelay: Infinity });
      let col: Record<string, number> | null = null;
      let read = 0;
      for await (const line of lines) {
        if (++read > OFF_LINES_READ) break;
        const cells = line.split('\t');
        if (col === null) {
          col = Object.fromEntries(cells.map((h, i) => [h, i]));
          continue;
        }
        const name = (cells[col.product_name!] ?? '').trim();
        if (name.length < 3 || !/^[\x20-\x7e]+$/.test(name)) continue; // ASCII names read like the US release
        const nutrients: Array<[number, number]> = [];
        for (const [c, id, f] of OFF_NUTRIENTS) {
          const v = col[c] === undefined ? null : numberOrNull(cells[col[c]!]);
          if (v !== null && v >= 0 && v * f <= (f === 1 ? 100 : 100_000)) nutrients.push([id, Number((v * f).toPrecision(10))]);
        }
        if (nutrients.length < 5) continue;
        const template = { name, ingredients: (cells[col.ingredients_text!] ?? '').trim(), nutrients };
        seen++;
        if (off.length < TEMPLATE_SAMPLE) off.push(template);
        else {
          const j = Math.floor(random() * seen);
          if (j < TEMPLATE_SAMPLE) off[j] = template;
        }
      }
    }
  }
  templates.push(...off);
  if (templates.length === 0 || owners.size === 0 || categories.size === 0) {
    throw new ImportError(`not enough real products under ${sourceDir} to draw names, brands and categories from`);
  }
  const words = new Weighted<string>();
  for (const t of templates.slice(0, 20_000)) for (const w of t.name.split(/\s+/)) if (/^[A-Za-z]{3,}$/.test(w)) words.add(w);
  return { owners, categories, servings, templates, words, created: [...new Set(created)] };
}

const csvCell = (value: string | number): string => {
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

async function writeLine(out: WriteStream, cells: Array<string | number>): Promise<void> {
  if (!out.write(`${cells.map(csvCell).join(',')}\n`)) await once(out, 'drain');
}

/** Writes the release; returns its manifest. Streams every file, so memory does not grow with N. */
export async function writeSyntheticRelease(options: SynthOptions): Promise<SyntheticManifest> {
  const { sourceDir, outDir, count, seed } = options;
  const vocab = await readVocabulary(sourceDir, seed);
  mkdirSync(outDir, { recursive: true });
  const random = rng(seed);
  const branded = createWriteStream(path.join(outDir, 'branded_food.csv'));
  const food = createWriteStream(path.join(outDir, 'food.csv'));
  const values = createWriteStream(path.join(outDir, 'food_nutrient.csv'));
  await writeLine(branded, ['fdc_id', 'brand_owner', 'brand_name', 'subbrand_name', 'gtin_upc', 'ingredients', 'not_a_significant_source_of',
    'serving_size', 'serving_size_unit', 'household_serving_fulltext', 'branded_food_category', 'data_source', 'package_weight',
    'modified_date', 'available_date', 'market_country', 'discontinued_date', 'preparation_state_code', 'trade_channel', 'short_description']);
  await writeLine(food, ['fdc_id', 'data_type', 'description', 'food_category_id', 'publication_date']);
  await writeLine(values, ['id', 'fdc_id', 'nutrient_id', 'amount', 'data_points', 'derivation_id', 'min', 'max', 'median', 'loq', 'footnote', 'min_year_acquired']);
  const flavours = ['ORIGINAL', 'CLASSIC', 'ORGANIC', 'LIGHT', 'SPICY', 'FAMILY SIZE', 'REDUCED FAT', 'WHOLE GRAIN', 'LOW SODIUM', 'HONEY', 'VANILLA', 'SEA SALT'];
  let valueId = 1;
  for (let i = 0; i < count; i++) {
    const fdcId = SYNTHETIC_ID_BASE + i;
    const template = vocab.templates[Math.floor(random() * vocab.templates.length)]!;
    let name = template.name.toUpperCase();
    const r = random();
    if (r < 0.35) name = `${name}, ${flavours[Math.floor(random() * flavours.length)]}`;
    else if (r < 0.6) name = `${vocab.words.pick(random).toUpperCase()} ${name}`;
    const owner = vocab.owners.pick(random);
    const category = vocab.categories.pick(random);
    const serving = vocab.servings.get(category)?.pick(random);
    // 11 digits unique per product (7919 is coprime with 10^11), prefix 2, check digit.
    const body = `2${String((i * 7919 + seed * 104729) % 100_000_000_000).padStart(11, '0')}`;
    const ean13 = `${body}${gtinCheckDigit(body)}`;
    const gtin = random() < 0.1 ? `0${ean13}` : ean13;
    const ingredients = template.ingredients;
    await writeLine(branded, [fdcId, owner.owner, owner.brand, '', gtin, ingredients.toUpperCase(), '', serving?.size ?? '', serving?.unit ?? '',
      serving?.household ?? '', category, 'GDSN', '', '2024-01-01', '2024-01-01', 'United States', '', '', '', '']);
    await writeLine(food, [fdcId, 'branded_food', name, '', '2024-01-01']);
    for (const [nutrientId, amount] of template.nutrients) {
      let varied = Number((amount * (0.9 + random() * 0.2)).toFixed(2));
      // Varying never pushes a value past the whole (100 g per 100 g, 900 kcal): keep the real one there.
      if ((amount <= 100 && varied > 100) || (nutrientId === 1008 && varied > 900)) varied = amount;
      await writeLine(values, [valueId++, fdcId, nutrientId, varied, '', 70, '', '', '', '', '', '']);
    }
    if (i % 50_000 === 0) options.onProgress?.(i);
  }
  await Promise.all([branded, food, values].map(async (s) => { s.end(); await once(s, 'finish'); }));
  // nutrient.csv as released: the definitions of the nutrients written, copied from the real FDC release.
  const used = new Set(vocab.templates.flatMap((t) => t.nutrients.map(([id]) => id)));
  const definitions = createWriteStream(path.join(outDir, 'nutrient.csv'));
  await writeLine(definitions, ['id', 'name', 'unit_name', 'nutrient_nbr', 'rank']);
  const nutrientDir = findDatasetDirs(sourceDir, hasAll('nutrient.csv', 'food.csv'))[0];
  if (nutrientDir) {
    for await (const row of readCsv(path.join(nutrientDir, 'nutrient.csv'))) {
      if (used.has(Number(row.id))) await writeLine(definitions, [row.id!, row.name!, row.unit_name!, row.nutrient_nbr ?? '', row.rank ?? '']);
    }
  }
  definitions.end();
  await once(definitions, 'finish');
  const manifest: SyntheticManifest = {
    generator: 'larder synth-branded',
    seed,
    count,
    created_from: vocab.created.join(', '),
  };
  writeFileSync(path.join(outDir, SYNTHETIC_MARKER), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(
    path.join(outDir, 'README.txt'),
    `Synthetic FDC-format Branded Foods release: ${count} products, seed ${seed}. NOT real products.\n` +
      `Generated by larder synth-branded from vocabularies of ${manifest.created_from}.\n` +
      `Load it only for load tests: larder import --synthetic-branded ${outDir}\n`,
  );
  return manifest;
}
