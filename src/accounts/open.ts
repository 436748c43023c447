import type { Config } from '../config.js';
import { SqliteAccountStore } from './sqliteStore.js';
import type { AccountStore } from './store.js';

/**
 * The account store the configuration asks for: PostgreSQL when DATABASE_URL is set
 * (throws StoreUnavailableError, with the reason, when it cannot be reached), else the
 * SQLite file.
 */
export async function openAccountStore(config: Config): Promise<AccountStore> {
  if (config.databaseUrl) {
    // Loaded only when configured: the embedded default should not pay for the pg driver at start.
    const { PgAccountStore } = await import('./pgStore.js');
    return PgAccountStore.open({ connectionString: config.databaseUrl, schema: config.databaseSchema });
  }
  return new SqliteAccountStore(config.accountsPath);
}
