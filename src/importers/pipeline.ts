import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { writeIntegrity } from '../catalog/integrity.js';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CATALOG_DDL, SCHEMA_VERSION } from '../catalog/schema.js';
import { carbonOfConcentratedRecords, carbonOfCookedRecords, importCarbon, locateCarbon } from './carbon.js';
import type { ImportContext, ImportStats } from './context.js';
import { importCooking, locateCooking } from './cooking.js';
import { deriveIngredientFields } from './derive.js';
import { locateFaoDensity, readFaoDensities } from './faoDensity.js';
import { importFndds, locateFndds } from './fndds.js';
import { importFoundation, locateFoundation } from './foundation.js';
import { checkSr28Units, importNutrientDefinitions } from './nutrientDefinitions.js';
import { prepareIngredientAnswers } from './answers.js';
import type { ProgressReporter } from './progress.js';
import { BrandedWriter } from './brandedWriter.js';
import { FDC_BRANDED, importFdcBranded, readSyntheticManifest, SYNTHETIC_MARKER, syntheticDataset } from './fdcBranded.js';
import { importFoodRepo, locateFoodRepo } from './foodRepo.js';
import { importOpenFoodFacts, locateOpenFoodFacts } from './openFoodFacts.js';
import { findDatasetDirs, hasAll, ImportError, requireFile } from './sources.js';
import { importSrLegacy, locateSrLegacy } from './srLegacy.js';
import { validateCatalog } from './validate.js';
import { importNational } from './national/index.js';

export interface ImportOptions {
  sourceDir: string | null;
  outFile: string;
  progress: ProgressReporter;
  /**
   * A folder written by `larder synth-branded`, added to the real products. Synthetic folders
   * are never picked up from the source directory: only this option loads one.
   */
  syntheticBrandedDir?: string | null;
  /** Runs after the new file is complete and before it replaces the old one (tests use it to fail). */
  beforeSwap?: (tmpFile: string) => void;
}

export interface ImportReport {
  outFile: string;
  catalogVersion: string;
  seconds: number;
  /** Of which the branded products (all branded sources, merging, calculated energy and search indexes). */
  brandedSeconds: number;
  /** CPU seconds (user + system) of the branded part: on a shared machine, the figure that does not depend on the load. */
  brandedCpuSeconds: number;
  stats: ImportStats;
  datasets: Array<{ id: string; version: string; recordCounts: Record<string, number> }>;
}

const TMP_MARK = '.importing-';

