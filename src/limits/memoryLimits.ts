import { createRequire } from 'node:module';
import { burstRefusal, countedDecision, secondsToUtcMidnight, utcDay, type LimitDecision, type LimitsStatus, type PlanRates, type RateLimits } from './limits.js';
import type { DailySeed } from './flexibleLimits.js';

/** The counter store of rate-limiter-flexible's RateLimiterMemory, used without its promise wrapper. */
interface CounterStore {
  incrby(key: string, value: number, durationSec: number): { consumedPoints: number };
  get(key: string): { consumedPoints: number } | null;
}

// RateLimiterMemory wraps this synchronous store in a promise per call. Counting in process
// has nothing to wait for, and a promise per window was the largest cost of a cached answer
// (bench/RESULTS.md), so the store is used directly; it expires each window's key itself.
const MemoryStorage = createRequire(import.meta.url)('rate-limiter-flexible/lib/component/MemoryStorage/MemoryStorage.js') as new () => CounterStore;

/** Seconds a counter lives; the window itself is in the key (the second or the UTC day). */
const BURST_TTL = 2;
const DAILY_TTL = 86_400 + 3_600;
const DAY_MS = 86_400_000;

/**
 * Limits counted in this process only: right for one instance. The same fixed windows as
 * FlexibleLimits (a counter per account and epoch second, one per account and UTC day, on the
 * injected clock), answered synchronously once the account's day is seeded. With `seed`, each
 * account's daily count starts from the usage the store recorded, so a restart does not reset
 * the quota.
 */
export class MemoryLimits implements RateLimits {
  private readonly counters = new MemoryStorage();
  /** `<plan daily>:<account>:<day>` of daily counters already seeded from the store. */
  private readonly seeded = new Set<string>();
  /** The UTC day number last seen and its `YYYY-MM-DD`, so the string is built once a day. */
  private dayNumber = -1;
  private dayText = '';

  constructor(
    private readonly now: () => Date = () => new Date(),
    private readonly seed: DailySeed | null = null,
  ) {}

  private day(ms: number, now: Date): string {
    const n = Math.floor(ms / DAY_MS);
    if (n !== this.dayNumber) {
      this.dayNumber = n;
      this.dayText = utcDay(now);
    }
    return this.dayText;
  }

  /** The UTC day of `now` and the account's daily counter key for the plan. */
  private dailyWindow(accountId: number, plan: PlanRates, now: Date): { day: string; dailyKey: string } {
    const day = this.day(now.getTime(), now);
    return { day, dailyKey: `${plan.daily}:${accountId}:${day}` };
  }

  consume(accountId: number, plan: PlanRates): LimitDecision | Promise<LimitDecision> {
    const now = this.now();
    const { day, dailyKey } = this.dailyWindow(accountId, plan, now);
    if (this.seed !== null && !this.seeded.has(dailyKey)) {
      return this.seedDaily(accountId, day, dailyKey).then(() => this.count(accountId, plan, now, day, dailyKey));
    }
    return this.count(accountId, plan, now, day, dailyKey);
  }

  /** In-memory counters start empty in a new process: the first request of an account on a day adds what the store recorded. */
  private async seedDaily(accountId: number, day: string, dailyKey: string): Promise<void> {
    if (this.seed === null || this.seeded.has(dailyKey)) return;
    this.seeded.add(dailyKey);
    const earlier = await this.seed(accountId, day).catch(() => 0);
    if (earlier > 0) this.counters.incrby(dailyKey, earlier, DAILY_TTL);
  }

  private count(accountId: number, plan: PlanRates, now: Date, day: string, dailyKey: string): LimitDecision {
    const burstKey = `${plan.rps}:${accountId}:${Math.floor(now.getTime() / 1000)}`;
    const dailyReset = secondsToUtcMidnight(now);
    // One window after the other: a request the per-second window refuses takes no daily point.
    const burst = this.counters.incrby(burstKey, 1, BURST_TTL).consumedPoints;
    if (burst > plan.rps) {
      // A refused request does not count, in either window.
      this.counters.incrby(burstKey, -1, BURST_TTL);
      return burstRefusal(plan, day, this.counters.get(dailyKey)?.consumedPoints ?? 0, dailyReset);
    }
    const daily = this.counters.incrby(dailyKey, 1, DAILY_TTL).consumedPoints;
    if (daily > plan.daily) {
      this.counters.incrby(burstKey, -1, BURST_TTL);
      this.counters.incrby(dailyKey, -1, DAILY_TTL);
    }
    return countedDecision(plan, day, burst, daily, dailyReset);
  }

  async usedToday(accountId: number, plan: PlanRates): Promise<number> {
    const { day, dailyKey } = this.dailyWindow(accountId, plan, this.now());
    await this.seedDaily(accountId, day, dailyKey);
    return this.counters.get(dailyKey)?.consumedPoints ?? 0;
  }

  status(): LimitsStatus {
    return { backend: 'memory', shared: false, state: 'local' };
  }

  async close(): Promise<void> {}
}

/** In-process limits; see MemoryLimits. */
export function memoryLimits(now: () => Date = () => new Date(), seed: DailySeed | null = null): MemoryLimits {
  return new MemoryLimits(now, seed);
}
