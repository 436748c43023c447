import type Database from 'better-sqlite3';
import { BRANDED_INDEX_DDL } from '../catalog/schema.js';
import { normalizeBrand } from '../domain/brandedSearch.js';
import { hasValidCheckDigit, toGtin14 } from '../domain/gtin.js';
import { countRows, countSkipped, type ImportContext } from './context.js';

/** One branded product as a source gives it; nutrients per 100 g keyed by FDC nutrient id. */
export interface BrandedInput {
  id: number;
  gtinUpc: string | null;
  name: string | null;
  brand: string | null;
  brandOwner: string | null;
  marketCountry: string | null;
  servingSize: number | null;
  servingSizeUnit: string | null;
  householdServing: string | null;
  category: string | null;
  ingredients: string | null;
  datasetId: string;
  nutrients: Map<number, number> | null;
}

/** Largest plausible amount per 100 g by unit: anything above is a data error and is dropped, never clipped. */
const MAX_PER_100G: Record<string, number> = { g: 100.5, mg: 100_500, 'µg': 100_500_000, kcal: 905, kJ: 3790, IU: 1e9 };

const clean = (text: string | null | undefined): string | null => {
  if (text === null || text === undefined) return null;
  const t = text.trim();
  return t === '' ? null : t;
};

/**
 * Completeness, the first key of the branded search order: a product with a brand and
 * nutrient values (at least five of them, a label's worth) ranks before a bare record
 * with the same name words, and a barcode whose GS1 check digit holds before one that was
 * mistyped; then the shortest name (decisions.md, "Search that finds...").
 */
export const BRANDED_COMPLETENESS_ORDER =
  '((p.brand IS NULL AND p.brand_owner IS NULL) + (t.nutrients IS NULL OR json_array_length(t.nutrients) < 5) + (NOT gtin_check_digit_ok(p.gtin14)))';

/** The SQL functions BRANDED_COMPLETENESS_ORDER calls (registered on the importing connection only). */
export function registerRankFunctions(db: Database.Database): void {
  db.function('gtin_check_digit_ok', { deterministic: true }, (gtin: unknown) =>
    typeof gtin === 'string' && hasValidCheckDigit(gtin) ? 1 : 0,
  );
}


/**
 * Writes branded products for every branded importer: one prepared insert per row inside
 * the import's transaction, nutrients checked against their unit, and the search structures
 * (rank order, name index, brand labels, GTIN index) built once after all rows are in.
 */
export class BrandedWriter {
  private readonly insert: Database.Statement;
  private readonly insertText: Database.Statement;
  private readonly getNutrients: Database.Statement;
  private readonly setNutrientsStmt: Database.Statement;
  private readonly setFirstNutrients: Database.Statement;
  private readonly insertLabel: Database.Statement;
  private readonly linkLabel: Database.Statement;
  /** Normalised brand text -> label id. Grows with the number of distinct brands, not of products. */
  private readonly labels = new Map<string, number>();

