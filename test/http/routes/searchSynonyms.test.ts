import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singular, normalizeName } from '../../../src/domain/search.js';
import { SYNONYMS } from '../../../src/domain/synonyms.js';
import { createTestApp, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A name word that is the synonym's word: the same singular, or the stem FTS5 matched ("flaxseed" / "flaxseeds"). */
const holds = (name: string, word: string): boolean =>
  word.split('|').some((alt) =>
    normalizeName(name)
      .split(' ')
      .some((w) => singular(w) === singular(alt) || (alt.length >= 5 && w.startsWith(alt.slice(0, alt.length - 1)))),
  );

/**
 * The synonym table is data, and every entry is checked: the food a cook's word finds first
 * (an ingredient, or a survey dish for the entries of survey names) carries the words the
 * entry says the USDA uses for it.
 */
describe('synonym table', () => {
  it.each(SYNONYMS.map((s) => [s.from, s.to, s]))('"%s" finds a food named with "%s"', async (_from, _to, synonym) => {
    const route = synonym.scope === 'survey' ? '/v1/survey-foods' : '/v1/ingredients';
    const body = (await t.get(`${route}?q=${encodeURIComponent(synonym.from)}&limit=1`)).json();
    expect(body.total, synonym.from).toBeGreaterThan(0);
    const name: string = body.data[0].name;
    for (const word of synonym.to.split(' ')) expect(holds(name, word), `${synonym.from} -> ${name} lacks "${word}"`).toBe(true);
  });

  it('is the table the README shows', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '..', '..', '..', 'README.md'), 'utf8');
    for (const s of SYNONYMS) expect(readme, s.from).toContain(`| ${s.from} | ${s.to.replaceAll('|', ' or ')} |`);
  });
});
