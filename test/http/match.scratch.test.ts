import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { createTestApp } from '../support/app.js';
import { parseIngredientLine } from '../../src/domain/recipeLine.js';
import { fnv1a, isHeldOut, readLabelled } from '../domain/recipeLineScore.js';
it('match', async () => {
  const t = await createTestApp();
  const lines = readLabelled('/work/shared/data').filter(isHeldOut);
  const seen = new Set<string>();
  const picked = lines
    .map((l) => ({ l, h: fnv1a('larder-issue-17-matching' + l.input) }))
    .sort((a, b) => a.h - b.h)
    .filter(({ l }) => { const f = parseIngredientLine(l.input).food.toLowerCase(); if (!f || seen.has(f)) return false; seen.add(f); return true; })
    .slice(0, 200);
  const out: string[] = [];
  for (const { l } of picked) {
    const res = await t.app.inject({ method: 'POST', url: '/v1/recipes/analyze', headers: { 'x-api-key': t.key, 'content-type': 'application/json' }, payload: JSON.stringify({ lines: [l.input] }) });
    const line = res.json().lines[0];
    out.push([l.input, line.food_text, line.ingredient?.id ?? '', line.ingredient?.name ?? '(none)', line.confidence].join('\t'));
  }
  writeFileSync('/tmp/w17match.tsv', out.join('\n') + '\n');
  await t.close();
});
