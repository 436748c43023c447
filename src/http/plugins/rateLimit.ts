import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors.js';
import { policyHeader, rateLimitHeader, retryAfterSeconds, type RateLimits } from '../../limits/limits.js';

declare module 'fastify' {
  interface FastifyInstance {
    limits: RateLimits;
  }
}

/**
 * Per-account limits for every route of the scope, after requireApiKey: a 401 never reaches
 * it, a 429 is not counted, and every other authenticated answer (400 and 404 included) is.
 */
export function enforceRateLimits(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const auth = request.auth;
    if (!auth) return;
    const plan = app.config.plans[auth.account.plan];
    const decision = await app.limits.consume(auth.account.id, plan);
    reply.header('ratelimit-policy', policyHeader(plan));
    reply.header('ratelimit', rateLimitHeader(decision));
    if (!decision.allowed) {
      const seconds = retryAfterSeconds(decision);
      throw new ApiError(
        'rate_limited',
        decision.exceeded === 'daily'
          ? `the ${auth.account.plan} plan allows ${plan.daily} requests per UTC day; the count resets at 00:00 UTC, in ${seconds} s`
          : `the ${auth.account.plan} plan allows ${plan.rps} requests per second; retry in ${seconds} s`,
        { headers: { 'retry-after': String(seconds) } },
      );
    }
    app.accounts.recordUsage(auth.account.id, decision.day);
  });
}
