import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ALL_UNITS, convert, parseSystem, parseUnit, pieceWeightsFrom, SYSTEMS, type Unit } from '../../domain/conversion.js';
import { ApiError } from '../../errors.js';
import { errorResponses, IdParams, json } from '../schemas.js';

const UNIT_LIST = ALL_UNITS.join(', ');

const Amount = Type.Object({ unit: Type.String(), amount: Type.Number() });

const ConversionResult = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  from: Amount,
  to: Amount,
  system: Type.Enum([...SYSTEMS], { description: 'The measuring system used for cup, tbsp, tsp, fl oz and pint' }),
  density_source: Type.Enum(['usda', 'literature', 'measured', 'category_estimate', 'none'], {
    description:
      "Where the density used came from: usda (the ingredient's household measures), literature (FAO/INFOODS), measured, category_estimate (its category's median); none when the units needed no density",
  }),
  density_g_per_ml: Type.Union([Type.Number(), Type.Null()], { description: 'The density used, or null' }),
  piece_weights: Type.Array(
    Type.Object({ unit: Type.String(), grams: Type.Number(), measure: Type.String({ description: 'The household measure it comes from' }) }),
    { description: 'The piece weights used' },
  ),
});

const unitParam = (raw: string, parameter: 'from' | 'to'): Unit => {
  const unit = parseUnit(raw);
  if (unit) return unit;
  throw new ApiError('unsupported_unit', `unit "${raw.slice(0, 32)}" is not supported; supported units: ${UNIT_LIST}`, {
    errors: [{ parameter, message: `must be one of: ${UNIT_LIST} (case-insensitive; usual spellings such as grams, tablespoon, fl_oz are accepted)` }],
  });
};

/** The smallest positive normal double; below it digits are lost. */
const MIN_NORMAL = 2.2250738585072014e-308;

export const convertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/ingredients/:id/convert',
    {
      schema: {
        tags: ['Ingredients'],
        summary: 'Convert an amount of an ingredient between units',
        description: `Units: ${UNIT_LIST}. Mass to mass and volume to volume need no density; across mass and volume the ingredient's density is used; piece units (piece, slice, clove, head, bunch) use the ingredient's own piece weights, and a piece unit it has no weight for is 422 conversion_unavailable naming the ones it has. Results have ${6} significant digits.`,
        params: IdParams,
        querystring: Type.Object({
          from: Type.String({ minLength: 1, maxLength: 64, description: 'Source unit' }),
          to: Type.String({ minLength: 1, maxLength: 64, description: 'Target unit (same set as from)' }),
          amount: Type.Number({ exclusiveMinimum: 0, maximum: 1e9, description: 'Amount in the source unit: a finite number > 0, at most 1e9; an amount so small that the result underflows is 400' }),
          system: Type.Optional(Type.String({ maxLength: 32, description: `Measuring system: ${SYSTEMS.join(', ')}; default us` })),
        }),
        response: { 200: json(ConversionResult, 'The converted amount'), ...errorResponses(400, 401, 404, 422, 429) },
      },
    },
    async (request) => {
      const { amount } = request.query;
      const from = unitParam(request.query.from, 'from');
      const to = unitParam(request.query.to, 'to');
      const system = parseSystem(request.query.system);
      if (!system) throw ApiError.invalidParameter('system', `must be one of: ${SYSTEMS.join(', ')}`);
      if (!Number.isFinite(amount) || !(amount > 0)) throw ApiError.invalidParameter('amount', 'must be a finite number > 0');
      // A subnormal double has lost precision already (1.23457e-318 is stored as 1.23457e-318 only to 3 digits).
      if (amount < MIN_NORMAL) throw ApiError.invalidParameter('amount', `is too small: at least ${MIN_NORMAL} (smaller numbers lose precision)`);
      const ingredient = app.ingredients.ingredientNutrients(request.params.id);
      const density = app.ingredients.density(request.params.id);
      if (!ingredient || !density) throw ApiError.notFound(`ingredient ${request.params.id}`);
      const result = convert({
        from,
        to,
        amount,
        system,
        density,
        pieces: pieceWeightsFrom(app.ingredients.measures(ingredient.id)),
      });
      return {
        id: ingredient.id,
        name: ingredient.name,
        from: { unit: from, amount },
        to: { unit: to, amount: result.amount },
        system,
        density_source: result.densitySource,
        density_g_per_ml: result.densityGPerMl === null ? null : Number(result.densityGPerMl.toPrecision(6)),
        piece_weights: result.pieceWeights,
      };
    },
  );
};
