import { RateLimiterCluster, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { burstRefusal, countedDecision, secondsToUtcMidnight, utcDay, type LimitDecision, type LimitsStatus, type PlanRates, type PolicyName, type RateLimits } from './limits.js';

/** Seconds a counter lives; the window itself is in the key (the second or the UTC day). */
const TTL: Record<PolicyName, number> = { burst: 2, daily: 86_400 + 3_600 };

type MakeLimiter = (policy: PolicyName, points: number, duration: number) => RateLimiterAbstract;

/** Requests already counted for an account on a UTC day (from the account store's usage). */
export type DailySeed = (accountId: number, day: string) => Promise<number>;

/** Which daily counter (of which plan size) has been seeded from the store. */
const seedId = (points: number, key: string): string => `${points}:${key}`;

/**
 * Fixed windows aligned to the clock: each second and each UTC day has its own counter key
 * (`<account>:<epoch second>`, `<account>:<YYYY-MM-DD>`), so the daily window resets at UTC
 * midnight whatever time the first request came, and the injected clock decides the window.
 * rate-limiter-flexible does the counting (atomically in Redis, behind RedisBreakerLimits'
 * circuit breaker, or in the `--workers` primary).
 */
export class FlexibleLimits implements RateLimits {
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  /** Daily counters already seeded from the store in this process. */
  private readonly seeded = new Set<string>();

  constructor(
    private readonly make: MakeLimiter,
    private readonly now: () => Date,
    private readonly statusOf: () => LimitsStatus,
    private readonly onClose: () => Promise<void> = async () => {},
    private readonly seed: DailySeed | null = null,
  ) {}

  /**
   * In-memory counters start empty in a new process; the first request of an account on a
   * day adds what the store recorded earlier that day, so a restart does not reset the quota.
   */
  private async seedDaily(limiter: RateLimiterAbstract, points: number, accountId: number, day: string, key: string): Promise<void> {
    if (!this.seed) return;
    const id = seedId(points, key);
    if (this.seeded.has(id)) return;
    this.seeded.add(id);
    const earlier = await this.seed(accountId, day).catch(() => 0);
    if (earlier > 0) await limiter.penalty(key, earlier);
  }

  private limiter(policy: PolicyName, points: number): RateLimiterAbstract {
    const id = `${policy}:${points}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = this.make(policy, points, TTL[policy]);
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  /** Consumes a point; a refusal is a RateLimiterRes, anything else is a real failure. */
  private async take(limiter: RateLimiterAbstract, key: string): Promise<{ ok: boolean; consumed: number }> {
    try {
      const res = await limiter.consume(key);
      return { ok: true, consumed: res.consumedPoints };
    } catch (err) {
      if (err instanceof RateLimiterRes) return { ok: false, consumed: err.consumedPoints };
      throw err;
    }
  }

  async consume(accountId: number, plan: PlanRates): Promise<LimitDecision> {
    const now = this.now();
    const day = utcDay(now);
    const burstKey = `${accountId}:${Math.floor(now.getTime() / 1000)}`;
    const dailyKey = `${accountId}:${day}`;
    const burstLimiter = this.limiter('burst', plan.rps);
    const dailyLimiter = this.limiter('daily', plan.daily);
    const dailyReset = secondsToUtcMidnight(now);
    // Checked here, not only inside: awaiting a no-op on every request costs a promise and a tick.
    if (this.seed && !this.seeded.has(seedId(plan.daily, dailyKey))) await this.seedDaily(dailyLimiter, plan.daily, accountId, day, dailyKey);

    // One window after the other, not both at once: a request the per-second window refuses must
    // not hold a daily point, even briefly, or a concurrent request near the daily limit is
    // refused for a day by a point that is about to be given back.
    const burst = await this.take(burstLimiter, burstKey);
    // A refused request must not count: its point is given back to every window it took one from.
    if (!burst.ok) {
      await burstLimiter.reward(burstKey, 1);
      return burstRefusal(plan, day, await this.usedToday(accountId, plan), dailyReset);
    }
    const daily = await this.take(dailyLimiter, dailyKey);
    if (!daily.ok) {
      await Promise.all([burstLimiter.reward(burstKey, 1), dailyLimiter.reward(dailyKey, 1)]);
    }
    return countedDecision(plan, day, burst.consumed, daily.consumed, dailyReset);
  }

  async usedToday(accountId: number, plan: PlanRates): Promise<number> {
    const day = utcDay(this.now());
    const limiter = this.limiter('daily', plan.daily);
    await this.seedDaily(limiter, plan.daily, accountId, day, `${accountId}:${day}`);
    const res = await limiter.get(`${accountId}:${day}`);
    return res?.consumedPoints ?? 0;
  }

  status(): LimitsStatus {
    return this.statusOf();
  }

  async close(): Promise<void> {
    await this.onClose();
  }
}

/**
 * Limits of a `--workers` process without Redis: the counters live in the primary
 * (rate-limiter-flexible's RateLimiterClusterMaster, which the primary must create), so all
 * workers of one machine share one count and a rolling restart keeps it. Daily counts are
 * not seeded from the store here: each worker would add the same earlier usage again.
 */
export function clusterLimits(now: () => Date = () => new Date()): FlexibleLimits {
  return new FlexibleLimits(
    (policy, points, duration) => new RateLimiterCluster({ keyPrefix: policy, points, duration, timeoutMs: 1000 }),
    now,
    () => ({ backend: 'memory', shared: true, state: 'shared' }),
  );
}
