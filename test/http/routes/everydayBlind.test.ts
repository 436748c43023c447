import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

/**
 * Precision and recall of national values on everyday foods, measured on a blind set
 * (test/fixtures/national/everyday.csv) built from the raw files by another session before
 * looking at the linker's output: per food and country, the canonical ingredients a user
 * holds and every acceptable national code (empty: the table has no twin). Asked the way a
 * client asks, GET /v1/ingredients/:id/nutrients?country=XX, and judged on `linked_food.code`:
 * - right: the code served is acceptable; wrong: a code served that is not (or any code where
 *   the table has no twin); missing: no national food served where the table has a twin.
 * - precision = right / (right + wrong); recall = right / (pairs with a twin).
 * Each (food, country, ingredient id) is one pair: every id the set lists must reach the twin.
 *
 * The set is split once, by food, into a tuning part and a held-out part (`isHeldOutFood`: sha256
 * of `larder-national-v2:<food>`, first 32 bits below half the range: held out; 39 of the 84
 * foods). Rules are written from the tuning part's misses only; `LARDER_BLIND_DETAIL=1` lists
 * the tuning part's misses and never the held-out part's, whose aggregate alone is printed.
 */
const FILE = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'national', 'everyday.csv');
/**
 * A second blind set (session 14): 36 more everyday foods (root and green vegetables, fruit, rye
 * flour, barley, couscous, cuts, shellfish, canned fish, nuts, seeds, split peas, white beans,
 * soured cream, cottage cheese, mozzarella) x 6 countries, labelled the same way from the raw files
 * by a helper session that never ran the program, and split by the same hash (22 tuning, 14 held
 * out). Its rows count in the tuning, held-out and whole-set figures with the first set's.
 */
const FILE_2 = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'national', 'everyday-2.csv');
/**
 * A third blind set (session 17): 36 more everyday foods (feta, parmesan, cream cheese, gouda,
 * quinoa, buckwheat, semolina, cornmeal, eggplant, pumpkin, celeriac, fennel, sweet corn, red
 * cabbage, spring onions, grapefruit, cantaloupe, dried figs, raisins, prunes, limes, beef liver,
 * haddock, flatfish, mussels, bacon, ham, duck, veal, tofu, pecans, sesame, pumpkin seeds, linseed,
 * peanut butter, dark chocolate) x 6 countries, labelled from the raw files by a helper session
 * that never ran the program, and split by the same hash. Measured as it came, before any change.
 */
const FILE_3 = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'national', 'everyday-3.csv');
/**
 * The fourth blind set (session 18): 36 more everyday foods (brie, camembert, emmental, blue and
 * soft goat cheese, millet, bulgur, corn flakes, turnip, swede, rocket, watercress, shallots, chard,
 * artichoke, kohlrabi, blackberries, blackcurrants, rhubarb, dates, honeydew, papaya, pomegranate,
 * skinless chicken thigh, chicken liver, rabbit, venison, Alaska pollock, squid, oysters,
 * pistachios, brazil nuts, pine nuts, coconut oil, cocoa powder, lard) x 6 countries, labelled
 * from the raw files by a helper session that never ran the program, split by the same hash, and
 * measured as it came (README, "Everyday foods").
 */
const FILE_4 = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'national', 'everyday-4.csv');

/** The targets of issue 16. */
const TARGET_PRECISION = 0.97;
const TARGET_RECALL = 0.9;
/** Foods of the third set the hash holds out. */
const THIRD_HELD_OUT = 17;
/** ...and of the fourth. */
const FOURTH_HELD_OUT = 15;
/**
 * The floors this build measured (README, "Everyday foods"), rounded down; below the targets
 * where the target is not met, so the test guards against getting worse without claiming more.
 * Linker v4 on the whole set: GB 89.4/43.3, DE 91.5/40.5, FR 85.5/39.0, SE 98.8/48.9,
 * NO 85.4/44.0, DK 95.0/48.4 (precision/recall %). Linker v5 with issue 16c's plainer records,
 * DK facets, first choices made by the values and reviewed rows, measured on both parts of the split;
 * raised by issue 16d (a sibling record's values saying a national word, CIQUAL's pulp read as flesh)
 * issue 16e (records of the same food: raw as sold, distinguishing words left to the values) and
 * session 10 (class words, the common reading, plain names read as fresh, "95% lean" read as lean) and
 * session 11 (poultry "meat only" read as without skin, the part eaten of plant foods left to the
 * values, the table's unspecified record first among equals); from session 14 measured on both sets
 * (the second set's 36 foods lower every figure: they were not tuned on when they came):
 */
