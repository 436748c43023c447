import { spawn, spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const BIN = path.resolve(import.meta.dirname, '..', '..', 'bin', 'larder.js');

function larder(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
}

describe('larder keys', () => {
  it('creates a key printed as the last line, lists it without the secret, and revokes it', () => {
    const env = { LARDER_ACCOUNTS_DB: path.join(mkdtempSync(path.join(tmpdir(), 'larder-cli-')), 'accounts.sqlite') };
    const created = larder(['keys', 'create', '--name', 'ci', '--email', 'ci@example.com', '--plan', 'pro'], env);
    expect(created.status).toBe(0);
    const key = created.stdout.trimEnd().split('\n').at(-1)!;
    expect(key).toMatch(/^svc_live_[0-9a-f]{32}$/);

    const listed = larder(['keys', 'list'], env);
    expect(listed.stdout).toContain(`${key.slice(0, 13)}...`);
    expect(listed.stdout).not.toContain(key);
    expect(listed.stdout).toMatch(/ci\s+svc_live_\w{4}\.\.\.\s+\S+\s+-\s+active/);

    expect(larder(['keys', 'create', '--name', 'second', '--email', 'ci@example.com'], env).status).toBe(0);
    const third = larder(['keys', 'create', '--name', 'third', '--email', 'ci@example.com'], env);
    expect(third.status).toBe(1);
    expect(third.stderr).toMatch(/pro plan allows 2 active keys/);

    expect(larder(['keys', 'revoke', key], env).stdout).toBe('revoked\n');
    const again = larder(['keys', 'revoke', key], env);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already revoked/);
    expect(larder(['keys', 'create', '--name', 'x', '--plan', 'platinum'], env).status).not.toBe(0);
  });

  it('refuses control characters in names and emails, and escapes stored ones when listing (issue 19, finding 11)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'larder-cli-'));
    const env = { LARDER_ACCOUNTS_DB: path.join(dir, 'accounts.sqlite') };
    const refused = larder(['keys', 'create', '--name', 'evil\u001b[2J', '--email', 'ctl@example.com'], env);
    expect(refused.status).toBe(1);
    expect(refused.stdout).not.toMatch(/svc_live_/);
    expect(larder(['accounts', 'create', '--email', 'a\u001b]0;pwned\u0007@example.com'], env).status).toBe(1);
    // A name stored before the rule (written straight into the file) is escaped, not sent raw.
    expect(larder(['keys', 'create', '--name', 'plain', '--email', 'ctl@example.com'], env).status).toBe(0);
    const db = new Database(env.LARDER_ACCOUNTS_DB);
    db.prepare("UPDATE api_key SET name = ?").run('old\u001b[31mred');
    db.prepare("UPDATE account SET name = ?").run('bidi\u202egnp.exe');
    db.close();
    const keys = larder(['keys', 'list'], env).stdout;
    expect(keys).not.toContain('\u001b');
    expect(keys).toContain('old\\u{1b}[31mred');
    const accounts = larder(['accounts', 'list'], env).stdout;
    expect(accounts).not.toContain('\u202e');
    expect(accounts).toContain('bidi\\u{202e}gnp.exe');
    // The account store holds password and key hashes: readable by its owner only.
    expect(statSync(env.LARDER_ACCOUNTS_DB).mode & 0o777).toBe(0o600);
  });

  it('explains a missing source directory', () => {
    const res = larder(['import', '--source', '/nonexistent/data', '--out', path.join(tmpdir(), 'never.sqlite')], {});
    expect(res.status).toBe(1);
    expect(res.stderr).toBe('larder: source directory /nonexistent/data does not exist\n');
  });
});

