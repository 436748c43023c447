import Database from 'better-sqlite3';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import type { PlanName } from '../config.js';
import type { Account, AccountStore, ApiKeyRecord, KeyLookup, SessionRecord } from './store.js';
import { toAccount, toKey, type AccountRow, type KeyRow } from './rows.js';

/** Ordered schema migrations; each runs once, in a transaction, recorded in user_version. */
const MIGRATIONS: string[] = [
  `CREATE TABLE account (
     id INTEGER PRIMARY KEY,
     email TEXT UNIQUE COLLATE NOCASE,
     name TEXT NOT NULL,
     plan TEXT NOT NULL CHECK (plan IN ('free', 'pro', 'enterprise')),
     created_at TEXT NOT NULL
   );
   CREATE TABLE api_key (
     id INTEGER PRIMARY KEY,
     account_id INTEGER NOT NULL REFERENCES account(id),
     name TEXT NOT NULL,
     prefix TEXT NOT NULL,
     key_hash TEXT NOT NULL UNIQUE,
     created_at TEXT NOT NULL,
     last_used_at TEXT,
     revoked_at TEXT
   );
   CREATE INDEX api_key_account ON api_key(account_id);`,
  `ALTER TABLE account ADD COLUMN password_hash TEXT;
   CREATE TABLE session (
     id_hash TEXT PRIMARY KEY,
     account_id INTEGER NOT NULL REFERENCES account(id),
     csrf_token TEXT NOT NULL,
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL
   );
   CREATE INDEX session_expires ON session(expires_at);
   CREATE TABLE usage_daily (
     account_id INTEGER NOT NULL REFERENCES account(id),
     day TEXT NOT NULL,
     requests INTEGER NOT NULL,
     PRIMARY KEY (account_id, day)
   );`,
];


/** The embedded account store: one SQLite file, separate from the catalogue, in WAL mode. */
export class SqliteAccountStore implements AccountStore {
  readonly kind = 'sqlite' as const;
  private readonly db: Database.Database;
  private readonly stmts;

