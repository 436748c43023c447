import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsApp, type AccountsTestApp } from '../../support/accountsApp.js';
import { csrfOf, FormClient, keyOf } from '../../support/browserless.js';

let t: AccountsTestApp;
let client: FormClient;
beforeAll(async () => {
  t = await buildAccountsApp({});
  client = newClient();
});
afterAll(async () => t.close());

function newClient(remoteAddress = '127.0.0.1'): FormClient {
  return new FormClient(async (req) => {
    const res = await t.app.inject({
      method: req.method as 'GET',
      url: req.url,
      headers: { host: 'larder.test', ...req.headers },
      payload: req.body,
      remoteAddress,
    });
    return { status: res.statusCode, headers: res.headers as Record<string, string | string[] | undefined>, body: res.body };
  });
}

describe('dashboard', () => {
  it('sends a visitor without a session to sign in', async () => {
    const res = await client.get('/dashboard');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard/sign-in');
  });

  it('signs up with CSRF-checked forms and an httpOnly SameSite session cookie', async () => {
    const page = await client.get('/dashboard/sign-up');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(String(page.headers['set-cookie'])).toMatch(/^larder_form=[\w-]{20,}; Path=\/dashboard; HttpOnly; SameSite=Strict/);
    const csrf = csrfOf(page.body);

    const forged = await client.post('/dashboard/sign-up', { email: 'dev@example.com', password: 'a long password', csrf: 'x'.repeat(32) });
    expect(forged.status).toBe(400);
    expect(forged.headers['content-type']).toMatch(/^text\/html/);
    expect(forged.body).toContain('the form expired or came from another site');
    const crossSite = await client.post('/dashboard/sign-up', { email: 'dev@example.com', password: 'a long password', csrf }, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(400);
    const short = await client.post('/dashboard/sign-up', { email: 'dev@example.com', password: 'short', csrf });
    expect(short.status).toBe(200);
    expect(short.body).toContain('<p class="error" role="alert">Choose a password of 10 to 200 characters.</p>');

    // Issue 19, finding 6: trivial passwords are refused whatever their length.
    for (const weak of [' '.repeat(10), '\u0000'.repeat(10), 'password123', '1234567890', 'qwertyuiop1', 'dev@example.com1']) {
      const res = await client.post('/dashboard/sign-up', { email: 'dev@example.com', password: weak, csrf });
      expect(res.status, JSON.stringify(weak)).toBe(200);
      expect(res.body, JSON.stringify(weak)).toMatch(/too easy to guess|control characters/);
    }
    expect((await client.post('/dashboard/sign-up', { email: 'dev\u001b[2J@example.com', password: 'a long password', csrf })).body).toContain('Enter a valid email address.');

    const ok = await client.post('/dashboard/sign-up', { email: 'dev@example.com', password: 'a long password', csrf }, { origin: 'http://larder.test' });
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe('/dashboard/sign-in?notice=signed-up');
    expect(String(ok.headers['set-cookie'] ?? '')).not.toContain('larder_session');
    expect((await client.get('/dashboard/sign-in?notice=signed-up')).body).toContain('If that email was new, its account is ready');
    const signIn = await client.post('/dashboard/sign-in', { email: 'dev@example.com', password: 'a long password', csrf: csrfOf((await client.get('/dashboard/sign-in')).body) });
    expect(signIn.status).toBe(303);
    const session = (Array.isArray(signIn.headers['set-cookie']) ? signIn.headers['set-cookie'] : [String(signIn.headers['set-cookie'])]).find((c) => c.startsWith('larder_session='));
    expect(session).toMatch(/; Max-Age=604800/);
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Strict/);
    expect(session).toMatch(/; Path=\/dashboard/);

    // Issue 19, finding 6: a taken email answers exactly as a new one (no enumeration).
    const again = newClient('192.0.2.44');
    const dup = await again.post('/dashboard/sign-up', { email: 'DEV@example.com', password: 'a long password', csrf: csrfOf((await again.get('/dashboard/sign-up')).body) });
    expect(dup.status).toBe(ok.status);
    expect(dup.headers.location).toBe(ok.headers.location);
    expect(dup.headers['set-cookie']).toBeUndefined();
    expect(dup.body).toBe(ok.body);
  });

  it('throttles sign-ups per address (issue 19, finding 6)', async () => {
    const bot = newClient('203.0.113.200');
    const csrf = csrfOf((await bot.get('/dashboard/sign-up')).body);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await bot.post('/dashboard/sign-up', { email: `bot${i}@example.com`, password: 'Marmalade-on-rye-toast', csrf })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(303));
    const refused = await bot.post('/dashboard/sign-up', { email: 'bot99@example.com', password: 'Marmalade-on-rye-toast', csrf });
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('Too many sign-ups from your network');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(await t.accounts.store.findAccountByEmail('bot10@example.com')).toBeNull();
    expect(await t.accounts.store.findAccountByEmail('bot9@example.com')).not.toBeNull();
    // Another address is not affected.
    const person = newClient('198.51.100.201');
    expect((await person.post('/dashboard/sign-up', { email: 'person@example.com', password: 'Marmalade-on-rye-toast', csrf: csrfOf((await person.get('/dashboard/sign-up')).body) })).status).toBe(303);
  });

  it('shows the plan and usage, creates a key once, holds the plan, lists and revokes', async () => {
    let page = await client.get('/dashboard');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toMatch(/<dt>Plan<\/dt><dd>free<\/dd>/);
    expect(page.body).toContain('<span id="usage-text">0 of 1,000</span>');
    expect(page.body).toContain('<dt>Active keys</dt><dd>0 of 1</dd>');
    const csrf = csrfOf(page.body);

    expect((await client.post('/dashboard/keys', { name: 'app', csrf: 'wrong' })).status).toBe(400);
    // Issue 19, finding 11: names are printed by `larder keys list`; no terminal control sequences.
    expect((await client.post('/dashboard/keys', { name: 'evil\u001b[2J', csrf })).body).toContain('Give the key a name of 1 to 100 printable characters.');
    const created = await client.post('/dashboard/keys', { name: 'recipe app <prod>', csrf });
    expect(created.status).toBe(200);
    expect(created.body).toContain('you will not see this again');
    expect(created.body).toContain('recipe app &lt;prod&gt;');
    const key = keyOf(created.body);
    expect(key).toMatch(/^svc_live_[0-9a-f]{32}$/);

    expect((await t.app.inject({ method: 'GET', url: '/v1/ingredients/1001', headers: { 'x-api-key': key } })).statusCode).toBe(200);

    page = await client.get('/dashboard');
    expect(page.body).not.toContain(key);
    expect(page.body).toContain(`<code>${key.slice(0, 13)}…</code>`);
    expect(page.body).toContain('<span id="usage-text">1 of 1,000</span>');
    expect(page.body).toMatch(/<td>active<\/td>/);
    expect(page.body).not.toMatch(/<td>never<\/td>/);

    const beyond = await client.post('/dashboard/keys', { name: 'second', csrf });
    expect(beyond.status).toBe(200);
    expect(beyond.body).not.toMatch(/svc_live_[0-9a-f]{32}/);
    expect(beyond.body).toContain('No key created: the free plan allows 1 active key and this account has 1');

    const id = /action="\/dashboard\/keys\/(\d+)\/revoke"/.exec(page.body)![1]!;
    const revoked = await client.post(`/dashboard/keys/${id}/revoke`, { csrf });
    expect(revoked.status).toBe(303);
    expect(revoked.headers.location).toBe('/dashboard?notice=revoked');
    const after = await t.app.inject({ method: 'GET', url: '/v1/ingredients/1001', headers: { 'x-api-key': key } });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('revoked_api_key');
    expect((await client.get('/dashboard?notice=revoked')).body).toContain('The key was revoked');
  });

  it('does not let one account revoke another account\'s key', async () => {
    const other = await t.accounts.createAccount({ email: 'other@example.com', name: 'o', plan: 'free' });
    const { record, plaintext } = await t.accounts.createKey(other, 'theirs');
    const csrf = csrfOf((await client.get('/dashboard')).body);
    const res = await client.post(`/dashboard/keys/${record.id}/revoke`, { csrf });
    expect(res.headers.location).toBe('/dashboard?notice=not-revoked');
    expect((await t.app.inject({ method: 'GET', url: '/v1/nutrients', headers: { 'x-api-key': plaintext } })).statusCode).toBe(200);
  });

  it('signs out and in again', async () => {
    const csrf = csrfOf((await client.get('/dashboard')).body);
    const out = await client.post('/dashboard/sign-out', { csrf });
    expect(out.headers.location).toBe('/dashboard/sign-in?notice=signed-out');
    expect((await client.get('/dashboard')).status).toBe(303);
    const form = csrfOf((await client.get('/dashboard/sign-in')).body);
    const wrong = await client.post('/dashboard/sign-in', { email: 'dev@example.com', password: 'wrong password', csrf: form });
    expect(wrong.body).toContain('The email or password is not right.');
    expect(String(wrong.headers['set-cookie'] ?? '')).not.toContain('larder_session');
    const ok = await client.post('/dashboard/sign-in', { email: 'dev@example.com', password: 'a long password', csrf: form });
    expect(ok.status).toBe(303);
    expect((await client.get('/dashboard')).status).toBe(200);
  });

  it('refuses sign-in, even with the right password, after ten attempts at one email from one address, and counts emails and addresses apart', async () => {
    const signUp = newClient('192.0.2.10');
    const csrf = csrfOf((await signUp.get('/dashboard/sign-up')).body);
    expect((await signUp.post('/dashboard/sign-up', { email: 'guessed@example.com', password: 'the right password', csrf })).status).toBe(303);

    const guesser = newClient();
    const form = csrfOf((await guesser.get('/dashboard/sign-in')).body);
    for (let i = 0; i < 9; i++) {
      const res = await guesser.post('/dashboard/sign-in', { email: 'guessed@example.com', password: `guess ${i}`, csrf: form });
      expect(res.status).toBe(200);
    }
    // A success clears the count: nine more failures are still answered as failures.
    expect((await guesser.post('/dashboard/sign-in', { email: 'Guessed@example.com', password: 'the right password', csrf: form })).status).toBe(303);
    for (let i = 0; i < 10; i++) {
      expect((await guesser.post('/dashboard/sign-in', { email: 'guessed@example.com', password: `again ${i}`, csrf: form })).status).toBe(200);
    }
    const blocked = await guesser.post('/dashboard/sign-in', { email: 'guessed@example.com', password: 'the right password', csrf: form });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toContain('Too many sign-in attempts');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(String(blocked.headers['set-cookie'] ?? '')).not.toContain('larder_session');

    // The owner, from another network, is not locked out by someone failing at their email.
    const owner = newClient('198.51.100.7');
    const ownerForm = csrfOf((await owner.get('/dashboard/sign-in')).body);
    expect((await owner.post('/dashboard/sign-in', { email: 'guessed@example.com', password: 'the right password', csrf: ownerForm })).status).toBe(303);

    // Another account is not locked out by it.
    const fresh = newClient('192.0.2.11');
    const other = csrfOf((await fresh.get('/dashboard/sign-up')).body);
    expect((await fresh.post('/dashboard/sign-up', { email: 'bystander@example.com', password: 'another password', csrf: other })).status).toBe(303);
    const signIn = csrfOf((await guesser.get('/dashboard/sign-in')).body);
    expect((await guesser.post('/dashboard/sign-in', { email: 'bystander@example.com', password: 'another password', csrf: signIn })).status).toBe(303);
  });

  it('serves the dashboard to a browser holding a malformed cookie of another application (issue 19, finding 4)', async () => {
    const browser = newClient('203.0.113.77');
    // Another app on the host sets `other_app=50%`: not valid percent-encoding.
    browser.jar.set('other_app', '50%');
    const page = await browser.get('/dashboard/sign-up');
    expect(page.status).toBe(200);
    const ok = await browser.post('/dashboard/sign-up', { email: 'cookie@example.com', password: 'Marmalade-on-rye-toast', csrf: csrfOf(page.body) });
    expect(ok.status).toBe(303);
    const signIn = await browser.post('/dashboard/sign-in', { email: 'cookie@example.com', password: 'Marmalade-on-rye-toast', csrf: csrfOf((await browser.get('/dashboard/sign-in')).body) });
    expect(signIn.status).toBe(303);
    const home = await browser.get('/dashboard');
    expect(home.status).toBe(200);
    expect(home.body).toContain('cookie@example.com');
  });

  it('answers a form with a repeated or oversized field as a 400 page, never a 500', async () => {
    const browser = newClient('203.0.113.78');
    const csrf = csrfOf((await browser.get('/dashboard/sign-in')).body);
    const repeated = await t.app.inject({
      method: 'POST',
      url: '/dashboard/sign-in',
      headers: { host: 'larder.test', cookie: [...browser.jar].map(([k, v]) => `${k}=${v}`).join('; '), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=a%40b.co&email=c%40d.co&password=x&csrf=${encodeURIComponent(csrf)}`,
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.headers['content-type']).toMatch(/^text\/html/);
    const huge = await browser.post('/dashboard/sign-in', { email: `${'a'.repeat(400)}@example.com`, password: 'x', csrf });
    expect(huge.status).toBe(400);
  });

  it('counts an attempt before checking the password, so parallel guesses cannot all be checked', async () => {
    const signUp = newClient('203.0.113.9');
    const csrf = csrfOf((await signUp.get('/dashboard/sign-up')).body);
    expect((await signUp.post('/dashboard/sign-up', { email: 'parallel@example.com', password: 'the right password', csrf })).status).toBe(303);
    const guesser = newClient('203.0.113.10');
    const form = csrfOf((await guesser.get('/dashboard/sign-in')).body);
    const statuses = (
      await Promise.all(
        Array.from({ length: 30 }, (_, i) => guesser.post('/dashboard/sign-in', { email: 'parallel@example.com', password: `guess ${i}`, csrf: form })),
      )
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });
});

describe('sign-in behind a reverse proxy (LARDER_TRUST_PROXY=10.0.0.1)', () => {
  it('counts attempts per client address from X-Forwarded-For, not per proxy', async () => {
    const proxied = await buildAccountsApp({ env: { LARDER_TRUST_PROXY: '10.0.0.1' } });
    try {
      const via = (clientAddress: string) =>
        new FormClient(async (req) => {
          const res = await proxied.app.inject({
            method: req.method as 'GET',
            url: req.url,
            headers: { host: 'larder.test', 'x-forwarded-for': clientAddress, ...req.headers },
            payload: req.body,
            remoteAddress: '10.0.0.1', // the proxy, the same for everyone
          });
          return { status: res.statusCode, headers: res.headers as Record<string, string | string[] | undefined>, body: res.body };
        });
      const owner = via('198.51.100.20');
      const csrf = csrfOf((await owner.get('/dashboard/sign-up')).body);
      expect((await owner.post('/dashboard/sign-up', { email: 'proxied@example.com', password: 'the right password', csrf })).status).toBe(303);
      const guesser = via('203.0.113.50');
      const form = csrfOf((await guesser.get('/dashboard/sign-in')).body);
      for (let i = 0; i < 10; i++) await guesser.post('/dashboard/sign-in', { email: 'proxied@example.com', password: `guess ${i}`, csrf: form });
      expect((await guesser.post('/dashboard/sign-in', { email: 'proxied@example.com', password: 'guess', csrf: form })).status).toBe(429);
      const ownerForm = csrfOf((await owner.get('/dashboard/sign-in')).body);
      expect((await owner.post('/dashboard/sign-in', { email: 'proxied@example.com', password: 'the right password', csrf: ownerForm })).status).toBe(303);

      // Issue 19, finding 8: a client that is not a listed proxy cannot choose its address by
      // sending X-Forwarded-For; its guesses are counted against its own address.
      let spoofed = 0;
      const direct = new FormClient(async (req) => {
        const res = await proxied.app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers: { host: 'larder.test', 'x-forwarded-for': `198.18.${spoofed >> 8}.${spoofed++ & 255}`, ...req.headers },
          payload: req.body,
          remoteAddress: '203.0.113.66',
        });
        return { status: res.statusCode, headers: res.headers as Record<string, string | string[] | undefined>, body: res.body };
      });
      const directForm = csrfOf((await direct.get('/dashboard/sign-in')).body);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await direct.post('/dashboard/sign-in', { email: 'proxied@example.com', password: `spoof ${i}`, csrf: directForm })).status);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await proxied.close();
    }
  });
});
