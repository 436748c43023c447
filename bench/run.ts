/**
 * `npm run bench`: starts the real server over the built catalogue and a bare node:http
 * server answering the same bytes, loads both with autocannon (50 connections) in the same
 * run, and prints requests/s, p50 and p99 and the ratio. It builds nothing.
 */
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { ROOT, serverEnv, spawnUntil, startLarder } from './server.js';
import { BrandedCatalog } from '../src/catalog/branded.js';
import { Catalog } from '../src/catalog/catalog.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
/**
 * Each scenario is measured in this many rounds, the real server and the bare one taking turns,
 * and each reports its median round: on a shared 2-core machine the speed of the same code drifts
 * by a third within a minute, so one run of each, one after the other, compares moments as much
 * as servers.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const CONNECTIONS = 50;
/** Only the scenarios whose name contains this text (case-insensitive), e.g. `gtin`; all when unset. */
const ONLY = (process.env.BENCH_ONLY ?? '').toLowerCase();
const SEARCH_WORDS = ['butter', 'milk', 'cheese', 'chicken', 'apple', 'bread', 'rice', 'beef', 'egg', 'salmon', 'tomato', 'potato', 'oil', 'sugar', 'beans', 'yogurt', 'orange', 'pork', 'flour', 'onion'];

/** Branded name searches: common words, rare words, two-word names and prefixes as people type them. */
const BRANDED_QUERIES = {
  common: ['chicken', 'chocolate', 'cheese', 'milk', 'bread', 'juice', 'sauce', 'cookies', 'yogurt', 'organic'],
  rare: ['quinoa', 'kombucha', 'tahini', 'sriracha', 'pistachio', 'edamame', 'gnocchi', 'kimchi', 'nutella', 'tzatziki'],
  twoWord: ['peanut butter', 'orange juice', 'chocolate chip', 'greek yogurt', 'tomato sauce', 'green beans', 'ice cream', 'olive oil', 'potato chips', 'cream cheese'],
  prefix: ['choc', 'chee', 'yog', 'straw', 'pean', 'vanil', 'cran', 'bisc', 'mozz', 'cara'],
};

