import type { FastifyInstance } from 'fastify';
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
 * about the route beyond the 401.
 */
export function requireApiKey(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const header = request.headers['x-api-key'];
    const presented = Array.isArray(header) ? header[0] : header;
    request.auth = await app.accounts.authenticate(presented);
  });
}
