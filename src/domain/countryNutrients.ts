import { familyOf, fortifiedNutrients } from './nutrientFamilies.js';

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
 * is fortified too (`names`). Values are never averaged. Without a national food, every
 * nutrient is a fallback.
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
  const nationalFamilies = new Set((national?.nutrients ?? []).map((n) => familyOf(n.nutrient_id)).filter((f) => f !== null));
  const fortified = national && names ? fortifiedNutrients(names.reference, names.national) : new Set<number>();
  for (const r of reference) {
    if (fromNational.has(r.nutrient_id)) continue;
    const family = familyOf(r.nutrient_id);
    if (family !== null && nationalFamilies.has(family)) continue;
    if (fortified.has(r.nutrient_id)) continue;
    out.push({ ...r, source: USDA_FALLBACK, qualifier: null });
  }
  out.sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.nutrient_id - b.nutrient_id);
  return out.map(({ rank: _rank, ...rest }) => rest);
}
