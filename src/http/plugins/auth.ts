import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { KeyLookup } from '../../accounts/store.js';
import { ApiError } from '../../errors.js';
import { AUTH_FAILURE_WINDOW_SECONDS, AUTH_FAILURES_PER_ADDRESS } from '../../limits/authFailures.js';
import type { WindowCounter } from '../../limits/windowCounter.js';

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
 * a promise; anything else (unknown, malformed, stale, store down) takes the full check,
 * unless the address has had too many 401s lately (`failures`): then a key the process has
 * not seen good is answered 429 without asking the store.
 */
export function requireApiKey(app: FastifyInstance, failures: WindowCounter): void {
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const header = request.headers['x-api-key'];
    const presented = Array.isArray(header) ? header[0] : header;
    const fresh = app.accounts.authenticateFresh(presented);
    if (fresh !== null) {
      request.auth = fresh;
      return done();
    }
    const blockedMs = failures.blocked(request.ip);
    // A key seen good lately still gets its full check: clients behind one address with a
    // flooder are not shut out.
    if (blockedMs > 0 && !app.accounts.knownKey(presented)) {
      const seconds = Math.ceil(blockedMs / 1000);
      reply.header('ratelimit-policy', `"unauthenticated";q=${AUTH_FAILURES_PER_ADDRESS};w=${AUTH_FAILURE_WINDOW_SECONDS}`);
      reply.header('ratelimit', `"unauthenticated";r=0;t=${seconds}`);
      return done(
        new ApiError('rate_limited', `too many requests with a missing or unknown API key from your address; retry in ${seconds} s with a valid key`, {
          headers: { 'retry-after': String(seconds) },
        }),
      );
    }
    app.accounts.authenticate(presented).then(
      (found) => {
        request.auth = found;
        done();
      },
      (err: Error) => {
        if (err instanceof ApiError && err.status === 401) failures.take(request.ip);
        done(err);
      },
    );
  });
}
