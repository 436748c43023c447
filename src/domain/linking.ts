import { compareFacets, heatedByFacets, rawByFacets } from './langual.js';
import { fortificationOfName, type Fortification } from './nutrientFamilies.js';

/**
 * Linking a national food to the canonical ingredient it describes (README, "Linking").
 *
 * Score = 0.55 x name similarity + 0.45 x profile agreement, where
 * - name similarity is an IDF-weighted Dice overlap of normalised English name tokens
 *   (synonyms and phrase rewrites from a reviewed data file; plurals folded), and the two
 *   head nouns (the part before the first comma) must share a word;
 * - profile agreement compares water, energy, protein, fat, available carbohydrate,
 *   fibre and sodium per 100 g, each within a tolerance, averaged over those both sides have
 *   (at least three are needed);
 * - every word of the canonical name's first two parts must be in the national name, and
 *   every word of the national head in the canonical name (state words aside);
 * - a state conflict (raw against cooked, cooked against not said to be cooked, dried
 *   against not dried, two different cooking methods, salted against unsalted), a
 *   distinguishing word (reviewed list: "dark", "breast", "lean", "unripe", ...) in one name
 *   only, values given per weight with bone, two different genera in the scientific names,
 *   a national "average" food against a canonical name that says more than it (a variety,
 *   a recipe), stated fat levels that do not overlap ("15% fat" against "10% fat"), or a
 *   canonical category outside those the national food group allows (reviewed table,
 *   mappings/food_groups.csv) rule the pair out as a verified link; so does a LanguaL facet
 *   conflict (species, raw against heat-treated, cooking methods, fortification:
 *   domain/langual.ts) where both foods carry facets, and a shared species adds the same
 *   0.05 as a genus. A national food with facets but no state word in its name takes its
 *   state from them (raw meets a canonical "raw"; heat-treated is ruled out against it).
 * A link is verified when score >= VERIFIED_THRESHOLD, name >= MIN_NAME, profile >=
 * MIN_PROFILE, no compared nutrient scores below MIN_COMPONENT, there is no conflict, and
 * the national name chooses it among its variants (ambiguousWith): another candidate that
 * also passes (or is ruled out only for naming a variant, LinkResult.rival), differs in words
 * the national name does not have and differs in composition
 * leaves the link unverified unless the national values fit only the chosen one.
 * Pure: no I/O.
 */

export const VERIFIED_THRESHOLD = 0.75;
export const MIN_NAME = 0.5;
export const MIN_PROFILE = 0.8;
/** No single compared nutrient may be further off than this agreement. */
export const MIN_COMPONENT = 0.5;
/**
 * Name similarity at which the two names say the same food word for word (class and form words
 * aside): such a pair needs the values to agree on average (MIN_PROFILE), and each component
 * within MIN_COMPONENT only where tables measure it alike (METHOD_COMPONENTS aside). Tables measure
 * fibre and carbohydrate by different methods (available carbohydrate against carbohydrate by
 * difference; Matvaretabellen's mushrooms have 4 g fibre, SR's 1 g), salt differently, and fish
 * fat varies with season (Livsmedelsverket's mackerel 25 g, SR's 13.9 g): a national "Makrill rå"
 * is the national value of "Fish, mackerel, Atlantic, raw", which is what the user asked for. The
 * fat of meat is a grade, not a season (CoFID lamb mince 13.3 g is not SR's 23.4 g).
 */
export const SAME_NAME = 0.95;
const METHOD_COMPONENTS: ReadonlySet<keyof Profile> = new Set(['carb', 'fibre', 'sodiumMg']);
/** FDC categories whose fat varies with season and catch, not grade: finfish and shellfish. */
const SEASONAL_FAT_CATEGORIES: ReadonlySet<string> = new Set(['1500']);
export const LINKER_VERSION = 'v5';
/** The profile agreement enough for a same-named ingredient of another FDC dataset (Linker.rank). */
export const SIBLING_PROFILE = 0.7;

/**
 * The method recorded with a link (`national_link.method`): what was actually compared.
 * Always the names and the profiles; "+group" when the national food's group is in the
 * reviewed food-group table (it could rule categories out); "+langual" when the national
 * food and the chosen candidate both carry LanguaL facets; "+twin" for a composition twin of a
 * verified link, "+record" for a plainer FDC record of a verified one (Linker.sameRecordLink),
 * "+values" for a first choice the values make below the name bars, "+common" for the common reading
 * of a plain national name (Linker.rank), "+variant" for a variant a plainer national name covers
 * (Linker.variantLinks). "name+profile+group+langual v3".
 */
export function linkMethod(compared: { group: boolean; langual: boolean; twin?: boolean; record?: boolean; values?: boolean; common?: boolean; generic?: boolean }): string {
  return `name+profile${compared.group ? '+group' : ''}${compared.langual ? '+langual' : ''}${compared.twin ? '+twin' : ''}${compared.record ? '+record' : ''}${compared.values ? '+values' : ''}${compared.common ? '+common' : ''}${compared.generic ? '+variant' : ''} ${LINKER_VERSION}`;
}

/** Macronutrient profile per 100 g; null where the source does not give it. */
export interface Profile {
  water: number | null;
  energyKcal: number | null;
  protein: number | null;
  fat: number | null;
  /** Available carbohydrate (by difference minus fibre, where that is all the source has). */
  carb: number | null;
  sodiumMg: number | null;
  fibre: number | null;
}

export interface LinkCandidate {
  id: number;
  name: string;
  scientificName: string | null;
  profile: Profile;
  /** The FDC food category code ("0100"); null when unknown. */
  category?: string | null;
  /** LanguaL facet codes, where the reference data gives them (SR28 LANGUAL.txt). */
  facets?: readonly string[];
  /** How many FNDDS recipe component rows name it: how common the food is in what people eat. */
  uses?: number;
}

export interface NationalFoodForLink {
  nameEn: string;
  scientificName: string | null;
  profile: Profile;
  /**
   * The FDC categories a food of this national food group can belong to (reviewed table,
   * mappings/food_groups.csv); null or absent when the group is not in the table.
   */
  categories?: ReadonlySet<string> | null;
  /** LanguaL facet codes, where the national data gives them (Livsmedelsverket). */
  facets?: readonly string[];
  /** Every species (LanguaL B) term the national dataset uses, with `facets`. */
  speciesVocabulary?: ReadonlySet<string>;
  /**
   * The national table's own vocabulary: per name token, every token its food names use with
   * it (Linker.tableWords). A word the table uses beside the food's head tells its foods apart
   * ("grain" beside "rice": CoFID has long grain rice), so a link may not rest on a canonical
   * name saying it where the national name does not.
   */
  tableWords?: ReadonlyMap<string, ReadonlySet<string>>;
  /**
   * The name was read through a reviewed glossary (Livsmedelsverket, Matvaretabellen), not given
   * in English by the table: a reading coarser than the name ("Nøkkelost" reads "cheese").
   */
  glossaryReading?: boolean;
}

/** Whether the national table tells foods of this head apart by one of these words. */
function tableTellsApart(words: readonly string[], head: Iterable<string>, table: ReadonlyMap<string, ReadonlySet<string>> | undefined): boolean {
  if (!table || words.length === 0) return false;
  for (const h of head) {
    if (STATE_WORDS.has(h)) continue;
    const seen = table.get(h);
    if (seen && words.some((w) => seen.has(w))) return true;
  }
  return false;
}

export interface Synonyms {
  /** Whole-phrase rewrites applied to the lower-cased name before tokenising ("without salt" -> "unsalted"). */
  phrases: Array<[string, string]>;
  /** Single-word rewrites after tokenising ("courgette" -> "zucchini"). */
  words: Map<string, string>;
  /** Words that tell foods apart: present on one side only, they rule a pair out ("dark" meat, "colostrum"). */
  distinct?: Set<string>;
  /**
   * Distinguishing words whose difference the macronutrient profile does not show ("lactose"
   * free, "fortified", "infant"): said by the national name only, they always block.
   */
  composition?: Set<string>;
  /**
   * Distinguishing words that say which part of the food is eaten (peeled, flesh and skin): one
   * name only saying them never blocks by itself; the profiles decide ("Potatoes, flesh and skin,
   * raw" against CoFID "Potatoes, old, raw, flesh only").
   */
  form?: Set<string>;
  /**
   * Words naming a product made from a food (juice, flour, oil, flakes): a canonical name that
   * says one in its first two parts where the national name does not is another product
   * ("Lemon juice, raw" is not BLS "Zitrone roh", "Buckwheat flour" not "Buckwheat groats").
   */
  product?: Set<string>;
  /**
   * Class words USDA files foods under ("Fish, cod", "Nuts, almonds"): a name whose head is only
   * such a word takes its first two parts as its head.
   */
  classHeads?: Set<string>;
  /**
   * The species a European table means by a bare fish name ("herring" -> "atlantic"): USDA also
   * files Pacific herring, Pacific and jack mackerel and Pacific cod, which no national table
   * names. Read on the national side only (nationalSpeciesReading).
   */
  species?: Map<string, string>;
}

/**
 * A national name read with the species the table means where it names a fish by its bare name
 * (Synonyms.species): CoFID "Herring, flesh only, raw" is "Herring atlantic, flesh only, raw",
 * BLS "Cod raw" (Dorsch/Kabeljau) "Cod atlantic raw". Only a name that starts with the fish's
 * name (not "Horse mackerel", "Black cod"), says no species of its own and is the fish, not its
 * oil, liver or roe.
 */
export function nationalSpeciesReading(nameEn: string, species: ReadonlyMap<string, string> | undefined): string {
  if (!species || species.size === 0) return nameEn;
  const words = nameEn.toLowerCase().split(/[^a-z]+/).filter(Boolean);
  const first = words[0];
  if (first === undefined) return nameEn;
  const kind = species.get(first) ?? species.get(first.replace(/s$/, ''));
  if (kind === undefined) return nameEn;
  // A name that says a species (its own or another), or names the fish's oil, liver or roe, which
  // USDA files without a species ("Fish oil, cod liver").
  if (words.some((w) => w === kind || NOT_THE_BARE_FISH.has(w))) return nameEn;
  return nameEn.replace(/^(\s*[A-Za-z]+)/, `$1 ${kind}`);
}

/** Words that keep a national fish name from the species reading (nationalSpeciesReading). */
const NOT_THE_BARE_FISH = new Set(
  ['atlantic', 'pacific', 'baltic', 'king', 'spanish', 'jack', 'horse', 'chub', 'blue', 'indian', 'arctic', 'greenland', 'oil', 'liver', 'roe', 'rogn', 'milt'],
);

const STOPWORDS = new Set(
  `a an and or of in the with for from to as on by at e g eg etc ns nfs average mean type style food foods product products
   prepared made commercial retail brand brands various assorted purchased including includes incl not other only
   plain regular ready unspecified uk french fr all sold shop bought homemade home recipe sample analysis weighed
   edible portion part fluid generic commercially standard`.split(/\s+/).filter(Boolean),
);

const RAW = new Set(['raw', 'fresh', 'uncooked', 'unprepared', 'unheated']);
const COOKING = new Set([
  'cooked', 'boiled', 'fried', 'roasted', 'roast', 'baked', 'grilled', 'broiled', 'stewed', 'braised', 'steamed',
  'microwaved', 'poached', 'simmered', 'toasted', 'sauteed', 'scrambled', 'barbecued', 'stirfried', 'deepfried', 'casseroled',
]);
const DRIED = new Set(['dried', 'dehydrated', 'dry', 'powder', 'powdered']);
const CANNED = new Set(['canned', 'tinned']);
const STATE_WORDS = new Set([...RAW, ...COOKING, ...DRIED, ...CANNED, 'frozen', 'chilled', 'salted', 'unsalted']);

