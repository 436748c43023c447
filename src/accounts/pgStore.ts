import pg from 'pg';
import type { PlanName } from '../config.js';
import type { Account, AccountStore, ApiKeyRecord, KeyLookup, SessionRecord } from './store.js';
import { toAccount, toKey, type AccountRow, type KeyRow } from './rows.js';
import { StoreUnavailableError } from './store.js';

/**
 * Ordered schema migrations, applied once each under an advisory lock so several instances
 * starting together do not race; the applied count is kept in larder_schema.
 */
const MIGRATIONS: string[] = [
  `CREATE TABLE account (
     id SERIAL PRIMARY KEY,
     email TEXT,
     name TEXT NOT NULL,
     plan TEXT NOT NULL CHECK (plan IN ('free', 'pro', 'enterprise')),
     created_at TEXT NOT NULL,
     password_hash TEXT
   );
   CREATE UNIQUE INDEX account_email ON account (lower(email));
   CREATE TABLE api_key (
     id SERIAL PRIMARY KEY,
     account_id INTEGER NOT NULL REFERENCES account(id),
     name TEXT NOT NULL,
     prefix TEXT NOT NULL,
     key_hash TEXT NOT NULL UNIQUE,
     created_at TEXT NOT NULL,
     last_used_at TEXT,
     revoked_at TEXT
   );
   CREATE INDEX api_key_account ON api_key(account_id);
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
     requests BIGINT NOT NULL,
     PRIMARY KEY (account_id, day)
   );`,
];

/** Any fixed number; it only has to be the same for every instance of Larder. */
const MIGRATION_LOCK = 4_242_001;


const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The multi-instance account store: PostgreSQL through a connection pool. */
export class PgAccountStore implements AccountStore {
  readonly kind = 'postgres' as const;
  private constructor(private readonly pool: pg.Pool) {}

