import type { Static } from 'typebox';
import { ALLERGENS, type Allergen } from '../domain/allergens.js';
import { ENERGY_KCAL, ENERGY_KJ, missingEnergy } from '../domain/energy.js';
import type { Components, SurveyFood, SurveyFoodDetail } from '../http/routes/surveyFoods.js';
import { readModelPlugin, type Catalog } from './catalog.js';
import { BASIS } from '../http/schemas.js';
import { Lister, type ListParams, type ListTarget, type Page } from './listing.js';

export type SurveyFoodBody = Static<typeof SurveyFood>;
export type ComponentsBody = Static<typeof Components>;
export type SurveyFoodDetailBody = Static<typeof SurveyFoodDetail>;
type Component = ComponentsBody['components'][number];

const round = (value: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** The survey-food list as the Lister reads it, with each food's WWEIA category name. */
const SURVEY_FOOD_LIST: ListTarget = {
  table: 'survey_food',
  alias: 's',
  fts: 'survey_food_fts',
  joins: '',
  columnJoins: 'JOIN wweia_category w ON w.code = s.wweia_code',
  columns: 's.id, s.name, s.wweia_code, w.name AS wweia_name',
  withAliases: false,
};

/** FNDDS survey foods: lists and their decomposition into canonical ingredients. */
export class SurveyFoods {
  private readonly lister: Lister;
  private readonly stmts;

  constructor(catalog: Catalog) {
    const db = catalog.db;
    this.lister = new Lister(db);
    this.lister.warm(SURVEY_FOOD_LIST);
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
      nutrients: db.prepare<[number], Omit<SurveyFoodDetailBody['nutrients'][number], 'derivation' | 'source'>>(
        `SELECT v.nutrient_id, n.name, n.unit, v.amount FROM survey_food_nutrient v JOIN nutrient n ON n.id = v.nutrient_id
         WHERE v.survey_food_id = ? ORDER BY n.rank IS NULL, n.rank, n.id`,
      ),
      allergens: db.prepare<[number], string>('SELECT allergens FROM ingredient WHERE id = ?').pluck(),
    };
  }

  list(params: ListParams & { wweia?: number }): Page<SurveyFoodBody> {
    const where: string[] = [];
    const args: Record<string, unknown> = { limit: params.limit, offset: params.offset };
    if (params.wweia !== undefined) {
      where.push('s.wweia_code = @wweia');
      args.wweia = params.wweia;
    }
    const page = this.lister.page<{ id: number; name: string; wweia_code: number; wweia_name: string }>(SURVEY_FOOD_LIST, where, args, params.q);
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

  /**
   * The /v1/survey-foods/:id answer per 100 g: FNDDS's own nutrient values, the allergens of
   * every canonical ingredient it contains (through sub-recipes), and its components; with
   * `expand`, each sub-recipe is replaced by its own components, grams scaled to the weight used.
   */
  detail(id: number, expand: boolean): SurveyFoodDetailBody | null {
    const food = this.components(id);
    if (!food) return null;
    const listed: Component[] = [];
    const allergens = new Set<Allergen>();
    // emit: whether this level's components are listed (every level when expanding, else only
    // the food's own); allergens are gathered through every level either way.
    const walk = (components: Component[], scale: number, path: number[], emit: boolean) => {
      for (const c of components) {
        const subId = c.survey_food_id;
        const sub = subId !== null && !path.includes(subId) && path.length < 8 ? this.components(subId) : null;
        if (sub && sub.total_grams > 0) {
          if (emit && !expand) listed.push(c);
          walk(sub.components, (scale * c.grams) / sub.total_grams, [...path, subId!], emit && expand);
          continue;
        }
        if (c.ingredient_id !== null) {
          for (const a of JSON.parse(this.stmts.allergens.get(c.ingredient_id) ?? '[]') as Allergen[]) allergens.add(a);
        }
        if (emit) listed.push(scale === 1 ? c : { ...c, grams: round(c.grams * scale, 4) });
      }
    };
    walk(food.components, 1, [id], true);
    return {
      id: food.id,
      name: food.name,
      wweia: food.wweia,
      basis: BASIS,
      nutrients: kilojoulesAfterKcal(this.stmts.nutrients.all(id).map((n) => ({ ...n, derivation: null, source: 'usda_fndds' as const }))),
      allergens: ALLERGENS.filter((a) => allergens.has(a)),
      total_grams: expand ? round(listed.reduce((sum, c) => sum + c.grams, 0), 3) : food.total_grams,
      components: listed,
    };
  }
}

/**
 * FNDDS publishes energy in kcal only; the answer carries kJ too (energy always present, as for
 * ingredients), converted from FNDDS's kcal (1 kcal = 4.184 kJ, derivation `calculated`), right
 * after it.
 */
function kilojoulesAfterKcal<N extends { nutrient_id: number; name: string; unit: string; amount: number; derivation: string | null }>(nutrients: N[]): N[] {
  if (nutrients.some((n) => n.nutrient_id === ENERGY_KJ)) return nutrients;
  const at = nutrients.findIndex((n) => n.nutrient_id === ENERGY_KCAL);
  if (at < 0) return nutrients;
  const kcal = nutrients[at]!;
  const derived = missingEnergy(new Map([[ENERGY_KCAL, kcal.amount]])).find((e) => e.nutrientId === ENERGY_KJ);
  if (!derived) return nutrients;
  return [...nutrients.slice(0, at + 1), { ...kcal, nutrient_id: ENERGY_KJ, unit: 'kJ', amount: derived.amount, derivation: derived.derivation }, ...nutrients.slice(at + 1)];
}

const build = (catalog: Catalog) => new SurveyFoods(catalog);

declare module 'fastify' {
  interface FastifyInstance {
    readonly surveyFoods: SurveyFoods;
  }
}

export const surveyFoodsPlugin = readModelPlugin('surveyFoods', build);
