import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLERGENS } from '../../../src/domain/allergens.js';
import { createTestApp, type TestApp } from '../../support/app.js';

/**
 * Allergen flags measured against blind, hand-labelled sets (test/fixtures/allergens/labels.csv:
 * 3,634 ingredients labelled by a first session and the other 4,475 ingredients of the catalogue
 * by a second, both from names and categories, neither having seen the rules; the conventions are
 * in README "Allergens"). The set is split once by a seeded hash of the id: the rules were tuned
 * looking only at the errors of the tuning half; this test measures the held-out half through the API.
 *
 * Targets: recall >= 98 % and precision >= 95 % per allergen with at least MIN_POSITIVES
 * held-out positives. With fewer (shellfish, mustard, celery, lupin) one item moves the figure by
 * 5 to 100 points, so those are held to at most one missed positive (or their documented
 * `missed` floor), and their precision is reported, not barred. Allergens that do not yet reach
 * the targets are listed in SHORTFALL with the floor they measured at: the test fails if they fall
 * below it, and README says they miss the target.
 */
const MIN_POSITIVES = 20;
const TARGET = { recall: 0.98, precision: 0.95 };
// Floors = the held-out rates measured after the third issue 15 round (the second labeller's tuning
// rows: meat "rolls", compositions from SR recipe footnotes, FNDDS and Open Food Facts), rounded down
// to 0.1 % (gluten 732/761 recall; wheat 627/665; dairy 519/559; eggs 149/177 and 149/179; soy
// 102/109; sesame 24/25; sulphites 31/33; mustard 4 of 19 missed). When the second labeller's rows
// were merged, before that round, they measured gluten 95.4, wheat 93.2, dairy 92.1/94.8, eggs
// 84.2/82.3, soy 93.6, sesame 96.0, sulphites 90.9, mustard 4 and celery 2 missed. Session 11 (a name
// that says the allergen is in it overrides a dish-word veto) raised dairy to 522/559 and eggs to
// 151/177 and 151/181; "soyburgers" and plural "veggie burgers" read as soy, soy to 103/109. Session 13
// (creamers, whiteners and cream substitutes are milk, and their labels corrected in both halves on
// that evidence: 504 of 536 OFF creamers list caseinate or milk) raised dairy to 527/563. Raise them
// when the rules improve; never lower them.
const SHORTFALL: Partial<Record<string, { recall?: number; precision?: number; missed?: number }>> = {
  gluten: { recall: 0.961 },
  wheat: { recall: 0.942 },
  dairy: { recall: 0.936 },
  eggs: { recall: 0.853, precision: 0.834 },
  soy: { recall: 0.944 },
  sesame: { recall: 0.96 },
  sulphites: { recall: 0.939 },
  mustard: { missed: 4 },
};

export const isHeldOut = (id: string) => createHash('sha256').update(`larder-allergens-v1:${id}`).digest()[0]! % 2 === 1;

