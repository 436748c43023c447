/**
 * From a parsed recipe line to an ingredient and grams: which words to search for, how sure the
 * match is, and which of the line's measures to weigh with the conversion rules. Pure: the
 * caller supplies the search, the density and the household measures.
 */
import { convert, kindOf, pieceWeightsFrom, type ConversionInput, type MeasuringSystem, type Unit } from './conversion.js';
import { classifyMeasure, type PieceUnit } from './householdMeasures.js';
import { isPreparationWord, searchHeadKey, searchSubjectKey, singular } from './ranking.js';
import { toConversionUnit, type LineMeasure, type ParsedLine, type PieceSize } from './recipeLine.js';
import { applySynonyms, buildSearchQuery, MIN_PREFIX_LENGTH } from './search.js';

export type Confidence = 'high' | 'medium' | 'low';

/** Words that qualify how a cook buys or likes a food without naming another food. */
const QUALIFIERS = new Set(
  ('fresh freshly free-range organic good good-quality quality best ripe large small medium big little few handful ' +
    'a an the some extra-large very nice plump home-made homemade store-bought shop-bought ready-made unblanched cooking optional')
    .split(' '),
);

/** A line's words: lower case, accents folded ("purée" is "puree", as search reads it, not "pur e"). */
const words = (text: string): string[] =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^a-z0-9\s'-]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/**
 * The queries to try, most specific first: the food without asides and qualifiers (the first
 * of "X or Y"; "olive or vegetable oil" is olive oil), then with its leading words dropped one
 * at a time (the head noun of an English food name comes last).
 */
export function searchQueries(food: string): string[] {
  let text = food.replace(/\([^)]*\)/g, ' ');
  const alt = /^(.*?)\s+or\s+(.*)$/i.exec(text);
  if (alt) {
    const first = words(alt[1]!);
    const second = words(alt[2]!);
    text = first.length === 1 && second.length > 1 ? `${first[0]} ${second.slice(1).join(' ')}` : alt[1]!;
  }
  const kept = words(text).filter((w) => !QUALIFIERS.has(w));
  const out: string[] = [];
  for (let i = 0; i < kept.length; i += 1) {
    const q = kept.slice(i).join(' ');
    if (q.length >= 2 && !out.includes(q)) out.push(q);
  }
  return out;
}

/**
 * The piece a count without a unit names by its food's last word, as the synonyms read it:
 * "8 fish fingers" are fish sticks, and SR 15027's "1 stick" (28 g) is the piece, not its
 * 4-inch "1 piece" (57 g). Used only where the record has a piece measure of that word.
 */
export function countedPiece(query: string): string | null {
  const read = applySynonyms(words(query).map(singular)).map((w) => w.word);
  const last = read.at(-1);
  return last === undefined || last.length < 3 ? null : singular(last);
}

/** Words of a line's preparation or comment that say which record of the food it is ("chicken thighs, skinless and boneless"). */
const KIND_ASIDES = ['skinless', 'boneless'];

/**
 * The food text to search for: the food, with the skinless or boneless its preparation or comment
 * says ("4 chicken thighs, skinless and boneless" is skinless thigh meat, not thigh with skin).
 */
export function foodToSearch(line: Pick<ParsedLine, 'food' | 'preparation' | 'comment'>): string {
  const said = new Set(words(line.food));
  const aside = words(`${line.preparation ?? ''} ${line.comment ?? ''}`);
  const kinds = KIND_ASIDES.filter((k) => aside.includes(k) && !said.has(k));
  return kinds.length === 0 ? line.food : `${kinds.join(' ')} ${line.food}`;
}

/**
 * The search for a food the line measures in cans or tins ("1 can chickpeas, drained", "1 (15 oz)
 * can black beans"): the canned food, not the dry one a plain search finds first (425 g of dry
 * beans is 1,450 kcal, of canned beans about 390). Null when the line names no can or its food
 * already says how it is kept. `first` is the line's first search, searchQueries(food)[0].
 */
export function cannedQuery(line: { text: string; food: string }, first: string | undefined): string | null {
  if (first === undefined || !/\b(?:cans?|tins?)\b/i.test(line.text) || /\b(?:canned|tinned|frozen|dried|fresh)\b/i.test(line.food)) return null;
  return `canned ${first}`;
}

