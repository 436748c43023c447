import { fallbackAnswer, NutrientAnswerWriter, USDA_FALLBACK_SOURCE, type Cooked, type CountryEntry, type ReferenceEntry } from './answers.js';
import type { CountryCode } from '../domain/countries.js';
import type { Static } from 'typebox';
import type { CountryNutrients } from '../http/routes/ingredients.js';
import type { NationalFood, NationalFoodSummary } from '../http/routes/nationalFoods.js';
import { normalizeName, singular } from '../domain/search.js';
import { rankSignals } from '../domain/ranking.js';
import type { Page } from './listing.js';
import { BASIS } from '../http/schemas.js';

export type CountryNutrientsBody = Static<typeof CountryNutrients>;
export type NationalFoodSummaryBody = Static<typeof NationalFoodSummary>;
export type NationalFoodBody = Static<typeof NationalFood>;
type FoodRow = Omit<NationalFoodSummaryBody, 'country'> & {
  /** The published name, the English name and the linker's English reading, folded: what q searches. */
  folded: string;
  /** The words of the published name and of the English names, folded and singular. */
  words: readonly string[];
  /** How prepared the English reading says the food is: processing words less plainness words (ranking.ts). */
  prepared: number;
};
import { readModelPlugin, type Catalog } from './catalog.js';
import type { PreparedAnswer } from './ingredients.js';

/** What one read gives for an ingredient in a country: everything its nutrients answer is written from. */
export interface CountryProfile {
  id: number;
  name: string;
  country: CountryCode;
  /** The reference dataset (US answers) or usda_fallback. */
  referenceSource: string;
  /** The national dataset of the linked food, or null without a verified link. */
  nationalSource: string | null;
  /** JSON of the linked food, as served, or null. */
  linkedFood: string | null;
  entries: ReadonlyArray<ReferenceEntry | CountryEntry>;
  /** ETag of the answer without a method, computed at import. */
  etag: string;
}

interface ProfileRow {
  id: number;
  name: string;
  dataset_id: string;
  profile: string;
  nutrient_etags: string;
  national: string | null;
  linked_food: string | null;
  national_profile: string | null;
}

export interface LinkReport {
  dataset: string;
  foods: number;
  linked: number;
  verified: number;
  /** Canonical ingredients this table answers for (their best verified national food is in it). */
  ingredients: number;
  buckets: Array<{ from: number; to: number; count: number; verified: number }>;
  /** `name` is the national food's own name; `compared_as` the English the linker compared (a glossary reading for SE and NO). */
  sample: Array<{ code: string; name: string; compared_as: string; ingredient_id: number; ingredient: string; score: number; verified: boolean }>;
}

/**
 * National food composition values: an ingredient's nutrients as a country's table gives
 * them (its best verified link to the national food, the US reference for what the table
 * lacks; resolved at import), and the link-quality report of `larder links report`.
 */
export class NationalValues {
  private readonly catalog: Catalog;
  private readonly profileOf;
  private readonly preparedStmts;
  /** The ingredients with a verified national link, by country (a few thousand): where a stored country answer exists. */
  private readonly linked = new Map<string, Set<number>>();
  private readonly writer: NutrientAnswerWriter;
  private readonly stmts;
  /** Each national table's foods with their folded names, read on first use (a few thousand rows each). */
  private readonly foods = new Map<string, FoodRow[]>();

