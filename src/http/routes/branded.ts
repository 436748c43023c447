import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BRANDED_COUNT_CAP,
  BRANDED_MAX_LABELS,
  BRANDED_RESULT_WINDOW,
  BRANDED_SCAN_CAP,
  BRANDED_TIME_BUDGET_MS,
  BrandedQueryError,
} from '../../catalog/branded.js';
import { BRANDED_MAX_TERMS } from '../../domain/brandedSearch.js';
import { ApiError } from '../../errors.js';
import { BASIS, errorResponses, json, NO_CONTROL_CHARACTERS, NutrientAmount, pageBounds, Pagination } from '../schemas.js';

const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const BrandedProduct = Type.Object({
  id: Type.Integer({
    description:
      'The FDC id for FoodData Central products; 100000000000000 + the barcode for Open Food Facts products (so the id gives the barcode back and never collides with an FDC id)',
  }),
  gtin_upc: nullable(Type.String({ description: 'The barcode as the source publishes it' })),
  gtin14: nullable(Type.String({ description: 'The barcode as GTIN-14 (zero-padded), the form gtin= matches; null when it is not 8 to 14 digits' })),
  name: nullable(Type.String({ description: 'Product name; null where the release gives none' })),
  brand: nullable(Type.String()),
  brand_owner: nullable(Type.String()),
  market_country: nullable(Type.String()),
  serving_size: Type.Union([Type.Number(), Type.Null()]),
  serving_size_unit: nullable(Type.String({ description: 'g, ml, ... (the unit of serving_size)' })),
  household_serving: nullable(Type.String({ description: 'The serving as printed, e.g. "1 cup" or "30 g (2 Tbsp)"' })),
  branded_food_category: nullable(Type.String()),
  ingredients_list: nullable(Type.String()),
  data_quality: Type.Union([Type.Literal('medium'), Type.Literal('low')], {
    description: 'medium when the product has a serving size, low when it has none',
  }),
  source: Type.String({ description: 'Dataset the record comes from (see /v1/sources for its licence and attribution)' }),
});

export const BrandedDetail = Type.Object({
  ...BrandedProduct.properties,
  basis: Type.Literal(BASIS),
  nutrients: Type.Array(NutrientAmount, {
    description: 'Per 100 g as the source gives them (label values: derivation "label"); a nutrient the source lacks is absent',
  }),
});

const BrandedPage = Type.Object({
  data: Type.Array(BrandedProduct),
  limit: Type.Integer(),
  offset: Type.Integer(),
  total: Type.Integer({
    description: `Matching products. Exact up to ${BRANDED_COUNT_CAP}; past that it is the lower bound ${BRANDED_COUNT_CAP} and total_exact is false`,
  }),
  total_exact: Type.Boolean({ description: `false when total is a lower bound (more than ${BRANDED_COUNT_CAP} matches)` }),
});

const BrandedParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Branded product id' }),
});

export const brandedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/branded',
    {
      schema: {
        tags: ['Branded products'],
        summary: 'Search branded products by name, barcode or brand',
        description: `Filters combine (all must hold). Without filters, every product by id.

- **q**: words of the name, all required, the last one as a prefix (from 2 letters), Porter stemming, accents folded; FTS syntax is never interpreted. Order: exact name, then names starting with the text, then the other matches; shorter names first in each group, id last. At most 200 characters and ${BRANDED_MAX_TERMS} words (more is 400).
- **gtin**: 8 to 14 digits; UPC-A (12), EAN-13 and GTIN-14 spellings of one barcode match the same product (compared as GTIN-14). Anything else is 400.
- **brand**: case- and accent-insensitive substring of the brand name or the brand owner (at least 2 characters). By id.

Bounded work: total is exact up to ${BRANDED_COUNT_CAP} matches and a lower bound past that (total_exact false); with q or brand, offset + limit may not exceed ${BRANDED_RESULT_WINDOW} (400: narrow the query); with q and brand together at most ${BRANDED_SCAN_CAP} name matches are examined, and a brand text matching more than ${BRANDED_MAX_LABELS} brand names uses the first ${BRANDED_MAX_LABELS} (total_exact false); a search that runs past ${BRANDED_TIME_BUDGET_MS} ms answers what it found (total_exact false).`,
        querystring: Type.Object({
          q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: NO_CONTROL_CHARACTERS, description: 'Words of the product name' })),
          gtin: Type.Optional(Type.String({ pattern: '^[0-9]{8,14}$', description: 'Barcode: 8 to 14 digits' })),
          brand: Type.Optional(Type.String({ minLength: 2, maxLength: 100, pattern: NO_CONTROL_CHARACTERS, description: 'Part of the brand or brand-owner name' })),
          ...Pagination,
        }),
        response: { 200: json(BrandedPage, 'A page of branded products'), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { q, gtin, brand } = request.query;
      const { limit, offset } = pageBounds(request.query);
      try {
        const page = app.branded.list({ q, gtin, brand, limit, offset });
        return { data: page.data, limit, offset, total: page.total, total_exact: page.total_exact };
      } catch (err) {
        if (err instanceof BrandedQueryError) throw ApiError.invalidParameter(err.parameter, err.message);
        throw err;
      }
    },
  );

  app.get(
    '/v1/branded/:id',
    {
      schema: {
        tags: ['Branded products'],
        summary: 'One branded product with its nutrients per 100 g',
        params: BrandedParams,
        response: { 200: json(BrandedDetail, 'The product'), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const product = app.branded.product(request.params.id);
      if (!product) throw ApiError.notFound(`branded product ${request.params.id}`);
      return product;
    },
  );
};
