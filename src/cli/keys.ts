import { AccountService } from '../accounts/service.js';
import { SqliteAccountStore } from '../accounts/sqliteStore.js';
import { loadConfig, type PlanName } from '../config.js';

async function withAccounts<T>(fn: (accounts: AccountService) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const store = new SqliteAccountStore(config.accountsPath);
  try {
    return await fn(new AccountService(store, config.plans));
  } finally {
    await store.close();
  }
}

export async function keysCreateCommand(options: { name: string; email?: string; plan: PlanName }): Promise<void> {
  await withAccounts(async (accounts) => {
    const account = options.email
      ? await accounts.accountForEmail(options.email, options.plan)
      : await accounts.createAccount({ email: null, name: options.name, plan: options.plan });
    const created = await accounts.createKey(account, options.name);
    process.stdout.write(
      `Created key "${options.name}" (${created.record.prefix}...) for account ${account.id} on the ${account.plan} plan.\n` +
        'It is shown once, now; store it somewhere safe:\n' +
        `${created.plaintext}\n`,
    );
  });
}

export async function keysRevokeCommand(key: string): Promise<void> {
  await withAccounts(async (accounts) => {
    if (await accounts.revokeKey(key.trim())) {
      process.stdout.write('revoked\n');
    } else {
      process.stderr.write('larder: no active key matches; it is unknown, malformed or already revoked\n');
      process.exitCode = 1;
    }
  });
}

export async function keysListCommand(): Promise<void> {
  await withAccounts(async (accounts) => {
    const keys = await accounts.store.listKeys();
    const rows = [['id', 'account', 'name', 'prefix', 'created', 'last used', 'state']];
    for (const k of keys) {
      rows.push([
        String(k.id),
        String(k.accountId),
        k.name,
        `${k.prefix}...`,
        k.createdAt,
        k.lastUsedAt ?? '-',
        k.revokedAt ? `revoked ${k.revokedAt}` : 'active',
      ]);
    }
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const r of rows) process.stdout.write(`${r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()}\n`);
  });
}