  constructor(catalog: Catalog) {
    this.catalog = catalog;
    const db = catalog.db;
    // One indexed read: the ingredient's prepared row and, for a country with a verified
    // link, its resolved row (src/importers/answers.ts).
    this.profileOf = db.prepare<[string, number], ProfileRow>(
      `SELECT a.ingredient_id AS id, a.name, a.dataset_id, a.profile, a.nutrient_etags,
              c.dataset_id AS national, c.linked_food, c.profile AS national_profile
       FROM ingredient_answer a LEFT JOIN ingredient_country c ON c.ingredient_id = a.ingredient_id AND c.country = ?
       WHERE a.ingredient_id = ?`,
    );
    // The answers as served, one primary-key read each (src/importers/answers.ts).
    this.preparedStmts = {
      us: db.prepare<[number], { nutrient_etags: string; body: Buffer }>('SELECT nutrient_etags, body FROM ingredient_answer WHERE ingredient_id = ?'),
      linked: db.prepare<[number, string], PreparedAnswer>('SELECT etag, body FROM ingredient_country WHERE ingredient_id = ? AND country = ?'),
      fallback: db.prepare<[number], { nutrient_etags: string; body: Buffer }>(
        `SELECT a.nutrient_etags, f.body FROM ingredient_answer a JOIN ingredient_fallback f ON f.ingredient_id = a.ingredient_id
         WHERE a.ingredient_id = ?`,
      ),
    };
    for (const row of db.prepare<[], { country: string; ingredient_id: number }>('SELECT country, ingredient_id FROM ingredient_country').iterate()) {
      let ids = this.linked.get(row.country);
      if (!ids) this.linked.set(row.country, (ids = new Set()));
      ids.add(row.ingredient_id);
    }
    this.stmts = {
      datasetFoods: db.prepare<[string], Omit<FoodRow, 'folded' | 'words' | 'prepared'> & { reading: string | null }>(
        `SELECT f.dataset_id AS dataset, f.code, f.name, f.name_en, f.food_group, l.name_used AS reading
         FROM national_food f LEFT JOIN national_link l ON l.dataset_id = f.dataset_id AND l.code = f.code
         WHERE f.dataset_id = ? ORDER BY f.code`,
      ),
      food: db.prepare<[string, string], Omit<NationalFoodBody, 'country' | 'basis' | 'nutrients' | 'links'>>(
        `SELECT f.dataset_id AS dataset, f.code, f.name, f.name_en, f.food_group, f.scientific_name, l.name_used AS compared_as
         FROM national_food f LEFT JOIN national_link l ON l.dataset_id = f.dataset_id AND l.code = f.code
         WHERE f.dataset_id = ? AND f.code = ?`,
      ),
      foodNutrients: db.prepare<[string, string], NationalFoodBody['nutrients'][number]>(
        `SELECT v.nutrient_id, n.name, n.unit, v.amount, v.qualifier, v.source_column
         FROM national_food_nutrient v JOIN nutrient n ON n.id = v.nutrient_id
         WHERE v.dataset_id = ? AND v.code = ? ORDER BY n.rank IS NULL, n.rank, n.id`,
      ),
      foodLinks: db.prepare<
        [string, string],
        Omit<NationalFoodBody['links'][number], 'verified' | 'answers_for_ingredient'> & { verified: number; answers_for_ingredient: number }
      >(
        `SELECT c.ingredient_id, i.name, c.score, c.verified, c.rank, c.ingredient_best AS answers_for_ingredient, c.method,
                c.name_score, c.profile_score, c.conflict
         FROM national_candidate c JOIN ingredient i ON i.id = c.ingredient_id
         WHERE c.dataset_id = ? AND c.code = ? ORDER BY c.rank`,
      ),
    };
    this.writer = new NutrientAnswerWriter(db.prepare<[], { id: number; name: string; unit: string }>('SELECT id, name, unit FROM nutrient').all());
  }

  /**
   * What an ingredient's nutrients answer for a country is written from, or null for an
   * unknown ingredient. US: the reference record itself; elsewhere every nutrient the
   * national food gives, the reference value (usda_fallback) for the rest.
   */
  profile(id: number, country: CountryCode): CountryProfile | null {
    const row = this.profileOf.get(country, id);
    if (!row) return null;
    const etag = (JSON.parse(row.nutrient_etags) as Record<string, string>)[country]!;
    const base = { id: row.id, name: row.name, country, etag };
    if (row.national !== null && row.national_profile !== null) {
      return {
        ...base,
        referenceSource: USDA_FALLBACK_SOURCE,
        nationalSource: row.national,
        linkedFood: row.linked_food,
        entries: JSON.parse(row.national_profile) as CountryEntry[],
      };
    }
    return {
      ...base,
      referenceSource: country === 'US' ? row.dataset_id : USDA_FALLBACK_SOURCE,
      nationalSource: null,
      linkedFood: null,
      entries: JSON.parse(row.profile) as ReferenceEntry[],
    };
  }

