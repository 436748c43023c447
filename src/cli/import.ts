import { loadConfig } from '../config.js';
import { runImport, type ImportReport } from '../importers/pipeline.js';
import { createProgressReporter } from '../importers/progress.js';

export function formatReport(report: ImportReport): string {
  const lines = [
    `catalogue ${report.catalogVersion} written to ${report.outFile} in ${report.seconds.toFixed(1)} s (branded products ${report.brandedSeconds.toFixed(1)} s, ${report.brandedCpuSeconds.toFixed(1)} s CPU)`,
    ...report.datasets.map((d) => `  ${d.id} ${d.version}: ${Object.entries(d.recordCounts).map(([k, v]) => `${v} ${k}`).join(', ')}`),
    ...Object.entries(report.stats.skipped).map(([reason, n]) => `  skipped ${n}: ${reason}`),
    ...report.stats.warnings.map((w) => `  warning: ${w}`),
  ];
  return lines.join('\n');
}

export async function importCommand(options: { source?: string; out?: string; syntheticBranded?: string }): Promise<void> {
  const config = loadConfig(process.env, { sourceDir: options.source, catalogPath: options.out });
  const report = await runImport({
    sourceDir: config.sourceDir,
    outFile: config.catalogPath,
    progress: createProgressReporter(process.stderr),
    syntheticBrandedDir: options.syntheticBranded ?? null,
  });
  process.stdout.write(`${formatReport(report)}\n`);
  process.stdout.write(`  peak memory ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB\n`);
}