function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('oes')) return word.slice(0, -2);
  if (word.endsWith('ves')) return `${word.slice(0, -3)}f`;
  if (word.endsWith('ches') || word.endsWith('shes') || word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

function baseTokens(text: string, synonyms: Synonyms, keepFigures = false): string[] {
  let t = ` ${text
    .replace(/\((?:includes?|including|incl\.?)\s[^)]*\)/gi, ' ') // "(includes crisphead types)" says what else is sold under the name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    // "95% lean meat" is what a butcher calls lean (UK "lean" mince is at most 10 % fat)
    .replace(/\b(9\d|100)(?:[.,]\d+)?\s*%\s*lean(?:\s+meat)?\b/gu, ' lean ')
    .replace(/\d[\d.,]*\s*%\s*(fat|milkfat|fett|lean( meat)?)?/gu, ' ') // "3.5 % fat", "90% lean meat": the profile and the stated fat compare them
    .replace(/[^\p{L}\p{N}%.]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
  for (const [from, to] of synonyms.phrases) {
    if (t.includes(from)) t = t.split(` ${from} `).join(` ${to} `);
  }
  const out: string[] = [];
  for (const raw of t.split(' ')) {
    const w = raw.replace(/^\.+|\.+$/g, '');
    if (w === '' || STOPWORDS.has(w)) continue;
    if (!keepFigures && /^[\d.]+%?$/.test(w)) continue; // figures ("3.25%", "82") belong to the profile, not the name
    const s = stem(w);
    const mapped = synonyms.words.get(w) ?? synonyms.words.get(s) ?? s;
    for (const part of mapped.split(' ')) if (part !== '' && !STOPWORDS.has(part)) out.push(part);
  }
  return out;
}

export interface NameTokens {
  all: Set<string>;
  head: Set<string>;
  /** Words of the first two comma-separated parts, without parentheses: what the name is above all. */
  core: Set<string>;
  /** The name says its values are per weight including bone or waste ("weighed with bone"). */
  perWholeWeight: boolean;
  /** The name says it is an average of several varieties or kinds ("(average)", "all varieties"). */
  average: boolean;
  /** The fat content the name states, as a range in % ("15% fat" [15, 15], "5-10% fat" [5, 10]), or null. */
  fat: [number, number] | null;
  /** Words of what the name says was added to the food ("with pork and tomato sauce"): addedWords. */
  added: Set<string>;
  /** Words of what the name says the food is made without ("made without egg"): addedWords. */
  without: Set<string>;
}

/** The conflict of a canonical food with an added food the national name does not say (addedWords). */
const ADDED_CONFLICT = 'only the canonical food has added: ';
/** The conflict of a candidate the national name does not choose between it and a rival (ambiguousWith). */
export const UNDECIDED_CONFLICT = 'national name does not choose between ';
/** What follows "with" but adds no food: a form, a treatment, an additive ("antifoaming agent"), salt, the water a food is canned or cooked in. */
const NOT_ADDED = new Set(['agent', 'salt', 'salted', 'skin', 'peel', 'peeled', 'bone', 'water', 'solution', 'vitamin', 'calcium', 'nutrient', 'added', 'liquid', 'liquids']);
/** Words before "with" that name how a food was prepared, not what it holds ("prepared with water", "made with margarine"). */
const PREPARED_WITH = /\b(?:prepared|made|rinsed|fortified|sweetened|cooked|reconstituted|diluted|brewed)\s+$/;

/**
 * What a canonical name says was added to the food ("Beans, baked, canned, with pork and tomato
 * sauce": pork, tomato, sauce) or left out of it ("Pasta, homemade, made without egg": egg), each
 * phrase up to its comma. A national food that does not say the added food is another food (CoFID
 * "Baked beans, canned in tomato sauce" has no pork), and one that says the left-out food is too
 * (BLS "Eierteigwaren" is egg pasta). How it was prepared ("prepared with water") and what adds
 * nothing the name means as a food (NOT_ADDED, "with added vitamin D") are not counted.
 */
function addedWords(name: string, synonyms: Synonyms): { added: Set<string>; without: Set<string> } {
  const added = new Set<string>();
  const without = new Set<string>();
  const text = name.toLowerCase().replace(/\([^)]*\)/g, ' ');
  // Not in the head: "Chili con carne with beans" names the dish, as tables do without the beans.
  const comma = text.indexOf(',');
  if (comma < 0) return { added, without };
  for (const m of text.slice(comma).matchAll(/\bwith(out)?\s+([^,;]+)/g)) {
    const phrase = m[2]!;
    if (/^added\b/.test(phrase.trim())) continue;
    const lacking = m[1] === 'out';
    if (!lacking && PREPARED_WITH.test(text.slice(0, comma + m.index))) continue;
    for (const t of baseTokens(phrase, synonyms)) if (!NOT_ADDED.has(t)) (lacking ? without : added).add(t);
  }
  return { added, without };
}

/** How national tables say a food is an average of varieties or kinds (CIQUAL "(average)", Frida "all varieties"). */
const AVERAGE = /\baverage\b|\ball (varieties|types|kinds)\b|\bmixed varieties\b/i;

/**
 * How national tables name their record of a food as commonly sold, with no variety, brand or
 * dairy named (Matvaretabellen "Helmelk, uspesifisert", Frida "Kartoffel, uspec., rå", CoFID
 * "Milk, whole, pasteurised, average"): the one an ingredient answers with among equally good ones.
 */
const UNSPECIFIED = /\buspesifisert\b|\buspec\b|\bospecificerad\b|\bunspecified\b|\bnot specified\b/i;

/** Whether a national name (native or English) names the table's unspecified or average record of a food. */
export function namesUnspecified(...names: Array<string | null>): boolean {
  return names.some((n) => n !== null && (UNSPECIFIED.test(n) || AVERAGE.test(n)));
}

/**
 * The fat content a name states: "15% fat", "60-62% fat", "3.25% milkfat", "10% fat" in
 * "90% lean meat / 10% fat". Only a figure followed by "fat" or "milkfat" counts (CoFID's
 * "45+" or Frida's "% fidm." are fat in dry matter, not per 100 g).
 */
function statedFat(name: string): [number, number] | null {
  // A cheese's "50 % fat in dry matter" (BLS "Fett i. Tr.") is a grade of the dry matter, not fat per 100 g.
  const m = name.match(/(\d+(?:[.,]\d+)?)(?:\s*-\s*(\d+(?:[.,]\d+)?))?\s*%\s*(?:milk\s*)?fat\b(?!\s*(?:in (?:the )?dry matter|i\.?\s*tr))/i);
  if (!m) return null;
  const lo = Number(m[1]!.replace(',', '.'));
  return [lo, m[2] === undefined ? lo : Number(m[2].replace(',', '.'))];
}

function fmtFat([lo, hi]: [number, number]): string {
  return lo === hi ? `${lo}%` : `${lo}-${hi}%`;
}

const classHeadCache = new WeakMap<Synonyms, Set<string>>();

/** The class head words as name tokens ("nuts" -> "nut"). */
function classHeadsOf(synonyms: Synonyms): Set<string> {
  let out = classHeadCache.get(synonyms);
  if (!out) {
    out = new Set([...(synonyms.classHeads ?? [])].flatMap((w) => baseTokens(w, { ...synonyms, classHeads: new Set() })));
    classHeadCache.set(synonyms, out);
  }
  return out;
}

/**
 * The head without a parenthesised aside that names the food again: BLS S111000 "Zucker weiß
 * (Raffinadezucker/Weißzucker)", read "Sugar white (refined sugar)", is white sugar; "(refined sugar)"
 * is another name for it, so its words are not head words every canonical name must say (they stay
 * name words). An aside that does not repeat a head word ("(pork)") is kept.
 */
function asideFree(headText: string, synonyms: Synonyms): string {
  if (!headText.includes('(')) return headText;
  const outside = new Set(baseTokens(headText.replace(/\([^)]*\)/g, ' '), synonyms));
  return headText.replace(/\(([^)]*)\)/g, (aside, inner: string) => (baseTokens(inner, synonyms).some((t) => outside.has(t)) ? ' ' : aside));
}

/** Tokens of a whole name and of its head (the text before the first comma). */
export function nameTokens(name: string, synonyms: Synonyms): NameTokens {
  const comma = name.indexOf(',');
  const headText = asideFree(comma > 0 ? name.slice(0, comma) : name, synonyms);
  const coreText = name.replace(/\([^)]*\)/g, ' ').split(',').slice(0, 2).join(',');
  let head = baseTokens(headText, synonyms);
  const classes = classHeadsOf(synonyms);
  const parts = name.replace(/\([^)]*\)/g, ' ').split(',');
  if (head.length > 0 && head.every((t) => classes.has(t))) head = baseTokens(parts.slice(0, 2).join(','), synonyms);
  const all = new Set(baseTokens(name, synonyms));
  // A colour before the noun ("White cabbage raw", CIQUAL "White cabbage, raw") names a variety,
  // as CoFID's "Cabbage, white, raw" does after it: a name word, not a head word every canonical
  // name must say.
  if (head.length > 1 && head.some((t) => !HEAD_COLOURS.has(t))) head = head.filter((t) => !HEAD_COLOURS.has(t));
  // Poultry "meat only" (SR, CoFID; Livsmedelsverket's "u skinn" reads so) is the meat without its
  // skin, as CIQUAL's "without skin"; elsewhere it means off the bone (CoFID rabbit, oxtail) and
  // says nothing of skin. Of a named part ("breast, meat only", "breast, meat and skin") "meat"
  // says nothing more: it tells the whole bird's meat from its skin only where no part is named.
  if (POULTRY_MEAT.test(name) && [...all].some((t) => POULTRY.has(t))) {
    if (MEAT_ONLY.test(name)) all.add('peeled');
    if ([...all].some((t) => t !== 'skin' && PART_WORDS.has(t))) {
      all.delete('meat');
      head = head.filter((t) => t !== 'meat');
    }
  }
  const core = new Set(baseTokens(coreText, synonyms, true).filter((t) => t !== 'meat' || all.has('meat')));
  // A phrase may rewrite the head away ("Squash, summer, zucchini" reads "zucchini"): the head is
  // then what the phrase made of the first parts, however many it spans (Foundation 2685568
  // "Squash, summer, green, zucchini, ...": four).
  if (head.length > 0 && !head.some((t) => all.has(t))) {
    for (let n = 2; n <= parts.length; n++) {
      const rewritten = baseTokens(parts.slice(0, n).join(','), synonyms).filter((t) => all.has(t));
      if (rewritten.length > 0) {
        head = rewritten;
        break;
      }
    }
  }
  return {
    all,
    head: new Set(head),
    core,
    perWholeWeight: /weighed with|with bone|including bone|incl\.? bone/i.test(name),
    average: AVERAGE.test(name),
    fat: statedFat(name),
    ...addedWords(name, synonyms),
  };
}

function stateOf(tokens: Set<string>): { raw: boolean; cooking: Set<string>; dried: boolean; canned: boolean; salted: number } {
  const cooking = new Set([...tokens].filter((t) => COOKING.has(t)));
  let salted = 0;
  if (tokens.has('unsalted')) salted = -1;
  else if (tokens.has('salted')) salted = 1;
  return {
    raw: [...tokens].some((t) => RAW.has(t)),
    cooking,
    dried: [...tokens].some((t) => DRIED.has(t)),
    canned: [...tokens].some((t) => CANNED.has(t)),
    salted,
  };
}

/** Why two names cannot describe the same food, or null. */
export function stateConflict(a: Set<string>, b: Set<string>): string | null {
  const x = stateOf(a);
  const y = stateOf(b);
  if ((x.raw && y.cooking.size > 0) || (y.raw && x.cooking.size > 0)) return 'raw vs cooked';
  if ((x.cooking.size > 0) !== (y.cooking.size > 0)) return 'cooked vs not said to be cooked';
  const specific = (s: Set<string>) => new Set([...s].filter((m) => m !== 'cooked'));
  const mx = specific(x.cooking);
  const my = specific(y.cooking);
  if (mx.size > 0 && my.size > 0 && ![...mx].some((m) => my.has(m))) return 'different cooking methods';
  if (x.dried !== y.dried) return 'dried vs not dried';
  if (x.canned !== y.canned && (x.raw || y.raw)) return 'canned vs fresh';
  if (x.salted * y.salted < 0) return 'salted vs unsalted';
  return null;
}

/** IDF-weighted Dice overlap of two token sets. */
export function nameSimilarity(a: Set<string>, b: Set<string>, idf: (t: string) => number): number {
  let common = 0;
  let total = 0;
  for (const t of a) {
    const w = idf(t);
    total += w;
    if (b.has(t)) common += w;
  }
  for (const t of b) total += idf(t);
  return total === 0 ? 0 : (2 * common) / total;
}

const PROFILE_PARTS: Array<{ key: keyof Profile; floor: number; rel: number }> = [
  { key: 'water', floor: 4, rel: 0.12 },
  { key: 'energyKcal', floor: 25, rel: 0.15 },
  { key: 'protein', floor: 1.5, rel: 0.2 },
  { key: 'fat', floor: 1.5, rel: 0.2 },
  { key: 'carb', floor: 2.5, rel: 0.2 },
  { key: 'sodiumMg', floor: 60, rel: 0.5 },
  { key: 'fibre', floor: 1.2, rel: 0.3 },
];

/**
 * Agreement of two profiles, 0..1: each shared component scores 1 within its tolerance
 * (max(floor, rel x the larger value)), falling linearly to 0 at three tolerances away.
 * null when fewer than three macronutrients are shared.
 */
export function profileAgreement(a: Profile, b: Profile): number | null {
  return profileDetail(a, b)?.mean ?? null;
}

/** How far apart two profiles are, in tolerances summed over the shared components (0 = equal): breaks ties between candidates that agree within every tolerance. */
export function profileDistance(a: Profile, b: Profile): number {
  let sum = 0;
  for (const { key, floor, rel } of PROFILE_PARTS) {
    const x = a[key];
    const y = b[key];
    if (x === null || y === null) continue;
    sum += Math.abs(x - y) / Math.max(floor, rel * Math.max(Math.abs(x), Math.abs(y)));
  }
  return sum;
}

/** The mean agreement and the worst single component (one far-off nutrient is enough to doubt a link). */
export function profileDetail(a: Profile, b: Profile): { mean: number; worst: number } | null {
  let sum = 0;
  let n = 0;
  let macros = 0;
  let worst = 1;
  for (const { key, floor, rel } of PROFILE_PARTS) {
    const x = a[key];
    const y = b[key];
    if (x === null || y === null) continue;
    const part = componentAgreement(x, y, floor, rel);
    sum += part;
    worst = Math.min(worst, part);
    n += 1;
    if (key !== 'sodiumMg' && key !== 'fibre') macros += 1;
  }
  return macros >= 3 ? { mean: sum / n, worst } : null;
}

/**
 * Whether one component of two profiles does not contradict them: within its tolerance, or not
 * given by one side (BLS's derived table gives no sodium; the US record's own then answers).
 */
function notContradicted(a: Profile, b: Profile, key: keyof Profile): boolean {
  const part = PROFILE_PARTS.find((p) => p.key === key)!;
  const x = a[key];
  const y = b[key];
  return x === null || y === null || componentAgreement(x, y, part.floor, part.rel) === 1;
}

/** Words that say a food's salt: its sodium shows them. */
const SALT_WORDS: ReadonlySet<string> = new Set(['salted', 'unsalted']);

/** One component's agreement: 1 within its tolerance (max(floor, rel x the larger value)), falling to 0 at three tolerances. */
function componentAgreement(x: number, y: number, floor: number, rel: number): number {
  const tol = Math.max(floor, rel * Math.max(Math.abs(x), Math.abs(y)));
  const d = Math.abs(x - y);
  return d <= tol ? 1 : Math.max(0, 1 - (d - tol) / (2 * tol));
}

/** The worst agreement of one component, the `skip` components aside (1 when none is compared). */
function worstComponent(a: Profile, b: Profile, skip: ReadonlySet<keyof Profile>): number {
  let worst = 1;
  for (const { key, floor, rel } of PROFILE_PARTS) {
    const x = a[key];
    const y = b[key];
    if (x !== null && y !== null && !skip.has(key)) worst = Math.min(worst, componentAgreement(x, y, floor, rel));
  }
  return worst;
}

const SEASONAL_FAT_COMPONENTS: ReadonlySet<keyof Profile> = new Set([...METHOD_COMPONENTS, 'fat', 'energyKcal']);

/** The components a same-named pair may disagree on (SAME_NAME): the table's methods, and the fat of fish. */
function excused(category: string | null): ReadonlySet<keyof Profile> {
  return category !== null && SEASONAL_FAT_CATEGORIES.has(category) ? SEASONAL_FAT_COMPONENTS : METHOD_COMPONENTS;
}

/**
 * The FDC categories whose foods may be composition twins (Linker.rank): vegetables, fruits,
 * nuts and seeds, legumes, cereal grains and pasta, where the words USDA adds to a food
 * (a variety, grain length, enriched, bleached, with or without skin) leave the macros a
 * national table compares within tolerance of the variety it names. Not meats, fish or dairy
 * (cuts, species and cheeses share their macros: a top round steak is no fillet steak), nor
 * fats and oils (every oil is 100 g fat: palm is not palm kernel), nor anything prepared.
 */
export const TWIN_CATEGORIES: ReadonlySet<string> = new Set(['0900', '1100', '1200', '1600', '2000']);

/**
 * A composition twin (Linker.rank) is compared on at least this many of the seven profile
 * components: a record without fibre cannot show that wholemeal flour is not white flour.
 */
export const TWIN_COMPONENTS = 6;

/** The worst single component a more specific record of the same food may show (Linker.sameRecordsOf). */
export const SPECIFIC_RECORD_WORST = 0.8;

/** The bars of a first choice the values make (Linker.rank), and the categories it is allowed in. */
export const CLEAR_SCORE = 0.65;
/** How SR, CoFID and the glossaries' readings say poultry without its skin (nameTokens). */
const MEAT_ONLY = /\bmeat only\b/i;
/** ...and how they say which of a bird's meat a record is ("meat only", "meat and skin"). */
const POULTRY_MEAT = /\bmeat (?:only|and skin)\b/i;
/** Birds whose "meat only" records are the meat without the skin. */
const POULTRY: ReadonlySet<string> = new Set(['chicken', 'turkey', 'duck', 'goose', 'hen', 'capon', 'pheasant', 'quail', 'squab', 'pigeon', 'guinea', 'poultry']);
/** Colours that name a variety before the noun of a head (nameTokens). */
const HEAD_COLOURS: ReadonlySet<string> = new Set(['white', 'red', 'green', 'yellow', 'brown']);
/** Parts of an animal: a record of one is never the common reading of a name that does not say it. */
const PART_WORDS = new Set([
  'breast', 'thigh', 'wing', 'drumstick', 'leg', 'back', 'neck', 'loin', 'tenderloin', 'shoulder', 'rib', 'sparerib', 'brisket',
  'chuck', 'flank', 'sirloin', 'round', 'rump', 'shank', 'belly', 'ham', 'chop', 'cheek', 'tail', 'foot', 'feet', 'liver',
  'kidney', 'heart', 'tongue', 'giblet', 'gizzard', 'tripe', 'skin', 'fillet',
]);
/** Words of a record that imitates the food ("Sour cream, imitation, cultured" is no sour cream). */
const NOT_THE_FOOD: ReadonlySet<string> = new Set(['imitation', 'substitute', 'analog', 'analogue', 'replacer', 'mock']);
/** Parts of a plant a record may name beside the vegetable ("Onions, young green, tops only"): another part eaten. */
const PLANT_PARTS: ReadonlySet<string> = new Set(['top', 'leaf', 'stem', 'shoot', 'sprout', 'sprouted']);
/**
 * The FDC categories whose variants a plainer national name may cover (Linker.variantLinks): the
 * composition twins' (TWIN_CATEGORIES) and dairy and egg products ("Cheese, mozzarella, whole
 * milk" under "Mozzarella"). Not meats, where an added word names a cut or an organ, nor dishes,
 * sweets and baked goods, where it names another recipe.
 */
const VARIANT_CATEGORIES: ReadonlySet<string> = new Set([...TWIN_CATEGORIES, '0100']);
/** FNDDS recipe uses that make a food the common reading of a plain national name (Linker.rank). */
export const COMMON_USES = 5;
/** ...and how many times as often as any other reading it must be named. */
export const COMMON_FACTOR = 3;
/** Most-used candidates scored beyond the best names. */
const COMMON_ADDED = 3;
export const CLEAR_NAME = 0.4;
/**
 * Where the values may make a national food's first choice (Linker.rank): the composition twins'
 * categories, fish, fats and oils, sweets, and (session 18) dairy and eggs, whose first parts name
 * the cheese or milk ("Cheese, mozzarella, whole milk" for Frida's "Mozzarella, 45+").
 */
export const CLEAR_CATEGORIES: ReadonlySet<string> = new Set([...TWIN_CATEGORIES, '1500', '0400', '1900', '0100']);

/** Components an explained name (scorePair) must be compared on, all within tolerance. */
export const EXPLAINED_COMPONENTS = 5;

function compared(a: Profile, b: Profile): number {
  return PROFILE_PARTS.filter(({ key }) => a[key] !== null && b[key] !== null).length;
}

/**
 * profileDistance per component compared: breaks ties between national foods an ingredient could
 * answer with. Infinite where fewer than three macronutrients are shared (profileDetail gives
 * null): a sparse record is no near one.
 */
export function profileDistancePerComponent(a: Profile, b: Profile): number {
  return profileDetail(a, b) === null ? Number.POSITIVE_INFINITY : profileDistance(a, b) / compared(a, b);
}

/** Water (g/100 g) below which a food is a dry food whatever its name says (flour, pasta, rice, pulses as sold: 8-14 g). */
export const DRY_WATER = 20;

/**
 * Below DRY_WATER g of water per 100 g: from the water where the source gives it, else from the
 * solids it gives (BLS's derived table has macros only: pasta with 12.4 g protein, 1.6 g fat,
 * 68.8 g carbohydrate and 3.4 g fibre has at most 13.8 g of water).
 */
function isDry(p: Profile): boolean {
  if (p.water !== null) return p.water < DRY_WATER;
  if (p.protein === null || p.fat === null || p.carb === null) return false;
  return p.protein + p.fat + p.carb + (p.fibre ?? 0) > 100 - DRY_WATER;
}

/**
 * Genera renamed by botanists and zoologists, as tables still write them: Livsmedelsverket names
 * its 33 tomato foods "Lycopersicon esculentum" where SR writes "Solanum lycopersicum", its sweet
 * almonds "Amygdalus communis" (SR "Prunus dulcis"); Alaska pollock moved from Theragra to Gadus,
 * turbot from Psetta to Scophthalmus, kumquats into Citrus, chayote into Sicyos, loquat into
 * Rhaphiolepis. "Anar" is Livsmedelsverket's misspelt Anas (duck).
 */
const GENUS_RENAMED: Readonly<Record<string, string>> = {
  lycopersicon: 'solanum',
  amygdalus: 'prunus',
  theragra: 'gadus',
  psetta: 'scophthalmus',
  fortunella: 'citrus',
  sechium: 'sicyos',
  eriobotrya: 'rhaphiolepis',
  anar: 'anas',
};
/** Species moved to another genus while their old genus lives on: SR's rainbow trout "Salmo gairdneri" is Oncorhynchus mykiss. */
const SPECIES_RENAMED: Readonly<Record<string, string>> = { 'salmo gairdneri': 'oncorhynchus' };
/** A family, tribe or order ("Gadidae", "Anserini", "Squaliformes", "Lamellibranchia"): no genus to compare. */
const ABOVE_GENUS = /(?:idae|inae|ini|formes|oidea|oideae|aceae|ales)$|^lamellibranchia$/;

/**
 * The species of a scientific name, genus renamings applied ("Brassica oleracea L. convar.
 * capitata" -> "brassica oleracea"), or null where the name gives no species.
 */
function species(name: string | null): string | null {
  const g = genus(name);
  const m = name?.trim().match(/^[A-Z][a-z]+\s+([a-z]{3,})\b/);
  if (g === null || !m || m[1] === 'spp' || m[1] === 'sp') return null;
  return `${g} ${m[1]}`;
}

function genus(name: string | null): string | null {
  const m = name?.trim().match(/^([A-Z][a-z]+)(?:\s+([a-z]+))?/);
  if (!m) return null;
  const g = m[1]!.toLowerCase();
  if (ABOVE_GENUS.test(g)) return null;
  return SPECIES_RENAMED[`${g} ${m[2] ?? ''}`] ?? GENUS_RENAMED[g] ?? g;
}

export interface LinkResult {
  candidateId: number;
  score: number;
  name: number;
  profile: number | null;
  conflict: string | null;
  verified: boolean;
  /** The worst single compared nutrient's agreement (1: every one within its tolerance). */
  worst: number | null;
  /** Words of the canonical name the national name does not have: what the canonical food says beyond it. */
  unexplained: string[];
  /** Ruled out only because the canonical name names a variant (a distinguishing word) the national name does not. */
  variant: boolean;
  /**
   * Could stand against the chosen link as a reading of the national name (ambiguousWith):
   * verified, or ruled out only as such a variant while meeting every other bar (score
   * before the conflict's penalty, name, profile, worst component).
   */
  rival: boolean;
  /** Verified as a composition twin of this verified candidate (Linker.rank), not by its own name score. */
  twinOf?: number;
  /** Verified as another FDC record of the same food as this verified candidate (Linker.sameRecordLink). */
  recordOf?: number;
  /** Verified as the national food's first choice that the values make below the name bars (Linker.rank). */
  byValues?: boolean;
  /** Verified as the common reading of a plain national name (the food FNDDS recipes name most; Linker.rank). */
  common?: boolean;
  /** Verified from the ingredient's side as a variant the plainer national name covers (Linker.variantLinks). */
  generic?: boolean;
}

/**
 * Words that tell FDC records of one food apart without changing what the food is: how the
 * flour was milled for the US market ("bleached") and the record's sampling ("year round
 * average"). Enrichment words are already dropped by the reviewed synonyms.
 */
const RECORD_WORDS = new Set(['bleached', 'unbleached', 'year', 'round']);

/** A national food as scorePair reads it: its name read into tokens, with what its table gives. */
function scoredFood(food: NationalFoodForLink, tokens: NameTokens): Parameters<typeof scorePair>[0] {
  return {
    tokens,
    scientificName: food.scientificName,
    profile: food.profile,
    categories: food.categories ?? null,
    ...(food.facets ? { facets: food.facets } : {}),
    ...(food.speciesVocabulary ? { speciesVocabulary: food.speciesVocabulary } : {}),
    ...(food.tableWords ? { tableWords: food.tableWords } : {}),
  };
}

/** The figures a name states, in order ("94 proof", "80% lean meat / 20% fat"): a record stating other figures is another food. */
function figures(name: string): string {
  return (name.match(/\d+(?:[.,/]\d+)*/g) ?? []).join(' ');
}


function cookedIn(tokens: Set<string>): boolean {
  return [...tokens].some((t) => COOKING.has(t));
}

/**
 * A record of the food as sold: among vegetables, fruit, nuts, legumes and grains
 * (TWIN_CATEGORIES) a name that says no state at all names the food as it is bought, raw
 * (Foundation 1999629 "Mushrooms, white button", 1999634 "Tomato, roma"), so a "raw" said by
 * a national name or by another record of the same food is met by it. Why: Foundation names its
 * produce without "raw" where SR Legacy says it; the two records describe one food.
 */
function asSold(c: { tokens: NameTokens; category: string | null }): boolean {
  return c.category !== null && TWIN_CATEGORIES.has(c.category) && ![...c.tokens.all].some((t) => STATE_WORDS.has(t));
}

/** Two profiles agree within every tolerance, compared on at least three macronutrients. */
function agreeWithin(a: Profile, b: Profile): boolean {
  return profileDetail(a, b)?.worst === 1;
}

export function scorePair(
  food: {
    tokens: NameTokens;
    scientificName: string | null;
    profile: Profile;
    categories?: ReadonlySet<string> | null;
    facets?: readonly string[];
    speciesVocabulary?: ReadonlySet<string>;
    tableWords?: ReadonlyMap<string, ReadonlySet<string>>;
  },
  candidate: { id: number; tokens: NameTokens; scientificName: string | null; profile: Profile; category?: string | null; facets?: readonly string[] },
  idf: (t: string) => number,
  distinct?: Set<string>,
  referenceSpecies?: ReadonlySet<string>,
  pool?: {
    words: ReadonlyMap<string, readonly Profile[]>;
    always?: ReadonlySet<string>;
    form?: ReadonlySet<string>;
    product?: ReadonlySet<string>;
    /** Class words USDA files foods under ("Fish, cod"): they name no variant. */
    classes?: ReadonlySet<string>;
  },
): LinkResult {
  // With the pool (every word of the candidates scored for this food, Linker.rank), a word
  // one name has and the other lacks blocks only where the catalogue shows it matters:
  // - a word of the national name only ("chicken" eggs, "green" broccoli, "English" cheddar)
  //   blocks when some candidate that names it differs from this one in composition (the
  //   catalogue tells such foods apart: "duck" eggs); otherwise the profiles decide;
  // - a word of the canonical name only ("whole" egg, "stick" butter, "peeled" apples) does
  //   not block: ambiguousWith keeps the link only if no rival reading of the national name
  //   that passes every bar differs in composition.
  // Such words are `soft`: they lower the score a little (the plainer reading ranks first).
  const soft: string[] = [];
  const matters = (w: string) =>
    !!pool?.always?.has(w) || !!pool?.words.get(w)?.some((p) => (profileDetail(candidate.profile, p)?.worst ?? 0) < 1);
  // Class words ("Fish, mackerel", "Nuts, almonds") are how USDA files a food, not what it is.
  const named = (all: Set<string>) => (pool?.classes ? new Set([...all].filter((t) => !pool.classes!.has(t))) : all);
  // Among vegetables, fruit, nuts, legumes and grains, a national name that says another part
  // eaten than the record (CoFID "Potatoes, old, raw, flesh only" against SR "Potatoes, flesh and
  // skin, raw") is read as saying none: the values decide whether the part matters, and it
  // reads no better than a name that says none ("Apfel roh" stays first for an apple with skin).
  const formOf = (all: Set<string>) => [...all].filter((t) => pool?.form?.has(t)).sort().join(' ');
  const nationalForm = formOf(food.tokens.all);
  const recordForm = formOf(candidate.tokens.all);
  const partDiffers =
    candidate.category != null && TWIN_CATEGORIES.has(candidate.category) && nationalForm !== '' && recordForm !== '' && nationalForm !== recordForm;
  const nationalNamed = partDiffers ? new Set([...named(food.tokens.all)].filter((t) => !pool?.form?.has(t))) : named(food.tokens.all);
  const name = nameSimilarity(nationalNamed, named(candidate.tokens.all), idf);
  const detail = profileDetail(food.profile, candidate.profile);
  const profile = detail?.mean ?? null;
  // A national name that says no state ("Tomat") is raw when its LanguaL facets say so: it is
  // then not a canned or cooked food either.
  const stateWords = [...food.tokens.all].some((t) => STATE_WORDS.has(t))
    ? food.tokens.all
    : food.facets && rawByFacets(food.facets)
      ? new Set([...food.tokens.all, 'raw'])
      : food.tokens.all;
  let conflict = food.tokens.perWholeWeight ? 'values per weight with bone or waste' : stateConflict(stateWords, candidate.tokens.all);
  // What the canonical food had added (addedWords) the national food must say, and what it is
  // made without it must not say: baked beans "with pork" are not CoFID's plain baked beans.
  if (!conflict) {
    const missing = [...candidate.tokens.added].filter((t) => !food.tokens.all.has(t) && !food.tokens.added.has(t));
    const said = [...candidate.tokens.without].filter((t) => food.tokens.all.has(t));
    if (missing.length > 0) conflict = `${ADDED_CONFLICT}${missing.join(' ')}`;
    else if (said.length > 0) conflict = `the canonical food is made without: ${said.join(' ')}`;
  }
  // "Pasta, raw" is "Pasta, dry": a food sold dry is raw as sold. Where both sides give water
  // and both are dry foods (below DRY_WATER g/100 g), one name saying "dried" changes nothing.
  if (conflict === 'dried vs not dried' && isDry(food.profile) && isDry(candidate.profile)) conflict = null;
  // A distinguishing word only the canonical name has makes it a variant the national name
  // does not name: ruled out, but still a rival when telling variants apart (ambiguousWith).
  let variantWords: string[] = [];
  if (!conflict && distinct) {
    const one = [...distinct].filter((w) => food.tokens.all.has(w) !== candidate.tokens.all.has(w));
    const national = one.filter((w) => food.tokens.all.has(w));
    if (pool) {
      // A word whose difference the macros do not show (lactose-free, fortified, infant) always blocks.
      const hard = national.filter((w) => !pool.form?.has(w) && matters(w));
      if (hard.length > 0) conflict = `only one name says: ${one.join(' ')}`;
      else soft.push(...one);
    } else if (national.length > 0) conflict = `only one name says: ${one.join(' ')}`;
    else variantWords = one;
  }
  const headOk =
    [...food.tokens.head].some((t) => candidate.tokens.all.has(t)) && [...candidate.tokens.head].some((t) => food.tokens.all.has(t));
  if (!conflict && !headOk) conflict = 'head nouns differ';
  if (!conflict) {
    // Every word of the canonical name's first two parts must be in the national name
    // ("Milk, buttermilk" is not whole milk); "cooked" is met by any cooking word.
    const cookedOk = cookedIn(food.tokens.all);
    // A national name that says no state ("Banan") is raw when its LanguaL facets say so.
    const rawOk = !!food.facets && rawByFacets(food.facets) && stateOf(food.tokens.all).cooking.size === 0;
    const missing = [...candidate.tokens.core].filter(
      (t) => !food.tokens.all.has(t) && !(t === 'cooked' && cookedOk) && !(t === 'raw' && rawOk),
    );
    if (missing.length > 0) {
      const products = missing.filter((t) => !!pool?.product?.has(t));
      if (products.length > 0) conflict = `another product: ${products.join(' ')} (canonical name only)`;
      else if (pool) soft.push(...missing);
      else conflict = `not in national name: ${missing.join(' ')}`;
    }
  }
  if (!conflict) {
    // And every word of the national head must be in the canonical name, state words aside
    // ("Vegetable mix peas-carrots, raw" is not "Carrots, raw"; "Lentil flour" is not "Lentils,
    // raw", "Fish patties, mackerel" not "Fish, mackerel, Atlantic, raw"): the head names the
    // food, so a head word the canonical name lacks blocks (form words aside).
    const extra = [...food.tokens.head].filter((t) => !candidate.tokens.all.has(t) && !STATE_WORDS.has(t) && !pool?.form?.has(t));
    if (extra.length > 0) conflict = `not in canonical name: ${extra.join(' ')}`;
  }
  // Words of the canonical name that the national name does not have ("soft type", "separable
  // lean only", "soybean"): the canonical food is a more specific variant than the national
  // name says. A plain "cooked" is met by any cooking word.
  const unexplained = [...candidate.tokens.all].filter((t) => !food.tokens.all.has(t) && !(t === 'cooked' && cookedIn(food.tokens.all)));
  if (!conflict && food.tokens.average && unexplained.length > 0 && !pool) conflict = `average food vs a specific variant: ${unexplained.join(' ')}`;
  const fa = food.tokens.fat;
  const fb = candidate.tokens.fat;
  // Stated fat levels must overlap (one point of rounding allowed): "15% fat" is not "10% fat".
  if (!conflict && fa && fb && (fa[0] > fb[1] + 1 || fb[0] > fa[1] + 1)) conflict = `stated fat contents differ: ${fmtFat(fa)} vs ${fmtFat(fb)}`;
  // A fat level stated by one name only ("90% lean meat / 10% fat" against "Beef, mince, raw")
  // is a fat class: the other side's fat must fall within its tolerance, not merely near it.
  if (!conflict && (fa === null) !== (fb === null) && food.profile.fat !== null && candidate.profile.fat !== null) {
    const x = food.profile.fat;
    const y = candidate.profile.fat;
    if (Math.abs(x - y) > Math.max(1.5, 0.2 * Math.max(x, y))) conflict = `fat class differs: ${x} vs ${y} g`;
  }
  if (!conflict && food.categories && candidate.category && !food.categories.has(candidate.category)) {
    conflict = `food group disagrees: category ${candidate.category}`;
  }
  const g1 = genus(food.scientificName);
  const g2 = genus(candidate.scientificName);
  let bonus = 0;
  if (!conflict && g1 && g2) {
    if (g1 !== g2) conflict = 'different genus';
    else bonus = 0.05;
  }
  if (
    !conflict &&
    food.facets?.length &&
    ![...food.tokens.all].some((t) => STATE_WORDS.has(t)) &&
    [...candidate.tokens.all].some((t) => RAW.has(t)) &&
    heatedByFacets(food.facets)
  ) {
    // "Räkor" says no state, but its facets say cooked: not "Crustaceans, shrimp, raw".
    conflict = 'LanguaL heat-treated vs raw name';
  }
  if (!conflict && food.facets?.length && candidate.facets?.length) {
    // Only where both sides are indexed with LanguaL (SE against SR28's indexed foods).
    const f = compareFacets(food.facets, candidate.facets, referenceSpecies ?? new Set(), food.speciesVocabulary ?? new Set());
    if (f.conflict) conflict = f.conflict;
    else if (f.speciesAgree) bonus = 0.05;
  }
  const variant = !conflict && variantWords.length > 0;
  if (variant) conflict = `only one name says: ${variantWords.join(' ')}`;
  let score = 0.55 * name + 0.45 * (profile ?? 0) + bonus;
  score = Math.min(1, score);
  const unpenalised = score;
  if (conflict) score *= 0.6;
  // Every bar but the conflict, the score taken before a conflict lowers it.
  // A canonical name that says every word of the national name and more ("Rice, white,
  // long-grain, regular, raw, unenriched" for CIQUAL "Rice, raw") scores low on names only for
  // what it adds; where the values agree within every tolerance, the name has said enough
  // (rival variants that differ in composition are still weighed by ambiguousWith).
  // A food sold dry is raw as sold, and dried: "raw" and "dried" are explained by a dry canonical
  // food ("Pasta, dry"; CoFID "Raisins, dried" for SR "Raisins, seeded").
  const dryPair = isDry(food.profile) && isDry(candidate.profile) && !cookedIn(candidate.tokens.all);
  // Not for an average food (it is no variant), nor where the words the canonical name adds are
  // ones the national table tells its foods apart by ("Oil, palm" is not "..., palm kernel").
  const adds = [...candidate.tokens.all].filter((t) => !food.tokens.all.has(t) && !STATE_WORDS.has(t) && !pool?.form?.has(t) && !pool?.classes?.has(t));
  const explained =
    !food.tokens.average &&
    !tableTellsApart(adds, food.tokens.head, food.tableWords) &&
    [...food.tokens.all].every((t) => candidate.tokens.all.has(t) || !!pool?.form?.has(t) || (dryPair && (RAW.has(t) || DRIED.has(t))));
  const passes =
    detail !== null &&
    detail.mean >= MIN_PROFILE &&
    (detail.worst >= MIN_COMPONENT || (name >= SAME_NAME && worstComponent(food.profile, candidate.profile, excused(candidate.category ?? null)) >= MIN_COMPONENT)) &&
    ((unpenalised >= VERIFIED_THRESHOLD && name >= MIN_NAME) || (explained && detail.worst === 1 && compared(food.profile, candidate.profile) >= EXPLAINED_COMPONENTS));
  const verified = conflict === null && passes;
  if (soft.length > 0) score = Math.max(0, score - 0.01 * new Set(soft).size);
  return {
    candidateId: candidate.id,
    score: Math.round(score * 1000) / 1000,
    name,
    profile,
    worst: detail?.worst ?? null,
    conflict,
    verified,
    unexplained,
    variant,
    rival: verified || (variant && passes),
  };
}

/**
 * A verified link must be the plainest reading of the national name, or the numbers must
 * choose it. A rival is another candidate that passes every name rule (or is ruled out only
 * for naming a variant the national name does not), does not say everything the chosen one
 * says beyond the national name, and differs from it in composition ("Cheese, goat, soft
 * type" against "..., semisoft type" for a goat cheese that names no texture; "Pork, shoulder,
 * separable lean only" against "..., separable lean and fat" for a shoulder that says neither).
 * Against such a rival the national name does not pick a variant, so the link stands only if
 * the national values fit the chosen one within every tolerance and the rival's not. Rivals
 * whose profiles agree with the chosen one's within every tolerance ("Onions, frozen, whole"
 * and "..., chopped") would serve the same numbers and do not count. Returns the rival.
 */
export function ambiguousWith(
  best: LinkResult,
  scored: readonly LinkResult[],
  profileOf: (id: number) => Profile,
  nationalSaysState = true,
): LinkResult | null {
  if (best.unexplained.length === 0) return null;
  // A national name that says no state ("Blueberries") names the food as sold fresh: a frozen,
  // chilled, canned, dried, salted or cooked reading is no rival to a raw one (tables say those states).
  const processed = (r: LinkResult) => r.unexplained.some((t) => STATE_WORDS.has(t) && !RAW.has(t));
  const skipProcessed = !nationalSaysState && !processed(best);
  // Meat "with added solution" (injected with brine) is what a national name says when it means
  // it: such a reading is no rival to an untreated one (SR 10949 top loin chops against 10036).
  const treated = (r: LinkResult) => r.unexplained.some((t) => TREATMENT_WORDS.has(t));
  const skipTreated = !treated(best);
  return (
    scored.find(
      (r) =>
        r.candidateId !== best.candidateId &&
        r.rival &&
        !(skipProcessed && processed(r)) &&
        !(skipTreated && treated(r)) &&
        r.worst !== null &&
        !best.unexplained.every((t) => r.unexplained.includes(t)) &&
        (profileDetail(profileOf(best.candidateId), profileOf(r.candidateId))?.worst ?? 0) < 1 &&
        !(best.worst === 1 && r.worst < 1),
    ) ?? null
  );
}

/**
 * Words of a treatment the plain food has not had (synonyms.csv reads "added solution" as
 * "solution"), and of a product made low in sodium ("low sodium" reads "lowsodium"): a national
 * name says them when it means them, so such a reading is no rival to the plain one (SR 43597
 * "Cheese, mozzarella, low sodium" against 1026 "..., whole milk" for CoFID "Cheese, Mozzarella, fresh").
 */
const TREATMENT_WORDS: ReadonlySet<string> = new Set(['solution', 'lowsodium']);

/** How far a one-sided "enriched" lowers a candidate's rank (not its score) among the linker's choices. */
const ENRICHMENT_PENALTY = 0.05;

/**
 * What a name says of enrichment: "enriched" (US grain standards) or "unenriched". Only these
 * words: a record "with added vitamin D" keeps its links (its fortified values are withheld
 * at resolution instead, domain/countryNutrients.ts).
 */
function enrichmentOfName(name: string): Fortification {
  const lower = name.toLowerCase();
  if (/\bunenriched\b/.test(lower)) return 'no';
  if (/\benriched\b/.test(lower)) return 'yes';
  return fortificationOfName(lower) === 'yes' && /\b(?:fortified|berikad|beriket|beriget|enrichi)/.test(lower) ? 'yes' : 'unknown';
}

/** An index of the canonical ingredients for linking many national foods against them. */
export class Linker {
  private readonly candidates: Array<{
    id: number;
    tokens: NameTokens;
    scientificName: string | null;
    profile: Profile;
    category: string | null;
    facets?: readonly string[];
    uses: number;
    /** Its name's words: records that differ only in enrichment share them (the synonyms drop those words). */
    food: string;
    weight: number;
    /** Whether the canonical name says the food is enriched (only that word: see best()). */
    enriched: Fortification;
  }>;
  /** Every species (LanguaL B) term the reference foods are indexed with. */
  private readonly referenceSpecies = new Set<string>();
  private readonly byToken = new Map<string, number[]>();
  private readonly idfCache = new Map<string, number>();
  private readonly n: number;
  private readonly distinct: Set<string>;
  private readonly always: Set<string>;
  private readonly form: Set<string>;
  private readonly product: Set<string>;
  /** Class words as name tokens ("Fish, cod"): they name no variant. */
  private readonly classes: ReadonlySet<string>;
  private readonly profileOf = new Map<number, Profile>();
  private readonly indexOf = new Map<number, number>();
  private readonly siblings = new Map<number, number[]>();
  private readonly records = new Map<number, number[]>();
  private readonly names = new Map<number, string>();
  /** Every word that is the whole head of some canonical name ("Pimento, canned", "Buttermilk, low fat"): a word that names a food. */
  private readonly soleHeads: ReadonlySet<string>;
  /** FNDDS recipe uses per food (Linker.candidates' `food`). */
  private readonly foodUses = new Map<string, number>();

  /** The values a canonical ingredient was linked with (its Profile), undefined for an unknown id. */
  profile(id: number): Profile | undefined {
    return this.profileOf.get(id);
  }

  /** The name tokens of a canonical ingredient. */
  tokensOf(id: number): ReadonlySet<string> {
    return this.candidates[this.indexOf.get(id)!]!.tokens.all;
  }

  /** The FDC food category code of a canonical ingredient ("1100"), or null. */
  categoryOf(id: number): string | null {
    return this.candidates[this.indexOf.get(id)!]!.category ?? null;
  }

  /** The canonical name of a candidate ingredient. */
  nameOf(id: number): string {
    return this.names.get(id) ?? '';
  }

  constructor(
    ingredients: readonly LinkCandidate[],
    private readonly synonyms: Synonyms,
  ) {
    for (const i of ingredients) this.names.set(i.id, i.name);
    this.candidates = ingredients.map((i) => ({
      id: i.id,
      tokens: nameTokens(i.name, synonyms),
      scientificName: i.scientificName,
      profile: i.profile,
      category: i.category ?? null,
      ...(i.facets ? { facets: i.facets } : {}),
      uses: i.uses ?? 0,
      food: '',
      weight: 0,
      enriched: enrichmentOfName(i.name),
    }));
    for (const i of ingredients) for (const c of i.facets ?? []) if (c.startsWith('B')) this.referenceSpecies.add(c);
    // An added word counts only where it names a food: the head of some canonical name ("pork",
    // "fruit", "ham", "egg"), not "cookie pieces"' "piece" or "cheese filling"'s "filling".
    const foods = new Set(this.candidates.flatMap((c) => [...c.tokens.head]));
    this.soleHeads = new Set(this.candidates.filter((c) => c.tokens.head.size === 1).flatMap((c) => [...c.tokens.head]));
    for (const c of this.candidates) {
      for (const t of c.tokens.added) if (!foods.has(t)) c.tokens.added.delete(t);
      for (const t of c.tokens.without) if (!foods.has(t)) c.tokens.without.delete(t);
    }
    this.candidates.forEach((c, idx) => {
      for (const t of c.tokens.all) {
        let list = this.byToken.get(t);
        if (!list) this.byToken.set(t, (list = []));
        list.push(idx);
      }
    });
    this.n = this.candidates.length;
    for (const c of this.candidates) this.profileOf.set(c.id, c.profile);
    this.candidates.forEach((c, idx) => this.indexOf.set(c.id, idx));
    this.classes = classHeadsOf(synonyms);
    for (const c of this.candidates) for (const t of c.tokens.all) if (!this.classes.has(t)) c.weight += this.idf(t);
    for (const c of this.candidates) {
      // with its figures: 80 % and 95 % lean ground beef are different foods
      c.food = [...new Set(baseTokens(this.nameOf(c.id), synonyms, true))].sort().join(' ');
      this.foodUses.set(c.food, (this.foodUses.get(c.food) ?? 0) + c.uses);
    }
    // Distinguishing words go through the same normalisation as names ("solids" -> "solid").
    this.distinct = new Set([...(synonyms.distinct ?? [])].flatMap((w) => baseTokens(w, synonyms)));
    this.always = new Set([...(synonyms.composition ?? [])].flatMap((w) => baseTokens(w, synonyms)));
    this.form = new Set([...(synonyms.form ?? [])].flatMap((w) => baseTokens(w, synonyms)));
    this.product = new Set([...(synonyms.product ?? [])].flatMap((w) => baseTokens(w, synonyms)));
  }

  /**
   * The canonical ingredients that could be composition twins of one (Linker.rank), whatever the
   * national food: the same head words both ways, no state conflict, and values within every
   * tolerance on at least TWIN_COMPONENTS components. Memoised: it does not depend on the food.
   */
  private siblingsOf(id: number): number[] {
    let out = this.siblings.get(id);
    if (out) return out;
    const vc = this.candidates[this.indexOf.get(id)!]!;
    const head = [...vc.tokens.head].filter((t) => !STATE_WORDS.has(t));
    const lists = head.map((t) => this.byToken.get(t) ?? []).sort((a, b) => a.length - b.length);
    if (!vc.category || !TWIN_CATEGORIES.has(vc.category)) {
      this.siblings.set(id, []);
      return [];
    }
    const sameHead = (a: Set<string>, b: Set<string>) => {
      const x = [...a].filter((t) => !STATE_WORDS.has(t));
      const y = [...b].filter((t) => !STATE_WORDS.has(t));
      return x.length === y.length && x.every((t) => y.includes(t));
    };
    out = (lists[0] ?? []).filter((idx) => {
      const c = this.candidates[idx]!;
      if (c.id === id || c.category !== vc.category || !sameHead(c.tokens.head, vc.tokens.head)) return false;
      if (stateConflict(c.tokens.all, vc.tokens.all) !== null) return false;
      const same = profileDetail(c.profile, vc.profile);
      return !!same && same.worst === 1 && compared(c.profile, vc.profile) >= TWIN_COMPONENTS;
    });
    this.siblings.set(id, out);
    return out;
  }

  /**
   * The canonical ingredients that are another FDC record of the same food as `id`, saying no
   * more than it (SR Legacy 20081 and 20481 "Wheat flour, white, all-purpose", enriched or not;
   * Foundation 748278 and SR 4582 "Oil, canola"; SR 12061 "Nuts, almonds" beside Foundation
   * 2346393 "Nuts, almonds, whole, raw"): the same FDC category, the same head, no state
   * conflict (a food sold dry is raw as sold), and every word of the record's name, form and
   * record words aside, in the name of `id`. Their values must agree (MIN_PROFILE on the mean,
   * MIN_COMPONENT on every component) where both give at least three macronutrients. Memoised.
   */
  sameRecordsOf(id: number): number[] {
    let out = this.records.get(id);
    if (out) return out;
    const a = this.candidates[this.indexOf.get(id)!]!;
    const head = [...a.tokens.head].filter((t) => !STATE_WORDS.has(t));
    const lists = head.map((t) => this.byToken.get(t) ?? []).sort((x, y) => x.length - y.length);
    out = [];
    if (a.category !== null && head.length > 0) {
      for (const idx of lists[0] ?? []) {
        const b = this.candidates[idx]!;
        if (b.id === id || b.category !== a.category) continue;
        if (![...b.tokens.head].filter((t) => !STATE_WORDS.has(t)).every((t) => a.tokens.all.has(t))) continue;
        if (!head.every((t) => b.tokens.all.has(t))) continue;
        const dry = isDry(a.profile) && isDry(b.profile);
        const conflict = stateConflict(a.tokens.all, b.tokens.all);
        if (conflict !== null && !(conflict === 'dried vs not dried' && dry)) continue;
        const detail = profileDetail(a.profile, b.profile);
        // Form words (peeled, with skin) are left to the values (sameRecordLink); state words
        // count ("frozen, salted" egg is not a raw egg), but raw and dried on dry foods
        // ("Lentils, raw" is "Lentils, dry").
        // A record of the food as sold (asSold: "Mushrooms, white button") meets the "raw" of
        // another ("Mushrooms, white, raw") when their values agree within every tolerance.
        const soldRaw = asSold(a) && agreeWithin(a.profile, b.profile);
        const words = (x: NameTokens) =>
          [...x.all].filter(
            (t) => !RECORD_WORDS.has(t) && !this.form.has(t) && !(dry && (RAW.has(t) || DRIED.has(t))) && !(soldRaw && RAW.has(t)),
          );
        const wb = words(b.tokens);
        // A record that says no more than this one; or, among vegetables, fruit, nuts, legumes
        // and grains (TWIN_CATEGORIES), one that says everything this one says and more, state
        // words aside (Foundation 2346407 "Cabbage, green, raw" beside SR 11109 "Cabbage, raw"):
        // sameRecordLink then weighs what it adds. Elsewhere a word it adds names another cut,
        // grade or product ("chuck eye" steak, "buttermilk").
        const plainer = wb.every((t) => a.tokens.all.has(t));
        const specific =
          TWIN_CATEGORIES.has(a.category) && words(a.tokens).every((t) => STATE_WORDS.has(t) || b.tokens.all.has(t));
        if (!plainer && !specific) continue;
        if (detail !== null && (detail.mean < MIN_PROFILE || detail.worst < MIN_COMPONENT)) continue;
        // A record that says more must agree with this one closely on every component
        // (SPECIFIC_RECORD_WORST): "Cabbage, kimchi" and self-rising flour do not (their sodium),
        // nor Florida avocados (their fat).
        if (!plainer && detail !== null && detail.worst < SPECIFIC_RECORD_WORST) continue;
        out.push(b.id);
      }
    }
    this.records.set(id, out);
    return out;
  }

  /**
   * From the ingredient's side: `id` answers for the national food that `verified` (another
   * record of the same food, sameRecordsOf) is verified against on its own name. It must say
   * every word of the national name the verified record says (form words aside: a plain "Milk"
   * record does not answer for a lactose-free milk its sibling names), add no word that tells
   * foods apart (reviewed distinguishing and composition words, or the table's own distinctions
   * beside the head), and pass every rule against the national food but the name bars: no
   * conflict, and where the values can be compared, MIN_PROFILE and MIN_COMPONENT. The result,
   * verified, or null.
   */
  sameRecordLink(food: NationalFoodForLink, verified: number, id: number): LinkResult | null {
    const tokens = nameTokens(food.nameEn, this.synonyms);
    const v = this.candidates[this.indexOf.get(verified)!]!;
    const c = this.candidates[this.indexOf.get(id)!]!;
    // Only from a verified record that says every word of the national name (form words
    // aside): one verified despite a national word it lacks ("fillet" steak against a flank
    // steak record) would pass that doubt on.
    // A national "raw" is met by a verified record of the food as sold (asSold); a word no record
    // of the verified one's head says (unknownTo) tells nothing apart in the catalogue, so it is
    // no doubt to pass on (CoFID's "strong" bread flour, Frida's "extraction rate").
    const cookedOk = cookedIn(v.tokens.all);
    const vSold = asSold(v);
    const unsaid = [...tokens.all].filter(
      (t) => !v.tokens.all.has(t) && !this.form.has(t) && !(t === 'cooked' && cookedOk) && !(RAW.has(t) && vSold),
    );
    if (unsaid.some((t) => !this.unknownTo(t, v))) return null;
    const said = [...tokens.all].filter((t) => v.tokens.all.has(t));
    // A record of the food as sold meets the "raw" the verified record says, where their values agree.
    const cSold = asSold(c) && agreeWithin(v.profile, c.profile);
    const lacking = said.filter((t) => !c.tokens.all.has(t) && !this.form.has(t) && !RECORD_WORDS.has(t) && !(cSold && RAW.has(t)));
    // One excuse at a time: a record whose values must say a national word its name leaves out
    // (valuesSay) takes no national word the catalogue does not know (NO 06-184 "Linser, røde/rosa":
    // the untranslated "rosa" and the "red" that SR 16069 "Lentils, raw" lacks), nor a
    // distinguishing word of its own (valuesLeave: SR 2346413 green grapes for BLS red grapes).
    if (lacking.length > 0 && (unsaid.length > 0 || !this.valuesSay(v, c, lacking))) return null;
    // ...and the record says nothing the national name does not (SR 12061 "Nuts, almonds" beside
    // Foundation's "..., whole, raw"), but among vegetables, fruit, nuts, legumes and grains, where
    // USDA's added words leave the macros alone, words none of which tells foods apart: said by
    // the verified record too, or no reviewed composition word nor distinguishing word the values
    // do not leave alone (addsNothing), not said beside the head anywhere in the national table
    // ("green" cabbage where the table has one), nor against an average food.
    const dry = isDry(c.profile) && (food.profile.water === null || isDry(food.profile));
    const beyond = [...c.tokens.all].filter(
      (t) => !tokens.all.has(t) && !this.form.has(t) && !RECORD_WORDS.has(t) && !(dry && (RAW.has(t) || DRIED.has(t))),
    );
    if (beyond.length > 0) {
      const adds = beyond.filter((t) => !STATE_WORDS.has(t));
      if (
        c.category === null ||
        !TWIN_CATEGORIES.has(c.category) ||
        adds.length < beyond.length ||
        adds.some((t) => !this.addsNothing(t, v, c, lacking.length > 0)) ||
        tokens.average ||
        tableTellsApart(adds, tokens.head, food.tableWords)
      ) {
        return null;
      }
    }
    const stated = figures(this.nameOf(id));
    if (stated !== '' && stated !== figures(this.nameOf(verified))) return null;
    const pool = new Map<string, Profile[]>();
    for (const x of [v, c]) for (const t of x.tokens.all) pool.set(t, [...(pool.get(t) ?? []), x.profile]);
    const f = scoredFood(food, tokens);
    // The record is read as saying the words its values said (valuesSay): SE 1941 "Vetemjöl"
    // names "white" in its head, which Foundation's flour leaves out.
    const read = lacking.length === 0 ? c : { ...c, tokens: { ...c.tokens, all: new Set([...c.tokens.all, ...lacking]) } };
    const r = scorePair(f, read, this.idf, this.distinct, this.referenceSpecies, this.poolOf(pool));
    if (r.conflict !== null) return null;
    // Values that cannot be compared with the national ones (fewer than three macronutrients:
    // Foundation's "Oil, sunflower" gives fat only) leave the names to decide, as above.
    if (r.profile !== null && (r.profile < MIN_PROFILE || (r.worst ?? 0) < MIN_COMPONENT)) return null;
    // Records that differ in the part eaten (peeled, with skin) must each agree with the national
    // values within every tolerance: the values, not the words, say it makes no difference.
    const formOf = (x: NameTokens) => [...x.all].filter((t) => this.form.has(t)).sort().join(' ');
    if (formOf(v.tokens) !== formOf(c.tokens) && r.worst !== 1) return null;
    return { ...r, verified: true, recordOf: verified };
  }

  /**
   * From the ingredient's side: a Foundation record answers with the national food of its fuller
   * SR Legacy record of the same food (`fuller`, as derive.ts recordFullerRecords chose it: every
   * word of the Foundation name but how it is sold said by the SR name, the same fortification,
   * values that agree), where it has none of its own. Foundation's sparse records (Foundation
   * 789951 "Flour, wheat, all-purpose, enriched, unbleached": 21 values, no fibre) cannot show with
   * their values a word their name leaves out ("white"), which sameRecordLink asks of a sibling; the
   * pairing has already decided they are that record's food, so the record is read by the SR
   * name (the words it adds to the Foundation name say how the food is sold, or what the values
   * show). It must still pass every rule against the national food but the name bars: no
   * conflict, and where the values can be compared, MIN_PROFILE and MIN_COMPONENT. The result,
   * verified, or null.
   */
  fullerRecordLink(food: NationalFoodForLink, fuller: number, id: number): LinkResult | null {
    const s = this.candidates[this.indexOf.get(fuller)!];
    const c = this.candidates[this.indexOf.get(id)!];
    if (!s || !c) return null;
    const tokens = nameTokens(food.nameEn, this.synonyms);
    const read = { ...c, tokens: s.tokens };
    const pool = new Map<string, Profile[]>();
    for (const x of [s, c]) for (const t of x.tokens.all) pool.set(t, [...(pool.get(t) ?? []), x.profile]);
    const r = scorePair(scoredFood(food, tokens), read, this.idf, this.distinct, this.referenceSpecies, this.poolOf(pool));
    if (r.conflict !== null) return null;
    if (r.profile !== null && (r.profile < MIN_PROFILE || (r.worst ?? 0) < MIN_COMPONENT)) return null;
    return { ...r, verified: true, recordOf: fuller };
  }

  /**
   * Whether a word a record adds beyond the national name (sameRecordLink) leaves the food as the
   * verified record names it. A word the verified record says too is no bar: the verified link was
   * weighed with it (scorePair, ambiguousWith). A reviewed distinguishing word the verified record
   * does not say is left to the values (valuesLeave), a composition word always blocks.
   */
  private addsNothing(word: string, v: { id: number; profile: Profile; tokens: NameTokens }, c: { id: number; profile: Profile }, valuesSaid: boolean): boolean {
    if (this.always.has(word)) return false;
    // One excuse at a time: a record whose values already say a national word for it (valuesSay)
    // adds no word at all that the verified record says, nor a distinguishing one (SR 2346413
    // green grapes, against BLS "Weintraube rot" verified to SR 9132 "Grapes, red or green").
    if (valuesSaid) return !v.tokens.all.has(word) && !this.distinct.has(word);
    if (v.tokens.all.has(word)) return true;
    return !this.distinct.has(word) || this.valuesLeave(word, v, c);
  }

  /**
   * A reviewed distinguishing word a record adds that the verified one does not say ("green"
   * anjou pear) is left to the values, not to the word list (issue 16: a word blocks only where it
   * changes composition): it changes nothing where the record's values agree with the verified
   * one's within every tolerance on at least TWIN_COMPONENTS components (SR 9415 green anjou against
   * 9252 "Pears, raw"), or, where they cannot be compared, where no other record of the food says
   * the word (there is no other record to tell it from).
   */
  private valuesLeave(word: string, v: { id: number; profile: Profile; tokens: NameTokens }, c: { id: number; profile: Profile }): boolean {
    const detail = profileDetail(v.profile, c.profile);
    if (detail !== null) return detail.worst === 1 && compared(v.profile, c.profile) >= TWIN_COMPONENTS;
    const head = [...v.tokens.head].filter((t) => !STATE_WORDS.has(t));
    return (this.byToken.get(word) ?? []).every((idx) => {
      const x = this.candidates[idx]!;
      return x.id === c.id || !head.every((t) => x.tokens.all.has(t));
    });
  }

  /**
   * Whether no canonical name of the record's head says this word, among vegetables, fruit, nuts,
   * legumes and grains: the catalogue cannot tell foods apart by it ("strong" flour, "extraction"
   * rate), so a national name saying it doubts no record. Never a state, reviewed distinguishing or
   * composition word.
   */
  private unknownTo(word: string, v: { tokens: NameTokens; category: string | null }): boolean {
    if (v.category === null || !TWIN_CATEGORIES.has(v.category)) return false;
    if (STATE_WORDS.has(word) || this.distinct.has(word) || this.always.has(word)) return false;
    const head = [...v.tokens.head].filter((t) => !STATE_WORDS.has(t));
    return head.length > 0 && (this.byToken.get(word) ?? []).every((idx) => !head.every((t) => this.candidates[idx]!.tokens.all.has(t)));
  }

  /**
   * Whether the values say what a record's name leaves out: among vegetables, fruit, nuts,
   * legumes and grains (TWIN_CATEGORIES), a word of the national name that the verified record
   * says and its sibling does not (Foundation 789890 "Flour, wheat, all-purpose" does not say
   * the "white" of SR 20081 and CoFID's "Flour, wheat, white, plain") is said by the sibling's
   * values when they agree with the verified record's within every tolerance on at least
   * TWIN_COMPONENTS components (wholemeal flour would not: its protein and fibre). As in
   * scorePair, a reviewed distinguishing word ("white") is weighed by the values, but never a
   * state word nor a composition word (lactose-free, fortified), whose difference the macros do
   * not show.
   */
  private valuesSay(
    v: { id: number; profile: Profile; category: string | null },
    c: { id: number; profile: Profile; category: string | null },
    words: readonly string[],
  ): boolean {
    if (c.category === null || c.category !== v.category || !TWIN_CATEGORIES.has(c.category)) return false;
    if (words.some((t) => STATE_WORDS.has(t) || this.always.has(t))) return false;
    const agrees = (x: Profile) => {
      const detail = profileDetail(x, c.profile);
      return detail !== null && detail.worst === 1 && compared(x, c.profile) >= TWIN_COMPONENTS;
    };
    if (!agrees(v.profile)) return false;
    // ...and only where they tell the variants apart: a record of the same food that says none
    // of the words but another one, with values as close, leaves the word unsaid (SR 11109
    // "Cabbage, raw" agrees with red and green cabbage alike, so it says neither; a red cabbage's
    // national food is not its own).
    return !this.sameRecordsOf(c.id).some((id) => {
      if (id === v.id) return false;
      const x = this.candidates[this.indexOf.get(id)!]!;
      const c0 = this.candidates[this.indexOf.get(c.id)!]!;
      const other = [...x.tokens.all].some((t) => !c0.tokens.all.has(t) && !STATE_WORDS.has(t) && !this.form.has(t) && !RECORD_WORDS.has(t));
      return other && words.some((t) => !x.tokens.all.has(t)) && agrees(x.profile);
    });
  }

  idf = (t: string): number => {
    let v = this.idfCache.get(t);
    if (v === undefined) {
      v = Math.log(1 + this.n / (1 + (this.byToken.get(t)?.length ?? 0)));
      this.idfCache.set(t, v);
    }
    return v;
  };

  tokens(name: string): NameTokens {
    return nameTokens(name, this.synonyms);
  }

  /**
   * Whether the names leave a first choice to the values (Linker.rank): the canonical name's
   * first parts (three where the first is a class word: "Fish, trout, rainbow") all said by the
   * national name ("Broccoli raab" is no broccoli, "Gourd, dishcloth" no snake gourd), and every
   * word of the national name either in the canonical name, a form word, or a word no scored
   * candidate says (CIQUAL's "pulp and seeds" tells no USDA kiwi apart; "brown" sugar does).
   */
  private clearNames(tokens: NameTokens, id: number, poolWords: ReadonlyMap<string, readonly Profile[]>): boolean {
    const c = this.candidates[this.indexOf.get(id)!]!;
    const classes = this.classes;
    const parts = this.nameOf(id).replace(/\([^)]*\)/g, ' ').split(',');
    const first = baseTokens(parts[0] ?? '', this.synonyms);
    const n = first.length > 0 && first.every((t) => classes.has(t)) ? 3 : 2;
    const core = baseTokens(parts.slice(0, n).join(','), this.synonyms).filter((t) => !classes.has(t) && !STATE_WORDS.has(t));
    if (core.some((t) => !tokens.all.has(t))) return false;
    // The same state on both sides (raw and unsaid alike): "canned" rambutan is no rambutan pulp,
    // "fresh" tuna no deep-frozen tuna; and no figure the national name does not state ("45-59%
    // cacao solids", "80% fat").
    const states = (x: Set<string>) => [...x].filter((t) => STATE_WORDS.has(t) && !RAW.has(t)).sort().join(' ');
    if (states(tokens.all) !== states(c.tokens.all) && !(cookedIn(tokens.all) && cookedIn(c.tokens.all))) return false;
    if (figures(this.nameOf(id)) !== '' && tokens.fat === null) return false;
    // ...nor a different part eaten: form words are left to the values only where the names
    // carry the link (scorePair), not where the values alone choose.
    const formOf = (x: Set<string>) => [...x].filter((t) => this.form.has(t)).sort().join(' ');
    if (formOf(tokens.all) !== formOf(c.tokens.all)) return false;
    const cooked = cookedIn(c.tokens.all);
    return [...tokens.all].every((t) => c.tokens.all.has(t) || this.form.has(t) || (t === 'cooked' && cooked) || !poolWords.has(t));
  }

  /** The word pool and reviewed word kinds every pair of one national food is scored with (scorePair). */
  private poolOf(words: ReadonlyMap<string, readonly Profile[]>): NonNullable<Parameters<typeof scorePair>[5]> {
    return { words, always: this.always, form: this.form, product: this.product, classes: this.classes };
  }

  /** A national table's vocabulary (NationalFoodForLink.tableWords) from the names it links by. */
  tableWords(names: Iterable<string>): Map<string, Set<string>> {
    const out = new Map<string, Set<string>>();
    for (const name of names) {
      // By the head only: the foods of that head ("Tomatoes, cherry, raw"), not every dish that
      // names it ("Curry, lentil, red/masoor dahl and tomato" says nothing of red tomatoes).
      const { all, head } = nameTokens(name, this.synonyms);
      for (const t of head) {
        let seen = out.get(t);
        if (!seen) out.set(t, (seen = new Set()));
        for (const u of all) seen.add(u);
      }
    }
    return out;
  }

  /**
   * From the ingredient's side: the canonical ingredients a plainer national name covers. Tables
   * publish one food where USDA files several variants of it (Frida "Jordnøddesmør" against SR
   * "Peanut butter, chunk style, with salt", "..., smooth style, with salt" and Foundation
   * "Peanut butter, creamy"; BLS "Brokkoli gegart" against SR's boiled broccoli with and without
   * salt): the national food is the own choice of one of them at most, yet it is the national
   * value a user of each should get. A variant (VARIANT_CATEGORIES only) qualifies when
   * - its name says every word of the national name, its head is among them, it names any
   *   product the national name names in its first parts, and any state the national food is in
   *   (a national "cooked" is met by any cooking, "dried" by a dry food; a record that says no
   *   state meets a national "raw");
   * - it is a variant of a record in `references` (the national food's verified candidates and the
   *   ones it could not choose between): values within every tolerance of that record's, and
   *   beyond the words of both names none that names a food, a product of one or a part of one,
   *   an imitation, or a word the national table tells its foods of that head apart by;
   * - it passes every rule of scorePair and the value bars against the national food (at least
   *   EXPLAINED_COMPONENTS components, MIN_PROFILE, MIN_COMPONENT): within every tolerance where
   *   it adds a distinguishing word or a figure, or the name was read through a glossary; on the
   *   sodium where it adds a salt word.
   * Not for an average or unspecified national food, nor one with no reference. `except`:
   * candidates already verified for this food. Verified results, `generic` set.
   */
  variantLinks(food: NationalFoodForLink, except: ReadonlySet<number>, references: readonly number[]): LinkResult[] {
    const tokens = nameTokens(food.nameEn, this.synonyms);
    const required = [...tokens.all].filter((t) => !STATE_WORDS.has(t) && !this.form.has(t) && !this.classes.has(t));
    const head = [...tokens.head].filter((t) => !STATE_WORDS.has(t));
    if (required.length === 0 || head.length === 0 || tokens.average || namesUnspecified(food.nameEn) || references.length === 0) return [];
    // A glossary reads a named cheese by its class ("Nøkkelost", "Ridderost": "cheese"): a reading
    // that says nothing but "cheese" is no plainer name of any cheese ("Mozzarella, norsk" is).
    if (food.glossaryReading === true && required.every((t) => t === 'cheese')) return [];
    const nationalStates = [...tokens.all].filter((t) => STATE_WORDS.has(t) && !RAW.has(t) && t !== 'unsalted');
    const rawWords = [...tokens.all].filter((t) => RAW.has(t));
    const nationalRaw = rawWords.length > 0 && nationalStates.length === 0 ? rawWords : null;
    const lists = required.map((t) => this.byToken.get(t) ?? []).sort((a, b) => a.length - b.length);
    const f = scoredFood(food, tokens);
    const pool = this.poolOf(new Map());
    const nationalSpecies = species(food.scientificName);
    const nationalFigures = figures(food.nameEn);
    const out: LinkResult[] = [];
    for (const idx of lists[0] ?? []) {
      const c = this.candidates[idx]!;
      if (except.has(c.id) || c.category === null || !VARIANT_CATEGORIES.has(c.category)) continue;
      // Another species is another food, however close the values ("Cabbage, chinese (pe-tsai)",
      // Brassica rapa, is no "Vitkål", Brassica oleracea).
      const ownSpecies = species(c.scientificName);
      if (ownSpecies !== null && nationalSpecies !== null && ownSpecies !== nationalSpecies) continue;
      if (!required.every((t) => c.tokens.all.has(t))) continue;
      // A product the national name names (juice, flour, oil) the variant's first parts must name:
      // tomatoes "canned, packed in tomato juice" are no tomato juice.
      if (required.some((t) => this.product.has(t) && !c.tokens.core.has(t))) continue;
      // A state the national food is in (frozen, canned, dried, cooked, salted) the variant must say too:
      // BLS "Lachs tiefgefroren" covers no raw salmon, Frida's canned peeled tomatoes no fresh ones.
      // A national "cooked" is met by any cooking, a named method only by itself (an omelet is no
      // boiled egg); a food sold dry is dry as sold ("Lentils, dry" covers "Lentils, raw").
      const dry = isDry(food.profile) && isDry(c.profile);
      if (nationalStates.some((t) => !c.tokens.all.has(t) && !(t === 'cooked' && cookedIn(c.tokens.all)) && !(dry && DRIED.has(t)))) continue;
      const ownHead = [...c.tokens.head].filter((t) => !STATE_WORDS.has(t) && !this.classes.has(t));
      if (ownHead.length === 0 || !ownHead.every((t) => tokens.all.has(t))) continue;
      if (compared(food.profile, c.profile) < EXPLAINED_COMPONENTS) continue;
      // It must be a variant of a record the national food chose or could not choose between
      // (`references`): values that agree with that record's within every tolerance (measured by
      // the same laboratory methods, the words it adds change nothing the catalogue can measure:
      // kimchi's sodium and bok choy's carbohydrate do), and beyond the words of both names none
      // that names a food, a product made of one or a part of one ("pimento" cheese, tomato "sauce",
      // "giblets"), an imitation, or a word the national table tells its foods of that head apart by.
      const isVariantOf = (id: number): boolean => {
        const at = this.indexOf.get(id);
        const a = at === undefined ? undefined : this.candidates[at];
        if (!a || !agreeWithin(a.profile, c.profile) || compared(a.profile, c.profile) < EXPLAINED_COMPONENTS) return false;
        const theirs = species(a.scientificName);
        if (ownSpecies !== null && theirs !== null && ownSpecies !== theirs) return false;
        const adds = [...c.tokens.all].filter(
          (t) => !tokens.all.has(t) && !a.tokens.all.has(t) && !STATE_WORDS.has(t) && !this.form.has(t) && !this.classes.has(t) && !RECORD_WORDS.has(t),
        );
        if (adds.some((t) => this.soleHeads.has(t) || this.product.has(t) || PART_WORDS.has(t) || PLANT_PARTS.has(t) || NOT_THE_FOOD.has(t))) return false;
        return !tableTellsApart(adds, tokens.head, food.tableWords);
      };
      if (!references.some(isVariantOf)) continue;
      // A record that says no state names the food as sold, raw: it meets a national "raw" (Foundation
      // "Eggs, Grade A, Large, egg whole" is Frida's raw egg before its pasteurised one).
      const read = nationalRaw && ![...c.tokens.all].some((t) => STATE_WORDS.has(t)) ? { ...c, tokens: { ...c.tokens, all: new Set([...c.tokens.all, ...nationalRaw]) } } : c;
      const r = scorePair(f, read, this.idf, this.distinct, this.referenceSpecies, pool);
      if (r.conflict !== null || r.profile === null || r.worst === null || r.profile < MIN_PROFILE || r.worst < MIN_COMPONENT) continue;
      // A distinguishing word or figure the variant adds must change nothing in the values: every
      // component within tolerance; for the salt it says (peanut butter "with salt"), its sodium.
      const said = [...c.tokens.all].filter((t) => !tokens.all.has(t) && (this.distinct.has(t) || this.always.has(t)));
      const stated = figures(this.nameOf(c.id));
      const distinguishing = said.some((t) => !SALT_WORDS.has(t)) || (stated !== '' && stated !== nationalFigures);
      if (distinguishing && r.worst < 1) continue;
      // Where the name was read through a glossary, the values must carry what the reading lost:
      // every component within tolerance, but those the tables measure by their own methods
      // (carbohydrate by difference or available, fibre, sodium: Matvaretabellen's peanut butter
      // gives 13.1 g available carbohydrate against SR's 16.4).
      if (food.glossaryReading === true && worstComponent(food.profile, c.profile, METHOD_COMPONENTS) < 1) continue;
      if (said.some((t) => SALT_WORDS.has(t)) && !notContradicted(food.profile, c.profile, 'sodiumMg')) continue;
      out.push({ ...r, verified: true, generic: true });
    }
    return out;
  }

  /**
   * The readings of a national name that gives its food two names in its first part, split at the
   * slash, in the order they are tried ("Batata/sweet potato, raw": "Batata, raw" and "sweet
   * potato, raw"; BLS "Raisin/sultana (grape dried)", "Linseed/flax seed"). Not where the two
   * name different animals or other composition words ("Beef/pork, minced steak" is a mixture of
   * both). Empty when there is no such slash.
   */
  alternativeReadings(nameEn: string): string[] {
    const comma = nameEn.indexOf(',');
    const first = comma >= 0 ? nameEn.slice(0, comma) : nameEn;
    const rest = comma >= 0 ? nameEn.slice(comma) : '';
    const slash = first.indexOf('/');
    if (slash <= 0 || first.indexOf('/', slash + 1) >= 0) return [];
    // Not a slash inside parentheses ("Cake base/torte base (shortcrust pastry, fine)" keeps its aside whole).
    const open = first.lastIndexOf('(', slash);
    if (open >= 0 && first.indexOf(')', open) > slash) return [];
    const left = first.slice(0, slash).trim();
    const right = first.slice(slash + 1).trim();
    if (left === '' || right === '') return [];
    const kinds = (text: string) => [...nameTokens(text, this.synonyms).all].filter((t) => this.always.has(t));
    const a = kinds(left);
    const b = kinds(right);
    if (a.length > 0 && b.length > 0 && a.some((t) => !b.includes(t))) return [];
    // The second name may keep the words of the first it does not replace ("Goose lard/fat" is
    // goose fat, "Beef shin/foreshank" beef foreshank), or be a name of its own ("Japanese
    // medlar/loquat" is a loquat): that reading first, then the bare one.
    const leftWords = left.split(/\s+/);
    const rightWords = right.replace(/\([^)]*\)/g, ' ').trim().split(/\s+/);
    const kept = rightWords.length < leftWords.length ? [`${leftWords.slice(0, leftWords.length - rightWords.length).join(' ')} ${right}`] : [];
    return [left, ...kept, right].map((name) => `${name}${rest}`);
  }

  /** The best canonical ingredient for a national food, or null when no name shares its head noun. */
  best(food: NationalFoodForLink): LinkResult | null {
    return this.rank(food)[0] ?? null;
  }

  /**
   * Every candidate scored for a national food, the national food's best first (verified
   * before unverified, then by score): the national food's own choice, then the other
   * canonical ingredients it could stand for. Several ingredients may be verified against
   * one national food (SR Legacy "Garlic, raw" and Foundation "Garlic, raw" both against
   * CoFID's): each verified one passes every bar, including ambiguousWith against the rest.
   */
  rank(food: NationalFoodForLink): LinkResult[] {
    const tokens = nameTokens(food.nameEn, this.synonyms);
    // Only a canonical name holding every (non-state) word of the national head can be a
    // verified link, so look there first; the union is kept for review links when that is empty.
    const required = [...tokens.head].filter((t) => !STATE_WORDS.has(t));
    const lists = required.map((t) => this.byToken.get(t) ?? []).sort((a, b) => a.length - b.length);
    let pool = new Set<number>(lists[0] ?? []);
    for (const list of lists.slice(1)) {
      const keep = new Set(list);
      pool = new Set([...pool].filter((i) => keep.has(i)));
    }
    if (pool.size === 0) {
      // For a review link only: names sharing the national head's first listed word.
      const first = required.find((t) => this.byToken.has(t));
      pool = new Set((first ? this.byToken.get(first)! : []).slice(0, 100));
    }
    if (pool.size === 0) return [];
    // Rank by name first (cheap), then score the 25 best names in full.
    // The same Dice overlap as nameSimilarity, with the candidates' weights precomputed.
    const classes = this.classes;
    const foodTokens = [...tokens.all].filter((t) => !classes.has(t)).map((t) => ({ t, w: this.idf(t) }));
    const foodWeight = foodTokens.reduce((sum, x) => sum + x.w, 0);
    const byName = [...pool]
      .map((idx) => {
        const c = this.candidates[idx]!;
        let common = 0;
        for (const { t, w } of foodTokens) if (c.tokens.all.has(t)) common += w;
        const total = foodWeight + c.weight;
        return { idx, s: total === 0 ? 0 : (2 * common) / total };
      })
      .sort((a, b) => b.s - a.s || this.candidates[a.idx]!.id - this.candidates[b.idx]!.id)
      .slice(0, 25);
    // The foods people eat most under this head are scored too, however many words USDA adds
    // to their names ("Tomatoes, red, ripe, raw, year round average" ranks below 25 tomato
    // products on names alone), but only as readings for the common reading below: they take
    // no part in the word pool, the rivals or the national food's own choice otherwise.
    const named = new Set(byName.map((x) => x.idx));
    const commonExtra = [...pool]
      .filter((idx) => !named.has(idx) && this.candidates[idx]!.uses >= COMMON_USES)
      .sort((a, b) => this.candidates[b]!.uses - this.candidates[a]!.uses || a - b)
      .slice(0, COMMON_ADDED);
    let best: LinkResult | null = null;
    const f = scoredFood(food, tokens);
    const scored: LinkResult[] = [];
    // Every word of the candidates scored, with the profiles of the candidates that say it.
    const poolWords = new Map<string, Profile[]>();
    for (const { idx } of byName) {
      const c = this.candidates[idx]!;
      for (const t of c.tokens.all) {
        const list = poolWords.get(t);
        if (list) list.push(c.profile);
        else poolWords.set(t, [c.profile]);
      }
    }
    const tokensOf = new Map([...byName.map(({ idx }) => idx), ...commonExtra].map((idx) => [this.candidates[idx]!.id, this.candidates[idx]!.tokens.all]));
    // Enrichment on one side only is not a twin for the enriched nutrients: where the national
    // name does not say "enriched", an enriched US record ranks a little below its unenriched
    // twin ("Rice, white, long grain, raw" is 20444, not 20044), and the reverse.
    const nationalEnriched = enrichmentOfName(food.nameEn);
    let bestRank = -Infinity;
    // Equal scores: the values nearer the national food's ("extra lean" mince at 4.5 % fat is the 5 %, not the 3 %).
    const closer = (x: number, y: number) =>
      Math.sign(profileDistance(food.profile, this.profileOf.get(x)!) - profileDistance(food.profile, this.profileOf.get(y)!));
    for (const { idx } of byName) {
      const candidate = this.candidates[idx]!;
      const r = scorePair(f, candidate, this.idf, this.distinct, this.referenceSpecies, this.poolOf(poolWords));
      scored.push(r);
      const oneSided = (candidate.enriched === 'yes') !== (nationalEnriched === 'yes') && candidate.enriched !== 'unknown';
      const rank = r.score - (oneSided ? ENRICHMENT_PENALTY : 0);
      if (
        best === null ||
        Number(r.verified) > Number(best.verified) ||
        (r.verified === best.verified &&
          (rank > bestRank || (rank === bestRank && (closer(r.candidateId, best.candidateId) || r.candidateId - best.candidateId) < 0)))
      ) {
        best = r;
        bestRank = rank;
      }
    }
    if (best === null) return [];
    const profileOf = (id: number) => this.profileOf.get(id)!;
    const saysState = [...tokens.all].some((t) => STATE_WORDS.has(t));
    const settled = scored.map((r) => {
      if (!r.verified) return r;
      const rival = ambiguousWith(r, scored, profileOf, saysState);
      return rival
        ? {
            ...r,
            verified: false,
            score: Math.round(r.score * 0.6 * 1000) / 1000,
            conflict: `${UNDECIDED_CONFLICT}${r.candidateId} and ${rival.candidateId}`,
          }
        : r;
    });
    // The common reading: a plain national name ("Tomatoes, standard, raw", CIQUAL "Rice, raw")
    // that several candidates of different foods explain word for word, each adding words it does
    // not say ("green", "yellow", "red, ripe"; "short-grain", "long-grain"), with values within
    // every tolerance, means the food people eat where the catalogue shows one: the food FNDDS
    // recipes name at least COMMON_USES times and COMMON_FACTOR times as often as any other of
    // them (a food counts the uses of its records that differ only in enrichment, which the
    // enrichment rank then chooses between). It is the national food's own choice and verified;
    // the others stay verified where they were (the profiles decide, as for every variant word).
    const saysAll = (id: number) => [...tokens.all].every((t) => tokensOf.get(id)!.has(t) || this.form.has(t));
    const extras = commonExtra.map((idx) =>
      scorePair(f, this.candidates[idx]!, this.idf, this.distinct, this.referenceSpecies, this.poolOf(poolWords)),
    );
    const readings = [...settled, ...extras].filter(
      (r) =>
        r.conflict === null &&
        r.worst === 1 &&
        (r.profile ?? 0) >= MIN_PROFILE &&
        saysAll(r.candidateId) &&
        compared(food.profile, profileOf(r.candidateId)) >= EXPLAINED_COMPONENTS &&
        // a part of the animal is never a reading of the whole (CIQUAL "Chicken, meat, raw" is not the breast)
        ![...tokensOf.get(r.candidateId)!].some((t) => !tokens.all.has(t) && PART_WORDS.has(t)),
    );
    // Readings the names could not choose between (ambiguousWith) still count in the dominance
    // test, but are never chosen: where one of them is the food recipes name most, the choice stays
    // undone (BLS "Dorsch/Kabeljau" is not the Pacific cod FNDDS names, ambiguous with the Atlantic).
    // So do readings that say every national word but add a food the national name does not
    // (addedWords: "Cheese, cottage, with fruit" for BLS "Körniger Frischkäse"): they are other
    // foods, yet they show that the plain record is the one recipes name most.
    const undecided = scored.filter(
      (r, i) =>
        (r.verified &&
          !settled[i]!.verified &&
          r.worst === 1 &&
          saysAll(r.candidateId) &&
          settled[i]!.conflict?.startsWith(UNDECIDED_CONFLICT) === true) ||
        (r.conflict?.startsWith(ADDED_CONFLICT) === true && r.worst === 1 && (r.profile ?? 0) >= MIN_PROFILE && saysAll(r.candidateId)),
    );
    const foods = new Map<string, LinkResult[]>();
    for (const r of [...readings, ...undecided]) {
      const key = this.candidates[this.indexOf.get(r.candidateId)!]!.food;
      foods.set(key, [...(foods.get(key) ?? []), r]);
    }
    // A candidate that adds nothing to the national name is its plain reading ("Oil, coconut" is
    // SR 4047, not the industrial confection fat that FNDDS recipes name more often).
    const plain = settled.some(
      (r) =>
        (r.verified || (r.conflict === null && (r.profile ?? 0) >= MIN_PROFILE)) &&
        [...tokensOf.get(r.candidateId)!].every((t) => tokens.all.has(t) || STATE_WORDS.has(t) || this.form.has(t) || classes.has(t)),
    );
    if (foods.size >= 2 && !tokens.average && !plain) {
      const byUse = [...foods].map(([key, rs]) => ({ rs, uses: this.foodUses.get(key) ?? 0 })).sort((a, b) => b.uses - a.uses);
      const top = byUse[0]!;
      if (top.uses >= COMMON_USES && top.uses >= COMMON_FACTOR * byUse[1]!.uses) {
        const oneSided = (r: LinkResult) => {
          const e = this.candidates[this.indexOf.get(r.candidateId)!]!.enriched;
          return e !== 'unknown' && (e === 'yes') !== (nationalEnriched === 'yes') ? 1 : 0;
        };
        const member = top.rs
          .filter((r) => readings.includes(r))
          .sort((a, b) => oneSided(a) - oneSided(b) || b.score - a.score || a.candidateId - b.candidateId)[0];
        if (member) {
          const chosen = { ...member, verified: true, common: true };
          const at = settled.indexOf(member);
          if (at >= 0) settled[at] = chosen;
          else settled.push(chosen);
          best = chosen;
        }
      }
    }
    // Where no candidate passes the bars, the national food's own first choice is verified when
    // the values choose it: no conflict, every compared nutrient within its tolerance on at
    // least EXPLAINED_COMPONENTS components, and no other conflict-free candidate that fits the
    // national values as well differs from it in composition (CoFID 11-866 "Rice, brown, basmati,
    // raw" against SR 20036 "Rice, brown, long-grain, raw"). Only where USDA's added words leave the
    // macros alone (CLEAR_CATEGORIES: not meat cuts, which share their macros across cuts).
    if (!settled.some((r) => r.verified)) {
      const at = settled.findIndex((r) => r.candidateId === best!.candidateId);
      const b = settled[at]!;
      const c = this.candidates[this.indexOf.get(b.candidateId)!]!;
      if (
        b.conflict === null &&
        b.worst === 1 &&
        b.score >= CLEAR_SCORE &&
        b.name >= CLEAR_NAME &&
        !tokens.average &&
        c.category !== null &&
        CLEAR_CATEGORIES.has(c.category) &&
        compared(food.profile, c.profile) >= EXPLAINED_COMPONENTS &&
        this.clearNames(tokens, b.candidateId, poolWords) &&
        !settled.some((r) => r !== b && r.conflict === null && r.worst === 1 && (profileDetail(c.profile, profileOf(r.candidateId))?.worst ?? 0) < 1)
      ) {
        settled[at] = { ...b, verified: true, byValues: true };
      }
    }
    const first = settled.find((r) => r.candidateId === best!.candidateId)!;
    // Another ingredient may answer for this national food only if its name says every word
    // of the national name that the best candidate's does ("Egg, whole, raw, fresh" is not
    // "Eggs, duck, whole, raw" when "Egg, duck, whole, fresh, raw" is there), unless the two
    // agree in composition within every tolerance and the words it lacks are form words (the
    // word changes nothing: "Potatoes, flesh and skin, raw" beside "Potatoes, russet, without
    // skin, raw" for a peeled raw potato; a green cabbage never answers for a red one).
    const covered = (id: number) => [...tokens.all].filter((t) => tokensOf.get(id)!.has(t));
    const needed = covered(first.candidateId);
    for (let i = 0; i < settled.length; i++) {
      const r = settled[i]!;
      if (r === first || !r.verified) continue;
      const has = tokensOf.get(r.candidateId)!;
      const lacking = needed.filter((t) => !has.has(t));
      const same = (profileDetail(profileOf(first.candidateId), profileOf(r.candidateId))?.worst ?? 0) === 1;
      if (lacking.length > 0 && !(same && lacking.every((t) => this.form.has(t)))) {
        settled[i] = { ...r, verified: false, conflict: `the national food's best candidate also says: ${lacking.join(' ')}` };
      }
    }
    // The same food under the same name in another FDC dataset (SR Legacy 11215 and
    // Foundation 1104647 "Garlic, raw") answers with it: the name has chosen, and its own
    // values need only agree loosely (SIBLING_PROFILE) with the national ones.
    if (first.verified) {
      const same = (id: number) => {
        const x = tokensOf.get(id)!;
        const y = tokensOf.get(first.candidateId)!;
        return x.size === y.size && [...x].every((t) => y.has(t));
      };
      for (let i = 0; i < settled.length; i++) {
        const r = settled[i]!;
        if (r === first || r.verified || r.conflict !== null || !same(r.candidateId)) continue;
        if ((r.profile ?? 0) >= SIBLING_PROFILE) settled[i] = { ...r, verified: true };
      }
    }
    // Composition twins of a verified link (from the ingredient's side): a canonical ingredient
    // the name ranking did not reach or could not verify ("Potatoes, russet, flesh and skin, raw"
    // beside a verified "Potatoes, red, without skin, raw" for a national "Potato, raw"). It is
    // the same food when it names the same head, its values agree with the verified one's within
    // every tolerance (the words it adds change nothing the catalogue can measure), and it passes
    // every rule against the national food but the name bars (no conflict, profile bars met).
    const verifiedNow = settled.filter((r) => r.verified);
    if (verifiedNow.length > 0) {
      const seen = new Set(verifiedNow.map((r) => r.candidateId));
      const at = new Map(settled.map((r, i) => [r.candidateId, i]));
      for (const v of verifiedNow) {
        // Only a verified link that explains the whole national name has twins: one verified
        // despite a national word it lacks ("cherry" tomatoes, "old" potatoes) would pass that
        // doubt on to every sibling.
        const said = covered(v.candidateId);
        if ([...tokens.all].some((t) => !said.includes(t) && !this.form.has(t))) continue;
        for (const idx of this.siblingsOf(v.candidateId)) {
          const c = this.candidates[idx]!;
          if (seen.has(c.id)) continue;
          // It must say every word of the national name the verified one says ("Cabbage, green"
          // is not a twin of "Cabbage, red" for a red cabbage, however close their values), but
          // for the form words (peeled, with skin), which the profiles have already compared, and
          // the "raw" a record of the food as sold leaves unsaid (asSold: Foundation 1999634 "Tomato,
          // roma" beside SR 11529 "Tomatoes, red, ripe, raw" for BLS "Tomate roh").
          const sold = asSold(c);
          if (said.some((t) => !c.tokens.all.has(t) && !this.form.has(t) && !(sold && RAW.has(t)))) continue;
          // ...and what it adds must not be words the national table tells such foods apart by
          // ("Oil, industrial, palm kernel" is no twin of "Oil, palm" where the table has a palm
          // kernel oil; "medium-grain" rice none of long grain rice where it has long grain).
          const adds = [...c.tokens.all].filter((t) => !tokensOf.get(v.candidateId)!.has(t) && !this.form.has(t) && !STATE_WORDS.has(t) && !classes.has(t));
          if (tokens.average || tableTellsApart(adds, tokens.head, food.tableWords)) continue;
          seen.add(c.id);
          const r = scorePair(f, c, this.idf, this.distinct, this.referenceSpecies, this.poolOf(poolWords));
          if (r.conflict !== null || r.profile === null || r.profile < MIN_PROFILE || (r.worst ?? 0) < MIN_COMPONENT) continue;
          const twin = { ...r, verified: true, twinOf: v.candidateId };
          const i = at.get(c.id);
          if (i === undefined) settled.push(twin);
          else settled[i] = twin;
        }
      }
    }
    const own = settled.find((r) => r.candidateId === first.candidateId)!;
    const rest = settled
      .filter((r) => r.candidateId !== first.candidateId)
      .sort((a, b) => Number(b.verified) - Number(a.verified) || b.score - a.score || a.candidateId - b.candidateId);
    return [own, ...rest];
  }
}
