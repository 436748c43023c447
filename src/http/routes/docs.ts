import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyPluginAsync } from 'fastify';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { ERROR_STATUS, ERROR_TITLES, type ErrorCode } from '../../errors.js';

/** What a client should do about each error code; shown on /docs/errors, where every problem's `type` points. */
const ERROR_ADVICE: Record<ErrorCode, string> = {
  invalid_parameter: 'A parameter is missing, of the wrong type or out of range. The errors array names each one; fix it and retry.',
  unsupported_country: 'Use one of the countries listed in the detail (ISO 3166-1 alpha-2, case-insensitive), or omit country for US.',
  unsupported_method: 'Use one of the cooking methods listed in the detail.',
  unsupported_unit: 'Use one of the units listed in the detail.',
  missing_api_key: 'Send your key in the x-api-key header. Create one in the dashboard or with `larder keys create`.',
  invalid_api_key: 'The key is malformed or unknown. Keys look like svc_live_ followed by 32 lowercase hex characters.',
  revoked_api_key: 'The key was revoked. Create a new key and use it instead.',
  plan_limit_reached: "The account already has as many keys as its plan allows. Revoke one, or move to a larger plan.",
  not_found: 'No resource has that id or path. Check the id against a list endpoint.',
  method_not_allowed: 'The API is read-only: use GET (HEAD and OPTIONS are also accepted).',
  request_timeout: 'The request line and headers did not arrive in time. Send the whole request at once.',
  headers_too_large: 'The request line and headers together exceed 16 KB. Shorten the query (q is at most a few hundred characters) or drop unneeded headers.',
  payload_too_large: 'GET endpoints take no request body; send parameters in the query string. The POST endpoints (batches, recipe analysis) take at most 64 KB of JSON.',
  unsupported_media_type: 'The POST endpoints (batches, recipe analysis) read a JSON body: send it with content-type: application/json.',
  conversion_unavailable: 'The ingredient lacks what this conversion needs (for example a piece weight); the detail lists what it has.',
  rate_limited: "Wait for the number of seconds in Retry-After, then retry. The RateLimit headers show what is left.",
  internal_error: 'Something failed on our side. Retry later; quote the request_id if you report it.',
  service_unavailable: 'The service is starting, reloading or overloaded. Retry after the Retry-After delay.',
};

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export function errorsPage(): string {
  const rows = (Object.keys(ERROR_STATUS) as ErrorCode[])
    .map(
      (code) =>
        `<tr id="${code}"><td><code>${code}</code></td><td>${ERROR_STATUS[code]}</td><td>${escapeHtml(ERROR_TITLES[code])}</td><td>${escapeHtml(ERROR_ADVICE[code])}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Larder API errors</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.5rem;text-align:left;vertical-align:top}tr:target{background:#fff6d5}</style>
</head><body><main>
<h1>Errors</h1>
<p>Every error is <code>application/problem+json</code> (RFC 9457):
<code>{type, title, status, detail, code, request_id}</code>, plus <code>errors: [{parameter, message}]</code> for invalid parameters.
Branch on <code>code</code>; it never changes. The <a href="/docs">API reference</a> lists which codes each endpoint can answer.</p>
<table><thead><tr><th scope="col">code</th><th scope="col">status</th><th scope="col">title</th><th scope="col">what to do</th></tr></thead>
<tbody>
${rows}
</tbody></table></main></body></html>`;
}

interface EncodedDocument {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** The strong ETag of each representation (one per content coding). */
  etags: Record<'identity' | 'br' | 'gzip', string>;
}

/** The OpenAPI document as JSON, brotli and gzip, made once: it only changes with the code. */
function encodeDocument(document: unknown): EncodedDocument {
  const identity = Buffer.from(JSON.stringify(document));
  const br = brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } });
  const gzip = gzipSync(identity, { level: 9 });
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return { identity, br, gzip, etags: { identity: `"${tag}"`, br: `"${tag}-br"`, gzip: `"${tag}-gz"` } };
}

export const docsRoutes: FastifyPluginAsync = async (app) => {
  const page = errorsPage();
  // Compressing the 100 KB document per request (brotli) cost more than any data answer; it is
  // encoded on first request and served as bytes, without the compression plugin.
  let encoded: EncodedDocument | null = null;
  app.get('/v1/openapi.json', { schema: { hide: true }, compress: false }, async (request, reply) => {
    encoded ??= encodeDocument(app.swagger());
    const accepted = request.headers['accept-encoding'];
    const coding = (accepted ? negotiate(accepted, ['br', 'gzip']) : null) as 'br' | 'gzip' | null;
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (coding === null) return reply.header('etag', encoded.etags.identity).send(encoded.identity);
    return reply.header('content-encoding', coding).header('etag', encoded.etags[coding]).send(encoded[coding]);
  });
  app.get('/docs/errors', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
};
