import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServedLarder } from '../support/server.js';

/**
 * The dashboard in a real browser: Debian's chromium (installed by .ci/run, never downloaded
 * by the tests) driven by playwright-core, against the real server.
 */
const CHROMIUM = process.env.LARDER_CHROMIUM ?? '/usr/bin/chromium';
let server: ServedLarder;
let browser: Browser;
beforeAll(async () => {
  server = new ServedLarder({ LOG_LEVEL: 'warn' });
  await server.start();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Playwright gives each launch a new empty profile; the flags keep chromium off the closed network.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('dashboard in chromium', () => {
  it('signs up, creates a key, uses it, revokes it, and the key then answers 401', async () => {
    const context = await browser.newContext({ baseURL: server.url });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));

    await page.goto('/dashboard');
    await page.waitForURL(/\/dashboard\/sign-in$/);
    await page.getByRole('link', { name: 'Create one' }).click();
    await page.getByLabel('Email').fill('browser@example.com');
    await page.getByLabel(/^Password/).fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Sign-up starts no session (it would tell a taken email from a new one): sign in.
    await page.waitForURL(/\/dashboard\/sign-in\?notice=signed-up$/);
    await page.getByLabel('Email').fill('browser@example.com');
    await page.getByLabel(/^Password/).fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    expect(await page.locator('#usage-text').textContent()).toBe('0 of 1,000');

    await page.getByLabel('Key name').fill('browser test');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('you will not see this again').waitFor();
    const key = await page.getByLabel('API key').inputValue();
    expect(key).toMatch(/^svc_live_[0-9a-f]{32}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await page.screenshot({ path: path.join(tmpdir(), 'larder-dashboard-new-key.png'), fullPage: true });

    // The key against the API, from the page's own origin.
    const used = await page.evaluate(async (k) => {
      const res = await fetch('/v1/ingredients/1001', { headers: { 'x-api-key': k } });
      return { status: res.status, name: (await res.json()).name, limit: res.headers.get('ratelimit-policy') };
    }, key);
    expect(used).toEqual({ status: 200, name: 'Butter, salted', limit: '"burst";q=5;w=1, "daily";q=1000;w=86400' });

    // The list shows the key (prefix only) and the count of today's use.
    await page.goto('/dashboard');
    expect(await page.content()).not.toContain(key);
    const row = page.getByRole('row', { name: /browser test/ });
    expect(await row.textContent()).toContain(`${key.slice(0, 13)}…`);
    expect(await row.textContent()).toContain('active');
    expect(await page.locator('#usage-text').textContent()).toBe('1 of 1,000');

    await page.getByLabel('Key name').fill('second');
    await page.getByRole('button', { name: 'Create key' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('the free plan allows 1 active key');

    await page.getByRole('button', { name: 'Revoke key browser test' }).click();
    await page.getByRole('status').filter({ hasText: 'The key was revoked' }).waitFor();
    expect(await page.getByRole('row', { name: /browser test/ }).textContent()).toContain('revoked');

    const after = await fetch(`${server.url}/v1/ingredients/1001`, { headers: { 'x-api-key': key } });
    expect(after.status).toBe(401);
    expect((await after.json()).code).toBe('revoked_api_key');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/sign-in\?notice=signed-out$/);
    await page.screenshot({ path: path.join(tmpdir(), 'larder-dashboard-signed-out.png') });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