  constructor(private readonly ctx: ImportContext) {
    this.insert = ctx.db.prepare(
      `INSERT OR IGNORE INTO branded_product (id, gtin14, gtin_upc, name, brand, brand_owner, market_country, serving_size,
         serving_size_unit, household_serving, branded_food_category, data_quality, dataset_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertText = ctx.db.prepare('INSERT INTO branded_product_text (product_id, ingredients_list, nutrients) VALUES (?, ?, ?)');
    this.getNutrients = ctx.db.prepare('SELECT nutrients FROM branded_product_text WHERE product_id = ?').pluck();
    this.setNutrientsStmt = ctx.db.prepare('UPDATE branded_product_text SET nutrients = ? WHERE product_id = ?');
    this.insertLabel = ctx.db.prepare('INSERT INTO brand_label (id, name) VALUES (?, ?)');
    // Links are appended to a staging table in product order and written sorted at the end:
    // inserting them straight into the (label, product) key would touch a random page per row.
    ctx.db.pragma('temp_store = MEMORY'); // the staging table and the search-order sort stay off the disk
    ctx.db.exec('CREATE TEMP TABLE branded_label_stage (label_id INTEGER NOT NULL, product_id INTEGER NOT NULL)');
    this.linkLabel = ctx.db.prepare('INSERT INTO temp.branded_label_stage (label_id, product_id) VALUES (?, ?)');
    this.setFirstNutrients = ctx.db.prepare('UPDATE branded_product_text SET nutrients = ? WHERE product_id = ? AND nutrients IS NULL');
  }

  /** Nutrient values as stored: known nutrients only, plausible for their unit, ordered by nutrient id. */
  encodeNutrients(values: Map<number, number> | null, datasetId: string): string | null {
    const skips = { unknown: 0, implausible: 0 };
    const json = this.encode(values, skips);
    this.countSkips(datasetId, skips);
    return json;
  }

  private encode(values: Map<number, number> | null, skips: { unknown: number; implausible: number }): string | null {
    if (!values || values.size === 0) return null;
    const out: Array<[number, number]> = [];
    for (const [nutrientId, amount] of values) {
      const unit = this.ctx.nutrientUnits.get(nutrientId);
      if (unit === undefined) {
        skips.unknown++;
        continue;
      }
      if (!Number.isFinite(amount) || amount < 0 || amount > (MAX_PER_100G[unit] ?? Infinity)) {
        skips.implausible++;
        continue;
      }
      out.push([nutrientId, amount]);
    }
    if (out.length === 0) return null;
    out.sort((a, b) => a[0] - b[0]);
    return JSON.stringify(out);
  }

  private countSkips(datasetId: string, skips: { unknown: number; implausible: number }): void {
    if (skips.unknown > 0) countSkipped(this.ctx, `${datasetId}: values of nutrients not in the catalogue`, skips.unknown);
    if (skips.implausible > 0) {
      countSkipped(this.ctx, `${datasetId}: implausible values per 100 g (negative or above the whole)`, skips.implausible);
    }
  }

  /** Adds a product; false when a product with its id is already in (the first source wins). */
  add(p: BrandedInput): boolean {
    const gtinUpc = clean(p.gtinUpc);
    const servingSize = p.servingSize !== null && Number.isFinite(p.servingSize) && p.servingSize > 0 ? p.servingSize : null;
    const info = this.insert.run(
      p.id,
      gtinUpc === null ? null : toGtin14(gtinUpc),
      gtinUpc,
      clean(p.name),
      clean(p.brand),
      clean(p.brandOwner),
      clean(p.marketCountry),
      servingSize,
      servingSize === null ? null : clean(p.servingSizeUnit),
      clean(p.householdServing),
      clean(p.category),
      servingSize === null ? 'low' : 'medium',
      p.datasetId,
    );
    if (info.changes === 0) {
      countSkipped(this.ctx, `${p.datasetId}: products whose id is already in the catalogue (first source wins)`);
      return false;
    }
    this.insertText.run(p.id, clean(p.ingredients), this.encodeNutrients(p.nutrients, p.datasetId));
    countRows(this.ctx, 'branded_product');
    for (const text of [p.brand, p.brandOwner]) {
      const key = clean(text) === null ? '' : normalizeBrand(text!);
      if (key === '') continue;
      let label = this.labels.get(key);
      if (label === undefined) {
        label = this.labels.size + 1;
        this.labels.set(key, label);
        this.insertLabel.run(label, key);
      }
      this.linkLabel.run(label, p.id);
    }
    return true;
  }

  /**
   * Adds nutrient values to a product already written (FDC ships them in their own file).
   * Values for one product may arrive in several runs of rows; they are merged.
   */
  addNutrients(productId: number, values: Map<number, number>, datasetId: string): boolean {
    // The usual case, one run of rows per product, is one statement; a second run merges.
    // Skipped values are counted only for products of the release (the caller counts the rest).
    const skips = { unknown: 0, implausible: 0 };
    const encoded = this.encode(values, skips);
    if (encoded === null || this.setFirstNutrients.run(encoded, productId).changes === 0) {
      const existing = this.getNutrients.get(productId) as string | null | undefined;
      if (existing === undefined) return false;
      if (encoded !== null) {
        const merged = new Map<number, number>(existing ? (JSON.parse(existing) as Array<[number, number]>) : []);
        for (const [k, v] of values) merged.set(k, v);
        this.setNutrientsStmt.run(this.encode(merged, { unknown: 0, implausible: 0 }), productId);
      }
    }
    this.countSkips(datasetId, skips);
    return true;
  }

  /** Builds rank order, the name index, brand labels and the GTIN index over every product written. */
  finish(): void {
    const { db, progress } = this.ctx;
    const task = progress.task('Branded search indexes', 5);
    db.exec(`
      INSERT OR IGNORE INTO branded_label_product (label_id, product_id)
        SELECT label_id, product_id FROM temp.branded_label_stage ORDER BY label_id, product_id;
      DROP TABLE temp.branded_label_stage;
      ${BRANDED_INDEX_DDL}
      UPDATE brand_label SET product_count = (SELECT COUNT(*) FROM branded_label_product WHERE label_id = brand_label.id);
      INSERT INTO brand_label_fts (brand_label_fts) VALUES ('rebuild');
    `);
    task.advance(2);
    registerRankFunctions(db);
    db.exec(`
      INSERT INTO branded_rank (product_id)
        SELECT p.id FROM branded_product p LEFT JOIN branded_product_text t ON t.product_id = p.id
        WHERE p.name IS NOT NULL ORDER BY ${BRANDED_COMPLETENESS_ORDER}, length(p.name), p.name, p.id;
    `);
    task.advance(1);
    db.exec(`
      INSERT INTO branded_fts (rowid, name)
        SELECT r.rank, p.name FROM branded_rank r JOIN branded_product p ON p.id = r.product_id ORDER BY r.rank;
      INSERT INTO branded_fts (branded_fts) VALUES ('optimize');
    `);
    task.advance(1);
    const products = db.prepare('SELECT COUNT(*) FROM branded_product').pluck().get() as number;
    const labels = db.prepare('SELECT COUNT(*) FROM brand_label').pluck().get() as number;
    countRows(this.ctx, 'brand_label', labels);
    task.done(`${products} products, ${labels} brand names`);
  }
}
