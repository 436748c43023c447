import {
  BOUNDARY,
  CARBON_SOURCES,
  compileRules,
  frenchDqr,
  globalDqr,
  matchRule,
  MEDIAN_DQR4_MIN,
  percentile,
  perKgCooked,
  perKgConcentrated,
  CONCENTRATED_MILK_NAME,
  CONCENTRATED_NAME,
  FLUID_MILK_NAME,
  NOT_ONLY_DRIED_NAME,
  CONCENTRATED_MIN_RATIO,
  round,
  sameProductSpread,
  spread,
  type CarbonRule,
  type UncertaintyReason,
} from '../domain/carbon.js';
import { median } from '../domain/householdMeasures.js';
import mapping from './mappings/carbon-rules.json' with { type: 'json' };
import { countRows, type ImportContext } from './context.js';
import type { RawCookedPair } from './cooking.js';
import { numberOrNull, readCsv, readCsvRows } from './readers.js';
import { findFile, hasAll, ImportError, locateDataset, requireFile, type DatasetInfo } from './sources.js';

export const POORE_NEMECEK: DatasetInfo = {
  id: CARBON_SOURCES.pooreNemecek,
  name: 'Poore & Nemecek (2018), greenhouse-gas emissions across the food supply chain',
  version: '2018 (Our World in Data / Kaggle "Food_Production.csv")',
  publisher: 'J. Poore and T. Nemecek, Science 360:987-992; data via Our World in Data',
  licence: 'CC BY 4.0',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
  url: 'https://ourworldindata.org/environmental-impacts-of-food',
  attribution: 'Poore, J., & Nemecek, T. (2018). Reducing food’s environmental impacts through producers and consumers. Science, 360(6392), 987-992.',
  role: 'Global carbon values (kg CO2e per kg, cradle to retail) for 43 products',
};

export const SU_EATABLE_LIFE: DatasetInfo = {
  id: CARBON_SOURCES.suEatableLife,
  name: 'SU-EATABLE LIFE food commodity carbon footprint database',
  version: '2021 (Petersson et al., Sci Data 8:127)',
  publisher: 'SU-EATABLE LIFE project (EU LIFE programme)',
  licence: 'CC BY 4.0 (figshare 10.6084/m9.figshare.13271111)',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
  url: 'https://doi.org/10.6084/m9.figshare.13271111',
  attribution: 'Petersson, T. et al. (2021). A multilevel carbon and water footprint dataset of food commodities. Scientific Data 8, 127.',
  role: 'Global carbon values for about 320 commodities, with uncertainty class and typology',
};

export const AGRIBALYSE: DatasetInfo = {
  id: CARBON_SOURCES.agribalyse,
  name: 'AGRIBALYSE 3.1',
  version: '3.1',
  publisher: 'ADEME / INRAE',
  licence: 'Licence Ouverte / Etalab 2.0',
  licenceUrl: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
  url: 'https://doc.agribalyse.fr/documentation-en/agribalyse-data/data-access',
  attribution: 'ADEME, AGRIBALYSE 3.1 (2023), base de données d’ACV des produits agricoles et alimentaires, licence Etalab 2.0.',
  role: 'French carbon values (cradle to plate) by CIQUAL code, used with country=FR',
};

const HINT = 'Download the carbon datasets (Poore & Nemecek 2018 Food_Production.csv, SU-EATABLE LIFE cf CSV, AGRIBALYSE 3.1 synthese CSV) into the source directory.';
const SEL_FILE = /^SuEatableLife.*_cf\.csv$/i;

export function locateCarbon(sourceDir: string): { pnDir: string; selDir: string; agbDir: string } {
  return {
    pnDir: locateDataset(sourceDir, 'Poore & Nemecek 2018', hasAll('Food_Production.csv'), HINT),
    selDir: locateDataset(sourceDir, 'SU-EATABLE LIFE', (files) => files.some((f) => SEL_FILE.test(f)), HINT),
    agbDir: locateDataset(sourceDir, 'AGRIBALYSE 3.1', hasAll('agribalyse-31-synthese.csv', 'agribalyse-31-detail-par-ingredient.csv'), HINT),
  };
}

interface Product {
  source: string;
  code: string;
  name: string;
  group: string | null;
  value: number;
  dqr: number;
  low: number;
  high: number;
  boundary: string;
}

interface SelItem {
  item: string;
  value: number;
  uncertainty: 'L' | 'H' | null;
  typology: string;
  typologyValue: number | null;
}

