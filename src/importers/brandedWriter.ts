import type Database from 'better-sqlite3';
import { decodePanel, encodePanel, type BrandedDerivation, type Panel } from '../catalog/brandedNutrients.js';
import { BRANDED_INDEX_DDL, BRANDED_RANK_INDEX_DDL } from '../catalog/schema.js';
import { BRANDED_VOCABULARY_MIN_LENGTH, BRANDED_VOCABULARY_MIN_USES, leadingNameWords, nameKey, normalizeBrand } from '../domain/brandedSearch.js';
import { completenessMask, completenessRankSql, COMPLETENESS_BIT, ENERGY_CALCULATED_BIT } from '../domain/completeness.js';
import { toGtin14 } from '../domain/gtin.js';
import { labelEnergy } from '../domain/labelEnergy.js';
import { normalizeName } from '../domain/search.js';
import { countRows, countSkipped, type ImportContext } from './context.js';

/** One branded product as a source gives it; nutrients per 100 g (or 100 ml) keyed by FDC nutrient id. */
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
  /** Values the source derives rather than prints (e.g. sodium from salt); the rest are label values. */
  derivations?: Map<number, BrandedDerivation>;
  /** 'ml' when the source states the values per 100 ml. */
  basisUnit?: 'g' | 'ml';
  /** The source has no brand field and its names begin with the brand (the brand filter reads the name's first words). */
  brandInName?: boolean;
  /** The ingredients are rebuilt from a parsed list (lower-cased), not the label's text: a later source's text replaces them. */
  ingredientsRebuilt?: boolean;
}

/** Largest plausible amount per 100 g by unit: anything above is a data error and is dropped, never clipped. */
const MAX_PER_100G: Record<string, number> = { g: 100.5, mg: 100_500, 'µg': 100_500_000, kcal: 905, kJ: 3790, IU: 1e9 };

const ENERGY_KCAL = 1008;
const ENERGY_KJ = 1062;
const FAT = 1004;
const CARBOHYDRATE = 1005;
const PROTEIN = 1003;
const FIBRE = 1079;
const ALCOHOL = 1018;
const POLYOLS = 1086;

const clean = (text: string | null | undefined): string | null => {
  if (text === null || text === undefined) return null;
  const t = text.trim();
  return t === '' ? null : t;
};

/** Energy the import worked out (from the macros, or one unit from the other), which a printed value replaces. */
const WORKED_OUT_ENERGY = new Set(['calculated_eu_1169', 'converted_from_kj', 'converted_from_kcal']);

function withoutCalculatedEnergy(panel: Panel): Panel {
  for (const id of [ENERGY_KCAL, ENERGY_KJ]) if (WORKED_OUT_ENERGY.has(panel.get(id)?.derivation ?? '')) panel.delete(id);
  return panel;
}

/** kJ per kcal (Regulation (EU) No 1169/2011 Annex XIV and FDC alike: 1 kcal = 4.184 kJ). */
const KJ_PER_KCAL = 4.184;

/** Whether a dataset's carbohydrate figure is total carbohydrate (fibre included) for a product's barcode. */
export type CarbohydrateRule = (gtin14: string | null) => boolean;

interface ProductRow {
  id: number;
  gtin14: string | null;
  gtin_upc: string | null;
  name: string | null;
  brand: string | null;
  brand_owner: string | null;
  market_country: string | null;
  serving_size: number | null;
  serving_size_unit: string | null;
  household_serving: string | null;
  branded_food_category: string | null;
  dataset_id: string;
  basis_unit: string;
  ingredients_list: string | null;
  nutrients: string | null;
}

