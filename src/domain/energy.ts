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

export const PROTEIN = 1003;
export const FAT = 1004;
/** Foundation's "Total lipid (NLEA)", the fat its oils give instead of 1004. */
export const FAT_NLEA = 1085;
export const CARBOHYDRATE_BY_DIFFERENCE = 1005;
export const ALCOHOL = 1018;
export const WATER = 1051;
/** The nutrients missingEnergy reads. */
export const ENERGY_INPUTS: ReadonlySet<number> = new Set([ENERGY_KCAL, ENERGY_KJ, ATWATER_GENERAL, ATWATER_SPECIFIC, PROTEIN, FAT, FAT_NLEA, CARBOHYDRATE_BY_DIFFERENCE, ALCOHOL, WATER]);
/** Fat and water that leave at most 3 g per 100 g for anything else make a food counted as fat alone (butter: 82.2 g fat, 15.8 g water). */
const FAT_AND_WATER_ALONE = 97;

/** The Atwater general factors, kcal per g: protein and carbohydrate 4, fat 9, alcohol 7 (as FDC's 2047 sums them). */
const GENERAL_FACTORS = { protein: 4, fat: 9, carbohydrate: 4, alcohol: 7 } as const;

/**
 * The Atwater general sum of a record that gives no energy in any form, from its own protein,
 * fat and carbohydrate (and alcohol): FDC's 2047 is that sum. A fat or oil that gives its fat
 * only (Foundation 748608 "Oil, olive, extra virgin": total lipid 93.7 g, nothing else), or a
 * food whose fat and water leave at most 3 g for anything else (790508 "Butter, stick, salted"),
 * counts the protein and carbohydrate it does not give as 0, which is near enough; any other
 * record without all three has no sum (Foundation's "Beans, Dry, ... (0% moisture)" give no
 * carbohydrate).
 */
function generalSum(amounts: ReadonlyMap<number, number>, fatsAndOils: boolean): number | undefined {
  const fat = amounts.get(FAT) ?? amounts.get(FAT_NLEA);
  const protein = amounts.get(PROTEIN);
  const carbohydrate = amounts.get(CARBOHYDRATE_BY_DIFFERENCE);
  if (fat === undefined) return undefined;
  const fatAlone = fatsAndOils || fat + (amounts.get(WATER) ?? 0) >= FAT_AND_WATER_ALONE;
  if (!fatAlone && (protein === undefined || carbohydrate === undefined)) return undefined;
  const f = GENERAL_FACTORS;
  return f.protein * (protein ?? 0) + f.fat * fat + f.carbohydrate * (carbohydrate ?? 0) + f.alcohol * (amounts.get(ALCOHOL) ?? 0);
}

/**
 * The energy values a record lacks, given the amounts it has (nutrient id -> amount).
 * A record with kcal but no kJ gets kJ from its own kcal (`calculated`); one with neither
 * gets both from the Atwater specific sum, else the general one, else the general factors
 * applied to its own macronutrients (generalSum; `fatsAndOils`: the record is a fat or oil).
 * Amounts to 0.1.
 */
export function missingEnergy(amounts: ReadonlyMap<number, number>, fatsAndOils = false): DerivedEnergy[] {
  const kcal = amounts.get(ENERGY_KCAL);
  const kj = amounts.get(ENERGY_KJ);
  if (kcal !== undefined) {
    return kj === undefined ? [{ nutrientId: ENERGY_KJ, amount: round1(kcal * KJ_PER_KCAL), derivation: 'calculated' }] : [];
  }
  const specific = amounts.get(ATWATER_SPECIFIC);
  const general = amounts.get(ATWATER_GENERAL);
  const source = specific ?? general ?? generalSum(amounts, fatsAndOils);
  if (source === undefined) return [];
  const derivation: EnergyDerivation = specific !== undefined ? 'atwater_specific' : 'atwater_general';
  const out: DerivedEnergy[] = [{ nutrientId: ENERGY_KCAL, amount: round1(source), derivation }];
  if (kj === undefined) out.push({ nutrientId: ENERGY_KJ, amount: round1(source * KJ_PER_KCAL), derivation });
  return out;
}