  /**
   * Connects, checks the server answers, and migrates. `schema` (default `public`) lets
   * tests and side-by-side installs keep separate tables in one database.
   */
  static async open(options: { connectionString: string; schema?: string; connectTimeoutMs?: number }): Promise<PgAccountStore> {
    const schema = options.schema ?? 'public';
    if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid PostgreSQL schema name: ${schema}`);
    const pool = new pg.Pool({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 3000,
      // Every pooled connection works in the configured schema.
      options: `-c search_path=${schema}`,
      max: 10,
      idleTimeoutMillis: 30_000,
    });
    // A dropped idle connection must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const store = new PgAccountStore(pool);
    try {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
          await client.query('CREATE TABLE IF NOT EXISTS larder_schema (version INTEGER NOT NULL)');
          const { rows } = await client.query<{ version: number }>('SELECT version FROM larder_schema');
          let version = rows[0]?.version ?? 0;
          if (rows.length === 0) await client.query('INSERT INTO larder_schema (version) VALUES (0)');
          for (; version < MIGRATIONS.length; version++) {
            await client.query('BEGIN');
            await client.query(MIGRATIONS[version]!);
            await client.query('UPDATE larder_schema SET version = $1', [version + 1]);
            await client.query('COMMIT');
          }
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      } finally {
        client.release();
      }
    } catch (err) {
      await pool.end().catch(() => {});
      throw new StoreUnavailableError(`PostgreSQL at ${redactUrl(options.connectionString)} is not usable: ${(err as Error).message}`);
    }
    return store;
  }

  private async rows<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query<T>(sql, params)).rows;
  }

  async createAccount(input: { email: string | null; name: string; plan: PlanName }): Promise<Account> {
    const [row] = await this.rows<AccountRow>(
      'INSERT INTO account (email, name, plan, created_at) VALUES ($1, $2, $3, $4) RETURNING *',
      [input.email, input.name, input.plan, new Date().toISOString()],
    );
    return toAccount(row!);
  }

  async findAccountByEmail(email: string): Promise<Account | null> {
    const [row] = await this.rows<AccountRow>('SELECT * FROM account WHERE lower(email) = lower($1)', [email]);
    return row ? toAccount(row) : null;
  }

  async getAccount(id: number): Promise<Account | null> {
    const [row] = await this.rows<AccountRow>('SELECT * FROM account WHERE id = $1', [id]);
    return row ? toAccount(row) : null;
  }

  async listAccounts(): Promise<Account[]> {
    return (await this.rows<AccountRow>('SELECT * FROM account ORDER BY id')).map(toAccount);
  }

  async setPlan(accountId: number, plan: PlanName): Promise<void> {
    await this.pool.query('UPDATE account SET plan = $1 WHERE id = $2', [plan, accountId]);
  }

  async insertKey(input: { accountId: number; name: string; prefix: string; keyHash: string; createdAt: string }): Promise<ApiKeyRecord> {
    const [row] = await this.rows<KeyRow>(
      'INSERT INTO api_key (account_id, name, prefix, key_hash, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING *',
      [input.accountId, input.name, input.prefix, input.keyHash, input.createdAt],
    );
    return toKey(row!);
  }

  async insertKeyWithinLimit(
    input: { accountId: number; name: string; prefix: string; keyHash: string; createdAt: string },
    maxActive: number,
  ): Promise<{ record: ApiKeyRecord | null; active: number }> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // The account's row lock serialises key creations of one account across instances.
      await client.query('SELECT id FROM account WHERE id = $1 FOR UPDATE', [input.accountId]);
      const { rows } = await client.query<{ n: string }>('SELECT COUNT(*) AS n FROM api_key WHERE account_id = $1 AND revoked_at IS NULL', [
        input.accountId,
      ]);
      const active = Number(rows[0]!.n);
      if (active >= maxActive) {
        await client.query('ROLLBACK');
        return { record: null, active };
      }
      const inserted = await client.query<KeyRow>(
        'INSERT INTO api_key (account_id, name, prefix, key_hash, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING *',
        [input.accountId, input.name, input.prefix, input.keyHash, input.createdAt],
      );
      await client.query('COMMIT');
      return { record: toKey(inserted.rows[0]!), active };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  async findKeyByHash(keyHash: string): Promise<KeyLookup | null> {
    const [row] = await this.rows<KeyRow & { a_email: string | null; a_name: string; a_plan: PlanName; a_created_at: string }>(
      `SELECT k.*, a.email AS a_email, a.name AS a_name, a.plan AS a_plan, a.created_at AS a_created_at
       FROM api_key k JOIN account a ON a.id = k.account_id WHERE k.key_hash = $1`,
      [keyHash],
    );
    if (!row) return null;
    return {
      key: toKey(row),
      account: { id: row.account_id, email: row.a_email, name: row.a_name, plan: row.a_plan, createdAt: row.a_created_at },
    };
  }

  async listKeys(accountId?: number): Promise<ApiKeyRecord[]> {
    const rows =
      accountId === undefined
        ? await this.rows<KeyRow>('SELECT * FROM api_key ORDER BY id')
        : await this.rows<KeyRow>('SELECT * FROM api_key WHERE account_id = $1 ORDER BY id', [accountId]);
    return rows.map(toKey);
  }

  async countActiveKeys(accountId: number): Promise<number> {
    const [row] = await this.rows<{ n: string }>('SELECT COUNT(*) AS n FROM api_key WHERE account_id = $1 AND revoked_at IS NULL', [
      accountId,
    ]);
    return Number(row!.n);
  }

  async revokeKey(keyHash: string, at: string): Promise<boolean> {
    const res = await this.pool.query('UPDATE api_key SET revoked_at = $1 WHERE key_hash = $2 AND revoked_at IS NULL', [at, keyHash]);
    return (res.rowCount ?? 0) > 0;
  }

  async touchKey(keyId: number, at: string): Promise<void> {
    await this.pool.query('UPDATE api_key SET last_used_at = $1 WHERE id = $2', [at, keyId]);
  }

  async revokeKeyById(accountId: number, keyId: number, at: string): Promise<boolean> {
    const res = await this.pool.query(
      'UPDATE api_key SET revoked_at = $1 WHERE id = $2 AND account_id = $3 AND revoked_at IS NULL',
      [at, keyId, accountId],
    );
    return (res.rowCount ?? 0) > 0;
  }

  async setPasswordHash(accountId: number, passwordHash: string): Promise<void> {
    await this.pool.query('UPDATE account SET password_hash = $1 WHERE id = $2', [passwordHash, accountId]);
  }

  async findCredentials(email: string): Promise<{ account: Account; passwordHash: string | null } | null> {
    const [row] = await this.rows<AccountRow>('SELECT * FROM account WHERE lower(email) = lower($1)', [email]);
    return row ? { account: toAccount(row), passwordHash: row.password_hash ?? null } : null;
  }

  async createSession(input: { idHash: string; accountId: number; csrfToken: string; createdAt: string; expiresAt: string }): Promise<void> {
    await this.pool.query('INSERT INTO session (id_hash, account_id, csrf_token, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      input.idHash,
      input.accountId,
      input.csrfToken,
      input.createdAt,
      input.expiresAt,
    ]);
  }

  async findSession(idHash: string): Promise<SessionRecord | null> {
    const [row] = await this.rows<{ account_id: number; csrf_token: string; expires_at: string }>(
      'SELECT account_id, csrf_token, expires_at FROM session WHERE id_hash = $1',
      [idHash],
    );
    return row ? { accountId: row.account_id, csrfToken: row.csrf_token, expiresAt: row.expires_at } : null;
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.pool.query('DELETE FROM session WHERE id_hash = $1', [idHash]);
  }

  async deleteExpiredSessions(before: string): Promise<void> {
    await this.pool.query('DELETE FROM session WHERE expires_at < $1', [before]);
  }

  async addUsage(accountId: number, day: string, count: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO usage_daily (account_id, day, requests) VALUES ($1, $2, $3)
       ON CONFLICT (account_id, day) DO UPDATE SET requests = usage_daily.requests + excluded.requests`,
      [accountId, day, count],
    );
  }

  async getUsage(accountId: number, day: string): Promise<number> {
    const [row] = await this.rows<{ requests: string }>('SELECT requests FROM usage_daily WHERE account_id = $1 AND day = $2', [
      accountId,
      day,
    ]);
    return row ? Number(row.requests) : 0;
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** The connection string without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}
