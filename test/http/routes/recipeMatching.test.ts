import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

/**
 * Matching of recipe food texts, measured on a blind set: 220 food texts from the labelled
 * recipe lines (the 120 most frequent labels and 100 drawn by a seeded hash), each with every
 * SR Legacy / Foundation id a cook accepts, decided by reading the raw files before the
 * matcher's output was seen (conventions in test/fixtures/recipes/match-foods.NOTES.md).
 * Split once by a seeded hash; neither part was used for tuning when the figures below were
 * first taken, and only the tuning part may be looked at when tuning.
 */
interface Row {
  food_text: string;
  acceptable_ids: string;
  reason: string;
}
const rows: Row[] = parse(readFileSync(path.resolve(import.meta.dirname, '../../fixtures/recipes/match-foods.csv')), {
  columns: true,
  skip_empty_lines: true,
});
const part = (text: string) => (createHash('sha256').update(`match-split-2026:${text}`).digest()[0]! % 2 === 0 ? 'tuning' : 'held-out');

/**
 * Measured with the ranking of issue 14b on top of the rump steak synonym (lean and fat) and two
 * tuning rows corrected from the raw files (match-foods.NOTES.md): tuning 98.1 %, held-out 91.3 %
 * (94.2 % after session 12's cans, "chopped spinach", juices and "coconut meat" read as coconut;
 * 95.1 % after session 19's zest read as the peel, from a user trial: the held-out rows were not read);
 * 98.1 % / 89.3 % before issue 14b; 95.1 % / 89.3 % with the recipe
 * matcher's buying words and synonyms, 88.3 % / 89.3 % with issue 14's ranking alone, 60.2 % /
 * 56.3 % before it; the issue's target is 90 %.
 */
const FLOOR = { tuning: 98, 'held-out': 95 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LARDER_PLAN_ENTERPRISE_DAILY: '100000' } });
});
afterAll(async () => t.close());

async function matchAll(texts: string[]): Promise<Array<number | null>> {
  const out: Array<number | null> = [];
  for (let i = 0; i < texts.length; i += 100) {
    const lines = texts.slice(i, i + 100).map((food) => `100 g ${food}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/recipes/analyze',
      headers: { 'x-api-key': t.key, 'content-type': 'application/json' },
      payload: JSON.stringify({ lines }),
    });
    expect(res.statusCode).toBe(200);
    for (const line of res.json().lines) out.push(line.ingredient ? line.ingredient.id : null);
  }
  return out;
}

describe('recipe food matching on the blind set', () => {
  it('chooses an acceptable ingredient for each food text that has one', async () => {
    const answerable = rows.filter((r) => r.acceptable_ids.trim() !== '');
    expect(answerable.length).toBeGreaterThanOrEqual(200);
    const chosen = await matchAll(answerable.map((r) => r.food_text));
    const tally = { tuning: { right: 0, all: 0 }, 'held-out': { right: 0, all: 0 } };
    const misses: string[] = [];
    answerable.forEach((row, i) => {
      const accepted = new Set(row.acceptable_ids.split(';').map(Number));
      const p = tally[part(row.food_text)];
      p.all += 1;
      if (chosen[i] !== null && accepted.has(chosen[i]!)) p.right += 1;
      else if (part(row.food_text) === 'tuning') misses.push(`${row.food_text} -> ${chosen[i]}`);
    });
    const rate = (p: { right: number; all: number }) => (100 * p.right) / p.all;
    process.stdout.write(
      `recipe matching: tuning ${rate(tally.tuning).toFixed(1)} % of ${tally.tuning.all}, held-out ${rate(tally['held-out']).toFixed(1)} % of ${tally['held-out'].all} (target 90 %)\n` +
        `tuning misses: ${misses.join('; ')}\n`,
    );
    expect(rate(tally.tuning)).toBeGreaterThanOrEqual(FLOOR.tuning);
    expect(rate(tally['held-out'])).toBeGreaterThanOrEqual(FLOOR['held-out']);
  });
});
