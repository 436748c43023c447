import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPgStore, TEST_DATABASE_URL } from '../support/services.js';

const BIN = path.resolve(import.meta.dirname, '..', '..', 'bin', 'larder.js');
const larder = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });

let schema: string;
let drop: () => Promise<void>;
beforeAll(async () => {
  const pg = await openTestPgStore();
  await pg.store.close();
  schema = pg.schema;
  drop = pg.drop;
});
afterAll(async () => drop?.());

const STORES: Array<[string, () => Record<string, string>]> = [
  ['sqlite', () => ({ LARDER_ACCOUNTS_DB: path.join(mkdtempSync(path.join(tmpdir(), 'larder-cli-')), 'accounts.sqlite') })],
  ['postgres', () => ({ DATABASE_URL: TEST_DATABASE_URL, LARDER_DATABASE_SCHEMA: schema })],
];

describe.each(STORES)('larder accounts (%s)', (_kind, envOf) => {
  it('creates, lists and moves accounts between plans; keys follow the plan', () => {
    const env = envOf();
    const created = larder(['accounts', 'create', '--email', 'ops@example.com', '--plan', 'free'], env);
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/^Created account \d+ \(ops@example.com\) on the free plan\.\n$/);
    expect(larder(['accounts', 'create', '--email', 'OPS@example.com'], env).stderr).toMatch(/exists/);

    expect(larder(['keys', 'create', '--name', 'one', '--email', 'ops@example.com'], env).status).toBe(0);
    const refused = larder(['keys', 'create', '--name', 'two', '--email', 'ops@example.com'], env);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/free plan allows 1 active key/);

    const moved = larder(['accounts', 'set-plan', 'ops@example.com', 'pro'], env);
    expect(moved.stdout).toMatch(/is now on the pro plan/);
    const second = larder(['keys', 'create', '--name', 'two', '--email', 'ops@example.com'], env);
    expect(second.status).toBe(0);
    expect(second.stdout.trimEnd().split('\n').at(-1)).toMatch(/^svc_live_[0-9a-f]{32}$/);

    const list = larder(['accounts', 'list'], env);
    expect(list.stdout).toMatch(/^id\s+email\s+name\s+plan\s+active keys\s+created\n/);
    expect(list.stdout).toMatch(/\d+\s+ops@example.com\s+ops@example.com\s+pro\s+2\s+\d{4}-/);

    expect(larder(['accounts', 'set-plan', 'nobody@example.com', 'pro'], env).stderr).toMatch(/no account nobody@example.com/);
    expect(larder(['accounts', 'set-plan', 'ops@example.com', 'gold'], env).stderr).toMatch(/plan must be one of: free, pro, enterprise/);
  }, 120_000);
});