describe('larder serve', () => {
  it('starts on an existing catalogue, prints a first key once, and answers with it over HTTP', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'larder-serve-'));
    const env = { ...process.env, LARDER_CATALOG: inject('catalogPath'), LARDER_ACCOUNTS_DB: path.join(dir, 'accounts.sqlite'), PORT: '0' };
    const start = () => {
      const child = spawn(process.execPath, [BIN, 'serve'], { env });
      let out = '';
      const ready = new Promise<{ url: string; out: string }>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          out += chunk;
          const m = /API reference at (http:\/\/127\.0\.0\.1:\d+)\/docs/.exec(out);
          if (m) resolve({ url: m[1]!, out });
        });
        child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
      });
      return { child, ready };
    };

    const first = start();
    const { url, out } = await first.ready;
    const key = /(svc_live_[0-9a-f]{32})/.exec(out)![1]!;
    const res = await fetch(`${url}/v1/ingredients/1001`, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { name: string }).name).toBe('Butter, salted');
    expect(out).not.toMatch(new RegExp(`"${key}"`)); // printed for the operator, never inside a log line
    first.child.kill('SIGTERM');
    await new Promise((r) => first.child.on('exit', r));

    const second = start();
    const again = await second.ready;
    expect(again.out).not.toMatch(/svc_live_[0-9a-f]{32}/);
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.on('exit', r));
  });

  it('creates no first key when the start fails before listening, and prints one at the next good start (issue 19, finding 10)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'larder-serve-'));
    const accountsDb = path.join(dir, 'accounts.sqlite');
    const broken = path.join(dir, 'broken.sqlite');
    writeFileSync(broken, randomBytes(64 * 1024));
    const failed = spawnSync(process.execPath, [BIN, 'serve'], {
      env: { ...process.env, LARDER_CATALOG: broken, LARDER_ACCOUNTS_DB: accountsDb, PORT: '0', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(failed.status).not.toBe(0);
    expect(failed.stdout).not.toMatch(/svc_live_/);
    expect(larder(['keys', 'list'], { LARDER_ACCOUNTS_DB: accountsDb }).stdout.trim().split('\n')).toHaveLength(1); // the header only

    const child = spawn(process.execPath, [BIN, 'serve'], { env: { ...process.env, LARDER_CATALOG: inject('catalogPath'), LARDER_ACCOUNTS_DB: accountsDb, PORT: '0' } });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        out += chunk;
        const m = /API reference at (http:\/\/127\.0\.0\.1:\d+)\/docs/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
    });
    const key = /(svc_live_[0-9a-f]{32})/.exec(out)?.[1];
    expect(key).toBeDefined();
    expect((await fetch(`${url}/v1/ingredients/1001`, { headers: { 'x-api-key': key! } })).status).toBe(200);
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
  });
});

describe('larder links report', () => {
  it('prints per-country link counts, the score distribution and a sample; --json for scripts', () => {
    const env = { LARDER_CATALOG: inject('catalogPath') };
    const text = larder(['links', 'report', '--sample', '3'], env);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^GB uk_cofid: 2886 foods, \d+ linked \([\d.]+%\), \d+ verified \([\d.]+%\); \d+ canonical ingredients answered$/m);
    expect(text.stdout).toMatch(/^FR fr_ciqual: 3185 foods/m);
    expect(text.stdout).toMatch(/^  0\.9-1\.0\s+\d+\s+\d+$/m);
    // Swedish names are shown as published, with the glossary reading the linker compared.
    expect(text.stdout).toMatch(/^SE se_livsmedelsverket: 2088 foods[\s\S]*?sample:\n.* \[read as: [a-z]/m);
    const json = larder(['links', 'report', '--sample', '2', '--json'], env);
    const report = JSON.parse(json.stdout) as Array<{
      country: string;
      foods: number;
      linked: number;
      verified: number;
      ingredients: number;
      sample: Array<{ name: string; compared_as: string }>;
    }>;
    expect(report.map((r) => r.country).sort()).toEqual(['DE', 'DK', 'FR', 'GB', 'NO', 'SE']);
    for (const r of report) {
      expect(r.verified).toBeGreaterThan(100);
      expect(r.verified).toBeLessThanOrEqual(r.linked);
      // From the ingredient's side: several ingredients may share one national food
      expect(r.ingredients).toBeGreaterThan(r.verified * 0.8);
      expect(r.linked).toBeLessThanOrEqual(r.foods);
      expect(r.sample).toHaveLength(2);
    }
    const swedish = report.find((r) => r.country === 'SE')!.sample[0]!;
    expect(swedish.compared_as).not.toBe(swedish.name);
  });
});
