import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NATIONAL_DATASET, resolveCountry, type CountryCode } from '../../domain/countries.js';
import { ApiError } from '../../errors.js';
import { BASIS, errorResponses, json, NO_CONTROL_CHARACTERS, pageBounds, pageOf, Pagination, SEARCH_TEXT } from '../schemas.js';

const NationalCountry = Type.String({
  maxLength: 64,
  description: 'ISO 3166-1 alpha-2 of a country whose national table is loaded (GB, DE, FR, SE, NO, DK), case-insensitive',
});

export const NationalFoodSummary = Type.Object({
  country: Type.String(),
  dataset: Type.String({ description: 'The national dataset id (uk_cofid, de_bls, fr_ciqual, se_livsmedelsverket, no_matvaretabellen, dk_frida)' }),
  code: Type.String({ description: "The food's code in the national table, as published" }),
  name: Type.String({ description: 'The name as published (in the national language where the table has one)' }),
  name_en: Type.Union([Type.String(), Type.Null()], { description: "The table's own English name, null where it has none" }),
  food_group: Type.Union([Type.String(), Type.Null()], { description: "The table's own food group, as published" }),
});

export const NationalFoodLink = Type.Object({
  ingredient_id: Type.Integer({ description: 'Canonical ingredient (see /v1/ingredients/{id})' }),
  name: Type.String({ description: "The canonical ingredient's name" }),
  score: Type.Number({ description: 'Link score, 0..1' }),
  verified: Type.Boolean({ description: 'Whether the link passes every rule (only verified links answer for an ingredient)' }),
  rank: Type.Integer({ description: "1 for the national food's own best candidate, then by score" }),
  answers_for_ingredient: Type.Boolean({
    description: "This national food is the one /v1/ingredients/{id}/nutrients uses for the ingredient in this country (its best verified national food)",
  }),
  method: Type.String({ description: 'What was compared (name, profile, +group, +langual) and the linker version' }),
  name_score: Type.Union([Type.Number(), Type.Null()]),
  profile_score: Type.Union([Type.Number(), Type.Null()]),
  conflict: Type.Union([Type.String(), Type.Null()], { description: 'Why the pair cannot be a verified link, or null' }),
});

export const NationalFood = Type.Object({
  ...NationalFoodSummary.properties,
  scientific_name: Type.Union([Type.String(), Type.Null()]),
  compared_as: Type.Union([Type.String(), Type.Null()], {
    description: 'The English name the linker compared: the table\'s own, or a glossary reading of the native name; null when it could not be read',
  }),
  basis: Type.Literal(BASIS),
  nutrients: Type.Array(
    Type.Object({
      nutrient_id: Type.Integer({ description: 'Canonical nutrient id' }),
      name: Type.String(),
      unit: Type.String({ description: 'The canonical unit the published value was converted to' }),
      amount: Type.Union([Type.Number(), Type.Null()], { description: 'Per 100 g edible portion; null for a trace' }),
      qualifier: Type.Union([Type.Literal('trace'), Type.Literal('less_than'), Type.Literal('estimated'), Type.Null()], {
        description: 'trace: present below quantification (amount null); less_than: below amount; estimated: marked uncertain by the source',
      }),
      source_column: Type.String({ description: 'The column (or parameter) of the national table the value comes from' }),
    }),
  ),
  links: Type.Array(NationalFoodLink, {
    description: 'Canonical ingredients this national food was compared with: every verified one and the best few others, best first',
  }),
});

function nationalCountry(raw: string, available: readonly CountryCode[]): { country: Exclude<CountryCode, 'US'>; dataset: string } {
  const country = resolveCountry(raw, available);
  if (country === 'US') {
    throw ApiError.invalidParameter('country', 'US has no national food table here: its foods are the canonical ingredients (/v1/ingredients)');
  }
  return { country, dataset: NATIONAL_DATASET[country] };
}

export const nationalFoodRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/national-foods',
    {
      schema: {
        tags: ['National foods'],
        summary: "List or search a country's national food composition table",
        querystring: Type.Object({
          country: NationalCountry,
          q: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 200,
              pattern: SEARCH_TEXT,
              description: "Words to find in the published name, the English name or the linker's English reading (case and accents ignored), in any order; names starting with the text first, then names holding the words whole, then the plainer food (raw before dried or cooked), then shorter names",
            }),
          ),
          ...Pagination,
        }),
        response: { 200: json(pageOf(NationalFoodSummary), 'A page of national foods, by code without q'), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { q } = request.query;
      const { limit, offset } = pageBounds(request.query);
      const { country, dataset } = nationalCountry(request.query.country, app.catalog.countries);
      const page = app.nationalValues.listFoods({ country, dataset, q, limit, offset });
      return { data: page.data, limit, offset, total: page.total, total_exact: true };
    },
  );

  app.get(
    '/v1/national-foods/:country/:code',
    {
      schema: {
        tags: ['National foods'],
        summary: 'A national food with its values as published and its links to canonical ingredients',
        params: Type.Object({
          country: NationalCountry,
          code: Type.String({ minLength: 1, maxLength: 64, pattern: NO_CONTROL_CHARACTERS, description: "The food's code in the national table" }),
        }),
        response: { 200: json(NationalFood, 'The national food'), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const { country, dataset } = nationalCountry(request.params.country, app.catalog.countries);
      const food = app.nationalValues.food(country, dataset, request.params.code);
      if (!food) throw ApiError.notFound(`national food ${request.params.code} in ${dataset}`);
      return food;
    },
  );
};
