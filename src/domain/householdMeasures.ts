/**
 * Reading the reference dataset's household measures ("1 cup, chopped = 128 g",
 * "1 clove = 3 g") into volumes and piece units, and deriving a density from them.
 */
import { singular } from './search.js';

/** Millilitres per US customary volume unit (the unit USDA household measures use). */
export const US_VOLUME_ML = {
  ml: 1,
  l: 1000,
  tsp: 4.92892159375,
  tbsp: 14.78676478125,
  fl_oz: 29.5735295625,
  cup: 236.5882365,
  pint: 473.176473,
  quart: 946.352946,
  gallon: 3785.411784,
  cubic_inch: 16.387064,
} as const;

export type VolumeUnit = keyof typeof US_VOLUME_ML;

/** Piece units the service converts with an ingredient's own piece weight. */
export const PIECE_UNITS = ['piece', 'slice', 'clove', 'head', 'bunch'] as const;
export type PieceUnit = (typeof PIECE_UNITS)[number];

const VOLUME_WORDS: Array<[RegExp, VolumeUnit]> = [
  [/^(?:cups?|c)\b/, 'cup'],
  [/^(?:tbsp|tbs|tablespoons?)\b/, 'tbsp'],
  [/^(?:tsp|teaspoons?)\b/, 'tsp'],
  [/^(?:fl ?oz|fluid ounces?)\b/, 'fl_oz'],
  [/^(?:ml|milliliters?|millilitres?|cc|cubic centimeters?)\b/, 'ml'],
  [/^(?:l|liters?|litres?)\b/, 'l'],
  [/^(?:pints?|pt)\b/, 'pint'],
  [/^(?:quarts?|qt)\b/, 'quart'],
  [/^(?:gallons?|gal)\b/, 'gallon'],
  [/^(?:cubic inch(?:es)?|cu in)\b/, 'cubic_inch'],
];

/** First words of a measure that name one countable piece, mapped to the piece unit. */
const PIECE_WORDS: Array<[RegExp, PieceUnit]> = [
  [/^cloves?\b/, 'clove'],
  [/^slices?\b/, 'slice'],
  [/^(?:heads?|bulbs?)\b/, 'head'],
  [/^bunch(?:es)?\b/, 'bunch'],
  [
    /^(?:pieces?|pc|each|whole|medium|large|small|extra large|jumbo|fruit|item|unit|egg|stalks?|spears?|leaf|leaves|sprigs?|pods?|ears?|links?|patty|patties|strips?|fillets?|breasts?|thighs?|drumsticks?|wings?|legs?|chops?|steaks?|bars?|cookies?|crackers?|muffins?|rolls?|buns?|bagels?|biscuits?|tortillas?|wedges?|nuts?|kernels?|berr(?:y|ies)|olives?|shrimp|oysters?|clams?|scallops?|sausages?|frankfurters?|wieners?|pats?|cubes?)\b/,
    'piece',
  ],
];

/** The sizes a piece unit can be asked for (decisions.md "Piece sizes"). */
export const PIECE_SIZES = ['small', 'medium', 'large'] as const;
export type PieceSize = (typeof PIECE_SIZES)[number];

/**
 * The size a household measure states: small, medium or large as a word of its text
 * ("1 medium (2-1/2" dia)", "Potato medium (2-1/4" to 3-1/4" dia)", "slice, large (1/4" thick)");
 * "extra large" and "jumbo" are sizes outside the three (`other`); null when it states none.
 */
export function sizeOfMeasure(description: string): PieceSize | 'other' | null {
  const text = description.toLowerCase();
  if (/\b(?:extra[ -]?large|jumbo|x-?large)\b/.test(text)) return 'other';
  const found = /\b(small|medium|large)\b/.exec(text);
  return found ? (found[1] as PieceSize) : null;
}

const STATED_FL_OZ = /\((\d+(?:\.\d+)?) ?fl oz\)/;

export type MeasureKind =
  | { kind: 'volume'; unit: VolumeUnit; ml: number }
  | { kind: 'piece'; unit: PieceUnit }
  | { kind: 'other' };

/**
 * Classifies one household measure. `unitName` is the FDC measure unit when the source
 * has one ("cup", "tablespoon", or "undetermined"), `description` its free text.
 */
export function classifyMeasure(amount: number, unitName: string | null, description: string, foodName?: string): MeasureKind {
  const candidates = [unitName ?? '', description].map((s) => s.trim().toLowerCase()).filter(Boolean);
  for (const text of candidates) {
    if (text === 'undetermined') continue;
    for (const [pattern, unit] of VOLUME_WORDS) {
      if (pattern.test(text) && amount > 0) return { kind: 'volume', unit, ml: amount * US_VOLUME_ML[unit] };
    }
  }
  // "can (6 fl oz)", "serving (5 fl oz)": a container whose volume the description states.
  for (const text of candidates) {
    const stated = STATED_FL_OZ.exec(text);
    if (stated && amount > 0) return { kind: 'volume', unit: 'fl_oz', ml: amount * Number(stated[1]) * US_VOLUME_ML.fl_oz };
  }
  for (const text of candidates) {
    for (const [pattern, unit] of PIECE_WORDS) {
      if (pattern.test(text)) return { kind: 'piece', unit };
    }
  }
  // "1 leek = 89 g", "1 pomegranate (4" dia)", "sweetpotato, 5" long" for "Sweet potato": a
  // measure named by the food itself is one whole piece of it.
  if (foodName !== undefined && namesTheFood(description, foodName)) return { kind: 'piece', unit: 'piece' };
  // A measure the record states per sized unit ("Potato medium (2-1/4" to 3-1/4" dia)" = 213 g)
  // is one piece of that size, whatever word names the food first.
  for (const text of candidates) {
    if (sizeOfMeasure(text) !== null && !/\b(?:oz|ounces?|lbs?|pounds?|g|grams?|package|pkg|container|can|jar|bottle|serving|recipe|yield|cup|tbsp|tsp)\b/.test(text)) {
      return { kind: 'piece', unit: 'piece' };
    }
  }
  return { kind: 'other' };
}

