import { describe, expect, it } from 'vitest';
import { retryWhileLocked } from '../../src/accounts/sqliteStore.js';

const sqliteError = (code: string) => Object.assign(new Error('database is locked'), { code });

describe('retryWhileLocked (opening the accounts file beside other processes)', () => {
  it('runs the step again while SQLite answers busy or locked, then returns', () => {
    let calls = 0;
    retryWhileLocked(() => {
      calls++;
      if (calls === 1) throw sqliteError('SQLITE_BUSY');
      if (calls === 2) throw sqliteError('SQLITE_BUSY_RECOVERY');
      if (calls === 3) throw sqliteError('SQLITE_LOCKED');
    });
    expect(calls).toBe(4);
  });

  it('passes any other error on at once', () => {
    let calls = 0;
    expect(() =>
      retryWhileLocked(() => {
        calls++;
        throw sqliteError('SQLITE_CORRUPT');
      }),
    ).toThrow('database is locked');
    expect(calls).toBe(1);
  });
});
