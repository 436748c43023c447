/**
 * LanguaL facets as a linking signal (README, "Linking"). LanguaL, the international food
 * description thesaurus, indexes a food by facet codes: a letter for the facet and four
 * digits for the term ("B1161" cattle, "C0190" fat or oil, "F0003" not heat-treated,
 * "G0014" boiled). SR28 (LANGUAL.txt) gives them for part of the reference foods and
 * Livsmedelsverket's meta file for the Swedish foods, so the two can be compared on the
 * thesaurus itself rather than on translated words:
 *
 * - species (facet B): both sides name a species, the sets are disjoint, and each side's
 *   indexers know the other's term (the reference data uses the national term for some
 *   food, and the national data the reference term) -> a conflict; a shared species
 *   supports the pair. A term one side never uses proves nothing: LanguaL versions and
 *   indexing depth differ (the Swedish strawberry is B3336, SR28's B1393; SR28 indexes
 *   chicken liver "all classes" as chicken, B1457, where the Swedish table says broiler,
 *   B1198, and never uses B1457), and neither does a missing facet.
 * - heat treatment (facet F) and cooking method (facet G): one side not heat-treated
 *   (F0003) and the other fully heat-treated or cooked by a stated method, or two stated
 *   methods of different families (moist heat, dry heat/oven, grilling, fat, microwave)
 *   -> a conflict. "Not known" and "not applicable" terms prove nothing.
 * - fortification (facet H, treatment applied): one side has a vitamin, mineral or
 *   nutrient added (H0159, H0162, H0163, H0181, H0194, H0213-H0216, H0309-H0311, H0762)
 *   and the other states its treatments (an H term other than "not known") without any
 *   -> a conflict where the national food is the fortified one (Swedish fortified flour is not
 *   USDA's unenriched flour); USDA's enriched flour or rice against an unfortified national one
 *   is the food as sold in that country.
 *   P0173 ("no vitamin or mineral added") counts as stating it. (Salt facets are not
 *   compared: SR28 indexes "with salt" foods without H0367, so they prove nothing.)
 * Pure: no I/O.
 */

/** The facet codes in a text such as "Gris (B1136)" or "Saltad (H0173); Kyld (J0131)". */
export function facetCodes(text: string): string[] {
  return [...text.matchAll(/\(([A-Z]\d{4})\)/g)].map((m) => m[1]!);
}

const RAW = 'F0003';
/** Fully heat-treated, heat-treated, heat-treated in several components. */
const HEATED = new Set(['F0014', 'F0022', 'F0023']);

/** Cooking-method terms grouped into families; terms outside (G0001 not known, G0003 not applicable, soaking) say nothing. */
const COOKING_FAMILY: Readonly<Record<string, string>> = {
  G0012: 'moist', // cooked by moist heat
  G0013: 'moist', // in water or water-based liquid
  G0014: 'moist', // boiled
  G0015: 'moist', // boiled and drained
  G0016: 'moist', // boiled in a large amount of liquid
  G0018: 'moist', // boiled and undrained
  G0019: 'moist', // braised
  G0020: 'moist', // simmered, poached or stewed
  G0021: 'moist', // cooked in steam
  G0023: 'moist', // steamed without pressure
  G0004: 'dry', // cooked by dry heat
  G0005: 'dry', // baked or roasted
  G0010: 'dry', // toasted
  G0044: 'dry', // rotisserie
  G0006: 'grill', // broiled or grilled
  G0009: 'popped',
  G0011: 'microwave',
  G0024: 'fat', // cooked with fat or oil
  G0025: 'fat',
  G0026: 'fat', // in a small amount of fat
  G0027: 'fat', // sauteed / browned
  G0028: 'fat', // stir-fried / fried
  G0029: 'fat', // deep-fried
  G0030: 'fat', // with inherent fat
};

/** Treatments that add a vitamin, mineral or other nutrient (fortification, enrichment). */
const FORTIFIED = new Set(['H0159', 'H0162', 'H0163', 'H0181', 'H0194', 'H0213', 'H0214', 'H0215', 'H0216', 'H0309', 'H0310', 'H0311', 'H0762']);

/** P0173: "no vitamin or mineral added" (claim or use). */
export const NOT_FORTIFIED = 'P0173';

export function fortification(codes: readonly string[]): 'yes' | 'no' | 'unknown' {
  if (codes.some((c) => FORTIFIED.has(c))) return 'yes';
  if (codes.includes(NOT_FORTIFIED)) return 'no';
  return codes.some((c) => c.startsWith('H') && c !== 'H0001') ? 'no' : 'unknown';
}

/** Whether the facets say the food is not heat-treated (and name no cooking method). */
export function rawByFacets(codes: readonly string[]): boolean {
  const h = heat(codes);
  return h.raw && !h.heated;
}

/** Whether the facets say the food is heat-treated or cooked (and not also raw). */
export function heatedByFacets(codes: readonly string[]): boolean {
  const h = heat(codes);
  return h.heated && !h.raw;
}

export interface FacetComparison {
  /** Why the two foods cannot be the same by their facets, or null. */
  conflict: string | null;
  /** Both name the same species. */
  speciesAgree: boolean;
}

function heat(codes: readonly string[]): { raw: boolean; heated: boolean; families: Set<string> } {
  const families = new Set<string>();
  for (const c of codes) {
    const f = COOKING_FAMILY[c];
    if (f) families.add(f);
  }
  return { raw: codes.includes(RAW), heated: codes.some((c) => HEATED.has(c)) || families.size > 0, families };
}

/**
 * Compares a national food's facets with a reference food's. `referenceSpecies` and
 * `nationalSpecies` are every species (B) term each dataset uses anywhere.
 */
export function compareFacets(
  national: readonly string[],
  reference: readonly string[],
  referenceSpecies: ReadonlySet<string>,
  nationalSpecies: ReadonlySet<string>,
): FacetComparison {
  const bn = national.filter((c) => c.startsWith('B'));
  const br = [...new Set(reference.filter((c) => c.startsWith('B')))];
  const speciesAgree = bn.some((c) => br.includes(c));
  const mutual = bn.some((c) => referenceSpecies.has(c)) && br.some((c) => nationalSpecies.has(c));
  if (bn.length > 0 && br.length > 0 && !speciesAgree && mutual) {
    return { conflict: `LanguaL species differ (${bn.join(' ')} vs ${br.join(' ')})`, speciesAgree };
  }
  const hn = heat(national);
  const hr = heat(reference);
  if ((hn.raw && !hn.heated && hr.heated && !hr.raw) || (hr.raw && !hr.heated && hn.heated && !hn.raw)) {
    return { conflict: 'LanguaL: raw vs heat-treated', speciesAgree };
  }
  if (hn.families.size > 0 && hr.families.size > 0 && ![...hn.families].some((f) => hr.families.has(f))) {
    return { conflict: `LanguaL cooking methods differ (${[...hn.families].join(' ')} vs ${[...hr.families].join(' ')})`, speciesAgree };
  }
  // Only a fortified national food against an unfortified reference one: the national values
  // then hold nutrients the reference food has not. The reverse (SR's enriched rice against the
  // Danish rice) is the national food as sold in its country, where the US enrichment is not
  // done; the linker already ranks the unenriched record first (Linker.rank).
  if (fortification(national) === 'yes' && fortification(reference) === 'no') {
    return { conflict: `LanguaL: fortified on one side only`, speciesAgree };
  }
  return { conflict: null, speciesAgree };
}