  /**
   * The plain nutrients answer (per 100 g raw, whole profile) as stored at import, with its
   * ETag, or null for an unknown ingredient: one indexed read, no parsing or writing.
   */
  prepared(id: number, country: CountryCode): PreparedAnswer | null {
    if (this.linked.get(country)?.has(id)) return this.preparedStmts.linked.get(id, country) ?? null;
    const row = country === 'US' ? this.preparedStmts.us.get(id) : this.preparedStmts.fallback.get(id);
    if (!row) return null;
    const etag = (JSON.parse(row.nutrient_etags) as Record<string, string>)[country]!;
    return { body: country === 'US' ? row.body : fallbackAnswer(row.body, country), etag };
  }

  /** The /v1/ingredients/:id/nutrients body (per 100 g raw, or cooked by a method) from a profile. */
  answer(profile: CountryProfile, cooked: Cooked | null = null): string {
    return this.writer.answer(
      { id: profile.id, name: profile.name, country: profile.country, basis: BASIS },
      profile.linkedFood,
      profile.entries,
      { reference: profile.referenceSource, national: profile.nationalSource },
      cooked,
    );
  }

  /** The answer as an object, for callers that change it (nutrient filter, amounts, recipes). */
  nutrients(id: number, country: CountryCode): CountryNutrientsBody | null {
    const profile = this.profile(id, country);
    return profile === null ? null : this.bodyOf(profile);
  }

  /** The raw answer of a profile as an object. */
  bodyOf(profile: CountryProfile): CountryNutrientsBody {
    return JSON.parse(this.answer(profile)) as CountryNutrientsBody;
  }

  private foodsOf(dataset: string): FoodRow[] {
    let rows = this.foods.get(dataset);
    if (!rows) {
      rows = this.stmts.datasetFoods.all(dataset).map(({ reading, ...r }) => {
        const english = `${r.name_en ?? ''} ${reading ?? ''}`;
        const folded = normalizeName(`${r.name} ${english}`);
        const signals = rankSignals(english.trim() === '' ? r.name : english, 0);
        return { ...r, folded, words: folded.split(' ').map(singular), prepared: signals.processedWords - signals.plainWords };
      });
      this.foods.set(dataset, rows);
    }
    return rows;
  }