// Session 17 added the third set (measured before any change; it lowered every figure again).
// Session 18: variants a plainer national name covers (Linker.variantLinks), a BLS name's two names
// read by each, curly kale and durum wheat semolina read as kale and semolina, glossary readings'
// variants held to the components every table measures alike, Salladskål and bok choy read as Chinese cabbage,
// ox read as beef and linseed as flaxseed, the values choosing among dairy too, "dried" met by a dry food;
// then the fourth set came (measured as it came, which lowered every recall again), and reviewed
// spellings from its tuning part (brazilnuts, Alaskan, bulgur wheat).
const FLOOR: Record<string, { precision: number; recall: number }> = {
  'tuning DE': { precision: 0.993, recall: 0.754 },
  'tuning DK': { precision: 0.976, recall: 0.734 },
  'tuning FR': { precision: 0.988, recall: 0.734 },
  'tuning GB': { precision: 0.956, recall: 0.69 },
  'tuning NO': { precision: 0.976, recall: 0.737 },
  'tuning SE': { precision: 0.993, recall: 0.707 },
  'held-out DE': { precision: 0.988, recall: 0.502 },
  'held-out DK': { precision: 0.979, recall: 0.55 },
  'held-out FR': { precision: 0.949, recall: 0.549 },
  'held-out GB': { precision: 0.99, recall: 0.594 },
  'held-out NO': { precision: 0.951, recall: 0.562 },
  'held-out SE': { precision: 1.0, recall: 0.522 },
  'all DE': { precision: 0.991, recall: 0.64 },
  'all DK': { precision: 0.977, recall: 0.652 },
  'all FR': { precision: 0.973, recall: 0.654 },
  'all GB': { precision: 0.97, recall: 0.647 },
  'all NO': { precision: 0.966, recall: 0.659 },
  'all SE': { precision: 0.995, recall: 0.626 },

};

interface Row {
  food: string;
  ingredient_ids: string;
  country: string;
  dataset_id: string;
  acceptable_codes: string;
  national_names: string;
}

const SPLIT_SEED = 'larder-national-v2';
const isHeldOutFood = (food: string): boolean =>
  createHash('sha256').update(`${SPLIT_SEED}:${food}`).digest().readUInt32BE(0) < 2 ** 31;

const readRows = (file: string): Array<Row & { second?: boolean; third?: boolean; fourth?: boolean }> =>
  parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, trim: true }) as Row[];

