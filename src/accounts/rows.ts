import type { PlanName } from '../config.js';
import type { Account, ApiKeyRecord } from './store.js';

/** Row shapes shared by the SQLite and PostgreSQL stores (same column names in both). */
export interface AccountRow {
  id: number;
  email: string | null;
  name: string;
  plan: PlanName;
  created_at: string;
  password_hash?: string | null;
}

export interface KeyRow {
  id: number;
  account_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export const toAccount = (r: AccountRow): Account => ({ id: r.id, email: r.email, name: r.name, plan: r.plan, createdAt: r.created_at });

export const toKey = (r: KeyRow): ApiKeyRecord => ({
  id: r.id,
  accountId: r.account_id,
  name: r.name,
  prefix: r.prefix,
  keyHash: r.key_hash,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});
