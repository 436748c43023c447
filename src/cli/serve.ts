import { existsSync } from 'node:fs';
import { openAccountStore } from '../accounts/open.js';
import { AccountService } from '../accounts/service.js';
import { createLimits } from '../limits/open.js';
import { Catalog } from '../catalog/catalog.js';
import { loadConfig } from '../config.js';
import { buildApp } from '../http/app.js';
import { runImport } from '../importers/pipeline.js';
import { createProgressReporter } from '../importers/progress.js';
import { formatReport } from './import.js';

export async function serveCommand(options: { port?: number; host?: string; source?: string }): Promise<void> {
  const config = loadConfig(process.env, { port: options.port, host: options.host, sourceDir: options.source });

  if (!existsSync(config.catalogPath)) {
    process.stderr.write(`No catalogue at ${config.catalogPath}; building it from ${config.sourceDir ?? '(no source directory)'} ...\n`);
    const report = await runImport({ sourceDir: config.sourceDir, outFile: config.catalogPath, progress: createProgressReporter(process.stderr) });
    process.stderr.write(`${formatReport(report)}\n`);
  }
  const catalog = Catalog.open(config.catalogPath);
  // With DATABASE_URL, an unreachable PostgreSQL stops the start here with its reason (exit 1).
  const store = await openAccountStore(config);
  let log: { info(o: object, m: string): void; warn(o: object, m: string): void } | null = null;
  const accounts = new AccountService(store, config.plans, undefined, {
    keyCacheSeconds: config.keyCacheSeconds,
    onStoreState: (reachable, error) =>
      reachable
        ? log?.info({ accounts: 'reachable' }, 'account store reachable again')
        : log?.warn({ accounts: 'unreachable', err: error?.message }, `account store unreachable: keys seen in the last ${config.keyCacheSeconds} s keep working, others answer 503`),
  });

  // A fresh install gets one key so the Quick start works; it is printed once, after listening.
  let firstKey: string | null = null;
  if (!(await accounts.hasActiveKey())) {
    const account = await accounts.createAccount({ email: null, name: 'operator', plan: 'enterprise' });
    firstKey = (await accounts.createKey(account, 'first key')).plaintext;
  }

  const limits = createLimits(
    config,
    { info: (o, m) => log?.info(o, m), warn: (o, m) => log?.warn(o, m) },
    () => accounts.clock(),
    (id, day) => accounts.recordedUsage(id, day),
  );
  const app = await buildApp({ config, catalog, accounts, limits });
  log = app.log;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    await app.close();
    catalog.close();
    await accounts.close();
    await limits.close();
    await store.close();
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  const address = await app.listen({ port: config.port, host: config.host });
  if (firstKey) {
    process.stdout.write(
      '\nNo API key existed, so a first one was created (enterprise plan). It is shown once, now; store it:\n\n' +
        `  ${firstKey}\n\n` +
        `Try it:\n  curl -H 'x-api-key: ${firstKey}' ${address}/v1/ingredients/1001\n\n`,
    );
  }
  app.log.info(`API reference at ${address}/docs`);
}
