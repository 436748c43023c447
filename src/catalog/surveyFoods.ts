import type { Static } from 'typebox';
import type { Components, SurveyFood } from '../http/routes/surveyFoods.js';
import { readModelPlugin, type Catalog } from './catalog.js';
import { Lister, type ListParams, type Page } from './listing.js';

export type SurveyFoodBody = Static<typeof SurveyFood>;
export type ComponentsBody = Static<typeof Components>;

const round = (value: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** FNDDS survey foods: lists and their decomposition into canonical ingredients. */
export class SurveyFoods {
  private readonly lister: Lister;
  private readonly stmts;

  constructor(catalog: Catalog) {
    const db = catalog.db;
    this.lister = new Lister(db);
    this.stmts = {
      wweiaExists: db.prepare<[number], number>('SELECT 1 FROM wweia_category WHERE code = ?').pluck(),
      surveyFood: db.prepare<[number], { id: number; name: string; wweia_code: number; wweia_name: string }>(
        `SELECT s.id, s.name, s.wweia_code, w.name AS wweia_name FROM survey_food s
         JOIN wweia_category w ON w.code = s.wweia_code WHERE s.id = ?`,
      ),
      components: db.prepare<[number], ComponentsBody['components'][number]>(
        `SELECT c.seq, c.ingredient_id, COALESCE(i.name, c.description) AS name, c.grams, c.retention_code,
                c.ingredient_code, c.description, c.component_survey_food_id AS survey_food_id, c.moisture_change_pct
         FROM survey_food_component c LEFT JOIN ingredient i ON i.id = c.ingredient_id
         WHERE c.survey_food_id = ? ORDER BY c.seq`,
      ),
    };
  }

  list(params: ListParams & { wweia?: number }): Page<SurveyFoodBody> {
    const where: string[] = [];
    const args: Record<string, unknown> = { limit: params.limit, offset: params.offset };
    if (params.wweia !== undefined) {
      where.push('s.wweia_code = @wweia');
      args.wweia = params.wweia;
    }
    const page = this.lister.page<{ id: number; name: string; wweia_code: number; wweia_name: string }>(
      {
        table: 'survey_food',
        alias: 's',
        fts: 'survey_food_fts',
        joins: 'JOIN wweia_category w ON w.code = s.wweia_code',
        columns: 's.id, s.name, s.wweia_code, w.name AS wweia_name',
      },
      where,
      args,
      params.q,
    );
    return {
      total: page.total,
      data: page.data.map((r) => ({ id: r.id, name: r.name, wweia: { code: r.wweia_code, name: r.wweia_name } })),
    };
  }

  wweiaExists(code: number): boolean {
    return this.stmts.wweiaExists.get(code) !== undefined;
  }

  /** The /v1/survey-foods/:id/components answer, or null. */
  components(id: number): ComponentsBody | null {
    const food = this.stmts.surveyFood.get(id);
    if (!food) return null;
    const components = this.stmts.components.all(id);
    const total = components.reduce((sum, c) => sum + c.grams, 0);
    return {
      id: food.id,
      name: food.name,
      wweia: { code: food.wweia_code, name: food.wweia_name },
      total_grams: round(total, 3),
      components,
    };
  }
}

const build = (catalog: Catalog) => new SurveyFoods(catalog);

declare module 'fastify' {
  interface FastifyInstance {
    readonly surveyFoods: SurveyFoods;
  }
}

export const surveyFoodsPlugin = readModelPlugin('surveyFoods', build);
