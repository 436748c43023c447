import { existsSync } from 'node:fs';
import { AccountService } from '../accounts/service.js';
import { SqliteAccountStore } from '../accounts/sqliteStore.js';
import { CatalogHolder } from '../catalog/holder.js';
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
  // The holder reopens the catalogue when `larder import` replaces it (or on SIGHUP).
  const catalog = new CatalogHolder(config.catalogPath, {
    info: (obj, msg) => app.log.info(obj, msg),
    error: (obj, msg) => app.log.error(obj, msg),
  });
  const store = new SqliteAccountStore(config.accountsPath);
  const accounts = new AccountService(store, config.plans);

  // A fresh install gets one key so the Quick start works; it is printed once, after listening.
  let firstKey: string | null = null;
  if (!(await accounts.hasActiveKey())) {
    const account = await accounts.createAccount({ email: null, name: 'operator', plan: 'enterprise' });
    firstKey = (await accounts.createKey(account, 'first key')).plaintext;
  }

  const app = await buildApp({ config, catalog, accounts });
  catalog.watch();
  process.on('SIGHUP', () => catalog.reloadIfChanged());
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    await app.close();
    catalog.close();
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
