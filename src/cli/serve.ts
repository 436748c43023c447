import cluster, { type Worker } from 'node:cluster';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import { existsSync } from 'node:fs';
import { openAccountStore } from '../accounts/open.js';
import { AccountService } from '../accounts/service.js';
import { CatalogHolder } from '../catalog/holder.js';
import { loadConfig, type Config } from '../config.js';
import { createLimits } from '../limits/open.js';
import { buildApp } from '../http/app.js';

export interface ServeOptions {
  port?: number;
  host?: string;
  source?: string;
  workers?: number;
}

/** Builds the catalogue if there is none; the Quick start's first run. */
async function ensureCatalogue(config: Config): Promise<void> {
  if (existsSync(config.catalogPath)) return;
  process.stderr.write(`No catalogue at ${config.catalogPath}; building it from ${config.sourceDir ?? '(no source directory)'} ...\n`);
  // The importers load only on this first run, not on every start.
  const [{ runImport }, { createProgressReporter }, { formatReport }] = await Promise.all([
    import('../importers/pipeline.js'),
    import('../importers/progress.js'),
    import('./import.js'),
  ]);
  const report = await runImport({ sourceDir: config.sourceDir, outFile: config.catalogPath, progress: createProgressReporter(process.stderr) });
  process.stderr.write(`${formatReport(report)}\n`);
}

/** A fresh install gets one key so the Quick start works; null when a key exists already. */
async function ensureFirstKey(config: Config): Promise<string | null> {
  // With DATABASE_URL, an unreachable PostgreSQL stops the start here with its reason (exit 1).
  const store = await openAccountStore(config);
  try {
    const accounts = new AccountService(store, config.plans);
    if (await accounts.hasActiveKey()) return null;
    const account = await accounts.createAccount({ email: null, name: 'operator', plan: 'enterprise' });
    return (await accounts.createKey(account, 'first key')).plaintext;
  } finally {
    await store.close();
  }
}

function printFirstKey(key: string, address: string): void {
  process.stdout.write(
    '\nNo API key existed, so a first one was created (enterprise plan). It is shown once, now; store it:\n\n' +
      `  ${key}\n\n` +
      `Try it:\n  curl -H 'x-api-key: ${key}' ${address}/v1/ingredients/1001\n\n`,
  );
}

/** One serving process: the app over the catalogue and accounts, draining on SIGTERM. */
async function runServer(config: Config, onListening: (address: string) => void | Promise<void>): Promise<void> {
  const catalog = new CatalogHolder(config.catalogPath, {
    info: (obj, msg) => app.log.info(obj, msg),
    error: (obj, msg) => app.log.error(obj, msg),
  });
  const store = await openAccountStore(config);
  let log: { info(o: object, m: string): void; warn(o: object, m: string): void } | null = null;
  const accounts = new AccountService(store, config.plans, undefined, {
    keyCacheSeconds: config.keyCacheSeconds,
    keyRevalidateMs: config.keyRevalidateMs,
    onStoreState: (reachable, error) =>
      reachable
        ? log?.info({ accounts: 'reachable' }, 'account store reachable again')
        : log?.warn({ accounts: 'unreachable', err: error?.message }, `account store unreachable: keys seen in the last ${config.keyCacheSeconds} s keep working, others answer 503`),
  });
  const limits = createLimits(
    config,
    { info: (o, m) => log?.info(o, m), warn: (o, m) => log?.warn(o, m) },
    () => accounts.clock(),
    (id, day) => accounts.recordedUsage(id, day),
  );
  const app = await buildApp({ config, catalog, accounts, limits });
  log = app.log;
  catalog.watch();
  process.on('SIGHUP', () => catalog.reloadIfChanged());

  let closing = false;
  const shutdown = async (reason: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ reason }, 'shutting down: draining in-flight requests');
    await app.close();
    catalog.close();
    await accounts.close();
    await limits.close();
    await store.close();
    if (cluster.isWorker) process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  // The primary asks a worker to drain by message: cluster's own disconnect() would close the
  // server under Fastify and wait forever on busy keep-alive connections.
  if (cluster.isWorker) {
    process.on('message', (message: { cmd?: string }) => {
      if (message?.cmd === 'drain') void shutdown('drain');
    });
  }

  const address = await app.listen({ port: config.port, host: config.host });
  await onListening(address);
  app.log.info(`API reference at ${address}/docs`);
}

/**
 * The primary of `--workers N`: forks the workers (they share the listening socket), replaces
 * any that dies, drains them all on SIGTERM, and on SIGUSR2 restarts them one at a time,
 * each replacement listening before its predecessor stops, so no request is dropped.
 */
const DRAIN_DEADLINE_MS = 30_000;

function superviseWorkers(count: number, config: Config): void {
  let stopping = false;
  let printed = false;
  const log = (msg: string) => process.stderr.write(`larder primary ${process.pid}: ${msg}\n`);

  const fork = (): Promise<Worker> =>
    new Promise((resolve) => {
      const worker = cluster.fork();
      worker.once('listening', (address) => {
        // A listening worker has loaded the catalogue: only now is a first key worth creating.
        if (!printed) {
          printed = true;
          void ensureFirstKey(config).then(
            (key) => key && printFirstKey(key, `http://${address.address ?? '127.0.0.1'}:${address.port}`),
            (err: Error) => log(`could not create a first key: ${err.message}`),
          );
        }
        resolve(worker);
      });
    });

  const retiring = new Set<Worker>();
  const stop = (worker: Worker): Promise<void> =>
    new Promise((resolve) => {
      if (worker.isDead()) return resolve();
      retiring.add(worker);
      // A worker that cannot drain in time is stopped anyway.
      const deadline = setTimeout(() => worker.kill('SIGKILL'), DRAIN_DEADLINE_MS);
      worker.once('exit', () => {
        clearTimeout(deadline);
        resolve();
      });
      worker.send({ cmd: 'drain' });
    });

  cluster.on('exit', (worker, code, signal) => {
    // Node emits the worker's own 'exit' before this one, so the retiring mark is still here.
    if (retiring.delete(worker) || stopping) return;
    log(`worker ${worker.process.pid} died (${signal ?? code}); starting another`);
    void fork();
  });

  let restarting = false;
  process.on('SIGUSR2', async () => {
    if (restarting || stopping) return;
    restarting = true;
    log('rolling restart');
    for (const old of Object.values(cluster.workers ?? {})) {
      if (!old) continue;
      await fork();
      await stop(old);
    }
    restarting = false;
    log('rolling restart complete');
  });

  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    log('draining workers');
    await Promise.all(Object.values(cluster.workers ?? {}).map((w) => (w ? stop(w) : Promise.resolve())));
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());

  void Promise.all(Array.from({ length: count }, fork)).then(() => log(`${count} workers listening`));
}

export async function serveCommand(options: ServeOptions): Promise<void> {
  const config = loadConfig(process.env, { port: options.port, host: options.host, sourceDir: options.source });
  if (cluster.isWorker) {
    await runServer(config, () => {});
    return;
  }
  await ensureCatalogue(config);
  const workers = options.workers ?? 1;
  if (workers > 1) {
    // Without Redis the workers count rate limits in this primary, so they share one limit.
    if (!config.redisUrl) new RateLimiterClusterMaster();
    superviseWorkers(workers, config);
    return;
  }
  // The first key is created once the server listens (catalogue loaded): a start that fails
  // earlier leaves no key behind that nobody was shown.
  await runServer(config, async (address) => {
    const firstKey = await ensureFirstKey(config);
    if (firstKey) printFirstKey(firstKey, address);
  });
}
