/**
 * Unit conversion for one ingredient: mass and volume units convert among themselves with
 * fixed factors; across mass and volume through the ingredient's density; piece units
 * through the ingredient's own piece weights. Pure: the caller supplies density and pieces.
 */
import { ApiError } from '../errors.js';
import { classifyMeasure, PIECE_SIZES, PIECE_UNITS, sizeOfMeasure, US_VOLUME_ML, type PieceSize, type PieceUnit } from './householdMeasures.js';

export const MASS_G = { mg: 0.001, g: 1, kg: 1000, oz: 28.349523125, lb: 453.59237 } as const;
export type MassUnit = keyof typeof MASS_G;

export const VOLUME_UNITS = ['ml', 'l', 'tsp', 'tbsp', 'fl oz', 'cup', 'pint'] as const;
export type ConvVolumeUnit = (typeof VOLUME_UNITS)[number];

export const SYSTEMS = ['us', 'us_legal', 'metric', 'uk', 'au', 'jp'] as const;
export type MeasuringSystem = (typeof SYSTEMS)[number];

const US: Record<ConvVolumeUnit, number> = {
  ml: 1,
  l: 1000,
  tsp: US_VOLUME_ML.tsp,
  tbsp: US_VOLUME_ML.tbsp,
  'fl oz': US_VOLUME_ML.fl_oz,
  cup: US_VOLUME_ML.cup,
  pint: US_VOLUME_ML.pint,
};

/**
 * Millilitres per unit in each system. A system states the units it defines and takes the
 * others from US customary: us_legal is the FDA labelling set (21 CFR 101.9: cup 240 ml,
 * tbsp 15, tsp 5, fl oz 30); metric cup 250, tbsp 15, tsp 5; uk imperial fl oz and pint with
 * metric spoons and cup; au 250 ml cup and 20 ml tablespoon; jp 200 ml cup.
 */
export const SYSTEM_ML: Record<MeasuringSystem, Record<ConvVolumeUnit, number>> = {
  us: US,
  us_legal: { ...US, tsp: 5, tbsp: 15, 'fl oz': 30, cup: 240, pint: 480 },
  metric: { ...US, tsp: 5, tbsp: 15, cup: 250 },
  uk: { ...US, tsp: 5, tbsp: 15, cup: 250, 'fl oz': 28.4130625, pint: 568.26125 },
  au: { ...US, tsp: 5, tbsp: 20, cup: 250 },
  jp: { ...US, tsp: 5, tbsp: 15, cup: 200 },
};

export type Unit = MassUnit | ConvVolumeUnit | PieceUnit;
export const ALL_UNITS: readonly Unit[] = [...(Object.keys(MASS_G) as MassUnit[]), ...VOLUME_UNITS, ...PIECE_UNITS];

const ALIASES: Record<string, Unit> = {};
const alias = (unit: Unit, ...names: string[]) => {
  for (const n of [unit, ...names]) ALIASES[n] = unit;
};
alias('mg', 'milligram', 'milligrams', 'milligramme', 'milligrammes');
alias('g', 'gram', 'grams', 'gramme', 'grammes', 'gr', 'gm', 'gms');
alias('kg', 'kilogram', 'kilograms', 'kilogramme', 'kilogrammes', 'kilo', 'kilos', 'kgs');
alias('oz', 'ounce', 'ounces', 'ozs');
alias('lb', 'lbs', 'pound', 'pounds');
alias('ml', 'milliliter', 'milliliters', 'millilitre', 'millilitres', 'cc', 'mls');
alias('l', 'liter', 'liters', 'litre', 'litres', 'lt', 'ltr');
alias('tsp', 'teaspoon', 'teaspoons', 'tsps', 'tspn');
alias('tbsp', 'tablespoon', 'tablespoons', 'tbsps', 'tbs', 'tbl', 'tblsp');
alias('fl oz', 'floz', 'fluid ounce', 'fluid ounces', 'fl ozs', 'fl. oz');
alias('cup', 'cups', 'c');
alias('pint', 'pints', 'pt', 'pts');
alias('piece', 'pieces', 'pc', 'pcs', 'each', 'ea', 'item', 'items', 'whole', 'unit', 'units');
alias('slice', 'slices', 'rasher', 'rashers');
alias('clove', 'cloves');
alias('head', 'heads');
alias('bunch', 'bunches');

/** A unit as a caller writes it ("Tablespoons", "fl_oz", "FL. OZ."), or null when unknown. */
export function parseUnit(raw: string): Unit | null {
  const key = raw.trim().toLowerCase().replace(/[_\-]+/g, ' ').replace(/\.+/g, '.').replace(/\.$/, '').replace(/\s+/g, ' ');
  return ALIASES[key] ?? ALIASES[key.replace(/\./g, '')] ?? null;
}

