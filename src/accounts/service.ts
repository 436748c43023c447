import { LRUCache } from 'lru-cache';
import { createHash, randomBytes } from 'node:crypto';
import type { Config, PlanName } from '../config.js';
import { ApiError } from '../errors.js';
import { digestApiKey, displayPrefix, generateApiKey, hashApiKey, isWellFormedApiKey, ownedBytes, sameBytes, sameHash } from './apiKeys.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { isPrintable } from './text.js';
import type { Account, AccountStore, ApiKeyRecord, KeyLookup, SessionRecord } from './store.js';

/** How often a key's last-used time is written, at most: a write per request would cost more than the request. */
const TOUCH_INTERVAL_MS = 60_000;
/** Keys remembered for the store-outage fallback; the oldest is forgotten beyond this. */
const KEY_CACHE_SIZE = 10_000;
/**
 * Well-formed keys the store did not know, remembered so a flood of the same unknown key costs
 * one store query. A key cannot be presented before it exists (128 random bits), and a key
 * created through this service is forgotten here at once.
 */
const UNKNOWN_KEY_CACHE_SIZE = 10_000;
const UNKNOWN_KEY_TTL_MS = 60_000;
/** Seconds a client is told to wait when the key store is unreachable. */
const STORE_RETRY_AFTER = 5;
export const SESSION_SECONDS = 7 * 24 * 3600;

export interface AccountServiceOptions {
  /** How long a key looked up successfully keeps working while the store is unreachable (0: never). */
  keyCacheSeconds?: number;
  /**
   * How long (ms) a key's store answer is reused without asking the store (0: ask on every
   * request). Asking costs more than the rest of a cached answer; revocations and plan
   * changes made through this service apply at once, those made elsewhere within this time.
   */
  keyRevalidateMs?: number;
  /** Called once when the store starts failing and once when it answers again. */
  onStoreState?: (reachable: boolean, error?: Error) => void;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface CreatedKey {
  record: ApiKeyRecord;
  account: Account;
  /** The only time the plaintext exists outside the caller's hands. */
  plaintext: string;
}

/** Account and key rules (plan key counts, key format, revocation) over any AccountStore. */
export class AccountService {
  private readonly lastTouched = new Map<number, number>();
  /**
   * The last successful lookup of each key hash, with when it was made (real time) and the
   * stored hash's bytes (for the constant-time comparison of the fast path).
   */
  private readonly keyCache = new Map<string, { found: KeyLookup; at: number; hashBytes: Buffer }>();
  private readonly unknownKeys = new LRUCache<string, true>({ max: UNKNOWN_KEY_CACHE_SIZE, ttl: UNKNOWN_KEY_TTL_MS });
  /**
   * Counts revocations made through this service: a store answer fetched while one happened
   * may predate it, so it is not kept (else the revoked key would work until it expires).
   */
  private revocations = 0;
  private storeReachable = true;
  /** Counted requests not yet written to the store, by `<account>|<day>`. */
  private readonly pendingUsage = new Map<string, number>();
  private usageTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly store: AccountStore,
    private readonly plans: Config['plans'],
    private readonly now: () => Date = () => new Date(),
    private readonly options: AccountServiceOptions = {},
  ) {}

  /** The service's clock (injected in tests); the rate limits use the same one. */
  clock(): Date {
    return this.now();
  }

  /** Counts one request for the account's daily usage; written to the store in batches every few seconds. */
  recordUsage(accountId: number, day: string): void {
    const id = `${accountId}|${day}`;
    this.pendingUsage.set(id, (this.pendingUsage.get(id) ?? 0) + 1);
    this.usageTimer ??= setInterval(() => void this.flushUsage(), 5000).unref();
  }

  async flushUsage(): Promise<void> {
    const batch = [...this.pendingUsage];
    this.pendingUsage.clear();
    for (const [id, n] of batch) {
      const [accountId, day] = id.split('|');
      try {
        await this.store.addUsage(Number(accountId), day!, n);
      } catch {
        // Kept for the next flush; usage is a report, never a reason to fail a request.
        this.pendingUsage.set(id, (this.pendingUsage.get(id) ?? 0) + n);
      }
    }
  }

  /** Requests of the day recorded for the account (stored plus not yet flushed). */
  async recordedUsage(accountId: number, day: string): Promise<number> {
    return (await this.store.getUsage(accountId, day)) + (this.pendingUsage.get(`${accountId}|${day}`) ?? 0);
  }

  /** Writes pending usage and stops the timer; the store is the caller's to close. */
  async close(): Promise<void> {
    if (this.usageTimer) clearInterval(this.usageTimer);
    this.usageTimer = null;
    await this.flushUsage();
  }

