import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';

/**
 * Limits Node's HTTP parser enforces before Fastify routes a request; inject() bypasses the
 * parser, so these go over a real socket.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => t?.close());

/** Sends raw bytes and resolves with everything the server answered before closing or 2 s. */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    const finish = () => {
      socket.destroy();
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
    };
    socket.on('close', finish);
    socket.setTimeout(2000, finish);
    socket.write(request);
  });
}

describe('request head limits', () => {
  it('answers a 15 KB head as usual (under the 16 KB limit)', async () => {
    const res = await raw(
      `GET /v1/ingredients/1001 HTTP/1.1\r\nHost: x\r\nx-api-key: ${t.key}\r\nx-padding: ${'p'.repeat(15 * 1024)}\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.slice(res.body.indexOf('{'), res.body.lastIndexOf('}') + 1))).toMatchObject({ id: 1001, name: 'Butter, salted' });
  });

  it('answers a 10 KB search string with the documented 400, not a head error', async () => {
    const res = await raw(`GET /v1/ingredients?q=${'a'.repeat(10 * 1024)} HTTP/1.1\r\nHost: x\r\nx-api-key: ${t.key}\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(res.body).toContain('"parameter":"q"');
  });

  it('refuses a head over 16 KB with 431 problem+json and closes the connection', async () => {
    const res = await raw(`GET /v1/nutrients HTTP/1.1\r\nHost: x\r\nx-api-key: ${t.key}\r\nx-padding: ${'p'.repeat(17 * 1024)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toContain('content-type: application/problem+json');
    expect(res.headers).toContain('connection: close');
    const body = JSON.parse(res.body);
    expect(body).toMatchObject({ status: 431, code: 'headers_too_large', type: '/docs/errors#headers_too_large' });
    expect(body.detail).toContain('16384 bytes');
  });

  it('refuses bytes that are not HTTP with 400 problem+json', async () => {
    const res = await raw('HELLO\x00WORLD\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ status: 400, code: 'invalid_parameter' });
  });

  it('sets the head size and timeouts deliberately', () => {
    expect((t.app.server as unknown as { maxHeaderSize: number }).maxHeaderSize).toBe(16 * 1024);
    expect(t.app.server.headersTimeout).toBe(10_000);
    expect(t.app.server.requestTimeout).toBe(30_000);
  });
});
