import { createHash } from 'node:crypto';
import { cookNutrients, type CookingData, type Method } from '../domain/cooking.js';

/**
 * Answers prepared at import (see DEVELOPERS.md, "Read path"). The catalogue is read-only
 * between imports, so the importer stores each ingredient's detail answer serialised, with
 * its ETag, and its nutrient profile in a compact form; the nutrients answer (country,
 * method) is written from the compact profile here, without row objects or a schema
 * serializer. The importer writes the same answers with this module to compute their ETags,
 * so what is served and what was tagged are the same bytes.
 *
 * The JSON written here must be what Fastify's serializer writes for the route's schema
 * (`CountryNutrients` in src/http/routes/ingredients.ts): the schema's property order, numbers
 * as `'' + n`, strings as JSON.stringify. test/catalog/answers.test.ts compares the two for
 * every ingredient and country.
 */

/** One reference (US) nutrient value: nutrient id, amount per 100 g, derivation. */
export type ReferenceEntry = [nutrientId: number, amount: number, derivation: string | null];

/**
 * One nutrient of a country-resolved profile: the national value (`national` 1, derivation
 * null), or the reference value where the national table lacks the nutrient (`national` 0).
 */
export type CountryEntry = [nutrientId: number, amount: number, derivation: string | null, qualifier: string | null, national: 0 | 1];

export const USDA_FALLBACK_SOURCE = 'usda_fallback';

const COUNTRY_FIELD = Buffer.from(',"country":"');

/**
 * The nutrients answer of a country without a verified national link, from the stored
 * fallback answer (written with "US" for the country): the countries' answers differ only in
 * the two letters of the code, so they are written into the fresh copy SQLite returned. The
 * first `,"country":"` is the field: inside the JSON string of a name a quote is escaped.
 */
export function fallbackAnswer(stored: Buffer, country: string): Buffer {
  if (!/^[A-Z]{2}$/.test(country)) throw new Error(`country code ${country} is not two letters`);
  const at = stored.indexOf(COUNTRY_FIELD);
  if (at < 0 || stored.toString('latin1', at + COUNTRY_FIELD.length, at + COUNTRY_FIELD.length + 3) !== 'US"') {
    throw new Error('stored fallback answer has no "country":"US" field');
  }
  stored.write(country, at + COUNTRY_FIELD.length, 'latin1');
  return stored;
}

/** Strong ETag of a body: the same function the etag plugin applies to answers it did not get a tag for. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export interface NutrientDefinition {
  id: number;
  name: string;
  unit: string;
}

/** What ?method= adds: the cooking record and nutrient numbers for retention. */
export interface Cooked {
  method: Method;
  cooking: CookingData & { yieldSource: string; retentionCode: number };
  numbers: Map<number, string>;
  basis: string;
}

/** Writes nutrients answers from compact profiles. One per catalogue file (it holds the nutrient names). */
export class NutrientAnswerWriter {
  /** `{"nutrient_id":1008,"name":"Energy","unit":"kcal","amount":` by nutrient id. */
  private readonly prefixes = new Map<number, string>();
  private readonly strings = new Map<string, string>();

  constructor(definitions: Iterable<NutrientDefinition>) {
    for (const d of definitions) {
      this.prefixes.set(d.id, `{"nutrient_id":${d.id},"name":${JSON.stringify(d.name)},"unit":${JSON.stringify(d.unit)},"amount":`);
    }
  }

  /** JSON of a short string or null, memoised (sources, derivations, qualifiers, countries recur). */
  private json(value: string | null): string {
    if (value === null) return 'null';
    let text = this.strings.get(value);
    if (text === undefined) {
      text = JSON.stringify(value);
      if (this.strings.size < 1000) this.strings.set(value, text);
    }
    return text;
  }

  private item(nutrientId: number, amount: number, derivation: string | null, source: string, qualifier: string | null, retention?: number | null): string {
    const prefix = this.prefixes.get(nutrientId);
    if (prefix === undefined) throw new Error(`nutrient ${nutrientId} has no definition`);
    const tail = retention === undefined ? '}' : `,"retention_factor":${retention === null ? 'null' : `${retention}`}}`;
    return `${prefix}${amount},"derivation":${this.json(derivation)},"source":${this.json(source)},"qualifier":${this.json(qualifier)}${tail}`;
  }

  /**
   * The /v1/ingredients/:id/nutrients answer. `entries` is the reference profile (every
   * nutrient from `referenceSource`) or a country-resolved one; `linkedFood` the JSON of the
   * linked national food or null.
   */
  answer(
    head: { id: number; name: string; country: string; basis: string },
    linkedFood: string | null,
    entries: ReadonlyArray<ReferenceEntry | CountryEntry>,
    sources: { reference: string; national: string | null },
    cooked: Cooked | null = null,
  ): string {
    const items: string[] = new Array(entries.length);
    if (cooked === null) {
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i]!;
        const national = e.length === 5 && e[4] === 1;
        items[i] = this.item(e[0], e[1], e[2], national ? sources.national! : sources.reference, e.length === 5 ? e[3] : null);
      }
    } else {
      // Per 100 g of cooked food: raw amount x retention / yield (src/domain/cooking.ts).
      const cookedValues = cookNutrients(
        entries.map((e) => ({ nutrient_id: e[0], amount: e[1] })),
        cooked.numbers,
        cooked.cooking,
      );
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i]!;
        const c = cookedValues[i]!;
        const national = e.length === 5 && e[4] === 1;
        items[i] = this.item(e[0], c.amount, e[2], national ? sources.national! : sources.reference, e.length === 5 ? e[3] : null, c.retention_factor);
      }
    }
    const basis = cooked === null ? head.basis : cooked.basis;
    let text = `{"id":${head.id},"name":${JSON.stringify(head.name)},"country":${this.json(head.country)},"basis":${this.json(basis)},"linked_food":${linkedFood ?? 'null'},"nutrients":[${items.join(',')}]`;
    if (cooked !== null) {
      const c = cooked.cooking;
      text += `,"cooking":{"method":${this.json(cooked.method)},"yield_factor":${c.yieldFactor},"yield_source":${this.json(c.yieldSource)},"retention_code":${c.retentionCode}}`;
    }
    return `${text}}`;
  }
}
