import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BRANDED_COUNT_CAP,
  BRANDED_MAX_LABELS,
  BRANDED_RESULT_WINDOW,
  BRANDED_SCAN_CAP,
  BRANDED_TIME_BUDGET_MS,
  BRANDED_BASIS_G,
  BRANDED_BASIS_ML,
  BrandedQueryError,
} from '../../catalog/branded.js';
import { BRANDED_CORRECTION_FACTOR, BRANDED_MAX_TERMS, BRANDED_RARE_WORD_USES } from '../../domain/brandedSearch.js';
import { COMPLETENESS_FIELDS, parseHas } from '../../domain/completeness.js';
import { ApiError } from '../../errors.js';
import { filterNutrients } from '../../domain/nutrientAmounts.js';
import { nutrientFilter, NutrientsFilterQuery } from '../amounts.js';
import { errorResponses, GTIN_DIGITS, json, NO_CONTROL_CHARACTERS, pageBounds, SEARCH_TEXT, Pagination } from '../schemas.js';

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
  source: Type.String({
    description:
      'Dataset the record comes from first (see /v1/sources for its licence and attribution); where several sources have the same barcode, the others fill the fields it lacks and each nutrient names its own source',
  }),
  completeness: Type.Array(Type.Enum([...COMPLETENESS_FIELDS]), {
    description:
      'Which of name, brand, energy, macros (fat, carbohydrate and protein), serving_size and ingredients the record has; filter with has=. Energy counts whether printed or calculated_eu_1169',
  }),
});

const BrandedNutrientAmount = Type.Object({
  nutrient_id: Type.Integer({ description: 'Nutrient definition id (FDC nutrient id)' }),
  name: Type.String(),
  unit: Type.String({ description: 'g, mg, µg, kcal, kJ, ...' }),
  amount: Type.Number({ description: 'Per 100 g, or per 100 ml where basis says so' }),
  derivation: Type.Union(
    [Type.Literal('label'), Type.Literal('calculated'), Type.Literal('calculated_eu_1169'), Type.Literal('converted_from_kj'), Type.Literal('converted_from_kcal')],
    {
      description:
        'label: as printed on the label (as the source transcribes it). calculated_eu_1169: energy (1008 kcal, 1062 kJ) calculated from the label\'s fat, carbohydrate, protein (and fibre, alcohol, polyols where given) with the factors of Regulation (EU) No 1169/2011 Annex XIV, only where no source gives energy. converted_from_kj / converted_from_kcal: the energy unit the label does not print, from the one it does (1 kcal = 4.184 kJ). calculated: derived by the source\'s rule from another label value (sodium from salt / 2.5; alcohol in g from % vol x 0.789)',
    },
  ),
  source: Type.String({ description: 'Dataset the value comes from (for calculated energy: the dataset of the carbohydrate value used)' }),
});

