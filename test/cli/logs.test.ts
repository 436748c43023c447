import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfOf, FormClient, keyOf } from '../support/browserless.js';
import { ServedLarder } from '../support/server.js';

/**
 * The real server at the most verbose log level, driven through every path that handles a
 * key (CLI creation, dashboard creation, use, a near-miss, revocation, a 429): no key may
 * appear in anything it prints.
 */
let server: ServedLarder;
beforeAll(async () => {
  server = new ServedLarder({ LOG_LEVEL: 'trace', LARDER_PLAN_FREE_RPS: '1' });
  expect(server.cli(['keys', 'create', '--name', 'ops', '--plan', 'enterprise']).status).toBe(0);
  await server.start();
});
afterAll(async () => server.stop());

describe('keys in logs', () => {
  it('never appear in the server output', async () => {
    const cliKey = server.cli(['keys', 'create', '--name', 'cli', '--email', 'logs@example.com']).stdout.trimEnd().split('\n').at(-1)!;
    const client = new FormClient(async (req) => {
      const res = await fetch(`${server.url}${req.url}`, { method: req.method, headers: req.headers, body: req.body, redirect: 'manual' });
      return { status: res.status, headers: { 'set-cookie': res.headers.getSetCookie(), location: res.headers.get('location') ?? undefined }, body: await res.text() };
    });
    const csrf = csrfOf((await client.get('/dashboard/sign-up')).body);
    expect((await client.post('/dashboard/sign-up', { email: 'web@example.com', password: 'a long password', csrf })).status).toBe(303);
    // Sign-up starts no session (it would tell a taken email from a new one): sign in.
    const signIn = csrfOf((await client.get('/dashboard/sign-in')).body);
    expect((await client.post('/dashboard/sign-in', { email: 'web@example.com', password: 'a long password', csrf: signIn })).status).toBe(303);
    const dash = await client.get('/dashboard');
    const webKey = keyOf((await client.post('/dashboard/keys', { name: 'web', csrf: csrfOf(dash.body) })).body);
    expect(webKey).toMatch(/^svc_live_/);

    const call = (key: string, url = '/v1/ingredients/1001') => fetch(`${server.url}${url}`, { headers: { 'x-api-key': key } });
    const statuses: number[] = [];
    for (const key of [cliKey, webKey]) {
      // Five in a row at 1 per second: unless each took a second, some are 429s.
      for (let i = 0; i < 5; i++) statuses.push((await call(key)).status);
      statuses.push((await call(key.slice(0, -1) + (key.endsWith('0') ? '1' : '0'))).status); // a near-miss: 401
      statuses.push((await call(key, '/v1/ingredients/999999999')).status);
    }
    expect(statuses).toContain(200);
    expect(statuses).toContain(401);
    expect(statuses).toContain(429);
    // A key sent in the URL (issue 19, finding 11) is redacted from the access log line.
    await fetch(`${server.url}/v1/ingredients?api_key=${webKey}`, { headers: { 'x-api-key': webKey } });
    expect(server.cli(['keys', 'revoke', cliKey]).status).toBe(0);
    // The server sees a revocation made by another process within LARDER_KEY_REVALIDATE_MS.
    const revokedAt = Date.now();
    let status = 0;
    while ((status = (await call(cliKey)).status) !== 401 && Date.now() - revokedAt < 1000) await new Promise((r) => setTimeout(r, 50));
    expect(status).toBe(401);
    // Let the server write everything out.
    await new Promise((r) => setTimeout(r, 300));

    const output = server.output;
    expect(output).toMatch(/"url":"\/v1\/ingredients\/1001","statusCode":429,"responseTimeMs":[\d.]+,"msg":"request completed"/); // the log was on
    expect(output).toContain('"url":"/v1/ingredients?api_key=[redacted]"');
    for (const key of [cliKey, webKey]) {
      expect(output).not.toContain(key);
      expect(output).not.toContain(key.slice(9)); // not even the secret part alone
    }
  }, 120_000);
});
