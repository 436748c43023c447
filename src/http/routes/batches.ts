import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { Ajv } from 'ajv';
import { resolveCountry } from '../../domain/countries.js';
import { filterNutrients, parseNutrientFilter } from '../../domain/nutrientAmounts.js';
import { ApiError } from '../../errors.js';
import { ITEMS_PER_REQUEST } from '../plugins/rateLimit.js';
import { errorResponses, json, sendPrepared } from '../schemas.js';
import { BrandedDetail } from './branded.js';
import { CountryNutrients, Ingredient } from './ingredients.js';

/** Largest JSON body a POST endpoint reads (decisions.md: at most 64 KB). */
export const BODY_LIMIT_BYTES = 64 * 1024;
export const MAX_BATCH_ITEMS = 100;

/**
 * A body validator that takes JSON types as sent: the app's query validator coerces ("1" is
 * 1, a scalar is a one-item array), which suits query strings but would let `{"ids": 1077}`
 * or `{"lines": [1, 2]}` through. One per plugin, built at registration.
 */
export function strictBodyCompiler(): (route: { schema: FastifySchema }) => ReturnType<Ajv['compile']> {
  const ajv = new Ajv({ coerceTypes: false, allErrors: true, removeAdditional: false, useDefaults: true, strict: false });
  return ({ schema }) => ajv.compile(schema as object);
}

/**
 * The POST endpoints read JSON only: Fastify would also parse text/plain into a string (then
 * refused by the schema as a 400); a body of another media type is 415 whatever it holds.
 */
export function requireJson(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  const type = String(request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return done();
  done(
    new ApiError('unsupported_media_type', 'the body must be JSON, sent with content-type: application/json', {
      errors: [{ parameter: 'content-type', message: 'must be application/json' }],
    }),
  );
}

const counting = `Counts as one request per started ${ITEMS_PER_REQUEST} items against both limits. The body is JSON (content-type: application/json, else 415) of at most ${BODY_LIMIT_BYTES / 1024} KB (else 400).`;

const NutrientIds = Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), {
  minItems: 1,
  maxItems: 100,
  description: 'Keep only these nutrient ids (see /v1/nutrients); an unknown id is 400',
});

const IngredientsBatchBody = Type.Object(
  {
    ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { minItems: 1, maxItems: MAX_BATCH_ITEMS, description: 'Ingredient ids, 1 to 100' }),
    country: Type.Optional(Type.String({ maxLength: 64, description: 'ISO 3166-1 alpha-2: each item is then the country-resolved nutrients answer' })),
    nutrients: Type.Optional(NutrientIds),
  },
  { additionalProperties: false, examples: [{ ids: [1077, 20081, 99999999], nutrients: [1008, 1003] }] },
);

const IngredientsBatchAnswer = Type.Object({
  data: Type.Array(Type.Union([Ingredient, CountryNutrients, Type.Null()]), {
    description: 'In the order asked: the /v1/ingredients/{id} answer (or, with country, /v1/ingredients/{id}/nutrients?country=), null for an unknown id',
  }),
  missing: Type.Array(Type.Integer(), { description: 'The ids asked that name no ingredient' }),
});

const BrandedBatchBody = Type.Object(
  {
    gtins: Type.Array(Type.String({ minLength: 1, maxLength: 32 }), {
      minItems: 1,
      maxItems: MAX_BATCH_ITEMS,
      description: 'Barcodes, 1 to 100, any spelling gtin= accepts (UPC-A, EAN-13, GTIN-14, EAN-8)',
    }),
    nutrients: Type.Optional(NutrientIds),
  },
  { additionalProperties: false, examples: [{ gtins: ['0041190468515', '041190468515'] }] },
);

const BrandedBatchAnswer = Type.Object({
  data: Type.Array(Type.Union([BrandedDetail, Type.Null()]), { description: 'In the order asked: the /v1/branded/{id} answer of the product the barcode names, or null' }),
  missing: Type.Array(Type.String(), { description: 'The barcodes asked that name no product' }),
});

const COMMA = Buffer.from(',');
const NULL = Buffer.from('null');

export const batchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const validatorCompiler = strictBodyCompiler();
  const keepOf = (ids: number[] | undefined) => (ids === undefined ? null : parseNutrientFilter(ids.join(','), app.reference.nutrientIds()));

  app.post(
    '/v1/ingredients/batch',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      preValidation: requireJson,
      validatorCompiler,
      schema: {
        tags: ['Ingredients'],
        summary: 'Up to 100 ingredients in one request',
        description: `Each item is the single-ingredient answer, in the order asked. ${counting}`,
        body: IngredientsBatchBody,
        response: { 200: json(IngredientsBatchAnswer, 'The ingredients'), ...errorResponses(400, 401, 415, 429) },
      },
    },
    async (request, reply) => {
      const { ids, country: rawCountry, nutrients } = request.body;
      await app.chargeItems(request, reply, ids.length);
      const keep = keepOf(nutrients);
      const country = rawCountry === undefined ? null : resolveCountry(rawCountry, app.catalog.countries);
      const missing: number[] = [];
      if (keep === null) {
        // Each item as prepared for the single answer (its stored bytes): what the schema would
        // write for it, not parsed and written again.
        const parts: Buffer[] = [Buffer.from('{"data":[')];
        ids.forEach((id, i) => {
          if (i > 0) parts.push(COMMA);
          const prepared = country === null ? app.ingredients.detail(id) : app.nationalValues.prepared(id, country);
          if (prepared) return parts.push(prepared.body);
          missing.push(id);
          parts.push(NULL);
        });
        parts.push(Buffer.from(`],"missing":${JSON.stringify(missing)}}`));
        return sendPrepared(reply, Buffer.concat(parts));
      }
      const data = ids.map((id) => {
        if (country === null) {
          const answer = app.ingredients.ingredient(id);
          if (answer) return keep === null ? answer : { ...answer, nutrients: filterNutrients(answer.nutrients, keep) };
        } else {
          const answer = app.nationalValues.nutrients(id, country);
          if (answer) return keep === null ? answer : { ...answer, nutrients: filterNutrients(answer.nutrients, keep) };
        }
        missing.push(id);
        return null;
      });
      return { data, missing };
    },
  );

  app.post(
    '/v1/branded/batch',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      preValidation: requireJson,
      validatorCompiler,
      schema: {
        tags: ['Branded products'],
        summary: 'Up to 100 branded products by barcode in one request',
        description: `Each item is the single-product answer, in the order asked; a barcode several records share answers the most complete of them (a name, a brand and energy; then energy; then a name), then the lowest id. A string that is no GTIN (8 to 14 digits) is 400 naming its index. ${counting}`,
        body: BrandedBatchBody,
        response: { 200: json(BrandedBatchAnswer, 'The products'), ...errorResponses(400, 401, 415, 429) },
      },
    },
    async (request, reply) => {
      const { gtins, nutrients } = request.body;
      await app.chargeItems(request, reply, gtins.length);
      const keep = keepOf(nutrients);
      const missing: string[] = [];
      const data = gtins.map((gtin, index) => {
        const product = app.branded.productByGtin(gtin.trim());
        if (product === undefined) throw ApiError.invalidParameter(`gtins[${index}]`, `"${gtin.slice(0, 32)}" is no GTIN: 8 to 14 digits (UPC-A 12, EAN-13, GTIN-14, EAN-8)`);
        if (product === null) {
          missing.push(gtin);
          return null;
        }
        return keep === null ? product : { ...product, nutrients: filterNutrients(product.nutrients, keep) };
      });
      return { data, missing };
    },
  );
};