  /**
   * A page of a national table's foods. With text: foods whose published name, English name or
   * English reading (the glossary's, for tables without English names: "banana" finds
   * Livsmedelsverket's "Banan") holds every word. In order: names starting with the text as whole
   * words (BLS "Quark < 10 % fat in dry matter" before "Quarkcreme");
   * names holding each word whole ("Banan, rå" before "Banankake"); the plainer food (raw before
   * dried or cooked, by the English words, as ingredient search reads them); the shorter name
   * (the English one where the table has it: BLS's German names carry the legal grade words);
   * the code.
   */
  listFoods(params: { country: string; dataset: string; q?: string | undefined; limit: number; offset: number }): Page<NationalFoodSummaryBody> {
    let rows = this.foodsOf(params.dataset);
    if (params.q !== undefined) {
      const text = normalizeName(params.q);
      const terms = text.split(' ').filter(Boolean);
      // Starting with the text as whole words: "Quark < 10 % fat", not "Quarkcreme" (the head of a
      // Germanic compound is its last part, so a compound that starts with the word is another food).
      const startsWhole = (name: string) => {
        const words = name.split(' ');
        return terms.every((t, i) => words[i] !== undefined && singular(words[i]!) === singular(t));
      };
      // ...and before those, names whose first part is the text itself ("Apples, eating, raw", "Quark
      // < 10 % fat": the food, where "Apple sauce" and "Quark cream" are others made of it).
      const firstPart = (name: string) => normalizeName(name.split(/[,(<>%\d]/)[0] ?? '').split(' ').filter(Boolean).map(singular).join(' ');
      const wanted = terms.map(singular).join(' ');
      const starts = (r: FoodRow) =>
        firstPart(r.name) === wanted || (r.name_en !== null && firstPart(r.name_en) === wanted)
          ? 0
          : startsWhole(normalizeName(r.name)) || (r.name_en !== null && startsWhole(normalizeName(r.name_en)))
            ? 1
            : 2;
      const whole = (r: FoodRow) => (terms.every((t) => r.words.includes(singular(t))) ? 0 : 1);
      rows = rows
        .filter((r) => terms.every((t) => r.folded.includes(t)))
        .map((r) => ({ r, k: starts(r), w: whole(r) }))
        .sort(
          (a, b) =>
            a.k - b.k ||
            a.w - b.w ||
            a.r.prepared - b.r.prepared ||
            (a.r.name_en ?? a.r.name).length - (b.r.name_en ?? b.r.name).length ||
            (a.r.code < b.r.code ? -1 : a.r.code > b.r.code ? 1 : 0),
        )
        .map((x) => x.r);
    }
    return {
      total: rows.length,
      data: rows.slice(params.offset, params.offset + params.limit).map(({ folded: _f, words: _w, prepared: _p, ...r }) => ({ country: params.country, ...r })),
    };
  }

  /** The /v1/national-foods/:country/:code answer, or null for an unknown code. */
  food(country: string, dataset: string, code: string): NationalFoodBody | null {
    const food = this.stmts.food.get(dataset, code);
    if (!food) return null;
    return {
      country,
      ...food,
      basis: BASIS,
      nutrients: this.stmts.foodNutrients.all(dataset, code),
      links: this.stmts.foodLinks
        .all(dataset, code)
        .map((l) => ({ ...l, verified: l.verified === 1, answers_for_ingredient: l.answers_for_ingredient === 1 })),
    };
  }

  /** Link-quality figures per national dataset (the `larder links report` command). */
  linkReport(sampleSize: number): LinkReport[] {
    const db = this.catalog.db;
    const datasets = db
      .prepare<[], { dataset_id: string; n: number }>('SELECT dataset_id, COUNT(*) n FROM national_food GROUP BY dataset_id ORDER BY dataset_id')
      .all();
    return datasets.map(({ dataset_id, n }) => {
      const counts = db
        .prepare<[string], { linked: number; verified: number }>('SELECT COUNT(*) linked, COALESCE(SUM(verified), 0) verified FROM national_link WHERE dataset_id = ?')
        .get(dataset_id)!;
      const buckets = db
        .prepare<[string], { b: number; count: number; verified: number }>(
          `SELECT MIN(CAST(score * 10 AS INTEGER), 9) b, COUNT(*) count, SUM(verified) verified FROM national_link
           WHERE dataset_id = ? GROUP BY b ORDER BY b`,
        )
        .all(dataset_id)
        .map((r) => ({ from: r.b / 10, to: (r.b + 1) / 10, count: r.count, verified: r.verified }));
      const sample = db
        .prepare<[{ ds: string; n: number }], Omit<LinkReport['sample'][number], 'verified'> & { verified: number }>(
          `SELECT code, name, compared_as, ingredient_id, ingredient, score, verified FROM (
             SELECT l.code, f.name, l.name_used AS compared_as, l.ingredient_id, i.name AS ingredient, l.score, l.verified,
                    ROW_NUMBER() OVER (ORDER BY l.code) AS rn, COUNT(*) OVER () AS total
             FROM national_link l
             JOIN national_food f ON f.dataset_id = l.dataset_id AND f.code = l.code JOIN ingredient i ON i.id = l.ingredient_id
             WHERE l.dataset_id = @ds)
           WHERE rn % MAX(1, total / @n) = 0 ORDER BY code LIMIT @n`,
        )
        .all({ ds: dataset_id, n: sampleSize })
        .map((r) => ({ ...r, verified: r.verified === 1 }));
      const ingredients = db
        .prepare<[string], number>('SELECT COUNT(*) FROM national_candidate WHERE dataset_id = ? AND ingredient_best = 1')
        .pluck()
        .get(dataset_id)!;
      return { dataset: dataset_id, foods: n, linked: counts.linked, verified: counts.verified, ingredients, buckets, sample };
    });
  }
}

const build = (catalog: Catalog) => new NationalValues(catalog);

declare module 'fastify' {
  interface FastifyInstance {
    readonly nationalValues: NationalValues;
  }
}

export const nationalValuesPlugin = readModelPlugin('nationalValues', build);
