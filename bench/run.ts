/**
 * `npm run bench`: the read path on real traffic. Each scenario draws its URLs uniformly from
 * the whole catalogue (every ingredient id; ingredient ids x countries; barcodes in their
 * published spellings; real words of ingredient names; distinct queries from product names),
 * and loads the real server (response cache off, then on with a Zipf-like mix) beside a bare
 * node:http server answering the same URLs from pre-built bytes held in memory: the limit for
 * those bytes on this machine. It prints req/s, p50/p99 and the CPU time per request of both.
 * The POST scenarios send pre-built JSON bodies the same way: 20-line recipes of real lines
 * (../shared/data/ingredient-lines-labelled) to /v1/recipes/analyze, 100 random ids to
 * /v1/ingredients/batch; the bare server answers each body with the bytes larder gave for it.
 * It builds nothing: it needs a catalogue (`larder import`).
 */
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { rng } from '../src/synth/brandedRelease.js';
import { integrityChecked, ROOT, scratchDir, serverEnv, spawnUntil, startLarder } from './server.js';

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
const SIZES = { nutrients: 4_000, gtin: 5_000, ingredientWords: 800, brandedQueries: 2_500, recipes: 500, recipeLines: 20, batches: 500, batchIds: 100 };
/** Zipf mix for the cached run: this many hot URLs take most requests, the rest are a long tail. */
const ZIPF_DRAWS = 200_000;

/** Seeded (mulberry32), so two runs draw the same URLs in the same order. */
const rand = rng(Number(process.env.BENCH_SEED ?? 13));
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Lower-case words of a name, letters only, at least `min` long. */
// Words as people type them, accents and all ("pâtes", not the "tes" a split on a-z leaves).
const wordsOf = (name: string, min: number) => name.toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length >= min);

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

/** One request of a scenario: a GET of `path`, or a POST of the JSON `body` to it. */
interface Request {
  path: string;
  body?: string;
}

/** What the bare server keys its bytes by: the URL, and for a POST the body too. */
const keyOf = (r: Request): string => (r.body === undefined ? r.path : `POST ${r.path}\n${r.body}`);

