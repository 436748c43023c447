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

describe('reusing a key lookup for keyRevalidateMs', () => {
  it('asks the store once per window, sees a revocation made elsewhere after it, and one made here at once', async () => {
    const revalidating = new AccountService(store, loadConfig({}).plans, undefined, { keyRevalidateMs: 1000 });
    const account = await revalidating.createAccount({ email: null, name: 'r', plan: 'pro' });
    const first = await revalidating.createKey(account, 'one');
    const second = await revalidating.createKey(account, 'two');
    let lookups = 0;
    const original = store.findKeyByHash.bind(store);
    store.findKeyByHash = async (hash) => {
      lookups++;
      return original(hash);
    };
    await revalidating.authenticate(first.plaintext);
    await revalidating.authenticate(first.plaintext);
    expect(lookups).toBe(1);

    // Another process (the CLI, another instance) revokes it in the store itself.
    const revokedAt = Date.now();
    expect(await store.revokeKey(hashApiKey(first.plaintext), new Date().toISOString())).toBe(true);
    // Within the window the cached answer stands (no store call)...
    await revalidating.authenticate(first.plaintext);
    expect(lookups).toBe(1);
    // ...and once it has passed, the store is asked again and the revocation holds.
    let code: string | null = null;
    while (code === null && Date.now() - revokedAt < 5000) {
      code = await revalidating.authenticate(first.plaintext).then(
        () => null,
        (err: ApiError) => err.code,
      );
      if (code === null) await new Promise((r) => setTimeout(r, 20));
    }
    expect(code).toBe('revoked_api_key');
    expect(lookups).toBe(2);

    // Revoked through this service: refused on the very next request.
    await revalidating.authenticate(second.plaintext);
    await revalidating.revokeKey(second.plaintext);
    await expect(revalidating.authenticate(second.plaintext)).rejects.toMatchObject({ code: 'revoked_api_key' });
  });

  it('accepts a key without a promise only while its store answer is fresh, never one revoked here or malformed', async () => {
    const revalidating = new AccountService(store, loadConfig({}).plans, undefined, { keyRevalidateMs: 1000 });
    const account = await revalidating.createAccount({ email: null, name: 'f', plan: 'pro' });
    const { plaintext } = await revalidating.createKey(account, 'one');
    // Not looked up yet: not decided here (the caller awaits authenticate).
    expect(revalidating.authenticateFresh(plaintext)).toBeNull();
    await revalidating.authenticate(plaintext);
    expect(revalidating.authenticateFresh(plaintext)?.account.id).toBe(account.id);
    expect(revalidating.authenticateFresh(undefined)).toBeNull();
    expect(revalidating.authenticateFresh(plaintext.toUpperCase())).toBeNull();
    // Another last digit (a fixed "0" was the key itself for one key in 16).
    expect(revalidating.authenticateFresh(`${plaintext.slice(0, -1)}${plaintext.endsWith('0') ? '1' : '0'}`)).toBeNull();
    await revalidating.revokeKey(plaintext);
    expect(revalidating.authenticateFresh(plaintext)).toBeNull();
    await expect(revalidating.authenticate(plaintext)).rejects.toMatchObject({ code: 'revoked_api_key' });
  });

  it('asks the store again once the window has passed, even on the synchronous path', async () => {
    const revalidating = new AccountService(store, loadConfig({}).plans, undefined, { keyRevalidateMs: 50 });
    const account = await revalidating.createAccount({ email: null, name: 's', plan: 'pro' });
    const { plaintext } = await revalidating.createKey(account, 'one');
    await revalidating.authenticate(plaintext);
    expect(revalidating.authenticateFresh(plaintext)).not.toBeNull();
    await new Promise((r) => setTimeout(r, 80));
    expect(revalidating.authenticateFresh(plaintext)).toBeNull();
  });

  it('is capped at one second by the configuration', () => {
    expect(loadConfig({}).keyRevalidateMs).toBe(500);
    expect(() => loadConfig({ LARDER_KEY_REVALIDATE_MS: '1500' })).toThrow(/keyRevalidateMs|1000/);
  });
});

describe('a revocation racing a key lookup', () => {
  it('does not let a lookup that started before the revocation cache the key as active', async () => {
    const racing = new AccountService(store, loadConfig({}).plans, undefined, { keyRevalidateMs: 500 });
    const account = await racing.createAccount({ email: null, name: 'race', plan: 'pro' });
    const { plaintext, record } = await racing.createKey(account, 'k');
    const original = store.findKeyByHash.bind(store);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The store answers this lookup with what it read before the revocation, after it.
    store.findKeyByHash = async (hash) => {
      const before = await original(hash);
      await gate;
      return before;
    };
    const inFlight = racing.authenticate(plaintext);
    expect(await racing.revokeKeyOf(account, record.id)).toBe(true);
    release();
    await expect(inFlight).resolves.toBeTruthy(); // it began before the revocation
    store.findKeyByHash = original;
    await expect(racing.authenticate(plaintext)).rejects.toMatchObject({ code: 'revoked_api_key' });
  });
});
