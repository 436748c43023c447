/**
 * Energy from a label's macronutrients with the conversion factors of Regulation (EU)
 * No 1169/2011, Annex XIV (the factors EU food labels use to declare energy). Pure: no I/O.
 *
 * Annex XIV's "carbohydrate" is available carbohydrate (fibre excluded) and includes polyols,
 * which the label declares "of which polyols" and which take their own factor. Sources that
 * publish total carbohydrate (fibre included: FoodData Central, and Open Food Facts products
 * entered from US labels) say so with `carbohydrateIncludesFibre`, and the fibre is taken out
 * before the carbohydrate factor applies. A label whose declared grams exceed 100 g unless the
 * fibre is part of the carbohydrate is read the same way.
 */
export const EU_1169_FACTORS = {
  fat: { kJ: 37, kcal: 9 },
  carbohydrate: { kJ: 17, kcal: 4 },
  protein: { kJ: 17, kcal: 4 },
  fibre: { kJ: 8, kcal: 2 },
  alcohol: { kJ: 29, kcal: 7 },
  polyols: { kJ: 10, kcal: 2.4 },
  organicAcid: { kJ: 13, kcal: 3 },
  salatrims: { kJ: 25, kcal: 6 },
} as const;

/** Grams per 100 g (or 100 ml) as the label states them; null or absent means not declared. */
export interface LabelMacros {
  fat: number | null;
  carbohydrate: number | null;
  protein: number | null;
  fibre?: number | null;
  alcohol?: number | null;
  polyols?: number | null;
  organicAcid?: number | null;
  salatrims?: number | null;
  /** true when `carbohydrate` is total carbohydrate (fibre included), as in US labels. */
  carbohydrateIncludesFibre?: boolean;
}

export interface LabelEnergy {
  kcal: number;
  kJ: number;
}

/** The declared grams may not add up to more than the whole, with a little room for rounding. */
export const MAX_DECLARED_GRAMS = 100.5;

const declared = (v: number | null | undefined): number => (v === null || v === undefined ? 0 : v);
const valid = (v: number | null | undefined): boolean => v === null || v === undefined || (Number.isFinite(v) && v >= 0);

/**
 * Energy per 100 g from the macros, rounded to 0.1; null when fat, carbohydrate or protein is
 * missing, when a value is negative or not a number, or when the declared grams exceed the
 * whole (a data error the energy must not inherit).
 */
export function labelEnergy(m: LabelMacros): LabelEnergy | null {
  if (m.fat === null || m.carbohydrate === null || m.protein === null) return null;
  const parts = [m.fat, m.carbohydrate, m.protein, m.fibre, m.alcohol, m.polyols, m.organicAcid, m.salatrims];
  if (!parts.every(valid)) return null;
  const fibre = declared(m.fibre);
  // A label whose grams only fit in 100 g with the fibre inside the carbohydrate declares total
  // carbohydrate, whatever its barcode says (many US products carry short in-store codes).
  const separate = m.fat + m.carbohydrate + m.protein + fibre + declared(m.alcohol) + declared(m.organicAcid) + declared(m.salatrims);
  const includesFibre = m.carbohydrateIncludesFibre === true || (separate > MAX_DECLARED_GRAMS && separate - fibre <= MAX_DECLARED_GRAMS);
  const available = includesFibre ? Math.max(m.carbohydrate - fibre, 0) : m.carbohydrate;
  // Polyols are part of the declared carbohydrate; a polyol figure above it is taken as is.
  const polyols = declared(m.polyols);
  const carbohydrate = Math.max(available - polyols, 0);
  const grams: Record<keyof typeof EU_1169_FACTORS, number> = {
    fat: m.fat,
    carbohydrate,
    protein: m.protein,
    fibre,
    alcohol: declared(m.alcohol),
    polyols,
    organicAcid: declared(m.organicAcid),
    salatrims: declared(m.salatrims),
  };
  const total = Object.values(grams).reduce((a, b) => a + b, 0);
  if (total > MAX_DECLARED_GRAMS) return null;
  let kcal = 0;
  let kJ = 0;
  for (const [key, g] of Object.entries(grams) as Array<[keyof typeof EU_1169_FACTORS, number]>) {
    kcal += g * EU_1169_FACTORS[key].kcal;
    kJ += g * EU_1169_FACTORS[key].kJ;
  }
  return { kcal: Math.round(kcal * 10) / 10, kJ: Math.round(kJ * 10) / 10 };
}

/**
 * GS1 prefixes of the United States and Canada (000-019, 030-039, 060-139). Products with
 * these barcodes carry US labels, whose "Total Carbohydrate" includes fibre; Open Food Facts
 * copies that figure into `carbohydrates_100g`.
 */
export function isUsCanadaGtin(gtin14: string | null): boolean {
  // Six leading zeros: an EAN-8 (or a short internal code) padded, not a US/Canada GTIN-13.
  if (gtin14 === null || !/^\d{14}$/.test(gtin14) || gtin14.startsWith('000000')) return false;
  const prefix = Number(gtin14.slice(1, 4));
  return prefix <= 19 || (prefix >= 30 && prefix <= 39) || (prefix >= 60 && prefix <= 139);
}

/** Median and 95th percentile of relative errors (the figures the README reports). */
export function errorPercentiles(errors: number[]): { n: number; median: number; p95: number } {
  const sorted = [...errors].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { n: sorted.length, median: at(0.5), p95: at(0.95) };
}
