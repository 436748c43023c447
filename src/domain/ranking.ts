import { normalizeName, singular } from './search.js';

export { singular };

/**
 * Generic-first ranking: the signals that put "Milk, whole" before "Milk, sheep, fluid" and
 * "Apples, raw, with skin" before "APPLEBEE'S, chili". Every signal is a named, pure
 * function of the record's name (and, for ingredients, how often FNDDS recipes use it),
 * computed once at import into one number (`search_rank`, lower is plainer and more
 * common); the query-time part (how well the name matches the words typed) is a few
 * comparisons in SQL over the matched rows. README "Search ranking" lists the signals.
 */

/** A text's words, normalised (lower case, accents folded) and singular. */
export function searchWords(text: string): string[] {
  return normalizeName(text).split(' ').filter(Boolean).map(singular);
}

/** The comparison key of a whole name ("Apples, raw" -> "apple raw"). */
export function searchKey(name: string): string {
  return searchWords(name).join(' ');
}

/**
 * The comparison key a query is compared with. SR's parentheses explain ("(Includes foods for
 * USDA's ...)", "(coffee cream or table cream)") and are left out; FNDDS's name a restaurant
 * ("Hamburger (McDonalds)") and stay, so the generic dish keeps the exact match.
 */
export function searchNameKey(name: string, explanations: 'strip' | 'keep' = 'strip'): string {
  return searchKey(explanations === 'strip' ? name.replace(/\(.*?\)/g, ' ') : name);
}

/** The comparison key of a name's head, the part before the first comma ("Apples, raw" -> "apple"). */
export function searchHeadKey(name: string): string {
  return searchKey(name.split(',')[0] ?? name);
}

/**
 * Heads that name a class, not a food: SR writes "Fish, salmon, ...", "Spices, pepper, black",
 * "Nuts, almonds". For these the food's own name (its subject) is the second part.
 */
const CLASS_HEADS = new Set(
  [
    'fish', 'spices', 'nuts', 'seeds', 'crustaceans', 'mollusks', 'beverages', 'leavening agents', 'candies', 'snacks',
    'game meat', 'alcoholic beverage', 'salad dressing', 'tomato products', 'cereals', 'cereals ready to eat', 'sweeteners',
    'cheese', 'beef', 'pork', 'lamb', 'veal', 'turkey', 'chicken',
  ].map(searchKey),
);

/**
 * Heads that name what was made from the food of the second part: "Oil, coconut" is coconut
 * oil, not coconut; "Vinegar, cider" cider vinegar; "Syrups, maple", "Sauce, teriyaki", "Soup,
 * tomato". The subject is the two read in English order ("coconut oil"), so "coconut" finds the
 * nut before its oil and "coconut oil" still finds the oil by its whole subject.
 */
const MADE_FROM_HEADS = new Set(['oil', 'vinegar', 'syrups', 'sauce', 'soup'].map(searchKey));

/**
 * Second parts that name a subclass, not a food ("Alcoholic beverage, distilled, whiskey",
 * "Beverages, carbonated, ginger ale", "Chicken, broilers or fryers, wing", "Pork, fresh,
 * spareribs", "Beef, variety meats and by-products, liver"): the subject is the part after them.
 */
const SUBCLASS_PARTS = new Set(
  ['distilled', 'carbonated', 'broilers or fryers', 'fresh', 'cured', 'domestic', 'variety meats and by-products', 'dark meat', 'light meat'].map(searchKey),
);

/**
 * Whether a name's part names a cut or a food after a subclass part: "thigh" does; "meat only",
 * "skin", "raw" and "cooked" do not ("Chicken, broilers or fryers, dark meat, meat only, raw"
 * stays at dark meat).
 */
function namesPart(part: string): boolean {
  const key = searchKey(part);
  return key !== '' && !/^(meat|skin)\b/.test(key) && !PLAIN.has(key) && !PROCESSED.has(key);
}

/** The part eaten after the food's name ("Nuts, coconut meat"): the food is the coconut. Not "kernels": "sesame seeds" are sold whole, the decorticated kernels are another product. */
const PART_EATEN = /(?<=\S) (?:meat|flesh|pulp)$/;

/** Second parts that name no food: FNDDS's generic marks. */
const NOT_A_SUBJECT = /^(nfs|ns as to .*)$/;