/**
 * Writes branded products for every branded importer: one prepared insert per row inside
 * the import's transaction, nutrients checked against their unit, and the search structures
 * (rank order, name index, brand labels, GTIN index) built once after all rows are in.
 *
 * Sources are written in precedence order. A product whose id is already in (the same barcode
 * from another source: barcode ids are shared, see offProductId) is merged field by field: a
 * field the product lacks is taken from the new source; a nutrient the product lacks is added
 * with the new source as its `source`; values already there are kept. Energy calculated from
 * the macros (Regulation (EU) No 1169/2011, Annex XIV) is recomputed after every merge, and
 * only where no source gives energy.
 */
export class BrandedWriter {
  private readonly insert: Database.Statement;
  private readonly insertText: Database.Statement;
  private readonly getProduct: Database.Statement;
  private readonly updateProduct: Database.Statement;
  private readonly setText: Database.Statement;
  private readonly insertLabel: Database.Statement;
  private readonly linkLabel: Database.Statement;
  /** Normalised brand text -> label id. Grows with the number of distinct brands, not of products. */
  private readonly labels = new Map<string, number>();
  private readonly carbohydrateRules = new Map<string, CarbohydrateRule>();
  /** Per dataset: products merged into a product of an earlier source, and calculations refused. */
  readonly merged = new Map<string, number>();
  /** Products whose ingredients are a rebuilt list (see BrandedInput.ingredientsRebuilt). */
  private readonly rebuiltIngredients = new Set<number>();

