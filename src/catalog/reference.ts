import type { Static } from 'typebox';
import type { Category, NutrientDefinition, Source } from '../http/routes/reference.js';
import { readModelPlugin, type Catalog } from './catalog.js';

export type SourceBody = Static<typeof Source>;

/** Reference lists: nutrient definitions, ingredient categories and the source datasets. */
export class Reference {
  private readonly stmts;

  constructor(catalog: Catalog) {
    const db = catalog.db;
    this.stmts = {
      nutrients: db.prepare<[], Static<typeof NutrientDefinition>>('SELECT id, usda_id, name, unit FROM nutrient ORDER BY rank IS NULL, rank, id'),
      categories: db.prepare<[], Static<typeof Category>>(
        `SELECT c.id, c.code, c.name, COUNT(i.id) AS ingredient_count
         FROM category c LEFT JOIN ingredient i ON i.category_id = c.id GROUP BY c.id ORDER BY c.id`,
      ),
      datasets: db.prepare<[], Omit<SourceBody, 'record_counts'> & { record_counts: string }>('SELECT * FROM dataset ORDER BY id'),
    };
  }

  nutrients(): Array<Static<typeof NutrientDefinition>> {
    return this.stmts.nutrients.all();
  }

  /** Every defined nutrient id, for checking `nutrients=` lists. */
  nutrientIds(): ReadonlySet<number> {
    if (!this.ids) this.ids = new Set(this.nutrients().map((n) => n.id));
    return this.ids;
  }
  private ids: Set<number> | null = null;

  categories(): Array<Static<typeof Category>> {
    return this.stmts.categories.all();
  }

  datasets(): SourceBody[] {
    return this.stmts.datasets.all().map((d) => ({ ...d, record_counts: JSON.parse(d.record_counts) as Record<string, number> }));
  }
}

const build = (catalog: Catalog) => new Reference(catalog);

declare module 'fastify' {
  interface FastifyInstance {
    readonly reference: Reference;
  }
}

export const referencePlugin = readModelPlugin('reference', build);