/** "hazelnut or filbert" names one food by two names: the first is the subject. */
const firstAlternative = (subject: string): string => subject.replace(/^(\S+) or \S+$/, '$1');
/**
 * A head naming two foods sold as one, "Jams and preserves": the first is the subject ("jam" finds
 * it as it finds "Jams, preserves, marmalade, reduced sugar"). FNDDS's "Chicken or turkey" heads
 * name either of two dishes and keep their whole head.
 */
const firstOfPair = (head: string): string => head.replace(/^(\S+) and \S+$/, '$1');

/**
 * The part of the name that names the food: the head, the part after a class head (and after a
 * subclass part), or the second part and a made-from head read together.
 */
export function searchSubjectKey(name: string): string {
  const parts = name.split(',').map((part) => part.replace(/\(.*?\)/g, ' '));
  const head = searchKey(parts[0] ?? name);
  if (parts.length > 1) {
    const second = searchKey(parts[1]!);
    if (MADE_FROM_HEADS.has(head) && second !== '') return `${second} ${head}`;
    // A part that says how the food was cooked or cut or that names no part ("Chicken, fried, ...",
    // "Turkey, Ground, raw", "Chicken, NS as to part, ...") is not a food: the class head is the subject then.
    if (CLASS_HEADS.has(head) && (NOT_A_SUBJECT.test(second) || PROCESSED.has(second))) return head;
    if (CLASS_HEADS.has(head)) {
      // Subclass parts may follow one another ("Chicken, broilers or fryers, dark meat, thigh, ...").
      let at = SUBCLASS_PARTS.has(second) && parts.length > 2 ? 2 : 1;
      while (at > 1 && at + 1 < parts.length && SUBCLASS_PARTS.has(searchKey(parts[at]!)) && namesPart(parts[at + 1]!)) at += 1;
      const subject = at === 1 ? second : searchKey(parts[at]!);
      return CUT.has(subject) ? head : firstAlternative(subject).replace(PART_EATEN, '');
    }
  }
  return firstOfPair(head);
}

/** Words that say a food was cooked, preserved or made into something else. */
const PROCESSED = new Set(
  [
    'cooked', 'boiled', 'roasted', 'fried', 'baked', 'broiled', 'braised', 'stewed', 'grilled', 'steamed', 'microwaved',
    'simmered', 'sauteed', 'scrambled', 'poached', 'heated', 'toasted', 'stir', 'smoked', 'cured', 'pickled', 'dried',
    'dehydrated', 'canned', 'frozen', 'freeze', 'prepared', 'condensed', 'blend', 'seasoned', 'flavor', 'evaporated', 'concentrate', 'powder', 'powdered',
    'instant', 'mix', 'sweetened', 'candied', 'drained', 'rehydrated', 'reconstituted', 'imitation',
    'substitute', 'meatless', 'veggie', 'fermented', 'imported', 'reduced', 'lowfat', 'nonfat', 'fat free', 'low', 'light', 'lite', 'diet', 'fortified', 'flavored',
    'syrup', 'juice', 'pack', 'packed', 'sauce', 'chopped', 'sliced', 'crumbs', 'flakes', 'puree', 'paste', 'spread',
    'breaded', 'battered', 'glazed', 'stuffed', 'filled', 'coated', 'sun', 'free', 'restaurant', 'school', 'commodity', 'babyfood', 'toddler', 'infant', 'formula',
    'liver', 'heart', 'kidney', 'brain', 'gizzard', 'giblets', 'tongue', 'variety', 'by', 'products', 'topping',
    'oil', 'wholegrain', 'crust', 'style', 'type', 'home', 'recipe', 'fast', 'foods', 'meal', 'dinner', 'entree',
    'sandwich', 'wrap', 'enhanced',
  ].map(singular),
);

/** Words that say a record is the plain form. */
const PLAIN = new Set(['raw', 'fresh', 'whole', 'plain', 'regular', 'all', 'purpose', 'granulated', 'table', 'nfs', 'average', 'unprepared', 'composite', 'uncooked'].map(singular));

/**
 * SR categories of foods few cooks mean by a plain word: traditional foods of one people
 * ("Hazelnuts, beaked (Northern Plains Indians)"), baby food, fast food and restaurant dishes.
 */
