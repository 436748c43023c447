/**
 * `npm run soak`: a bounded soak on loopback. Measures the server's capacity on a mixed
 * read workload, then drives it at SOAK_SHARE (default 0.8) of that for SOAK_SECONDS
 * (default 180) in 30 s windows, and reports per window: requests/s, p99, errors and the
 * server's resident memory. It builds nothing: it needs a built catalogue.
 */
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { loadConfig } from '../src/config.js';
import { serverEnv, startLarder } from './server.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 180);
const SHARE = Number(process.env.SOAK_SHARE ?? 0.8);
const WINDOW = 30;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (!existsSync(config.catalogPath)) throw new Error(`no catalogue at ${config.catalogPath}: run \`larder import\` first`);
  const db = new Database(config.catalogPath, { readonly: true });
  const ids = db.prepare('SELECT id FROM ingredient ORDER BY random() LIMIT 500').pluck().all() as number[];
  db.close();
  const paths = [
    ...ids.map((id) => `/v1/ingredients/${id}`),
    ...ids.slice(0, 200).map((id) => `/v1/ingredients/${id}/nutrients?country=${['US', 'GB', 'FR', 'DE', 'DK'][id % 5]}`),
    ...ids.slice(0, 100).map((id) => `/v1/ingredients/${id}/carbon`),
    ...['butter', 'milk', 'cheese', 'chicken', 'apple', 'bread', 'rice'].map((w) => `/v1/ingredients?q=${w}`),
    ...['chocolate', 'cola', 'yogurt', 'pasta'].map((w) => `/v1/branded?q=${w}`),
  ];

  const { child, base: url, headers } = await startLarder(serverEnv(config.catalogPath));
  let i = 0;
  const requests = [{ setupRequest: (req: { path: string }) => ((req.path = paths[i++ % paths.length]!), req) }];
  const run = (seconds: number, overallRate?: number) =>
    autocannon({ url, connections: 50, duration: seconds, headers, requests, ...(overallRate ? { overallRate } : {}) } as autocannon.Options);

  const capacity = (await run(10)).requests.average;
  const rate = Math.round(capacity * SHARE);
  const startRss = rssMb(child.pid!);
  const rows: string[] = [];
  let errors = 0;
  for (let t = 0; t < SECONDS; t += WINDOW) {
    const r = await run(Math.min(WINDOW, SECONDS - t), rate);
    errors += r.errors + r.timeouts + r.non2xx;
    rows.push(`| ${t}-${t + Math.min(WINDOW, SECONDS - t)} s | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.timeouts + r.non2xx} | ${rssMb(child.pid!).toFixed(0)} |`);
  }
  process.stdout.write(
    `\ncapacity ${capacity.toFixed(0)} req/s (mixed reads, 50 connections); soak at ${rate} req/s (${SHARE * 100}%) for ${SECONDS} s\n` +
      `resident memory: start ${startRss.toFixed(0)} MB, end ${rssMb(child.pid!).toFixed(0)} MB; errors ${errors}\n\n` +
      '| window | req/s | p50 ms | p99 ms | errors | RSS MB |\n|---|---|---|---|---|---|\n' +
      `${rows.join('\n')}\n`,
  );
  child.kill('SIGTERM');
}

main().catch((err) => {
  process.stderr.write(`soak: ${(err as Error).message}\n`);
  process.exit(1);
});
