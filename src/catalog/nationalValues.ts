import { NutrientAnswerWriter, USDA_FALLBACK_SOURCE, type Cooked, type CountryEntry, type ReferenceEntry } from './answers.js';
import type { CountryCode } from '../domain/countries.js';
import type { Static } from 'typebox';
import type { CountryNutrients } from '../http/routes/ingredients.js';
import { BASIS } from '../http/schemas.js';

export type CountryNutrientsBody = Static<typeof CountryNutrients>;
import { readModelPlugin, type Catalog } from './catalog.js';

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
  private readonly writer: NutrientAnswerWriter;

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
      return { dataset: dataset_id, foods: n, linked: counts.linked, verified: counts.verified, buckets, sample };
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
