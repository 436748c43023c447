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

/**
 * Accounts and their API keys. The embedded SQLite store implements it now; a PostgreSQL
 * store for the multi-instance mode implements the same interface.
 */
export interface AccountStore {
  createAccount(input: { email: string | null; name: string; plan: PlanName }): Promise<Account>;
  findAccountByEmail(email: string): Promise<Account | null>;
  getAccount(id: number): Promise<Account | null>;
  listAccounts(): Promise<Account[]>;
  setPlan(accountId: number, plan: PlanName): Promise<void>;
  insertKey(input: { accountId: number; name: string; prefix: string; keyHash: string; createdAt: string }): Promise<ApiKeyRecord>;
  findKeyByHash(keyHash: string): Promise<KeyLookup | null>;
  listKeys(accountId?: number): Promise<ApiKeyRecord[]>;
  countActiveKeys(accountId: number): Promise<number>;
  /** Marks the key revoked; false when no active key has that hash. */
  revokeKey(keyHash: string, at: string): Promise<boolean>;
  touchKey(keyId: number, at: string): Promise<void>;
  close(): Promise<void>;
}
