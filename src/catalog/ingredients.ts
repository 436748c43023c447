import { LRUCache } from 'lru-cache';
import type { Static } from 'typebox';
import type { Ingredient, IngredientListItem } from '../http/routes/ingredients.js';
import { readModelPlugin, type Catalog } from './catalog.js';
import { Lister, type ListParams, type ListTarget, type Page } from './listing.js';

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

/** What a recipe line takes from its ingredient: read-only, shared between requests. */
export interface RecipeFacts {
  readonly nutrients: IngredientBody['nutrients'];
  readonly allergens: IngredientBody['allergens'];
  readonly source: IngredientBody['source'];
}

/**
 * Bounds of the recipe matcher's memory (entries, least recently used forgotten first): the
 * food texts of recipe lines repeat (the 2,000 most frequent first search texts of the 30,018
 * labelled lines cover 79 % of them), and the catalogue does not change under a read model.
 */
const RECIPE_SEARCHES_KEPT = 20_000;
const RECIPE_FACTS_KEPT = 1_000;

/** The ingredient list as the Lister reads it (an allergen filter adds its join). */
const INGREDIENT_LIST: ListTarget = {
  table: 'ingredient',
  alias: 'i',
  fts: 'ingredient_fts',
  joins: '',
  columnJoins: '',
  columns: 'i.id, i.name, i.category_id, i.data_type',
  withAliases: true,
};

/** Canonical ingredients: the prepared detail answer, lists, density and measures. */
export class Ingredients {
  private readonly lister: Lister;
  private readonly stmts;
  private readonly searches = new LRUCache<string, readonly IngredientListBody[]>({ max: RECIPE_SEARCHES_KEPT });
  private readonly facts = new LRUCache<number, RecipeFacts>({ max: RECIPE_FACTS_KEPT });

  constructor(catalog: Catalog) {
    const db = catalog.db;
    this.lister = new Lister(db);
    this.lister.warm(INGREDIENT_LIST);
    this.stmts = {
      detail: db.prepare<[number], { body: Buffer; etag: string }>('SELECT etag, body FROM ingredient_detail WHERE ingredient_id = ?'),
      identity: db.prepare<[number], { id: number; name: string }>('SELECT id, name FROM ingredient WHERE id = ?'),
      categoryExists: db.prepare<[number], number>('SELECT 1 FROM category WHERE id = ?').pluck(),
      density: db.prepare<[number], { gPerMl: number; source: DensitySource }>(
        'SELECT density_g_per_ml AS gPerMl, density_source AS source FROM ingredient WHERE id = ?',
      ),
      fullerRecord: db.prepare<[number], number>('SELECT record_id FROM ingredient_fuller_record WHERE ingredient_id = ?').pluck(),
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
    return this.lister.page<IngredientListBody>({ ...INGREDIENT_LIST, joins }, where, args, params.q);
  }

  /**
   * The first `limit` records a text search finds, in list()'s order, remembered per text: the
   * recipe matcher asks the same searches again and again ("salt", "butter", "onion"), and on a
   * catalogue that does not change the answer is the same. Read-only, shared between requests.
   */
  firstResults(q: string, limit: number): readonly IngredientListBody[] {
    const key = `${limit}|${q}`;
    let found = this.searches.get(key);
    if (found === undefined) {
      found = this.list({ q, limit, offset: 0 }).data;
      this.searches.set(key, found);
    }
    return found;
  }

  /** The nutrients, allergens and source of the detail answer, parsed once per ingredient (bounded), or null. */
  recipeFacts(id: number): RecipeFacts | null {
    let facts = this.facts.get(id);
    if (facts === undefined) {
      const found = this.ingredient(id);
      if (found === null) return null;
      facts = { nutrients: found.nutrients, allergens: found.allergens, source: found.source };
      this.facts.set(id, facts);
    }
    return facts;
  }

  categoryExists(id: number): boolean {
    return this.stmts.categoryExists.get(id) !== undefined;
  }

  /** The unrounded density, for conversion (1 cup of flour is the source's 125 g, not 124.99). */
  density(id: number): { gPerMl: number; source: DensitySource } | null {
    return this.stmts.density.get(id) ?? null;
  }

  /** The SR Legacy record of the same food with more nutrient values than this Foundation record, or null (src/importers/derive.ts). */
  fullerRecord(id: number): { id: number; name: string } | null {
    const other = this.stmts.fullerRecord.get(id);
    return other === undefined ? null : this.identity(other);
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
