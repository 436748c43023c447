import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { buildSearchQuery } from '../domain/search.js';
import { US_VOLUME_ML } from '../domain/householdMeasures.js';
import { availableCountries, type CountryCode } from '../domain/countries.js';
import type { NationalNutrient, ReferenceNutrient } from '../domain/countryNutrients.js';
import type { Allergen } from '../domain/allergens.js';

export type IngredientDataType = 'sr_legacy' | 'foundation';
export type DensitySource = 'usda' | 'literature' | 'measured' | 'category_estimate';
import { SCHEMA_VERSION } from './schema.js';
import { BrandedCatalog } from './branded.js';

export class CatalogUnavailableError extends Error {
  override name = 'CatalogUnavailableError';
}

export interface Page<T> {
  data: T[];
  total: number;
}

export interface IngredientListItem {
  id: number;
  name: string;
  category_id: number;
  data_type: IngredientDataType;
}

export interface NutrientAmount {
  nutrient_id: number;
  name: string;
  unit: string;
  amount: number;
  derivation: string | null;
}

export interface IngredientRecord {
  id: number;
  name: string;
  category_id: number;
  category: { id: number; name: string };
  data_type: IngredientDataType;
  dataset_id: string;
  fdc_id: number;
  ndb_number: number | null;
  scientific_name: string | null;
  nutrients: NutrientAmount[];
  density: { g_per_ml: number; g_per_cup: number; source: DensitySource; derived_from: string | null };
  allergens: Allergen[];
  portions: Array<{ seq: number; amount: number; unit: string | null; description: string; gram_weight: number }>;
}

export interface SurveyFoodListItem {
  id: number;
  name: string;
  wweia: { code: number; name: string };
}

export interface SurveyFoodComponent {
  seq: number;
  ingredient_id: number | null;
  name: string;
  grams: number;
  retention_code: number | null;
  ingredient_code: number;
  description: string;
  survey_food_id: number | null;
  moisture_change_pct: number | null;
}

export interface DatasetRecord {
  id: string;
  name: string;
  version: string;
  publisher: string;
  licence: string;
  licence_url: string | null;
  url: string;
  attribution: string;
  role: string;
  record_counts: Record<string, number>;
}

export interface CarbonRecord {
  class: 'global_study' | 'french_inventory' | 'category_median';
  source: string;
  product: { code: string; name: string } | null;
  ciqual_code: string | null;
  kg_co2e_per_kg: number;
  dqr: number;
  uncertainty_low: number;
  uncertainty_high: number;
  boundary: string;
  basis: string;
}

export interface CookingRecord {
  yieldFactor: number;
  yieldSource: string;
  yieldBasis: string;
  retentionCode: number;
  retentionDescription: string;
  /** Retained share (0..1+) by SR nutrient number, from the USDA retention table. */
  retentionByNumber: Map<string, number>;
  proximate: Record<'protein' | 'fat' | 'energy', number>;
  proximateBasis: string;
}

export interface ListParams {
  q?: string;
  limit: number;
  offset: number;
}

