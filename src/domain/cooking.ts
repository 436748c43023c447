/**
 * Cooking: yield factors (cooked weight / raw weight), nutrient retention by method, and
 * the cooked nutrient values they give (raw amount x retention / yield, per 100 g cooked).
 * Pure: the importer resolves each ingredient's yield and retention code with these rules.
 */

import { ApiError } from '../errors.js';

export const METHODS = ['boiling', 'frying', 'baking', 'steaming', 'grilling'] as const;
export type Method = (typeof METHODS)[number];

/** Words in a reference-dataset name that say how the food was cooked. */
const METHOD_WORDS: Array<[RegExp, Method]> = [
  [/\b(?:steamed)\b/, 'steaming'],
  [/\b(?:grilled|broiled|pan-broiled|pan broiled|barbecued)\b/, 'grilling'],
  [/\b(?:fried|pan-fried|deep-fried|stir-fried|sauteed|pan-browned|pan browned)\b/, 'frying'],
  [/\b(?:baked|roasted|oven-roasted|slow roasted)\b/, 'baking'],
  [/\b(?:boiled|simmered|stewed|braised|poached)\b/, 'boiling'],
];

/**
 * How USDA names a cereal made with water ("Cereals, oats, regular and quick, unenriched, cooked
 * with water"; "..., instant, ..., prepared with water"): porridge is the oats boiled in water.
 * Only for cereals: a juice concentrate "prepared with water" is diluted, not cooked.
 */
const WITH_WATER_SEGMENT = /^(?:cooked|prepared) with water$/;

/** Name segments that describe state or cooking, not the food: removed to find raw/cooked pairs. */
const STATE_SEGMENT =
  /^(?:raw|unprepared|uncooked|dry|cooked|boiled|drained|without salt|with salt|dry heat|moist heat|steamed|grilled|broiled|pan-broiled|fried|pan-fried|deep-fried|stir-fried|sauteed|pan-browned|baked|roasted|oven-roasted|slow roasted|simmered|stewed|braised|poached|microwaved|heated|unheated|salt added in processing|without salt added|with salt added|without added salt|with added salt)$/;

/**
 * The shape ground meat is cooked in ("Beef, ground, 80% lean meat / 20% fat, crumbles, cooked,
 * pan-browned"; "..., patty, cooked, broiled"; "..., loaf, cooked, baked"): the raw record
 * names none, and the USDA cooking yields table gives its yield per shape and method.
 */
const COOKED_FORM_SEGMENT = /^(?:crumbles|patty|patties|loaf)$/;
/**
 * Words USDA adds to one record of a pair and not the other without naming another food: SR
 * 16069 "Lentils, raw" and 16070 "Lentils, mature seeds, cooked, boiled, without salt"; SR 16108
 * "Soybeans, mature seeds, raw" and 16109 "Soybeans, mature cooked, boiled, without salt". Dry
 * legumes are the mature seeds (the immature ones are "immature seeds", a vegetable).
 */
const MATURE_SEGMENT = /^mature(?: seeds)?(?: cooked)?$/;

/** One enrichment said two ways by USDA's names of one food's records ("not fortified" dry oats, "unenriched" cooked). */
const ENRICHMENT_SYNONYMS: Readonly<Record<string, string>> = { 'not fortified': 'unenriched' };

export interface CookingName {
  /** The name without state and cooking segments, lower-cased: the key raw and cooked records share. */
  base: string;
  /** true when the name says the food is cooked; the method when it says how. */
  cooked: boolean;
  method: Method | null;
}

/**
 * Reads a reference-dataset name ("Broccoli, cooked, boiled, drained, without salt"). A plain
 * "cooked" without a method word counts as boiling outside meats, as USDA uses it for
 * vegetables, grains and legumes cooked in water; a cereal (`cereal`) "cooked with water" or
 * "prepared with water" is boiled too (WITH_WATER_SEGMENT).
 */
