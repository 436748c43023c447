import path from 'node:path';
import { buildGlossary, translateName, type Glossary } from '../../domain/glossary.js';
import { Linker, linkMethod, UNDECIDED_CONFLICT, namesUnspecified, nameTokens, nationalSpeciesReading, TWIN_CATEGORIES, profileDistancePerComponent, type LinkCandidate, type LinkResult, type NationalFoodForLink, type Profile, type Synonyms } from '../../domain/linking.js';
import { countRows, type ImportContext } from '../context.js';
import { recipeUses } from '../fndds.js';
import { mappingsDir, readDataCsv } from './common.js';

/** A national name that says the food is organic, in the tables' languages, and one that says it is not. */
const ORGANIC = /(?<!\p{L})(?:organic|økologiske?|ekologiskt?|ekologiska|ökologisch|oekologisch|bio|biologique)(?!\p{L})/iu;
/** How a food is kept that a name says (as name tokens): a national food kept so is not a fresh ingredient's first choice. */
const KEPT_STATES = ['frozen', 'canned'];
const NOT_ORGANIC = /(?<!\p{L})(?:(?:ikke|not|non|icke)[- ](?:organic|økologisk|ekologisk)|konventionel|konventionell|conventional)/iu;
/** Whether a national food's names say it is organic (and not that it is not). */
const namesOrganic = (names: string): boolean => ORGANIC.test(names) && !NOT_ORGANIC.test(names);

export function loadSynonyms(): Synonyms {
  const rows = readDataCsv(path.join(mappingsDir(), 'synonyms.csv'));
  const phrases: Array<[string, string]> = [];
  const words = new Map<string, string>();
  const distinct = new Set<string>();
  const composition = new Set<string>();
  const form = new Set<string>();
  const product = new Set<string>();
  const classHeads = new Set<string>();
  const species = new Map<string, string>();
  for (const r of rows) {
    const from = (r.from ?? '').toLowerCase();
    const to = (r.to ?? '').toLowerCase();
    if (r.kind === 'phrase') phrases.push([from, to]);
    else if (r.kind === 'word') words.set(from, to);
    else if (r.kind === 'distinct') distinct.add(from);
    else if (r.kind === 'composition') composition.add(from);
    else if (r.kind === 'form') form.add(from);
    else if (r.kind === 'product') product.add(from);
    else if (r.kind === 'class') classHeads.add(from);
    else if (r.kind === 'species') species.set(from, to);
  }
  // Longer phrases first, so "no salt added" wins over any shorter overlap.
  phrases.sort((a, b) => b[0].length - a[0].length);
  return { phrases, words, distinct, composition, form, product, classHeads, species };
}

/**
 * Datasets whose foods have no English name, and the glossary (mappings/glossary_<lang>.csv)
 * that reads their native names for linking.
 */
export const GLOSSARY_LANGUAGE: Readonly<Record<string, string>> = { no_matvaretabellen: 'nb', se_livsmedelsverket: 'sv' };

/**
 * Datasets with English names whose native name is read as a second opinion (glossary_<lang>.csv):
 * where the English name finds no verified link, the glossary reading of the native name is
 * compared too, and its link is kept when that one is verified (Frida's English names are
 * translations of their own: "konventional (not organic)", "salt added").
 */
export const SECOND_READING: Readonly<Record<string, string>> = { dk_frida: 'da' };

export function loadGlossary(language: string): Glossary {
  return buildGlossary(
    readDataCsv(path.join(mappingsDir(), `glossary_${language}.csv`)).map((r) => ({
      kind: r.kind ?? 'word',
      native: r.native ?? '',
      english: r.english ?? '',
    })),
  );
}

/**
 * The reviewed food-group table (mappings/food_groups.csv): per dataset, a national food
 * group -> the FDC category codes its foods can belong to. A group not listed rules nothing out.
 */
export function loadFoodGroups(): Map<string, Map<string, Set<string>>> {
  const out = new Map<string, Map<string, Set<string>>>();
  for (const r of readDataCsv(path.join(mappingsDir(), 'food_groups.csv'))) {
    let groups = out.get(r.dataset_id ?? '');
    if (!groups) out.set(r.dataset_id ?? '', (groups = new Map()));
    groups.set(r.food_group ?? '', new Set((r.categories ?? '').split(/\s+/).filter(Boolean)));
  }
  return out;
}

/** Unverified candidates kept per national food beside every verified one (for review and the national-foods endpoint). */
const CANDIDATES_KEPT = 3;

interface CandidateRow {
  code: string;
  rank: number;
  r: LinkResult;
  method: string;
}