/** A search with its last word singular ("lemons" -> "lemon"): the fruit whose juice or peel a line uses. */
const singularLast = (search: string): string => {
  const all = search.split(' ');
  return [...all.slice(0, -1), singular(all.at(-1)!)].join(' ');
};

/**
 * A line that uses a fruit's juice ("juice of 1 lemon", "2 limes, juiced", "zest and juice of 1
 * orange"): the search for the juice, and the fruit, whose measure in the juice record weighs
 * each one ("1 lemon yields = 48 g", not the whole fruit's 58 g nor a wedge's 5.9 g). Null when
 * the line uses the fruit itself. `first` is the line's first search, searchQueries(food)[0].
 */
export function juiceOf(line: { food: string; preparation: string | null }, first: string | undefined): { query: string; fruit: string } | null {
  if (first === undefined || line.preparation === null || !/\bjuice(?:d|\s+(?:of|from))\b/i.test(line.preparation) || /\bjuice\b/i.test(line.food)) return null;
  const fruit = singularLast(first);
  return { query: `${fruit} juice`, fruit: fruit.split(' ').at(-1)! };
}

/**
 * A line that uses a fruit's zest or rind ("zest of an orange", "finely grated zest of 1 lemon"):
 * the search for its peel (SR 9216 "Orange peel, raw", 9156 "Lemon peel, raw"), not the whole fruit
 * (131 g of orange for a few grams of zest). No source weighs the zest of one fruit, so a counted
 * zest stays unweighed. Null when the line uses the fruit itself or names its juice (juiceOf).
 */
export function zestOf(line: { food: string; preparation: string | null }, first: string | undefined): string | null {
  if (first === undefined || line.preparation === null || !/\b(?:zest|rind)\b/i.test(line.preparation) || /\b(?:zest|rind|peel)\b/i.test(line.food)) return null;
  return `${singularLast(first)} peel`;
}

/**
 * The search for the pepper of a seasoning line. "Salt and pepper" (or "&", "sea salt and white
 * pepper") seasons with salt and the ground spice: searched whole, the pair finds "Peppers, sweet,
 * green, ..., with salt", the vegetable. A bare "pepper" is the spice when it is measured by
 * spoons, pinches or grinds or not at all, as recipes write it ("1/2 tsp pepper", "pepper to
 * taste", "a few grinds of pepper"), and the vegetable when it is counted ("1/2 pepper, chopped").
 * Null for any other line.
 */
export function seasoningQuery(line: { food: string; measures: readonly LineMeasure[] }): string | null {
  const food = line.food.trim().toLowerCase();
  const pair = /^(?:(?:sea|kosher|table|coarse|flaky|rock|fine)\s+)?salt\s*(?:and|&|\+)\s*(.+)$/.exec(food);
  const rest = (pair ? pair[1]! : food).replace(/^(?:(?:a\s+)?(?:few\s+)?grinds?\s+of\s+)/, '');
  const query = searchQueries(rest)[0];
  if (query === undefined || !/\bpeppers?$/.test(query)) return null;
  if (query !== 'pepper' && query !== 'peppers') return pair || rest !== food ? query : null;
  const counted = line.measures.length > 0 && line.measures[0]!.unit === null;
  return counted && !pair && rest === food ? 'sweet pepper' : 'black pepper';
}

/** The words a line writes before a food it uses already cooked. */
const COOKED_STATE = 'cooked|boiled|steamed|roasted|roast|baked|grilled|fried|poached|braised';
/** ...right before the food (a leftover word between): "2 cups cooked white rice", "cold boiled potatoes". */
const COOKED_BEFORE_FOOD = new RegExp(`\\b(${COOKED_STATE})[\\s,]+(?:(?:leftover|left-over|cold|warm|hot|plain)\\s+)?$`, 'i');
const COOKED_WORD = new RegExp(`^(?:${COOKED_STATE})$`);

/**
 * The search for a food the line says is already cooked ("2 cups cooked white rice", "1 cup
 * boiled potatoes", "leftover roast chicken"): the cooked record, not the raw one a plain search
 * finds first (2 cups of cooked rice are 316 g and about 410 kcal, SR 20045; of raw rice, 370 g
 * and 1,350 kcal), then any cooked record of it. Only a state word written right before the food
 * counts: after it ("rice, cooked according to the packet") it is an instruction. Null for any
 * other line.
 */
