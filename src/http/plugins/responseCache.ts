import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { strongEtag } from '../../catalog/answers.js';

export interface CachedResponse {
  body: string | Buffer;
  /** The body's length in bytes. */
  bytes: number;
  etag: string;
  contentType: string;
}

export type ResponseCache = LRUCache<string, CachedResponse>;

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache | null;
  }
  interface FastifyRequest {
    /** Set when the request may be stored in the response cache once answered. */
    responseCacheKey: string | null;
  }
}

export { strongEtag };

/**
 * Keeps serialised 200 answers of the read-only data routes, keyed by catalogue version and
 * URL. The catalogue is immutable between imports, so an answer stays right until the
 * catalogue changes, which changes the key. Registered at the root after the etag plugin and
 * before compression, so it stores the identity body with its tag.
 */
export const responseCachePlugin = fp(async (app: FastifyInstance, options: { maxBytes: number }) => {
  const cache =
    options.maxBytes > 0
      ? new LRUCache<string, CachedResponse>({
          maxSize: options.maxBytes,
          sizeCalculation: (entry) => entry.bytes + 256,
        })
      : null;
  app.decorate('responseCache', cache);
  app.decorateRequest('responseCacheKey', null);
  if (!cache) return;

  app.addHook('onSend', (request, reply, payload, done) => {
    const key = request.responseCacheKey;
    if (key === null || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
    const etag = (reply.getHeader('etag') as string | undefined) ?? strongEtag(payload);
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    cache.set(key, { body: payload, bytes: typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length, etag, contentType });
    done(null, payload);
  });
});

/**
 * Answers repeated requests of the calling scope from the cache. Call it inside the
 * authenticated scope, after the auth hook, so a cached answer only ever reaches an
 * authenticated caller and every request still passes authentication.
 */
export function serveFromCache(scope: FastifyInstance): void {
  const cache = scope.responseCache;
  if (!cache) return;
  // Synchronous: a hit is answered here (reply.send without done ends the hook chain).
  scope.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const key = `${scope.catalog.version}\u0000${request.url}`;
    const hit = cache.get(key);
    if (!hit) {
      request.responseCacheKey = key;
      return done();
    }
    reply.header('etag', hit.etag).type(hit.contentType).send(hit.body);
  });
}
