import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { runImport } from '../../src/importers/pipeline.js';
import { createProgressReporter } from '../../src/importers/progress.js';
import Database from 'better-sqlite3';

declare module 'vitest' {
  export interface ProvidedContext {
    catalogPath: string;
    sourceDir: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const SOURCE_DIR = process.env.LARDER_SOURCE_DIR ?? path.resolve(ROOT, '..', 'shared', 'data');

/** A fingerprint of the code that writes the catalogue, so a changed importer rebuilds it. */
function importerFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(full).update(readFileSync(full));
    }
  };
  for (const dir of ['src/importers', 'src/domain', 'src/catalog']) walk(path.join(ROOT, dir));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Builds the catalogue the HTTP tests read, from the real datasets, once per importer
 * version (a clean clone always builds it; about ten seconds).
 */
export default async function setup(project: TestProject): Promise<void> {
  if (!existsSync(SOURCE_DIR)) throw new Error(`the tests need the source datasets at ${SOURCE_DIR} (set LARDER_SOURCE_DIR)`);
  const catalogPath = path.join(ROOT, '.cache', 'test', `catalog-${importerFingerprint()}.sqlite`);
  let fresh = existsSync(catalogPath);
  if (fresh) {
    try {
      new Database(catalogPath, { readonly: true }).close();
    } catch {
      fresh = false;
    }
  }
  if (!fresh) {
    const report = await runImport({ sourceDir: SOURCE_DIR, outFile: catalogPath, progress: createProgressReporter(null) });
    process.stdout.write(`test catalogue built in ${report.seconds.toFixed(1)} s at ${catalogPath}\n`);
  }
  project.provide('catalogPath', catalogPath);
  project.provide('sourceDir', SOURCE_DIR);
}
