/**
 * Nutrient families: FDC nutrient ids that express one quantity in different units or by
 * different definitions or analytical methods. A national table that gives any member of a
 * family has said what it knows of that quantity, so the US members of the family are not
 * served beside it (README, "Country-aware nutrients"): CoFID's vitamin D 0 µg must not stand
 * beside USDA's fortified 51 IU, nor CoFID's total folate beside USDA's folic acid.
 */
export const NUTRIENT_FAMILIES: Record<string, readonly number[]> = {
  // D2 + D3 µg, IU, D2, D3, 25-hydroxycholecalciferol
  vitamin_d: [1114, 1110, 1111, 1112, 1113],
  // RAE, IU, RE, retinol, carotenes and cryptoxanthins (provitamin A)
  vitamin_a: [1106, 1104, 1156, 1105, 1107, 1108, 1118, 1120, 1157, 1159, 2028, 2032],
  // total, food, folic acid, DFE and the folate forms
  folate: [1177, 1187, 1186, 1190, 1179, 1188, 1189, 1191, 1192, 1193],
  // alpha-tocopherol, the other tocopherols and tocotrienols, label IU, ATE, added, intrinsic
  // 2068 "Vitamin E" (mg) is CIQUAL's, not split into tocopherols: no US alpha-tocopherol beside it.
  vitamin_e: [1109, 1124, 1125, 1126, 1127, 1128, 1129, 1130, 1131, 1158, 1242, 1248, 2041, 2068],
  // kcal, kJ, Atwater general and specific sums
  energy: [1008, 1062, 2047, 2048],
  // By difference (USDA: everything that is not water, protein, fat, ash) against available
  // carbohydrate by summation (CIQUAL, CoFID, BLS, Livsmedelsverket, Matvaretabellen): CIQUAL's
  // broccoli 1.7 g must not stand beside USDA's 6.64 g.
  carbohydrate: [1005, 1050, 1072, 2039],
  // total sugars by definition: FDC total, NLEA total, added, intrinsic
  sugars: [2000, 1063, 1235, 1236],
  // dietary fibre by method: AOAC total, AOAC 2011.25 total, soluble and insoluble fractions
  fibre: [1079, 2033, 1082, 1084, 2034, 2035, 2036, 2037, 2038],
};

/**
 * Nutrients that are part of another and can never exceed it: sugars, starch and the single
 * sugars are carbohydrate; a fatty-acid class total ("Fatty acids, total saturated") is fat; a
 * single fatty acid is its class total and fat ("MUFA 18:1" of 1292 and 1004), and a form of a
 * fatty acid is that fatty acid ("PUFA 18:2 n-6 c,c" of "PUFA 18:2"). FDC names fatty acids so.
 * Served beside national values, a US part larger than a national whole, or a US whole smaller
 * than a national part, contradicts them (README, "Country-aware nutrients").
 */
const CARBOHYDRATE_PARTS = new Set([...NUTRIENT_FAMILIES.sugars!, 1009, 1010, 1011, 1012, 1013, 1014, 1075]);
const FATTY_ACID = /^(SFA|MUFA|PUFA|TFA) (\d+:\d+)(.*)$/;
const CLASS_TOTAL: Record<string, number> = { SFA: 1258, MUFA: 1292, PUFA: 1293, TFA: 1257 };
/** A whole: a nutrient id, or 'carbohydrate' for whichever member of that family a table gives. */
export type Whole = number | 'carbohydrate' | `chain:${string}`;

/** The wholes a nutrient is part of (none for most). A fatty acid's chain is named by `chain:<class> <a:b>`. */
export function wholesOf(nutrient: { nutrient_id: number; name: string }): Whole[] {
  if (CARBOHYDRATE_PARTS.has(nutrient.nutrient_id)) return ['carbohydrate'];
  if (/^Fatty acids, total (?:saturated|monounsaturated|polyunsaturated|trans)$/.test(nutrient.name)) return [1004];
  const fa = FATTY_ACID.exec(nutrient.name);
  if (fa === null) return [];
  const wholes: Whole[] = [1004, CLASS_TOTAL[fa[1]!]!];
  if (fa[3]!.trim() !== '') wholes.push(`chain:${fa[1]} ${fa[2]}`);
  return wholes;
}

