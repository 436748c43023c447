import type { ImportContext } from '../context.js';
import { importBls } from './bls.js';
import { importCiqual } from './ciqual.js';
import { importCofid } from './cofid.js';
import { importFrida } from './frida.js';
import { readSr28Langual } from '../langual.js';
import { importLivsmedelsverket } from './livsmedelsverket.js';
import { linkNationalFoods } from './link.js';
import { importMatvaretabellen } from './matvaretabellen.js';

/**
 * The national food composition tables. Each is optional: a missing one is reported as a
 * warning and its country is simply not offered (Catalog.countries).
 */
export async function importNational(ctx: ImportContext): Promise<void> {
  const before = ctx.datasets.length;
  await importCofid(ctx);
  await importCiqual(ctx);
  await importBls(ctx);
  await importFrida(ctx);
  await importMatvaretabellen(ctx);
  await importLivsmedelsverket(ctx);
  const added = ctx.datasets.slice(before);
  // Reference facets are only compared with national foods that carry facets too (SE).
  const referenceFacets = ctx.nationalFacets?.size ? await readSr28Langual(ctx) : new Map<number, string[]>();
  const summary = linkNationalFoods(
    ctx,
    added.map((d) => d.id),
    referenceFacets,
  );
  for (const d of added) {
    const s = summary[d.id];
    if (s) Object.assign(d.recordCounts, { linked_foods: s.linked, verified_links: s.verified, linked_ingredients: s.ingredients });
  }
}
