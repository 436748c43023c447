import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { runImport } from '../../src/importers/pipeline.js';
import { createProgressReporter } from '../../src/importers/progress.js';
import { ImportError } from '../../src/importers/sources.js';

const silent = createProgressReporter(null);
/** 818,846 products: re-importing them adds ~20 s per run and nothing these tests look at. */
const BIG_BRANDED = 'off-products-2019';
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
let work: string;
let out: string;

/** A source directory of symlinks to the real datasets, with some folders left out or replaced. */
function sourceWith(options: { omit?: string[]; replace?: Record<string, Record<string, string>> }): string {
  const dir = mkdtempSync(path.join(work, 'src-'));
  const real = inject('sourceDir');
  for (const folder of readdirSync(real)) {
    if (options.omit?.includes(folder)) continue;
    const replaced = options.replace?.[folder];
    if (!replaced) {
      symlinkSync(path.join(real, folder), path.join(dir, folder));
      continue;
    }
    mkdirSync(path.join(dir, folder));
    for (const file of readdirSync(path.join(real, folder))) {
      if (replaced[file] !== undefined) writeFileSync(path.join(dir, folder, file), replaced[file]!, 'latin1');
      else symlinkSync(path.join(real, folder, file), path.join(dir, folder, file));
    }
  }
  return dir;
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'larder-import-'));
  out = path.join(work, 'catalog.sqlite');
  copyFileSync(inject('catalogPath'), out);
});

describe('import pipeline', () => {
  it('fails fast, naming the missing dataset, and leaves the old catalogue untouched', async () => {
    const before = sha(out);
    const source = sourceWith({ omit: ['usda-fndds-2019-2020'] });
    await expect(runImport({ sourceDir: source, outFile: out, progress: silent })).rejects.toThrow(/FNDDS 2019-2020.*not found/);
    expect(sha(out)).toBe(before);
    expect(readdirSync(work).filter((f) => f.includes('.importing-'))).toEqual([]);
  });

  it('rolls back a failure in the middle of the data and says what failed', async () => {
    const before = sha(out);
    const source = sourceWith({
      replace: { 'usda-sr28': { 'NUT_DATA.txt': '~01001~^~208~^717^0^^~4~^~NC~^^^^^^^^^^08/2010^\r\n~01001~^~999~^1^0^^~1~^^^^^^^^^^^^\r\n' } },
    });
    const error = await runImport({ sourceDir: source, outFile: out, progress: silent }).catch((e) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect(error.message).toMatch(/nutrient number 999 has no FDC definition/);
    expect(sha(out)).toBe(before);
    expect(readdirSync(work).filter((f) => f.includes('.importing-'))).toEqual([]);
  });

  it('fails validation when a unit is insane, and keeps the old catalogue', async () => {
    const before = sha(out);
    // 81.11 g fat becomes 8111 g per 100 g
    // The large Open Food Facts folder is left out: this is about the SR28 check, and it keeps the run short.
    const source = sourceWith({
      omit: [BIG_BRANDED],
      replace: { 'usda-sr28': { 'NUT_DATA.txt': '~01001~^~204~^8111^0^^~1~^^^^^^^^^^^^\r\n' } },
    });
    await expect(runImport({ sourceDir: source, outFile: out, progress: silent })).rejects.toThrow(/validation failed: .*amounts above 100.5 g per 100 g: 1001 Total lipid \(fat\) 8111/);
    expect(sha(out)).toBe(before);
  }, 120_000); // a full import of everything else

  it('keeps the old catalogue when the swap itself is interrupted, then a re-run succeeds identically', async () => {
    const before = sha(out);
    const source = sourceWith({ omit: [BIG_BRANDED] });
    await expect(
      runImport({ sourceDir: source, outFile: out, progress: silent, beforeSwap: () => { throw new Error('disk full'); } }),
    ).rejects.toThrow(/import failed: disk full/);
    expect(sha(out)).toBe(before);
    expect(readdirSync(work).filter((f) => f.includes('.importing-'))).toEqual([]);

    const report = await runImport({ sourceDir: source, outFile: out, progress: silent });
    expect(sha(out)).not.toBe(before);
    const counts = (file: string) => {
      const db = new Database(file, { readonly: true });
      const tables = ['ingredient', 'ingredient_nutrient', 'ingredient_portion', 'nutrient', 'survey_food', 'survey_food_component'];
      const result = Object.fromEntries(tables.map((t) => [t, db.prepare(`SELECT COUNT(*) FROM ${t}`).pluck().get()]));
      db.close();
      return result;
    };
    expect(counts(out)).toEqual(counts(inject('catalogPath')));
    expect(report.stats.rows.ingredient).toBe(7793 + 316);
    expect(report.datasets.find((d) => d.id === 'usda_sr28')!.recordCounts.nutrient_values).toBe(641060);
  }, 480_000); // two full imports, national tables and linking included, on a shared CI machine (240 s was exceeded at a load average of 10 on 2 cores)
});

describe('an import killed with SIGKILL', () => {
  const BIN = path.resolve(import.meta.dirname, '..', '..', 'bin', 'larder.js');
  // A catalogue of its own: an import of the tests above that outlived its timeout could otherwise swap `out` mid-test.
  let work: string;
  let out: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'larder-kill-'));
    out = path.join(work, 'catalog.sqlite');
    copyFileSync(inject('catalogPath'), out);
  });

  it.each([300, 1500, 3500])('after %i ms leaves the old catalogue whole and intact', async (delay) => {
    const before = sha(out);
    const child = spawn(process.execPath, [BIN, 'import', '--source', inject('sourceDir'), '--out', out], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, delay));
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    expect(sha(out)).toBe(before);
    const db = new Database(out, { readonly: true });
    expect(db.prepare('PRAGMA integrity_check').pluck().get()).toBe('ok');
    db.close();
  }, 90_000);

  it('is followed by an import that succeeds and removes what the killed ones left', async () => {
    expect(readdirSync(work).filter((f) => f.includes('.importing-')).length).toBeGreaterThan(0);
    await runImport({ sourceDir: inject('sourceDir'), outFile: out, progress: silent });
    expect(readdirSync(work).filter((f) => f.includes('.importing-'))).toEqual([]);
  }, 240_000); // a whole import (and its content hash) on a shared 2-core machine takes 2-3 minutes
});