const SPECIAL_CATEGORIES = new Set([
  'American Indian/Alaska Native Foods',
  'Baby Foods',
  'Fast Foods',
  'Restaurant Foods',
  'Meals, Entrees, and Side Dishes',
]);

/** How a cook cuts or readies a food: no other food, the same food ("ground cardamom", "diced onion"). */
const CUT = new Set(
  ['ground', 'minced', 'diced', 'grated', 'crushed', 'shredded', 'flaked', 'halved', 'cubed', 'mashed', 'peeled', 'pitted', 'softened', 'melted', 'beaten', 'dry'].map(singular),
);

/** A word that says how a food was prepared, cut or how plain it is ("dried", "ground", "raw"), not which food it is. */
export function isPreparationWord(word: string): boolean {
  const one = singular(word);
  return PROCESSED.has(one) || PLAIN.has(one) || CUT.has(one);
}

/** FNDDS's stand-ins used only inside other recipes ("Cheese as ingredient in sandwiches"): no food a user eats as such. */
const AS_INGREDIENT = /\bas ingredient\b/i;

/**
 * A variant made lighter than the dish (reduced fat, low sodium, sugar free): a generic mark beside it ("Cookie,
 * oatmeal, reduced fat, NS as to raisins") leaves the raisins open, not the fat, so it is not
 * the generic record of the dish.
 */
const MODIFIED_VARIANT = /\b(reduced|low|light|lite|diet|lowfat|nonfat|free)\b/;
/** Survey foods: "NFS" / "NS as to ..." mark the generic record of a dish. */
const GENERIC_MARK = /\b(nfs|ns as to)\b/;

/** How common a record is, from data the catalogue cites. */
export interface Commonness {
  /** FNDDS 2019-2020 recipe component rows naming an NDB number of the record's family (see familyKey). */
  familyUses: number;
  /** Household measures the source gives the record (SR WEIGHT / FDC food_portion rows: "1 cup, sliced", "1 medium"). */
  measures: number;
}

export interface RankSignals {
  /** How often FNDDS 2019-2020 recipes use the food's family (component rows naming an NDB number of the family, see familyKey). */
  recipeUses: number;
  /** How many household measures the source gives: the USDA measures the foods people cook with in many ways. */
  householdMeasures: number;
  /** Words of the name that say it is cooked, preserved or prepared. */
  processedWords: number;
  /** Words of the name that say it is the plain form (raw, fresh, whole, plain, NFS...). */
  plainWords: number;
  /** A brand or restaurant name (an all-capitals word of three letters or more in SR, a capitalised parenthesis in FNDDS). */
  brandName: boolean;
  /** "with ..." (not "with added" vitamins): something was added to the food. */
  additions: boolean;
  /** Comma-separated parts of the name: every qualifier makes a record more specific. */
  parts: number;
  /** "NFS" / "NS as to": the survey's generic record of a dish. */
  generic: boolean;
  /** In an SR category of special foods (traditional, baby, fast food, restaurant, meals). */
  specialCategory: boolean;
}

/** The weight of each signal in `search_rank` (lower ranks first). Tuned on the golden set's tuning part. */
export const RANK_WEIGHTS = {
  /** Per doubling of recipe uses. */
  recipeUse: -0.8,
  /** Per doubling of household measures. */
  householdMeasure: -0.5,
  processedWord: 3,
  plainWord: -1,
  brandName: 12,
  additions: 4,
  part: 0.25,
  generic: -4,
  specialCategory: 8,
} as const;

/**
 * A name as the signals read it. A parenthesis explains, it does not qualify ("(Includes foods
 * for USDA's Food Distribution Program)"); "whole wheat" is one variety word, not "whole";
 * "commercially prepared" is the bought form of bread and the like; tofu "prepared with calcium
 * sulfate" names its coagulant; where a survey dish came
 * from is not how it was changed ("from restaurant or fast food"); "no cheese", "no sugar" left
 * something out of the plain food (salt is the exception SR lists everywhere, except a canned
 * food's "no salt added" pack).
 */
/** Tofu "prepared with calcium sulfate" or "with nigari" names its coagulant, not a preparation or an addition. */
const COAGULANT = /\bprepared with (?:calcium sulfate|magnesium chloride|nigari)(?: and magnesium chloride)?/gi;

