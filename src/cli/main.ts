import { Command, InvalidArgumentError, Option } from 'commander';
import { ConfigError } from '../config.js';
import { ApiError } from '../errors.js';
import { ImportError } from '../importers/sources.js';
import { CatalogUnavailableError } from '../catalog/catalog.js';
import { StoreUnavailableError } from '../accounts/store.js';
import { PLAN_NAMES } from '../config.js';

/**
 * A command's module is loaded when that command runs, so `serve` does not load the
 * importers and `keys create` does not load Fastify (start-up time, README "Cold start").
 */
function lazy<M, K extends keyof M>(load: () => Promise<M>, name: K): (...args: unknown[]) => Promise<void> {
  return async (...args) => {
    const action = (await load())[name] as (...a: unknown[]) => Promise<void> | void;
    await action(...args);
  };
}
const importCommand = lazy(() => import('./import.js'), 'importCommand');
const synthBrandedCommand = lazy(() => import('./synthBranded.js'), 'synthBrandedCommand');
const serveCommand = lazy(() => import('./serve.js'), 'serveCommand');
const keysModule = () => import('./keys.js');
const accountsCreateCommand = lazy(keysModule, 'accountsCreateCommand');
const accountsListCommand = lazy(keysModule, 'accountsListCommand');
const accountsSetPlanCommand = lazy(keysModule, 'accountsSetPlanCommand');
const keysCreateCommand = lazy(keysModule, 'keysCreateCommand');
const keysListCommand = lazy(keysModule, 'keysListCommand');
const keysRevokeCommand = lazy(keysModule, 'keysRevokeCommand');
const linksReportCommand = lazy(() => import('./links.js'), 'linksReportCommand');

const port = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('a port is an integer from 0 to 65535');
  return n;
};

const program = new Command()
  .name('larder')
  .description('Larder: a self-hostable food data service')
  .showHelpAfterError();

program
  .command('import')
  .description('build the catalogue from the source datasets and swap it in atomically')
  .option('--source <dir>', 'folder with the source datasets (default: LARDER_SOURCE_DIR or ../shared/data)')
  .option('--out <file>', 'catalogue file to write (default: LARDER_CATALOG or data/catalog.sqlite)')
  .option('--synthetic-branded <dir>', 'also load a synthetic release written by synth-branded (load tests only)')
  .action(importCommand);

const positiveInt = (value: string): number => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('a whole number of at least 1');
  return n;
};
const seedInt = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 2 ** 32 - 1) throw new InvalidArgumentError('a whole number from 0 to 4294967295');
  return n;
};

program
  .command('synth-branded')
  .description('write a synthetic FDC-format Branded Foods release (for load tests; never imported unless asked)')
  .requiredOption('--count <n>', 'number of products', positiveInt)
  .requiredOption('--out <dir>', 'folder to write branded_food.csv, food.csv, food_nutrient.csv and nutrient.csv into')
  .option('--seed <s>', 'seed: the same seed and sources give the same files', seedInt, 1)
  .option('--source <dir>', 'real datasets to draw vocabularies from (default: LARDER_SOURCE_DIR or ../shared/data)')
  .action(synthBrandedCommand);

program
  .command('serve')
  .description('serve the API; builds the catalogue first if there is none')
  .option('--port <n>', 'port to listen on (default: PORT or 8080)', port)
  .option('--host <host>', 'address to bind (default: HOST or 127.0.0.1)')
  .option('--source <dir>', 'source datasets, used when the catalogue must be built')
  .option('--workers <n>', 'serving processes sharing the port (default 1); SIGUSR2 restarts them one by one', (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 64) throw new InvalidArgumentError('workers is an integer from 1 to 64');
    return n;
  })
  .action(serveCommand);

const keys = program.command('keys').description('manage API keys');
keys
  .command('create')
  .description('create an API key; prints it once, as the last line')
  .requiredOption('--name <name>', 'a name for the key (the application or environment it is for)')
  .option('--email <email>', 'the account to create it in (created if new); without it, a new account')
  .addOption(new Option('--plan <plan>', 'plan of a new account').choices([...PLAN_NAMES]).default('free'))
  .action(keysCreateCommand);
keys.command('revoke').description('revoke an API key').argument('<key>', 'the key').action(keysRevokeCommand);
keys.command('list').description('list API keys (never their secret)').action(keysListCommand);

const accounts = program.command('accounts').description('manage developer accounts');
accounts
  .command('create')
  .description('create an account (no password: the developer signs up on the dashboard, or an operator makes keys for it)')
  .requiredOption('--email <email>', 'the account email')
  .option('--name <name>', 'a display name (default: the email)')
  .addOption(new Option('--plan <plan>', 'plan').choices([...PLAN_NAMES]).default('free'))
  .action(accountsCreateCommand);
accounts
  .command('set-plan')
  .description('move an account to another plan (its limits change from the next request)')
  .argument('<account>', 'account id or email')
  .argument('<plan>', PLAN_NAMES.join('|'))
  .action(accountsSetPlanCommand);
accounts.command('list').description('list accounts with their plan and active key count').action(accountsListCommand);

const links = program.command('links').description('links between national foods and canonical ingredients');
links
  .command('report')
  .description('per country: linked and verified national foods, score distribution, a sample of links')
  .option('--sample <n>', 'links to show per country (default 15)')
  .option('--json', 'print the report as JSON')
  .action(linksReportCommand);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  const known = err instanceof ConfigError || err instanceof ImportError || err instanceof CatalogUnavailableError || err instanceof ApiError || err instanceof StoreUnavailableError;
  process.stderr.write(`larder: ${known ? (err as Error).message : ((err as Error).stack ?? String(err))}\n`);
  process.exitCode = 1;
}
