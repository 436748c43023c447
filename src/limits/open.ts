import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';
import type { Config } from '../config.js';
import cluster from 'node:cluster';
import { clusterLimits, type DailySeed } from './flexibleLimits.js';
import { RedisBreakerLimits } from './redisBreaker.js';
import { memoryLimits } from './memoryLimits.js';
import type { RateLimits } from './limits.js';

export interface LimitsLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Redis-backed limits when REDIS_URL is set, else counted in the `--workers` primary, else in-memory (daily counts seeded from the
 * store's usage through `seed`). Redis need not be up yet.
 */
export function createLimits(config: Config, log: LimitsLogger, now: () => Date = () => new Date(), seed: DailySeed | null = null): RateLimits {
  if (!config.redisUrl) return cluster.isWorker ? clusterLimits(now) : memoryLimits(now, seed);
  // Required only when configured (synchronously, so this stays a plain factory): the embedded
  // default should not pay for the Redis client at start.
  const { Redis } = createRequire(import.meta.url)('ioredis') as { Redis: typeof RedisClient };
  const redis = new Redis(config.redisUrl, {
    // Fail fast while disconnected so requests fall back to local counting instead of waiting.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // The circuit breaker gives up on a call after REDIS_TIMEOUT_MS; this bounds the call itself.
    commandTimeout: 500,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  redis.on('error', () => {}); // reported through the shared/local state change below
  let lastProblem = '';
  redis.on('error', (err: Error) => {
    lastProblem = err.message;
  });
  return new RedisBreakerLimits({
    redis,
    prefix: config.redisPrefix,
    now,
    seed,
    timeoutMs: config.redisTimeoutMs,
    // The log (operators only) says why; /readyz (anyone) does not name the host or port.
    onSharedChange: (shared, reason) =>
      shared
        ? log.info({ limits: 'shared' }, `rate limits: Redis reachable, counting shared across instances (${reason})`)
        : log.warn({ limits: 'local_fallback', err: lastProblem || undefined }, `rate limits: Redis unreachable, counting per instance until it returns (${reason})`),
  });
}
