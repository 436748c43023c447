import { parseDensityCell, type LiteratureDensity } from '../domain/literatureDensity.js';
import type { ImportContext } from './context.js';
import { readCsv } from './readers.js';
import { hasAll, locateDataset, requireFile, type DatasetInfo } from './sources.js';

export const FAO_DENSITY: DatasetInfo = {
  id: 'fao_infoods_density',
  name: 'FAO/INFOODS Density Database',
  version: '2.0 (2012)',
  publisher: 'FAO/INFOODS (Charrondiere, Haytowitz & Stadlmayr)',
  licence: 'FAO terms of use (attribution)',
  licenceUrl: 'https://www.fao.org/contact-us/terms/en/',
  url: 'https://www.fao.org/infoods/infoods/tables-and-databases/faoinfoods-databases/en/',
  attribution: 'FAO/INFOODS (2012). FAO/INFOODS Density Database Version 2.0. Charrondiere U.R., Haytowitz D., Stadlmayr B. Rome, FAO.',
  role: 'Literature densities (g/ml) for ingredients without a volume household measure',
};

const FILE = 'densities_cleaned.tsv';
const DENSITY_COLUMN = 'Density in g/ml (including mass and bulk density)';

export function locateFaoDensity(sourceDir: string): string {
  return requireFile(
    locateDataset(sourceDir, 'FAO/INFOODS Density Database', hasAll(FILE), 'Download the FAO/INFOODS Density Database v2.0 (as a TSV) into the source directory.'),
    FILE,
  );
}

/** The database's rows with a usable density (a number or a range), in file order. */
export async function readFaoDensities(ctx: ImportContext, file: string): Promise<LiteratureDensity[]> {
  const out: LiteratureDensity[] = [];
  for await (const row of readCsv(file, undefined, { delimiter: '\t', relax_quotes: true, relax_column_count: true })) {
    const name = (row['Food name and description'] ?? '').trim();
    const printed = (row[DENSITY_COLUMN] ?? '').trim();
    const gPerMl = parseDensityCell(printed);
    if (!name || gPerMl === null || !(gPerMl > 0)) continue;
    out.push({ name, gPerMl, printed, biblio: (row.BiblioID ?? '').trim() });
  }
  ctx.datasets.push({ ...FAO_DENSITY, recordCounts: { densities: out.length } });
  return out;
}