export function parseCookingName(name: string, meat: boolean, cereal = false): CookingName {
  const lower = name.toLowerCase().replace(/\([^)]*\)/g, ' ').replace(/\s+/g, ' ');
  const all = lower.split(',').map((s) => s.trim()).filter(Boolean);
  const withWater = cereal && all.some((s) => WITH_WATER_SEGMENT.test(s));
  const segments = withWater ? all.filter((s) => !WITH_WATER_SEGMENT.test(s)) : all;
  let method: Method | null = withWater ? 'boiling' : null;
  for (const [pattern, m] of METHOD_WORDS) {
    if (method === null && segments.some((s) => pattern.test(s))) {
      method = m;
      break;
    }
  }
  const cooked = method !== null || segments.includes('cooked') || segments.includes('mature cooked');
  const base = segments
    .filter((s) => !STATE_SEGMENT.test(s) && !MATURE_SEGMENT.test(s) && !(cooked && COOKED_FORM_SEGMENT.test(s)))
    .map((s) => ENRICHMENT_SYNONYMS[s] ?? s)
    .join(', ');
  if (cooked && method === null && !meat) method = 'boiling';
  return { base, cooked, method };
}

/** Preparation methods of the USDA cooking yields table, as the service's methods. */
export function methodOfPreparation(preparation: string): Method | null {
  const p = preparation.trim().toLowerCase();
  if (/braised|simmered|stewed|poached/.test(p)) return 'boiling';
  if (/broil|grill/.test(p)) return 'grilling';
  if (/fried|sauteed|browned|deep fat/.test(p)) return 'frying';
  if (/baked|roasted/.test(p)) return 'baking';
  return null;
}

export interface Proximates {
  water?: number | undefined;
  fat?: number | undefined;
  protein?: number | undefined;
  energy?: number | undefined;
}

/**
 * Plausible cooked/raw weight ratios; a pair outside them is a mismatch, not a yield. Porridge is
 * the most water a food takes up: SR 8120 dry oats to 8121 oats cooked with water, 5.5.
 */
export const YIELD_RANGE = { min: 0.2, max: 6 } as const;

/**
 * The yield of a raw/cooked pair by the balance of fat-free dry matter, which cooking in
 * water, fat or air neither adds nor removes much of: yield = (100 - water - fat)raw /
 * (100 - water - fat)cooked. Null when either side lacks water or fat, or the ratio is implausible.
 */
export function pairYield(raw: Proximates, cooked: Proximates): number | null {
  if (raw.water === undefined || cooked.water === undefined) return null;
  const solidsRaw = 100 - raw.water - (raw.fat ?? 0);
  const solidsCooked = 100 - cooked.water - (cooked.fat ?? 0);
  if (!(solidsRaw > 0) || !(solidsCooked > 0)) return null;
  const y = solidsRaw / solidsCooked;
  return y >= YIELD_RANGE.min && y <= YIELD_RANGE.max ? y : null;
}

/** USDA's true retention: share of the raw nutrient left in the cooked food (cooked x yield / raw). */
export function trueRetention(rawAmount: number | undefined, cookedAmount: number | undefined, yieldFactor: number): number | null {
  if (rawAmount === undefined || cookedAmount === undefined || !(rawAmount > 0) || cookedAmount < 0) return null;
  const r = (cookedAmount * yieldFactor) / rawAmount;
  return Number.isFinite(r) ? r : null;
}

/** A food holding less water than this per 100 g is dry: grains, pasta, pulses and flours as sold, nuts. */
export const DRY_WATER_G = 25;

/**
 * Physics on a yield that is not the record's own (a median of other foods' pairs or table
 * rows), given the food's raw water and the yield it got for boiling:
 * - steaming cooks in steam, not in water: a dry food takes up water as when boiled (USDA's
 *   retention code for steamed rice is "cooked with water used"); any other food takes up none
 *   (at most 1) and loses at most what simmering loses (at most its boiling yield);
 * - a dry food cooked dry (fried, baked, grilled) keeps its weight where the yield comes from
 *   other categories' foods, which lose their water (its own category's pairs, roasted nuts, say otherwise);
 * - no food loses more weight than the water it holds: at least its dry matter;
 * - a record already cooked (its name says so: SR 20045 "Rice, ..., cooked", 8103 Cream of Wheat
 *   "cooked with water") takes up no more water when cooked again: at most 1, where its
 *   category's median (dry rice's 2.9, dry hot cereals' 5.5) would have diluted it again.
 * The bounded yield, and why it moved (null when it did not).
 */
