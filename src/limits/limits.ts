/** The two windows every plan has: requests per second ("burst") and per UTC day ("daily"). */
export type PolicyName = 'burst' | 'daily';

export interface PlanRates {
  rps: number;
  daily: number;
}

export interface WindowState {
  policy: PolicyName;
  limit: number;
  /** Requests left in the window after this one. */
  remaining: number;
  /** Whole seconds until the window resets (at least 1). */
  resetSeconds: number;
}

export interface LimitDecision {
  allowed: boolean;
  /** The window that refused the request, when one did. */
  exceeded: PolicyName | null;
  /** The UTC day (`YYYY-MM-DD`) the request was counted in, for the usage record. */
  day: string;
  burst: WindowState;
  daily: WindowState;
}

export interface LimitsStatus {
  backend: 'memory' | 'redis';
  /** True while counts are shared with every instance (Redis reachable). */
  shared: boolean;
  state: 'local' | 'shared' | 'local_fallback';
  detail?: string;
}

/**
 * Per-account rate limits, counted across all of an account's keys. A refused request is
 * not counted. The memory implementation serves one instance; the Redis one is shared by
 * every instance and falls back to local counting while Redis is unreachable.
 */
export interface RateLimits {
  /** Counts a request; answered synchronously when nothing has to be waited for (in-process counting). */
  consume(accountId: number, plan: PlanRates): LimitDecision | Promise<LimitDecision>;
  /** Requests counted today (UTC) for the account. */
  usedToday(accountId: number, plan: PlanRates): Promise<number>;
  status(): LimitsStatus;
  close(): Promise<void>;
}

/**
 * The decision when the per-second window refused the request (its point given back, no daily
 * point taken); `usedToday` is the day's count. With the daily quota spent too it names the daily
 * window: retrying in a second would not help.
 */
export function burstRefusal(plan: PlanRates, day: string, usedToday: number, dailyResetSeconds: number): LimitDecision {
  return {
    allowed: false,
    day,
    exceeded: usedToday >= plan.daily ? 'daily' : 'burst',
    burst: { policy: 'burst', limit: plan.rps, remaining: 0, resetSeconds: 1 },
    daily: { policy: 'daily', limit: plan.daily, remaining: Math.max(0, plan.daily - usedToday), resetSeconds: dailyResetSeconds },
  };
}

/**
 * The decision once both windows counted the request (`burst` and `daily` are the counts
 * including it): allowed unless the daily count is over the plan, in which case both points
 * were given back.
 */
export function countedDecision(plan: PlanRates, day: string, burst: number, daily: number, dailyResetSeconds: number): LimitDecision {
  const allowed = daily <= plan.daily;
  return {
    allowed,
    day,
    exceeded: allowed ? null : 'daily',
    burst: { policy: 'burst', limit: plan.rps, remaining: Math.max(0, plan.rps - (allowed ? burst : burst - 1)), resetSeconds: 1 },
    daily: { policy: 'daily', limit: plan.daily, remaining: allowed ? Math.max(0, plan.daily - daily) : 0, resetSeconds: dailyResetSeconds },
  };
}

/** `YYYY-MM-DD` of the UTC day. */
export function utcDay(now: Date): string {
  // Three getters and a template: a quarter of toISOString's cost, and this runs on every request.
  const month = now.getUTCMonth() + 1;
  const day = now.getUTCDate();
  return `${now.getUTCFullYear()}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

const DAY_MS = 86_400_000;

/** Whole seconds to the next UTC midnight, at least 1. */
export function secondsToUtcMidnight(now: Date): number {
  // A UTC day is exactly 86,400,000 ms in JavaScript time (no leap seconds), so the next
  // midnight is arithmetic; this runs on every counted request.
  const ms = now.getTime();
  const next = (Math.floor(ms / DAY_MS) + 1) * DAY_MS;
  return Math.max(1, Math.ceil((next - ms) / 1000));
}


/**
 * Each plan's policy text, built once: plans are parsed once at start-up and never changed,
 * and every counted answer carries the text. A pure memo of
 * a pure function, keyed weakly by the plan object.
 */
const policyTexts = new WeakMap<PlanRates, string>();

/** `"burst";q=5;w=1, "daily";q=1000;w=86400` */
export function policyHeader(plan: PlanRates): string {
  let text = policyTexts.get(plan);
  if (text === undefined) policyTexts.set(plan, (text = `"burst";q=${plan.rps};w=1, "daily";q=${plan.daily};w=86400`));
  return text;
}

/**
 * `"daily";r=<remaining>;t=<seconds>` for the window nearest exhaustion: the refusing one
 * on a 429, otherwise the one with the fewest requests left (the daily one on a tie, since
 * it lasts longer).
 */
export function rateLimitHeader(decision: LimitDecision): string {
  const w =
    decision.exceeded !== null
      ? decision[decision.exceeded]
      : decision.burst.remaining < decision.daily.remaining
        ? decision.burst
        : decision.daily;
  return `"${w.policy}";r=${w.remaining};t=${w.resetSeconds}`;
}

/** Retry-After of a refused request: the next second, or the next UTC midnight. */
export function retryAfterSeconds(decision: LimitDecision): number {
  return decision.exceeded === 'daily' ? decision.daily.resetSeconds : 1;
}
