import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.js';
import type { KeyLookup } from '../../accounts/store.js';
import { policyHeader, rateLimitHeader, retryAfterSeconds, type LimitDecision, type PlanRates, type RateLimits } from '../../limits/limits.js';

declare module 'fastify' {
  interface FastifyInstance {
    limits: RateLimits;
    /**
     * Counts a request that carries `items` (batch ids, recipe lines) as one request per
     * started 20 items against both limits: the arrival counted the first.
     */
    chargeItems(request: FastifyRequest, reply: FastifyReply, items: number): Promise<void>;
  }
}

/** A batch or recipe counts as one request per started block of this many items. */
export const ITEMS_PER_REQUEST = 20;

/**
 * Per-account limits for every route of the scope, after requireApiKey: a 401 never reaches
 * it, a 429 is not counted, and every other authenticated answer (400 and 404 included) is.
 * A callback hook, not an async one: in-process counting answers synchronously, and then the
 * request goes on without a promise or a microtask.
 */
export function enforceRateLimits(app: FastifyInstance): void {
  const apply = (auth: KeyLookup, plan: PlanRates, reply: FastifyReply, decision: LimitDecision): ApiError | undefined => {
    reply.header('ratelimit-policy', policyHeader(plan));
    reply.header('ratelimit', rateLimitHeader(decision));
    if (!decision.allowed) {
      const seconds = retryAfterSeconds(decision);
      return new ApiError(
        'rate_limited',
        decision.exceeded === 'daily'
          ? `the ${auth.account.plan} plan allows ${plan.daily} requests per UTC day; the count resets at 00:00 UTC, in ${seconds} s`
          : `the ${auth.account.plan} plan allows ${plan.rps} requests per second; retry in ${seconds} s`,
        { headers: { 'retry-after': String(seconds) } },
      );
    }
    app.accounts.recordUsage(auth.account.id, decision.day);
    return undefined;
  };
  app.decorate('chargeItems', async (request: FastifyRequest, reply: FastifyReply, items: number): Promise<void> => {
    const auth = request.auth;
    if (!auth) return;
    const plan = app.config.plans[auth.account.plan];
    // The request itself was counted on arrival; each further started block of items counts once more.
    for (let extra = Math.ceil(items / ITEMS_PER_REQUEST) - 1; extra > 0; extra -= 1) {
      const refused = apply(auth, plan, reply, await app.limits.consume(auth.account.id, plan));
      if (refused) throw refused;
    }
  });
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const auth = request.auth;
    if (!auth) return done();
    const plan = app.config.plans[auth.account.plan];
    let decision: LimitDecision | Promise<LimitDecision>;
    try {
      decision = app.limits.consume(auth.account.id, plan);
    } catch (err) {
      return done(err as Error);
    }
    if (decision instanceof Promise) {
      decision.then((d) => done(apply(auth, plan, reply, d)), done);
      return;
    }
    done(apply(auth, plan, reply, decision));
  });
}