export function boundGroupYield(
  method: Method,
  y: number,
  food: {
    /** The raw food's water, g per 100 g. */
    rawWater: number | undefined;
    /** The yield the food got for boiling. */
    boilingYield: number | undefined;
    /** Whether `y` is a median of other categories' pairs, not of the food's own category. */
    fromOtherCategories: boolean;
    /** Whether the record is itself cooked. */
    cooked?: boolean;
  },
): { y: number; why: string | null } {
  const { rawWater, boilingYield, fromOtherCategories } = food;
  let out = y;
  let why: string | null = null;
  const dry = rawWater !== undefined && rawWater < DRY_WATER_G;
  if (dry && method !== 'boiling' && method !== 'steaming' && fromOtherCategories && y < 1) {
    out = 1;
    why = `held at 1: a dry food (${rawWater} g water) cooked dry keeps its weight; other foods' yields are water they lose`;
  } else if (method === 'steaming') {
    if (dry && boilingYield !== undefined) {
      out = boilingYield;
      why = `a dry food (${rawWater} g water) takes up water when steamed as when boiled: the boiling yield`;
    } else if (Math.min(y, 1, boilingYield ?? 1) !== y) {
      out = Math.min(y, 1, boilingYield ?? 1);
      why = out === 1 ? 'held at 1: steaming adds no water' : 'steaming adds no water and loses what simmering loses: the boiling yield';
    }
  }
  if (food.cooked === true && out > 1) {
    out = 1;
    why = 'held at 1: the record is already cooked, and cooking it again takes up no water';
  }
  if (rawWater !== undefined && rawWater >= 0 && rawWater < 100) {
    const dryMatter = (100 - rawWater) / 100;
    if (out < dryMatter) {
      out = dryMatter;
      why = `no food loses more than its ${rawWater} g of water: its dry matter`;
    }
  }
  return { y: out, why };
}

/**
 * Cooking cannot add protein, vitamins or minerals to a food: a retention above 1 measured
 * from a pair is the noise of two samples, held at 1. Only frying adds fat and with it
 * energy from the pan, so fat and energy may exceed 1 when frying.
 */
export function boundRetention(key: string, method: Method, r: number): number {
  if (method === 'frying' && (key === 'fat' || key === 'energy')) return r;
  return Math.min(r, 1);
}

/** Nutrient keys of the retention answer, by SR nutrient number (the USDA retention table's keys). */
export const RETENTION_KEYS: Record<string, string> = {
  '404': 'vitamin_b1',
  '405': 'vitamin_b2',
  '406': 'vitamin_b3',
  '415': 'vitamin_b6',
  '417': 'folate_total',
  '431': 'folic_acid',
  '432': 'folate_food',
  '418': 'vitamin_b12',
  '401': 'vitamin_c',
  '318': 'vitamin_a_iu',
  '392': 'vitamin_a_re',
  '421': 'choline',
  '301': 'calcium',
  '303': 'iron',
  '304': 'magnesium',
  '305': 'phosphorus',
  '306': 'potassium',
  '307': 'sodium',
  '309': 'zinc',
  '312': 'copper',
  '321': 'beta_carotene',
  '322': 'alpha_carotene',
  '334': 'beta_cryptoxanthin',
  '337': 'lycopene',
  '338': 'lutein_zeaxanthin',
  '221': 'alcohol',
};

/** The proximates the retention table does not cover, with their SR nutrient numbers. */
export const PROXIMATE_KEYS = { protein: ['203'], fat: ['204'], energy: ['208', '268', '957', '958'] } as const;
export type ProximateKey = keyof typeof PROXIMATE_KEYS;

type Codes = [boiling: number, frying: number, baking: number, steaming: number, grilling: number];

interface RetentionRule {
  /** FDC food category codes the rule applies to. */
  categories: string[];
  /** Optional pattern on the lower-cased name. */
  name?: RegExp;
  /** Optional condition on fat per 100 g (finfish). */
  fatAbove?: number;
  codes: Codes;
  why: string;
}

/**
 * Which USDA Release 6 retention code describes an ingredient of a category cooked by a
 * method: [boiling, frying, baking, steaming, grilling]. First matching rule wins. Where the
 * table has no code for the method itself, the closest one is named in `why`.
 */
