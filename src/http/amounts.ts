/**
 * The `amount`/`unit`/`system` and `nutrients=` query parameters shared by every answer that
 * lists nutrients: the amount becomes grams through the same conversion as /convert.
 */
import { Type } from 'typebox';
import type { Ingredients } from '../catalog/ingredients.js';
import type { Reference } from '../catalog/reference.js';
import { ALL_UNITS, convert, kindOf, MASS_G, parseSize, parseSystem, parseUnit, pieceSizesFrom, pieceWeightsFrom, SYSTEMS, type MassUnit, type Unit } from '../domain/conversion.js';
import { PIECE_SIZES, type PieceUnit } from '../domain/householdMeasures.js';
import { parseNutrientFilter } from '../domain/nutrientAmounts.js';
import { ApiError } from '../errors.js';

export const UNIT_LIST = ALL_UNITS.join(', ');

export const NutrientsFilterQuery = {
  nutrients: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 1000,
      description: 'Comma-separated nutrient ids (see /v1/nutrients) to keep, e.g. 1008,1003,1004; an unknown id is 400',
    }),
  ),
};

export const AmountQuery = {
  amount: Type.Optional(
    Type.Number({ exclusiveMinimum: 0, maximum: 1e9, description: 'An amount in `unit` (finite, > 0): the answer is then for that amount, with its grams' }),
  ),
  unit: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: `The unit of amount: ${UNIT_LIST} (as /convert)` })),
  system: Type.Optional(Type.String({ maxLength: 32, description: `Measuring system for cup, tbsp, tsp, fl oz and pint: ${SYSTEMS.join(', ')}; default us` })),
  size: Type.Optional(Type.String({ maxLength: 16, description: 'Piece size for piece units: small, medium or large, as /convert (default: the medium piece where the record has one)' })),
  ...NutrientsFilterQuery,
};

export const PortionFields = {
  grams: Type.Optional(Type.Number({ description: 'With amount and unit: the amount in grams (the conversion of /convert); every nutrient amount is for this many grams' })),
};

export function parseUnitParam(raw: string, parameter: string): Unit {
  const unit = parseUnit(raw);
  if (unit) return unit;
  throw new ApiError('unsupported_unit', `unit "${raw.slice(0, 32)}" is not supported; supported units: ${UNIT_LIST}`, {
    errors: [{ parameter, message: `must be one of: ${UNIT_LIST} (case-insensitive; usual spellings such as grams, tablespoon, fl_oz are accepted)` }],
  });
}

export interface Portion {
  grams: number;
  basis: string;
}

/** The basis text of an answer for an amount. */
export const portionBasis = (amount: number, unit: string, grams: number): string => `for ${amount} ${unit} = ${grams} g of edible portion`;

function readAmount(query: { amount?: number; unit?: string; system?: string }): { amount: number; unit: Unit; system: ReturnType<typeof parseSystem> & string } | null {
  const { amount, unit } = query;
  if (amount === undefined && unit === undefined) {
    if (query.system !== undefined) throw ApiError.invalidParameter('system', 'only with amount and unit');
    return null;
  }
  if (amount === undefined) throw ApiError.invalidParameter('amount', 'required with unit');
  if (unit === undefined) throw ApiError.invalidParameter('unit', `required with amount: one of ${UNIT_LIST}`);
  if (!Number.isFinite(amount) || !(amount > 0)) throw ApiError.invalidParameter('amount', 'must be a finite number > 0');
  const parsed = parseUnitParam(unit, 'unit');
  const system = parseSystem(query.system);
  if (!system) throw ApiError.invalidParameter('system', `must be one of: ${SYSTEMS.join(', ')}`);
  return { amount, unit: parsed, system };
}

/** Grams of an ingredient for the query's amount, or null when the query asks per 100 g. */
export function ingredientPortion(catalog: Ingredients, id: number, query: { amount?: number; unit?: string; system?: string; size?: string }): Portion | null {
  const asked = readAmount(query);
  const size = query.size === undefined ? undefined : parseSize(query.size);
  if (size === null) throw ApiError.invalidParameter('size', `must be one of: ${PIECE_SIZES.join(', ')}`);
  if (!asked) {
    if (size !== undefined) throw ApiError.invalidParameter('size', 'only with amount and a piece unit');
    return null;
  }
  const density = catalog.density(id);
  if (!density) throw ApiError.notFound(`ingredient ${id}`);
  const measures = catalog.measures(id);
  const pieces = pieceWeightsFrom(measures, size);
  const stated = pieceSizesFrom(measures)[asked.unit as PieceUnit];
  if (size !== undefined && kindOf(asked.unit) === 'piece' && !pieces[asked.unit as PieceUnit] && stated) {
    throw new ApiError('conversion_unavailable', `this ingredient has no ${size} ${asked.unit}; sizes it has: ${stated.join(', ')}`, {
      errors: [{ parameter: 'size', message: `available: ${stated.join(', ')}` }],
    });
  }
  const result = convert({ from: asked.unit, to: 'g', amount: asked.amount, system: asked.system, density, pieces });
  return { grams: result.amount, basis: portionBasis(asked.amount, asked.unit, result.amount) };
}

/** Grams for records that have no density or piece weights (survey foods): mass units only. */
export function massPortion(query: { amount?: number; unit?: string; system?: string }, what: string): Portion | null {
  const asked = readAmount(query);
  if (!asked) return null;
  if (kindOf(asked.unit) !== 'mass') {
    throw new ApiError('conversion_unavailable', `${what} has no density or piece weights; give the amount in a mass unit (mg, g, kg, oz, lb)`, {
      errors: [{ parameter: 'unit', message: 'must be a mass unit for this record: mg, g, kg, oz, lb' }],
    });
  }
  const grams = Number((asked.amount * MASS_G[asked.unit as MassUnit]).toPrecision(6));
  if (!(grams > 0) || !Number.isFinite(grams)) throw ApiError.invalidParameter('amount', 'too small or too large to represent in grams');
  return { grams, basis: portionBasis(asked.amount, asked.unit, grams) };
}

export const nutrientFilter = (reference: Reference, raw: string | undefined): Set<number> | null => parseNutrientFilter(raw, reference.nutrientIds());