export interface LinkSummary {
  /** National foods with a best candidate (national_link rows). */
  linked: number;
  /** ...whose best candidate is verified. */
  verified: number;
  /** Canonical ingredients with a verified national food in the dataset (from the ingredient's side). */
  ingredients: number;
}

const EMPTY: Profile = { water: null, energyKcal: null, protein: null, fat: null, carb: null, sodiumMg: null, fibre: null };

export function canonicalProfiles(ctx: ImportContext, facets: ReadonlyMap<number, string[]>): LinkCandidate[] {
  const rows = ctx.db
    .prepare(
      `SELECT i.id, i.name, i.scientific_name, c.code AS category, v.nutrient_id, v.amount FROM ingredient i
       JOIN category c ON c.id = i.category_id
       LEFT JOIN ingredient_nutrient v ON v.ingredient_id = i.id
         AND v.nutrient_id IN (1051, 1008, 2047, 2048, 1003, 1004, 1085, 1005, 1050, 1079, 1093)
       ORDER BY i.id`,
    )
    .all() as Array<{ id: number; name: string; scientific_name: string | null; category: string; nutrient_id: number | null; amount: number | null }>;
  const byId = new Map<number, { c: LinkCandidate; v: Map<number, number> }>();
  for (const r of rows) {
    let e = byId.get(r.id);
    if (!e) {
      const c: LinkCandidate = { id: r.id, name: r.name, scientificName: r.scientific_name, category: r.category, profile: EMPTY };
      const f = facets.get(r.id);
      if (f) c.facets = f;
      byId.set(r.id, (e = { c, v: new Map() }));
    }
    if (r.nutrient_id !== null && r.amount !== null) e.v.set(r.nutrient_id, r.amount);
  }
  // FNDDS is loaded before the national tables: how often its recipes name each ingredient.
  for (const [id, n] of recipeUses(ctx)) {
    const e = byId.get(id);
    if (e) e.c.uses = n;
  }
  const out: LinkCandidate[] = [];
  for (const { c, v } of byId.values()) {
    const byDiff = v.get(1005);
    const carb = v.get(1050) ?? (byDiff !== undefined ? Math.max(0, byDiff - (v.get(1079) ?? 0)) : null);
    c.profile = {
      water: v.get(1051) ?? null,
      energyKcal: v.get(1008) ?? v.get(2047) ?? v.get(2048) ?? null,
      protein: v.get(1003) ?? null,
      fat: v.get(1004) ?? v.get(1085) ?? null,
      carb,
      sodiumMg: v.get(1093) ?? null,
      fibre: v.get(1079) ?? null,
    };
    out.push(c);
  }
  return out;
}

export function nationalProfiles(ctx: ImportContext, datasetId: string): Map<string, Profile> {
  const rows = ctx.db
    .prepare(
      `SELECT code, nutrient_id, amount, qualifier FROM national_food_nutrient
       WHERE dataset_id = ? AND nutrient_id IN (1051, 1008, 1062, 1003, 1004, 1050, 1093, 1079)`,
    )
    .all(datasetId) as Array<{ code: string; nutrient_id: number; amount: number | null; qualifier: string | null }>;
  const values = new Map<string, Map<number, number>>();
  for (const r of rows) {
    // For comparing profiles only: a trace counts as 0, a "< x" as half its limit.
    const amount = r.qualifier === 'trace' ? 0 : r.qualifier === 'less_than' ? (r.amount ?? 0) / 2 : r.amount;
    if (amount === null) continue;
    let m = values.get(r.code);
    if (!m) values.set(r.code, (m = new Map()));
    m.set(r.nutrient_id, amount);
  }
  const out = new Map<string, Profile>();
  for (const [code, v] of values) {
    const kj = v.get(1062);
    out.set(code, {
      water: v.get(1051) ?? null,
      energyKcal: v.get(1008) ?? (kj !== undefined ? kj / 4.184 : null),
      protein: v.get(1003) ?? null,
      fat: v.get(1004) ?? null,
      carb: v.get(1050) ?? null,
      sodiumMg: v.get(1093) ?? null,
      fibre: v.get(1079) ?? null,
    });
  }
  return out;
}

/**
 * Links every national food of the loaded national datasets to its best canonical
 * ingredient (domain/linking.ts). Every food with a candidate is stored with its score;
 * only verified links are used to answer.
 */