export const RETENTION_RULES: RetentionRule[] = [
  { categories: ['0100'], name: /\beggs?\b/, codes: [105, 103, 101, 107, 103], why: 'eggs: hard cooked, fried, baked, poached (steaming), fried (grilling)' },
  { categories: ['0100'], name: /\bcheese\b/, codes: [5, 3, 1, 5, 3], why: 'cheese: cooked with liquid, broiled (frying, grilling), baked' },
  { categories: ['0100'], codes: [2152, 2151, 2153, 2151, 2151], why: 'milk: heated 30 min (boiling), 1 hour (baking), 10 min (other)' },
  { categories: ['0500'], name: /\bturkey\b/, codes: [1851, 803, 1805, 1851, 801], why: 'turkey: simmered, roasted; chicken fried/broiled where the table has no turkey code' },
  { categories: ['0500'], codes: [855, 803, 805, 855, 801], why: 'poultry: chicken simmered, fried without coating, roasted, simmered (steaming), broiled' },
  { categories: ['0700'], codes: [1654, 1659, 1654, 1654, 1657], why: 'sausages and luncheon meats: ready-to-eat sausage cooked, sauteed, broiled' },
  { categories: ['0800'], name: /\boat/, codes: [352, 305, 301, 352, 306], why: 'oatmeal cooked; flour/meal sauteed, baked, toasted' },
  { categories: ['0800'], codes: [358, 305, 301, 358, 306], why: 'cereal cooked; flour/meal sauteed, baked, toasted' },
  { categories: ['0900'], name: /\b(?:oranges?|lemons?|limes?|grapefruit|tangerines?|mandarin|pummelo|citrus)\b/, codes: [270, 270, 270, 270, 270], why: 'citrus fruit cooked (one code for every method)' },
  { categories: ['0900'], name: /\b(?:dried|dehydrated|raisins|prunes|dates)\b/, codes: [255, 253, 251, 255, 251], why: 'dried fruit: stewed, sauteed, baked' },
  { categories: ['1400'], name: /\b(?:alcoholic|wine|beer|liqueur|whiskey|vodka|rum|gin|brandy|sake)\b/, codes: [5004, 5003, 5010, 5004, 5003], why: 'alcoholic beverages: stirred in and simmered 15 min, flamed (frying, grilling), baked 25 min not stirred' },
  { categories: ['0900', '1400'], name: /\b(?:fruits?|juice|nectar|apples?|pears?|peach|berries|cherries|plums?|apricots?|grapes?|bananas?|mango|melons?|pineapple)\b|\bfruit/, codes: [155, 153, 151, 155, 152], why: 'fruit (not citrus): stewed, sauteed, baked, stewed (steaming), broiled' },
  { categories: ['0900'], codes: [155, 153, 151, 155, 152], why: 'fruit (not citrus): stewed, sauteed, baked, stewed (steaming), broiled' },
  { categories: ['1000'], name: /\b(?:cured|ham|bacon)\b/, codes: [1555, 1456, 1459, 1555, 1451], why: 'cured pork: slices simmered, bacon broiled/fried, roasted, broiled' },
  { categories: ['1000'], codes: [1301, 1252, 1254, 1301, 1251], why: 'fresh pork: simmered, fried without coating, roasted, broiled' },
  { categories: ['1100'], name: /\bsweet ?potato/, codes: [3708, 3710, 3701, 3707, 3701], why: 'sweet potatoes: boiled pared drained, fried, baked in skin, boiled in skin (steaming)' },
  { categories: ['1100'], name: /\bpotato/, codes: [3308, 3315, 3301, 3307, 3301], why: 'potatoes: boiled pared drained, fried, baked in skin, boiled in skin (steaming)' },
  { categories: ['1100'], name: /\btomato/, codes: [3751, 3752, 3751, 3751, 3752], why: 'tomatoes: boiled/baked, fried/broiled' },
  { categories: ['1100', '0200'], name: /\b(?:spinach|kale|collards|chard|greens|lettuce|cress|cabbage|leaves|amaranth|lambsquarters|purslane|dock|basil|parsley|coriander|dill|mint|spearmint|peppermint|thyme|rosemary|sage|oregano|tarragon|chervil)\b/, codes: [3005, 3015, 3001, 3004, 3001], why: 'greens: boiled covered drained, stir fry, baked, boiled in little water (steaming), baked (grilling)' },
  { categories: ['1100'], name: /\b(?:carrots?|beets?|turnips?|parsnips?|radish(?:es)?|rutabagas?|onions?|celeriac|salsify|burdock|taro|yam|cassava|jicama|yambean|shallots|leeks|garlic|ginger|lotus root|arrowhead)\b/, codes: [3455, 3460, 3451, 3464, 3451], why: 'roots and bulbs: boiled covered drained, sauteed, baked, steamed, baked (grilling)' },
  { categories: ['1100', '0200', '0300', '0400', '0600', '1400', '1900', '2100', '2200', '2500', '3500', '3600'], codes: [3775, 3780, 3771, 3784, 3771], why: 'other vegetables (also the default for mixed and other groups): boiled covered drained, fried, baked, steamed, baked (grilling)' },
  { categories: ['1200', '1600'], name: /\b(?:nuts?|peanuts?|seeds?|almonds?|cashew|pecans|walnuts|hazelnuts|pistachio|macadamia)\b/, codes: [2204, 2203, 2201, 2204, 2202], why: 'nuts: boiled, roasted (frying), baked, boiled (steaming), broiled' },
  { categories: ['1200'], codes: [2204, 2203, 2201, 2204, 2202], why: 'nuts: boiled, roasted (frying), baked, boiled (steaming), broiled' },
  { categories: ['1300', '1700'], name: /\bliver\b/, codes: [1152, 1151, 1151, 1152, 1151], why: 'liver: simmered, fried (frying, baking, grilling)' },
  { categories: ['1300'], name: /\bground\b/, codes: [753, 604, 749, 753, 603], why: 'ground beef: simmered, fried, baked, simmered (steaming), broiled' },
  { categories: ['1300'], codes: [653, 604, 601, 653, 602], why: 'beef: roast simmered, fried without coating, roasted, simmered (steaming), broiled cut' },
  { categories: ['1500'], name: /\b(?:shrimp|crab|lobster|clams?|oysters?|mussels?|scallops?|crayfish|squid|octopus|mollusks|crustaceans|whelk|abalone|conch|cuttlefish)\b/, codes: [2761, 2755, 2750, 2770, 2753], why: 'shellfish without shell: simmered, fried without coating, baked, steamed, broiled' },
  { categories: ['1500'], fatAbove: 5, codes: [2551, 2459, 2451, 2551, 2455], why: 'finfish over 5% fat: simmered, fried without coating, baked, simmered (steaming), broiled' },
  { categories: ['1500'], codes: [2401, 2309, 2301, 2401, 2305], why: 'finfish under 5% fat: simmered, fried without coating, baked, simmered (steaming), broiled' },
  { categories: ['1600'], codes: [521, 525, 523, 521, 523], why: 'legumes cooked 45-75 min: boiled drained, fried, baked' },
  { categories: ['1700'], name: /\bveal\b/, codes: [2003, 1952, 1954, 2003, 1951], why: 'veal: roast simmered, fried without coating, roasted, broiled' },
  { categories: ['1700'], codes: [1055, 1952, 1004, 1055, 1001], why: 'lamb and game: simmered, fried (veal code: the table has no fried lamb), roasted, broiled' },
  { categories: ['2000'], name: /\b(?:pasta|spaghetti|macaroni|noodles|couscous)\b/, codes: [381, 385, 380, 381, 380], why: 'pasta: boiled drained, reheated (frying), baked' },
  { categories: ['2000'], name: /\brice\b/, codes: [431, 433, 431, 432, 433], why: 'rice: cooked drained, sauteed and simmered (frying, grilling), cooked with water used (steaming)' },
  { categories: ['2000', '1800'], codes: [302, 305, 301, 302, 306], why: 'flour/meal: boiled/steamed, sauteed, baked, toasted (grilling)' },
];

