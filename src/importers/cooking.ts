import {
  boundGroupYield,
  boundRetention,
  CEREAL_CATEGORIES,
  MEAT_CATEGORIES,
  METHODS,
  methodOfPreparation,
  pairYield,
  parseCookingName,
  retentionCodeFor,
  trueRetention,
  type Method,
  type Proximates,
} from '../domain/cooking.js';
import { median } from '../domain/householdMeasures.js';
import { countRows, type ImportContext } from './context.js';
import { numberOrNull, readCsv, readCsvRows } from './readers.js';
import { hasAll, ImportError, locateDataset, requireFile, type DatasetInfo } from './sources.js';

export const RETENTION_R6: DatasetInfo = {
  id: 'usda_retention_r6',
  name: 'USDA Table of Nutrient Retention Factors, Release 6',
  version: 'Release 6 (2007)',
  publisher: 'U.S. Department of Agriculture, Agricultural Research Service, Nutrient Data Laboratory',
  licence: 'Public domain (CC0 1.0)',
  licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
  url: 'https://www.ars.usda.gov/northeast-area/beltsville-md-bhnrc/beltsville-human-nutrition-research-center/methods-and-application-of-food-composition-laboratory/mafcl-site-pages/nutrient-retention-factors/',
  attribution: 'USDA, ARS, Nutrient Data Laboratory. USDA Table of Nutrient Retention Factors, Release 6. 2007.',
  role: 'Nutrient retention by food group and cooking method',
};

export const COOKING_YIELDS: DatasetInfo = {
  id: 'usda_cooking_yields',
  name: 'USDA Table of Cooking Yields for Meat and Poultry',
  version: 'Release 2 (2014)',
  publisher: 'U.S. Department of Agriculture, Agricultural Research Service, Nutrient Data Laboratory',
  licence: 'Public domain (CC0 1.0)',
  licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
  url: 'https://www.ars.usda.gov/northeast-area/beltsville-md-bhnrc/beltsville-human-nutrition-research-center/methods-and-application-of-food-composition-laboratory/mafcl-site-pages/cooking-yields/',
  attribution: 'USDA, ARS, Nutrient Data Laboratory. USDA Table of Cooking Yields for Meat and Poultry, Release 2. 2014.',
  role: 'Cooking yields of meat and poultry cuts by preparation method',
};

const HINT = 'Download the USDA retention factors (Release 6) and the USDA cooking yields for meat and poultry (Release 2) as CSV into the source directory.';

export function locateCooking(sourceDir: string): { retentionFile: string; yieldsFile: string } {
  const r = locateDataset(sourceDir, 'USDA retention factors R6', hasAll('usda_retention_factors_r6.csv'), HINT);
  const y = locateDataset(sourceDir, 'USDA cooking yields for meat and poultry', hasAll('usda_cooking_yields_meat_poultry.csv'), HINT);
  return { retentionFile: requireFile(r, 'usda_retention_factors_r6.csv'), yieldsFile: requireFile(y, 'usda_cooking_yields_meat_poultry.csv') };
}

const NUTRIENT = { water: 1051, fat: 1004, protein: 1003, energy: 1008 } as const;
const PROXIMATES = ['protein', 'fat', 'energy'] as const;

