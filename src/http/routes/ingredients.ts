import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ALLERGEN_ALIASES, ALLERGENS, parseAllergen } from '../../domain/allergens.js';
import { cookNutrients, parseMethod } from '../../domain/cooking.js';
import { resolveCountry } from '../../domain/countries.js';
import { ApiError } from '../../errors.js';
import { CookedFields, COOKED_BASIS, MethodQuery } from './yield.js';
import { AmountQuery, ingredientPortion, nutrientFilter, NutrientsFilterQuery, PortionFields } from '../amounts.js';
import { filterNutrients, scaleNutrients } from '../../domain/nutrientAmounts.js';
import { AllergenName, BASIS, errorResponses, IdParams, json, NutrientAmount, pageOf, Pagination, pageBounds, SearchText, sendPrepared } from '../schemas.js';

export const IngredientListItem = Type.Object({
  id: Type.Integer({ description: 'NDB number (SR Legacy) or FDC id (Foundation, above 300000)' }),
  name: Type.String(),
  category_id: Type.Integer(),
  data_type: Type.Enum(['sr_legacy', 'foundation']),
});

const Density = Type.Object({
  g_per_ml: Type.Number({ description: 'Grams per millilitre' }),
  g_per_cup: Type.Number({ description: 'Grams per US cup (236.59 ml)' }),
  source: Type.Enum(['usda', 'literature', 'measured', 'category_estimate'], {
    description:
      "usda: the reference dataset's own household measures; literature: the FAO/INFOODS Density Database matched by name; category_estimate: the median of its category",
  }),
  derived_from: Type.Union([Type.String(), Type.Null()], { description: 'The household measure or rule the density comes from' }),
});

export const Ingredient = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  category_id: Type.Integer(),
  category: Type.Object({ id: Type.Integer(), name: Type.String() }),
  data_type: Type.Enum(['sr_legacy', 'foundation']),
  fdc_id: Type.Integer({ description: 'FoodData Central id of the source record' }),
  ndb_number: Type.Union([Type.Integer(), Type.Null()], { description: 'USDA NDB number of the source record' }),
  scientific_name: Type.Union([Type.String(), Type.Null()]),
  source: Type.String({ description: 'Dataset id of the record (see /v1/sources)' }),
  basis: Type.Literal(BASIS),
  nutrients: Type.Array(NutrientAmount, { description: 'Only values the source gives; a missing nutrient is absent, never 0' }),
  density: Density,
  allergens: Type.Array(AllergenName, { description: 'Allergen flags derived from the name; empty when none' }),
  portions: Type.Array(
    Type.Object({
      seq: Type.Integer(),
      amount: Type.Number(),
      unit: Type.Union([Type.String(), Type.Null()]),
      description: Type.String(),
      gram_weight: Type.Number(),
    }),
    { description: "The source's household measures (1 cup = 227 g)" },
  ),
});

const LinkedFood = Type.Union(
  [
    Type.Object({
      dataset: Type.String(),
      code: Type.String(),
      name: Type.String(),
      score: Type.Number({ description: 'Link score, 0..1 (0.55 x name similarity + 0.45 x profile agreement)' }),
      method: Type.String({ description: 'What was compared: "name+profile", "+group" (food group table), "+langual" (LanguaL facets), linker version' }),
      name_score: Type.Union([Type.Number(), Type.Null()], { description: 'Name similarity, 0..1' }),
      profile_score: Type.Union([Type.Number(), Type.Null()], { description: 'Agreement of the macronutrient profiles, 0..1; null when fewer than three were comparable' }),
      compared_as: Type.String({ description: "The English name the linker compared: the table's own, or a glossary reading of the native name" }),
    }),
    Type.Null(),
  ],
  { description: 'The national food whose values were used (the best verified national food for this ingredient), or null when there is no verified link for the country' },
);

export const CountryNutrients = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  country: Type.String(),
  basis: Type.String({
    description: `"${BASIS}", "${COOKED_BASIS}", or with amount and unit "for 1 cup = 244 g of edible portion" (cooked: of cooked food)`,
  }),
  ...PortionFields,
  linked_food: LinkedFood,
  nutrients: Type.Array(
    Type.Object({
      ...NutrientAmount.properties,
      source: Type.String({
        description:
          'Dataset id that gave the value (usda_sr_legacy, usda_foundation for US; uk_cofid, de_bls, fr_ciqual, se_livsmedelsverket, no_matvaretabellen, dk_frida), or usda_fallback where the national table lacks the nutrient',
      }),
      qualifier: Type.Union([Type.Literal('trace'), Type.Literal('less_than'), Type.Literal('estimated'), Type.Null()], {
        description:
          'trace: present below the limit of quantification (amount 0, not a measured zero); less_than: the true value is below amount; estimated: the source marks the value as uncertain; null: a plain value',
      }),
      ...CookedFields.nutrient,
    }),
  ),
  ...CookedFields.response,
});

