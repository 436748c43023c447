import { existsSync } from 'node:fs';
import proxyaddr from '@fastify/proxy-addr';
import path from 'node:path';
import Type, { type Static } from 'typebox';
import Value from 'typebox/value';

export const PLAN_NAMES = ['free', 'pro', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

const PlanLimits = Type.Object({
  rps: Type.Integer({ minimum: 1 }),
  daily: Type.Integer({ minimum: 1 }),
  keys: Type.Integer({ minimum: 1 }),
});

export const ConfigSchema = Type.Object({
  host: Type.String({ minLength: 1 }),
  port: Type.Integer({ minimum: 0, maximum: 65535 }),
  /** Folder with the raw source datasets; null when none is configured or found. */
  sourceDir: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
  dataDir: Type.String({ minLength: 1 }),
  catalogPath: Type.String({ minLength: 1 }),
  accountsPath: Type.String({ minLength: 1 }),
  /** Memory for serialised answers of the read-only routes; 0 turns the cache off. */
  responseCacheMb: Type.Integer({ minimum: 0, maximum: 65536 }),
  /** Load shedding: requests are answered 503 while the event loop lags more than this (0: off). */
  maxEventLoopDelayMs: Type.Integer({ minimum: 0 }),
  /** ...or while the V8 heap is fuller than this share of its limit (0: off). */
  maxHeapShare: Type.Number({ minimum: 0, maximum: 1 }),
  logLevel: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  plans: Type.Object({ free: PlanLimits, pro: PlanLimits, enterprise: PlanLimits }),
  /** PostgreSQL for accounts, keys and usage (multi-instance mode); null keeps them in SQLite. */
  databaseUrl: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
  /** Redis for shared rate-limit counters (multi-instance mode); null counts in memory. */
  redisUrl: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
  /** PostgreSQL schema for the account tables (separate installs or test runs in one database). */
  databaseSchema: Type.String({ pattern: '^[a-z_][a-z0-9_]{0,62}$' }),
  /** Prefix of the Redis counter keys. */
  redisPrefix: Type.String({ minLength: 1, maxLength: 100 }),
  /** Longest a request waits on Redis before it is counted locally (the circuit breaker's timeout). */
  redisTimeoutMs: Type.Integer({ minimum: 5, maximum: 5000 }),
  /** How long a key seen before keeps working while the account store is unreachable. */
  keyCacheSeconds: Type.Integer({ minimum: 0, maximum: 3600 }),
  /**
   * How long a key's store answer is reused before the store is asked again. At most 1000 ms:
   * a key revoked elsewhere must be refused everywhere within one second.
   */
  keyRevalidateMs: Type.Integer({ minimum: 0, maximum: 1000 }),
  /**
   * Which proxies to believe about the client address (X-Forwarded-For): false (none, the
   * default) or a list of proxy addresses, CIDRs or the names loopback, linklocal and
   * uniquelocal. Never "any": that would let every client choose its own address and so
   * step around the per-address throttles.
   */
  trustProxy: Type.Union([Type.Literal(false), Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })]),
});

export type Config = Static<typeof ConfigSchema>;
export type PlanLimits = Static<typeof PlanLimits>;

