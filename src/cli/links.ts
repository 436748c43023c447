import { Catalog } from '../catalog/catalog.js';
import { NationalValues } from '../catalog/nationalValues.js';
import { loadConfig } from '../config.js';
import { MIN_COMPONENT, MIN_NAME, MIN_PROFILE, VERIFIED_THRESHOLD } from '../domain/linking.js';
import { KNOWN_COUNTRIES, NATIONAL_DATASET } from '../domain/countries.js';

const countryOf = (datasetId: string): string =>
  KNOWN_COUNTRIES.find((c) => c !== 'US' && NATIONAL_DATASET[c] === datasetId) ?? '?';

/** `larder links report`: per country, how many national foods are linked and verified, the score distribution, a sample. */
export function linksReportCommand(options: { sample?: string; json?: boolean }): void {
  const config = loadConfig(process.env);
  const catalog = Catalog.open(config.catalogPath);
  try {
    const sample = Math.max(0, Math.min(500, Number(options.sample ?? 15) || 0));
    const report = new NationalValues(catalog).linkReport(sample);
    if (options.json) {
      process.stdout.write(`${JSON.stringify(report.map((r) => ({ country: countryOf(r.dataset), ...r })), null, 2)}\n`);
      return;
    }
    const out: string[] = [
      `verified: score >= ${VERIFIED_THRESHOLD}, name >= ${MIN_NAME}, profile >= ${MIN_PROFILE}, every compared nutrient >= ${MIN_COMPONENT}, no conflict`,
    ];
    for (const r of report) {
      const pct = (n: number) => (r.foods === 0 ? '0' : ((100 * n) / r.foods).toFixed(1));
      out.push('');
      out.push(`${countryOf(r.dataset)} ${r.dataset}: ${r.foods} foods, ${r.linked} linked (${pct(r.linked)}%), ${r.verified} verified (${pct(r.verified)}%); ${r.ingredients} canonical ingredients answered`);
      out.push('  score      links  verified');
      for (const b of r.buckets) {
        out.push(`  ${b.from.toFixed(1)}-${b.to.toFixed(1)}  ${String(b.count).padStart(6)}  ${String(b.verified).padStart(8)}`);
      }
      if (r.sample.length > 0) out.push('  sample:');
      for (const s of r.sample) {
        const reading = s.compared_as === s.name ? '' : ` [read as: ${s.compared_as}]`;
        out.push(`  ${s.verified ? 'V' : ' '} ${s.score.toFixed(3)}  ${s.code}  ${s.name}${reading}  ->  ${s.ingredient_id} ${s.ingredient}`);
      }
    }
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    catalog.close();
  }
}
