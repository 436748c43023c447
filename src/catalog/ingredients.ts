import type { Static } from 'typebox';
import type { Ingredient, IngredientListItem } from '../http/routes/ingredients.js';
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

/**
 * An answer prepared at import: the body as served (UTF-8 bytes: SQLite hands them over
 * without decoding, and they are written to the socket without encoding) and its ETag.
 */
export interface PreparedAnswer {
  body: Buffer;
  etag: string;
}

/** Canonical ingredients: the prepared detail answer, lists, density and measures. */
export class Ingredients {
  private readonly lister: Lister;
  private readonly stmts;

  constructor(catalog: Catalog) {
    const db = catalog.db;
    this.lister = new Lister(db);
    this.stmts = {
      detail: db.prepare<[number], { body: Buffer; etag: string }>('SELECT etag, body FROM ingredient_detail WHERE ingredient_id = ?'),
      identity: db.prepare<[number], { id: number; name: string }>('SELECT id, name FROM ingredient WHERE id = ?'),
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

  /** The /v1/ingredients/:id answer as prepared at import (src/importers/answers.ts), or null. */
  detail(id: number): PreparedAnswer | null {
    return this.stmts.detail.get(id) ?? null;
  }

  /** The detail answer as an object, for callers that change it or take parts of it (nutrient filter, batches, recipes). */
  ingredient(id: number): IngredientBody | null {
    const answer = this.stmts.detail.get(id);
    return answer === undefined ? null : (JSON.parse(answer.body.toString('utf8')) as IngredientBody);
  }

  /** The ingredient's own (US reference) nutrient values with the dataset they come from. */
  ingredientNutrients(id: number): { id: number; name: string; datasetId: string; nutrients: IngredientBody['nutrients'] } | null {
    const found = this.ingredient(id);
    return found === null ? null : { id: found.id, name: found.name, datasetId: found.source, nutrients: found.nutrients };
  }

  /** The ingredient's id and name, or null. */
  identity(id: number): { id: number; name: string } | null {
    return this.stmts.identity.get(id) ?? null;
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
