import type { Config } from '../config.js';
import { PgAccountStore } from './pgStore.js';
import { SqliteAccountStore } from './sqliteStore.js';
import type { AccountStore } from './store.js';

/**
 * The account store the configuration asks for: PostgreSQL when DATABASE_URL is set
 * (throws StoreUnavailableError, with the reason, when it cannot be reached), else the
 * SQLite file.
 */
export async function openAccountStore(config: Config): Promise<AccountStore> {
  if (config.databaseUrl) return PgAccountStore.open({ connectionString: config.databaseUrl, schema: config.databaseSchema });
  return new SqliteAccountStore(config.accountsPath);
}