  constructor(file: string) {
    if (file !== ':memory:') {
      mkdirSync(path.dirname(file), { recursive: true });
      // Password and key hashes, sessions: readable by the owner only. SQLite gives its -wal and
      // -shm files the database file's permissions.
      closeSync(openSync(file, 'a', 0o600));
    }
    this.db = new Database(file);
    // The wait first: switching a new file to WAL takes a lock that another process opening
    // it at the same moment (serve --workers) must wait for, not fail on.
    // 20 s, not 5: on a loaded two-core CI machine a worker of `serve --workers` still met
    // "database is locked" at start once (session 13), behind another process's open.
    this.db.pragma('busy_timeout = 20000');
    // SQLite answers some opens of a WAL file "database is locked" at once, without its busy
    // handler: while another connection runs WAL recovery, or checkpoints and removes the WAL as it
    // closes (a worker of `serve --workers` died on start that way in CI twice, reading
    // journal_mode, with the 20 s timeout set). Those locks are brief, so the opening steps are
    // retried for as long as the busy timeout would have waited.
    retryWhileLocked(() => {
      // Only where it is not WAL yet: setting it again while another worker holds the file can
      // answer "database is locked" at once too.
      if (String(this.db.pragma('journal_mode', { simple: true })).toLowerCase() !== 'wal') this.db.pragma('journal_mode = WAL');
      this.db.pragma('foreign_keys = ON');
      this.migrate();
    });
    const db = this.db;
    this.stmts = {
      insertAccount: db.prepare('INSERT INTO account (email, name, plan, created_at) VALUES (?, ?, ?, ?) RETURNING *'),
      accountByEmail: db.prepare('SELECT * FROM account WHERE email = ?'),
      accountById: db.prepare('SELECT * FROM account WHERE id = ?'),
      accounts: db.prepare('SELECT * FROM account ORDER BY id'),
      setPlan: db.prepare('UPDATE account SET plan = ? WHERE id = ?'),
      insertKey: db.prepare(
        'INSERT INTO api_key (account_id, name, prefix, key_hash, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *',
      ),
      keyByHash: db.prepare(
        `SELECT k.*, a.email AS a_email, a.name AS a_name, a.plan AS a_plan, a.created_at AS a_created_at
         FROM api_key k JOIN account a ON a.id = k.account_id WHERE k.key_hash = ?`,
      ),
      keys: db.prepare('SELECT * FROM api_key ORDER BY id'),
      keysOf: db.prepare('SELECT * FROM api_key WHERE account_id = ? ORDER BY id'),
      countActive: db.prepare('SELECT COUNT(*) FROM api_key WHERE account_id = ? AND revoked_at IS NULL').pluck(),
      revoke: db.prepare('UPDATE api_key SET revoked_at = ? WHERE key_hash = ? AND revoked_at IS NULL'),
      touch: db.prepare('UPDATE api_key SET last_used_at = ? WHERE id = ?'),
      revokeById: db.prepare('UPDATE api_key SET revoked_at = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL'),
      setPassword: db.prepare('UPDATE account SET password_hash = ? WHERE id = ?'),
      insertSession: db.prepare('INSERT INTO session (id_hash, account_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)'),
      session: db.prepare('SELECT account_id, csrf_token, expires_at FROM session WHERE id_hash = ?'),
      deleteSession: db.prepare('DELETE FROM session WHERE id_hash = ?'),
      deleteExpired: db.prepare('DELETE FROM session WHERE expires_at < ?'),
      addUsage: db.prepare(
        `INSERT INTO usage_daily (account_id, day, requests) VALUES (?, ?, ?)
         ON CONFLICT (account_id, day) DO UPDATE SET requests = requests + excluded.requests`,
      ),
      usage: db.prepare('SELECT requests FROM usage_daily WHERE account_id = ? AND day = ?').pluck(),
    };
  }

  private migrate(): void {
    // Several processes (serve --workers, a CLI beside a server) may open a new file at once:
    // the version is read inside a write-locked transaction, so only one of them migrates.
    this.db
      .transaction(() => {
        const current = this.db.pragma('user_version', { simple: true }) as number;
        for (let v = current; v < MIGRATIONS.length; v++) {
          this.db.exec(MIGRATIONS[v]!);
          this.db.pragma(`user_version = ${v + 1}`);
        }
      })
      .immediate();
  }

  async createAccount(input: { email: string | null; name: string; plan: PlanName }): Promise<Account> {
    return toAccount(this.stmts.insertAccount.get(input.email, input.name, input.plan, new Date().toISOString()) as AccountRow);
  }

  async findAccountByEmail(email: string): Promise<Account | null> {
    const row = this.stmts.accountByEmail.get(email) as AccountRow | undefined;
    return row ? toAccount(row) : null;
  }

  async getAccount(id: number): Promise<Account | null> {
    const row = this.stmts.accountById.get(id) as AccountRow | undefined;
    return row ? toAccount(row) : null;
  }

  async listAccounts(): Promise<Account[]> {
    return (this.stmts.accounts.all() as AccountRow[]).map(toAccount);
  }

  async setPlan(accountId: number, plan: PlanName): Promise<void> {
    this.stmts.setPlan.run(plan, accountId);
  }

  async insertKey(input: { accountId: number; name: string; prefix: string; keyHash: string; createdAt: string }): Promise<ApiKeyRecord> {
    return toKey(this.stmts.insertKey.get(input.accountId, input.name, input.prefix, input.keyHash, input.createdAt) as KeyRow);
  }

  async findKeyByHash(keyHash: string): Promise<KeyLookup | null> {
    const row = this.stmts.keyByHash.get(keyHash) as
      | (KeyRow & { a_email: string | null; a_name: string; a_plan: PlanName; a_created_at: string })
      | undefined;
    if (!row) return null;
    return {
      key: toKey(row),
      account: { id: row.account_id, email: row.a_email, name: row.a_name, plan: row.a_plan, createdAt: row.a_created_at },
    };
  }

