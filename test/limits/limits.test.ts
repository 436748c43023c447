import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisLimits } from '../../src/limits/redisBreaker.js';
import { memoryLimits } from '../../src/limits/memoryLimits.js';
import fc from 'fast-check';
import { type RateLimits, policyHeader, rateLimitHeader, retryAfterSeconds, secondsToUtcMidnight, utcDay } from '../../src/limits/limits.js';
import { TEST_REDIS_URL, uniqueName } from '../support/services.js';

/** A settable clock shared by a test and the limits under test. */
function clock(iso: string) {
  let t = Date.parse(iso);
  return { now: () => new Date(t), set: (s: string) => (t = Date.parse(s)), advance: (ms: number) => (t += ms) };
}

const clients: Redis[] = [];
afterAll(() => clients.forEach((c) => c.disconnect()));

const IMPLEMENTATIONS: Array<[string, (now: () => Date) => Promise<RateLimits>]> = [
  ['memory', async (now) => memoryLimits(now)],
  ['redis', async (now) => {
    const redis = new Redis(TEST_REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    clients.push(redis);
    await new Promise((resolve) => redis.once('ready', resolve));
    return redisLimits({ redis, prefix: uniqueName('larder-test'), now, timeoutMs: 2000 });
  }],
];

describe('rate-limit headers', () => {
  it('formats the policy and the window nearest exhaustion', () => {
    expect(policyHeader({ rps: 5, daily: 1000 })).toBe('"burst";q=5;w=1, "daily";q=1000;w=86400');
    const d = {
      allowed: true,
      exceeded: null,
      day: '2026-05-01',
      burst: { policy: 'burst' as const, limit: 5, remaining: 4, resetSeconds: 1 },
      daily: { policy: 'daily' as const, limit: 1000, remaining: 2, resetSeconds: 3600 },
    };
    expect(rateLimitHeader(d)).toBe('"daily";r=2;t=3600');
    expect(rateLimitHeader({ ...d, daily: { ...d.daily, remaining: 999 } })).toBe('"burst";r=4;t=1');
    expect(rateLimitHeader({ ...d, allowed: false, exceeded: 'daily', daily: { ...d.daily, remaining: 0 } })).toBe('"daily";r=0;t=3600');
  });

  it('counts whole seconds to the next UTC midnight, at least 1', () => {
    expect(secondsToUtcMidnight(new Date('2026-05-01T23:59:59.500Z'))).toBe(1);
    expect(secondsToUtcMidnight(new Date('2026-05-01T23:59:59.999Z'))).toBe(1);
    expect(secondsToUtcMidnight(new Date('2026-05-01T00:00:00.000Z'))).toBe(86400);
    expect(secondsToUtcMidnight(new Date('2026-05-01T12:00:00.000Z'))).toBe(43200);
    // The same as counting from the calendar's next day, for any instant from 1970 to 9999.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => {
        const now = new Date(ms);
        const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
        expect(secondsToUtcMidnight(now)).toBe(Math.max(1, Math.ceil((next - ms) / 1000)));
      }),
      { numRuns: 5000 },
    );
  });
});