export function parseSystem(raw: string | undefined): MeasuringSystem | null {
  if (raw === undefined) return 'us';
  const key = raw.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return (SYSTEMS as readonly string[]).includes(key) ? (key as MeasuringSystem) : null;
}

export type UnitKind = 'mass' | 'volume' | 'piece';
export function kindOf(unit: Unit): UnitKind {
  if (unit in MASS_G) return 'mass';
  if ((VOLUME_UNITS as readonly string[]).includes(unit)) return 'volume';
  return 'piece';
}

export interface ConversionInput<S extends string = string> {
  from: Unit;
  to: Unit;
  amount: number;
  system: MeasuringSystem;
  /** g/ml and where it came from (usda, literature, measured, category_estimate). */
  density: { gPerMl: number; source: S };
  /** Grams per piece unit the ingredient has, with the household measure it comes from. */
  pieces: Partial<Record<PieceUnit, PieceWeight>>;
}

export interface PieceWeight {
  grams: number;
  measure: string;
  /** The size of the measure used; null when the record states no size for it. */
  size: PieceSize | null;
}

export interface ConversionResult<S extends string = string> {
  amount: number;
  /** Where the density came from, or "none" when the units needed no density. */
  densitySource: S | 'none';
  densityGPerMl: number | null;
  /** The piece weights used, by unit. */
  pieceWeights: Array<{ unit: PieceUnit; grams: number; measure: string; size: PieceSize | null }>;
}

/** Significant digits of every converted amount. */
export const SIGNIFICANT = 6;
export const roundSignificant = (value: number): number => Number(value.toPrecision(SIGNIFICANT));

export function convert<S extends string>(input: ConversionInput<S>): ConversionResult<S> {
  const { from, to, amount, system } = input;
  const ml = SYSTEM_ML[system];
  const fromKind = kindOf(from);
  const toKind = kindOf(to);
  const pieceWeights: ConversionResult['pieceWeights'] = [];
  const pieceGrams = (unit: PieceUnit): number => {
    const piece = input.pieces[unit];
    if (!piece) {
      const have = Object.keys(input.pieces);
      throw new ApiError(
        'conversion_unavailable',
        `this ingredient has no weight for one ${unit}; ` +
          (have.length > 0 ? `piece units it has: ${have.join(', ')}` : 'it has no piece weights at all; convert by mass or volume'),
        { errors: [{ parameter: from === unit ? 'from' : 'to', message: `no weight for "${unit}"${have.length ? `; available: ${have.join(', ')}` : ''}` }] },
      );
    }
    pieceWeights.push({ unit, grams: piece.grams, measure: piece.measure, size: piece.size });
    return piece.grams;
  };

  let result: number;
  let usesDensity = false;
  if (fromKind === 'volume' && toKind === 'volume') {
    result = (amount * ml[from as ConvVolumeUnit]) / ml[to as ConvVolumeUnit];
  } else if (fromKind === 'mass' && toKind === 'mass') {
    result = (amount * MASS_G[from as MassUnit]) / MASS_G[to as MassUnit];
  } else {
    // Through grams.
    let grams: number;
    if (fromKind === 'mass') grams = amount * MASS_G[from as MassUnit];
    else if (fromKind === 'volume') {
      usesDensity = true;
      grams = amount * ml[from as ConvVolumeUnit] * input.density.gPerMl;
    } else grams = amount * pieceGrams(from as PieceUnit);
    if (toKind === 'mass') result = grams / MASS_G[to as MassUnit];
    else if (toKind === 'volume') {
      usesDensity = true;
      result = grams / input.density.gPerMl / ml[to as ConvVolumeUnit];
    } else result = grams / pieceGrams(to as PieceUnit);
  }
  if (!Number.isFinite(result) || !(result > 0)) {
    throw ApiError.invalidParameter('amount', `${amount} ${from} in ${to} is too small or too large to represent`);
  }
  return {
    amount: roundSignificant(result),
    densitySource: usesDensity ? input.density.source : 'none',
    densityGPerMl: usesDensity ? input.density.gPerMl : null,
    pieceWeights,
  };
}

/** A size as a caller writes it (case-insensitive), or null when it is not one. */
export function parseSize(raw: string): PieceSize | null {
  const key = raw.trim().toLowerCase();
  return (PIECE_SIZES as readonly string[]).includes(key) ? (key as PieceSize) : null;
}

type Measure = { amount: number; description: string; gram_weight: number; measure_kind: string; measure_unit: string | null };

/**
 * Piece weights from an ingredient's household measures, per one piece ("3 cloves = 9 g" is
 * 3 g a clove). For each piece unit: with `size`, the first measure (in the source's order) of
 * that size; without, the medium one where the record has one, else the first measure that
 * states no size, else the first. A unit whose measures state no size at all answers its one
 * weight whatever the size asked (`size: null` says so); a unit that has sizes but not the
 * one asked is left out, so converting with it is 422 naming the sizes there are.
 * `piece` covers the measures householdMeasures.ts classifies as one countable item
 * ("large", "medium", "each", "fillet", "Potato medium", ...).
 */
