import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { KeyLookup } from '../../accounts/store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key and account of an authenticated request (routes behind requireApiKey). */
    auth: KeyLookup | null;
  }
}

/**
 * Adds API-key authentication to every route of the scope it is called in. It runs at
 * onRequest, before parameters are validated, so an unauthenticated caller learns nothing
 * about the route beyond the 401. A key whose store answer is still fresh is accepted without
 * a promise; anything else (unknown, malformed, stale, store down) takes the full check.
 */
export function requireApiKey(app: FastifyInstance): void {
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    const header = request.headers['x-api-key'];
    const presented = Array.isArray(header) ? header[0] : header;
    const fresh = app.accounts.authenticateFresh(presented);
    if (fresh !== null) {
      request.auth = fresh;
      return done();
    }
    app.accounts.authenticate(presented).then((found) => {
      request.auth = found;
      done();
    }, done);
  });
}
