/**
 * The response headers of the API, described once and added to every operation of the
 * OpenAPI document (swagger's transformObject) with whether each is always there, so clients can see the rate-limit and
 * caching headers where they read the schema. test/support/openapi.ts checks that every
 * answer of the test suite carries the headers its status documents.
 */

type Header = { description: string; schema: { type: 'string' | 'integer' } };

export const RESPONSE_HEADERS: Record<string, Header> = {
  'X-Request-Id': {
    description: 'Identifies the request in our logs: yours if you sent a well-formed x-request-id, else a new UUID. Quote it when reporting a problem.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'What is left of the tightest window (IETF draft-ietf-httpapi-ratelimit-headers): `"burst";r=<remaining>;t=<seconds to reset>` (or `"daily"`; `"unauthenticated"` on the 429 an address gets after too many 401s).',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: "The plan's windows: `\"burst\";q=<requests>;w=1, \"daily\";q=<requests>;w=86400` (on the 429 for too many 401s from one address, `\"unauthenticated\";q=100;w=60`).",
    schema: { type: 'string' },
  },
  ETag: {
    description: 'Strong validator of the body; send it in If-None-Match to get 304 when nothing changed.',
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'Whole seconds to wait before retrying (to the next second, or to 00:00 UTC for the daily window).',
    schema: { type: 'integer' },
  },
};

/**
 * Which headers a response of an operation carries, by path and status, and whether always.
 * A 400 carries the rate-limit headers only when the request was counted (a URL too
 * malformed to route is refused before authentication).
 */
export function headersFor(path: string, status: string): Array<[name: string, required: boolean]> {
  const out: Array<[string, boolean]> = [['X-Request-Id', true]];
  const data = path.startsWith('/v1/');
  if (data && ['200', '404', '429'].includes(status)) out.push(['RateLimit', true], ['RateLimit-Policy', true]);
  if (data && status === '400') out.push(['RateLimit', false], ['RateLimit-Policy', false]);
  if (data && status === '200') out.push(['ETag', true]);
  if (status === '429' || status === '503') out.push(['Retry-After', true]);
  return out;
}

interface OpenApiLike {
  paths?: Record<string, Record<string, { responses?: Record<string, { headers?: Record<string, unknown> }> }>>;
}

export function addResponseHeaders<T extends object>(document: T): T {
  const doc = document as OpenApiLike;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        response.headers = {
          ...response.headers,
          ...Object.fromEntries(headersFor(path, status).map(([name, required]) => [name, { ...RESPONSE_HEADERS[name], required }])),
        };
      }
    }
  }
  return document;
}
