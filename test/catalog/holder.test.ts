import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, mkdtempSync, openSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AccountService } from '../../src/accounts/service.js';
import { SqliteAccountStore } from '../../src/accounts/sqliteStore.js';
import { CatalogHolder } from '../../src/catalog/holder.js';
import { writeIntegrity } from '../../src/catalog/integrity.js';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import type { FastifyInstance } from 'fastify';

const log = { info() {}, error() {} };
let dir: string;
let file: string;
let holder: CatalogHolder;
let app: FastifyInstance;
let key: string;

/** A complete new catalogue, written beside the served one and renamed over it, as `larder import` does. */
function publishNewCatalogue(version: string): void {
  const next = path.join(dir, `next-${version}.sqlite`);
  copyFileSync(inject('catalogPath'), next);
  const db = new Database(next);
  db.prepare(`UPDATE meta SET value = ? WHERE key = 'catalog_version'`).run(version);
  db.close();
  renameSync(next, file);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'larder-holder-'));
  file = path.join(dir, 'catalog.sqlite');
  copyFileSync(inject('catalogPath'), file);
  holder = new CatalogHolder(file, log, 200);
  const config = loadConfig({ LOG_LEVEL: 'silent', LARDER_MAX_EVENT_LOOP_DELAY_MS: '0', LARDER_PLAN_ENTERPRISE_RPS: '1000000', LARDER_PLAN_ENTERPRISE_DAILY: '100000000' });
  const accounts = new AccountService(new SqliteAccountStore(':memory:'), config.plans);
  key = (await accounts.createKey(await accounts.createAccount({ email: null, name: 'h', plan: 'enterprise' }), 'k')).plaintext;
  app = await buildApp({ config, catalog: holder, accounts, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  holder.close();
});

const version = async () => (await app.inject({ method: 'GET', url: '/readyz' })).json().catalog.version;

describe('catalogue reload', () => {
  it('swaps in a replaced catalogue without a failed request', async () => {
    const before = await version();
    let stop = false;
    const statuses: number[] = [];
    const traffic = (async () => {
      let i = 0;
      while (!stop) {
        const res = await app.inject({ method: 'GET', url: `/v1/ingredients/${[1001, 1002, 20081, 321358][i++ % 4]}`, headers: { 'x-api-key': key } });
        statuses.push(res.statusCode);
        await new Promise((r) => setImmediate(r)); // let timers run between requests
      }
    })();
    const answered = async (n: number) => {
      while (statuses.length < n) await new Promise((r) => setTimeout(r, 5));
    };
    await answered(3);
    publishNewCatalogue('reloaded-1');
    expect(holder.reloadIfChanged()).toBe(true);
    const atSwap = statuses.length;
    await new Promise((r) => setTimeout(r, 300)); // past the grace period: the old one is closed
    await answered(atSwap + 3);
    stop = true;
    await traffic;
    expect(before).not.toBe('reloaded-1');
    expect(await version()).toBe('reloaded-1');
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(holder.reloadIfChanged()).toBe(false);
  });

  it('keeps serving when the replacement cannot be opened', async () => {
    const current = await version();
    const broken = path.join(dir, 'broken.sqlite');
    writeFileSync(broken, 'not a database');
    renameSync(broken, file);
    expect(holder.reloadIfChanged()).toBe(false);
    expect(await version()).toBe(current);
    expect((await app.inject({ method: 'GET', url: '/v1/ingredients/1001', headers: { 'x-api-key': key } })).statusCode).toBe(200);
  });

  it('notices the rename by itself when watching', async () => {
    holder.watch();
    publishNewCatalogue('reloaded-2');
    let seen = '';
    for (let i = 0; i < 40 && seen !== 'reloaded-2'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await version();
    }
    expect(seen).toBe('reloaded-2');
  });
});

describe('catalogue integrity (issue 19, finding 12)', () => {
  it('verifies the file against the hash written at import in the background, and answers /readyz 503 once bytes in its middle change', async () => {
    const own = mkdtempSync(path.join(tmpdir(), 'larder-integrity-'));
    const catalogue = path.join(own, 'catalog.sqlite');
    copyFileSync(inject('catalogPath'), catalogue);
    const db = new Database(catalogue, { readonly: true });
    const catalogVersion = db.prepare(`SELECT value FROM meta WHERE key = 'catalog_version'`).pluck().get() as string;
    db.close();
    await writeIntegrity(catalogue, catalogue, catalogVersion);

    const config = loadConfig({ LOG_LEVEL: 'silent', LARDER_MAX_EVENT_LOOP_DELAY_MS: '0' });
    const serve = async () => {
      const errors: string[] = [];
      const served = new CatalogHolder(catalogue, { info() {}, error: (_o, msg) => errors.push(msg) }, 200);
      const instance = await buildApp({ config, catalog: served, accounts: new AccountService(new SqliteAccountStore(':memory:'), config.plans), logger: false });
      await instance.ready();
      return { served, instance, errors };
    };

    const good = await serve();
    expect((await good.instance.inject({ method: 'GET', url: '/readyz' })).json().catalog.integrity).toMatch(/^(checking|verified)$/);
    await good.served.verifying;
    expect((await good.instance.inject({ method: 'GET', url: '/readyz' })).json().catalog.integrity).toBe('verified');
    await good.instance.close();
    good.served.close();

    // Random bytes written into the middle of the file, as the review did.
    const fd = openSync(catalogue, 'r+');
    writeSync(fd, randomBytes(4096), 0, 4096, Math.floor(statSync(catalogue).size / 2));
    closeSync(fd);
    const bad = await serve();
    await bad.served.verifying;
    const ready = await bad.instance.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 'service_unavailable' });
    expect(ready.json().detail).toMatch(/does not match the content hash written at import/);
    expect(bad.errors).toContain('catalogue integrity check failed');
    await bad.instance.close();
    bad.served.close();
  });
});