/** Removes temporary files left by imports that were killed, so they never pile up. */
function removeAbandonedTemporaries(outFile: string): void {
  const dir = path.dirname(outFile);
  const prefix = `${path.basename(outFile)}${TMP_MARK}`;
  for (const entry of readdirSync(dir)) {
    if (!entry.startsWith(prefix)) continue;
    const pid = Number(entry.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) continue;
    rmSync(path.join(dir, entry), { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function fsyncPath(p: string): void {
  const fd = openSync(p, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Builds a complete catalogue into a temporary file beside the target, validates it, and
 * renames it over the target. Until the rename the old catalogue is untouched; a failure at
 * any point removes the temporary file and leaves the old one serving.
 */
export async function runImport(options: ImportOptions): Promise<ImportReport> {
  const started = Date.now();
  const { sourceDir, outFile, progress } = options;
  if (!sourceDir) {
    throw new ImportError(
      'no source directory: pass --source DIR or set LARDER_SOURCE_DIR (the default ../shared/data does not exist)',
    );
  }
  if (!existsSync(sourceDir)) throw new ImportError(`source directory ${sourceDir} does not exist`);

  // Find every dataset before writing anything, so a missing one fails in a second.
  const srDirs = locateSrLegacy(sourceDir);
  const foundationDir = locateFoundation(sourceDir);
  const fnddsDir = locateFndds(sourceDir);
  const carbonDirs = locateCarbon(sourceDir);
  const cookingFiles = locateCooking(sourceDir);
  const densityFile = locateFaoDensity(sourceDir);
  const fdcBrandedDirs = findDatasetDirs(sourceDir, (files) => hasAll('branded_food.csv')(files) && !files.includes(SYNTHETIC_MARKER));
  const offReleases = locateOpenFoodFacts(sourceDir);
  const foodRepoReleases = locateFoodRepo(sourceDir);
  const syntheticDir = options.syntheticBrandedDir ?? null;
  const synthetic = syntheticDir ? readSyntheticManifest(syntheticDir) : null;
  if (syntheticDir && !synthetic) {
    throw new ImportError(`${syntheticDir} is not a synthetic release (no ${SYNTHETIC_MARKER}): write one with \`larder synth-branded\``);
  }

  mkdirSync(path.dirname(outFile), { recursive: true });
  removeAbandonedTemporaries(outFile);
  const tmpFile = `${outFile}${TMP_MARK}${process.pid}-${Date.now()}`;
  const db = new Database(tmpFile);
  let open = true;
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('foreign_keys = OFF');
    db.pragma('cache_size = -65536');
    db.exec(CATALOG_DDL);

    const ctx: ImportContext = {
      db,
      sourceDir,
      progress,
      stats: { rows: {}, skipped: {}, warnings: [] },
      datasets: [],
      nutrientByNumber: new Map(),
      nutrientUnits: new Map(),
    };

    db.exec('BEGIN');
    await importNutrientDefinitions(ctx, [
      requireFile(srDirs.fdcDir, 'nutrient.csv'),
      requireFile(foundationDir, 'nutrient.csv'),
    ]);
    await checkSr28Units(ctx, requireFile(srDirs.sr28Dir, 'NUTR_DEF.txt'));
    await importSrLegacy(ctx, srDirs);
    await importFoundation(ctx, foundationDir, [srDirs.fdcDir]);
    await importFndds(ctx, fnddsDir);
    deriveIngredientFields(ctx, await readFaoDensities(ctx, densityFile));
    await importNational(ctx);
    await importCarbon(ctx, carbonDirs);
    carbonOfCookedRecords(ctx, await importCooking(ctx, cookingFiles));
    carbonOfConcentratedRecords(ctx);
    prepareIngredientAnswers(ctx);

    // Branded products, in precedence order (README "Branded products: sources and merging"):
    // FDC, full Open Food Facts exports, FoodRepo, then reduced OFF copies. A barcode seen again
    // is merged field by field into the product of the earlier source.
    const brandedStarted = Date.now();
    const brandedCpu = process.cpuUsage();
    const branded = new BrandedWriter(ctx);
    for (const [i, dir] of fdcBrandedDirs.entries()) {
      await importFdcBranded(ctx, branded, dir, i === 0 ? FDC_BRANDED : { ...FDC_BRANDED, id: `${FDC_BRANDED.id}_${i + 1}` });
    }
    for (const release of offReleases.filter((r) => !r.reduced)) await importOpenFoodFacts(ctx, branded, release);
    for (const release of foodRepoReleases) await importFoodRepo(ctx, branded, release);
    for (const release of offReleases.filter((r) => r.reduced)) await importOpenFoodFacts(ctx, branded, release);
    if (syntheticDir && synthetic) await importFdcBranded(ctx, branded, syntheticDir, syntheticDataset(synthetic));
    branded.finish();
    const brandedSeconds = (Date.now() - brandedStarted) / 1000;
    const cpu = process.cpuUsage(brandedCpu);
    const brandedCpuSeconds = (cpu.user + cpu.system) / 1e6;
    // Energy coverage per source (the product's first source), in the import report.
    for (const c of branded.coverage()) {
      const dataset = ctx.datasets.find((d) => d.id === c.dataset_id);
      if (!dataset) continue;
      dataset.recordCounts.products_first_source = c.products;
      dataset.recordCounts.with_energy = c.with_energy;
      dataset.recordCounts.with_energy_calculated_eu_1169 = c.calculated;
      // fat, carbohydrate and protein present, no energy: the declared grams exceed 100 g (calculation refused)
      dataset.recordCounts.macros_above_100_g_no_energy = c.macros_without_energy;
    }

    const insertDataset = db.prepare(
      `INSERT INTO dataset (id, name, version, publisher, licence, licence_url, url, attribution, role, record_counts)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const d of ctx.datasets) {
      insertDataset.run(d.id, d.name, d.version, d.publisher, d.licence, d.licenceUrl, d.url, d.attribution, d.role, JSON.stringify(d.recordCounts));
    }
    validateCatalog(ctx, {
      nutrient: 100,
      category: 20,
      ingredient: 1000,
      ingredient_nutrient: 100000,
      ingredient_portion: 1000,
      survey_food: 1000,
      survey_food_component: 1000,
      wweia_category: 50,
      dataset: 4,
    });

    const builtAt = new Date().toISOString();
    const catalogVersion = createHash('sha256')
      .update(JSON.stringify({ builtAt, rows: ctx.stats.rows, datasets: ctx.datasets.map((d) => [d.id, d.version]) }))
      .digest('hex')
      .slice(0, 16);
    const setMeta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    setMeta.run('schema_version', String(SCHEMA_VERSION));
    setMeta.run('catalog_version', catalogVersion);
    setMeta.run('built_at', builtAt);
    setMeta.run('source_dir', sourceDir);
    // Counted once here: a COUNT(*) over millions of products would cost every start-up.
    setMeta.run('branded_product_count', String(db.prepare('SELECT COUNT(*) FROM branded_product').pluck().get()));
    setMeta.run('branded_rank_ends', JSON.stringify(branded.rankEnds()));
    const masks = db.prepare('SELECT completeness AS k, COUNT(*) AS v FROM branded_product GROUP BY completeness').all() as Array<{ k: number; v: number }>;
    setMeta.run('branded_completeness_counts', JSON.stringify(Object.fromEntries(masks.map((m) => [m.k, m.v]))));
    setMeta.run(
      'branded_release',
      synthetic ? `real + synthetic (seed ${synthetic.seed}, ${synthetic.count} products)` : 'real',
    );
    db.exec('COMMIT');
    db.exec('ANALYZE');
    db.pragma('journal_mode = DELETE');
    db.close();
    open = false;

    options.beforeSwap?.(tmpFile);
    fsyncPath(tmpFile);
    // The content hash goes beside the catalogue first; the served file is checked against it.
    await writeIntegrity(tmpFile, outFile, catalogVersion);
    renameSync(tmpFile, outFile);
    fsyncPath(path.dirname(outFile));
    return {
      outFile,
      catalogVersion,
      seconds: (Date.now() - started) / 1000,
      brandedSeconds,
      brandedCpuSeconds,
      stats: ctx.stats,
      datasets: ctx.datasets.map((d) => ({ id: d.id, version: d.version, recordCounts: d.recordCounts })),
    };
  } catch (err) {
    if (open) db.close();
    rmSync(tmpFile, { force: true });
    if (err instanceof ImportError) throw err;
    throw new ImportError(`import failed: ${(err as Error).message}`);
  } finally {
    progress.stop();
  }
}
