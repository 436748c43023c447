import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';

/**
 * Precision of the verified links, measured on hand-checked samples (test/fixtures/links):
 * each row is a verified link as the linker produced it when it was checked, with the
 * verdict of a person who read both names and both macronutrient profiles. Precision is
 * computed over the rows the current linker still produces; a row it no longer produces
 * is not evidence either way, so too many of those fail the test (the sample must be redone).
 */
const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'links');
const TARGET_PRECISION = 0.9;
const MIN_STILL_PRODUCED = 0.75;

interface Row {
  dataset_id: string;
  code: string;
  ingredient_id: string;
  verdict: 'correct' | 'wrong';
}

const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.csv'));

describe('verified link precision on the hand-checked samples', () => {
  it('has a sample of at least 100 links per country', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const f of files) {
      const rows = parse(readFileSync(path.join(FIXTURES, f), 'utf8'), { columns: true }) as Row[];
      expect(rows.length, f).toBeGreaterThanOrEqual(100);
      expect(rows.every((r) => r.verdict === 'correct' || r.verdict === 'wrong'), f).toBe(true);
    }
  });

  it.each(files)('%s: precision of the links the linker still verifies is at least 90%%', (file) => {
    const rows = parse(readFileSync(path.join(FIXTURES, file), 'utf8'), { columns: true }) as Row[];
    const db = new Database(inject('catalogPath'), { readonly: true });
    const current = db.prepare('SELECT ingredient_id FROM national_link WHERE dataset_id = ? AND code = ? AND verified = 1').pluck();
    let produced = 0;
    let correct = 0;
    for (const r of rows) {
      const id = current.get(r.dataset_id, r.code) as number | undefined;
      if (id !== Number(r.ingredient_id)) continue;
      produced += 1;
      if (r.verdict === 'correct') correct += 1;
    }
    db.close();
    const precision = correct / produced;
    process.stdout.write(
      `${file}: ${rows.length} checked, ${produced} still verified, precision ${(100 * precision).toFixed(1)}% (verdicts as checked: ${(
        (100 * rows.filter((r) => r.verdict === 'correct').length) /
        rows.length
      ).toFixed(1)}%)\n`,
    );
    expect(produced / rows.length).toBeGreaterThanOrEqual(MIN_STILL_PRODUCED);
    expect(precision).toBeGreaterThanOrEqual(TARGET_PRECISION);
  });
});
