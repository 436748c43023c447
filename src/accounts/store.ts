import type { PlanName } from '../config.js';

export interface Account {
  id: number;
  email: string | null;
  name: string;
  plan: PlanName;
  createdAt: string;
}

export interface ApiKeyRecord {
  id: number;
  accountId: number;
  name: string;
  prefix: string;
  keyHash: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A key found by its hash, with what authorising a request needs to know. */
export interface KeyLookup {
  key: ApiKeyRecord;
  account: Account;
}

/** A dashboard session, found by the hash of its cookie value. */
export interface SessionRecord {
  accountId: number;
  /** The per-session token every dashboard form must send back. */
  csrfToken: string;
  expiresAt: string;
}

/**
 * Accounts, their API keys, dashboard sessions and daily usage. The embedded SQLite store
 * (one machine) and the PostgreSQL store (many instances) implement it, and one contract
 * test suite runs against both.
 */
export interface AccountStore {
  readonly kind: 'sqlite' | 'postgres';
  createAccount(input: { email: string | null; name: string; plan: PlanName }): Promise<Account>;
  findAccountByEmail(email: string): Promise<Account | null>;
  getAccount(id: number): Promise<Account | null>;
  listAccounts(): Promise<Account[]>;
  setPlan(accountId: number, plan: PlanName): Promise<void>;
  insertKey(input: { accountId: number; name: string; prefix: string; keyHash: string; createdAt: string }): Promise<ApiKeyRecord>;
  /**
   * Inserts the key unless the account already has `maxActive` active keys, as one atomic
   * step (concurrent creations cannot both pass the count); `active` is the count before.
   */
  insertKeyWithinLimit(
    input: { accountId: number; name: string; prefix: string; keyHash: string; createdAt: string },
    maxActive: number,
  ): Promise<{ record: ApiKeyRecord | null; active: number }>;
  findKeyByHash(keyHash: string): Promise<KeyLookup | null>;
  listKeys(accountId?: number): Promise<ApiKeyRecord[]>;
  countActiveKeys(accountId: number): Promise<number>;
  /** Marks the key revoked; false when no active key has that hash. */
  revokeKey(keyHash: string, at: string): Promise<boolean>;
  touchKey(keyId: number, at: string): Promise<void>;
  /** Revokes a key of this account by id; false when it is not this account's or already revoked. */
  revokeKeyById(accountId: number, keyId: number, at: string): Promise<boolean>;
  setPasswordHash(accountId: number, passwordHash: string): Promise<void>;
  /** The account of an email with its password hash (null when it has none). */
  findCredentials(email: string): Promise<{ account: Account; passwordHash: string | null } | null>;
  createSession(input: { idHash: string; accountId: number; csrfToken: string; createdAt: string; expiresAt: string }): Promise<void>;
  findSession(idHash: string): Promise<SessionRecord | null>;
  deleteSession(idHash: string): Promise<void>;
  /** Removes sessions that expired before the time given. */
  deleteExpiredSessions(before: string): Promise<void>;
  /** Adds counted requests to an account's total for a UTC day (YYYY-MM-DD). */
  addUsage(accountId: number, day: string, count: number): Promise<void>;
  getUsage(accountId: number, day: string): Promise<number>;
  /** Throws when the store cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The configured account store cannot be reached or used (PostgreSQL down, wrong URL, bad schema name). */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}
