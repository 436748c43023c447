import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ALL_UNITS, convert, kindOf, parseSize, parseSystem, parseUnit, pieceSizesFrom, pieceWeightsFrom, SYSTEMS, type Unit } from '../../domain/conversion.js';
import { PIECE_SIZES, type PieceUnit } from '../../domain/householdMeasures.js';
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
  size: Type.Union([Type.Enum([...PIECE_SIZES]), Type.Null()], {
    description:
      'The piece size used: the one asked for, else medium where the record has sized measures; null when no piece unit was converted or the record states no size for it',
  }),
  piece_weights: Type.Array(
    Type.Object({
      unit: Type.String(),
      grams: Type.Number(),
      measure: Type.String({ description: 'The household measure it comes from' }),
      size: Type.Union([Type.Enum([...PIECE_SIZES]), Type.Null()], { description: 'The size the measure states, or null' }),
    }),
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
        description: `Units: ${UNIT_LIST}. Mass to mass and volume to volume need no density; across mass and volume the ingredient's density is used; piece units (piece, slice, clove, head, bunch) use the ingredient's own piece weights (a Foundation record without them, those of its fuller SR Legacy record of the same food, named in piece_weights), and a piece unit it has no weight for is 422 conversion_unavailable naming the ones it has. Results have ${6} significant digits.`,
        params: IdParams,
        querystring: Type.Object({
          from: Type.String({ minLength: 1, maxLength: 64, description: 'Source unit' }),
          to: Type.String({ minLength: 1, maxLength: 64, description: 'Target unit (same set as from)' }),
          amount: Type.Number({ exclusiveMinimum: 0, maximum: 1e9, description: 'Amount in the source unit: a finite number > 0, at most 1e9; an amount so small that the result underflows is 400' }),
          system: Type.Optional(Type.String({ maxLength: 32, description: `Measuring system: ${SYSTEMS.join(', ')}; default us` })),
          size: Type.Optional(
            Type.String({
              maxLength: 16,
              description:
                'Piece size for piece units, case-insensitive: small, medium or large, from the sized household measures (onion: small 70 g, medium 110 g, large 150 g). Default: the medium piece where the record has one, else its own piece weight. A size the record lacks for a unit that has sizes is 422 conversion_unavailable naming the sizes it has.',
            }),
          ),
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
      const size = request.query.size === undefined ? undefined : parseSize(request.query.size);
      if (size === null) throw ApiError.invalidParameter('size', `must be one of: ${PIECE_SIZES.join(', ')}`);
      const ingredient = app.ingredients.identity(request.params.id);
      const density = app.ingredients.density(request.params.id);
      if (!ingredient || !density) throw ApiError.notFound(`ingredient ${request.params.id}`);
      let measures = app.ingredients.measures(ingredient.id);
      let pieces = pieceWeightsFrom(measures, size);
      // A Foundation record without piece weights weighs a piece by its fuller SR Legacy record of
      // the same food (ingredient_fuller_record), as recipe lines do: Foundation 2646170 chicken
      // breast by SR 5062's "1 breast" (session 19 user trial: 422 here, a weight in a recipe).
      const pieceUnits = [from, to].filter((unit) => kindOf(unit) === 'piece') as PieceUnit[];
      const fuller = pieceUnits.some((unit) => !pieces[unit]) ? app.ingredients.fullerRecord(ingredient.id) : null;
      if (fuller !== null) {
        const theirs = app.ingredients.measures(fuller.id);
        const borrowed = pieceWeightsFrom(theirs, size);
        if (Object.keys(borrowed).length > 0) {
          measures = [...measures, ...theirs];
          const lent = Object.entries(borrowed).map(([unit, weight]) => [unit, { ...weight!, measure: `${weight!.measure}, of the same food's record ${fuller.id} "${fuller.name}"` }]);
          pieces = { ...Object.fromEntries(lent), ...pieces };
        }
      }
      if (size !== undefined) {
        const sizes = pieceSizesFrom(measures);
        for (const [parameter, unit] of [['from', from], ['to', to]] as const) {
          const stated = sizes[unit as PieceUnit];
          if (kindOf(unit) === 'piece' && !pieces[unit as PieceUnit] && stated) {
            throw new ApiError('conversion_unavailable', `this ingredient has no ${size} ${unit}; sizes it has: ${stated.join(', ')}`, {
              errors: [{ parameter: 'size', message: `no ${size} ${unit} for this ingredient (the ${parameter} unit); available: ${stated.join(', ')}` }],
            });
          }
        }
      }
      const result = convert({ from, to, amount, system, density, pieces });
      const used = result.pieceWeights[0];
      return {
        id: ingredient.id,
        name: ingredient.name,
        from: { unit: from, amount },
        to: { unit: to, amount: result.amount },
        system,
        density_source: result.densitySource,
        density_g_per_ml: result.densityGPerMl === null ? null : Number(result.densityGPerMl.toPrecision(6)),
        size: used ? used.size : null,
        piece_weights: result.pieceWeights,
      };
    },
  );
};
