import type { Redis } from 'ioredis';
import CircuitBreaker from 'opossum';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { FlexibleLimits, type DailySeed } from './flexibleLimits.js';
import { utcDay, type LimitDecision, type LimitsStatus, type PlanRates, type RateLimits } from './limits.js';
import { MemoryLimits } from './memoryLimits.js';

/** Longest a request waits for Redis before it is counted locally instead. */
export const REDIS_TIMEOUT_MS = 25;
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
  /** The timed call: raise the day's counter to the recorded floor when one is given, then count. */
  private readonly breaker: CircuitBreaker<[number, PlanRates, number], LimitDecision>;
  private readonly now: () => Date;
  private readonly seed: DailySeed | null;
  private readonly timeoutMs: number;
  /** `<account>|<day>` whose Redis counter was raised to the store's usage since the circuit last closed. */
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
    );
    this.breaker = new CircuitBreaker(
      async (accountId: number, plan: PlanRates, floor: number) => {
        if (floor > 0) {
          // FlexibleLimits' daily counter of the account and day (one key whatever the plan size).
          await redis.eval(RAISE_TO_FLOOR, 1, `${prefix}:daily:${accountId}:${utcDay(this.now())}`, String(floor), String(86_400 + 3_600));
        }
        return this.shared.consume(accountId, plan);
      },
      {
        timeout: this.timeoutMs,
        resetTimeout: options.retryMs ?? REDIS_RETRY_MS,
        errorThresholdPercentage: 50,
        volumeThreshold: 3,
        rollingCountTimeout: 5000,
      },
    );
    this.breaker.fallback((accountId: number, plan: PlanRates, floor: number) => {
      // The floor did not reach Redis: raise it on the account's next shared request.
      if (floor > 0) this.floored.delete(`${accountId}|${utcDay(this.now())}`);
      return this.local.consume(accountId, plan);
    });
    this.breaker.on('open', () => {
      this.local = new MemoryLimits(this.now, this.seed);
      options.onSharedChange?.(false, `no answer within ${this.timeoutMs} ms`);
    });
    this.breaker.on('close', () => {
      this.floored = new Set();
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

  consume(accountId: number, plan: PlanRates): Promise<LimitDecision> | LimitDecision {
    if (this.breaker.opened) return this.local.consume(accountId, plan);
    if (this.seed === null) return this.breaker.fire(accountId, plan, 0);
    const id = `${accountId}|${utcDay(this.now())}`;
    if (this.floored.has(id)) return this.breaker.fire(accountId, plan, 0);
    return this.floorThenCount(accountId, plan, id);
  }

  /**
   * The account's first shared request of the day (since the circuit closed): the store's
   * recorded usage is read outside the timed call (the store is not Redis), then Redis raises
   * its counter to it and counts, inside it.
   */
  private async floorThenCount(accountId: number, plan: PlanRates, id: string): Promise<LimitDecision> {
    this.floored.add(id);
    let floor = 0;
    try {
      floor = await this.seed!(accountId, utcDay(this.now()));
    } catch {
      this.floored.delete(id);
    }
    return this.breaker.fire(accountId, plan, floor);
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