/** The default when no rule names the category (keeps every ingredient answerable). */
const DEFAULT_RULE = RETENTION_RULES.find((r) => r.categories.includes('3600'))!;

export function retentionRuleFor(ingredient: { name: string; categoryCode: string; fat?: number | undefined }): RetentionRule {
  const name = ingredient.name.toLowerCase();
  for (const rule of RETENTION_RULES) {
    if (!rule.categories.includes(ingredient.categoryCode)) continue;
    if (rule.name && !rule.name.test(name)) continue;
    if (rule.fatAbove !== undefined && !((ingredient.fat ?? 0) > rule.fatAbove)) continue;
    return rule;
  }
  return DEFAULT_RULE;
}

export function retentionCodeFor(ingredient: { name: string; categoryCode: string; fat?: number | undefined }, method: Method): number {
  return retentionRuleFor(ingredient).codes[METHODS.indexOf(method)]!;
}

/** Per 100 g of cooked food: the raw amount times what is retained, over the weight the food keeps. */
export function cookedAmount(rawAmount: number, retention: number, yieldFactor: number): number {
  return (rawAmount * retention) / yieldFactor;
}

/** Categories whose yields come from the USDA cooking yields table for meat and poultry. */
export const MEAT_CATEGORIES = new Set(['0500', '0700', '1000', '1300', '1700']);
/** Breakfast cereals and cereal grains: the categories whose records are "cooked with water" (parseCookingName). */
export const CEREAL_CATEGORIES = new Set(['0800', '2000']);

