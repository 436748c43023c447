/**
 * `npm run bench`: the read path on real traffic. Each scenario draws its URLs uniformly from
 * the whole catalogue (every ingredient id; ingredient ids x countries; barcodes in their
 * published spellings; real words of ingredient names; distinct queries from product names),
 * and loads the real server (response cache off, then on with a Zipf-like mix) beside a bare
 * node:http server answering the same URLs from pre-built bytes held in memory: the limit for
 * those bytes on this machine. It prints req/s, p50/p99 and the CPU time per request of both.
 * It builds nothing: it needs a catalogue (`larder import`).
 */
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { ROOT, serverEnv, spawnUntil, startLarder } from './server.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * Each scenario is measured in this many rounds, the real server and the bare one taking turns,
 * and each reports its median round: on a shared machine the speed of the same code drifts
 * within a minute, so one run of each, one after the other, compares moments as much as servers.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const CONNECTIONS = 50;
/** Only the scenarios whose name contains this text (case-insensitive), e.g. `gtin`; all when unset. */
const ONLY = (process.env.BENCH_ONLY ?? '').toLowerCase();
/** URLs per scenario (the bare server holds every answer in memory). */
const SIZES = { nutrients: 4_000, gtin: 5_000, ingredientWords: 800, brandedQueries: 2_500 };
/** Zipf mix for the cached run: this many hot URLs take most requests, the rest are a long tail. */
const ZIPF_DRAWS = 200_000;

/** A seeded generator (mulberry32), so two runs draw the same URLs in the same order. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(Number(process.env.BENCH_SEED ?? 13));
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Lower-case words of a name, letters only, at least `min` long. */
const wordsOf = (name: string, min: number) => name.toLowerCase().split(/[^a-z]+/).filter((w) => w.length >= min);

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

