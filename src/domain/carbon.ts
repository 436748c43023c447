/**
 * Carbon footprints: matching ingredients to the products of the carbon datasets by the
 * reviewed rules in src/importers/mappings/carbon-rules.json, and the statistics (medians,
 * percentile spreads, data quality ratings) the carbon object is built from.
 */

export const CARBON_UNIT = 'kg CO2e per kg' as const;

export type CarbonClass = 'global_study' | 'french_inventory' | 'category_median';

/** Dataset ids of the carbon sources, as /v1/sources lists them. */
export const CARBON_SOURCES = {
  pooreNemecek: 'poore_nemecek_2018',
  suEatableLife: 'su_eatable_life',
  agribalyse: 'agribalyse_3_1',
  categoryMedian: 'category_median',
} as const;

export const BOUNDARY = {
  global: 'cradle-to-retail',
  french: 'cradle-to-plate',
  median: 'cradle-to-retail (category median)',
} as const;

export interface CarbonRule {
  /** FDC food category code ("1100"), several joined by "|", or "*". */
  c: string;
  /** Regular expression matched as whole words against the lower-cased name. */
  m: string;
  x?: string | null;
  sel?: string | null;
  selTypology?: string | null;
  pn?: string | null;
  typology?: string | null;
  skip?: boolean;
}

export interface CompiledRule {
  index: number;
  rule: CarbonRule;
  categories: Set<string> | null;
  match: RegExp;
  except: RegExp | null;
}

const words = (pattern: string) => new RegExp(`(?:^|[^a-z0-9])(?:${pattern})(?:$|[^a-z0-9])`);

export function compileRules(rules: CarbonRule[]): CompiledRule[] {
  return rules.map((rule, index) => ({
    index,
    rule,
    categories: rule.c === '*' ? null : new Set(rule.c.split('|')),
    match: words(rule.m),
    except: rule.x ? words(rule.x) : null,
  }));
}

/** The first rule that matches the ingredient, or null. A matching `skip` rule also answers null. */
export function matchRule(rules: CompiledRule[], ingredient: { name: string; categoryCode: string }): CompiledRule | null {
  // SR's "(Includes foods for USDA's Food Distribution Program)" says who else sells the food: its
  // words are none of the food's (cheddar 1009 is no "cheese food").
  const name = ingredient.name.replace(/\((?:includes?|including)\s[^)]*\)/gi, ' ').toLowerCase();
  for (const r of rules) {
    if (r.categories && !r.categories.has(ingredient.categoryCode)) continue;
    if (!r.match.test(name)) continue;
    if (r.except && r.except.test(name)) continue;
    return r.rule.skip ? null : r;
  }
  return null;
}

/** Percentile by linear interpolation between closest ranks (p in 0..1). */
export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * p;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** The 10th to 90th percentile of comparable values, widened so it always holds the value itself. */
export function spread(value: number, comparable: number[]): { low: number; high: number } {
  const low = percentile(comparable, 0.1) ?? value;
  const high = percentile(comparable, 0.9) ?? value;
  return { low: Math.min(low, value), high: Math.max(high, value) };
}

/**
 * Why a carbon value has the spread it has. A spread is only ever drawn from values of the
 * same product class (milk is never given cheese's 14.8 as its high end):
 * - same_product_estimates: the independent estimates of this very product (the SU-EATABLE
 *   LIFE item and the Poore & Nemecek product the reviewed rule names for it), low to high;
 * - single_value_source: the source gives one value and nothing else estimates this product,
 *   so uncertainty_low = uncertainty_high = the value (no spread borrowed from other products);
 * - typology_items: the value is a SU-EATABLE LIFE typology (a class), spread over its items;
 * - agribalyse_subgroup: the 10th-90th percentiles of the AGRIBALYSE sub-group;
 * - category_spread: a category median, spread over the category's mapped ingredients.
 */
export const UNCERTAINTY_REASONS = ['same_product_estimates', 'single_value_source', 'typology_items', 'agribalyse_subgroup', 'category_spread'] as const;
export type UncertaintyReason = (typeof UNCERTAINTY_REASONS)[number];