/** The method a request asks for (case-insensitive); boiling when absent. */
export function parseMethod(raw: string | undefined): Method {
  if (raw === undefined) return 'boiling';
  const m = raw.trim().toLowerCase();
  if ((METHODS as readonly string[]).includes(m)) return m as Method;
  throw new ApiError('unsupported_method', `cooking method "${raw.slice(0, 32)}" is not supported; supported methods: ${METHODS.join(', ')}`, {
    errors: [{ parameter: 'method', message: `must be one of: ${METHODS.join(', ')}` }],
  });
}

export interface CookingData {
  yieldFactor: number;
  /** Retained share by SR nutrient number, from the USDA retention table. */
  retentionByNumber: Map<string, number>;
  proximate: Record<ProximateKey, number>;
}

/** The retention answer: protein, fat, energy (from raw/cooked pairs) and every retention-table nutrient. */
export function retentionMap(c: CookingData): Record<string, number> {
  const out: Record<string, number> = { ...c.proximate };
  for (const [number, key] of Object.entries(RETENTION_KEYS)) {
    const r = c.retentionByNumber.get(number);
    if (r !== undefined) out[key] = r;
  }
  return out;
}

/** The retention that applies to one nutrient (by SR number): proximates, the table, else none (1). */
export function retentionFor(number: string | undefined, c: CookingData): number | null {
  if (number === undefined) return null;
  for (const [key, numbers] of Object.entries(PROXIMATE_KEYS) as Array<[ProximateKey, readonly string[]]>) {
    if (numbers.includes(number)) return c.proximate[key];
  }
  return c.retentionByNumber.get(number) ?? null;
}

/** SR number of water: the weight cooking gains or loses is water, so it is balanced, not retained. */
const WATER = '255';
/** SR numbers of the solids that, with water, make up the food's weight: protein, fat, carbohydrate (by difference), ash, alcohol. */
const SOLIDS = new Set(['203', '204', '205', '207', '221']);

/**
 * Nutrients per 100 g of cooked food: raw amount x retention / yield. A nutrient with no
 * retention factor is only concentrated or diluted by the change of weight (retention 1).
 * Water is what the cooked weight holds besides the solids: the raw water, plus the weight
 * gained (100 x (yield - 1)), less what the solids gained (fat taken up from the pan) or plus
 * what they lost (fat and protein into the drippings), per 100 g cooked, at least 0. So the
 * proximates of a cooked answer add up as the raw ones do.
 */
export function cookNutrients<N extends { nutrient_id: number; amount: number }>(
  nutrients: N[],
  numbers: Map<number, string>,
  c: CookingData,
): Array<N & { retention_factor: number | null }> {
  let solidsGained = 0;
  for (const n of nutrients) {
    const number = numbers.get(n.nutrient_id);
    if (number !== undefined && SOLIDS.has(number)) solidsGained += n.amount * ((retentionFor(number, c) ?? 1) - 1);
  }
  return nutrients.map((n) => {
    if (numbers.get(n.nutrient_id) === WATER) {
      const water = Math.max(0, (n.amount + 100 * (c.yieldFactor - 1) - solidsGained) / c.yieldFactor);
      return { ...n, amount: Number(water.toPrecision(6)), retention_factor: null };
    }
    const r = retentionFor(numbers.get(n.nutrient_id), c);
    const amount = cookedAmount(n.amount, r ?? 1, c.yieldFactor);
    return { ...n, amount: Number(amount.toPrecision(6)), retention_factor: r };
  });
}
