import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { METHODS, parseMethod, retentionMap } from '../../domain/cooking.js';
import { ApiError } from '../../errors.js';
import { errorResponses, IdParams, json } from '../schemas.js';

export const MethodQuery = Type.String({
  maxLength: 64,
  description: `Cooking method, case-insensitive: ${METHODS.join(', ')}; default boiling. Anything else is 400 unsupported_method.`,
});

export const COOKED_BASIS = 'per 100 g cooked food' as const;

/** What ?method= adds to the nutrients answer. */
export const CookedFields = {
  nutrient: {
    retention_factor: Type.Optional(
      Type.Union([Type.Number(), Type.Null()], { description: 'With method: the retention applied; null when none is known (the value is only rescaled by the yield)' }),
    ),
  },
  response: {
    cooking: Type.Optional(
      Type.Object(
        {
          method: Type.Enum([...METHODS]),
          yield_factor: Type.Number(),
          yield_source: Type.String(),
          retention_code: Type.Integer(),
        },
        { description: 'With method: how the cooked values were computed (see /v1/ingredients/{id}/yield)' },
      ),
    ),
  },
};

export const YieldResult = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  method: Type.Enum([...METHODS]),
  yield_factor: Type.Number({ description: 'Cooked weight / raw weight' }),
  yield_source: Type.Enum(['usda_cooking_yields', 'raw_cooked_pair', 'group_default'], {
    description:
      "usda_cooking_yields: the USDA meat and poultry yields table for this cut; raw_cooked_pair: the fat-free dry matter of the ingredient's raw and cooked records; group_default: the median of its food group",
  }),
  yield_basis: Type.String({ description: 'The table row, pair or median the yield comes from' }),
  nutrient_retention: Type.Record(Type.String(), Type.Number(), {
    description:
      'Share of each nutrient retained (cooked nutrient = raw amount x retention). protein, fat and energy: true retention of raw/cooked pairs (the retention table does not cover them); the rest: USDA Release 6 for the retention code',
  }),
  retention: Type.Object({
    code: Type.Integer({ description: 'USDA Release 6 retention code' }),
    description: Type.String(),
    source: Type.Literal('usda_retention_r6'),
    proximate_basis: Type.String({ description: 'Where protein, fat and energy retention come from' }),
  }),
});

export const yieldRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/ingredients/:id/yield',
    {
      schema: {
        tags: ['Ingredients'],
        summary: 'Cooking yield and nutrient retention of an ingredient by method',
        description:
          'Boiling leaches water-soluble vitamins; frying adds fat; baking concentrates by moisture loss; steaming is closest to raw; grilling loses fat. Retention codes by food group and method are documented in the README.',
        params: IdParams,
        querystring: Type.Object({ method: Type.Optional(MethodQuery) }),
        response: { 200: json(YieldResult, 'Yield and retention'), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const method = parseMethod(request.query.method);
      const found = app.ingredients.identity(request.params.id);
      if (!found) throw ApiError.notFound(`ingredient ${request.params.id}`);
      const cooking = app.carbonCooking.cooking(found.id, method);
      if (!cooking) throw new ApiError('internal_error', 'no cooking data for this ingredient');
      return {
        id: found.id,
        name: found.name,
        method,
        yield_factor: Math.round(cooking.yieldFactor * 1000) / 1000,
        yield_source: cooking.yieldSource,
        yield_basis: cooking.yieldBasis,
        nutrient_retention: retentionMap(cooking),
        retention: {
          code: cooking.retentionCode,
          description: cooking.retentionDescription,
          source: 'usda_retention_r6' as const,
          proximate_basis: cooking.proximateBasis,
        },
      };
    },
  );
};