const round = (value: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/**
 * Read-only queries over one catalogue file. The file never changes while it is open
 * (imports write a new file and rename it), so prepared statements live as long as this.
 */
export class Catalog {
  readonly version: string;
  readonly builtAt: string;
  /** Countries whose nutrients this catalogue can resolve; US is the reference every catalogue has. */
  readonly countries: CountryCode[];
  /** Branded products (src/catalog/branded.ts) and which release of them this file holds. */
  readonly branded: BrandedCatalog;
  private readonly db: Database.Database;
  private readonly stmts;
  private readonly dynamic = new Map<string, Database.Statement>();

  private constructor(db: Database.Database) {
    this.db = db;
    const meta = new Map(
      (db.prepare('SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]),
    );
    if (meta.get('schema_version') !== String(SCHEMA_VERSION)) {
      throw new CatalogUnavailableError(
        `catalogue schema version ${meta.get('schema_version') ?? 'unknown'} is not ${SCHEMA_VERSION}: run \`larder import\` again`,
      );
    }
    this.version = meta.get('catalog_version') ?? 'unknown';
    this.builtAt = meta.get('built_at') ?? 'unknown';
    const brandedCount = meta.get('branded_product_count');
    this.branded = new BrandedCatalog(
      db,
      meta.get('branded_release') ?? 'real',
      brandedCount === undefined ? null : Number(brandedCount),
      meta.get('branded_completeness_counts'),
    );
    this.stmts = {
      ingredient: db.prepare(
        `SELECT i.id, i.name, i.category_id, c.name AS category_name, i.data_type, i.dataset_id, i.fdc_id, i.ndb_number,
                i.scientific_name, i.density_g_per_ml, i.density_source, i.density_derived_from, i.allergens
         FROM ingredient i JOIN category c ON c.id = i.category_id WHERE i.id = ?`,
      ),
      ingredientName: db.prepare('SELECT id, name, dataset_id FROM ingredient WHERE id = ?'),
      nutrientsOf: db.prepare(
        `SELECT v.nutrient_id, n.name, n.unit, v.amount, v.derivation
         FROM ingredient_nutrient v JOIN nutrient n ON n.id = v.nutrient_id
         WHERE v.ingredient_id = ? ORDER BY n.rank IS NULL, n.rank, n.id`,
      ),
      portionsOf: db.prepare(
        `SELECT seq, amount, unit_name AS unit, description, gram_weight FROM ingredient_portion
         WHERE ingredient_id = ? ORDER BY seq`,
      ),
      nutrients: db.prepare('SELECT id, usda_id, name, unit FROM nutrient ORDER BY rank IS NULL, rank, id'),
      categories: db.prepare(
        `SELECT c.id, c.code, c.name, COUNT(i.id) AS ingredient_count
         FROM category c LEFT JOIN ingredient i ON i.category_id = c.id GROUP BY c.id ORDER BY c.id`,
      ),
      categoryExists: db.prepare('SELECT 1 FROM category WHERE id = ?').pluck(),
      wweiaExists: db.prepare('SELECT 1 FROM wweia_category WHERE code = ?').pluck(),
      surveyFood: db.prepare(
        `SELECT s.id, s.name, s.wweia_code, w.name AS wweia_name FROM survey_food s
         JOIN wweia_category w ON w.code = s.wweia_code WHERE s.id = ?`,
      ),
      components: db.prepare(
        `SELECT c.seq, c.ingredient_id, COALESCE(i.name, c.description) AS name, c.grams, c.retention_code,
                c.ingredient_code, c.description, c.component_survey_food_id AS survey_food_id, c.moisture_change_pct
         FROM survey_food_component c LEFT JOIN ingredient i ON i.id = c.ingredient_id
         WHERE c.survey_food_id = ? ORDER BY c.seq`,
      ),
      datasets: db.prepare('SELECT * FROM dataset ORDER BY id'),
      carbon: db.prepare(
        `SELECT i.id, i.name, k.class, k.source, k.product_code, k.product_name, k.kg_co2e_per_kg, k.dqr,
                k.uncertainty_low, k.uncertainty_high, k.boundary, k.basis
         FROM ingredient i JOIN ingredient_carbon k ON k.ingredient_id = i.id WHERE i.id = ?`,
      ),
      // The French inventory through the ingredient's best verified CIQUAL link (national_link
      // is filled by the country importers); AGRIBALYSE codes are stored without leading zeros.
      frenchCarbon: db.prepare(
        `SELECT l.code AS ciqual_code, l.score, p.code, p.name, p.kg_co2e_per_kg, p.dqr, p.uncertainty_low, p.uncertainty_high,
                p.boundary, p.group_name
         FROM national_link l
         JOIN carbon_product p ON p.source = 'agribalyse_3_1' AND p.code = CAST(CAST(l.code AS INTEGER) AS TEXT)
         WHERE l.ingredient_id = ? AND l.dataset_id = 'fr_ciqual' AND l.verified = 1
         ORDER BY l.score DESC, l.code LIMIT 1`,
      ),
      cooking: db.prepare(
        `SELECT y.yield_factor, y.yield_source, y.yield_basis, y.retention_code, r.description AS retention_description,
                y.proximate_retention, y.proximate_basis
         FROM ingredient_yield y JOIN retention_code r ON r.code = y.retention_code
         WHERE y.ingredient_id = ? AND y.method = ?`,
      ),
      density: db.prepare('SELECT density_g_per_ml AS gPerMl, density_source AS source FROM ingredient WHERE id = ?'),
      retentionFactors: db.prepare('SELECT nutrient_number, percent FROM retention_factor WHERE code = ?'),
      measures: db.prepare(
        `SELECT seq, amount, description, gram_weight, measure_kind, measure_unit FROM ingredient_portion
         WHERE ingredient_id = ? ORDER BY seq`,
      ),
      referenceNutrients: db.prepare(
        `SELECT v.nutrient_id, n.name, n.unit, v.amount, v.derivation, n.rank
         FROM ingredient_nutrient v JOIN nutrient n ON n.id = v.nutrient_id WHERE v.ingredient_id = ?`,
      ),
      bestLink: db.prepare(
        `SELECT l.dataset_id AS dataset, l.code, f.name, l.score FROM national_link l
         JOIN national_food f ON f.dataset_id = l.dataset_id AND f.code = l.code
         WHERE l.ingredient_id = ? AND l.dataset_id = ? AND l.verified = 1
         ORDER BY l.score DESC, l.code LIMIT 1`,
      ),
      nationalNutrients: db.prepare(
        `SELECT v.nutrient_id, n.name, n.unit, v.amount, v.qualifier, n.rank
         FROM national_food_nutrient v JOIN nutrient n ON n.id = v.nutrient_id WHERE v.dataset_id = ? AND v.code = ?`,
      ),
    };
    this.countries = availableCountries(this.stmts.datasets.all().map((d) => (d as { id: string }).id));
  }

  static open(file: string): Catalog {
    if (!existsSync(file)) throw new CatalogUnavailableError(`no catalogue at ${file}: run \`larder import\``);
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      db.pragma('query_only = ON');
      return new Catalog(db);
    } catch (err) {
      db.close();
      if (err instanceof CatalogUnavailableError) throw err;
      throw new CatalogUnavailableError(`catalogue at ${file} cannot be read (${(err as Error).message}): run \`larder import\``);
    }
  }

  close(): void {
    this.db.close();
  }

  ingredient(id: number): IngredientRecord | null {
    const row = this.stmts.ingredient.get(id) as
      | {
          id: number;
          name: string;
          category_id: number;
          category_name: string;
          data_type: IngredientDataType;
          dataset_id: string;
          fdc_id: number;
          ndb_number: number | null;
          scientific_name: string | null;
          density_g_per_ml: number;
          density_source: DensitySource;
          density_derived_from: string | null;
          allergens: string;
        }
      | undefined;
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      category_id: row.category_id,
      category: { id: row.category_id, name: row.category_name },
      data_type: row.data_type,
      dataset_id: row.dataset_id,
      fdc_id: row.fdc_id,
      ndb_number: row.ndb_number,
      scientific_name: row.scientific_name,
      nutrients: this.stmts.nutrientsOf.all(id) as NutrientAmount[],
      density: {
        g_per_ml: round(row.density_g_per_ml, 4),
        g_per_cup: round(row.density_g_per_ml * US_VOLUME_ML.cup, 2),
        source: row.density_source,
        derived_from: row.density_derived_from,
      },
      allergens: JSON.parse(row.allergens) as Allergen[],
      portions: this.stmts.portionsOf.all(id) as IngredientRecord['portions'],
    };
  }

  /** The ingredient's own (US reference) nutrient values with the dataset they come from. */
  ingredientNutrients(id: number): { id: number; name: string; datasetId: string; nutrients: NutrientAmount[] } | null {
    const row = this.stmts.ingredientName.get(id) as { id: number; name: string; dataset_id: string } | undefined;
    if (!row) return null;
    return { id: row.id, name: row.name, datasetId: row.dataset_id, nutrients: this.stmts.nutrientsOf.all(id) as NutrientAmount[] };
  }

  /** The reference values with their display rank, for merging with a national food's. */
  referenceNutrients(id: number): ReferenceNutrient[] {
    return this.stmts.referenceNutrients.all(id) as ReferenceNutrient[];
  }

  /** The best verified link of an ingredient to a national dataset, or null. */
  bestNationalLink(ingredientId: number, datasetId: string): { dataset: string; code: string; name: string; score: number } | null {
    return (this.stmts.bestLink.get(ingredientId, datasetId) as { dataset: string; code: string; name: string; score: number } | undefined) ?? null;
  }

  nationalNutrients(datasetId: string, code: string): NationalNutrient[] {
    return this.stmts.nationalNutrients.all(datasetId, code) as NationalNutrient[];
  }

  /** Link-quality figures per national dataset (the `larder links report` command). */
  linkReport(sampleSize: number): Array<{
    dataset: string;
    foods: number;
    linked: number;
    verified: number;
    buckets: Array<{ from: number; to: number; count: number; verified: number }>;
    /** `name` is the national food's own name; `compared_as` the English the linker compared (a glossary reading for SE and NO). */
    sample: Array<{ code: string; name: string; compared_as: string; ingredient_id: number; ingredient: string; score: number; verified: boolean }>;
  }> {
    const datasets = this.db.prepare('SELECT dataset_id, COUNT(*) n FROM national_food GROUP BY dataset_id ORDER BY dataset_id').all() as Array<{
      dataset_id: string;
      n: number;
    }>;
    return datasets.map(({ dataset_id, n }) => {
      const counts = this.db
        .prepare('SELECT COUNT(*) linked, COALESCE(SUM(verified), 0) verified FROM national_link WHERE dataset_id = ?')
        .get(dataset_id) as { linked: number; verified: number };
      const buckets = (
        this.db
          .prepare(
            `SELECT MIN(CAST(score * 10 AS INTEGER), 9) b, COUNT(*) count, SUM(verified) verified FROM national_link
             WHERE dataset_id = ? GROUP BY b ORDER BY b`,
          )
          .all(dataset_id) as Array<{ b: number; count: number; verified: number }>
      ).map((r) => ({ from: r.b / 10, to: (r.b + 1) / 10, count: r.count, verified: r.verified }));
      const sample = (
        this.db
          .prepare(
            `SELECT code, name, compared_as, ingredient_id, ingredient, score, verified FROM (
               SELECT l.code, f.name, l.name_used AS compared_as, l.ingredient_id, i.name AS ingredient, l.score, l.verified,
                      ROW_NUMBER() OVER (ORDER BY l.code) AS rn, COUNT(*) OVER () AS total
               FROM national_link l
               JOIN national_food f ON f.dataset_id = l.dataset_id AND f.code = l.code JOIN ingredient i ON i.id = l.ingredient_id
               WHERE l.dataset_id = @ds)
             WHERE rn % MAX(1, total / @n) = 0 ORDER BY code LIMIT @n`,
          )
          .all({ ds: dataset_id, n: sampleSize }) as Array<{
            code: string;
            name: string;
            compared_as: string;
            ingredient_id: number;
            ingredient: string;
            score: number;
            verified: number;
          }>
      ).map((r) => ({ ...r, verified: r.verified === 1 }));
      return { dataset: dataset_id, foods: n, linked: counts.linked, verified: counts.verified, buckets, sample };
    });
  }

  listIngredients(params: ListParams & { category?: number; allergen?: string }): Page<IngredientListItem> {
    const where: string[] = [];
    const args: Record<string, unknown> = { limit: params.limit, offset: params.offset };
    let joins = '';
    if (params.allergen !== undefined) {
      joins = 'JOIN ingredient_allergen a ON a.ingredient_id = i.id AND a.allergen = @allergen';
      args.allergen = params.allergen;
    }
    if (params.category !== undefined) {
      where.push('i.category_id = @category');
      args.category = params.category;
    }
    return this.search(
      { table: 'ingredient', alias: 'i', fts: 'ingredient_fts', joins },
      where,
      args,
      params.q,
      'i.id, i.name, i.category_id, i.data_type',
    );
  }

  listSurveyFoods(params: ListParams & { wweia?: number }): Page<SurveyFoodListItem> {
    const where: string[] = [];
    const args: Record<string, unknown> = { limit: params.limit, offset: params.offset };
    if (params.wweia !== undefined) {
      where.push('s.wweia_code = @wweia');
      args.wweia = params.wweia;
    }
    const page = this.search(
      { table: 'survey_food', alias: 's', fts: 'survey_food_fts', joins: 'JOIN wweia_category w ON w.code = s.wweia_code' },
      where,
      args,
      params.q,
      's.id, s.name, s.wweia_code, w.name AS wweia_name',
    ) as Page<{ id: number; name: string; wweia_code: number; wweia_name: string }>;
    return {
      total: page.total,
      data: page.data.map((r) => ({ id: r.id, name: r.name, wweia: { code: r.wweia_code, name: r.wweia_name } })),
    };
  }

  /**
   * One list query, with or without full-text search. With text: exact name first, then
   * names whose head (the part before the first comma) is the text, then names starting
   * with it, then FTS5 rank, shorter names first; the id breaks every tie so pages are stable.
   */
  private search(
    target: { table: string; alias: string; fts: string; joins: string },
    where: string[],
    args: Record<string, unknown>,
    text: string | undefined,
    columns: string,
  ): Page<any> {
    const { table, alias, fts: ftsTable, joins } = target;
    let order = `${alias}.id`;
    let source = `${table} ${alias} ${joins}`;
    const conditions = [...where];
    if (text !== undefined) {
      const query = buildSearchQuery(text);
      if (query.match === null) return { data: [], total: 0 };
      source = `${ftsTable} f JOIN ${table} ${alias} ON ${alias}.id = f.rowid ${joins}`;
      conditions.push(`${ftsTable} MATCH @match`);
      args.match = query.match;
      args.norm = query.normalized;
      args.prefix = `${query.normalized}%`;
      const tier = `CASE WHEN ${alias}.search_name = @norm THEN 0 WHEN ${alias}.search_head = @norm THEN 1
                    WHEN ${alias}.search_name LIKE @prefix THEN 2 ELSE 3 END`;
      // Within the name tiers the plainest (shortest) name wins; among the rest, FTS rank.
      order = `${tier}, CASE WHEN ${tier} < 3 THEN length(${alias}.name) END,
               bm25(${ftsTable}), length(${alias}.name), ${alias}.id`;
    }
    const whereSql = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const data = this.prepared(`SELECT ${columns} FROM ${source} ${whereSql} ORDER BY ${order} LIMIT @limit OFFSET @offset`).all(args);
    const countArgs = { ...args };
    delete countArgs.limit;
    delete countArgs.offset;
    delete countArgs.norm;
    delete countArgs.prefix;
    const total = this.prepared(`SELECT COUNT(*) FROM ${source} ${whereSql}`).pluck().get(countArgs) as number;
    return { data, total };
  }

  /** List queries vary only by which filters are present, so their statements are few and reused. */
  private prepared(sql: string): Database.Statement {
    let stmt = this.dynamic.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.dynamic.set(sql, stmt);
    }
    return stmt;
  }

  nutrients(): Array<{ id: number; usda_id: string | null; name: string; unit: string }> {
    return this.stmts.nutrients.all() as Array<{ id: number; usda_id: string | null; name: string; unit: string }>;
  }

  categories(): Array<{ id: number; code: string; name: string; ingredient_count: number }> {
    return this.stmts.categories.all() as Array<{ id: number; code: string; name: string; ingredient_count: number }>;
  }

  categoryExists(id: number): boolean {
    return this.stmts.categoryExists.get(id) !== undefined;
  }

  wweiaExists(code: number): boolean {
    return this.stmts.wweiaExists.get(code) !== undefined;
  }

  surveyFoodComponents(
    id: number,
  ): { id: number; name: string; wweia: { code: number; name: string }; total_grams: number; components: SurveyFoodComponent[] } | null {
    const food = this.stmts.surveyFood.get(id) as { id: number; name: string; wweia_code: number; wweia_name: string } | undefined;
    if (!food) return null;
    const components = this.stmts.components.all(id) as SurveyFoodComponent[];
    const total = components.reduce((sum, c) => sum + c.grams, 0);
    return {
      id: food.id,
      name: food.name,
      wweia: { code: food.wweia_code, name: food.wweia_name },
      total_grams: round(total, 3),
      components,
    };
  }

  /** The ingredient's global carbon value (study mapping or category median), resolved at import. */
  carbon(id: number): { id: number; name: string; carbon: CarbonRecord } | null {
    const row = this.stmts.carbon.get(id) as
      | (Omit<CarbonRecord, 'product' | 'class' | 'ciqual_code'> & { id: number; name: string; class: CarbonRecord['class']; product_code: string | null; product_name: string | null })
      | undefined;
    if (!row) return null;
    const { id: _id, name, product_code, product_name, ...rest } = row;
    return {
      id: row.id,
      name,
      carbon: { ...rest, product: product_code ? { code: product_code, name: product_name ?? product_code } : null, ciqual_code: null },
    };
  }

  /** The AGRIBALYSE value of the ingredient's best verified French (CIQUAL) link, or null. */
  frenchCarbon(id: number): CarbonRecord | null {
    const row = this.stmts.frenchCarbon.get(id) as
      | { ciqual_code: string; score: number; code: string; name: string; kg_co2e_per_kg: number; dqr: number; uncertainty_low: number; uncertainty_high: number; boundary: string; group_name: string | null }
      | undefined;
    if (!row) return null;
    return {
      class: 'french_inventory',
      source: 'agribalyse_3_1',
      product: { code: row.code, name: row.name },
      ciqual_code: row.ciqual_code,
      kg_co2e_per_kg: row.kg_co2e_per_kg,
      dqr: row.dqr,
      uncertainty_low: row.uncertainty_low,
      uncertainty_high: row.uncertainty_high,
      boundary: row.boundary,
      basis: `AGRIBALYSE 3.1 product for CIQUAL code ${row.code} (verified link, score ${row.score}); spread: 10th-90th percentiles of its sub-group "${row.group_name ?? ''}"`,
    };
  }

  /** Yield, its source, the retention code and proximate retention of an ingredient cooked by a method. */
  cooking(id: number, method: string): CookingRecord | null {
    const row = this.stmts.cooking.get(id, method) as
      | { yield_factor: number; yield_source: string; yield_basis: string; retention_code: number; retention_description: string; proximate_retention: string; proximate_basis: string }
      | undefined;
    if (!row) return null;
    const factors = this.stmts.retentionFactors.all(row.retention_code) as Array<{ nutrient_number: string; percent: number }>;
    return {
      yieldFactor: row.yield_factor,
      yieldSource: row.yield_source,
      yieldBasis: row.yield_basis,
      retentionCode: row.retention_code,
      retentionDescription: row.retention_description,
      retentionByNumber: new Map(factors.map((f) => [f.nutrient_number, f.percent / 100])),
      proximate: JSON.parse(row.proximate_retention) as Record<'protein' | 'fat' | 'energy', number>,
      proximateBasis: row.proximate_basis,
    };
  }

  /** The unrounded density, for conversion (1 cup of flour is the source's 125 g, not 124.99). */
  density(id: number): { gPerMl: number; source: DensitySource } | null {
    return (this.stmts.density.get(id) as { gPerMl: number; source: DensitySource } | undefined) ?? null;
  }

  /** Household measures with their classification (volume unit, piece unit), for conversion. */
  measures(id: number): Array<{ seq: number; amount: number; description: string; gram_weight: number; measure_kind: string; measure_unit: string | null }> {
    return this.stmts.measures.all(id) as Array<{ seq: number; amount: number; description: string; gram_weight: number; measure_kind: string; measure_unit: string | null }>;
  }

  /** Nutrient number (SR, e.g. "404") of every nutrient id, for retention lookups. */
  nutrientNumbers(): Map<number, string> {
    if (!this.numbers) this.numbers = new Map(this.nutrients().filter((n) => n.usda_id).map((n) => [n.id, n.usda_id!]));
    return this.numbers;
  }
  private numbers: Map<number, string> | null = null;

  datasets(): DatasetRecord[] {
    return (this.stmts.datasets.all() as Array<Omit<DatasetRecord, 'record_counts'> & { record_counts: string }>).map((d) => ({
      ...d,
      record_counts: JSON.parse(d.record_counts) as Record<string, number>,
    }));
  }
}
