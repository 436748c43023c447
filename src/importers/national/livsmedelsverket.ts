import { parse } from 'csv-parse/sync';
import { facetCodes, fortification, NOT_FORTIFIED } from '../../domain/langual.js';
import { parseNationalValue } from '../../domain/nationalValues.js';
import type { ImportContext } from '../context.js';
import { findFile, locateDatasetOptional, type DatasetInfo } from '../sources.js';
import { loadMapping, NationalWriter, readText } from './common.js';

export const LIVSMEDELSVERKET: DatasetInfo = {
  id: 'se_livsmedelsverket',
  name: 'Livsmedelsverkets livsmedelsdatabas (Swedish food composition database), 2017 export',
  version: '2017-02',
  publisher: 'Livsmedelsverket (Swedish Food Agency)',
  licence: 'CC BY 4.0',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
  url: 'https://www.livsmedelsverket.se/en/food-and-content/naringsamnen/livsmedelsdatabasen',
  attribution:
    'Livsmedelsverkets livsmedelsdatabas, version 2017-02 (export of 2017-02-06). Livsmedelsverket (Swedish Food Agency), licensed under CC BY 4.0. https://www.livsmedelsverket.se/livsmedelsdatabasen',
  role: 'National values for SE (names in Swedish; LanguaL facets from the meta file)',
};

const VALUES = /^LivsmedelsDB_\d+\.csv$/i;
const META = /^LivsmedelsDB_Meta_\d+\.csv$/i;

/** The mapping's name for total sugars, the sum of two columns of the export. */
const SUGARS_SUM = 'Monosackarider (g) + Disackarider (g)';

/** Meta columns holding LanguaL facets ("Ko (B1201)"; several joined by "; "). */
const FACET_COLUMNS = [
  'Artklassificering',
  'Del av växt/djur',
  'Fysisk form',
  'Värmebehandling',
  'Tillagningsmetod',
  'Industriell process',
  'Konserveringsmetod',
  'Förpackningsmedium',
  'Utmärkande drag',
];

/**
 * The Livsmedelsverket database export: `LivsmedelsDB_<timestamp>.csv` (`;`-separated,
 * UTF-8 with BOM; Livsmedelsnamn, Livsmedelsnummer, then one column per nutrient named
 * with its unit; "NULL" is missing) and, optionally, `LivsmedelsDB_Meta_<timestamp>.csv`
 * (`,`-separated: scientific name, EuroFIR food group and LanguaL facets per food).
 * Names are Swedish only: `name_en` stays null and linking reads the names through the
 * Swedish glossary. Total sugars (2000) are the sum of the mono- and disaccharide columns,
 * the table's own definition ("Sockerarter", where given, is that sum: 62 foods, 12.5 = 2.1 +
 * 10.4 for "Dressing majonnäs fett ca 60%"; NULL for the other 2,026), served with that sum as
 * its source column. Not mapped (mappings/se_livsmedelsverket.csv): whole grain, the 4:0-10:0
 * fatty-acid sum, niacin equivalents, salt (sodium is mapped) and waste.
 */
export async function importLivsmedelsverket(ctx: ImportContext): Promise<void> {
  const dir = locateDatasetOptional(ctx.sourceDir, (files) => files.some((f) => VALUES.test(f)));
  const file = dir ? findFile(dir, VALUES) : null;
  if (!dir || !file) {
    ctx.stats.warnings.push('Livsmedelsverket export (LivsmedelsDB_*.csv) not found: SE is not available');
    return;
  }
  const w = new NationalWriter(ctx, LIVSMEDELSVERKET, loadMapping(LIVSMEDELSVERKET.id));
  const task = ctx.progress.task('Livsmedelsverket 2017 (SE)', 2);

  const meta = new Map<string, { group: string | null; scientific: string | null; facets: string[] }>();
  const metaFile = findFile(dir, META);
  if (metaFile) {
    const rows = parse(readText(metaFile), { columns: true, skip_empty_lines: true, relax_column_count: true }) as Array<
      Record<string, string>
    >;
    for (const r of rows) {
      const code = r.Livsmedelsnummer?.trim();
      if (!code) continue;
      meta.set(code, {
        group: r['Livsmedelsgrupp enligt EuroFIR']?.trim() || null,
        scientific: r['Vetenskapligt namn']?.trim() || null,
        facets: FACET_COLUMNS.flatMap((c) => facetCodes(r[c] ?? '')),
      });
    }
  } else {
    ctx.stats.warnings.push('Livsmedelsverket meta file (LivsmedelsDB_Meta_*.csv) not found: SE foods have no group, scientific name or facets');
  }
  task.advance(1);

  const rows = parse(readText(file), { delimiter: ';', skip_empty_lines: true, relax_column_count: true }) as string[][];
  const header = rows[0] ?? [];
  const nameAt = header.indexOf('Livsmedelsnamn');
  const codeAt = header.indexOf('Livsmedelsnummer');
  const mapped = new Set(w.columns);
  const columns = header.map((h, i) => ({ h, i })).filter((c) => mapped.has(c.h));
  const facets = new Map<string, string[]>();
  const monoAt = header.indexOf('Monosackarider (g)');
  const diAt = header.indexOf('Disackarider (g)');
  for (const row of rows.slice(1)) {
    const code = row[codeAt]?.trim();
    const name = row[nameAt]?.trim();
    if (!code || !name) continue;
    const m = meta.get(code);
    if (!w.food(code, name, null, m?.group ?? null, m?.scientific ?? null)) continue;
    if (m && m.facets.length > 0) {
      // Livsmedelsverket names every fortified food ("berikad", "berik"), so a food whose
      // name and facets say nothing of it is read as not fortified (LanguaL P0173).
      const own = !/berik/i.test(name) && fortification(m.facets) !== 'yes' ? [...m.facets, NOT_FORTIFIED] : m.facets;
      facets.set(code, own);
    }
    for (const c of columns) w.value(code, c.h, row[c.i]);
    const mono = parseNationalValue(row[monoAt]);
    const di = parseNationalValue(row[diAt]);
    if (mono.kind === 'value' && di.kind === 'value') w.value(code, SUGARS_SUM, mono.amount + di.amount);
  }
  (ctx.nationalFacets ??= new Map()).set(LIVSMEDELSVERKET.id, facets);
  task.advance(1);
  task.done(`${w.counts.foods} foods, ${w.counts.values} values`);
  w.finish({ foods_with_langual_facets: facets.size });
}
