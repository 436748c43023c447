import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../errors.js';
import { errorResponses, IdParams, json, pageOf, Pagination, pageBounds, SearchText } from '../schemas.js';

const Wweia = Type.Object({
  code: Type.Integer({ description: 'WWEIA food category number' }),
  name: Type.String(),
});

export const SurveyFood = Type.Object({
  id: Type.Integer({ description: 'FNDDS 8-digit food code' }),
  name: Type.String(),
  wweia: Wweia,
});

export const Components = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  wweia: Wweia,
  total_grams: Type.Number({ description: 'Sum of the component weights' }),
  components: Type.Array(
    Type.Object({
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
    }),
  ),
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
