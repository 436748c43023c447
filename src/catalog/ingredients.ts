import type { Static } from 'typebox';
import type { Allergen } from '../domain/allergens.js';
import { US_VOLUME_ML } from '../domain/householdMeasures.js';
import type { Ingredient, IngredientListItem } from '../http/routes/ingredients.js';
import type { NutrientAmount } from '../http/schemas.js';
import { BASIS } from '../http/schemas.js';
import { readModelPlugin, type Catalog } from './catalog.js';
import { Lister, type ListParams, type Page } from './listing.js';

export type IngredientBody = Static<typeof Ingredient>;
export type IngredientListBody = Static<typeof IngredientListItem>;
export type DensitySource = IngredientBody['density']['source'];
export type IngredientDataType = IngredientBody['data_type'];

/** A household measure with its classification (volume unit, piece unit), for conversion. */
export interface Measure {
  seq: number;
  amount: number;
  description: string;
  gram_weight: number;
  measure_kind: string;
  measure_unit: string | null;
}

const round = (value: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

interface IngredientRow {
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

/** Canonical ingredients: the detail answer, their own (US reference) nutrients, lists, density and measures. */
export class Ingredients {
  private readonly lister: Lister;
  private readonly stmts;

  constructor(catalog: Catalog) {
    const db = catalog.db;
    this.lister = new Lister(db);
    this.stmts = {
      ingredient: db.prepare<[number], IngredientRow>(
        `SELECT i.id, i.name, i.category_id, c.name AS category_name, i.data_type, i.dataset_id, i.fdc_id, i.ndb_number,
                i.scientific_name, i.density_g_per_ml, i.density_source, i.density_derived_from, i.allergens
         FROM ingredient i JOIN category c ON c.id = i.category_id WHERE i.id = ?`,
      ),
      ingredientName: db.prepare<[number], { id: number; name: string; dataset_id: string }>('SELECT id, name, dataset_id FROM ingredient WHERE id = ?'),
      nutrientsOf: db.prepare<[number], Static<typeof NutrientAmount>>(
        `SELECT v.nutrient_id, n.name, n.unit, v.amount, v.derivation
         FROM ingredient_nutrient v JOIN nutrient n ON n.id = v.nutrient_id
         WHERE v.ingredient_id = ? ORDER BY n.rank IS NULL, n.rank, n.id`,
      ),
      portionsOf: db.prepare<[number], IngredientBody['portions'][number]>(
        `SELECT seq, amount, unit_name AS unit, description, gram_weight FROM ingredient_portion
         WHERE ingredient_id = ? ORDER BY seq`,
      ),
      categoryExists: db.prepare<[number], number>('SELECT 1 FROM category WHERE id = ?').pluck(),
      density: db.prepare<[number], { gPerMl: number; source: DensitySource }>(
        'SELECT density_g_per_ml AS gPerMl, density_source AS source FROM ingredient WHERE id = ?',
      ),
      measures: db.prepare<[number], Measure>(
        `SELECT seq, amount, description, gram_weight, measure_kind, measure_unit FROM ingredient_portion
         WHERE ingredient_id = ? ORDER BY seq`,
      ),
    };
  }

  /** The /v1/ingredients/:id answer, or null. */
  ingredient(id: number): IngredientBody | null {
    const row = this.stmts.ingredient.get(id);
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      category_id: row.category_id,
      category: { id: row.category_id, name: row.category_name },
      data_type: row.data_type,
      fdc_id: row.fdc_id,
      ndb_number: row.ndb_number,
      scientific_name: row.scientific_name,
      source: row.dataset_id,
      basis: BASIS,
      nutrients: this.stmts.nutrientsOf.all(id),
      density: {
        g_per_ml: round(row.density_g_per_ml, 4),
        g_per_cup: round(row.density_g_per_ml * US_VOLUME_ML.cup, 2),
        source: row.density_source,
        derived_from: row.density_derived_from,
      },
      allergens: JSON.parse(row.allergens) as Allergen[],
      portions: this.stmts.portionsOf.all(id),
    };
  }

  /** The ingredient's own (US reference) nutrient values with the dataset they come from. */
  ingredientNutrients(id: number): { id: number; name: string; datasetId: string; nutrients: Array<Static<typeof NutrientAmount>> } | null {
    const row = this.stmts.ingredientName.get(id);
    if (!row) return null;
    return { id: row.id, name: row.name, datasetId: row.dataset_id, nutrients: this.stmts.nutrientsOf.all(id) };
  }

  list(params: ListParams & { category?: number; allergen?: string }): Page<IngredientListBody> {
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
    return this.lister.page<IngredientListBody>(
      { table: 'ingredient', alias: 'i', fts: 'ingredient_fts', joins, columns: 'i.id, i.name, i.category_id, i.data_type' },
      where,
      args,
      params.q,
    );
  }

  categoryExists(id: number): boolean {
    return this.stmts.categoryExists.get(id) !== undefined;
  }

  /** The unrounded density, for conversion (1 cup of flour is the source's 125 g, not 124.99). */
  density(id: number): { gPerMl: number; source: DensitySource } | null {
    return this.stmts.density.get(id) ?? null;
  }

  /** Household measures with their classification (volume unit, piece unit), for conversion. */
  measures(id: number): Measure[] {
    return this.stmts.measures.all(id);
  }
}

const build = (catalog: Catalog) => new Ingredients(catalog);

declare module 'fastify' {
  interface FastifyInstance {
    readonly ingredients: Ingredients;
  }
}

export const ingredientsPlugin = readModelPlugin('ingredients', build);