interface Ing {
  id: number;
  name: string;
  categoryCode: string;
  categoryName: string;
  p: Proximates;
  base: string;
  cooked: boolean;
  method: Method | null;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** USDA grades: the yields table mostly gives "all grades", which stands for choice and select cuts too. */
const GRADE = /^(?:all grades|choice|select|prime|standard|commercial|utility)$/;
const gradeless = (base: string) => base.split(', ').filter((s) => !GRADE.test(s)).join(', ');

const fmt = (n: number) => Math.round(n * 1000) / 1000;

/** A raw record and the cooked record of the same food the reference data pairs it with. */
export interface RawCookedPair {
  raw: number;
  cooked: number;
  method: Method;
  /** Cooked weight over raw weight (2.8 for boiled rice). */
  yieldFactor: number;
}

/**
 * Loads the retention table and resolves, for every ingredient and method, a yield factor
 * (the meat table for the cut, else its raw/cooked pair in the reference data, else a group
 * default) and the retention of protein, fat and energy, which the retention table does not
 * cover (true retention of the pair, else the median of the category's pairs).
 */
export async function importCooking(ctx: ImportContext, files: { retentionFile: string; yieldsFile: string }): Promise<RawCookedPair[]> {
  const { db } = ctx;
  const insertCode = db.prepare('INSERT INTO retention_code (code, food_group, description) VALUES (?, ?, ?)');
  const insertFactor = db.prepare('INSERT INTO retention_factor (code, nutrient_number, percent) VALUES (?, ?, ?)');
  const codes = new Set<number>();
  let factors = 0;
  for await (const row of readCsv(files.retentionFile)) {
    const code = Number(row.retention_code);
    if (!Number.isInteger(code)) throw new ImportError(`${files.retentionFile}: bad retention code "${row.retention_code}"`);
    if (!codes.has(code)) {
      insertCode.run(code, (row.food_group_code ?? '').trim(), (row.retention_description ?? '').trim());
      codes.add(code);
    }
    const percent = numberOrNull(row.retention_percent);
    if (percent === null || percent < 0) continue;
    insertFactor.run(code, (row.nutrient_code ?? '').trim(), percent);
    factors++;
  }
  countRows(ctx, 'retention_code', codes.size);
  countRows(ctx, 'retention_factor', factors);

  const ingredients = db
    .prepare(`SELECT i.id, i.name, c.code AS categoryCode, c.name AS categoryName FROM ingredient i JOIN category c ON c.id = i.category_id ORDER BY i.id`)
    .all() as Array<Omit<Ing, 'p' | 'base' | 'cooked' | 'method'>>;
  const values = db.prepare(`SELECT ingredient_id, nutrient_id, amount FROM ingredient_nutrient WHERE nutrient_id IN (${Object.values(NUTRIENT).join(',')})`).all() as Array<{ ingredient_id: number; nutrient_id: number; amount: number }>;
  const prox = new Map<number, Proximates>();
  const keyOf = Object.fromEntries(Object.entries(NUTRIENT).map(([k, v]) => [v, k])) as Record<number, keyof Proximates>;
  for (const v of values) {
    const p = prox.get(v.ingredient_id) ?? {};
    p[keyOf[v.nutrient_id]!] = v.amount;
    prox.set(v.ingredient_id, p);
  }
  const byId = new Map<number, Ing>();
  const groups = new Map<string, { raw: Ing[]; cooked: Map<Method, Ing[]> }>();
  for (const row of ingredients) {
    const parsed = parseCookingName(row.name, MEAT_CATEGORIES.has(row.categoryCode) || row.categoryCode === '1500', CEREAL_CATEGORIES.has(row.categoryCode));
    const ing: Ing = { ...row, p: prox.get(row.id) ?? {}, ...parsed };
    byId.set(ing.id, ing);
    const key = `${ing.categoryCode}|${ing.base}`;
    const g = groups.get(key) ?? { raw: [] as Ing[], cooked: new Map<Method, Ing[]>() };
    if (!ing.cooked) g.raw.push(ing);
    else if (ing.method) g.cooked.set(ing.method, [...(g.cooked.get(ing.method) ?? []), ing]);
    groups.set(key, g);
  }

  // The meat and poultry table: its NDB is the cooked record; its yield applies to the raw cut.
  const meatYield = new Map<string, { y: number; row: string }>();
  const meatGroup = new Map<string, number[]>();
  let header: string[] | null = null;
  let meatRows = 0;
  for await (const cells of readCsvRows(files.yieldsFile)) {
    if ((cells[0] ?? '').startsWith('#')) continue;
    if (!header) {
      header = cells.map((c) => c.trim());
      continue;
    }
    const ndb = numberOrNull(cells[1]);
    const pct = numberOrNull(cells[4]);
    const method = methodOfPreparation(cells[3] ?? '');
    if (ndb === null || pct === null || !(pct > 0) || !method) continue;
    meatRows++;
    const cookedIng = byId.get(ndb);
    const y = pct / 100;
    const foodGroup = String(Math.round(numberOrNull(cells[0]) ?? 0)).padStart(2, '0') + '00';
    push(meatGroup, `${foodGroup}|${method}`, y);
    if (!cookedIng) continue;
    const row = `NDB ${ndb} "${(cells[2] ?? '').trim()}", ${(cells[3] ?? '').trim()}: ${pct}%`;
    const key = `${cookedIng.categoryCode}|${cookedIng.base}|${method}`;
    if (!meatYield.has(key)) meatYield.set(key, { y, row });
    const anyGrade = `${cookedIng.categoryCode}|grade:${gradeless(cookedIng.base)}|${method}`;
    if (!meatYield.has(anyGrade)) meatYield.set(anyGrade, { y, row: `${row} (same cut, any grade)` });
  }
  if (meatRows === 0) throw new ImportError(`${files.yieldsFile}: no cooking yield rows`);

  // Raw/cooked pairs in the reference data.
  const pairOf = new Map<string, { y: number; cooked: Ing; raw: number; method: Method }>();
  const pairYields = new Map<string, number[]>();
  const allPairYields = new Map<Method, number[]>();
  for (const g of groups.values()) {
    for (const [method, cookedList] of g.cooked) {
      const cooked = [...cookedList].sort((a, b) => Number(/with salt/i.test(a.name)) - Number(/with salt/i.test(b.name)) || a.id - b.id)[0]!;
      for (const raw of g.raw) {
        const y = pairYield(raw.p, cooked.p);
        if (y === null) continue;
        pairOf.set(`${raw.id}|${method}`, { y, cooked, raw: raw.id, method });
        const k = `${raw.categoryCode}|${method}`;
        push(pairYields, k, y);
        push(allPairYields, method, y);
      }
    }
  }

  // Resolve yields; then proximate retention from the pairs with the yield each raw food got.
  const resolved = new Map<string, { y: number; source: string; basis: string }>();
  const counts: Record<string, number> = {};
  for (const ing of byId.values()) {
    for (const method of METHODS) {
      const meat = ing.cooked
        ? undefined
        : (meatYield.get(`${ing.categoryCode}|${ing.base}|${method}`) ?? meatYield.get(`${ing.categoryCode}|grade:${gradeless(ing.base)}|${method}`));
      const pair = ing.cooked ? undefined : pairOf.get(`${ing.id}|${method}`);
      let r: { y: number; source: string; basis: string; otherCategories?: boolean } | null = null;
      if (meat) r = { y: meat.y, source: 'usda_cooking_yields', basis: `USDA cooking yields for meat and poultry, ${meat.row}` };
      else if (pair) r = { y: pair.y, source: 'raw_cooked_pair', basis: `fat-free dry matter of ${ing.id} "${ing.name}" and ${pair.cooked.id} "${pair.cooked.name}"` };
      else {
        const meatList = MEAT_CATEGORIES.has(ing.categoryCode) ? meatGroup.get(`${ing.categoryCode}|${method}`) : undefined;
        const catList = pairYields.get(`${ing.categoryCode}|${method}`);
        const methodList = allPairYields.get(method) ?? allPairYields.get('boiling');
        if (meatList?.length) r = { y: median(meatList)!, source: 'group_default', basis: `median of ${meatList.length} USDA cooking yields for food group ${ing.categoryCode}, ${method}` };
        else if (catList?.length) r = { y: median(catList)!, source: 'group_default', basis: `median of ${catList.length} raw/cooked pairs in category "${ing.categoryName}", ${method}` };
        else if (methodList?.length) r = { y: median(methodList)!, source: 'group_default', otherCategories: true, basis: `median of ${methodList.length} raw/cooked pairs of all categories, ${allPairYields.has(method) ? method : 'boiling (no pair is ' + method + ')'}` };
      }
      // Without any table yield or pair there is nothing to stand on: no row, and validation says so.
      if (!r) continue;
      if (r.source === 'group_default') {
        const bound = boundGroupYield(method, r.y, {
          rawWater: ing.p.water,
          boilingYield: resolved.get(`${ing.id}|boiling`)?.y,
          fromOtherCategories: r.otherCategories === true,
          cooked: ing.cooked,
        });
        if (bound.why !== null) r = { y: fmt(bound.y), source: r.source, basis: `${r.basis} (${fmt(r.y)}); ${bound.why}` };
      }
      resolved.set(`${ing.id}|${method}`, r);
      counts[`${method}:${r.source}`] = (counts[`${method}:${r.source}`] ?? 0) + 1;
    }
  }
  const trOwn = new Map<string, Partial<Record<(typeof PROXIMATES)[number], number>>>();
  const trCat = new Map<string, number[]>();
  const trAll = new Map<string, number[]>();
  // Fat a fried pair took up from the pan, in g per 100 g raw: the amount, not a ratio, is what
  // another food takes up (a lean fish's 0.7 g becoming 4 g is no reason for a salmon's 13 g to
  // become 70 g).
  const uptakeCat = new Map<string, number[]>();
  const uptakeAll: number[] = [];
  for (const [key, pair] of pairOf) {
    const [idText, method] = key.split('|') as [string, Method];
    const raw = byId.get(Number(idText))!;
    const y = resolved.get(key)?.y;
    if (y === undefined) continue;
    const own: Partial<Record<(typeof PROXIMATES)[number], number>> = {};
    for (const k of PROXIMATES) {
      const tr = trueRetention(raw.p[k], pair.cooked.p[k], y);
      if (tr === null) continue;
      own[k] = tr;
      push(trCat, `${raw.categoryCode}|${method}|${k}`, tr);
      push(trAll, `${method}|${k}`, tr);
    }
    if (method === 'frying' && raw.p.fat !== undefined && pair.cooked.p.fat !== undefined) {
      const uptake = pair.cooked.p.fat * y - raw.p.fat;
      push(uptakeCat, raw.categoryCode, uptake);
      uptakeAll.push(uptake);
    }
    trOwn.set(key, own);
  }

  const insert = db.prepare(
    `INSERT INTO ingredient_yield (ingredient_id, method, yield_factor, yield_source, yield_basis, cooked_record, retention_code, proximate_retention, proximate_basis)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const ing of byId.values()) {
    for (const method of METHODS) {
      const key = `${ing.id}|${method}`;
      const r = resolved.get(key);
      if (!r) continue;
      const own = trOwn.get(key) ?? {};
      const retention: Record<string, number> = {};
      const basis: string[] = [];
      for (const k of PROXIMATES) {
        const cat = trCat.get(`${ing.categoryCode}|${method}|${k}`);
        const all = trAll.get(`${method}|${k}`);
        if (own[k] !== undefined) {
          retention[k] = own[k]!;
          basis.push(`${k}: true retention of the pair`);
        } else if (cat?.length) {
          retention[k] = median(cat)!;
          basis.push(`${k}: median true retention of ${cat.length} pairs in the category`);
        } else if (all?.length) {
          retention[k] = median(all)!;
          basis.push(`${k}: median true retention of ${all.length} pairs of all categories`);
        } else {
          retention[k] = 1;
          basis.push(`${k}: no pair cooked this way; taken as fully retained`);
        }
        const bounded = boundRetention(k, method, retention[k]!);
        if (bounded < retention[k]!) basis.push(`${k}: ${fmt(retention[k]!)} held at 1 (cooking adds none)`);
        retention[k] = fmt(bounded);
      }
      // A fat gain borrowed from other foods' pairs is their median uptake in grams, added to this
      // food's own fat, with 9 kcal per gram on its energy.
      const fat = ing.p.fat;
      if (method === 'frying' && own.fat === undefined && retention.fat! > 1 && fat !== undefined && fat > 0) {
        const list = uptakeCat.get(ing.categoryCode)?.length ? uptakeCat.get(ing.categoryCode)! : uptakeAll;
        const uptake = Math.max(0, median(list) ?? 0);
        const at = basis.findIndex((b) => b.startsWith('fat:'));
        retention.fat = fmt((fat + uptake) / fat);
        basis[at] = `fat: ${fmt(uptake)} g taken up per 100 g raw (median of ${list.length} fried pairs${list === uptakeAll ? ' of all categories' : ' in the category'})`;
        const energy = ing.p.energy;
        if (own.energy === undefined && energy !== undefined && energy > 0) {
          const e = basis.findIndex((b) => b.startsWith('energy:'));
          retention.energy = fmt((energy + 9 * uptake) / energy);
          basis[e] = 'energy: the raw energy and 9 kcal per gram of fat taken up';
        }
      }
      const code = retentionCodeFor({ name: ing.name, categoryCode: ing.categoryCode, fat: ing.p.fat }, method);
      if (!codes.has(code)) throw new ImportError(`cooking: retention code ${code} (for ${ing.categoryCode}, ${method}) is not in the retention table`);
      const cookedRecord = r.source === 'raw_cooked_pair' ? (pairOf.get(key)?.cooked.id ?? null) : null;
      insert.run(ing.id, method, r.y, r.source, r.basis, cookedRecord, code, JSON.stringify(retention), basis.join('; '));
    }
  }
  countRows(ctx, 'ingredient_yield', resolved.size);
  ctx.progress.info(`cooking: ${codes.size} retention codes, ${factors} factors, ${meatRows} meat yields, ${pairOf.size} raw/cooked pairs; ${JSON.stringify(counts)}`);
  ctx.datasets.push({ ...RETENTION_R6, recordCounts: { retention_codes: codes.size, factors } });
  ctx.datasets.push({ ...COOKING_YIELDS, recordCounts: { yields: meatRows } });
  return [...pairOf.values()].map((pair) => ({ raw: pair.raw, cooked: pair.cooked.id, method: pair.method, yieldFactor: pair.y }));
}