export function linkNationalFoods(
  ctx: ImportContext,
  datasetIds: string[],
  referenceFacets: ReadonlyMap<number, string[]> = new Map(),
): Record<string, LinkSummary> {
  const synonyms = loadSynonyms();
  const linker = new Linker(canonicalProfiles(ctx, referenceFacets), synonyms);
  const foodGroups = loadFoodGroups();
  const insert = ctx.db.prepare(
    `INSERT INTO national_link (dataset_id, code, ingredient_id, score, verified, method, name_score, profile_score, conflict, name_used)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertCandidate = ctx.db.prepare(
    `INSERT INTO national_candidate (dataset_id, code, ingredient_id, rank, score, verified, method, name_score, profile_score, conflict, ingredient_best)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const summary: Record<string, LinkSummary> = {};
  // Foundation record -> its fuller SR Legacy record of the same food (derive.ts, before linking).
  const fullerRecords = ctx.db.prepare('SELECT ingredient_id, record_id FROM ingredient_fuller_record').raw().all() as Array<[number, number]>;
  for (const datasetId of datasetIds) {
    const profiles = nationalProfiles(ctx, datasetId);
    const language = GLOSSARY_LANGUAGE[datasetId];
    const glossary = language ? loadGlossary(language) : null;
    const second = SECOND_READING[datasetId] ? loadGlossary(SECOND_READING[datasetId]) : null;
    const facets = ctx.nationalFacets?.get(datasetId);
    const speciesVocabulary = new Set([...(facets?.values() ?? [])].flat().filter((c) => c.startsWith('B')));
    const foods = (
      ctx.db
        .prepare('SELECT code, name, name_en, scientific_name, food_group FROM national_food WHERE dataset_id = ? ORDER BY code')
        .all(datasetId) as Array<{ code: string; name: string; name_en: string | null; scientific_name: string | null; food_group: string | null }>
    )
      .map((f) => ({ ...f, glossaryReading: f.name_en === null, name_en: f.name_en ?? (glossary ? translateName(f.name, glossary) : null) }))
      .map((f) => ({ ...f, name_en: f.name_en === null ? null : nationalSpeciesReading(f.name_en, synonyms.species) }))
      .filter((f): f is typeof f & { name_en: string } => f.name_en !== null);
    const tableWords = linker.tableWords(foods.map((f) => f.name_en));
    const task = ctx.progress.task(`linking ${datasetId}`, foods.length);
    const s = (summary[datasetId] = { linked: 0, verified: 0, ingredients: 0 });
    const kept: CandidateRow[] = [];
    // What each national food was linked as (the name read), for the records of the same food below.
    const asLinked = new Map<string, NationalFoodForLink>();
    for (const f of foods) {
      const categories = f.food_group === null ? null : (foodGroups.get(datasetId)?.get(f.food_group) ?? null);
      const own = facets?.get(f.code);
      const input = (nameEn: string): NationalFoodForLink => ({
        nameEn,
        scientificName: f.scientific_name,
        profile: profiles.get(f.code) ?? EMPTY,
        categories,
        tableWords,
        glossaryReading: f.glossaryReading,
        ...(own ? { facets: own, speciesVocabulary } : {}),
      });
      let ranked = linker.rank(input(f.name_en));
      let nameUsed = f.name_en;
      if (second && !ranked[0]?.verified) {
        const reading = nationalSpeciesReading(translateName(f.name, second), synonyms.species);
        const other = linker.rank(input(reading));
        if (other[0]?.verified) {
          ranked = other;
          nameUsed = reading;
        }
      }
      // A name that gives its food two names ("Batate/Süßkartoffel", read "Batata/sweet potato, raw")
      // is read by each where the whole name verifies nothing (Linker.alternativeReadings).
      if (!ranked[0]?.verified) {
        for (const reading of linker.alternativeReadings(nameUsed)) {
          const other = linker.rank(input(reading));
          if (other[0]?.verified) {
            ranked = other;
            nameUsed = reading;
            break;
          }
        }
      }
      asLinked.set(f.code, input(nameUsed));
      task.advance(1);
      const best = ranked[0];
      if (!best) continue;
      const method = (r: LinkResult) =>
        linkMethod({
          group: categories !== null,
          langual: !!own?.length && !!referenceFacets.get(r.candidateId)?.length,
          twin: r.twinOf !== undefined,
          record: r.recordOf !== undefined,
          values: r.byValues === true,
          common: r.common === true,
        });
      insert.run(
        datasetId,
        f.code,
        best.candidateId,
        best.score,
        best.verified ? 1 : 0,
        method(best),
        Math.round(best.name * 1000) / 1000,
        best.profile === null ? null : Math.round(best.profile * 1000) / 1000,
        best.conflict,
        nameUsed,
      );
      ranked.forEach((r, i) => {
        if (i < CANDIDATES_KEPT || r.verified) kept.push({ code: f.code, rank: i + 1, r, method: method(r) });
      });
      s.linked += 1;
      if (best.verified) s.verified += 1;
      countRows(ctx, 'national_link');
    }
    // Another FDC record of the same food as an ingredient verified on its own name answers with
    // its national food where it has none (Linker.sameRecordLink): SR 20081, enriched, with the
    // CoFID flour verified for 20481, unenriched.
    const ownLinks = new Map<number, CandidateRow[]>();
    for (const k of kept) {
      if (!k.r.verified || k.r.twinOf !== undefined) continue;
      ownLinks.set(k.r.candidateId, [...(ownLinks.get(k.r.candidateId) ?? []), k]);
    }
    const withLink = new Set(kept.filter((k) => k.r.verified).map((k) => k.r.candidateId));
    const byRecord = new Map<number, { from: CandidateRow; r: LinkResult }>();
    for (const [verified, rows] of ownLinks) {
      for (const id of linker.sameRecordsOf(verified)) {
        if (withLink.has(id)) continue;
        for (const k of rows) {
          const r = linker.sameRecordLink(asLinked.get(k.code)!, verified, id);
          if (!r) continue;
          const prev = byRecord.get(id);
          if (!prev || k.r.score > prev.from.r.score || (k.r.score === prev.from.r.score && r.score > prev.r.score)) byRecord.set(id, { from: k, r });
        }
      }
    }
    const lastRank = new Map<string, number>();
    const rowAt = new Map<string, number>();
    kept.forEach((k, i) => {
      lastRank.set(k.code, Math.max(lastRank.get(k.code) ?? 0, k.rank));
      rowAt.set(`${k.code} ${k.r.candidateId}`, i);
    });
    // The row of `r` answering for national food `code` from the ingredient's side: its candidate
    // row for that food if the ranking kept one, else a new one after the food's last.
    const keepRow = (code: string, r: LinkResult, method: string): CandidateRow => {
      const key = `${code} ${r.candidateId}`;
      const at = rowAt.get(key);
      if (at !== undefined) return (kept[at] = { ...kept[at]!, r, method });
      const rank = (lastRank.get(code) ?? 0) + 1;
      lastRank.set(code, rank);
      const row = { code, rank, r, method };
      rowAt.set(key, kept.push(row) - 1);
      return row;
    };
    // A record answering with `from`'s national food: its method says "+record".
    const keepRecordRow = (from: CandidateRow, r: LinkResult): CandidateRow =>
      keepRow(from.code, r, from.method.replace(/(\+twin|\+values|\+common|\+variant|\+record)* (v\d+)$/, '+record $2'));
    for (const { from, r } of byRecord.values()) keepRecordRow(from, r);
    // From the ingredient's side: the variants a plainer national name covers (Linker.variantLinks:
    // Frida's one "Jordnøddesmør" for SR's chunky and smooth peanut butters), where the ranking
    // did not verify them.
    const verifiedFor = new Map<string, Set<number>>();
    const referencesOf = new Map<string, number[]>();
    for (const k of kept) {
      if (k.r.verified) verifiedFor.set(k.code, (verifiedFor.get(k.code) ?? new Set()).add(k.r.candidateId));
      if (k.r.verified || k.r.conflict?.startsWith(UNDECIDED_CONFLICT)) referencesOf.set(k.code, [...(referencesOf.get(k.code) ?? []), k.r.candidateId]);
    }
    for (const f of foods) {
      const food = asLinked.get(f.code);
      // An organic food is the rarer product: it covers no conventional variant.
      if (!food || namesOrganic(`${f.name} ${f.name_en}`) || namesUnspecified(f.name, f.name_en)) continue;
      const ownFacets = facets?.get(f.code);
      for (const r of linker.variantLinks(food, verifiedFor.get(f.code) ?? new Set(), referencesOf.get(f.code) ?? [])) {
        keepRow(f.code, r, linkMethod({ group: food.categories != null, langual: !!ownFacets?.length && !!referenceFacets.get(r.candidateId)?.length, generic: true }));
      }
    }
    // From the ingredient's side: each ingredient's best verified national food. In order: a link
    // verified on its own name before one verified as a composition twin, sibling record or variant; the
    // higher score; the table's unspecified record of the food (Matvaretabellen "Helmelk,
    // uspesifisert" for whole milk, not "Kaffemelk, 3,5 % fett"); the national food's own first
    // choice; the nearer values (BLS M303700 "Chester (Cheddar) min. 50 % fat in dry matter", 32.2 g
    // fat, for SR 328637 cheddar, 34 g, not the 45 % grade, 28.8 g: both choose 328637 first).
    const unspecified = new Set(foods.filter((f) => namesUnspecified(f.name, f.name_en)).map((f) => f.code));
    const own = (x: CandidateRow) => (x.r.twinOf === undefined && x.r.recordOf === undefined && x.r.generic !== true ? 1 : 0);
    const unspecifiedFirst = (x: CandidateRow) => (unspecified.has(x.code) ? 1 : 0);
    const distance = (x: CandidateRow) => profileDistancePerComponent(profiles.get(x.code) ?? EMPTY, linker.profile(x.r.candidateId) ?? EMPTY);
    // Of two verified national foods, the conventional one answers for an ingredient that does
    // not say organic, whatever their scores (Matvaretabellen 02-001 "Egg, rå" for SR 1123 "Egg,
    // whole, raw, fresh", not 02-030 "Egg, økologisk, rå"; CIQUAL 36017 chicken breast, not 36039 "..., organic"): the
    // organic food is the rarer product, and its values were not what the ingredient measured.
    const nameOf = new Map(foods.map((f) => [f.code, `${f.name} ${f.name_en}`]));
    const organic = (x: CandidateRow) => (namesOrganic(nameOf.get(x.code) ?? '') && !ORGANIC.test(linker.nameOf(x.r.candidateId)) ? 1 : 0);
    // A national food kept frozen or canned answers for a fruit, vegetable, nut, legume or grain
    // (TWIN_CATEGORIES) whose name does not say so only after one that is not (Foundation 1999629
    // "Mushrooms, white button" takes BLS "Champignon roh", not "Champignon tiefgefroren", whose
    // values are the fresh ones').
    const nationalTokens = new Map<string, Set<string>>();
    const keptAs = (x: CandidateRow) => {
      if (!TWIN_CATEGORIES.has(linker.categoryOf(x.r.candidateId) ?? '')) return 0;
      let national = nationalTokens.get(x.code);
      if (!national) nationalTokens.set(x.code, (national = nameTokens(asLinked.get(x.code)?.nameEn ?? '', synonyms).all));
      const ingredient = linker.tokensOf(x.r.candidateId);
      return KEPT_STATES.some((w) => national.has(w) && !ingredient.has(w)) ? 1 : 0;
    };
    // Negative when x answers for the ingredient before y (two infinite distances compare as NaN: equal).
    const order = (x: CandidateRow, y: CandidateRow) =>
      keptAs(x) - keptAs(y) ||
      own(y) - own(x) ||
      organic(x) - organic(y) ||
      y.r.score - x.r.score ||
      unspecifiedFirst(y) - unspecifiedFirst(x) ||
      x.rank - y.rank ||
      distance(x) - distance(y) ||
      (x.code < y.code ? -1 : x.code > y.code ? 1 : 0);
    const chosen = new Map<number, CandidateRow>();
    for (const k of kept) {
      if (!k.r.verified) continue;
      const c = chosen.get(k.r.candidateId);
      if (!c || order(k, c) < 0) chosen.set(k.r.candidateId, k);
    }
    // A Foundation record with no national food of its own answers with its fuller SR Legacy
    // record's (ingredient_fuller_record, Linker.fullerRecordLink): Foundation 789951 "Flour, wheat,
    // all-purpose, enriched, unbleached" with CoFID's plain flour, as SR 20581.
    // It does so too where its own choice is an organic food and the fuller record's is not
    // (Foundation 789890 flour took Matvaretabellen's "Hvetemel, økologisk" as a composition twin).
    for (const [id, fuller] of fullerRecords) {
      const from = chosen.get(fuller);
      const mine = chosen.get(id);
      if (!from || (mine && !(organic(mine) && !organic(from)))) continue;
      const r = linker.fullerRecordLink(asLinked.get(from.code)!, fuller, id);
      if (r) chosen.set(id, keepRecordRow(from, r));
    }
    for (const k of kept) {
      insertCandidate.run(
        datasetId,
        k.code,
        k.r.candidateId,
        k.rank,
        k.r.score,
        k.r.verified ? 1 : 0,
        k.method,
        Math.round(k.r.name * 1000) / 1000,
        k.r.profile === null ? null : Math.round(k.r.profile * 1000) / 1000,
        k.r.conflict,
        chosen.get(k.r.candidateId) === k ? 1 : 0,
      );
      countRows(ctx, 'national_candidate');
    }
    s.ingredients = chosen.size;
    task.done(`${s.linked} linked, ${s.verified} verified, ${s.ingredients} ingredients with a verified national food`);
  }
  return summary;
}
