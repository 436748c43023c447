/**
 * Energy always present (decisions.md): Foundation foods often give energy only as the
 * Atwater general (FDC 2047) or specific (2048) factor sums. The answer still carries energy
 * in kcal (1008) and kJ (1062), from the specific factors where given, else the general ones.
 */
export const ENERGY_KCAL = 1008;
export const ENERGY_KJ = 1062;
export const ATWATER_GENERAL = 2047;
export const ATWATER_SPECIFIC = 2048;

/** The thermochemical calorie: 1 kcal = 4.184 kJ. */
export const KJ_PER_KCAL = 4.184;

export type EnergyDerivation = 'atwater_specific' | 'atwater_general';

export interface DerivedEnergy {
  nutrientId: typeof ENERGY_KCAL | typeof ENERGY_KJ;
  amount: number;
  derivation: EnergyDerivation | 'calculated';
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * The energy values a record lacks, given the amounts it has (nutrient id -> amount).
 * A record with kcal but no kJ gets kJ from its own kcal (`calculated`); one with neither
 * gets both from the Atwater specific sum, else the general one. Amounts to 0.1.
 */
export function missingEnergy(amounts: ReadonlyMap<number, number>): DerivedEnergy[] {
  const kcal = amounts.get(ENERGY_KCAL);
  const kj = amounts.get(ENERGY_KJ);
  if (kcal !== undefined) {
    return kj === undefined ? [{ nutrientId: ENERGY_KJ, amount: round1(kcal * KJ_PER_KCAL), derivation: 'calculated' }] : [];
  }
  const specific = amounts.get(ATWATER_SPECIFIC);
  const general = amounts.get(ATWATER_GENERAL);
  const source = specific ?? general;
  if (source === undefined) return [];
  const derivation: EnergyDerivation = specific !== undefined ? 'atwater_specific' : 'atwater_general';
  const out: DerivedEnergy[] = [{ nutrientId: ENERGY_KCAL, amount: round1(source), derivation }];
  if (kj === undefined) out.push({ nutrientId: ENERGY_KJ, amount: round1(source * KJ_PER_KCAL), derivation });
  return out;
}