export const ingredientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/ingredients',
    {
      schema: {
        tags: ['Ingredients'],
        summary: 'List or search canonical ingredients',
        querystring: Type.Object({
          q: Type.Optional(SearchText),
          category: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'A category id from /v1/categories' })),
          allergen: Type.Optional(
            Type.String({
              maxLength: 32,
              description: `An allergen flag, case-insensitive: ${ALLERGENS.join(', ')}; the usual other names are accepted (${Object.keys(ALLERGEN_ALIASES).join(', ')}). Anything else is 400, listing the values.`,
            }),
          ),
          ...Pagination,
        }),
        response: { 200: json(pageOf(IngredientListItem), 'A page of ingredients'), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { q, category } = request.query;
      const allergen = request.query.allergen === undefined ? undefined : parseAllergen(request.query.allergen);
      if (allergen === null) {
        throw new ApiError('invalid_parameter', `allergen: must be one of: ${ALLERGENS.join(', ')} (case-insensitive; aliases: ${Object.keys(ALLERGEN_ALIASES).join(', ')})`, {
          errors: [{ parameter: 'allergen', message: `must be one of: ${ALLERGENS.join(', ')}` }],
        });
      }
      const { limit, offset } = pageBounds(request.query);
      if (category !== undefined && !app.ingredients.categoryExists(category)) {
        throw ApiError.invalidParameter('category', `no category ${category}; see /v1/categories`);
      }
      const page = app.ingredients.list({ q, category, allergen, limit, offset });
      return { data: page.data, limit, offset, total: page.total, total_exact: true };
    },
  );

  app.get(
    '/v1/ingredients/:id',
    {
      schema: {
        tags: ['Ingredients'],
        summary: 'One canonical ingredient with its nutrients, density, allergens and household measures',
        params: IdParams,
        querystring: Type.Object({ ...NutrientsFilterQuery }),
        response: { 200: json(Ingredient, 'The ingredient'), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const keep = nutrientFilter(app.reference, request.query.nutrients);
      if (keep === null) {
        // Prepared at import with its ETag (src/importers/answers.ts): one read, no serialising.
        const answer = app.ingredients.detail(request.params.id);
        if (!answer) throw ApiError.notFound(`ingredient ${request.params.id}`);
        return sendPrepared(reply, answer.body, answer.etag);
      }
      const ingredient = app.ingredients.ingredient(request.params.id);
      if (!ingredient) throw ApiError.notFound(`ingredient ${request.params.id}`);
      return { ...ingredient, nutrients: filterNutrients(ingredient.nutrients, keep) };
    },
  );

  app.get(
    '/v1/ingredients/:id/nutrients',
    {
      schema: {
        tags: ['Ingredients'],
        summary: "An ingredient's nutrients as a country's food composition table gives them",
        description:
          'Each nutrient names its source dataset. Countries whose national table is not loaded are refused with 400 unsupported_country, never answered with US values. With `amount` and `unit` (any /convert unit, with `system`) the answer is for that amount: `grams` gives it in grams (the same conversion as /convert) and every amount is for those grams; with `method`, grams of the cooked food. `nutrients=` keeps only the listed ids.',
        params: IdParams,
        querystring: Type.Object({
          country: Type.Optional(
            Type.String({ maxLength: 64, description: 'ISO 3166-1 alpha-2, case-insensitive; default US' }),
          ),
          method: Type.Optional(MethodQuery),
          ...AmountQuery,
        }),
        response: { 200: json(CountryNutrients, 'Country-resolved nutrients'), ...errorResponses(400, 401, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const country = resolveCountry(request.query.country, app.catalog.countries);
      const method = request.query.method === undefined ? null : parseMethod(request.query.method);
      const keep = nutrientFilter(app.reference, request.query.nutrients);
      const { amount, unit, system, size } = request.query;
      if (!method && keep === null && amount === undefined && unit === undefined && system === undefined && size === undefined) {
        // The plain answer, stored at import as served with its ETag (src/importers/answers.ts).
        const prepared = app.nationalValues.prepared(request.params.id, country);
        if (!prepared) throw ApiError.notFound(`ingredient ${request.params.id}`);
        return sendPrepared(reply, prepared.body, prepared.etag);
      }
      // One read: the compact profile resolved for the country at import (src/catalog/answers.ts).
      const profile = app.nationalValues.profile(request.params.id, country);
      if (!profile) throw ApiError.notFound(`ingredient ${request.params.id}`);
      // An amount of the cooked food is weighed by the cooked record of the pair the yield comes from
      // ("1 cup" of boiled rice is SR 20045's cup, 158 g, not the raw rice's 185 g).
      const cookedRecord = method ? (app.carbonCooking.cooking(profile.id, method)?.cookedRecord ?? null) : null;
      const portion = ingredientPortion(app.ingredients, cookedRecord ?? profile.id, request.query);
      if (keep === null && !portion) {
        // Written from the compact profile; the ETag of the raw answer was computed at import.
        if (!method) return sendPrepared(reply, app.nationalValues.answer(profile), profile.etag);
        const cooking = app.carbonCooking.cooking(profile.id, method)!;
        return sendPrepared(reply, app.nationalValues.answer(profile, { method, cooking, numbers: app.carbonCooking.nutrientNumbers(), basis: COOKED_BASIS }));
      }
      const body = app.nationalValues.bodyOf(profile);
      const forAmount = <B extends { basis: string; nutrients: Array<{ nutrient_id: number; amount: number }> }>(answer: B): B => {
        const nutrients = filterNutrients(answer.nutrients, keep);
        if (!portion) return { ...answer, nutrients };
        const basis =
          portion.basis + (answer.basis !== COOKED_BASIS ? '' : cookedRecord !== null ? ` (cooked, measured as ${cookedRecord} "${app.ingredients.identity(cookedRecord)?.name ?? ''}")` : ' (cooked)');
        return { ...answer, basis, grams: portion.grams, nutrients: scaleNutrients(nutrients, portion.grams) };
      };
      if (!method) return forAmount(body);
      // Per 100 g of cooked food: raw amount x retention / yield (src/domain/cooking.ts).
      const cooking = app.carbonCooking.cooking(body.id, method)!;
      return forAmount({
        ...body,
        basis: COOKED_BASIS,
        nutrients: cookNutrients(body.nutrients, app.carbonCooking.nutrientNumbers(), cooking),
        cooking: { method, yield_factor: cooking.yieldFactor, yield_source: cooking.yieldSource, retention_code: cooking.retentionCode },
      });
    },
  );
};