/** Loads a server for DURATION seconds; each request takes the next of `pick()` (all GET, or all POST). */
async function load(base: string, pick: () => Request, headers: Record<string, string>, pid: number | undefined, seconds = DURATION, post = false, connections = CONNECTIONS): Promise<Result> {
  const cpuBefore = cpuSecondsOf(pid);
  const r = await autocannon({
    url: base,
    connections,
    duration: seconds,
    method: post ? 'POST' : 'GET',
    headers: post ? { ...headers, 'content-type': 'application/json' } : headers,
    requests: [
      {
        setupRequest: (req) => {
          const next = pick();
          req.path = next.path;
          if (next.body !== undefined) req.body = next.body;
          return req;
        },
      },
    ],
  });
  const cpuAfter = cpuSecondsOf(pid);
  const cpuMicros = cpuBefore === null || cpuAfter === null || r.requests.total === 0 ? null : ((cpuAfter - cpuBefore) * 1e6) / r.requests.total;
  return { rps: r.requests.average, cpuMicros, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

/** Uniform draws over the requests. */
const uniform = (requests: Request[]) => () => requests[Math.floor(Math.random() * requests.length)]!;

/** Zipf-like draws (s = 1) over the URLs in a fixed random order: a few hundred hot URLs, a long tail. */
function zipf(paths: Request[]): () => Request {
  const order = shuffled(paths);
  const weights = order.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let acc = 0;
  for (const w of weights) cumulative.push((acc += w / total));
  const draws: Request[] = [];
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
  requests: Request[];
}

const get = (paths: string[]): Request[] => paths.map((p) => ({ path: p }));

/**
 * Real recipe lines: every labelled line (BBC Food and Cookstr) the recipe endpoint takes
 * (at most 200 characters); the labels themselves are not used here.
 */
function recipeLinesOf(sourceDir: string): string[] {
  const dir = path.join(sourceDir, 'ingredient-lines-labelled');
  const lines: string[] = [];
  for (const file of ['bbc-ingredients-snapshot-2017-labelled.csv', 'cookstr-ingredients-snapshot-2017-labelled.csv']) {
    const rows = parse(readFileSync(path.join(dir, file)), { columns: true, skip_empty_lines: true }) as Array<{ input: string }>;
    for (const row of rows) if (row.input.trim() !== '' && row.input.length <= 200) lines.push(row.input);
  }
  return lines;
}

/** The requests of every scenario, drawn from the catalogue file (and the labelled recipe lines). */
function scenariosOf(catalogPath: string, sourceDir: string | null): { scenarios: Scenario[]; brandedCount: number; release: string } {
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
    { name: `GET /v1/ingredients/:id (all ${ids.length} ids)`, requests: get(ids.map((id) => `/v1/ingredients/${id}`)) },
    {
      name: `/nutrients?country= (${SIZES.nutrients} ids x ${countries.join(',')})`,
      requests: get(shuffled(ids).slice(0, SIZES.nutrients).map((id) => `/v1/ingredients/${id}/nutrients?country=${countries[Math.floor(rand() * countries.length)]}`)),
    },
    { name: `/v1/branded?gtin= (${gtins.length} barcodes as published)`, requests: get(gtins.map((g) => `/v1/branded?gtin=${g}`)) },
    { name: `/v1/ingredients?q= (${ingredientWords.length} words of names)`, requests: get(ingredientWords.map((w) => `/v1/ingredients?q=${encodeURIComponent(w)}`)) },
    { name: `/v1/branded?q= (${brandedQueries.size} product-name queries)`, requests: get([...brandedQueries].map((q) => `/v1/branded?q=${encodeURIComponent(q)}`)) },
  ];
  // POST bodies: each a uniform draw from the whole set (lines of every recipe source; ids of the whole catalogue).
  const draw = <T>(items: T[], n: number): T[] => Array.from({ length: n }, () => items[Math.floor(rand() * items.length)]!);
  if (sourceDir !== null && existsSync(path.join(sourceDir, 'ingredient-lines-labelled'))) {
    const lines = recipeLinesOf(sourceDir);
    scenarios.push({
      name: `POST /v1/recipes/analyze (${SIZES.recipes} recipes of ${SIZES.recipeLines} labelled lines)`,
      requests: Array.from({ length: SIZES.recipes }, () => ({ path: '/v1/recipes/analyze', body: JSON.stringify({ lines: draw(lines, SIZES.recipeLines) }) })),
    });
  }
  scenarios.push({
    name: `POST /v1/ingredients/batch (${SIZES.batches} bodies of ${SIZES.batchIds} random ids)`,
    requests: Array.from({ length: SIZES.batches }, () => ({ path: '/v1/ingredients/batch', body: JSON.stringify({ ids: draw(ids, SIZES.batchIds) }) })),
  });
  return { scenarios, brandedCount, release };
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (!existsSync(config.catalogPath)) {
    throw new Error(`no catalogue at ${config.catalogPath}: run \`larder import\` (or \`npm start\` once) first; the benchmark builds nothing`);
  }
  const { scenarios: all, brandedCount, release } = scenariosOf(config.catalogPath, config.sourceDir);
  const scenarios = all.filter((s) => s.name.toLowerCase().includes(ONLY));
  if (scenarios.length === 0) throw new Error(`BENCH_ONLY=${ONLY} names no scenario: ${all.map((s) => s.name).join('; ')}`);

  // Cold start: spawn to the first 200, response cache off.
  const env = serverEnv(config.catalogPath);
  const spawnedAt = performance.now();
  const uncached = await startLarder({ ...env, LARDER_RESPONSE_CACHE_MB: '0' });
  const first = await fetch(`${uncached.base}/v1/ingredients/1001`, { headers: uncached.headers });
  const coldStartMs = performance.now() - spawnedAt;
  if (first.status !== 200) throw new Error(`first request answered ${first.status}`);
  await integrityChecked(uncached.base);

  // The bare server's bytes: exactly what the real server answered for each URL.
  const bodies: Record<string, string> = {};
  let dropped = 0;
  for (const scenario of scenarios) {
    const kept: Request[] = [];
    // A POST body is many items: a few at a time, so the server's overload guard does not shed them.
    const step = scenario.requests[0]?.body === undefined ? 50 : 4;
    for (let i = 0; i < scenario.requests.length; i += step) {
      const batch = scenario.requests.slice(i, i + step);
      const answers = await Promise.all(
        batch.map((q) =>
          fetch(`${uncached.base}${q.path}`, {
            headers: q.body === undefined ? uncached.headers : { ...uncached.headers, 'content-type': 'application/json' },
            ...(q.body === undefined ? {} : { method: 'POST', body: q.body }),
          }).then(async (r) => [q, r.status, await r.text()] as const),
        ),
      );
      for (const [q, status, body] of answers) {
        if (status !== 200) {
          dropped++;
          continue;
        }
        bodies[keyOf(q)] = body;
        kept.push(q);
      }
    }
    scenario.requests = kept;
  }
  // One [key, body] per line: all the bodies in one JSON text would pass V8's string limit (512 MB; the batch answers are 1.1 MB each).
  const bodiesFile = path.join(scratchDir(), 'bodies.jsonl');
  const fd = openSync(bodiesFile, 'w');
  for (const [key, body] of Object.entries(bodies)) writeSync(fd, `${JSON.stringify([key, body])}\n`);
  closeSync(fd);
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
  const measure = async (name: string, server: { base: string; headers: Record<string, string>; pid: number | undefined }, pick: () => Request, post = false, connections = CONNECTIONS) => {
    await load(server.base, pick, server.headers, server.pid, 3, post, connections);
    await load(bare.base, pick, {}, bare.pid, 1, post, connections);
    const realRounds: Result[] = [];
    const bareRounds: Result[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      realRounds.push(await load(server.base, pick, server.headers, server.pid, DURATION, post, connections));
      bareRounds.push(await load(bare.base, pick, {}, bare.pid, DURATION, post, connections));
    }
    rows.push(row(name, median(realRounds), median(bareRounds)));
    rounds.push(
      `${name}: larder ${realRounds.map((r) => `${r.rps.toFixed(0)} (${micros(r)} µs)`).join(', ')}; ` +
        `bare ${bareRounds.map((r) => `${r.rps.toFixed(0)} (${micros(r)} µs)`).join(', ')} req/s (CPU per request)`,
    );
  };

  const off = { base: uncached.base, headers: uncached.headers, pid: uncached.child.pid };
  for (const scenario of scenarios) {
    const post = scenario.requests[0]?.body !== undefined;
    await measure(`${scenario.name}, cache off`, off, uniform(scenario.requests), post);
    // A POST carries many items: its latency alone (one request at a time) is the time to answer one
    // body, which 50 connections queue behind each other.
    if (post) await measure(`${scenario.name}, cache off, 1 connection`, off, uniform(scenario.requests), post, 1);
  }
  const memory = memoryOf(uncached.child.pid!);
  uncached.child.kill('SIGTERM');

  // Cache on: every GET scenario's URLs in one Zipf-like mix (hot URLs repeat, the tail misses);
  // the cache keeps GET answers only, so the POST scenarios are not in it.
  const mix = scenarios.flatMap((s) => s.requests.filter((r) => r.body === undefined));
  let cachedMemory: ReturnType<typeof memoryOf> = null;
  if (mix.length > 0) {
    const cachedServer = await startLarder(serverEnv(config.catalogPath));
    await integrityChecked(cachedServer.base);
    const on = { base: cachedServer.base, headers: cachedServer.headers, pid: cachedServer.child.pid };
    await measure(`Zipf mix of all ${mix.length} URLs, cache on (${config.responseCacheMb} MB)`, on, zipf(mix));
    cachedMemory = memoryOf(cachedServer.child.pid!);
    cachedServer.child.kill('SIGTERM');
  }
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