export function signalText(name: string): string {
  return name
    .replace(/\(.*?\)/g, ' ')
    .replace(/whole[ -](wheat|grain)/gi, 'wholegrain')
    .replace(/dry[ -]roasted/gi, 'roasted')
    .replace(/commercially prepared/gi, 'commercial')
    .replace(COAGULANT, ' ')
    // A solution injected into meat is a preparation ("Turkey, ..., breast, meat only, with added solution, raw").
    .replace(/\bwith added solution\b/gi, 'enhanced')
    .replace(/from (restaurant or fast food|frozen|school cafeteria)/gi, ' ')
    .replace(/\bno (?!salt|added)(?=\w)/gi, 'reduced ')
    // A canned food's "no salt added" is the special low-sodium pack; "without salt" is how SR cooks everything.
    .replace(/\bno salt added\b/gi, 'reduced')
    // What a can is packed in is one fact of the canned food, not two preparations ("Tomatoes, ...,
    // canned, packed in tomato juice" is the plain tin, not more processed than "..., canned, stewed").
    .replace(/\bpacked in (?:(?:tomato|apple|pear|grape|fruit|own) )?(?:juice|water|syrup|brine)\b/gi, 'pack');
}

export function rankSignals(
  name: string,
  commonness: number | Commonness,
  category: string | null = null,
  list: 'ingredient' | 'survey' = 'ingredient',
): RankSignals {
  // FNDDS's "home recipe" is the dish as people make it, beside its canned, frozen and restaurant forms: no processing.
  const words = searchWords(signalText(list === 'survey' ? name.replace(/\bhome recipe\b/gi, ' ') : name));
  const common = typeof commonness === 'number' ? { familyUses: commonness, measures: 0 } : commonness;
  return {
    recipeUses: common.familyUses,
    householdMeasures: common.measures,
    processedWords: words.filter((w) => PROCESSED.has(w)).length + (PRODUCE_CATEGORIES.has(category ?? '') && PEELED.test(name) ? 1 : 0),
    plainWords: words.filter((w) => PLAIN.has(w)).length,
    // SR writes brands in capitals ("APPLEBEE'S"); FNDDS in a capitalised parenthesis ("Hamburger (McDonalds)").
    brandName:
      /\b[A-Z][A-Z'&]{2,}\b/.test(name.replace(/\b(NFS|NS|USDA|UHT|RTF|RTE|RTS|NFDM|NDB)\b/g, '')) ||
      (list === 'survey' && /\([A-Z]/.test(name)),
    parts: name.split(',').length,
    additions: /\bwith (?!added)/.test(normalizeName(name.replace(COAGULANT, ' '))),
    generic: GENERIC_MARK.test(normalizeName(name)) && !MODIFIED_VARIANT.test(normalizeName(name)),
    specialCategory: (category !== null && SPECIAL_CATEGORIES.has(category)) || AS_INGREDIENT.test(name),
  };
}

/**
 * Fruit and vegetables are bought and eaten with their skin unless the name says otherwise:
 * "Cucumber, peeled, raw" and "Apples, raw, without skin" are prepared forms of the plain one.
 */
const PRODUCE_CATEGORIES = new Set(['Fruits and Fruit Juices', 'Vegetables and Vegetable Products']);
const PEELED = /\b(peeled|without (skin|peel))\b/i;

/** Name parts that say how much salt, vitamins or enrichment a food has: the same food either way. */
const NEUTRAL_PART = /^(with|without|no)( added)? salt( added)?$|^(un)?enriched$|^with added vitamin|^fortified$/;

/**
 * The food family a record belongs to: its name without the parts that say how it is
 * prepared or kept ("Pork sausage, link/patty, cooked, pan-fried" and "..., unprepared" are
 * one family). FNDDS recipes mostly name the cooked form; the family's recipe uses measure
 * how common the food is, and plainness then puts its raw form first.
 */
export function familyKey(name: string): string {
  return name
    .replace(/\(.*?\)/g, ' ')
    .split(',')
    .map((part) => searchWords(part))
    .filter((words) => words.length > 0 && !words.some((w) => PROCESSED.has(w) || PLAIN.has(w) || w === 'dry') && !NEUTRAL_PART.test(words.join(' ')))
    .map((words) => words.join(' '))
    .join('|');
}

/** One number per record, stored at import as `search_rank`. */
export function searchRank(signals: RankSignals): number {
  const w = RANK_WEIGHTS;
  const score =
    w.recipeUse * Math.log2(1 + signals.recipeUses) +
    w.householdMeasure * Math.log2(1 + signals.householdMeasures) +
    w.processedWord * signals.processedWords +
    w.plainWord * signals.plainWords +
    (signals.brandName ? w.brandName : 0) +
    w.part * signals.parts +
    (signals.additions ? w.additions : 0) +
    (signals.generic ? w.generic : 0) +
    (signals.specialCategory ? w.specialCategory : 0);
  return Math.round(score * 1000) / 1000;
}

/**
 * Query-time bonuses (added to `search_rank`, so negative is better): the whole name is what
 * was typed; the head (before the first comma) is; the name starts with it; the head is the
 * query's first word(s) ("Chicken, ..., breast, raw" for "chicken breast").
 */
export const MATCH_WEIGHTS = {
  exactName: -40,
  /** The head or the subject holds the query's words in order ("Wheat flour" for "flour"). */
  headHoldsQuery: -8,
  namePrefix: -4,
  headLeadsQuery: -8,
  /** The name starts with the query's words in USDA order, its last word first ("Pie, apple" for "apple pie"). */
  invertedName: -8,
  /** Per query word the record lacks, in the relaxed search (run only when no record has every word). */
  missingWord: 15,
  /** Added when the missing word names the food, not its preparation: "dried chilli" is a chilli before a dried egg. */
  missingFoodWord: 10,
  /** Per optional word typed that the name (or an alias) holds: "Fish, sea bass" for "sea bass". */
  optionalHeld: -10,
  /** Per query word the record holds only in an explanation (a parenthesis), not in its name or an FNDDS alias. */
  explainedOnly: 10,
  /** Per query word the name denies ("salted" in "Peanuts, ..., without salt", "sweetened" in "unsweetened"): it holds the word as its absence. */
  deniedWord: 10,
} as const;

/**
 * How a name says a food lacks what a word names: "without salt", "no salt added", "not sweetened",
 * "salt free", "unsalted". The forms of the typed word and its stem ("salted" -> "salt", "sweetened" -> "sweeten"),
 * as ' form' keys to find in a name key; none for a word that is itself a denial ("unsalted").
 */
export function denialsOf(word: string): string[] {
  if (/^(un\w+|non\w*|no|without|free)$/.test(word) || word.length < 3) return [];
  const stems = new Set([word]);
  if (word.endsWith('ed') && word.length > 4) stems.add(word.slice(0, -2));
  const forms: string[] = [];
  for (const stem of stems) forms.push(` without ${stem}`, ` without added ${stem}`, ` no ${stem}`, ` no added ${stem}`, ` not ${stem}`, ` ${stem} free`);
  forms.push(` un${word}`, ` non${word}`);
  return forms;
}

/** A searchable record's stored keys (src/importers/searchFields.ts), in the padded forms the query-time ranking compares. */
export interface RankedRecord {
  /** search_rank: how plain and common the record is (lower first). */
  readonly rank: number;
  /** search_name: the name's comparison key, without SR's explanations. */
  readonly key: string;
  /** search_aliases: '| key | key |' of the FNDDS recipes' names for it ('' for survey foods). */
  readonly aliases: string;
  /** ' head ', ' subject ', ' subject head ', ' head subject ': where the query is looked for. */
  readonly head: string;
  readonly subject: string;
  readonly subjectHead: string;
  readonly headSubject: string;
  /** ' key ' and ' key aliases': where a query word is looked for at a word start (and, with the trailing space, as a whole word). */
  readonly spacedKey: string;
  readonly held: string;
  /** Whether the name says something is absent ("without", "no", "free", "un..."): only then are denials looked for. */
  readonly denies: boolean;
}

/** A record's keys as matchRanker reads them (built once per record, so ranking a match allocates nothing). */
export function rankedRecord(fields: { rank: number; key: string; head: string; subject: string; aliases: string }, withAliases: boolean): RankedRecord {
  const { rank, key, head, subject, aliases } = fields;
  return {
    rank,
    key,
    aliases,
    head: ` ${head} `,
    subject: ` ${subject} `,
    subjectHead: ` ${subject} ${head} `,
    headSubject: ` ${head} ${subject} `,
    spacedKey: ` ${key} `,
    held: withAliases ? ` ${key} ${aliases}` : ` ${key}`,
    denies: /\b(without|no|not|free|un\w+|non\w*)\b/.test(key),
  };
}

/**
 * How well a record's name matches the query, added to its stored rank (lower is better): the
 * whole name (or, for ingredients, an FNDDS alias) is the query; its head or subject holds the
 * query; its name starts with the query, or with the query's last word first ("Pie, apple" for
 * "apple pie"), or its head is the query's last word ("Peas, green, split"); its subject is one of the query's words or the query starts with its head; an
 * optional kind word typed ("sea" bass) that the name holds; a query word only an explanation
 * holds costs MATCH_WEIGHTS.explainedOnly. In the relaxed search (no record holds every word)
 * every query word the name lacks costs MATCH_WEIGHTS.missingWord, more when it names the food.
 * A name that denies a query word ("without salt" for "salted") costs MATCH_WEIGHTS.deniedWord.
 * Built once per query; the returned function is called for every matched record, adding the
 * signals in a fixed order so equal sums compare equal.
 */
export function matchRanker(
  query: { normalized: string; full: string; terms: readonly string[]; optional: readonly string[] },
  relaxed: boolean,
  withAliases: boolean,
): (record: RankedRecord) => number {
  const w = MATCH_WEIGHTS;
  const norm = query.normalized;
  const full = query.full;
  const spaced = ` ${norm} `;
  const aliasKey = `| ${norm} |`;
  // English puts the food's own noun last, USDA names first: "apple pie" is "Pie, apple", "kidney beans" "Beans, kidney".
  const queryWords = norm.split(' ');
  const inverted = queryWords.length > 1 ? [queryWords.at(-1), ...queryWords.slice(0, -1)].join(' ') : null;
  const invertedPrefix = `${inverted} `;
  // The head is the query's last word, the others further on ("Peas, green, split" for "split peas"): FTS found them all.
  const lastWordHead = ` ${queryWords.at(-1)} `;
  const optional = query.optional.map((word) => ` ${word}`);
  // Each required term: its alternatives ("a|b"), singular, as ' word' to find at a word start.
  const terms = relaxed ? [] : query.terms.map((term) => term.split('|').map((alt) => ` ${singular(alt)}`));
  // A query that asks for an absence itself ("gluten free bread", "unsalted butter", "no salt added") is answered as typed.
  const asksAbsence = query.full.split(' ').some((word) => /^(without|no|free|non)$|^un(?!der|i|t)../.test(word));
  // Whole words: "salt free" denies salt, "fruit freeze-dried" does not deny fruit.
  const denials = relaxed || asksAbsence ? [] : query.terms.map((term) => term.split('|').flatMap((alt) => denialsOf(singular(alt)).map((form) => `${form} `)));
  const missing = relaxed
    ? queryWords.map((word) => ({ at: ` ${word}`, cost: w.missingWord + (isPreparationWord(word) ? 0 : w.missingFoodWord) }))
    : [];
  return (r) => {
    let score = r.rank;
    score += r.key === norm || r.key === full || (withAliases && r.aliases.includes(aliasKey)) ? w.exactName : 0;
    score += r.head.includes(spaced) || r.subject.includes(spaced) || r.subjectHead.includes(spaced) || r.headSubject.includes(spaced) ? w.headHoldsQuery : 0;
    score += r.key.startsWith(norm) ? w.namePrefix : 0;
    // In the relaxed search the food is the last word typed ("thick cut bacon"): a subject that is that word ("Pork, cured, bacon") counts as a head that is.
    if (inverted !== null) score += r.key === inverted || r.key.startsWith(invertedPrefix) || r.head === lastWordHead || (relaxed && r.subject === lastWordHead) ? w.invertedName : 0;
    score += spaced.includes(r.subject) || spaced.startsWith(r.head) ? w.headLeadsQuery : 0;
    for (const word of optional) score += r.held.includes(word) ? w.optionalHeld : 0;
    for (const alternatives of terms) score += alternatives.every((alt) => !r.held.includes(alt)) ? w.explainedOnly : 0;
    if (r.denies) for (const forms of denials) score += forms.some((form) => r.spacedKey.includes(form)) ? w.deniedWord : 0;
    for (const word of missing) score += r.spacedKey.includes(word.at) ? 0 : word.cost;
    return score;
  };
}