export function cookedQuery(line: { text: string; food: string }, first: string | undefined): string[] | null {
  if (first === undefined || line.food === '') return null;
  // The state word read as part of the food ("150 g roast chicken": the food is "roast chicken").
  const lead = COOKED_LEADING.exec(first);
  if (lead !== null) return cookedQueries(lead[2]!, lead[1]!.toLowerCase());
  const at = line.text.toLowerCase().indexOf(line.food.toLowerCase());
  if (at <= 0) return null;
  const state = COOKED_BEFORE_FOOD.exec(line.text.slice(0, at));
  if (state === null || first.split(' ').some((w) => COOKED_WORD.test(w))) return null;
  return cookedQueries(first, state[1]!.toLowerCase());
}

/** A food's search led by the way it was cooked: "roast chicken", "boiled potatoes". */
const COOKED_LEADING = new RegExp(`^(${COOKED_STATE}) (.+)$`);

/** The searches for `food` cooked as `word` says, in the order to try them. */
function cookedQueries(food: string, word: string): string[] {
  const written = `${food} ${word === 'roast' ? 'roasted' : word}`;
  if (word === 'cooked') return [written];
  // Where no record names the way it was cooked ("steamed broccoli"), its cooked record does. A
  // roast's search also finds the raw "roasting" chicken (one stem), so it is asked with "cooked" too:
  // "roast chicken" is SR's "Chicken, ..., cooked, roasted".
  return word === 'roast' || word === 'roasted' ? [written, `${food} cooked roasted`, `${food} cooked`] : [written, `${food} cooked`];
}

/**
 * The search that names the line's food more closely than its words do, with the piece word that
 * weighs it: a fruit's juice (juiceOf) or zest (zestOf), a can of the food (cannedQuery), a food already cooked
 * (cookedQuery), the pepper of a seasoning (seasoningQuery), in the order to try them; the caller
 * takes the first that finds a record holding every one of its words. Null when the line's own
 * words are the search.
 */
export function specificSearch(line: ParsedLine, first: string | undefined): { queries: string[]; pieceName: string | null } | null {
  const juice = juiceOf(line, first);
  if (juice !== null) return { queries: [juice.query], pieceName: juice.fruit };
  const zest = zestOf(line, first);
  if (zest !== null) return { queries: [zest], pieceName: null };
  const canned = cannedQuery(line, first);
  const queries = canned !== null ? [canned] : (cookedQuery(line, first) ?? [seasoningQuery(line)].filter((q) => q !== null));
  return queries.length === 0 ? null : { queries, pieceName: null };
}

const stem = (w: string): string => w.replace(/(?:es|s)$/, '');

/** How a cook cuts or readies the food: a name need not say it ("chopped tomatoes" are canned tomatoes). Not "ground": ground beef is another food. */
const CUT_WORDS = new Set(['chopped', 'sliced', 'diced', 'minced', 'grated', 'crushed', 'shredded', 'halved', 'cubed', 'mashed', 'peeled', 'pitted', 'softened', 'melted', 'beaten']);

/**
 * high: the whole food text found an ingredient whose name holds every one of its words (medium
 * where a reviewed stand-in synonym read them: the nearest record, another food);
 * medium: a shorter text of two words or more found one whose name holds every word of it;
 * low: only the last word found one, or the name lacks a word of the text that found it (the
 * search listed names holding some of the words, or read a word as a misspelling: "garam
 * masala" is no bean soup "masala", "rice vinegar" no rice, "harissa" no carissa).
 */
export function matchConfidence(queryIndex: number, queries: string[], name: string): Confidence {
  const q = queries[queryIndex]!;
  const nameWords = new Set(words(name).map(stem));
  const holds = (ws: readonly string[]) => ws.every((w) => nameWords.has(stem(w)));
  // The words as typed or as the reviewed synonyms read them ("spaghetti cooked" is "pasta cooked":
  // "Pasta, cooked, enriched" holds every word of the food).
  const written = q.split(' ').filter((w) => !CUT_WORDS.has(w));
  const read = applySynonyms(written.map(singular));
  const literal = holds(written);
  if (!literal && !holds(read.map((w) => w.word))) return 'low';
  // Found through a reviewed stand-in ("creme fraiche" read as sour cream): the nearest record, another food.
  if (queryIndex === 0) return !literal && read.some((w) => w.standIn) ? 'medium' : 'high';
  return q.includes(' ') ? 'medium' : 'low';
}