  async listKeys(accountId?: number): Promise<ApiKeyRecord[]> {
    const rows = accountId === undefined ? this.stmts.keys.all() : this.stmts.keysOf.all(accountId);
    return (rows as KeyRow[]).map(toKey);
  }

  async insertKeyWithinLimit(
    input: { accountId: number; name: string; prefix: string; keyHash: string; createdAt: string },
    maxActive: number,
  ): Promise<{ record: ApiKeyRecord | null; active: number }> {
    // IMMEDIATE takes the write lock before the count, so another process cannot insert between.
    return this.db
      .transaction(() => {
        const active = this.stmts.countActive.get(input.accountId) as number;
        if (active >= maxActive) return { record: null, active };
        const row = this.stmts.insertKey.get(input.accountId, input.name, input.prefix, input.keyHash, input.createdAt) as KeyRow;
        return { record: toKey(row), active };
      })
      .immediate();
  }

  async countActiveKeys(accountId: number): Promise<number> {
    return this.stmts.countActive.get(accountId) as number;
  }

  async revokeKey(keyHash: string, at: string): Promise<boolean> {
    return this.stmts.revoke.run(at, keyHash).changes > 0;
  }

  async touchKey(keyId: number, at: string): Promise<void> {
    this.stmts.touch.run(at, keyId);
  }

  async revokeKeyById(accountId: number, keyId: number, at: string): Promise<boolean> {
    return this.stmts.revokeById.run(at, keyId, accountId).changes > 0;
  }

  async setPasswordHash(accountId: number, passwordHash: string): Promise<void> {
    this.stmts.setPassword.run(passwordHash, accountId);
  }

  async findCredentials(email: string): Promise<{ account: Account; passwordHash: string | null } | null> {
    const row = this.stmts.accountByEmail.get(email) as (AccountRow & { password_hash: string | null }) | undefined;
    return row ? { account: toAccount(row), passwordHash: row.password_hash } : null;
  }

  async createSession(input: { idHash: string; accountId: number; csrfToken: string; createdAt: string; expiresAt: string }): Promise<void> {
    this.stmts.insertSession.run(input.idHash, input.accountId, input.csrfToken, input.createdAt, input.expiresAt);
  }

  async findSession(idHash: string): Promise<SessionRecord | null> {
    const row = this.stmts.session.get(idHash) as { account_id: number; csrf_token: string; expires_at: string } | undefined;
    return row ? { accountId: row.account_id, csrfToken: row.csrf_token, expiresAt: row.expires_at } : null;
  }

  async deleteSession(idHash: string): Promise<void> {
    this.stmts.deleteSession.run(idHash);
  }

  async deleteExpiredSessions(before: string): Promise<void> {
    this.stmts.deleteExpired.run(before);
  }

  async addUsage(accountId: number, day: string, count: number): Promise<void> {
    this.stmts.addUsage.run(accountId, day, count);
  }

  async getUsage(accountId: number, day: string): Promise<number> {
    return (this.stmts.usage.get(accountId, day) as number | undefined) ?? 0;
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/** How long the opening steps are retried while another process holds the file (as busy_timeout). */
const OPEN_RETRY_MS = 20_000;

/** Runs `step` again, after a short pause, while SQLite answers that the file is locked or busy. */
export function retryWhileLocked(step: () => void): void {
  const deadline = Date.now() + OPEN_RETRY_MS;
  for (let pause = 5; ; pause = Math.min(pause * 2, 250)) {
    try {
      step();
      return;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      const locked = typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
      if (!locked || Date.now() >= deadline) throw err;
      // A synchronous pause: the store is opened once, at start, before the process serves.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pause);
    }
  }
}
