import { compareFacets, heatedByFacets, rawByFacets } from './langual.js';

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
 *   distinguishing word (reviewed list: "dark", "breast", "colostrum", "unripe", ...) in
 *   one name only, values given per weight with bone, or two different genera in the
 *   scientific names rule the pair out as a verified link; so does a LanguaL facet
 *   conflict (species, raw against heat-treated, cooking methods, fortification:
 *   domain/langual.ts) where both foods carry facets, and a shared species adds the same
 *   0.05 as a genus. A national food with facets but no state word in its name takes its
 *   state from them (raw meets a canonical "raw"; heat-treated is ruled out against it).
 * A link is verified when score >= VERIFIED_THRESHOLD, name >= MIN_NAME, profile >=
 * MIN_PROFILE, no compared nutrient scores below MIN_COMPONENT, and there is no conflict.
 * Pure: no I/O.
 */

export const VERIFIED_THRESHOLD = 0.75;
export const MIN_NAME = 0.5;
export const MIN_PROFILE = 0.8;
/** No single compared nutrient may be further off than this agreement. */
export const MIN_COMPONENT = 0.5;
export const METHOD = 'name+profile v2';
/** The method recorded for foods that were also compared on LanguaL facets. */
export const METHOD_WITH_FACETS = 'name+profile+langual v2';

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
  /** LanguaL facet codes, where the reference data gives them (SR28 LANGUAL.txt). */
  facets?: readonly string[];
}

export interface NationalFoodForLink {
  nameEn: string;
  scientificName: string | null;
  profile: Profile;
  /** LanguaL facet codes, where the national data gives them (Livsmedelsverket). */
  facets?: readonly string[];
  /** Every species (LanguaL B) term the national dataset uses, with `facets`. */
  speciesVocabulary?: ReadonlySet<string>;
}

export interface Synonyms {
  /** Whole-phrase rewrites applied to the lower-cased name before tokenising ("without salt" -> "unsalted"). */
  phrases: Array<[string, string]>;
  /** Single-word rewrites after tokenising ("courgette" -> "zucchini"). */
  words: Map<string, string>;
  /** Words that tell foods apart: present on one side only, they rule a pair out ("dark" meat, "colostrum"). */
  distinct?: Set<string>;
}

const STOPWORDS = new Set(
  `a an and or of in the with for from to as on by at e g eg etc ns nfs average mean type style food foods product products
   prepared made commercial retail brand brands various assorted purchased including includes incl not other only
   plain regular ready unspecified uk french fr all sold shop bought homemade home recipe sample analysis weighed
   edible portion part fluid`.split(/\s+/).filter(Boolean),
);

const RAW = new Set(['raw', 'fresh', 'uncooked', 'unprepared', 'unheated']);
const COOKING = new Set([
  'cooked', 'boiled', 'fried', 'roasted', 'roast', 'baked', 'grilled', 'broiled', 'stewed', 'braised', 'steamed',
  'microwaved', 'poached', 'simmered', 'toasted', 'sauteed', 'scrambled', 'barbecued', 'stirfried', 'deepfried',
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
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\d[\d.,]*\s*%\s*(fat|milkfat|fett)?/gu, ' ') // "3.5 % fat": the profile compares fat
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
}

/** Tokens of a whole name and of its head (the text before the first comma). */
export function nameTokens(name: string, synonyms: Synonyms): NameTokens {
  const comma = name.indexOf(',');
  const headText = comma > 0 ? name.slice(0, comma) : name;
  const coreText = name.replace(/\([^)]*\)/g, ' ').split(',').slice(0, 2).join(',');
  return {
    all: new Set(baseTokens(name, synonyms)),
    head: new Set(baseTokens(headText, synonyms)),
    core: new Set(baseTokens(coreText, synonyms, true)),
    perWholeWeight: /weighed with|with bone|including bone|incl\.? bone/i.test(name),
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
    const tol = Math.max(floor, rel * Math.max(Math.abs(x), Math.abs(y)));
    const d = Math.abs(x - y);
    const part = d <= tol ? 1 : Math.max(0, 1 - (d - tol) / (2 * tol));
    sum += part;
    worst = Math.min(worst, part);
    n += 1;
    if (key !== 'sodiumMg' && key !== 'fibre') macros += 1;
  }
  return macros >= 3 ? { mean: sum / n, worst } : null;
}

function genus(name: string | null): string | null {
  const m = name?.trim().match(/^([A-Z][a-z]+)\b/);
  return m ? m[1]!.toLowerCase() : null;
}

export interface LinkResult {
  candidateId: number;
  score: number;
  name: number;
  profile: number | null;
  conflict: string | null;
  verified: boolean;
}

