import { labelEnergy } from './labelEnergy.js';
import { familyOf, fortifiedNutrients, wholeKeys, wholesOf, type Whole } from './nutrientFamilies.js';
import { KJ_PER_KCAL } from './energy.js';

/** `trace` (present, below quantification; amount 0), `less_than` (amount is the limit), `estimated`, or null. */
export type Qualifier = 'trace' | 'less_than' | 'estimated';

export interface ReferenceNutrient {
  nutrient_id: number;
  name: string;
  unit: string;
  amount: number;
  derivation: string | null;
  rank: number | null;
}

export interface NationalNutrient {
  nutrient_id: number;
  name: string;
  unit: string;
  /** null for a trace */
  amount: number | null;
  qualifier: Qualifier | null;
  rank: number | null;
}

export const USDA_FALLBACK = 'usda_fallback';

/**
 * Merges the reference (US) record with a national food's values: every nutrient the
 * national table gives comes from it (its dataset id as `source`); every other nutrient
 * of the reference record falls back with `usda_fallback`, except (a) the members of a
 * nutrient family (nutrientFamilies.ts: vitamin D µg/IU, vitamin A forms, folate forms, ...)
 * of which the national food gives any member, and (b) the nutrients a fortified or enriched
 * reference record owes to its fortification when the national food's name does not say it
 * is fortified too (`names`), and (c) a part larger than a national whole it belongs to, or a
 * whole smaller than a national part (US sugars above the national carbohydrate, a US fatty
 * acid above the national fat or class total: wholesOf).
 * Values are never averaged. A national food that gives no energy
 * has it from its own macronutrients (calculated_eu_1169), so no US energy stands beside its
 * values. Without a national food, every nutrient is a fallback.
 */
export function resolveCountryNutrients(
  reference: readonly ReferenceNutrient[],
  national: { datasetId: string; nutrients: readonly NationalNutrient[] } | null,
  names?: { reference: string; national: string },
) {
  const out: Array<Omit<ReferenceNutrient, 'rank'> & { source: string; qualifier: Qualifier | null; rank: number | null }> = [];
  const fromNational = new Map((national?.nutrients ?? []).map((n) => [n.nutrient_id, n]));
  for (const n of national?.nutrients ?? []) {
    out.push({
      nutrient_id: n.nutrient_id,
      name: n.name,
      unit: n.unit,
      amount: n.amount ?? 0,
      derivation: null,
      source: national!.datasetId,
      qualifier: n.qualifier,
      rank: n.rank,
    });
  }
  // A national food without energy but with its macronutrients (CIQUAL "Broccoli, raw" gives "-"
  // for energy) has its energy from them, by the factors the tables themselves use (Regulation
  // (EU) No 1169/2011, Annex XIV), not USDA's energy of other macronutrients beside them.
  const nationalEnergyIds = new Set((national?.nutrients ?? []).filter((n) => familyOf(n.nutrient_id) === 'energy').map((n) => n.nutrient_id));
  const energyMissing = [ENERGY_KCAL, ENERGY_KJ].filter((id) => !nationalEnergyIds.has(id));
  const onlyUnits = nationalEnergyIds.size === 0 || [...nationalEnergyIds].every((id) => id === ENERGY_KCAL || id === ENERGY_KJ);
  // A table that gives one unit only (BLS: kcal) has the other converted from it (1 kcal = 4.184
  // kJ), so the two units of one answer agree (BLS banana 79 kcal is 330.5 kJ, not the 323.4 kJ
  // its macronutrients give, which a client reading both would see as two energies).
  const givenUnit = [...nationalEnergyIds].filter((id) => id === ENERGY_KCAL || id === ENERGY_KJ);
  const given = givenUnit.length === 1 ? fromNational.get(givenUnit[0]!) : undefined;
  const derivedEnergy: Array<{ id: number; amount: number; derivation: string }> = [];
  if (national && energyMissing.length === 1 && given !== undefined && given.amount !== null) {
    const toKj = energyMissing[0] === ENERGY_KJ;
    derivedEnergy.push({
      id: energyMissing[0]!,
      amount: Math.round((toKj ? given.amount * KJ_PER_KCAL : given.amount / KJ_PER_KCAL) * 10) / 10,
      derivation: toKj ? CONVERTED_FROM_KCAL : CONVERTED_FROM_KJ,
    });
  } else if (national && energyMissing.length > 0 && onlyUnits) {
    const energy = nationalEnergy(fromNational);
    if (energy !== null) {
      for (const [id, amount] of [[ENERGY_KCAL, energy.kcal], [ENERGY_KJ, energy.kJ]] as const) {
        if (energyMissing.includes(id)) derivedEnergy.push({ id, amount, derivation: CALCULATED_EU_1169 });
      }
    }
  }
  for (const { id, amount, derivation } of derivedEnergy) {
    const ref = reference.find((r) => r.nutrient_id === id);
    out.push({
      nutrient_id: id,
      name: ref?.name ?? 'Energy',
      unit: id === ENERGY_KCAL ? 'kcal' : 'kJ',
      amount,
      derivation,
      source: national!.datasetId,
      qualifier: null,
      rank: ref?.rank ?? null,
    });
  }
  const nationalFamilies = new Set((national?.nutrients ?? []).map((n) => familyOf(n.nutrient_id)).filter((f) => f !== null));
  if (derivedEnergy.length > 0) nationalFamilies.add('energy');
  const fortified = national && names ? fortifiedNutrients(names.reference, names.national) : new Set<number>();
  // What the national values say of wholes and parts: the largest national amount of each whole
  // (carbohydrate by whichever definition it gives), the largest national part of each. A trace is 0.
  const wholeAmount = new Map<Whole, number>();
  const partAmount = new Map<Whole, number>();
  for (const n of national?.nutrients ?? []) {
    const amount = n.qualifier === 'trace' ? 0 : n.amount;
    if (amount === null) continue;
    for (const key of wholeKeys(n)) wholeAmount.set(key, Math.max(wholeAmount.get(key) ?? -Infinity, amount));
    for (const whole of wholesOf(n)) partAmount.set(whole, Math.max(partAmount.get(whole) ?? -Infinity, amount));
  }
  for (const r of reference) {
    if (fromNational.has(r.nutrient_id)) continue;
    const family = familyOf(r.nutrient_id);
    if (family !== null && nationalFamilies.has(family)) continue;
    if (fortified.has(r.nutrient_id)) continue;
    // A US part larger than a national whole (US sugars 0.46 g beside BLS camembert's 0.101 g of
    // carbohydrate), or a US whole smaller than a national part (US 18:2 beside a larger national
    // 18:2 n-6), contradicts the national values it stands beside: absent, not served.
    if (wholesOf(r).some((w) => r.amount > (wholeAmount.get(w) ?? Infinity))) continue;
    if (wholeKeys(r).some((k) => r.amount < (partAmount.get(k) ?? -Infinity))) continue;
    out.push({ ...r, source: USDA_FALLBACK, qualifier: null });
  }
  out.sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.nutrient_id - b.nutrient_id);
  return out.map(({ rank: _rank, ...rest }) => rest);
}