/** How a cook cuts or readies a food that a household measure may name ("1 cup, shredded = 113 g"): the cutting words and a few measuring ones. */
const MEASURED_CUTS = new Set([...CUT_WORDS, 'packed', 'sifted', 'crumbled', 'flaked', 'pureed']);

/**
 * The density of the measure that names the line's cut, where the record measures a volume of it
 * so: "2 cups shredded cheddar" is SR 1009's "1 cup, shredded = 113 g", not its first cup measure
 * ("1 cup, diced = 132 g", the record's density). Null when no volume measure names the cut.
 */
export function cutDensity(
  measures: ReadonlyArray<{ amount: number; description: string; gram_weight: number; measure_kind: string }>,
  lineText: string,
): { gPerMl: number; measure: string } | null {
  const cuts = new Set(words(lineText).filter((w) => MEASURED_CUTS.has(w)));
  if (cuts.size === 0) return null;
  for (const m of measures) {
    if (m.measure_kind !== 'volume' || !(m.gram_weight > 0) || !(m.amount > 0)) continue;
    if (!words(m.description).some((w) => cuts.has(w))) continue;
    const kind = classifyMeasure(m.amount, null, m.description);
    if (kind.kind !== 'volume') continue;
    return { gPerMl: m.gram_weight / kind.ml, measure: `${m.amount} ${m.description} = ${m.gram_weight} g` };
  }
  return null;
}

/** Words that describe a food without naming one: USDA's "mixed species", "assorted", "all varieties". */
const DESCRIPTOR_WORDS = new Set(['mixed', 'assorted', 'species', 'variety', 'varieties', 'kind', 'type', 'style', 'all', 'other']);

/**
 * Whether a match that lacks some of the food's words still names the food: its name holds a
 * word of the search (as written or as the synonyms read it) that names neither a preparation
 * (isPreparationWord) nor only a description, in its name or, for a shorter search, in its
 * subject or head. "mixed herbs" found "Crustaceans, shrimp, mixed
 * species" by "mixed", "harissa paste" found "Nuts, almond paste" by "paste": neither names the
 * food, and a line weighed as either adds a food, and its allergens, the cook never used.
 */
export function namesTheFood(query: string, name: string, where: 'name' | 'subject' = 'name'): boolean {
  // A shorter search (the line's last word) must find the food itself, not a word of another
  // food's name: "herbs" of "mixed herbs" is no "Beverages, tea, herb, brewed, chamomile".
  const nameWords = where === 'name' ? [...new Set(words(name).map(singular))] : [...new Set([...searchSubjectKey(name).split(' '), ...searchHeadKey(name).split(' ')])];
  // The words the search required (synonyms applied: "peppercorns" is "pepper, black") and the words as typed.
  const read = buildSearchQuery(query);
  const candidates = [...read.terms.flatMap((t) => t.split('|')), ...read.typed].map(singular).filter((w) => !isPreparationWord(w) && !DESCRIPTOR_WORDS.has(w));
  // The last word is searched as a prefix, as people type ("kiwi" finds "Kiwifruit, green, raw").
  const last = singular(read.typed.at(-1) ?? '');
  const held = (w: string, nameWord: string) => nameWord === w || (w === last && w.length >= MIN_PREFIX_LENGTH && nameWord.startsWith(w));
  return candidates.some((w) => nameWords.some((nameWord) => held(w, nameWord)));
}

/**
 * Whether two ingredient names are records of one food in one state (the same search subject, the
 * same state words): "Cucumber, with peel, raw" and "Cucumber, peeled, raw" are; "Cucumber" and
 * "Pickles, cucumber" are not. A record without piece weights may borrow them from such a twin,
 * because a cook's "1 cucumber" weighs the same whichever record gives the nutrients.
 */
export function sameFood(a: string, b: string): boolean {
  // The food a name names is the search's subject: after a class head ("Nuts, almonds" is almonds)
  // and a subclass part, singular ("Onions, red, raw" and "Onions, raw" are onions).
  const subject = searchSubjectKey(a);
  // A dried prune does not weigh what a raw plum does: both records must be in the same state;
  // a name that says no state (Foundation's "Tomato, roma") is the food as sold, raw.
  const states = (name: string): string => words(name).filter((w) => STATE_WORDS.has(w)).sort().join(' ') || 'raw';
  return subject !== '' && subject === searchSubjectKey(b) && states(a) === states(b) && skinOf(a) === skinOf(b);
}