const wordedPiece = (m: Measure): boolean => classifyMeasure(m.amount, null, m.description).kind === 'piece';

/**
 * The record's piece measures by unit, each with its size. A record that sizes its small and large
 * pieces and gives one more, unsized, between them (SR 9200 oranges: small 96 g, "1 fruit (2-5/8"
 * dia)" 131 g, large 184 g) gives its medium piece so.
 */
function sizedPieces(measures: Measure[]): Map<PieceUnit, Array<{ m: Measure; size: PieceSize | 'other' | null }>> {
  const byUnit = new Map<PieceUnit, Array<{ m: Measure; size: PieceSize | 'other' | null }>>();
  for (const m of measures) {
    if (m.measure_kind !== 'piece' || !(m.amount > 0) || !(m.gram_weight > 0)) continue;
    const unit = m.measure_unit as PieceUnit | null;
    if (!unit || !(PIECE_UNITS as readonly string[]).includes(unit)) continue;
    const list = byUnit.get(unit) ?? [];
    list.push({ m, size: sizeOfMeasure(m.description) });
    byUnit.set(unit, list);
  }
  const each = (c: { m: Measure }) => c.m.gram_weight / c.m.amount;
  for (const list of byUnit.values()) {
    const small = list.find((c) => c.size === 'small');
    const large = list.find((c) => c.size === 'large');
    if (!small || !large || list.some((c) => c.size === 'medium')) continue;
    const between = list.filter((c) => c.size === null && each(c) > each(small) && each(c) < each(large));
    if (between.length === 1) between[0]!.size = 'medium';
  }
  return byUnit;
}

/** Per-unit measures a "piece" stands for where the record names no piece itself (decisions.md "Piece sizes"): a clove of garlic, a slice of bread. */
const PIECE_STANDS_FOR: readonly PieceUnit[] = ['clove', 'slice'];

/** A measure described by its unit word alone ("slice", "1 slice"), with nothing that narrows it. */
const bareUnit = (m: Measure, unit: string): boolean => m.description.trim().toLowerCase().replace(/^\d+\s+/, '').replace(/s$/, '') === unit;

export function pieceWeightsFrom(measures: Measure[], size?: PieceSize): ConversionInput['pieces'] {
  const byUnit = sizedPieces(measures);
  const out: ConversionInput['pieces'] = {};
  for (const [unit, list] of byUnit) {
    const sized = list.some((c) => c.size !== null && c.size !== 'other');
    let chosen: { m: Measure; size: PieceSize | 'other' | null } | undefined;
    if (size !== undefined && sized) chosen = list.find((c) => c.size === size);
    else if (size !== undefined) chosen = list[0];
    // A measure worded as a piece ("piece (1/8 of 9" dia)", "wedge") before one named by the food
    // itself ("pie (9" dia)", the whole): "1 piece" of pie is a slice, and the whole is only the
    // default where the record has nothing else (a leek, a pomegranate).
    // Among unsized measures the one that is just the unit ("slice") before a qualified one ("slice
    // crust not eaten", 11 g against 22 g for toast, SR 18070).
    else
      chosen =
        list.find((c) => c.size === 'medium') ??
        list.find((c) => c.size === null && wordedPiece(c.m) && bareUnit(c.m, unit)) ??
        list.find((c) => c.size === null && wordedPiece(c.m)) ??
        list.find((c) => c.size === null && bareUnit(c.m, unit)) ??
        list.find((c) => c.size === null) ??
        list[0];
    if (!chosen) continue;
    const { m } = chosen;
    out[unit] = {
      grams: m.gram_weight / m.amount,
      measure: `${m.amount} ${m.description} = ${m.gram_weight} g`,
      size: chosen.size === 'other' ? null : chosen.size,
    };
  }
  if (out.piece === undefined && !byUnit.has('piece')) {
    const stands = PIECE_STANDS_FOR.find((unit) => out[unit] !== undefined);
    if (stands !== undefined) out.piece = out[stands];
  }
  return out;
}

/** The sizes the record states for each piece unit (for a 422 that names them). */
export function pieceSizesFrom(measures: Measure[]): Partial<Record<PieceUnit, PieceSize[]>> {
  const out: Partial<Record<PieceUnit, PieceSize[]>> = {};
  for (const [unit, list] of sizedPieces(measures)) {
    for (const { size } of list) {
      if (size === null || size === 'other') continue;
      const sizes = (out[unit] ??= []);
      if (!sizes.includes(size)) sizes.push(size);
    }
  }
  return out;
}
