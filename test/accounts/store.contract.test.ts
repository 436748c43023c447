import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../src/accounts/apiKeys.js';
import { AccountService } from '../../src/accounts/service.js';
import { SqliteAccountStore } from '../../src/accounts/sqliteStore.js';
import type { AccountStore } from '../../src/accounts/store.js';
import { loadConfig } from '../../src/config.js';
import { openTestPgStore } from '../support/services.js';

/** The same contract for the embedded store and the PostgreSQL one (a real server, a fresh schema). */
const IMPLEMENTATIONS: Array<[string, () => Promise<{ store: AccountStore; cleanup(): Promise<void> }>]> = [
  ['sqlite', async () => {
    const store = new SqliteAccountStore(':memory:');
    return { store, cleanup: () => store.close() };
  }],
  ['postgres', async () => {
    const { store, drop } = await openTestPgStore();
    return { store, cleanup: async () => { await store.close(); await drop(); } };
  }],
];

describe.each(IMPLEMENTATIONS)('account store: %s', (kind, open) => {
  let store: AccountStore;
  let cleanup: () => Promise<void>;
  let service: AccountService;
  beforeAll(async () => {
    ({ store, cleanup } = await open());
    service = new AccountService(store, loadConfig({}).plans);
  });
  afterAll(async () => cleanup());

  it('says what it is', () => {
    expect(store.kind).toBe(kind);
  });

  it('creates accounts, finds them by email whatever the case, and changes plans', async () => {
    const a = await store.createAccount({ email: 'Contract@Example.com', name: 'c', plan: 'free' });
    expect(a).toMatchObject({ email: 'Contract@Example.com', name: 'c', plan: 'free' });
    expect((await store.findAccountByEmail('contract@example.com'))?.id).toBe(a.id);
    await store.setPlan(a.id, 'pro');
    expect((await store.getAccount(a.id))?.plan).toBe('pro');
    expect((await store.listAccounts()).map((x) => x.id)).toContain(a.id);
    await expect(store.createAccount({ email: 'contract@EXAMPLE.com', name: 'dup', plan: 'free' })).rejects.toThrow();
  });

  it('creates exactly the plan\'s number of keys under 20 concurrent creations (issue 19, finding 5)', async () => {
    for (const [plan, allowed] of [['free', 1], ['pro', 2]] as const) {
      const account = await store.createAccount({ email: null, name: `race-${plan}`, plan });
      // Separate services, as separate instances would be: no shared in-process state.
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => new AccountService(store, loadConfig({}).plans).createKey(account, `race ${i}`)),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(allowed);
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(refused).toHaveLength(20 - allowed);
      for (const r of refused) expect(r.reason.code).toBe('plan_limit_reached');
      expect(await store.countActiveKeys(account.id)).toBe(allowed);
    }
  });

  it('stores keys by hash, counts active ones, revokes by hash and by id within the account only', async () => {
    const a = await store.createAccount({ email: null, name: 'k', plan: 'enterprise' });
    const other = await store.createAccount({ email: null, name: 'other', plan: 'free' });
    const one = await service.createKey(a, 'one');
    const two = await service.createKey(a, 'two');
    expect(await store.countActiveKeys(a.id)).toBe(2);
    const found = await store.findKeyByHash(hashApiKey(one.plaintext));
    expect(found?.key).toMatchObject({ id: one.record.id, name: 'one', revokedAt: null });
    expect(found?.account).toMatchObject({ id: a.id, plan: 'enterprise' });
    expect(await store.revokeKeyById(other.id, two.record.id, new Date().toISOString())).toBe(false);
    expect(await store.revokeKeyById(a.id, two.record.id, '2026-01-02T03:04:05.000Z')).toBe(true);
    expect(await store.revokeKeyById(a.id, two.record.id, '2026-01-02T03:04:05.000Z')).toBe(false);
    expect(await store.revokeKey(hashApiKey(one.plaintext), '2026-01-03T00:00:00.000Z')).toBe(true);
    expect(await store.countActiveKeys(a.id)).toBe(0);
    const keys = await store.listKeys(a.id);
    expect(keys.map((k) => [k.name, k.revokedAt])).toEqual([
      ['one', '2026-01-03T00:00:00.000Z'],
      ['two', '2026-01-02T03:04:05.000Z'],
    ]);
    await store.touchKey(one.record.id, '2026-01-01T00:00:00.000Z');
    expect((await store.listKeys(a.id))[0]!.lastUsedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(JSON.stringify(await store.listKeys())).not.toContain(one.plaintext);
  });

  it('signs up with a scrypt password and signs in only with it', async () => {
    const a = await service.signUp('dev@example.org', 'correct horse battery');
    expect(a?.plan).toBe('free');
    expect(await service.signUp('DEV@example.org', 'another password')).toBeNull();
    const creds = await store.findCredentials('dev@example.org');
    expect(creds?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(creds?.passwordHash).not.toContain('correct horse');
    expect((await service.signIn('dev@example.org', 'correct horse battery'))?.id).toBe(a!.id);
    expect(await service.signIn('dev@example.org', 'correct horse batter')).toBeNull();
    expect(await service.signIn('nobody@example.org', 'correct horse battery')).toBeNull();
  });

  it('keeps sessions by the hash of their token until they end or expire', async () => {
    const a = await store.createAccount({ email: 'sess@example.org', name: 's', plan: 'free' });
    const s = await service.startSession(a.id);
    const found = await service.session(s.token);
    expect(found?.account.id).toBe(a.id);
    expect(found?.session.csrfToken).toBe(s.csrfToken);
    expect(await service.session(`${s.token}x`)).toBeNull();
    const later = new AccountService(store, loadConfig({}).plans, () => new Date(Date.now() + 8 * 86400_000));
    expect(await later.session(s.token)).toBeNull();
    await service.endSession(s.token);
    expect(await service.session(s.token)).toBeNull();
    // The sweep (run whenever a session starts) removes sessions past their expiry.
    const old = await service.startSession(a.id);
    await store.deleteExpiredSessions(new Date(Date.now() + 8 * 86400_000).toISOString());
    expect(await store.findSession(createHash('sha256').update(old.token).digest('hex'))).toBeNull();
  });

  it('adds daily usage per account and day', async () => {
    const a = await store.createAccount({ email: null, name: 'u', plan: 'free' });
    await store.addUsage(a.id, '2026-03-01', 3);
    await store.addUsage(a.id, '2026-03-01', 4);
    await store.addUsage(a.id, '2026-03-02', 1);
    expect(await store.getUsage(a.id, '2026-03-01')).toBe(7);
    expect(await store.getUsage(a.id, '2026-03-02')).toBe(1);
    expect(await store.getUsage(a.id, '2026-03-03')).toBe(0);
    service.recordUsage(a.id, '2026-03-03');
    service.recordUsage(a.id, '2026-03-03');
    expect(await service.recordedUsage(a.id, '2026-03-03')).toBe(2);
    await service.flushUsage();
    expect(await store.getUsage(a.id, '2026-03-03')).toBe(2);
    await service.close();
  });

  it('answers a ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});
