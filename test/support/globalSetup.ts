import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
 * version (a clean clone always builds it; about a minute), and removes the catalogues of
 * earlier versions (850 MB each) once they are a day old. Every temporary directory the tests make goes under one
 * directory of this run (TMPDIR, which the test processes inherit), removed at teardown: the
 * import and kill tests write whole catalogues there.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (!existsSync(SOURCE_DIR)) throw new Error(`the tests need the source datasets at ${SOURCE_DIR} (set LARDER_SOURCE_DIR)`);
  const runTmp = mkdtempSync(path.join(tmpdir(), 'larder-tests-'));
  process.env.TMPDIR = runTmp;
  const cacheDir = path.join(ROOT, '.cache', 'test');
  const catalogName = `catalog-${importerFingerprint()}.sqlite`;
  if (existsSync(cacheDir)) {
    // Only a day old and older: another run in this checkout may still read (or build) its own.
    const dayAgo = Date.now() - 24 * 3600 * 1000;
    for (const old of readdirSync(cacheDir)) {
      const file = path.join(cacheDir, old);
      if (old.startsWith('catalog-') && !old.startsWith(catalogName) && statSync(file).mtimeMs < dayAgo) rmSync(file, { force: true });
    }
  }
  const catalogPath = path.join(cacheDir, catalogName);
  let fresh = existsSync(catalogPath);
  if (fresh) {
    try {
      new Database(catalogPath, { readonly: true }).close();
    } catch {
      fresh = false;
    }
  }
  if (!fresh) {
    try {
      const report = await runImport({ sourceDir: SOURCE_DIR, outFile: catalogPath, progress: createProgressReporter(null) });
      process.stdout.write(`test catalogue built in ${report.seconds.toFixed(1)} s at ${catalogPath}\n`);
    } catch (err) {
      rmSync(runTmp, { recursive: true, force: true, maxRetries: 3 });
      throw err;
    }
  }
  project.provide('catalogPath', catalogPath);
  project.provide('sourceDir', SOURCE_DIR);
  return () => rmSync(runTmp, { recursive: true, force: true, maxRetries: 3 });
}