export function scorePair(
  food: {
    tokens: NameTokens;
    scientificName: string | null;
    profile: Profile;
    facets?: readonly string[];
    speciesVocabulary?: ReadonlySet<string>;
  },
  candidate: { id: number; tokens: NameTokens; scientificName: string | null; profile: Profile; facets?: readonly string[] },
  idf: (t: string) => number,
  distinct?: Set<string>,
  referenceSpecies?: ReadonlySet<string>,
): LinkResult {
  const name = nameSimilarity(food.tokens.all, candidate.tokens.all, idf);
  const detail = profileDetail(food.profile, candidate.profile);
  const profile = detail?.mean ?? null;
  let conflict = food.tokens.perWholeWeight ? 'values per weight with bone or waste' : stateConflict(food.tokens.all, candidate.tokens.all);
  if (!conflict && distinct) {
    const one = [...distinct].filter((w) => food.tokens.all.has(w) !== candidate.tokens.all.has(w));
    if (one.length > 0) conflict = `only one name says: ${one.join(' ')}`;
  }
  const headOk =
    [...food.tokens.head].some((t) => candidate.tokens.all.has(t)) && [...candidate.tokens.head].some((t) => food.tokens.all.has(t));
  if (!conflict && !headOk) conflict = 'head nouns differ';
  if (!conflict) {
    // Every word of the canonical name's first two parts must be in the national name
    // ("Milk, buttermilk" is not whole milk); "cooked" is met by any cooking word.
    const cookedOk = [...food.tokens.all].some((t) => COOKING.has(t));
    // A national name that says no state ("Banan") is raw when its LanguaL facets say so.
    const rawOk = !!food.facets && rawByFacets(food.facets) && stateOf(food.tokens.all).cooking.size === 0;
    const missing = [...candidate.tokens.core].filter(
      (t) => !food.tokens.all.has(t) && !(t === 'cooked' && cookedOk) && !(t === 'raw' && rawOk),
    );
    if (missing.length > 0) conflict = `not in national name: ${missing.join(' ')}`;
  }
  if (!conflict) {
    // And every word of the national head must be in the canonical name, state words aside
    // ("Vegetable mix peas-carrots, raw" is not "Carrots, raw").
    const extra = [...food.tokens.head].filter((t) => !candidate.tokens.all.has(t) && !STATE_WORDS.has(t));
    if (extra.length > 0) conflict = `not in canonical name: ${extra.join(' ')}`;
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
  let score = 0.55 * name + 0.45 * (profile ?? 0) + bonus;
  score = Math.min(1, score);
  if (conflict) score *= 0.6;
  const verified =
    conflict === null &&
    detail !== null &&
    score >= VERIFIED_THRESHOLD &&
    name >= MIN_NAME &&
    detail.mean >= MIN_PROFILE &&
    detail.worst >= MIN_COMPONENT;
  return { candidateId: candidate.id, score: Math.round(score * 1000) / 1000, name, profile, conflict, verified };
}

/** An index of the canonical ingredients for linking many national foods against them. */
export class Linker {
  private readonly candidates: Array<{
    id: number;
    tokens: NameTokens;
    scientificName: string | null;
    profile: Profile;
    facets?: readonly string[];
    weight: number;
  }>;
  /** Every species (LanguaL B) term the reference foods are indexed with. */
  private readonly referenceSpecies = new Set<string>();
  private readonly byToken = new Map<string, number[]>();
  private readonly idfCache = new Map<string, number>();
  private readonly n: number;
  private readonly distinct: Set<string>;

  constructor(
    ingredients: readonly LinkCandidate[],
    private readonly synonyms: Synonyms,
  ) {
    this.candidates = ingredients.map((i) => ({
      id: i.id,
      tokens: nameTokens(i.name, synonyms),
      scientificName: i.scientificName,
      profile: i.profile,
      ...(i.facets ? { facets: i.facets } : {}),
      weight: 0,
    }));
    for (const i of ingredients) for (const c of i.facets ?? []) if (c.startsWith('B')) this.referenceSpecies.add(c);
    this.candidates.forEach((c, idx) => {
      for (const t of c.tokens.all) {
        let list = this.byToken.get(t);
        if (!list) this.byToken.set(t, (list = []));
        list.push(idx);
      }
    });
    this.n = this.candidates.length;
    for (const c of this.candidates) for (const t of c.tokens.all) c.weight += this.idf(t);
    // Distinguishing words go through the same normalisation as names ("solids" -> "solid").
    this.distinct = new Set([...(synonyms.distinct ?? [])].flatMap((w) => baseTokens(w, synonyms)));
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

  /** The best canonical ingredient for a national food, or null when no name shares its head noun. */
  best(food: NationalFoodForLink): LinkResult | null {
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
    if (pool.size === 0) return null;
    // Rank by name first (cheap), then score the 25 best names in full.
    // The same Dice overlap as nameSimilarity, with the candidates' weights precomputed.
    const foodTokens = [...tokens.all].map((t) => ({ t, w: this.idf(t) }));
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
    let best: LinkResult | null = null;
    const f = {
      tokens,
      scientificName: food.scientificName,
      profile: food.profile,
      ...(food.facets ? { facets: food.facets } : {}),
      ...(food.speciesVocabulary ? { speciesVocabulary: food.speciesVocabulary } : {}),
    };
    for (const { idx } of byName) {
      const r = scorePair(f, this.candidates[idx]!, this.idf, this.distinct, this.referenceSpecies);
      if (
        best === null ||
        Number(r.verified) > Number(best.verified) ||
        (r.verified === best.verified && (r.score > best.score || (r.score === best.score && r.candidateId < best.candidateId)))
      ) {
        best = r;
      }
    }
    return best;
  }
}
