import Database from 'better-sqlite3';
import fastJson from 'fast-json-stringify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { strongEtag } from '../../src/catalog/answers.js';
import { NATIONAL_DATASET, type CountryCode } from '../../src/domain/countries.js';
import { cookNutrients, METHODS } from '../../src/domain/cooking.js';
import { resolveCountryNutrients, type NationalNutrient, type ReferenceNutrient } from '../../src/domain/countryNutrients.js';
import { CountryNutrients } from '../../src/http/routes/ingredients.js';
import { BASIS } from '../../src/http/schemas.js';
import { createTestApp, type TestApp } from '../support/app.js';

/**
 * The nutrients answers are written from compact profiles prepared at import
 * (src/catalog/answers.ts), not by Fastify's serializer. This compares them, for every
 * ingredient and every country of the catalogue, with what the route's schema serializer
 * writes for the answer built the way it was before (rows of ingredient_nutrient, the best
 * verified national link, resolveCountryNutrients), byte for byte, and the stored ETag with
 * the body's hash.
 */
let t: TestApp;
let db: Database.Database;
beforeAll(async () => {
  t = await createTestApp();
  db = new Database(inject('catalogPath'), { readonly: true });
});
afterAll(async () => {
  db.close();
  await t.close();
});

describe('answers prepared at import', () => {
  it('write every ingredient x country nutrients answer as the schema serializer does, with its ETag', () => {
    const serialize = fastJson(CountryNutrients);
    // Every ingredient with a verified national link, and every fifth of the rest (all of them takes a minute).
    const ingredients = db
      .prepare(
        `SELECT id, name, dataset_id FROM ingredient i
         WHERE EXISTS (SELECT 1 FROM national_link l WHERE l.ingredient_id = i.id AND l.verified = 1) OR i.id % 5 = 0 ORDER BY id`,
      )
      .all() as Array<{ id: number; name: string; dataset_id: string }>;
    const nutrientsOf = db.prepare(
      `SELECT v.nutrient_id, n.name, n.unit, v.amount, v.derivation, n.rank FROM ingredient_nutrient v JOIN nutrient n ON n.id = v.nutrient_id
       WHERE v.ingredient_id = ? ORDER BY n.rank IS NULL, n.rank, n.id`,
    );
    // The ingredient's best verified national food, chosen from the ingredient's side (issue 16)
    const bestLink = db.prepare(
      `SELECT l.dataset_id AS dataset, l.code, f.name, l.score, l.method, l.name_score, l.profile_score, n.name_used AS compared_as
       FROM national_candidate l JOIN national_food f ON f.dataset_id = l.dataset_id AND f.code = l.code
       JOIN national_link n ON n.dataset_id = l.dataset_id AND n.code = l.code
       WHERE l.ingredient_id = ? AND l.dataset_id = ? AND l.ingredient_best = 1`,
    );
    const nationalNutrients = db.prepare(
      `SELECT v.nutrient_id, n.name, n.unit, v.amount, v.qualifier, n.rank FROM national_food_nutrient v JOIN nutrient n ON n.id = v.nutrient_id
       WHERE v.dataset_id = ? AND v.code = ?`,
    );
    const countries = t.catalog.countries;
    expect(countries).toEqual(['US', 'GB', 'DE', 'FR', 'SE', 'NO', 'DK']);
    let linked = 0;
    for (const ingredient of ingredients) {
      const reference = nutrientsOf.all(ingredient.id) as ReferenceNutrient[];
      for (const country of countries as CountryCode[]) {
        let expected;
        if (country === 'US') {
          expected = { id: ingredient.id, name: ingredient.name, country, basis: BASIS, linked_food: null, nutrients: reference.map(({ rank: _r, ...n }) => ({ ...n, source: ingredient.dataset_id, qualifier: null })) };
        } else {
          const link = (bestLink.get(ingredient.id, NATIONAL_DATASET[country]) as { dataset: string; code: string; name: string; score: number } | undefined) ?? null;
          if (link) linked++;
          const national = link ? { datasetId: link.dataset, nutrients: nationalNutrients.all(link.dataset, link.code) as NationalNutrient[] } : null;
          const names = link ? { reference: ingredient.name, national: link.name } : undefined;
          expected = { id: ingredient.id, name: ingredient.name, country, basis: BASIS, linked_food: link, nutrients: resolveCountryNutrients(reference, national, names) };
        }
        const profile = t.app.nationalValues.profile(ingredient.id, country)!;
        const body = t.app.nationalValues.answer(profile);
        if (body !== serialize(expected)) expect(`${ingredient.id} ${country}: ${body}`).toBe(`${ingredient.id} ${country}: ${serialize(expected)}`);
        if (profile.etag !== strongEtag(body)) expect(`${ingredient.id} ${country} ${profile.etag}`).toBe(`${ingredient.id} ${country} ${strongEtag(body)}`);
        // The plain answer as served: stored at import (US, linked countries) or derived from the US one (fallbackAnswer).
        const prepared = t.app.nationalValues.prepared(ingredient.id, country)!;
        const preparedText = prepared.body.toString("utf8");
        if (preparedText !== body) expect(`${ingredient.id} ${country} prepared: ${preparedText}`).toBe(`${ingredient.id} ${country} prepared: ${body}`);
        if (prepared.etag !== profile.etag) expect(`${ingredient.id} ${country} prepared ${prepared.etag}`).toBe(`${ingredient.id} ${country} prepared ${profile.etag}`);
      }
    }
    // Verified links per ingredient and country (national_link, verified = 1): the fallback-only path is not all that was compared.
    expect(linked).toBeGreaterThan(1000);
  }, 300_000);

  it('cook the compact profile as cookNutrients does on the answer objects', () => {
    const serialize = fastJson(CountryNutrients);
    const numbers = t.app.carbonCooking.nutrientNumbers();
    // Butter (SR 01001), raw broccoli (11090), chicken breast (05062), across methods and countries.
    for (const id of [1001, 11090, 5062]) {
      for (const country of ['US', 'FR', 'GB'] as CountryCode[]) {
        for (const method of METHODS) {
          const profile = t.app.nationalValues.profile(id, country)!;
          const raw = JSON.parse(t.app.nationalValues.answer(profile));
          const cooking = t.app.carbonCooking.cooking(id, method)!;
          const expected = {
            ...raw,
            basis: 'per 100 g cooked food',
            nutrients: cookNutrients(raw.nutrients, numbers, cooking),
            cooking: { method, yield_factor: cooking.yieldFactor, yield_source: cooking.yieldSource, retention_code: cooking.retentionCode },
          };
          expect(t.app.nationalValues.answer(profile, { method, cooking, numbers, basis: 'per 100 g cooked food' })).toBe(serialize(expected));
        }
      }
    }
  });

  it('serve the detail answer with the ETag of its bytes', async () => {
    const res = await t.get('/v1/ingredients/1001');
    expect(res.headers.etag).toBe(strongEtag(res.body));
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // SR Legacy 01001 butter, salted: 717 kcal (NUT_DATA 208).
    expect(res.json().nutrients.find((n: { nutrient_id: number }) => n.nutrient_id === 1008).amount).toBe(717);
  });
});