const ENERGY_KCAL = 1008;
const ENERGY_KJ = 1062;
export const CALCULATED_EU_1169 = 'calculated_eu_1169';
/** The energy unit a national table does not give, converted from the one it does (1 kcal = 4.184 kJ). */
const CONVERTED_FROM_KCAL = 'converted_from_kcal';
const CONVERTED_FROM_KJ = 'converted_from_kj';

/**
 * Energy from a national food's own protein, fat and carbohydrate (available carbohydrate, 1050;
 * else by difference, 1005, less the fibre), with fibre and alcohol where it gives them; a
 * trace counts as 0. Null without protein, fat or a carbohydrate.
 */
function nationalEnergy(values: ReadonlyMap<number, NationalNutrient>): { kcal: number; kJ: number } | null {
  const grams = (id: number): number | null => {
    const n = values.get(id);
    if (n === undefined) return null;
    return n.qualifier === 'trace' ? 0 : n.amount;
  };
  const available = grams(1050);
  const byDifference = grams(1005);
  return labelEnergy({
    protein: grams(1003),
    fat: grams(1004),
    carbohydrate: available ?? byDifference,
    carbohydrateIncludesFibre: available === null && byDifference !== null,
    fibre: grams(1079),
    alcohol: grams(1018),
  });
}

const CARBOHYDRATE_BY_DIFFERENCE = 1005;
const CARBOHYDRATE_AVAILABLE = 1050;
const FIBRE = 1079;
/** Foundation's total dietary fibre by AOAC 2011.25, where it gives no 1079. */
const FIBRE_AOAC_2011 = 2033;

/**
 * A country's line nutrients with carbohydrate as the national tables give it: where the line has
 * no national carbohydrate (no link, or a table without it), its US carbohydrate by difference less
 * its fibre stands as available carbohydrate, so the recipe total covers every line under one id.
 */
export function asAvailableCarbohydrate<N extends { nutrient_id: number; name: string; unit: string; amount: number }>(nutrients: readonly N[]): N[] {
  const byDifference = nutrients.find((n) => n.nutrient_id === CARBOHYDRATE_BY_DIFFERENCE);
  if (byDifference === undefined || nutrients.some((n) => n.nutrient_id === CARBOHYDRATE_AVAILABLE)) return nutrients.filter((n) => n.nutrient_id !== CARBOHYDRATE_BY_DIFFERENCE);
  const fibre = (nutrients.find((n) => n.nutrient_id === FIBRE) ?? nutrients.find((n) => n.nutrient_id === FIBRE_AOAC_2011))?.amount ?? 0;
  const available = { ...byDifference, nutrient_id: CARBOHYDRATE_AVAILABLE, name: 'Carbohydrate, by summation', amount: Math.max(0, byDifference.amount - fibre) };
  return [...nutrients.filter((n) => n.nutrient_id !== CARBOHYDRATE_BY_DIFFERENCE), available];
}