const compact = (text: string): string => text.toLowerCase().replace(/[^a-z]+/g, '');

/** Words USDA files foods under ("Nuts, almonds"): the food's own name is the next part. */
const CLASS_HEADS = new Set(['nut', 'seed', 'fish', 'crustacean', 'mollusk']); // not spices: "Spices, pepper" is ground, not in pieces

/**
 * Whether a measure's first word is the food's own name (its words before the first comma,
 * plural or not, with or without spaces; the next part where that is a class word; a name in
 * parentheses there): "pepper" of "Peppers, jalapeno, raw", "sweetpotato" of "Sweet potato,
 * raw", "almond" of "Nuts, almonds", "prune" of "Plums, dried (prunes), uncooked". Measures of a
 * part ("cup", "slice") never start with the food's name.
 */
export function namesTheFood(description: string, foodName: string): boolean {
  const first = /^[a-z]+/i.exec(description.trim())?.[0];
  if (!first) return false;
  const parts = foodName.split(',').map((p) => p.trim());
  const outside = (part: string) => part.replace(/\([^)]*\)/g, ' ').trim();
  const heads = [outside(parts[0]!)];
  if (CLASS_HEADS.has(singular(compact(heads[0]!))) && parts[1]) heads.push(outside(parts[1]));
  for (const part of parts.slice(0, 2)) {
    for (const aside of part.matchAll(/\(([^)]*)\)/g)) if (!/^incl/i.test(aside[1]!.trim())) heads.push(aside[1]!.trim());
  }
  const word = singular(compact(first));
  const names = new Set(heads.flatMap((head) => [singular(compact(head)), ...head.split(/\s+/).map((w) => singular(compact(w)))]));
  names.delete('');
  return word.length >= 3 && names.has(word);
}

export interface HouseholdMeasure {
  seq: number;
  amount: number;
  unitName: string | null;
  description: string;
  gramWeight: number;
}

export interface DerivedDensity {
  gPerMl: number;
  /** The measure it came from, in words, for traceability. */
  derivedFrom: string;
}

/** Densities outside this range are data errors or measures of something else. */
const PLAUSIBLE_G_PER_ML = { min: 0.02, max: 3 };

/** Volume units in order of preference: the cup is USDA's most common, typical measure. */
const VOLUME_PREFERENCE: VolumeUnit[] = ['cup', 'fl_oz', 'tbsp', 'tsp', 'ml', 'pint', 'quart', 'l', 'gallon', 'cubic_inch'];

export function describeMeasure(m: HouseholdMeasure): string {
  const unit = m.unitName && m.unitName !== 'undetermined' ? `${m.unitName} ` : '';
  const text = `${m.amount} ${unit}${m.description}`.replace(/\s+/g, ' ').trim();
  return `${text} = ${m.gramWeight} g`;
}

/**
 * A measure of the food in another state than the record's: a cup of cream whipped (SR 1053
 * "1 cup, whipped = 120 g", against "1 fl oz = 29.8 g" of the liquid), of seeds with their hulls
 * or nuts in their shells ("1 cup, with hulls, edible yield = 46 g" of kernels). Its volume is
 * not the food's.
 */
const OTHER_STATE = /\b(whipped|with hulls?|in (?:the )?shells?|with shells?)\b/i;

/**
 * The density of an ingredient from its own household measures: the first (by the
 * source's sequence) plausible measure of the most preferred volume unit, leaving out measures
 * of the food in another state (OTHER_STATE) than its name says.
 */
export function densityFromMeasures(measures: HouseholdMeasure[], foodName = ''): DerivedDensity | null {
  let best: { rank: number; seq: number; density: DerivedDensity } | null = null;
  for (const m of measures) {
    if (!(m.gramWeight > 0) || !(m.amount > 0)) continue;
    // "cup, fluid (yields 2 cups whipped)" is the liquid: an aside says what becomes of it.
    const state = OTHER_STATE.exec(m.description.replace(/\([^)]*\)/g, ' '))?.[1];
    if (state !== undefined && !foodName.toLowerCase().includes(state.toLowerCase().split(' ')[0]!)) continue;
    const kind = classifyMeasure(m.amount, m.unitName, m.description);
    if (kind.kind !== 'volume') continue;
    const gPerMl = m.gramWeight / kind.ml;
    if (gPerMl < PLAUSIBLE_G_PER_ML.min || gPerMl > PLAUSIBLE_G_PER_ML.max) continue;
    const rank = VOLUME_PREFERENCE.indexOf(kind.unit);
    if (!best || rank < best.rank || (rank === best.rank && m.seq < best.seq)) {
      best = { rank, seq: m.seq, density: { gPerMl, derivedFrom: describeMeasure(m) } };
    }
  }
  return best?.density ?? null;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