/** Loads a server for DURATION seconds; each request takes the next of `pick()`. */
async function load(base: string, pick: () => string, headers: Record<string, string>, pid: number | undefined, seconds = DURATION): Promise<Result> {
  const cpuBefore = cpuSecondsOf(pid);
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    requests: [
      {
        setupRequest: (req) => {
          req.path = pick();
          return req;
        },
      },
    ],
  });
  const cpuAfter = cpuSecondsOf(pid);
  const cpuMicros = cpuBefore === null || cpuAfter === null || r.requests.total === 0 ? null : ((cpuAfter - cpuBefore) * 1e6) / r.requests.total;
  return { rps: r.requests.average, cpuMicros, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

/** Uniform draws over the URLs. */
const uniform = (paths: string[]) => () => paths[Math.floor(Math.random() * paths.length)]!;

/** Zipf-like draws (s = 1) over the URLs in a fixed random order: a few hundred hot URLs, a long tail. */
function zipf(paths: string[]): () => string {
  const order = shuffled(paths);
  const weights = order.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let acc = 0;
  for (const w of weights) cumulative.push((acc += w / total));
  const draws: string[] = [];
  for (let i = 0; i < ZIPF_DRAWS; i++) {
    const u = rand();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    draws.push(order[lo]!);
  }
  let i = 0;
  return () => draws[i++ % draws.length]!;
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

interface Scenario {
  name: string;
  paths: string[];
}

/** The URLs of every scenario, drawn from the catalogue file. */
function scenariosOf(catalogPath: string): { scenarios: Scenario[]; brandedCount: number; release: string } {
  const db = new Database(catalogPath, { readonly: true });
  const ids = db.prepare('SELECT id FROM ingredient ORDER BY id').pluck().all() as number[];
  const countries = (db.prepare('SELECT id FROM dataset').pluck().all() as string[]).flatMap((d) =>
    ({ uk_cofid: ['GB'], de_bls: ['DE'], fr_ciqual: ['FR'], se_livsmedelsverket: ['SE'], no_matvaretabellen: ['NO'], dk_frida: ['DK'] })[d] ?? [],
  );
  // Barcodes as published that gtin= accepts (8 to 14 digits): a few sources publish other text there.
  const gtins = db
    .prepare("SELECT gtin_upc FROM branded_product WHERE gtin14 IS NOT NULL AND length(gtin_upc) BETWEEN 8 AND 14 AND gtin_upc NOT GLOB '*[^0-9]*' ORDER BY random() LIMIT ?")
    .pluck()
    .all(SIZES.gtin) as string[];
  const ingredientWords = shuffled([...new Set((db.prepare('SELECT name FROM ingredient').pluck().all() as string[]).flatMap((n) => wordsOf(n, 3)))]).slice(0, SIZES.ingredientWords);
  const brandedQueries = new Set<string>();
  for (const name of db.prepare('SELECT name FROM branded_product WHERE name IS NOT NULL ORDER BY random() LIMIT ?').pluck().all(SIZES.brandedQueries * 8) as string[]) {
    const words = wordsOf(name, 3);
    if (words.length === 0) continue;
    // One word or the first two, as people search for a product.
    brandedQueries.add(words.slice(0, rand() < 0.5 || words.length === 1 ? 1 : 2).join(' '));
    if (brandedQueries.size >= SIZES.brandedQueries) break;
  }
  const brandedCount = db.prepare('SELECT COUNT(*) FROM branded_product').pluck().get() as number;
  const release = (db.prepare("SELECT value FROM meta WHERE key = 'branded_release'").pluck().get() as string | undefined) ?? 'none';
  db.close();
  const scenarios: Scenario[] = [
    { name: `GET /v1/ingredients/:id (all ${ids.length} ids)`, paths: ids.map((id) => `/v1/ingredients/${id}`) },
    {
      name: `/nutrients?country= (${SIZES.nutrients} ids x ${countries.join(',')})`,
      paths: shuffled(ids).slice(0, SIZES.nutrients).map((id) => `/v1/ingredients/${id}/nutrients?country=${countries[Math.floor(rand() * countries.length)]}`),
    },
    { name: `/v1/branded?gtin= (${gtins.length} barcodes as published)`, paths: gtins.map((g) => `/v1/branded?gtin=${g}`) },
    { name: `/v1/ingredients?q= (${ingredientWords.length} words of names)`, paths: ingredientWords.map((w) => `/v1/ingredients?q=${encodeURIComponent(w)}`) },
    { name: `/v1/branded?q= (${brandedQueries.size} product-name queries)`, paths: [...brandedQueries].map((q) => `/v1/branded?q=${encodeURIComponent(q)}`) },
  ];
  return { scenarios, brandedCount, release };
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (!existsSync(config.catalogPath)) {
    throw new Error(`no catalogue at ${config.catalogPath}: run \`larder import\` (or \`npm start\` once) first; the benchmark builds nothing`);
  }
  const { scenarios: all, brandedCount, release } = scenariosOf(config.catalogPath);
  const scenarios = all.filter((s) => s.name.toLowerCase().includes(ONLY));
  if (scenarios.length === 0) throw new Error(`BENCH_ONLY=${ONLY} names no scenario: ${all.map((s) => s.name).join('; ')}`);

  // Cold start: spawn to the first 200, response cache off.
  const env = serverEnv(config.catalogPath);
  const spawnedAt = performance.now();
  const uncached = await startLarder({ ...env, LARDER_RESPONSE_CACHE_MB: '0' });
  const first = await fetch(`${uncached.base}/v1/ingredients/1001`, { headers: uncached.headers });
  const coldStartMs = performance.now() - spawnedAt;
  if (first.status !== 200) throw new Error(`first request answered ${first.status}`);

  // The bare server's bytes: exactly what the real server answered for each URL.
  const bodies: Record<string, string> = {};
  let dropped = 0;
  for (const scenario of scenarios) {
    const kept: string[] = [];
    for (let i = 0; i < scenario.paths.length; i += 50) {
      const batch = scenario.paths.slice(i, i + 50);
      const answers = await Promise.all(batch.map((p) => fetch(`${uncached.base}${p}`, { headers: uncached.headers }).then(async (r) => [p, r.status, await r.text()] as const)));
      for (const [p, status, body] of answers) {
        if (status !== 200) {
          dropped++;
          continue;
        }
        bodies[p] = body;
        kept.push(p);
      }
    }
    scenario.paths = kept;
  }
  const bodiesFile = path.join(mkdtempSync(path.join(tmpdir(), 'larder-bench-')), 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const baseline = await spawnUntil([path.join(ROOT, 'dist', 'bench', 'baselineServer.js'), bodiesFile, '0'], process.env, /listening (\d+)/);
  const bare = { base: `http://127.0.0.1:${baseline.match[1]}`, pid: baseline.child.pid };

  const rows: string[] = [];
  const rounds: string[] = [];
  const micros = (r: Result) => (r.cpuMicros === null ? '-' : r.cpuMicros.toFixed(0));
  const row = (name: string, real: Result, limit: Result) =>
    `| ${name} | ${real.rps.toFixed(0)} | ${real.p50} | ${real.p99} | ${micros(real)} | ${limit.rps.toFixed(0)} | ${limit.p50} | ${limit.p99} | ${micros(limit)} | ` +
    `${(real.rps / limit.rps).toFixed(2)} | ${real.cpuMicros === null || limit.cpuMicros === null ? '-' : (limit.cpuMicros / real.cpuMicros).toFixed(2)} | ${real.errors + real.non2xx} |`;
  /**
   * Warm-up first (the same draws for 3 s, then 1 s on the bare server): a freshly opened
   * catalogue reads its pages from disk and the first seconds measure the disk, not the
   * read path; with the cache on it also reaches the Zipf mix's steady state.
   */
  const measure = async (name: string, server: { base: string; headers: Record<string, string>; pid: number | undefined }, pick: () => string) => {
    await load(server.base, pick, server.headers, server.pid, 3);
    await load(bare.base, pick, {}, bare.pid, 1);
    const realRounds: Result[] = [];
    const bareRounds: Result[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      realRounds.push(await load(server.base, pick, server.headers, server.pid));
      bareRounds.push(await load(bare.base, pick, {}, bare.pid));
    }
    rows.push(row(name, median(realRounds), median(bareRounds)));
    rounds.push(
      `${name}: larder ${realRounds.map((r) => `${r.rps.toFixed(0)} (${micros(r)} µs)`).join(', ')}; ` +
        `bare ${bareRounds.map((r) => `${r.rps.toFixed(0)} (${micros(r)} µs)`).join(', ')} req/s (CPU per request)`,
    );
  };

  const off = { base: uncached.base, headers: uncached.headers, pid: uncached.child.pid };
  for (const scenario of scenarios) await measure(`${scenario.name}, cache off`, off, uniform(scenario.paths));
  const memory = memoryOf(uncached.child.pid!);
  uncached.child.kill('SIGTERM');

  // Cache on: every scenario's URLs in one Zipf-like mix (hot URLs repeat, the tail misses).
  const cachedServer = await startLarder(serverEnv(config.catalogPath));
  const mix = scenarios.flatMap((s) => s.paths);
  const on = { base: cachedServer.base, headers: cachedServer.headers, pid: cachedServer.child.pid };
  await measure(`Zipf mix of all ${mix.length} URLs, cache on (${config.responseCacheMb} MB)`, on, zipf(mix));
  const cachedMemory = memoryOf(cachedServer.child.pid!);
  cachedServer.child.kill('SIGTERM');
  baseline.child.kill('SIGTERM');

  process.stdout.write(
    `\n${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s per server and scenario (median round shown), URLs drawn uniformly (Zipf for the cached run), node ${process.version}; cold start to the first 200: ${coldStartMs.toFixed(0)} ms\n\n` +
      '| scenario | larder req/s | p50 ms | p99 ms | CPU µs/req | bare node:http req/s | p50 ms | p99 ms | CPU µs/req | ratio | CPU ratio | errors |\n' +
      '|---|---|---|---|---|---|---|---|---|---|---|---|\n' +
      `${rows.join('\n')}\n\n` +
      'bare: node:http answering the same URLs from pre-built bytes in memory. ratio: larder req/s over bare req/s. CPU ratio: bare CPU time per request over larder\'s ' +
      '(server process only, user + system): the capacity ratio when both servers have a core to themselves, whichever side the load generator limited.\n\n' +
      `rounds:\n${rounds.map((r) => `- ${r}`).join('\n')}\n\n` +
      `catalogue ${config.catalogPath}: ${(statSync(config.catalogPath).size / 1024 ** 2).toFixed(0)} MB, ${brandedCount} branded products (release: ${release}); ${dropped} drawn URLs answered other than 200 and were left out\n` +
      `server memory after the cache-off runs: ${memory ? `${memory.rss.toFixed(0)} MB resident, peak ${memory.peak.toFixed(0)} MB` : 'unknown (no /proc)'}; ` +
      `after the cached run: ${cachedMemory ? `${cachedMemory.rss.toFixed(0)} MB resident, peak ${cachedMemory.peak.toFixed(0)} MB` : 'unknown'}\n` +
      `load average at the end: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores)\n`,
  );
}

main().catch((err) => {
  process.stderr.write(`bench: ${(err as Error).message}\n`);
  process.exit(1);
});
