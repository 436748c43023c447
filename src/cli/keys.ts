import { openAccountStore } from '../accounts/open.js';
import { AccountService } from '../accounts/service.js';
import type { Account } from '../accounts/store.js';
import { loadConfig, PLAN_NAMES, type PlanName } from '../config.js';
import { ApiError } from '../errors.js';
import { escapeUnprintable } from '../accounts/text.js';

/** Runs with the configured account store (SQLite file, or PostgreSQL with DATABASE_URL). */
async function withAccounts<T>(fn: (accounts: AccountService) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const store = await openAccountStore(config);
  try {
    return await fn(new AccountService(store, config.plans));
  } finally {
    await store.close();
  }
}

/** Stored names and emails may predate the printable rule: escaped, never sent raw to a terminal. */
function printTable(rows: string[][]): void {
  rows = rows.map((r) => r.map(escapeUnprintable));
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) process.stdout.write(`${r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()}\n`);
}

/** An account named by id or email. */
async function findAccount(accounts: AccountService, ref: string): Promise<Account> {
  const found = /^\d+$/.test(ref) ? await accounts.store.getAccount(Number(ref)) : await accounts.store.findAccountByEmail(ref);
  if (!found) throw new ApiError('not_found', `no account ${ref}`);
  return found;
}

export async function accountsCreateCommand(options: { email: string; name?: string; plan: PlanName }): Promise<void> {
  await withAccounts(async (accounts) => {
    if (await accounts.store.findAccountByEmail(options.email)) throw new ApiError('invalid_parameter', `an account with email ${options.email} exists`);
    const account = await accounts.createAccount({ email: options.email, name: options.name ?? options.email, plan: options.plan });
    process.stdout.write(`Created account ${account.id} (${escapeUnprintable(account.email ?? '')}) on the ${account.plan} plan.\n`);
  });
}

export async function accountsSetPlanCommand(ref: string, plan: string): Promise<void> {
  if (!(PLAN_NAMES as readonly string[]).includes(plan)) throw new ApiError('invalid_parameter', `plan must be one of: ${PLAN_NAMES.join(', ')}`);
  await withAccounts(async (accounts) => {
    const account = await findAccount(accounts, ref);
    await accounts.store.setPlan(account.id, plan as PlanName);
    process.stdout.write(`Account ${account.id} is now on the ${plan} plan.\n`);
  });
}

export async function accountsListCommand(): Promise<void> {
  await withAccounts(async (accounts) => {
    const rows = [['id', 'email', 'name', 'plan', 'active keys', 'created']];
    for (const a of await accounts.store.listAccounts()) {
      rows.push([String(a.id), a.email ?? '-', a.name, a.plan, String(await accounts.store.countActiveKeys(a.id)), a.createdAt]);
    }
    printTable(rows);
  });
}

export async function keysCreateCommand(options: { name: string; email?: string; plan: PlanName }): Promise<void> {
  await withAccounts(async (accounts) => {
    const account = options.email
      ? await accounts.accountForEmail(options.email, options.plan)
      : await accounts.createAccount({ email: null, name: options.name, plan: options.plan });
    const created = await accounts.createKey(account, options.name);
    process.stdout.write(
      `Created key "${escapeUnprintable(options.name)}" (${created.record.prefix}...) for account ${account.id} on the ${account.plan} plan.\n` +
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
    printTable(rows);
  });
}
