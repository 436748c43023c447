import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { strongEtag } from './responseCache.js';

/** True when an If-None-Match header value matches the entity tag (weak comparison, RFC 9110). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/**
 * Strong ETags on successful GETs, and 304 Not Modified when the client already has the
 * representation. The catalogue is immutable between imports, so a body's hash is a
 * stable validator; clients revalidate instead of refetching.
 */
export const etagPlugin = fp(async (app: FastifyInstance) => {
  // Synchronous: it runs on every answer, and an async hook costs a promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode !== 200 || (request.method !== 'GET' && request.method !== 'HEAD')) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    // A cached answer arrives with its tag already computed.
    const etag = (reply.getHeader('etag') as string | undefined) ?? strongEtag(payload);
    reply.header('etag', etag);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-cache');
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('content-length');
      reply.removeHeader('content-type');
      // A body encoded ahead (the OpenAPI document) says so; a 304 has no body to decode.
      reply.removeHeader('content-encoding');
      return done(null, '');
    }
    return done(null, payload);
  });
});
