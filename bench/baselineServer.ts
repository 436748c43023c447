import { readFileSync } from 'node:fs';
import http from 'node:http';

/**
 * The bare node:http baseline: answers each URL with the same JSON the real server gave,
 * serialised with JSON.stringify on every request, as a minimal hand-written server would.
 */
const [, , bodiesFile, portArg] = process.argv;
const bodies = new Map<string, unknown>(Object.entries(JSON.parse(readFileSync(bodiesFile!, 'utf8')) as Record<string, unknown>));

const server = http.createServer((req, res) => {
  const body = bodies.get(req.url ?? '');
  if (body === undefined) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
});
server.keepAliveTimeout = 72_000;
server.listen(Number(portArg ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