const split = (s: string | undefined) => (s ?? '').split(/[;|,\s]+/).map((x) => x.trim()).filter(Boolean);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('national values on the blind everyday set', () => {
  it('has the blind sets', () => {
    expect(existsSync(FILE)).toBe(true);
    expect(existsSync(FILE_2)).toBe(true);
    expect(existsSync(FILE_3)).toBe(true);
    expect(existsSync(FILE_4)).toBe(true);
  });

  it('splits the set once by food: 45 tuning, 39 held out', () => {
    const rows = parse(readFileSync(FILE, 'utf8'), { columns: true, skip_empty_lines: true, trim: true }) as Row[];
    const foods = [...new Set(rows.map((r) => r.food))];
    expect(foods.length).toBe(84);
    expect(foods.filter(isHeldOutFood).length).toBe(39);
    expect(isHeldOutFood('potatoes, raw')).toBe(false);
    const second = [...new Set(readRows(FILE_2).map((r) => r.food))];
    expect(second.length).toBe(36);
    expect(second.filter((f) => foods.includes(f))).toEqual([]);
    expect(second.filter(isHeldOutFood).length).toBe(14);
    const third = [...new Set(readRows(FILE_3).map((r) => r.food))];
    expect(third.length).toBe(36);
    expect(third.filter((f) => foods.includes(f) || second.includes(f))).toEqual([]);
    expect(third.filter(isHeldOutFood).length).toBe(THIRD_HELD_OUT);
    const fourth = [...new Set(readRows(FILE_4).map((r) => r.food))];
    expect(fourth.length).toBe(36);
    expect(readRows(FILE_4).length).toBe(216);
    expect(fourth.filter((f) => foods.includes(f) || second.includes(f) || third.includes(f))).toEqual([]);
    expect(fourth.filter(isHeldOutFood).length).toBe(FOURTH_HELD_OUT);
  });

  it('reaches the precision and recall targets per country (or the measured floor)', async () => {
    const rows = [
      ...readRows(FILE),
      ...readRows(FILE_2).map((r) => ({ ...r, second: true })),
      ...readRows(FILE_3).map((r) => ({ ...r, third: true })),
      ...readRows(FILE_4).map((r) => ({ ...r, fourth: true })),
    ];
    expect(rows.length).toBeGreaterThan(100);
    type Tally = { right: number; wrong: number; missing: number; twins: number; errors: string[] };
    const per = new Map<string, Tally>();
    const tally = (key: string): Tally => {
      let c = per.get(key);
      if (!c) per.set(key, (c = { right: 0, wrong: 0, missing: 0, twins: 0, errors: [] }));
      return c;
    };
    for (const r of rows) {
      const country = r.country.toUpperCase();
      const part = isHeldOutFood(r.food) ? 'held-out' : 'tuning';
      const cells = [tally(`${part} ${country}`), tally(`all ${country}`)];
      // The second set alone, as measured when it came (README, "Everyday foods").
      if (r.second) cells.push(tally(`set-2 ${part} ${country}`));
      if (r.third) cells.push(tally(`set-3 ${part} ${country}`));
      if (r.fourth) cells.push(tally(`set-4 ${part} ${country}`));
      const acceptable = new Set(split(r.acceptable_codes));
      for (const id of split(r.ingredient_ids)) {
        const res = await t.get(`/v1/ingredients/${id}/nutrients?country=${country}`);
        expect(res.statusCode, `${part} ${country}`).toBe(200);
        const code = (res.json().linked_food?.code as string | undefined) ?? null;
        let verdict: 'right' | 'wrong' | 'missing' | null = null;
        if (code === null) verdict = acceptable.size > 0 ? 'missing' : null;
        else verdict = acceptable.has(code) ? 'right' : 'wrong';
        for (const c of cells) {
          if (acceptable.size > 0) c.twins += 1;
          if (verdict) c[verdict] += 1;
        }
        // Only the tuning part's misses are ever listed.
        if (part === 'tuning' && verdict === 'missing') cells[0]!.errors.push(`missing ${r.food} (${id}): ${r.acceptable_codes}`);
        if (part === 'tuning' && verdict === 'wrong')
          cells[0]!.errors.push(`WRONG ${r.food} (${id}): served ${code}, acceptable ${r.acceptable_codes || 'none'}`);
      }
    }
    const lines: string[] = [];
    const measured: Array<{ key: string; precision: number; recall: number }> = [];
    const order = (k: string) => ['tuning', 'held-out', 'all', 'set-2', 'set-3', 'set-4'].indexOf(k.split(' ')[0]!);
    for (const [key, c] of [...per].sort((a, b) => order(a[0]) - order(b[0]) || a[0].localeCompare(b[0]))) {
      const precision = c.right + c.wrong === 0 ? 1 : c.right / (c.right + c.wrong);
      const recall = c.twins === 0 ? 1 : c.right / c.twins;
      lines.push(
        `${key}: ${c.twins} pairs with a twin, ${c.right} right, ${c.wrong} wrong, ${c.missing} missing; precision ${(100 * precision).toFixed(1)}%, recall ${(100 * recall).toFixed(1)}%`,
      );
      if (process.env.LARDER_BLIND_DETAIL) lines.push(...c.errors.map((e) => `  ${e}`));
      measured.push({ key, precision, recall });
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    for (const { key, precision, recall } of measured) {
      const floor = FLOOR[key];
      if (!floor) continue;
      expect(precision, `${key} precision`).toBeGreaterThanOrEqual(Math.min(floor.precision, TARGET_PRECISION));
      expect(recall, `${key} recall`).toBeGreaterThanOrEqual(Math.min(floor.recall, TARGET_RECALL));
    }
    expect(measured.filter((m) => FLOOR[m.key]).length).toBe(18);
  });
});