/**
 * Whether a name says the food has its skin or has none: a thigh with its skin (193 g) does not
 * weigh what a skinless one does (149 g), so neither lends the other its pieces.
 */
function skinOf(name: string): 'with' | 'without' | 'unsaid' {
  const lower = name.toLowerCase();
  if (/\b(?:skinless|meat only|without skin|skin removed)\b/.test(lower)) return 'without';
  if (/\b(?:meat and skin|with skin|skin on)\b/.test(lower)) return 'with';
  return 'unsaid';
}

const STATE_WORDS = new Set(['raw', 'dried', 'dehydrated', 'uncooked', 'cooked', 'boiled', 'baked', 'roasted', 'fried', 'stewed', 'canned', 'frozen', 'candied', 'pickled']);

export interface LineWeight {
  grams: number | null;
  /** How the grams were found, or why not. */
  basis: string;
}

/** A line weighing more than this (a tonne) is a typo, not an ingredient: it is not counted. */
export const MAX_LINE_GRAMS = 1_000_000;

/**
 * Piece weights for a line: of its size where the record has that size (conversion.ts's
 * rule: "1 large onion" is the large one, no size the medium one), else the record's default.
 */
export function piecesFor(measures: Parameters<typeof pieceWeightsFrom>[0], size: PieceSize | null, unitWord: string | null = null): ConversionInput['pieces'] {
  // "2 stalks broccoli" is the record's stalk (151 g), not its spear (31 g): measures named by the cook's word first.
  if (unitWord !== null) {
    const named = measures.filter((m) => new RegExp(`^${unitWord}s?\\b`, 'i').test(m.description));
    if (named.some((m) => m.measure_kind === 'piece')) measures = named;
  }
  const fallback = pieceWeightsFrom(measures);
  return size === null ? fallback : { ...fallback, ...pieceWeightsFrom(measures, size) };
}

/** The foods sold in sticks of 8 tablespoons (US butter, margarine, shortening). */
const STICK_FATS = /\b(?:butter|margarine|shortening|lard|spread|oleo)\b/i;

type PieceWeight = NonNullable<ConversionInput['pieces'][PieceUnit]>;

/**
 * The containers a cook counts in, by the words of a line and of a record's household measures:
 * a tin is a can, a pack (or SR's "pkg") a package, a sachet or envelope a packet.
 */
const CONTAINERS: Readonly<Record<string, string>> = {
  can: 'can', tin: 'can', package: 'package', pack: 'package', pkg: 'package', packet: 'packet', sachet: 'packet', envelope: 'packet',
  jar: 'jar', bag: 'bag', box: 'box', bottle: 'bottle', carton: 'carton', tub: 'tub',
};
const CONTAINER_MEASURE = new RegExp(`^(${Object.keys(CONTAINERS).join('|')})s?\\b`, 'i');

/** The container a line's unit names ("tins" -> "can"), or null for any other unit. */
export const containerOf = (unit: string | null): string | null => (unit === null ? null : (CONTAINERS[unit] ?? null));

/**
 * The weight of one container of a record, by container, from its household measures ("can" =
 * 436 g for SR 16034 kidney beans; "can (total can contents)" = 448 g for 16058 chickpeas;
 * "package (10 oz)" = 284 g for 11463 frozen spinach; "packet" = 7.2 g for 18375 dry yeast): the
 * first measure of each. A container whose volume the description states is a volume measure,
 * not this. Empty when the record gives none.
 */
export function containerWeightsFrom(measures: Parameters<typeof pieceWeightsFrom>[0]): Map<string, PieceWeight> {
  const out = new Map<string, PieceWeight>();
  for (const m of measures) {
    const word = CONTAINER_MEASURE.exec(m.description)?.[1]?.toLowerCase();
    const container = word === undefined ? undefined : CONTAINERS[word];
    if (container === undefined || out.has(container) || m.measure_kind === 'volume' || !(m.amount > 0) || !(m.gram_weight > 0)) continue;
    out.set(container, { grams: m.gram_weight / m.amount, measure: `${m.amount} ${m.description} = ${m.gram_weight} g`, size: null });
  }
  return out;
}

