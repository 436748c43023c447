import type { Redis } from 'ioredis';
import CircuitBreaker from 'opossum';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { FlexibleLimits, type DailySeed } from './flexibleLimits.js';
import type { LimitDecision, LimitsStatus, PlanRates, RateLimits } from './limits.js';
import { MemoryLimits } from './memoryLimits.js';

/** Longest a request waits for Redis before it is counted locally instead. */
export const REDIS_TIMEOUT_MS = 100;
/** How long counting stays local after the circuit opens before one request tries Redis again. */
export const REDIS_RETRY_MS = 2000;

/**
 * Raises a daily counter to at least the usage the account store recorded (never lowers it, and
 * adds nothing when another instance has already raised it): a Redis that restarted empty, or
 * missed the requests counted locally while it was away, gets the day's count back.
 */
const RAISE_TO_FLOOR = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local floor = tonumber(ARGV[1])
if current < floor then
  if redis.call('EXISTS', KEYS[1]) == 1 then
    redis.call('SET', KEYS[1], floor, 'KEEPTTL')
  else
    redis.call('SET', KEYS[1], floor, 'EX', ARGV[2])
  end
end
return current`;

export interface RedisLimitsOptions {
  redis: Redis;
  /** Prefix of every counter key, so several installs (or test runs) can share one Redis. */
  prefix: string;
  now?: () => Date;
  /** The day's usage recorded in the account store (usage_daily plus what is not yet written). */
  seed?: DailySeed | null;
  /** Called when counting switches between shared (Redis) and local (fallback). */
  onSharedChange?: (shared: boolean, reason: string) => void;
  timeoutMs?: number;
  retryMs?: number;
}

/**
 * Limits shared by every instance through Redis, behind a circuit breaker (opossum): a call
 * that fails or takes longer than REDIS_TIMEOUT_MS is counted locally instead, and after a few
 * such calls the circuit opens and every request is counted locally at once, without waiting
 * on Redis, until a trial call REDIS_RETRY_MS later succeeds. A closed connection opens the
 * circuit at once. Local counting starts afresh at each switch, its daily counts seeded from
 * the account store's usage; back on Redis, each account's daily counter is raised to that
 * usage first. So the daily quota holds across a Redis pause, a kill and an empty restart, to
 * within the usage other instances have not yet written (a few seconds' worth).
 */
export class RedisBreakerLimits implements RateLimits {
  private readonly shared: FlexibleLimits;
  private local: MemoryLimits;
  private readonly breaker: CircuitBreaker<[number, PlanRates], LimitDecision>;
  private readonly now: () => Date;
  private readonly seed: DailySeed | null;
  private readonly timeoutMs: number;
  /** Daily counters raised to the store's usage since the circuit last closed. */
  private floored = new Set<string>();

  constructor(private readonly options: RedisLimitsOptions) {
    const { redis, prefix } = options;
    this.now = options.now ?? (() => new Date());
    this.seed = options.seed ?? null;
    this.timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS;
    this.local = new MemoryLimits(this.now, this.seed);
    this.shared = new FlexibleLimits(
      (policy, points, duration) =>
        new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:${policy}`, points, duration, rejectIfRedisNotReady: true }),
      this.now,
      () => this.status(),
      async () => {},
      this.seed === null ? null : (accountId, day) => this.raiseDaily(accountId, day),
    );
    this.breaker = new CircuitBreaker((accountId: number, plan: PlanRates) => this.shared.consume(accountId, plan), {
      timeout: this.timeoutMs,
      resetTimeout: options.retryMs ?? REDIS_RETRY_MS,
      errorThresholdPercentage: 50,
      volumeThreshold: 3,
      rollingCountTimeout: 5000,
    });
    this.breaker.fallback((accountId: number, plan: PlanRates) => this.local.consume(accountId, plan));
    this.breaker.on('open', () => {
      this.local = new MemoryLimits(this.now, this.seed);
      options.onSharedChange?.(false, `no answer within ${this.timeoutMs} ms`);
    });
    this.breaker.on('close', () => {
      this.floored = new Set();
      this.shared.forgetSeeds();
      options.onSharedChange?.(true, 'Redis answers again');
    });
    // A closed connection needs no timeouts to be noticed; a new one is worth trying at once.
    redis.on('close', () => {
      if (!this.breaker.opened) this.breaker.open();
    });
    redis.on('ready', () => {
      if (!this.breaker.closed) this.breaker.close();
    });
    if (redis.status !== 'ready') this.breaker.open();
  }

  /**
   * FlexibleLimits' seed for the shared counters: instead of adding the store's usage (every
   * instance would add it again), the counter is raised to it. Returns 0: nothing to add.
   */
  private async raiseDaily(accountId: number, day: string): Promise<number> {
    const id = `${accountId}|${day}`;
    if (this.floored.has(id) || this.seed === null) return 0;
    this.floored.add(id);
    const recorded = await this.seed(accountId, day);
    if (recorded <= 0) return 0;
    const { redis, prefix } = this.options;
    // FlexibleLimits' daily counter of the account and day (one key whatever the plan size).
    await redis.eval(RAISE_TO_FLOOR, 1, `${prefix}:daily:${accountId}:${day}`, String(recorded), String(86_400 + 3_600));
    return 0;
  }

  consume(accountId: number, plan: PlanRates): Promise<LimitDecision> | LimitDecision {
    if (this.breaker.opened) return this.local.consume(accountId, plan);
    return this.breaker.fire(accountId, plan);
  }

  async usedToday(accountId: number, plan: PlanRates): Promise<number> {
    if (this.breaker.opened) return this.local.usedToday(accountId, plan);
    try {
      return await this.shared.usedToday(accountId, plan);
    } catch {
      return this.local.usedToday(accountId, plan);
    }
  }

  status(): LimitsStatus {
    return this.breaker.closed
      ? { backend: 'redis', shared: true, state: 'shared' }
      : {
          backend: 'redis',
          shared: false,
          state: 'local_fallback',
          detail: `redis unreachable or slow (no answer within ${this.timeoutMs} ms): counting per instance, daily counts seeded from recorded usage, until it answers again`,
        };
  }

  async close(): Promise<void> {
    this.breaker.shutdown();
    this.options.redis.disconnect();
  }
}

/** Redis-shared limits behind the circuit breaker; see RedisBreakerLimits. */
export function redisLimits(options: RedisLimitsOptions): RedisBreakerLimits {
  return new RedisBreakerLimits(options);
}
