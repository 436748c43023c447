import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';

/** Issue 19, finding 12: a GET with a 50 MB body was read in full. */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t.close());

describe('GET with a body', () => {
  it('answers 400 and closes the connection without reading the announced body', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // 50 MB announced, 1 KB sent: the server must answer without waiting for the rest.
    socket.write(`GET /v1/ingredients/1001 HTTP/1.1\r\nhost: x\r\nx-api-key: ${t.key}\r\ncontent-type: application/json\r\ncontent-length: 52428800\r\n\r\n${'x'.repeat(1024)}`);
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    expect(received.toLowerCase()).toContain('connection: close');
    expect(received).toContain('GET requests take no body');
  });

  it('refuses a chunked body on GET and HEAD through the app as well', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: '/v1/ingredients/1001', headers: { 'x-api-key': t.key, 'content-type': 'text/plain' }, payload: 'abc' });
      expect(res.statusCode, method).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/ingredients/1001', headers: { 'x-api-key': t.key, 'content-length': '0' } })).statusCode).toBe(200);
  });
});