/** What a nutrient is as a whole: its id, 'carbohydrate' for that family, and the bare chain of a fatty acid ("PUFA 18:2"). */
export function wholeKeys(nutrient: { nutrient_id: number; name: string }): Whole[] {
  const keys: Whole[] = [nutrient.nutrient_id];
  if (familyOf(nutrient.nutrient_id) === 'carbohydrate') keys.push('carbohydrate');
  const fa = FATTY_ACID.exec(nutrient.name);
  if (fa !== null && fa[3]!.trim() === '') keys.push(`chain:${fa[1]} ${fa[2]}`);
  return keys;
}

const FAMILY_OF = new Map<number, string>(Object.entries(NUTRIENT_FAMILIES).flatMap(([family, ids]) => ids.map((id) => [id, family] as const)));

export function familyOf(nutrientId: number): string | null {
  return FAMILY_OF.get(nutrientId) ?? null;
}

/**
 * Nutrients that enrichment or fortification adds, by what a name says was added. "Enriched"
 * grain products (US standards of identity) add thiamin, riboflavin, niacin, folic acid and
 * iron; "fortified" foods may add any vitamin or mineral, so all of these; "with added
 * vitamin A/D" adds those families only.
 */
const ENRICHMENT = [1165, 1166, 1167, 1089, ...NUTRIENT_FAMILIES.folate!];
const FORTIFIED_ANY = [...ENRICHMENT, ...NUTRIENT_FAMILIES.vitamin_d!, ...NUTRIENT_FAMILIES.vitamin_a!, ...NUTRIENT_FAMILIES.vitamin_e!, 1087, 1175, 1178, 1162, 1095];

export type Fortification = 'yes' | 'no' | 'unknown';

/** What a food's name says of fortification or enrichment. */
export function fortificationOfName(name: string): Fortification {
  const lower = name.toLowerCase();
  if (/\b(?:unenriched|unfortified|not fortified|non-fortified|without added (?:vitamin|calcium|iron|nutrients)|no added vitamins?)\b/.test(lower)) return 'no';
  if (/\b(?:enriched|fortified|with added (?:vitamin|calcium|iron|nutrients|folic)|vitamins? added|berikad|beriket|angereichert|enrichi)/.test(lower)) return 'yes';
  return 'unknown';
}

/**
 * The nutrient ids a fortified reference record must not lend to a national food whose name
 * does not say it is fortified: the fortified values are not the national food's.
 */
export function fortifiedNutrients(referenceName: string, nationalName: string): Set<number> {
  if (fortificationOfName(referenceName) !== 'yes' || fortificationOfName(nationalName) === 'yes') return new Set();
  const lower = referenceName.toLowerCase();
  const ids = new Set<number>();
  if (/\benriched\b/.test(lower)) for (const id of ENRICHMENT) ids.add(id);
  if (/\bfortified\b/.test(lower)) for (const id of FORTIFIED_ANY) ids.add(id);
  if (/vitamin a\b/.test(lower)) for (const id of NUTRIENT_FAMILIES.vitamin_a!) ids.add(id);
  if (/vitamin (?:a and vitamin )?d\b|vitamins? d\b/.test(lower)) for (const id of NUTRIENT_FAMILIES.vitamin_d!) ids.add(id);
  if (/vitamin e\b/.test(lower)) for (const id of NUTRIENT_FAMILIES.vitamin_e!) ids.add(id);
  if (/\b(?:calcium)\b/.test(lower)) ids.add(1087);
  if (/\biron\b/.test(lower)) ids.add(1089);
  if (/folic/.test(lower)) for (const id of NUTRIENT_FAMILIES.folate!) ids.add(id);
  if (ids.size === 0) for (const id of FORTIFIED_ANY) ids.add(id);
  return ids;
}