/**
 * Loads the carbon datasets into carbon_product and resolves every ingredient's global
 * carbon value into ingredient_carbon: by the reviewed rules where one matches, else the
 * median of its category's mapped ingredients (dqr 4, or 5 when the category has fewer than
 * MEDIAN_DQR4_MIN mapped ingredients or none, then the median of all mapped ones).
 */
export async function importCarbon(ctx: ImportContext, dirs: { pnDir: string; selDir: string; agbDir: string }): Promise<void> {
  const { db } = ctx;
  const insert = db.prepare(
    `INSERT INTO carbon_product (source, code, name, group_name, kg_co2e_per_kg, dqr, uncertainty_low, uncertainty_high, uncertainty_reason, boundary)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const write = (p: Product & { reason: UncertaintyReason }) => {
    insert.run(p.source, p.code, p.name, p.group, p.value, p.dqr, p.low, p.high, p.reason, p.boundary);
    countRows(ctx, 'carbon_product');
  };

  // SU-EATABLE LIFE: item, value, L/H uncertainty, typology and its value.
  const selFile = findFile(dirs.selDir, SEL_FILE)!;
  const selItems = new Map<string, SelItem>();
  const typologies = new Map<string, { value: number | null; items: number[] }>();
  let header = true;
  for await (const cells of readCsvRows(selFile)) {
    if (header) {
      header = false;
      continue;
    }
    const item = (cells[1] ?? '').trim();
    const value = numberOrNull(cells[2]);
    const typology = (cells[5] ?? '').trim();
    if (!item || value === null || value < 0) continue;
    const u = (cells[3] ?? '').trim().toUpperCase();
    const entry: SelItem = { item, value, uncertainty: u === 'L' || u === 'H' ? u : null, typology, typologyValue: numberOrNull(cells[6]) };
    if (selItems.has(item)) throw new ImportError(`${selFile}: item "${item}" appears twice`);
    selItems.set(item, entry);
    const t = typologies.get(typology) ?? { value: entry.typologyValue, items: [] };
    t.items.push(value);
    typologies.set(typology, t);
  }
  for (const s of selItems.values()) {
    // One value per item: the other items of its typology are other products, not its spread.
    const { low, high, reason } = sameProductSpread(s.value, []);
    write({ source: SU_EATABLE_LIFE.id, code: s.item, name: s.item, group: s.typology, value: s.value, dqr: globalDqr(s.uncertainty), low, high, reason, boundary: BOUNDARY.global });
  }
  for (const [name, t] of typologies) {
    if (t.value === null) continue;
    const { low, high } = spread(t.value, t.items);
    write({ source: SU_EATABLE_LIFE.id, code: `typology:${name}`, name: `${name} (typology)`, group: name, value: t.value, dqr: 2, low, high, reason: 'typology_items', boundary: BOUNDARY.global });
  }

  // Poore & Nemecek: the total of the supply-chain stages, per product (no spread in this release).
  const pn = new Map<string, number>();
  for await (const row of readCsv(requireFile(dirs.pnDir, 'Food_Production.csv'))) {
    const name = (row['Food product'] ?? '').trim();
    const total = numberOrNull(row.Total_emissions);
    if (!name || total === null || total < 0) continue;
    pn.set(name, total);
  }

  // AGRIBALYSE by CIQUAL code. Where a code has several products (season variants), the
  // plainest name (the shortest LCI name) is the one kept.
  const agb = new Map<string, { name: string; group: string; value: number; dqr: number }>();
  for await (const row of readCsv(requireFile(dirs.agbDir, 'agribalyse-31-synthese.csv'))) {
    const code = (row['Code CIQUAL'] ?? '').trim();
    const value = numberOrNull(row['Changement climatique']);
    const dqr = numberOrNull(row.DQR);
    const name = (row['LCI Name'] ?? '').trim();
    if (!/^\d+$/.test(code) || value === null || value < 0 || dqr === null) continue;
    const key = String(Number(code));
    const prev = agb.get(key);
    if (prev && prev.name.length <= name.length) continue;
    agb.set(key, { name, group: (row["Sous-groupe d'aliment"] ?? '').trim(), value, dqr });
  }
  const agbGroups = new Map<string, number[]>();
  for (const p of agb.values()) agbGroups.set(p.group, [...(agbGroups.get(p.group) ?? []), p.value]);
  for (const [code, p] of agb) {
    const { low, high } = spread(p.value, agbGroups.get(p.group)!);
    write({ source: AGRIBALYSE.id, code, name: p.name, group: p.group, value: p.value, dqr: frenchDqr(p.dqr), low, high, reason: 'agribalyse_subgroup', boundary: BOUNDARY.french });
  }

  // The reviewed rules: every product they name must exist, so a typo fails the import.
  const rules = (mapping as { rules: CarbonRule[] }).rules;
  const problems: string[] = [];
  for (const r of rules) {
    if (r.sel && !selItems.has(r.sel)) problems.push(`unknown SU-EATABLE LIFE item "${r.sel}"`);
    if (r.selTypology && !typologies.get(r.selTypology)?.value) problems.push(`unknown SU-EATABLE LIFE typology "${r.selTypology}"`);
    if (r.typology && !typologies.has(r.typology)) problems.push(`unknown SU-EATABLE LIFE typology "${r.typology}"`);
    if (r.pn && !pn.has(r.pn)) problems.push(`unknown Poore & Nemecek product "${r.pn}"`);
    if (!r.skip && !r.sel && !r.selTypology && !r.pn) problems.push(`rule "${r.m}" names no product`);
  }
  if (problems.length > 0) throw new ImportError(`carbon mapping: ${problems.join('; ')}`);
  for (const [name, total] of pn) {
    write({ source: POORE_NEMECEK.id, code: name, name, group: null, value: total, dqr: 2, low: total, high: total, reason: 'single_value_source', boundary: BOUNDARY.global });
  }
  const compiled = compileRules(rules);

  const ingredients = db
    .prepare('SELECT i.id, i.name, i.category_id AS categoryId, c.code AS categoryCode, c.name AS categoryName FROM ingredient i JOIN category c ON c.id = i.category_id ORDER BY i.id')
    .all() as Array<{ id: number; name: string; categoryId: number; categoryCode: string; categoryName: string }>;
  const out = db.prepare(
    `INSERT INTO ingredient_carbon (ingredient_id, class, source, product_code, product_name, kg_co2e_per_kg, dqr,
       uncertainty_low, uncertainty_high, uncertainty_reason, boundary, basis) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const mappedByCategory = new Map<number, number[]>();
  const unmapped: typeof ingredients = [];
  const bySource: Record<string, number> = {};
  for (const ing of ingredients) {
    const hit = matchRule(compiled, ing);
    if (!hit) {
      unmapped.push(ing);
      continue;
    }
    const r = hit.rule;
    let source: string, code: string, name: string, value: number, dqr: number;
    let range: { low: number; high: number; reason: UncertaintyReason };
    // A spread only from estimates of the same product (the item and the Poore & Nemecek
    // product the rule names for it), never from the other products of a typology.
    if (r.sel) {
      const s = selItems.get(r.sel)!;
      [source, code, name, value, dqr] = [SU_EATABLE_LIFE.id, s.item, s.item, s.value, globalDqr(s.uncertainty)];
      range = sameProductSpread(value, r.pn ? [pn.get(r.pn)!] : []);
    } else if (r.selTypology) {
      const t = typologies.get(r.selTypology)!;
      [source, code, name, value, dqr] = [SU_EATABLE_LIFE.id, `typology:${r.selTypology}`, `${r.selTypology} (typology)`, t.value!, 2];
      range = { ...spread(value, [...t.items, ...(r.pn ? [pn.get(r.pn)!] : [])]), reason: 'typology_items' };
    } else {
      const v = pn.get(r.pn!)!;
      [source, code, name, value, dqr] = [POORE_NEMECEK.id, r.pn!, r.pn!, v, 2];
      range = sameProductSpread(value, []);
    }
    out.run(ing.id, 'global_study', source, code, name, value, dqr, range.low, range.high, range.reason, BOUNDARY.global,
      `mapping rule ${hit.index + 1} (${r.c}: ${r.m})`);
    bySource[source] = (bySource[source] ?? 0) + 1;
    (mappedByCategory.get(ing.categoryId) ?? mappedByCategory.set(ing.categoryId, []).get(ing.categoryId)!).push(value);
  }
  const allMapped = [...mappedByCategory.values()].flat();
  let dqr4 = 0;
  for (const ing of unmapped) {
    const inCategory = mappedByCategory.get(ing.categoryId) ?? [];
    const values = inCategory.length > 0 ? inCategory : allMapped;
    const value = median(values);
    if (value === null) throw new ImportError('carbon: no ingredient maps to a carbon product, so no median can be formed');
    const dqr = inCategory.length >= MEDIAN_DQR4_MIN ? 4 : 5;
    if (dqr === 4) dqr4++;
    const basis = inCategory.length > 0
      ? `median of ${inCategory.length} mapped ingredients in category "${ing.categoryName}"; spread: their 10th-90th percentiles`
      : `category "${ing.categoryName}" has no mapped ingredient: median of all ${allMapped.length} mapped ingredients; spread: their 10th-90th percentiles`;
    out.run(ing.id, 'category_median', CARBON_SOURCES.categoryMedian, null, null, value, dqr,
      Math.min(value, percentile(values, 0.1)!), Math.max(value, percentile(values, 0.9)!), 'category_spread', BOUNDARY.median, basis);
  }
  countRows(ctx, 'ingredient_carbon', ingredients.length);
  ctx.progress.info(
    `carbon: ${ingredients.length - unmapped.length} mapped (${Object.entries(bySource).map(([k, v]) => `${k} ${v}`).join(', ')}), ` +
      `${unmapped.length} category medians (${dqr4} dqr 4, ${unmapped.length - dqr4} dqr 5); ${agb.size} AGRIBALYSE products by CIQUAL code`,
  );
  ctx.datasets.push({ ...POORE_NEMECEK, recordCounts: { products: pn.size } });
  ctx.datasets.push({ ...SU_EATABLE_LIFE, recordCounts: { items: selItems.size, typologies: typologies.size } });
  ctx.datasets.push({ ...AGRIBALYSE, recordCounts: { products: agb.size } });
}

/**
 * A study's per-kg value is for the food as produced (raw, dry): a cooked record mapped to the same
 * product carries it per kg of the food it was cooked from, so its value is the raw record's divided
 * by the pair's yield factor (SR 20045 cooked rice: SU-EATABLE LIFE rice 2.19 / 2.80 = 0.78, where
 * it read 2.19). Only where the raw and the cooked record map to the same product of the same
 * study: a cooked record with a product of its own (AGRIBALYSE's cooked lentils) keeps it. Where
 * several raw records pair with one cooked record (enriched and unenriched rice) the first by id
 * and method is used: they are one food.
 */
export function carbonOfCookedRecords(ctx: ImportContext, pairs: readonly RawCookedPair[]): void {
  const { db } = ctx;
  const carbonOf = db.prepare<[number], { class: string; source: string; product_code: string | null; kg_co2e_per_kg: number; uncertainty_low: number; uncertainty_high: number; basis: string }>(
    'SELECT class, source, product_code, kg_co2e_per_kg, uncertainty_low, uncertainty_high, basis FROM ingredient_carbon WHERE ingredient_id = ?',
  );
  const update = db.prepare('UPDATE ingredient_carbon SET kg_co2e_per_kg = ?, uncertainty_low = ?, uncertainty_high = ?, basis = ? WHERE ingredient_id = ?');
  const done = new Set<number>();
  const ordered = [...pairs].sort((a, b) => a.cooked - b.cooked || (a.method === 'boiling' ? -1 : 0) - (b.method === 'boiling' ? -1 : 0) || a.raw - b.raw);
  for (const pair of ordered) {
    if (done.has(pair.cooked) || pair.raw === pair.cooked) continue;
    const raw = carbonOf.get(pair.raw);
    const cooked = carbonOf.get(pair.cooked);
    if (!raw || !cooked || raw.class !== 'global_study' || cooked.class !== 'global_study') continue;
    if (raw.source !== cooked.source || raw.product_code !== cooked.product_code || raw.kg_co2e_per_kg !== cooked.kg_co2e_per_kg) continue;
    const y = pair.yieldFactor;
    update.run(
      round(perKgCooked(raw.kg_co2e_per_kg, y)),
      round(perKgCooked(raw.uncertainty_low, y)),
      round(perKgCooked(raw.uncertainty_high, y)),
      `${cooked.basis}; per kg cooked: the product's value for the raw food divided by the yield of ${pair.raw} cooked as ${pair.cooked} (${pair.method}, ${round(y, 3)} kg cooked per kg raw)`,
      pair.cooked,
    );
    done.add(pair.cooked);
  }
  ctx.progress.info(`carbon: ${done.size} cooked records carry their raw food's footprint per kg cooked`);
}

/** FDC categories whose dried and concentrated records carry the fresh food's footprint per kg of dry matter. */
const CONCENTRATED_CATEGORIES = new Set(['0900', '1100']);
const DAIRY_CATEGORY = '0100';
/** Study products that are fluid cow's milk (SU-EATABLE LIFE's item, Poore & Nemecek's product). */
const FLUID_MILK_PRODUCTS = new Set(['COW MILK', 'Milk']);

/**
 * A study's per-kg value for a fruit or vegetable is for the fresh food: a record of it dried,
 * dehydrated, powdered or concentrated to a paste mapped to the same product (SR 11546 tomato
 * paste, 9291 prunes, 11284 dehydrated onion flakes) carries the footprint of the fresh food its
 * dry matter came from (perKgConcentrated). The fresh food's water is the median of the raw
 * records mapped to the same product and study; a product no raw record maps to is the dried
 * food itself (SU-EATABLE LIFE RAISIN) and is left alone, as is a record with sugar, syrup or oil
 * added (NOT_ONLY_DRIED_NAME), and one not at least CONCENTRATED_MIN_RATIO times as dry.
 * Milks with their water removed (dry, evaporated; CONCENTRATED_MILK_NAME) mapped to a fluid
 * milk product carry it the same way, against the median water of the fluid cow's milks
 * (FLUID_MILK_NAME): SR 1090 dry whole milk, 2.8 kg CO2e/kg as the fluid milk, becomes 25.49.
 * Sweetened condensed milk is left alone (its added sugar is dry matter that is not milk).
 */
export function carbonOfConcentratedRecords(ctx: ImportContext): void {
  const { db } = ctx;
  const rows = db
    .prepare(
      `SELECT i.id, i.name, c.code AS category, k.source, k.product_code AS product, k.kg_co2e_per_kg AS value,
         k.uncertainty_low AS low, k.uncertainty_high AS high, k.basis, w.amount AS water
       FROM ingredient i JOIN category c ON c.id = i.category_id JOIN ingredient_carbon k ON k.ingredient_id = i.id
       JOIN ingredient_nutrient w ON w.ingredient_id = i.id AND w.nutrient_id = 1051
       WHERE k.class = 'global_study'`,
    )
    .all() as Array<{ id: number; name: string; category: string; source: string; product: string; value: number; low: number; high: number; basis: string; water: number }>;
  const freshWater = new Map<string, number[]>();
  const key = (r: { source: string; product: string }) => `${r.source}\u0000${r.product}`;
  const fluidMilkWater = rows.filter((r) => r.category === DAIRY_CATEGORY && FLUID_MILK_NAME.test(r.name) && !CONCENTRATED_MILK_NAME.test(r.name)).map((r) => r.water);
  const fluidMilk = median(fluidMilkWater);
  for (const r of rows) {
    if (!CONCENTRATED_CATEGORIES.has(r.category) || !/\braw\b/i.test(r.name) || CONCENTRATED_NAME.test(r.name)) continue;
    freshWater.set(key(r), [...(freshWater.get(key(r)) ?? []), r.water]);
  }
  const update = db.prepare('UPDATE ingredient_carbon SET kg_co2e_per_kg = ?, uncertainty_low = ?, uncertainty_high = ?, basis = ? WHERE ingredient_id = ?');
  let n = 0;
  let milks = 0;
  for (const r of rows) {
    const driedMilk = r.category === DAIRY_CATEGORY && FLUID_MILK_PRODUCTS.has(r.product) && /\b(?:milk|buttermilk)\b/i.test(r.name) && CONCENTRATED_MILK_NAME.test(r.name);
    if (!driedMilk && (!CONCENTRATED_CATEGORIES.has(r.category) || !CONCENTRATED_NAME.test(r.name))) continue;
    if (NOT_ONLY_DRIED_NAME.test(r.name)) continue;
    const fresh = driedMilk ? fluidMilk : median(freshWater.get(key(r)) ?? []);
    if (fresh === null || r.water >= 100 || (100 - r.water) / (100 - fresh) < CONCENTRATED_MIN_RATIO) continue;
    const scale = (v: number) => round(perKgConcentrated(v, r.water, fresh));
    update.run(
      scale(r.value),
      scale(r.low),
      scale(r.high),
      `${r.basis}; per kg of the dried or concentrated food: the fresh food's value times its dry matter over the fresh food's (${round(100 - r.water, 2)} / ${round(100 - fresh, 2)} g per 100 g; fresh water the median of ${driedMilk ? `the ${fluidMilkWater.length} fluid cow's milk records` : `the raw records mapped to ${r.product}`})`,
      r.id,
    );
    if (driedMilk) milks += 1;
    else n += 1;
  }
  ctx.progress.info(`carbon: ${n} dried or concentrated fruit and vegetable records and ${milks} dry or evaporated milks carry the fresh food's footprint per kg of dry matter`);
}