/** Resident memory of a process, from /proc (Linux): current and peak, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** Uncached cost of each branded query in the catalogue itself (no HTTP, no result cache), in ms. */
function coldQueryTimes(catalogPath: string, queries: string[]): { p50: number; p99: number; max: number; worst: string } {
  const catalog = Catalog.open(catalogPath);
  const times: Array<[number, string]> = [];
  const branded = new BrandedCatalog(catalog);
  for (const q of queries) {
    const started = process.hrtime.bigint();
    branded.list({ q, limit: 20, offset: 0 }, { cache: false });
    times.push([Number(process.hrtime.bigint() - started) / 1e6, q]);
  }
  catalog.close();
  times.sort((a, b) => a[0] - b[0]);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]![0];
  return { p50: at(0.5), p99: at(0.99), max: times[times.length - 1]![0], worst: times[times.length - 1]![1] };
}

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuSecondsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the parenthesised command name (which may itself hold ") "): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Result {
  rps: number;
  /**
   * The server's CPU time per answered request, in µs: what the server itself spent, whether or
   * not the load generator (on the same machine) was the limit of the request rate.
   */
  cpuMicros: number | null;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(base: string, paths: string[], headers: Record<string, string>, pid: number | undefined, seconds = DURATION): Promise<Result> {
  let i = 0;
  const cpuBefore = cpuSecondsOf(pid);
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    requests: [
      {
        setupRequest: (req) => {
          req.path = paths[i++ % paths.length]!;
          return req;
        },
      },
    ],
  });
  const cpuAfter = cpuSecondsOf(pid);
  const cpuMicros = cpuBefore === null || cpuAfter === null || r.requests.total === 0 ? null : ((cpuAfter - cpuBefore) * 1e6) / r.requests.total;
  return { rps: r.requests.average, cpuMicros, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

/** The round with the median request rate (its latencies with it), the median CPU time per request, errors summed over all rounds. */
function median(results: Result[]): Result {
  const sorted = [...results].sort((a, b) => a.rps - b.rps);
  const middle = sorted[Math.floor(sorted.length / 2)]!;
  const cpu = results.map((r) => r.cpuMicros).filter((c): c is number => c !== null).sort((a, b) => a - b);
  return {
    ...middle,
    cpuMicros: cpu.length === 0 ? null : cpu[Math.floor(cpu.length / 2)]!,
    errors: results.reduce((n, r) => n + r.errors, 0),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (!existsSync(config.catalogPath)) {
    throw new Error(`no catalogue at ${config.catalogPath}: run \`larder import\` (or \`npm start\` once) first; the benchmark builds nothing`);
  }
  const db = new Database(config.catalogPath, { readonly: true });
  const ids = db.prepare('SELECT id FROM ingredient ORDER BY random() LIMIT 1000').pluck().all() as number[];
  const gtins = db
    .prepare('SELECT gtin_upc FROM branded_product WHERE gtin14 IS NOT NULL ORDER BY random() LIMIT 1000')
    .pluck()
    .all() as string[];
  const brandedCount = db.prepare('SELECT COUNT(*) FROM branded_product').pluck().get() as number;
  const release = (db.prepare("SELECT value FROM meta WHERE key = 'branded_release'").pluck().get() as string | undefined) ?? 'none';
  db.close();
  const gtinPaths = gtins.map((g) => `/v1/branded?gtin=${g}`);
  const brandedQueries = Object.values(BRANDED_QUERIES).flat();
  const brandedSearchPaths = brandedQueries.map((q) => `/v1/branded?q=${encodeURIComponent(q)}`);
  const cold = coldQueryTimes(config.catalogPath, brandedQueries);
  const detailPaths = ids.map((id) => `/v1/ingredients/${id}`);
  const searchPaths = SEARCH_WORDS.map((w) => `/v1/ingredients?q=${w}`);

  const env = serverEnv(config.catalogPath);
  const spawnedAt = performance.now();
  const server = await startLarder(env);
  const { base, headers } = server;
  const first = await fetch(`${base}/v1/ingredients/1001`, { headers });
  const coldStartMs = performance.now() - spawnedAt;
  if (first.status !== 200) throw new Error(`first request answered ${first.status}`);

  const allScenarios: Array<[string, string[]]> = [
    ['GET /v1/ingredients/:id (random ids)', detailPaths],
    ['GET /v1/ingredients/:id/nutrients?country=GB|FR|DE|DK', ids.map((id, i) => `/v1/ingredients/${id}/nutrients?country=${['GB', 'FR', 'DE', 'DK'][i % 4]}`)],
    ['GET /v1/categories', ['/v1/categories']],
    ['GET /v1/nutrients', ['/v1/nutrients']],
    ['GET /v1/ingredients?q= (20 real words)', searchPaths],
    ['GET /v1/branded?gtin= (1000 random barcodes as published)', gtinPaths],
    ['GET /v1/branded?q= (40: common, rare, two-word, prefix)', brandedSearchPaths],
  ];
  const scenarios = allScenarios.filter(([name]) => name.toLowerCase().includes(ONLY));
  if (scenarios.length === 0) throw new Error(`BENCH_ONLY=${ONLY} names no scenario: ${allScenarios.map(([n]) => n).join('; ')}`);

  // The baseline answers exactly what the real server answered, from parsed objects.
  const bodies: Record<string, unknown> = {};
  for (const [, paths] of scenarios) {
    for (const p of paths) {
      const res = await fetch(`${base}${p}`, { headers });
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
      bodies[p] = await res.json();
    }
  }
  const bodiesFile = path.join(mkdtempSync(path.join(tmpdir(), 'larder-bench-')), 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const baseline = await spawnUntil([path.join(ROOT, 'dist', 'bench', 'baselineServer.js'), bodiesFile, '0'], process.env, /listening (\d+)/);
  const baselineUrl = `http://127.0.0.1:${baseline.match[1]}`;

  const rows: string[] = [];
  const micros = (r: Result) => (r.cpuMicros === null ? '-' : r.cpuMicros.toFixed(1));
  const row = (name: string, real: Result, bare: Result) =>
    `| ${name} | ${real.rps.toFixed(0)} | ${real.p50} | ${real.p99} | ${micros(real)} | ${bare.rps.toFixed(0)} | ${bare.p50} | ${bare.p99} | ${micros(bare)} | ` +
    `${(real.rps / bare.rps).toFixed(2)} | ${real.cpuMicros === null || bare.cpuMicros === null ? '-' : (bare.cpuMicros / real.cpuMicros).toFixed(2)} | ${real.errors + real.non2xx} |`;
  const bareResults = new Map<string, Result>();
  const rounds: string[] = [];
  for (const [name, paths] of scenarios) {
    await load(base, paths.slice(0, 50), headers, server.child.pid, 2); // warm-up
    await load(baselineUrl, paths.slice(0, 50), {}, baseline.child.pid, 2);
    const realRounds: Result[] = [];
    const bareRounds: Result[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      realRounds.push(await load(base, paths, headers, server.child.pid));
      bareRounds.push(await load(baselineUrl, paths, {}, baseline.child.pid));
    }
    const real = median(realRounds);
    const bare = median(bareRounds);
    bareResults.set(name, bare);
    rows.push(row(name, real, bare));
    if (ROUNDS > 1) {
      rounds.push(
        `${name}: larder ${realRounds.map((r) => `${r.rps.toFixed(0)} (${micros(r)} µs)`).join(', ')}; ` +
          `bare ${bareRounds.map((r) => `${r.rps.toFixed(0)} (${micros(r)} µs)`).join(', ')} req/s (CPU per request)`,
      );
    }
  }
  const memory = memoryOf(server.child.pid!);
  server.child.kill('SIGTERM');

  // The same lookups served by two workers sharing the port, beside the bare server's figure for them.
  const workers = Number(process.env.BENCH_WORKERS ?? 2);
  const detailBare = bareResults.get(allScenarios[0]![0]);
  if (workers > 1 && detailBare !== undefined) {
    const port = await freePort();
    const clustered = spawn(process.execPath, [path.join(ROOT, 'bin', 'larder.js'), 'serve', '--workers', String(workers)], {
      env: { ...env, PORT: String(port) },
      stdio: 'ignore',
    });
    process.on('exit', () => clustered.kill('SIGTERM'));
    const curl = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i++) {
      if (await fetch(`${curl}/healthz`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1500)); // every worker up
    // The primary's CPU time is not the workers': no CPU figure for this row.
    await load(curl, detailPaths.slice(0, 50), headers, undefined, 2);
    const real = await load(curl, detailPaths, headers, undefined);
    rows.push(row(`GET /v1/ingredients/:id with --workers ${workers}`, real, detailBare));
    clustered.kill('SIGTERM');
  }
  baseline.child.kill('SIGTERM');
  process.stdout.write(
    `\n${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s per server and scenario (median round shown), node ${process.version}; cold start to the first 200: ${coldStartMs.toFixed(0)} ms\n\n` +
      '| scenario | larder req/s | p50 ms | p99 ms | CPU µs/req | bare node:http req/s | p50 ms | p99 ms | CPU µs/req | ratio | CPU ratio | errors |\n' +
      '|---|---|---|---|---|---|---|---|---|---|---|---|\n' +
      `${rows.join('\n')}\n\n` +
      'ratio: larder req/s over bare req/s. CPU ratio: bare CPU time per request over larder\'s (server process only, user + system): ' +
      'the capacity ratio when both servers have a core to themselves, whichever side the load generator limited.\n\n' +
      (rounds.length > 0 ? `rounds:\n${rounds.map((r) => `- ${r}`).join('\n')}\n\n` : '') +
      `catalogue ${config.catalogPath}: ${(statSync(config.catalogPath).size / 1024 ** 2).toFixed(0)} MB, ` +
      `${brandedCount} branded products (release: ${release})\n` +
      `server memory after the runs: ${memory ? `${memory.rss.toFixed(0)} MB resident, peak ${memory.peak.toFixed(0)} MB` : 'unknown (no /proc)'}\n` +
      `branded name search without the result cache (in process, first query of each of ${brandedQueries.length}): ` +
      `p50 ${cold.p50.toFixed(2)} ms, p99 ${cold.p99.toFixed(2)} ms, max ${cold.max.toFixed(2)} ms ("${cold.worst}")\n`,
  );
}

main().catch((err) => {
  process.stderr.write(`bench: ${(err as Error).message}\n`);
  process.exit(1);
});