/** Plan limits from the interface; each is overridable by LARDER_PLAN_<PLAN>_<RPS|DAILY>. */
const DEFAULT_PLANS: Config['plans'] = {
  free: { rps: 5, daily: 1000, keys: 1 },
  pro: { rps: 20, daily: 20000, keys: 2 },
  enterprise: { rps: 50, daily: 20000, keys: 5 },
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface ConfigOverrides {
  host?: string;
  port?: number | string;
  sourceDir?: string | null;
  dataDir?: string;
  catalogPath?: string;
  accountsPath?: string;
  logLevel?: string;
}

/** The default source folder: `../shared/data` beside the checkout, where it exists. */
function defaultSourceDir(cwd: string): string | null {
  const candidate = path.resolve(cwd, '..', 'shared', 'data');
  return existsSync(candidate) ? candidate : null;
}

function planFromEnv(env: NodeJS.ProcessEnv, plan: PlanName): Record<string, unknown> {
  const base = DEFAULT_PLANS[plan];
  const read = (field: 'RPS' | 'DAILY', fallback: number): unknown => {
    const raw = env[`LARDER_PLAN_${plan.toUpperCase()}_${field}`];
    return raw === undefined || raw === '' ? fallback : raw;
  };
  return { rps: read('RPS', base.rps), daily: read('DAILY', base.daily), keys: base.keys };
}

function trustProxyFromEnv(raw: string | undefined): false | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true' || value === '*') {
    throw new ConfigError(
      `LARDER_TRUST_PROXY=${value} would believe X-Forwarded-For from any client, so anyone could choose their address and step around the sign-in throttle: list your proxies instead (addresses or CIDRs separated by commas, or loopback, e.g. LARDER_TRUST_PROXY=127.0.0.1,10.0.0.0/8)`,
    );
  }
  const list = value.split(',').map((v) => v.trim()).filter((v) => v !== '');
  try {
    // The same parser Fastify uses, so what is accepted here is what it trusts.
    proxyaddr.compile(list);
  } catch (err) {
    throw new ConfigError(`LARDER_TRUST_PROXY: ${(err as Error).message} (give addresses or CIDRs separated by commas, or loopback, linklocal, uniquelocal)`);
  }
  if (list.some((v) => /\/0$/.test(v))) throw new ConfigError('LARDER_TRUST_PROXY: a /0 range trusts every client; list your proxies instead');
  return list;
}

/**
 * Builds the one configuration object from the environment and command-line overrides,
 * validates it, and fails with every problem listed. Parsed once at start-up.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: ConfigOverrides = {},
  cwd: string = process.cwd(),
): Config {
  const dataDir = path.resolve(cwd, overrides.dataDir ?? env.LARDER_DATA_DIR ?? 'data');
  const sourceRaw =
    overrides.sourceDir !== undefined ? overrides.sourceDir : (env.LARDER_SOURCE_DIR ?? defaultSourceDir(cwd));
  const raw = {
    host: overrides.host ?? env.HOST ?? '127.0.0.1',
    port: overrides.port ?? env.PORT ?? 8080,
    sourceDir: sourceRaw === null || sourceRaw === '' ? null : path.resolve(cwd, sourceRaw),
    dataDir,
    catalogPath: path.resolve(cwd, overrides.catalogPath ?? env.LARDER_CATALOG ?? path.join(dataDir, 'catalog.sqlite')),
    accountsPath: path.resolve(
      cwd,
      overrides.accountsPath ?? env.LARDER_ACCOUNTS_DB ?? path.join(dataDir, 'accounts.sqlite'),
    ),
    responseCacheMb: env.LARDER_RESPONSE_CACHE_MB ?? 64,
    maxEventLoopDelayMs: env.LARDER_MAX_EVENT_LOOP_DELAY_MS ?? 1000,
    maxHeapShare: env.LARDER_MAX_HEAP_SHARE ?? 0.9,
    logLevel: overrides.logLevel ?? env.LOG_LEVEL ?? 'info',
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    databaseSchema: env.LARDER_DATABASE_SCHEMA || 'public',
    redisPrefix: env.LARDER_REDIS_PREFIX || 'larder',
    redisTimeoutMs: env.LARDER_REDIS_TIMEOUT_MS ?? 25, // REDIS_TIMEOUT_MS: under half the 50 ms p99 a paused Redis may cost
    keyCacheSeconds: env.LARDER_KEY_CACHE_SECONDS ?? 30,
    keyRevalidateMs: env.LARDER_KEY_REVALIDATE_MS ?? 500,
    trustProxy: trustProxyFromEnv(env.LARDER_TRUST_PROXY),
    plans: {
      free: planFromEnv(env, 'free'),
      pro: planFromEnv(env, 'pro'),
      enterprise: planFromEnv(env, 'enterprise'),
    },
  };
  const converted = Value.Convert(ConfigSchema, raw);
  if (!Value.Check(ConfigSchema, converted)) {
    const problems = [...Value.Errors(ConfigSchema, converted)].map(
      (e) => `${e.instancePath || '(root)'} ${e.message}`,
    );
    throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  }
  return converted as Config;
}
