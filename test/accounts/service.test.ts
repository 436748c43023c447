import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashApiKey, isWellFormedApiKey } from '../../src/accounts/apiKeys.js';
import { AccountService } from '../../src/accounts/service.js';
import { SqliteAccountStore } from '../../src/accounts/sqliteStore.js';
import { loadConfig } from '../../src/config.js';
import { ApiError } from '../../src/errors.js';

let store: SqliteAccountStore;
let service: AccountService;
beforeEach(() => {
  store = new SqliteAccountStore(':memory:');
  service = new AccountService(store, loadConfig({}).plans);
});
afterEach(async () => store.close());

describe('accounts and keys', () => {
  it('creates well-formed keys stored only as their hash', async () => {
    const account = await service.createAccount({ email: 'a@example.com', name: 'a', plan: 'free' });
    const { plaintext, record } = await service.createKey(account, 'app');
    expect(isWellFormedApiKey(plaintext)).toBe(true);
    expect(record.keyHash).toBe(hashApiKey(plaintext));
    expect(record.prefix).toBe(plaintext.slice(0, 13));
    expect(JSON.stringify(await store.listKeys())).not.toContain(plaintext);
    expect((await service.authenticate(plaintext)).account.id).toBe(account.id);
  });

  it('holds each plan to its key count', async () => {
    const free = await service.createAccount({ email: null, name: 'f', plan: 'free' });
    const first = await service.createKey(free, 'one');
    await expect(service.createKey(free, 'two')).rejects.toMatchObject({ code: 'plan_limit_reached' });
    await service.revokeKey(first.plaintext);
    await expect(service.createKey(free, 'two')).resolves.toBeTruthy();
    const pro = await service.createAccount({ email: null, name: 'p', plan: 'pro' });
    await service.createKey(pro, '1');
    await service.createKey(pro, '2');
    await expect(service.createKey(pro, '3')).rejects.toBeInstanceOf(ApiError);
  });

  it('refuses missing, malformed, unknown and revoked keys with their codes', async () => {
    const account = await service.createAccount({ email: null, name: 'x', plan: 'enterprise' });
    const { plaintext } = await service.createKey(account, 'k');
    await expect(service.authenticate(undefined)).rejects.toMatchObject({ code: 'missing_api_key', status: 401 });
    await expect(service.authenticate('nope')).rejects.toMatchObject({ code: 'invalid_api_key' });
    await expect(service.authenticate(`svc_live_${'a'.repeat(32)}`)).rejects.toMatchObject({ code: 'invalid_api_key' });
    expect(await service.revokeKey(plaintext)).toBe(true);
    expect(await service.revokeKey(plaintext)).toBe(false);
    await expect(service.authenticate(plaintext)).rejects.toMatchObject({ code: 'revoked_api_key' });
  });

  it('records when a key was last used', async () => {
    const account = await service.createAccount({ email: null, name: 'x', plan: 'free' });
    const { plaintext, record } = await service.createKey(account, 'k');
    expect(record.lastUsedAt).toBeNull();
    await service.authenticate(plaintext);
    expect((await store.listKeys())[0]!.lastUsedAt).not.toBeNull();
  });

  it('finds or creates the account of an email', async () => {
    const a = await service.accountForEmail('Dev@Example.com', 'pro');
    const b = await service.accountForEmail('dev@example.com', 'free');
    expect(b.id).toBe(a.id);
    expect(b.plan).toBe('pro');
  });
});