/**
 * Grams for a line: the first measure by mass, else by volume (through the density), else a can
 * or other container by the record's measure of it (containerWeightsFrom), else by pieces (a bare count is pieces); a weight
 * given for each piece ("2 (400 g) cans") counts once per piece. Null grams when the line has no amount or its unit has no weight
 * for this ingredient (a "handful").
 */
export function weighLine(
  line: ParsedLine,
  system: MeasuringSystem,
  density: ConversionInput['density'],
  pieces: ConversionInput['pieces'],
  containers: ReadonlyMap<string, PieceWeight> = new Map(),
): LineWeight {
  if (line.measures.length === 0) return { grams: null, basis: 'no amount in the line' };
  const count = line.measures[0]!.unit === null ? line.measures[0]!.quantity : 1;
  const containerWeight = (m: LineMeasure) => containers.get(containerOf(m.unit) ?? '');
  const inContainer = (m: LineMeasure) => containerWeight(m) !== undefined;
  const asUnit = (m: LineMeasure): { unit: Unit; amount: number } | null => {
    if (m.unit === null) return { unit: 'piece', amount: m.quantity };
    // A stick is the US stick of butter (8 tbsp) only for the fats sold in sticks: a stick of celery
    // is a stalk, a cinnamon stick one piece (not 8 tbsp of ground cinnamon).
    if (m.unit === 'stick' && !STICK_FATS.test(line.food)) return { unit: 'piece', amount: m.quantity };
    if (inContainer(m)) return { unit: 'piece', amount: m.quantity };
    const conv = toConversionUnit(m.unit);
    return conv ? { unit: conv.unit, amount: m.quantity * conv.factor } : null;
  };
  const candidates = line.measures.map((m) => ({ m, u: asUnit(m) })).filter((c) => c.u !== null) as Array<{ m: LineMeasure; u: { unit: Unit; amount: number } }>;
  const pick =
    candidates.find((c) => kindOf(c.u.unit) === 'mass') ??
    candidates.find((c) => kindOf(c.u.unit) === 'volume') ??
    candidates.find((c) => inContainer(c.m)) ??
    candidates.find((c) => pieces[c.u.unit as PieceUnit] !== undefined) ??
    null;
  if (!pick) {
    const unit = line.measures.find((m) => m.unit !== null)?.unit ?? 'piece';
    return { grams: null, basis: `no weight for one ${unit} of this ingredient` };
  }
  const amount = pick.u.amount * (pick.m.each ? count : 1);
  // The amounts written after it that add to it ("1 lb 2 oz", "1 cup plus 2 tbsp"), in its kind.
  const added: Array<{ unit: Unit; amount: number }> = [];
  for (let i = line.measures.indexOf(pick.m) + 1; i < line.measures.length && line.measures[i]!.adds; i += 1) {
    const u = asUnit(line.measures[i]!);
    if (u !== null && kindOf(u.unit) === kindOf(pick.u.unit)) added.push({ unit: u.unit, amount: u.amount * (pick.m.each ? count : 1) });
  }
  // A container is weighed by the record's measure of it, as one piece of it.
  const weights = inContainer(pick.m) ? { piece: containerWeight(pick.m)! } : pieces;
  try {
    const result = convert({ from: pick.u.unit, to: 'g', amount, system, density, pieces: weights });
    for (const a of added) result.amount += convert({ from: a.unit, to: 'g', amount: a.amount, system, density, pieces: weights }).amount;
    const written = [`${amount} ${inContainer(pick.m) ? pick.m.unit : pick.u.unit}`, ...added.map((a) => `${a.amount} ${a.unit}`)].join(' + ');
    if (result.amount > MAX_LINE_GRAMS) return { grams: null, basis: `${written} is more than ${MAX_LINE_GRAMS / 1000} kg: not counted` };
    const how =
      result.pieceWeights.length > 0
        ? `${written} x ${result.pieceWeights[0]!.grams} g (${result.pieceWeights[0]!.measure})`
        : result.densitySource !== 'none'
          ? `${written} at ${Number(result.densityGPerMl!.toPrecision(4))} g/ml (${result.densitySource} density)`
          : written;
    return { grams: result.amount, basis: how };
  } catch {
    return { grams: null, basis: `${[`${amount} ${pick.u.unit}`, ...added.map((a) => `${a.amount} ${a.unit}`)].join(' + ')} cannot be weighed for this ingredient` };
  }
}