describe.each(IMPLEMENTATIONS)('limits: %s', (_kind, make) => {
  it('allows exactly the per-second limit in one second, and the next second again', async () => {
    const c = clock('2026-05-01T10:00:00.100Z');
    const limits = await make(c.now);
    const plan = { rps: 3, daily: 100 };
    const decisions = await Promise.all(Array.from({ length: 6 }, () => limits.consume(1, plan)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
    const refused = decisions.find((d) => !d.allowed)!;
    expect(refused.exceeded).toBe('burst');
    expect(retryAfterSeconds(refused)).toBe(1);
    // The three refusals were not counted against the day.
    expect(await limits.usedToday(1, plan)).toBe(3);
    c.advance(1000);
    expect((await limits.consume(1, plan)).allowed).toBe(true);
    expect(await limits.usedToday(1, plan)).toBe(4);
    // Another account has its own counters.
    expect((await limits.consume(2, plan)).burst.remaining).toBe(2);
  });

  it('resets the daily count at UTC midnight, not 24 hours after the first request', async () => {
    const c = clock('2026-05-01T23:59:50.000Z');
    const limits = await make(c.now);
    const plan = { rps: 100, daily: 2 };
    const first = await limits.consume(7, plan);
    expect(first.daily).toMatchObject({ remaining: 1, resetSeconds: 10 });
    expect(first.day).toBe('2026-05-01');
    expect((await limits.consume(7, plan)).allowed).toBe(true);
    const refused = await limits.consume(7, plan);
    expect(refused).toMatchObject({ allowed: false, exceeded: 'daily' });
    expect(retryAfterSeconds(refused)).toBe(10);
    c.set('2026-05-01T23:59:59.400Z');
    expect(retryAfterSeconds(await limits.consume(7, plan))).toBe(1);
    c.set('2026-05-02T00:00:00.000Z');
    const next = await limits.consume(7, plan);
    expect(next.allowed).toBe(true);
    expect(next.daily).toMatchObject({ remaining: 1, resetSeconds: 86400 });
    expect(next.day).toBe('2026-05-02');
  });

  it('does not count refused requests against the per-second window either', async () => {
    const c = clock('2026-05-01T08:00:00.000Z');
    const limits = await make(c.now);
    const plan = { rps: 2, daily: 1 };
    expect((await limits.consume(9, plan)).allowed).toBe(true);
    for (let i = 0; i < 3; i++) expect((await limits.consume(9, plan)).exceeded).toBe('daily');
    // A bigger plan the same second: the refusals left the burst count at one.
    const bigger = await limits.consume(9, { rps: 2, daily: 10 });
    expect(bigger).toMatchObject({ allowed: true, burst: { remaining: 0 } });
  });

  it('names the daily window when both are spent, so the client is not told to retry in a second', async () => {
    const c = clock('2026-05-01T20:00:00.000Z');
    const limits = await make(c.now);
    const plan = { rps: 1, daily: 1 };
    expect((await limits.consume(11, plan)).allowed).toBe(true);
    const refused = await limits.consume(11, plan);
    expect(refused).toMatchObject({ allowed: false, exceeded: 'daily', daily: { remaining: 0 } });
    expect(retryAfterSeconds(refused)).toBe(4 * 3600);
  });
});

describe('limits: memory, counted in process', () => {
  it('answers without a promise once the day is seeded, and seeds each account and day from the store once', async () => {
    const c = clock('2026-05-01T10:00:00.000Z');
    const asked: string[] = [];
    const limits = memoryLimits(c.now, async (id, day) => {
      asked.push(`${id}|${day}`);
      return 7;
    });
    const plan = { rps: 100, daily: 10 };
    const first = limits.consume(3, plan);
    expect(first).toBeInstanceOf(Promise);
    expect((await first).daily.remaining).toBe(2); // 7 recorded earlier + this one
    const second = limits.consume(3, plan);
    expect(second).not.toBeInstanceOf(Promise);
    expect(second).toMatchObject({ allowed: true, daily: { remaining: 1 } });
    c.set('2026-05-02T00:00:01.000Z');
    expect(await limits.consume(3, plan)).toMatchObject({ allowed: true, day: '2026-05-02', daily: { remaining: 2 } });
    expect(asked).toEqual(['3|2026-05-01', '3|2026-05-02']);
  });

  it('gives the seconds to the next UTC midnight as the daily reset, as secondsToUtcMidnight does', async () => {
    for (const iso of ['2026-05-01T23:59:59.500Z', '2026-05-01T00:00:00.000Z', '2026-05-01T12:00:00.250Z', '2028-02-29T23:00:00.999Z']) {
      const c = clock(iso);
      const decision = await memoryLimits(c.now).consume(1, { rps: 5, daily: 5 });
      expect(decision.daily.resetSeconds).toBe(secondsToUtcMidnight(c.now()));
    }
  });

  it('counts each window by the injected clock, whatever the real time', async () => {
    const c = clock('2026-05-01T10:00:00.900Z');
    const limits = memoryLimits(c.now);
    const plan = { rps: 2, daily: 100 };
    expect(await limits.consume(4, plan)).toMatchObject({ allowed: true, burst: { remaining: 1 } });
    expect(await limits.consume(4, plan)).toMatchObject({ allowed: true, burst: { remaining: 0 } });
    expect(await limits.consume(4, plan)).toMatchObject({ allowed: false, exceeded: 'burst' });
    c.advance(100); // the next second
    expect(await limits.consume(4, plan)).toMatchObject({ allowed: true, burst: { remaining: 1 }, daily: { remaining: 97 } });
    expect(await limits.usedToday(4, plan)).toBe(3);
  });
});

describe('utcDay', () => {
  it('is the UTC date of the instant, as toISOString writes it, for any instant from 1970 to 9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => {
        const now = new Date(ms);
        expect(utcDay(now)).toBe(now.toISOString().slice(0, 10));
      }),
      { numRuns: 5000 },
    );
    expect(utcDay(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
    expect(utcDay(new Date('2026-11-23T00:00:00.000Z'))).toBe('2026-11-23');
  });
});