  /** Pings the store and returns whether it answered (readiness detail). */
  async checkStore(): Promise<boolean> {
    try {
      await this.store.ping();
      this.setReachable(true);
    } catch (err) {
      this.setReachable(false, err as Error);
    }
    return this.storeReachable;
  }

  /** False while the last store lookup failed. */
  get storeIsReachable(): boolean {
    return this.storeReachable;
  }

  private setReachable(reachable: boolean, error?: Error): void {
    if (reachable === this.storeReachable) return;
    this.storeReachable = reachable;
    this.options.onStoreState?.(reachable, error);
  }

  /**
   * The store's answer for a key hash. An answer younger than keyRevalidateMs is reused, so
   * a revocation made elsewhere (another instance, the CLI) holds everywhere within that time,
   * and one made through this service at once. When the store fails, a key seen in the last
   * keyCacheSeconds is trusted, and an unseen key fails closed with 503.
   */
  private async lookup(hash: string): Promise<KeyLookup | null> {
    const fresh = this.keyCache.get(hash);
    if (fresh && Date.now() - fresh.at < (this.options.keyRevalidateMs ?? 0)) return fresh.found;
    if (this.unknownKeys.has(hash)) return null;
    const revocationsBefore = this.revocations;
    try {
      const found = await this.store.findKeyByHash(hash);
      this.setReachable(true);
      if (!found) this.unknownKeys.set(hash, true);
      if (found && revocationsBefore === this.revocations) {
        this.keyCache.delete(hash);
        this.keyCache.set(hash, { found, at: Date.now(), hashBytes: ownedBytes(found.key.keyHash, 'hex') });
        if (this.keyCache.size > KEY_CACHE_SIZE) this.keyCache.delete(this.keyCache.keys().next().value!);
      }
      return found;
    } catch (err) {
      this.setReachable(false, err as Error);
      const cached = this.keyCache.get(hash);
      const limitMs = (this.options.keyCacheSeconds ?? 30) * 1000;
      if (cached && Date.now() - cached.at <= limitMs) return cached.found;
      throw new ApiError('service_unavailable', 'the key store is unreachable, so the key cannot be checked: retry shortly', {
        headers: { 'retry-after': String(STORE_RETRY_AFTER) },
      });
    }
  }

  async createAccount(input: { email: string | null; name: string; plan: PlanName }): Promise<Account> {
    if (!isPrintable(input.name)) throw ApiError.invalidParameter('name', 'must hold printable characters only (no control characters)');
    if (input.email !== null && !isPrintable(input.email)) throw ApiError.invalidParameter('email', 'must hold printable characters only (no control characters)');
    return this.store.createAccount(input);
  }

  /** The account with this email, created on the given plan when there is none. */
  async accountForEmail(email: string, plan: PlanName): Promise<Account> {
    return (await this.store.findAccountByEmail(email)) ?? this.store.createAccount({ email, name: email, plan });
  }

  async createKey(account: Account, name: string): Promise<CreatedKey> {
    if (!isPrintable(name)) throw ApiError.invalidParameter('name', 'must hold printable characters only (no control characters)');
    const allowed = this.plans[account.plan].keys;
    const plaintext = generateApiKey();
    const { record, active } = await this.store.insertKeyWithinLimit(
      {
        accountId: account.id,
        name,
        prefix: displayPrefix(plaintext),
        keyHash: hashApiKey(plaintext),
        createdAt: this.now().toISOString(),
      },
      allowed,
    );
    if (record === null) {
      throw new ApiError(
        'plan_limit_reached',
        `the ${account.plan} plan allows ${allowed} active key${allowed === 1 ? '' : 's'} and this account has ${active}: revoke one or move to a larger plan`,
      );
    }
    this.unknownKeys.delete(record.keyHash);
    return { record, account, plaintext };
  }

  /**
   * Resolves a presented key to its account or throws the 401 that fits. A malformed key is
   * refused before any lookup; the stored hash is compared in constant time.
   */
  /**
   * The key's lookup when it can be accepted without asking the store: well-formed, its store
   * answer younger than keyRevalidateMs, not revoked, and no last-used write due. Null means
   * "not decided here" (never "refused"): the caller then awaits authenticate().
   */
  authenticateFresh(presented: string | undefined): KeyLookup | null {
    const digest = presented === undefined ? null : digestApiKey(presented);
    if (digest === null) return null;
    const fresh = this.keyCache.get(digest.hex);
    if (fresh === undefined || Date.now() - fresh.at >= (this.options.keyRevalidateMs ?? 0)) return null;
    const { found } = fresh;
    if (found.key.revokedAt !== null || !sameBytes(fresh.hashBytes, digest.bytes)) return null;
    if (this.now().getTime() - (this.lastTouched.get(found.key.id) ?? 0) >= TOUCH_INTERVAL_MS) return null;
    return found;
  }