  constructor(private readonly ctx: ImportContext) {
    this.insert = ctx.db.prepare(
      `INSERT OR IGNORE INTO branded_product (id, gtin14, gtin_upc, name, brand, brand_owner, market_country, serving_size,
         serving_size_unit, household_serving, branded_food_category, data_quality, dataset_id, completeness, basis_unit)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertText = ctx.db.prepare('INSERT INTO branded_product_text (product_id, ingredients_list, nutrients) VALUES (?, ?, ?)');
    this.getProduct = ctx.db.prepare(
      `SELECT p.id, p.gtin14, p.gtin_upc, p.name, p.brand, p.brand_owner, p.market_country, p.serving_size, p.serving_size_unit,
         p.household_serving, p.branded_food_category, p.dataset_id, p.basis_unit, t.ingredients_list, t.nutrients
       FROM branded_product p LEFT JOIN branded_product_text t ON t.product_id = p.id WHERE p.id = ?`,
    );
    this.updateProduct = ctx.db.prepare(
      `UPDATE branded_product SET gtin14 = ?, gtin_upc = ?, name = ?, brand = ?, brand_owner = ?, market_country = ?, serving_size = ?,
         serving_size_unit = ?, household_serving = ?, branded_food_category = ?, data_quality = ?, completeness = ?, basis_unit = ?
       WHERE id = ?`,
    );
    this.setText = ctx.db.prepare('UPDATE branded_product_text SET ingredients_list = ?, nutrients = ? WHERE product_id = ?');
    this.insertLabel = ctx.db.prepare('INSERT INTO brand_label (id, name) VALUES (?, ?)');
    // Links are appended to a staging table in product order and written sorted at the end:
    // inserting them straight into the (label, product) key would touch a random page per row.
    ctx.db.pragma('temp_store = MEMORY'); // the staging table and the search-order sort stay off the disk
    ctx.db.exec('CREATE TEMP TABLE branded_label_stage (label_id INTEGER NOT NULL, product_id INTEGER NOT NULL)');
    this.linkLabel = ctx.db.prepare('INSERT INTO temp.branded_label_stage (label_id, product_id) VALUES (?, ?)');
  }

  /** Declares how a dataset's carbohydrate column reads (default: available carbohydrate, as on EU labels). */
  setCarbohydrateRule(datasetId: string, rule: CarbohydrateRule): void {
    this.carbohydrateRules.set(datasetId, rule);
  }

  /** Nutrient values as stored: known nutrients only, plausible for their unit (the others counted as skipped). */
  private panelOf(
    values: Map<number, number> | null,
    datasetId: string,
    derivations: Map<number, BrandedDerivation> | undefined,
    skips: { unknown: number; implausible: number },
  ): Panel {
    const panel: Panel = new Map();
    if (!values) return panel;
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
      panel.set(nutrientId, { amount, derivation: derivations?.get(nutrientId) ?? 'label', source: datasetId });
    }
    return panel;
  }

  private countSkips(datasetId: string, skips: { unknown: number; implausible: number }): void {
    if (skips.unknown > 0) countSkipped(this.ctx, `${datasetId}: values of nutrients not in the catalogue`, skips.unknown);
    if (skips.implausible > 0) {
      countSkipped(this.ctx, `${datasetId}: implausible values per 100 g (negative or above the whole)`, skips.implausible);
    }
  }

  /**
   * Replaces calculated energy by energy from the panel's macros where no source gives energy
   * (either unit). Returns whether the panel's energy is calculated.
   */
  private withEnergy(panel: Panel, gtin14: string | null): boolean {
    withoutCalculatedEnergy(panel);
    // A label that prints one unit has the other by the conversion factor (an EU label printing
    // 2,381 kJ is 569 kcal; a US one printing 451 kcal is 1,887 kJ), so energy is always in both.
    const kcal = panel.get(ENERGY_KCAL);
    const kJ = panel.get(ENERGY_KJ);
    if (kcal && !kJ) panel.set(ENERGY_KJ, { amount: Number((kcal.amount * KJ_PER_KCAL).toPrecision(6)), derivation: 'converted_from_kcal', source: kcal.source });
    if (kJ && !kcal) panel.set(ENERGY_KCAL, { amount: Number((kJ.amount / KJ_PER_KCAL).toPrecision(6)), derivation: 'converted_from_kj', source: kJ.source });
    if (kcal || kJ) return false;
    const fat = panel.get(FAT);
    const carbohydrate = panel.get(CARBOHYDRATE);
    const protein = panel.get(PROTEIN);
    if (!fat || !carbohydrate || !protein) return false;
    const rule = this.carbohydrateRules.get(carbohydrate.source);
    const energy = labelEnergy({
      fat: fat.amount,
      carbohydrate: carbohydrate.amount,
      protein: protein.amount,
      fibre: panel.get(FIBRE)?.amount ?? null,
      alcohol: panel.get(ALCOHOL)?.amount ?? null,
      polyols: panel.get(POLYOLS)?.amount ?? null,
      carbohydrateIncludesFibre: rule ? rule(gtin14) : false,
    });
    if (energy === null) return false; // counted per source at the end (coverage: macros without energy)
    panel.set(ENERGY_KCAL, { amount: energy.kcal, derivation: 'calculated_eu_1169', source: carbohydrate.source });
    panel.set(ENERGY_KJ, { amount: energy.kJ, derivation: 'calculated_eu_1169', source: carbohydrate.source });
    return true;
  }

  private mask(row: Omit<ProductRow, 'nutrients' | 'id'>, panel: Panel, energyCalculated: boolean): number {
    return completenessMask({
      name: row.name !== null,
      brand: row.brand !== null || row.brand_owner !== null,
      energy: panel.has(ENERGY_KCAL) || panel.has(ENERGY_KJ),
      macros: panel.has(FAT) && panel.has(CARBOHYDRATE) && panel.has(PROTEIN),
      servingSize: row.serving_size !== null,
      ingredients: row.ingredients_list !== null,
      energyCalculated,
    });
  }

  /** Adds a product, or merges it into the product of an earlier source with the same id (barcode). */
  add(p: BrandedInput): boolean {
    const gtinUpc = clean(p.gtinUpc);
    const servingSize = p.servingSize !== null && Number.isFinite(p.servingSize) && p.servingSize > 0 ? p.servingSize : null;
    const skips = { unknown: 0, implausible: 0 };
    const panel = this.panelOf(p.nutrients, p.datasetId, p.derivations, skips);
    this.countSkips(p.datasetId, skips);
    const row = {
      gtin14: gtinUpc === null ? null : toGtin14(gtinUpc),
      gtin_upc: gtinUpc,
      name: clean(p.name),
      brand: clean(p.brand),
      brand_owner: clean(p.brandOwner),
      market_country: clean(p.marketCountry),
      serving_size: servingSize,
      serving_size_unit: servingSize === null ? null : clean(p.servingSizeUnit),
      household_serving: clean(p.householdServing),
      branded_food_category: clean(p.category),
      dataset_id: p.datasetId,
      basis_unit: p.basisUnit ?? 'g',
      ingredients_list: clean(p.ingredients),
    };
    // Insert first: the usual row is new, and a failed INSERT OR IGNORE is the cheapest way to learn it is not.
    const calculated = this.withEnergy(panel, row.gtin14);
    const info = this.insert.run(
      p.id,
      row.gtin14,
      row.gtin_upc,
      row.name,
      row.brand,
      row.brand_owner,
      row.market_country,
      row.serving_size,
      row.serving_size_unit,
      row.household_serving,
      row.branded_food_category,
      servingSize === null ? 'low' : 'medium',
      p.datasetId,
      this.mask(row, panel, calculated),
      row.basis_unit,
    );
    if (info.changes === 0) {
      const existing = this.getProduct.get(p.id) as ProductRow;
      this.merge(existing, row, panel, p);
      return false;
    }
    this.insertText.run(p.id, row.ingredients_list, encodePanel(panel, p.datasetId));
    if (p.ingredientsRebuilt && row.ingredients_list !== null) this.rebuiltIngredients.add(p.id);
    countRows(this.ctx, 'branded_product');
    this.linkBrands(p.id, [row.brand, row.brand_owner]);
    if (p.brandInName && row.brand === null && row.brand_owner === null && row.name !== null) {
      this.linkBrands(p.id, [leadingNameWords(row.name)]);
    }
    return true;
  }

  private linkBrands(productId: number, texts: Array<string | null>): void {
    for (const text of texts) {
      const key = text === null ? '' : normalizeBrand(text);
      if (key === '') continue;
      let label = this.labels.get(key);
      if (label === undefined) {
        label = this.labels.size + 1;
        this.labels.set(key, label);
        this.insertLabel.run(label, key);
      }
      this.linkLabel.run(label, productId);
    }
  }

  /** Field by field: what the product lacks comes from the new source; a serving is taken whole. */
  private merge(existing: ProductRow, row: Omit<ProductRow, 'id' | 'nutrients'>, incoming: Panel, p: BrandedInput): void {
    // Calculated energy on either side is dropped first: printed energy from any source beats it,
    // and it is recomputed from the merged macros below.
    const panel = withoutCalculatedEnergy(decodePanel(existing.nutrients, existing.dataset_id));
    for (const [id, v] of withoutCalculatedEnergy(incoming)) if (!panel.has(id)) panel.set(id, v);
    const takeServing = existing.serving_size === null && row.serving_size !== null;
    const merged = {
      gtin14: existing.gtin14 ?? row.gtin14,
      gtin_upc: existing.gtin_upc ?? row.gtin_upc,
      name: existing.name ?? row.name,
      brand: existing.brand ?? row.brand,
      brand_owner: existing.brand_owner ?? row.brand_owner,
      market_country: existing.market_country ?? row.market_country,
      serving_size: takeServing ? row.serving_size : existing.serving_size,
      serving_size_unit: takeServing ? row.serving_size_unit : existing.serving_size_unit,
      household_serving: takeServing ? row.household_serving : existing.household_serving,
      branded_food_category: existing.branded_food_category ?? row.branded_food_category,
      dataset_id: existing.dataset_id,
      // A source that states its values per 100 ml is believed over one that does not say.
      basis_unit: existing.basis_unit === 'ml' || row.basis_unit === 'ml' ? 'ml' : 'g',
      ingredients_list: existing.ingredients_list ?? row.ingredients_list,
    };
    if (row.ingredients_list !== null && !p.ingredientsRebuilt && this.rebuiltIngredients.delete(existing.id)) {
      merged.ingredients_list = row.ingredients_list; // the label's own text over a rebuilt list
    } else if (existing.ingredients_list === null && row.ingredients_list !== null && p.ingredientsRebuilt) {
      this.rebuiltIngredients.add(existing.id);
    }
    const calculated = this.withEnergy(panel, merged.gtin14);
    this.rewrite(existing.id, merged, panel, calculated);
    this.linkBrands(existing.id, [existing.brand === null ? row.brand : null, existing.brand_owner === null ? row.brand_owner : null]);
    if (p.brandInName && merged.brand === null && merged.brand_owner === null && row.name !== null) {
      this.linkBrands(existing.id, [leadingNameWords(row.name)]);
    }
    this.merged.set(p.datasetId, (this.merged.get(p.datasetId) ?? 0) + 1);
    countSkipped(this.ctx, `${p.datasetId}: products merged into the same barcode from an earlier source (field by field)`);
  }

  /**
   * Adds nutrient values to a product already written (FDC ships them in their own file).
   * Values for one product may arrive in several runs of rows; they are merged (later rows of
   * the same release win, as before).
   */
  addNutrients(productId: number, values: Map<number, number>, datasetId: string): boolean {
    const existing = this.getProduct.get(productId) as ProductRow | undefined;
    if (!existing) return false;
    const skips = { unknown: 0, implausible: 0 };
    const incoming = this.panelOf(values, datasetId, undefined, skips);
    this.countSkips(datasetId, skips);
    const panel = withoutCalculatedEnergy(decodePanel(existing.nutrients, existing.dataset_id));
    for (const [id, v] of incoming) panel.set(id, v);
    const calculated = this.withEnergy(panel, existing.gtin14);
    this.rewrite(existing.id, existing, panel, calculated);
    return true;
  }

  /** Writes a product's fields, completeness and nutrient panel back after a merge or added nutrients. */
  private rewrite(id: number, product: Omit<ProductRow, 'id' | 'nutrients'>, panel: Panel, calculated: boolean): void {
    this.updateProduct.run(
      product.gtin14,
      product.gtin_upc,
      product.name,
      product.brand,
      product.brand_owner,
      product.market_country,
      product.serving_size,
      product.serving_size_unit,
      product.household_serving,
      product.branded_food_category,
      product.serving_size === null ? 'low' : 'medium',
      this.mask(product, panel, calculated),
      product.basis_unit,
      id,
    );
    this.setText.run(product.ingredients_list, encodePanel(panel, product.dataset_id), id);
  }

  /** Names of products written directly by UPDATE (FDC's food.csv) change completeness too. */
  refreshNameBits(datasetId: string): void {
    this.ctx.db
      .prepare(`UPDATE branded_product SET completeness = (completeness & ~${COMPLETENESS_BIT.name}) | (CASE WHEN name IS NULL THEN 0 ELSE ${COMPLETENESS_BIT.name} END) WHERE dataset_id = ?`)
      .run(datasetId);
  }

  /** The last rank of each completeness signal value (0 and 1), or 0 when none: a `has=` count stops there. */
  rankEnds(): [number, number] {
    const end = (k: number) =>
      (this.ctx.db.prepare(`SELECT COALESCE(MAX(rank), 0) FROM branded_rank WHERE ${completenessRankSql('completeness')} <= ?`).pluck().get(k) as number);
    return [end(0), end(1)];
  }

  /** Products per dataset (the product's first source) with energy, and with calculated energy. */
  coverage(): Array<{ dataset_id: string; products: number; with_energy: number; calculated: number; macros_without_energy: number }> {
    const macrosOnly = COMPLETENESS_BIT.energy | COMPLETENESS_BIT.macros;
    return this.ctx.db
      .prepare(
        `SELECT dataset_id, COUNT(*) AS products, SUM((completeness & ${COMPLETENESS_BIT.energy}) <> 0) AS with_energy,
           SUM((completeness & ${ENERGY_CALCULATED_BIT}) <> 0) AS calculated,
           SUM((completeness & ${macrosOnly}) = ${COMPLETENESS_BIT.macros}) AS macros_without_energy
         FROM branded_product GROUP BY dataset_id ORDER BY dataset_id`,
      )
      .all() as Array<{ dataset_id: string; products: number; with_energy: number; calculated: number; macros_without_energy: number }>;
  }

  /**
   * The words product names use, counted once per name, kept where at least
   * BRANDED_VOCABULARY_MIN_USES names use them: the corrections a misspelt query word may take
   * (catalog/branded.ts). Rarer words are no correction worth offering.
   */
  private writeVocabulary(): void {
    const { db } = this.ctx;
    const uses = new Map<string, number>();
    for (const name of db.prepare('SELECT name FROM branded_product WHERE name IS NOT NULL').pluck().iterate() as Iterable<string>) {
      for (const word of new Set(normalizeName(name).split(' '))) {
        if (word.length < BRANDED_VOCABULARY_MIN_LENGTH || !/^\p{L}+$/u.test(word)) continue;
        uses.set(word, (uses.get(word) ?? 0) + 1);
      }
    }
    const insert = db.prepare('INSERT INTO branded_vocabulary (word, uses) VALUES (?, ?)');
    let kept = 0;
    for (const [word, n] of uses) {
      if (n < BRANDED_VOCABULARY_MIN_USES) continue;
      insert.run(word, n);
      kept += 1;
    }
    countRows(this.ctx, 'branded_vocabulary', kept);
  }

  /** Builds rank order, the name index, brand labels, the GTIN index and the name vocabulary over every product written. */
  finish(): void {
    const { db, progress } = this.ctx;
    const task = progress.task('Branded search indexes', 5);
    db.exec(`
      INSERT OR IGNORE INTO branded_label_product (label_id, signal, product_id)
        SELECT s.label_id, ${completenessRankSql('p.completeness')}, s.product_id
        FROM temp.branded_label_stage s JOIN branded_product p ON p.id = s.product_id ORDER BY 1, 2, 3;
      DROP TABLE temp.branded_label_stage;
      ${BRANDED_INDEX_DDL}
      UPDATE brand_label SET product_count = (SELECT COUNT(*) FROM branded_label_product WHERE label_id = brand_label.id);
      INSERT INTO brand_label_fts (brand_label_fts) VALUES ('rebuild');
    `);
    task.advance(2);
    // The completeness signal first, then the shortest name (see completenessRank).
    db.function('larder_name_key', { deterministic: true }, (name: unknown) => nameKey(normalizeName(String(name))));
    db.exec(`
      INSERT INTO branded_rank (product_id, exact_key, completeness)
        SELECT id, larder_name_key(name), completeness FROM branded_product WHERE name IS NOT NULL
        ORDER BY ${completenessRankSql('completeness')}, length(name), name, id;
      ${BRANDED_RANK_INDEX_DDL}
    `);
    task.advance(1);
    db.exec(`
      INSERT INTO branded_fts (rowid, name)
        SELECT r.rank, p.name FROM branded_rank r JOIN branded_product p ON p.id = r.product_id ORDER BY r.rank;
      INSERT INTO branded_fts (branded_fts) VALUES ('optimize');
    `);
    task.advance(1);
    this.writeVocabulary();
    const products = db.prepare('SELECT COUNT(*) FROM branded_product').pluck().get() as number;
    const labels = db.prepare('SELECT COUNT(*) FROM brand_label').pluck().get() as number;
    countRows(this.ctx, 'brand_label', labels);
    task.done(`${products} products, ${labels} brand names`);
  }
}