interface Label {
  id: string;
  name: string;
  allergens: string;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('allergen flags on the held-out half of the blind labels', () => {
  it('meets the recall and precision targets (or its documented floor) per allergen', async () => {
    const file = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'allergens', 'labels.csv');
    const labels = parse(readFileSync(file, 'utf8'), { columns: true }) as Label[];
    expect(labels.length).toBe(8109);
    const heldOut = labels.filter((l) => isHeldOut(l.id));
    expect(heldOut.length).toBe(4024);
    const counts = Object.fromEntries(ALLERGENS.map((a) => [a, { tp: 0, fp: 0, fn: 0 }]));
    for (const l of heldOut) {
      const res = await t.get(`/v1/ingredients/${l.id}`);
      expect(res.statusCode, l.id).toBe(200);
      const flagged = new Set(res.json().allergens as string[]);
      const truth = new Set(l.allergens.split(';').filter(Boolean));
      for (const a of ALLERGENS) {
        if (truth.has(a) && flagged.has(a)) counts[a]!.tp++;
        else if (flagged.has(a)) counts[a]!.fp++;
        else if (truth.has(a)) counts[a]!.fn++;
      }
    }
    const rows: string[] = [];
    const checks: Array<() => void> = [];
    for (const a of ALLERGENS) {
      const { tp, fp, fn } = counts[a]!;
      const positives = tp + fn;
      const recall = positives === 0 ? 1 : tp / positives;
      const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
      rows.push(`| ${a} | ${positives} | ${(100 * recall).toFixed(1)} | ${(100 * precision).toFixed(1)} | ${fn} | ${fp} |`);
      const floor = SHORTFALL[a];
      if (positives < MIN_POSITIVES) {
        checks.push(() => expect(fn, `${a}: missed positives`).toBeLessThanOrEqual(floor?.missed ?? 1));
        continue;
      }
      checks.push(() => {
        expect(recall, `${a} recall`).toBeGreaterThanOrEqual(floor?.recall ?? TARGET.recall);
        expect(precision, `${a} precision`).toBeGreaterThanOrEqual(floor?.precision ?? TARGET.precision);
      });
    }
    // The table is printed before any assertion so that a failing run still shows every figure.
    process.stdout.write(`| allergen | held-out positives | recall % | precision % | missed | false flags |\n|---|---|---|---|---|---|\n${rows.join('\n')}\n`);
    // Rules are tuned on the other half only: LARDER_ALLERGEN_TUNING=1 prints its figures (README's
    // tuning column) and its errors, never an item of the held-out half.
    if (process.env.LARDER_ALLERGEN_TUNING) {
      const tuning = { counts: Object.fromEntries(ALLERGENS.map((a) => [a, { tp: 0, fp: 0, fn: 0 }])), errors: [] as string[] };
      for (const l of labels.filter((x) => !isHeldOut(x.id))) {
        const flagged = new Set((await t.get(`/v1/ingredients/${l.id}`)).json().allergens as string[]);
        const truth = new Set(l.allergens.split(';').filter(Boolean));
        for (const a of ALLERGENS) {
          if (truth.has(a) && flagged.has(a)) tuning.counts[a]!.tp++;
          else if (flagged.has(a)) (tuning.counts[a]!.fp++, tuning.errors.push(`${a} false flag: ${l.id} ${l.name}`));
          else if (truth.has(a)) (tuning.counts[a]!.fn++, tuning.errors.push(`${a} missed: ${l.id} ${l.name}`));
        }
      }
      const pct = (n: number, d: number) => (d === 0 ? 100 : (100 * n) / d).toFixed(1);
      const table = ALLERGENS.map((a) => {
        const { tp, fp, fn } = tuning.counts[a]!;
        return `| ${a} | ${tp + fn} | ${pct(tp, tp + fn)} | ${pct(tp, tp + fp)} |`;
      });
      process.stdout.write(`tuning half:\n| allergen | positives | recall % | precision % |\n${table.join('\n')}\n  ${tuning.errors.join('\n  ')}\n`);
    }
    for (const check of checks) check();
  }, 120_000);

  it('answers the examples of the issue as a cook would', async () => {
    const flags = async (id: number) => (await t.get(`/v1/ingredients/${id}`)).json().allergens as string[];
    // non-wheat flours and gluten-free pasta carry no gluten or wheat
    expect(await flags(790214)).not.toContain('gluten'); // Flour, rice, white
    expect(await flags(20654)).not.toContain('wheat'); // Pasta, gluten-free, brown rice flour
    // composites by their known composition
    expect(await flags(6626)).toEqual(expect.arrayContaining(['dairy', 'nuts'])); // pesto
    expect(await flags(4705)).toEqual(expect.arrayContaining(['dairy', 'eggs', 'fish'])); // caesar dressing, fat-free
    expect(await flags(2262074)).not.toContain('dairy'); // Almond butter, creamy
    expect(await flags(11475)).not.toContain('molluscs'); // Squash, summer, scallop
    expect(await flags(42178)).toEqual(['soy']); // Mayonnaise, made with tofu: soy, not eggs
    // a name that says the allergen is in it is flagged whatever dish word would otherwise veto it
    expect(await flags(19333)).toContain('eggs'); // Pudding, lemon, dry mix, ..., prepared with sugar, egg yolk and water
    expect(await flags(19169)).toContain('eggs'); // Egg custards, dry mix
    expect(await flags(28359)).toContain('dairy'); // Glutino, Gluten Free Wafers, Milk Chocolate
    expect(await flags(28358)).not.toContain('dairy'); // Glutino, Gluten Free Wafers, Lemon Flavored
    expect(await flags(32017)).toContain('dairy'); // Pasta mix, Italian four cheese lasagna, unprepared
    expect(await flags(19113)).toContain('dairy'); // Syrups, table blends, pancake, with butter
    expect(await flags(20098)).not.toContain('eggs'); // Pasta, homemade, made without egg, cooked
    expect(await flags(16147)).toContain('soy'); // Veggie burgers or soyburgers, unprepared
    // creamers are milk (caseinate) unless made of a named plant base or soy protein
    expect(await flags(42136)).toContain('dairy'); // Cream substitute, powdered, light
    expect(await flags(14270)).toContain('dairy'); // coffee, instant, ..., with non dairy creamer
    expect(await flags(1067)).toEqual(['soy']); // Cream substitute, liquid, with hydrogenated vegetable oil and soy protein
    expect(await flags(16262)).not.toContain('dairy'); // SILK Hazelnut Creamer
  });

  it('filters by allergen case-insensitively and with the usual aliases', async () => {
    const ids = async (q: string) => (await t.get(`/v1/ingredients?allergen=${q}&limit=100`)).json();
    const eggs = await ids('eggs');
    expect(eggs.total).toBeGreaterThan(0);
    for (const alias of ['EGG', 'Egg', 'eggs']) expect((await ids(alias)).total, alias).toBe(eggs.total);
    expect((await ids('milk')).total).toBe((await ids('dairy')).total);
    expect((await ids('tree%20nuts')).total).toBe((await ids('nuts')).total);
    expect((await ids('crustaceans')).total).toBe((await ids('shellfish')).total);
    const bad = await t.get('/v1/ingredients?allergen=nightshade');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ parameter: 'allergen' });
  });
});
