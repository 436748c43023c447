import { readFileSync } from 'node:fs';
import http from 'node:http';

/**
 * The bare node:http limit: answers each URL with the bytes the real server gave for it,
 * built once into Buffers held in memory (no serialising, no hashing, no lookups beyond one
 * Map get per request). What a server can do at best for these answers on this machine.
 */
const [, , bodiesFile, portArg] = process.argv;
const bodies = new Map<string, Buffer>();
for (const [url, body] of Object.entries(JSON.parse(readFileSync(bodiesFile!, 'utf8')) as Record<string, string>)) {
  bodies.set(url, Buffer.from(body));
}

const server = http.createServer((req, res) => {
  const body = bodies.get(req.url ?? '');
  if (body === undefined) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(portArg ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