  /** Whether the key was found in the store recently (however stale), without asking it. */
  knownKey(presented: string | undefined): boolean {
    const digest = presented === undefined ? null : digestApiKey(presented);
    return digest !== null && this.keyCache.has(digest.hex);
  }

  async authenticate(presented: string | undefined): Promise<KeyLookup> {
    if (presented === undefined || presented === '') {
      throw new ApiError('missing_api_key', 'send your API key in the x-api-key header');
    }
    if (!isWellFormedApiKey(presented)) {
      throw new ApiError('invalid_api_key', 'the API key is not of the form svc_live_ followed by 32 lowercase hex characters');
    }
    const hash = hashApiKey(presented);
    const found = await this.lookup(hash);
    if (!found || !sameHash(found.key.keyHash, hash)) {
      throw new ApiError('invalid_api_key', 'the API key is not known: check it, or create a new one');
    }
    if (found.key.revokedAt !== null) {
      throw new ApiError('revoked_api_key', `the API key was revoked at ${found.key.revokedAt}: create a new one`);
    }
    const now = this.now().getTime();
    if (now - (this.lastTouched.get(found.key.id) ?? 0) >= TOUCH_INTERVAL_MS) {
      this.lastTouched.set(found.key.id, now);
      // Last-used is informative: a failed write must not fail the request.
      await this.store.touchKey(found.key.id, new Date(now).toISOString()).catch(() => {});
    }
    return found;
  }

  private forget(keyHash: string): void {
    this.revocations += 1;
    this.keyCache.delete(keyHash);
  }

  /** Revokes a key of this account by id (the dashboard's revoke). */
  async revokeKeyOf(account: Account, keyId: number): Promise<boolean> {
    const keys = await this.store.listKeys(account.id);
    const key = keys.find((k) => k.id === keyId);
    if (!key) return false;
    const done = await this.store.revokeKeyById(account.id, keyId, this.now().toISOString());
    if (done) this.forget(key.keyHash);
    return done;
  }

  /**
   * A new account on the free plan with a password; null when the email is taken. The
   * password is hashed first either way, so the time taken does not tell which emails exist.
   */
  async signUp(email: string, password: string): Promise<Account | null> {
    const passwordHash = await hashPassword(password);
    if (await this.store.findAccountByEmail(email)) return null;
    const account = await this.store.createAccount({ email, name: email, plan: 'free' }).catch(() => null);
    if (!account) return null;
    await this.store.setPasswordHash(account.id, passwordHash);
    return account;
  }

  /** The account when the email and password match; null otherwise (same answer for both). */
  async signIn(email: string, password: string): Promise<Account | null> {
    const found = await this.store.findCredentials(email);
    if (!found || !found.passwordHash) {
      // Spend the same time as a real check so timing does not tell which emails exist.
      await verifyPassword(password, await (dummyHash ??= hashPassword(randomBytes(16).toString('hex'))));
      return null;
    }
    return (await verifyPassword(password, found.passwordHash)) ? found.account : null;
  }

  /** Starts a session; the token goes in the cookie and only its hash is stored. */
  async startSession(accountId: number): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    const now = this.now();
    // Expired sessions are swept as new ones start; a failed sweep costs nothing.
    await this.store.deleteExpiredSessions(now.toISOString()).catch(() => {});
    const expiresAt = new Date(now.getTime() + SESSION_SECONDS * 1000);
    await this.store.createSession({
      idHash: sha256(token),
      accountId,
      csrfToken,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    return { token, csrfToken, expiresAt };
  }

  async session(token: string | undefined): Promise<{ session: SessionRecord; account: Account } | null> {
    if (!token || token.length > 100) return null;
    const session = await this.store.findSession(sha256(token));
    if (!session || Date.parse(session.expiresAt) <= this.now().getTime()) return null;
    const account = await this.store.getAccount(session.accountId);
    return account ? { session, account } : null;
  }

  async endSession(token: string | undefined): Promise<void> {
    if (token) await this.store.deleteSession(sha256(token));
  }

  /** Revokes by plaintext key; false when it is unknown or already revoked. */
  async revokeKey(plaintext: string): Promise<boolean> {
    if (!isWellFormedApiKey(plaintext)) return false;
    const hash = hashApiKey(plaintext);
    const done = await this.store.revokeKey(hash, this.now().toISOString());
    // After the store has it, so no lookup can cache the key as still active.
    this.forget(hash);
    return done;
  }

  async hasActiveKey(): Promise<boolean> {
    return (await this.store.listKeys()).some((k) => k.revokedAt === null);
  }
}

/** A valid hash of a random password, for constant-time refusals of unknown emails; made on first use. */
let dummyHash: Promise<string> | null = null;