/** The spread of a value from its own product's estimates: their range, or the value itself alone. */
export function sameProductSpread(value: number, otherEstimates: number[]): { low: number; high: number; reason: UncertaintyReason } {
  const all = [value, ...otherEstimates];
  if (all.length === 1 || all.every((v) => v === value)) return { low: value, high: value, reason: 'single_value_source' };
  return { low: Math.min(...all), high: Math.max(...all), reason: 'same_product_estimates' };
}

/** AGRIBALYSE publishes a DQR from 1 (best) to 5; the French class is rated 2 to 3 (decisions.md). */
export function frenchDqr(published: number): number {
  return Math.min(3, Math.max(2, Math.round(published)));
}

/** SU-EATABLE LIFE rates each item's uncertainty L(ow) or H(igh): global class 1 or 2. */
export function globalDqr(uncertainty: 'L' | 'H' | null): number {
  return uncertainty === 'L' ? 1 : 2;
}

/** A category median stands on this many mapped ingredients before it is rated 4 rather than 5. */
export const MEDIAN_DQR4_MIN = 20;

export const round = (value: number, digits = 4): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/**
 * The footprint of a kilogram of a cooked food from that of the raw food it was cooked from: a kg
 * of raw rice boils to 2.8 kg (its yield factor), so a kg of the cooked rice carries 1/2.8 of the
 * raw kg's footprint; a beef patty that loses 31 % of its weight carries 1/0.69 of it. (The
 * energy of cooking is outside every boundary the sources publish.)
 */
export function perKgCooked(rawPerKg: number, yieldFactor: number): number {
  if (!(yieldFactor > 0)) throw new RangeError(`a yield factor is positive, not ${yieldFactor}`);
  return rawPerKg / yieldFactor;
}

/**
 * The footprint of a kilogram of a dried or concentrated fruit or vegetable from that of the fresh
 * food: drying removes water only, so a kg of tomato paste (73.5 % water) holds the dry matter of
 * (100 - 73.5) / (100 - 94.5) = 4.8 kg of fresh tomatoes (94.5 % water), and carries their
 * footprint. (The energy of drying is outside every boundary the sources publish.)
 */
export function perKgConcentrated(freshPerKg: number, water: number, freshWater: number): number {
  if (!(water >= 0 && water < 100 && freshWater >= 0 && freshWater < 100)) {
    throw new RangeError(`water is a share of 0 to 100 g per 100 g, not ${water} and ${freshWater}`);
  }
  return (freshPerKg * (100 - water)) / (100 - freshWater);
}

/** Names of records made by removing water from a fruit or vegetable (dried, paste, powder, flakes...). */
export const CONCENTRATED_NAME = /\b(?:dried|dehydrated|dry|powder|powdered|paste|concentrate|concentrated|flakes|granules|sun-dried|freeze-dried)\b/i;
/** ...and of records that are more than the food without its water (sugar, syrup, oil added). */
export const NOT_ONLY_DRIED_NAME = /\b(?:from concentrate|sweetened|candied|syrup|sugar|fried|oil|with salt|salted|juice drink|prepared|cooked|stewed|reconstituted|diluted)\b/i;
/**
 * Names of milks with their water removed (SR 1090 dry whole milk, 1096 evaporated milk): a study's
 * "Milk" is the fluid milk, so a kg of powder carries the footprint of the milk its solids came
 * from. Dry matter is the only allocation the data allow (the cream taken from skim milk is not
 * in any record); AGRIBALYSE's own powders (14.8 kg CO2e/kg) are 10.0 times its whole milk (1.49),
 * the dry-matter ratio of whole milk powder to fluid milk about 9.
 */
export const CONCENTRATED_MILK_NAME = /\b(?:dry|dried|powder|powdered|evaporated|condensed)\b/i;
/** Fluid cow's milks, whose median water is the fresh milk's (SR 1077 whole 88.1, 1085 nonfat 90.8 g per 100 g). */
export const FLUID_MILK_NAME = /^Milk, (?:whole|reduced fat|lowfat|nonfat|fluid)\b/i;
/** How much drier than the fresh food (dry matter ratio) a record must be to be read as concentrated. */
export const CONCENTRATED_MIN_RATIO = 1.5;
