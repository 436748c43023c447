import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../errors.js';
import { filterNutrients, scaleNutrients } from '../../domain/nutrientAmounts.js';
import { massPortion, nutrientFilter, NutrientsFilterQuery, PortionFields } from '../amounts.js';
import { AllergenName, BASIS, errorResponses, IdParams, json, NutrientAmount, pageOf, Pagination, pageBounds, SearchText } from '../schemas.js';

const Wweia = Type.Object({
  code: Type.Integer({ description: 'WWEIA food category number' }),
  name: Type.String(),
});

export const SurveyFood = Type.Object({
  id: Type.Integer({ description: 'FNDDS 8-digit food code' }),
  name: Type.String(),
  wweia: Wweia,
});

const Component = Type.Object({
      seq: Type.Integer(),
      ingredient_id: Type.Union([Type.Integer(), Type.Null()], {
        description: 'Canonical ingredient id when the component is one (see /v1/ingredients/{id})',
      }),
      name: Type.String({ description: "The canonical ingredient's name, else the FNDDS description" }),
      grams: Type.Number(),
      retention_code: Type.Union([Type.Integer(), Type.Null()], {
        description: 'USDA nutrient retention code applied to the component (0: none)',
      }),
      ingredient_code: Type.Integer({ description: 'The FNDDS ingredient code as published' }),
      description: Type.String({ description: 'The FNDDS ingredient description as published' }),
      survey_food_id: Type.Union([Type.Integer(), Type.Null()], {
        description: 'When the component is itself a survey food (a sub-recipe), its id',
      }),
      moisture_change_pct: Type.Union([Type.Number(), Type.Null()]),
});

export const Components = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  wweia: Wweia,
  total_grams: Type.Number({ description: 'Sum of the component weights' }),
  components: Type.Array(Component),
});

export const SurveyFoodDetail = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  wweia: Wweia,
  basis: Type.String({ description: `"${BASIS}", or with amount and unit "for 250 g = 250 g of edible portion"` }),
  ...PortionFields,
  nutrients: Type.Array(
    Type.Object({
      ...NutrientAmount.properties,
      source: Type.Literal('usda_fndds', { description: "FNDDS's own published value (its Nutrient Values table)" }),
    }),
    { description: 'The 65 nutrients FNDDS publishes for every survey food, and energy in kJ converted from its kcal (derivation calculated), per 100 g (or for the amount asked)' },
  ),
  allergens: Type.Array(AllergenName, { description: "The union of its canonical ingredients' allergens, through sub-recipes" }),
  total_grams: Type.Number({ description: 'Sum of the component weights listed' }),
  components: Type.Array(Component, {
    description: 'Its components as FNDDS lists them; with expand=true every sub-recipe is replaced by its own components, grams scaled to the weight used',
  }),
});

export const surveyFoodRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/survey-foods',
    {
      schema: {
        tags: ['Survey foods'],
        summary: 'List or search survey foods (FNDDS mixed dishes)',
        querystring: Type.Object({
          q: Type.Optional(SearchText),
          wweia: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999, description: 'WWEIA category number' })),
          ...Pagination,
        }),
        response: { 200: json(pageOf(SurveyFood), 'A page of survey foods'), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { q, wweia } = request.query;
      const { limit, offset } = pageBounds(request.query);
      if (wweia !== undefined && !app.surveyFoods.wweiaExists(wweia)) {
        throw ApiError.invalidParameter('wweia', `no WWEIA category ${wweia} among the survey foods`);
      }
      const page = app.surveyFoods.list({ q, wweia, limit, offset });
      return { data: page.data, limit, offset, total: page.total, total_exact: true };
    },
  );

  app.get(
    '/v1/survey-foods/:id',
    {
      schema: {
        tags: ['Survey foods'],
        summary: "One survey food with FNDDS's own nutrients, its allergens and its components",
        description:
          'Nutrients are the survey\'s published values per 100 g (source usda_fndds). `amount` and `unit` (mass units: a survey food has no density) give the answer for that amount with its `grams`; `nutrients=` keeps only the listed ids; `expand=true` replaces sub-recipes by their canonical ingredients.',
        params: IdParams,
        querystring: Type.Object({
          expand: Type.Optional(Type.Boolean({ default: false, description: 'Replace sub-recipes (components that are survey foods) by their own components' })),
          amount: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e9, description: 'An amount in `unit` (a mass unit)' })),
          unit: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'mg, g, kg, oz or lb' })),
          system: Type.Optional(Type.String({ maxLength: 32, description: 'Accepted for symmetry with ingredients; mass units do not depend on it' })),
          ...NutrientsFilterQuery,
        }),
        response: { 200: json(SurveyFoodDetail, 'The survey food'), ...errorResponses(400, 401, 404, 422, 429) },
      },
    },
    async (request) => {
      const keep = nutrientFilter(app.reference, request.query.nutrients);
      const food = app.surveyFoods.detail(request.params.id, request.query.expand === true);
      if (!food) throw ApiError.notFound(`survey food ${request.params.id}`);
      const portion = massPortion(request.query, `survey food ${food.id}`);
      const nutrients = filterNutrients(food.nutrients, keep);
      if (!portion) return { ...food, nutrients };
      return { ...food, basis: portion.basis, grams: portion.grams, nutrients: scaleNutrients(nutrients, portion.grams) };
    },
  );

  app.get(
    '/v1/survey-foods/:id/components',
    {
      schema: {
        tags: ['Survey foods'],
        summary: 'A survey food decomposed into canonical ingredients with gram amounts',
        params: IdParams,
        response: { 200: json(Components, 'The components'), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const food = app.surveyFoods.components(request.params.id);
      if (!food) throw ApiError.notFound(`survey food ${request.params.id}`);
      return food;
    },
  );
};