export const BrandedDetail = Type.Object({
  ...BrandedProduct.properties,
  basis: Type.Union([Type.Literal(BRANDED_BASIS_G), Type.Literal(BRANDED_BASIS_ML)], {
    description: `${BRANDED_BASIS_ML} where the source states the product's values per 100 ml (drinks), else ${BRANDED_BASIS_G}`,
  }),
  nutrients: Type.Array(BrandedNutrientAmount, {
    description:
      'Per 100 g (or 100 ml, see basis) as the sources give them, each with its source and derivation; a nutrient no source gives is absent',
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

- **q**: words of the name, all required, the last one as a prefix (from 2 letters), Porter stemming, accents folded; FTS syntax is never interpreted. Order: exact name, then names starting with the text, then the other matches; shorter names first in each group, id last. A word of five letters or more that at most ${BRANDED_RARE_WORD_USES} names hold is read as a misspelling of the word one letter away (two in words of six letters or more) that names use ${BRANDED_CORRECTION_FACTOR} times as often: what the words as typed find comes first, then what the corrected words find ("nutela": the one "Nutela" record, then the Nutella jars). At most 200 characters and ${BRANDED_MAX_TERMS} words (more is 400).
- **gtin**: 8 to 14 digits; UPC-A (12), EAN-13 and GTIN-14 spellings of one barcode match the same product (compared as GTIN-14). Anything else is 400.
- **brand**: case- and accent-insensitive substring of the brand name or the brand owner (at least 2 characters). Without q, records with a name, a brand and energy first, then records with energy, then the rest; by id within each. For sources without a brand field whose names begin with the brand (FoodRepo: "Coop Naturaplan ...", "M Budget ..."), the first two words of the name are matched too; the record's brand stays null.
- **has**: comma-separated completeness fields every result must have (${COMPLETENESS_FIELDS.join(', ')}), e.g. has=energy,brand; an unknown name is 400.

Name search order: within each group (exact name, name starting with the text, other matches) records with a name, a brand and energy come first, then records with energy, then the rest; shorter names first after that.

Bounded work: total is exact up to ${BRANDED_COUNT_CAP} matches and a lower bound past that (total_exact false); with q or brand, offset + limit may not exceed ${BRANDED_RESULT_WINDOW} (400: narrow the query); with q and brand together at most ${BRANDED_SCAN_CAP} name matches are examined, and a brand text matching more than ${BRANDED_MAX_LABELS} brand names uses the first ${BRANDED_MAX_LABELS} (total_exact false); a search that runs past ${BRANDED_TIME_BUDGET_MS} ms answers what it found (total_exact false).`,
        querystring: Type.Object({
          q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: SEARCH_TEXT, description: 'Words of the product name' })),
          gtin: Type.Optional(Type.String({ pattern: GTIN_DIGITS, description: 'Barcode: 8 to 14 digits' })),
          brand: Type.Optional(Type.String({ minLength: 2, maxLength: 100, pattern: NO_CONTROL_CHARACTERS, description: 'Part of the brand or brand-owner name' })),
          has: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 100,
              description: `Completeness fields every result must have, comma-separated: ${COMPLETENESS_FIELDS.join(', ')}`,
            }),
          ),
          ...Pagination,
        }),
        response: { 200: json(BrandedPage, 'A page of branded products'), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { q, gtin, brand } = request.query;
      const { limit, offset } = pageBounds(request.query);
      let has = 0;
      if (request.query.has !== undefined) {
        const parsed = parseHas(request.query.has);
        if (parsed.unknown.length > 0 || parsed.mask === 0) {
          throw ApiError.invalidParameter(
            'has',
            `${parsed.unknown.length > 0 ? `unknown field ${parsed.unknown.map((u) => JSON.stringify(u)).join(', ')}` : 'no field given'}: use ${COMPLETENESS_FIELDS.join(', ')}`,
          );
        }
        has = parsed.mask;
      }
      try {
        const page = app.branded.list({ q, gtin, brand, has, limit, offset });
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
        querystring: Type.Object({ ...NutrientsFilterQuery }),
        response: { 200: json(BrandedDetail, 'The product'), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const keep = nutrientFilter(app.reference, request.query.nutrients);
      const product = app.branded.product(request.params.id);
      if (!product) {
        // A barcode sent as the id (the commonest mistake of a scanning app) gets the lookup it meant.
        const id = String(request.params.id);
        const byBarcode = /^\d{8,14}$/.test(id) ? app.branded.productByGtin(id) : null;
        throw ApiError.notFound(
          `branded product ${id}`,
          byBarcode
            ? `${id} is a barcode: GET /v1/branded?gtin=${id} finds it (product id ${byBarcode.id})`
            : 'ids are the product ids of /v1/branded answers; to look up a barcode, use GET /v1/branded?gtin=',
        );
      }
      return keep === null ? product : { ...product, nutrients: filterNutrients(product.nutrients, keep) };
    },
  );
};
