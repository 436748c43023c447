import { createReadStream } from 'node:fs';
import http from 'node:http';
import { createInterface } from 'node:readline';

/**
 * The bare node:http limit: answers each URL (each POST body) with the bytes the real server gave for it,
 * built once into Buffers held in memory (no serialising, no hashing, no lookups beyond one
 * Map get per request). What a server can do at best for these answers on this machine.
 */
const [, , bodiesFile, portArg] = process.argv;
const bodies = new Map<string, Buffer>();
// One [url or POST key, body] per line (bench/run.ts).
for await (const line of createInterface({ input: createReadStream(bodiesFile!), crlfDelay: Infinity })) {
  if (line === '') continue;
  const [url, body] = JSON.parse(line) as [string, string];
  bodies.set(url, Buffer.from(body));
}

function answer(res: http.ServerResponse, body: Buffer | undefined): void {
  if (body === undefined) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}

/** A GET is answered by its URL; a POST by its URL and body (keyed as bench/run.ts writes them). */
const server = http.createServer((req, res) => {
  if (req.method !== 'POST') {
    answer(res, bodies.get(req.url ?? ''));
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => answer(res, bodies.get(`POST ${req.url ?? ''}\n${Buffer.concat(chunks).toString()}`)));
});
server.keepAliveTimeout = 72_000;
server.listen(Number(portArg ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
