import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { buildSearchQuery } from '../domain/search.js';
import { US_VOLUME_ML } from '../domain/householdMeasures.js';
import type { CountryCode } from '../domain/countries.js';
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
  readonly countries: CountryCode[] = ['US'];
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
    this.branded = new BrandedCatalog(db, meta.get('branded_release') ?? 'real');
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
    };
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

  datasets(): DatasetRecord[] {
    return (this.stmts.datasets.all() as Array<Omit<DatasetRecord, 'record_counts'> & { record_counts: string }>).map((d) => ({
      ...d,
      record_counts: JSON.parse(d.record_counts) as Record<string, number>,
    }));
  }
}
