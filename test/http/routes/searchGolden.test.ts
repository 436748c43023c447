import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

/**
 * The golden set (test/fixtures/search/golden.csv, built blind from the raw files by another
 * session: see its reason column; the rows whose reason ends "[added blind, issue 14b]" were
 * written later, labelled from the raw files before being run, and kept only when their hash
 * put them in the tuning part; the rows ending "[added blind, issue 14c]" and "[... 14d]", 620
 * everyday recipe, shopping and food-diary words labelled blind by other sessions, are kept in
 * both parts; so are the 300 rows ending "[... 14e]" and the 300 ending "[... 14f]"): queries people type, each with the ids a right first hit may
 * have. Split once by a seeded hash of the query into a tuning part (ranking was tuned
 * on its failures only) and a held-out part.
 *
 * The target is a 95% first-hit rate on each part (issue 14). It is not reached yet: the
 * test holds each part at its measured rate (FLOOR) so a change that loses ground fails, and
 * prints both rates against the target. Raise FLOOR as the rates rise; 0.95 is done. (Adding
 * blind rows lowered the measured rates: the floors were set again from the grown set.)
 */
const TARGET = 0.95;
const FLOOR = { tuning: 0.949, heldOut: 0.854 };
interface GoldenRow {
  query: string;
  kind: 'ingredient' | 'survey' | 'branded' | 'branded_gtin';
  acceptable_ids: string;
  reason: string;
}

const FILE = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'search', 'golden.csv');
const rows = parse(readFileSync(FILE), { columns: true, skip_empty_lines: true }) as GoldenRow[];

/** The split: sha256('golden-2026:' + query), first byte even = tuning, odd = held out. */
export function isTuning(query: string): boolean {
  return createHash('sha256').update(`golden-2026:${query}`).digest()[0]! % 2 === 0;
}

const PATHS: Record<GoldenRow['kind'], string> = {
  ingredient: '/v1/ingredients',
  survey: '/v1/survey-foods',
  branded: '/v1/branded',
  branded_gtin: '/v1/branded',
};

/** Barcodes compare without leading zeros (UPC-A, EAN-13 and GTIN-14 paddings name one product). */
const unpadded = (code: string): string => code.replace(/^0+/, '');

describe('search golden set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('holds at least 150 queries, split into two parts', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    const tuning = rows.filter((r) => isTuning(r.query)).length;
    expect(tuning).toBeGreaterThan(rows.length / 3);
    expect(rows.length - tuning).toBeGreaterThan(rows.length / 3);
  });

  it('answers the plain food first for each part at least as often as measured (target 95%)', async () => {
    const score = { tuning: { hits: 0, total: 0 }, heldOut: { hits: 0, total: 0 } };
    const tuningMisses: string[] = [];
    for (const row of rows) {
      const res = await t.get(`${PATHS[row.kind]}?q=${encodeURIComponent(row.query)}&limit=1`);
      expect(res.statusCode, `${row.query}: ${res.body}`).toBe(200);
      const first = res.json().data[0] as { id: number; gtin_upc?: string | null } | undefined;
      const acceptable = row.acceptable_ids.split(';');
      const hit =
        first !== undefined &&
        (row.kind === 'branded_gtin'
          ? first.gtin_upc != null && acceptable.map(unpadded).includes(unpadded(first.gtin_upc))
          : acceptable.includes(String(first.id)));
      const part = isTuning(row.query) ? score.tuning : score.heldOut;
      part.total++;
      if (hit) part.hits++;
      // Only the tuning part's misses are shown: the held-out part stays blind.
      else if (isTuning(row.query)) tuningMisses.push(`${row.kind} "${row.query}": ${first ? `${first.id} ${(first as any).name}` : 'nothing'}`);
    }
    const rate = (p: { hits: number; total: number }) => p.hits / p.total;
    process.stdout.write(
      `golden first-hit rate: tuning ${(100 * rate(score.tuning)).toFixed(1)}% (${score.tuning.hits}/${score.tuning.total}), ` +
        `held-out ${(100 * rate(score.heldOut)).toFixed(1)}% (${score.heldOut.hits}/${score.heldOut.total}); ` +
        `target ${100 * TARGET}% ${rate(score.tuning) >= TARGET && rate(score.heldOut) >= TARGET ? 'reached' : 'not reached'}\n`,
    );
    if (process.env.LARDER_GOLDEN_MISSES) process.stdout.write(`tuning misses:\n  ${tuningMisses.join('\n  ')}\n`);
    expect(rate(score.tuning)).toBeGreaterThanOrEqual(FLOOR.tuning);
    expect(rate(score.heldOut)).toBeGreaterThanOrEqual(FLOOR.heldOut);
  }, 120_000);
});
