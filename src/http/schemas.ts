import type { FastifyReply } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { ALLERGENS } from '../domain/allergens.js';
import { ERROR_STATUS, type ErrorCode } from '../errors.js';

/** RFC 9457 problem details, the body of every error. */
export const Problem = Type.Object(
  {
    type: Type.String({ description: 'URI of the page that explains this error code' }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String({ description: 'What went wrong and what to do about it' }),
    code: Type.Enum(Object.keys(ERROR_STATUS) as ErrorCode[], { description: 'Stable machine-readable error code' }),
    request_id: Type.String(),
    errors: Type.Optional(
      Type.Array(Type.Object({ parameter: Type.String(), message: Type.String() }), {
        description: 'One entry per invalid parameter',
      }),
    ),
  },
  { description: 'application/problem+json (RFC 9457)' },
);

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: Problem } },
});

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid parameter (`invalid_parameter`, `unsupported_country`, `unsupported_method`, `unsupported_unit`)',
  401: 'Missing, malformed, unknown or revoked API key (`missing_api_key`, `invalid_api_key`, `revoked_api_key`)',
  404: 'No such resource (`not_found`)',
  415: 'The body is not JSON (`unsupported_media_type`): send content-type: application/json',
  422: 'The request is well-formed but cannot be answered for this resource (`conversion_unavailable`)',
  429: 'Rate limit exceeded (`rate_limited`); see Retry-After',
  500: 'Unexpected server error (`internal_error`); the body never holds internals',
  503: 'The catalogue is not loaded or the service is overloaded (`service_unavailable`)',
};

/** The documented error responses of a route. */
export function errorResponses(...statuses: number[]): Record<number, ReturnType<typeof problemResponse>> {
  const out: Record<number, ReturnType<typeof problemResponse>> = {};
  for (const status of [...statuses, 500, 503]) out[status] = problemResponse(ERROR_DESCRIPTIONS[status] ?? 'Error');
  return out;
}

export const json = <T extends TSchema>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const IdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Numeric id' }),
});

/** Optional in the document (generated clients must not demand them); the defaults are filled in before the handler runs. */
export const Pagination = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size, 1 to 100; default 20' })),
  offset: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 100000000,
      default: 0,
      description: 'Records to skip, default 0; past the end answers an empty page',
    }),
  ),
};

/** Search text holds no control characters (a NUL broke FTS5 queries into a 500). */
export const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001f\\u007f]*$';
/** Search text: no control characters, and at least one character that is not a space ("q=%20%20" is no search). */
export const SEARCH_TEXT = '^[^\\u0000-\\u001f\\u007f]*[^\\s\\u0000-\\u001f\\u007f][^\\u0000-\\u001f\\u007f]*$';
/** A barcode as printed: 8 to 14 digits (GTIN-8, UPC-A, EAN-13, GTIN-14). */
export const GTIN_DIGITS = '^[0-9]{8,14}$';
/** The page bounds after validation filled in the defaults. */
export function pageBounds(query: { limit?: number; offset?: number }): { limit: number; offset: number } {
  return { limit: query.limit ?? 20, offset: query.offset ?? 0 };
}

export const SearchText = Type.String({
  minLength: 1,
  pattern: SEARCH_TEXT,
  maxLength: 200,
  description:
    'Free-text search on the name. Words are matched in any order, the last as a prefix; results come in relevance order (exact name, then names starting with the text, then full-text rank, shorter names first).',
});

export const pageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    data: Type.Array(item),
    limit: Type.Integer(),
    offset: Type.Integer(),
    total: Type.Integer({ description: 'Number of matching records' }),
    total_exact: Type.Boolean({ description: 'false when total is a lower bound (very large result sets)' }),
  });

export const AllergenName = Type.Enum([...ALLERGENS], { description: 'One of the allergen flags' });

export const NutrientAmount = Type.Object({
  nutrient_id: Type.Integer({ description: 'Nutrient definition id (FDC nutrient id)' }),
  name: Type.String(),
  unit: Type.String({ description: 'g, mg, µg, kcal, kJ, IU, ...' }),
  amount: Type.Number({ description: 'Per 100 g of edible portion' }),
  derivation: Type.Union([Type.String(), Type.Null()], {
    description:
      "How the source obtained the value: analytical, calculated, label, or assumed_zero (the source's own statement that the nutrient is absent); atwater_specific / atwater_general for energy (1008 kcal, 1062 kJ) computed at import from the record's Atwater specific (2048) or, failing that, general (2047) factor sums where it gives no energy itself; calculated_eu_1169 for the energy of a national food that gives none, from its own protein, fat, carbohydrate (and fibre, alcohol) with the factors of Regulation (EU) No 1169/2011 Annex XIV (also a branded product's energy where its label gives neither unit); converted_from_kj / converted_from_kcal for the energy unit a national table or a branded label does not give, from the one it does (1 kcal = 4.184 kJ); null when the source does not say",
  }),
});

export const BASIS = 'per 100 g edible portion' as const;

/**
 * Sends an answer prepared as JSON text or its UTF-8 bytes (src/catalog/answers.ts) as it is:
 * Fastify does not serialise a string or a Buffer sent as JSON. Its bytes are what the route's schema serializer would
 * write (test/catalog/answers.test.ts). With the ETag computed at import, nothing is hashed.
 */
export function sendPrepared(reply: FastifyReply, body: string | Buffer, etag?: string): FastifyReply {
  if (etag !== undefined) reply.header('etag', etag);
  return reply.type('application/json; charset=utf-8').send(body);
}
