/**
 * What a branded record has, as a bit mask stored with the product (so `has=` filters and the
 * search order read one integer). Pure: no I/O.
 */
export const COMPLETENESS_FIELDS = ['name', 'brand', 'energy', 'macros', 'serving_size', 'ingredients'] as const;
export type CompletenessField = (typeof COMPLETENESS_FIELDS)[number];

export const COMPLETENESS_BIT: Record<CompletenessField, number> = {
  name: 1,
  brand: 2,
  energy: 4,
  macros: 8,
  serving_size: 16,
  ingredients: 32,
};
/** Not a field of the answer: set when the energy is calculated from the macros rather than printed. */
export const ENERGY_CALCULATED_BIT = 64;

export interface CompletenessInput {
  name: boolean;
  brand: boolean;
  energy: boolean;
  macros: boolean;
  servingSize: boolean;
  ingredients: boolean;
  energyCalculated: boolean;
}

export function completenessMask(c: CompletenessInput): number {
  return (
    (c.name ? COMPLETENESS_BIT.name : 0) |
    (c.brand ? COMPLETENESS_BIT.brand : 0) |
    (c.energy ? COMPLETENESS_BIT.energy : 0) |
    (c.macros ? COMPLETENESS_BIT.macros : 0) |
    (c.servingSize ? COMPLETENESS_BIT.serving_size : 0) |
    (c.ingredients ? COMPLETENESS_BIT.ingredients : 0) |
    (c.energyCalculated ? ENERGY_CALCULATED_BIT : 0)
  );
}

/** The fields a mask says the record has, in the order of COMPLETENESS_FIELDS. */
export function completenessFields(mask: number): CompletenessField[] {
  return COMPLETENESS_FIELDS.filter((f) => (mask & COMPLETENESS_BIT[f]) !== 0);
}

/** `has=energy,brand` as a mask; the unknown names are returned for a 400. */
export function parseHas(text: string): { mask: number; unknown: string[] } {
  let mask = 0;
  const unknown: string[] = [];
  for (const raw of text.split(',')) {
    const name = raw.trim().toLowerCase();
    if (name === '') continue;
    if ((COMPLETENESS_FIELDS as readonly string[]).includes(name)) mask |= COMPLETENESS_BIT[name as CompletenessField];
    else unknown.push(raw.trim());
  }
  return { mask, unknown };
}

/**
 * The completeness signal of the branded search order: 0 for a record a calorie-counting app
 * can use as it is (name, brand and energy), 1 for one with energy, 2 for the rest. Search
 * puts lower values first within each relevance group (see src/catalog/branded.ts).
 */
export function completenessRank(mask: number): 0 | 1 | 2 {
  const usable = COMPLETENESS_BIT.name | COMPLETENESS_BIT.brand | COMPLETENESS_BIT.energy;
  if ((mask & usable) === usable) return 0;
  return (mask & COMPLETENESS_BIT.energy) !== 0 ? 1 : 2;
}

/** completenessRank as an SQL expression over a column holding the mask (for the rank order built at import). */
export function completenessRankSql(column: string): string {
  const usable = COMPLETENESS_BIT.name | COMPLETENESS_BIT.brand | COMPLETENESS_BIT.energy;
  return `(CASE WHEN (${column} & ${usable}) = ${usable} THEN 0 WHEN (${column} & ${COMPLETENESS_BIT.energy}) <> 0 THEN 1 ELSE 2 END)`;
}

/**
 * The largest completenessRank a record with every bit of `has` can have: the search order puts
 * lower ranks first, so a scan in that order stops at the first record ranked above it.
 */
export function maxCompletenessRank(has: number): 0 | 1 | 2 {
  return completenessRank(has | COMPLETENESS_BIT.name);
}
