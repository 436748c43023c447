import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ImportContext } from './context.js';
import { readSr28 } from './readers.js';
import { hasAll, locateDatasetOptional } from './sources.js';

/**
 * SR28 LANGUAL.txt (NDB_No ^ Factor_Code): the LanguaL facets USDA indexed part of the
 * reference foods with (2,662 foods of groups 02, 05, 09-13, 16, 20, 23, 43; none for dairy,
 * fish, lamb and veal). Keyed by NDB number, which is the SR Legacy ingredient id. Used
 * only for linking national foods that carry facets too (domain/langual.ts); an absent
 * file leaves every ingredient without facets.
 */
export async function readSr28Langual(ctx: ImportContext): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  const dir = locateDatasetOptional(ctx.sourceDir, hasAll('NUT_DATA.txt', 'FOOD_DES.txt', 'LANGUAL.txt'));
  if (!dir || !existsSync(path.join(dir, 'LANGUAL.txt'))) {
    ctx.stats.warnings.push('SR28 LANGUAL.txt not found: linking does not use LanguaL facets');
    return out;
  }
  for await (const row of readSr28(path.join(dir, 'LANGUAL.txt'))) {
    const ndb = Number(row[0]);
    const code = row[1]?.trim();
    if (!Number.isInteger(ndb) || !code) continue;
    let list = out.get(ndb);
    if (!list) out.set(ndb, (list = []));
    list.push(code);
  }
  return out;
}
