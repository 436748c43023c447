import path from 'node:path';
import { loadConfig } from '../config.js';
import { ImportError } from '../importers/sources.js';
import { writeSyntheticRelease } from '../synth/brandedRelease.js';

export async function synthBrandedCommand(options: { count: number; out: string; seed: number; source?: string }): Promise<void> {
  const config = loadConfig(process.env, { sourceDir: options.source });
  if (!config.sourceDir) throw new ImportError('no source directory to draw vocabularies from: pass --source DIR or set LARDER_SOURCE_DIR');
  const started = Date.now();
  const outDir = path.resolve(options.out);
  const manifest = await writeSyntheticRelease({
    sourceDir: config.sourceDir,
    outDir,
    count: options.count,
    seed: options.seed,
    onProgress: (n) => {
      if (process.stderr.isTTY) process.stderr.write(`\r  ${n} / ${options.count} products`);
    },
  });
  if (process.stderr.isTTY) process.stderr.write('\n');
  process.stdout.write(
    `${manifest.count} synthetic products (seed ${manifest.seed}) written to ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s\n` +
      `  vocabularies from: ${manifest.created_from}\n` +
      `  load them for a load test with: larder import --synthetic-branded ${outDir}\n`,
  );
}
