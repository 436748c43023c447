import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { createTestApp } from '../support/app.js';
it('readme', async () => {
  const t = await createTestApp();
  const res = await t.app.inject({ method: 'POST', url: '/v1/recipes/analyze', headers: { 'x-api-key': t.key, 'content-type': 'application/json' },
    payload: JSON.stringify({ lines: ['1 large onion, finely chopped', '2 cloves garlic, crushed', '400g/14oz can chopped tomatoes', '2 tbsp olive oil', '1 cup (240 ml) whole milk', 'salt to taste'], servings: 2, nutrients: undefined }) });
  writeFileSync('/tmp/w17readme.json', JSON.stringify(res.json(), null, 2));
  const b = await t.app.inject({ method: 'POST', url: '/v1/ingredients/batch', headers: { 'x-api-key': t.key, 'content-type': 'application/json' }, payload: JSON.stringify({ ids: [1077, 99999999], nutrients: [1008, 1003] }) });
  writeFileSync('/tmp/w17batch.json', JSON.stringify(b.json(), null, 2));
  const s = await t.get('/v1/survey-foods/11300100?expand=true&nutrients=1008,1087&amount=250&unit=g');
  writeFileSync('/tmp/w17survey.json', JSON.stringify(s.json(), null, 2));
  const n = await t.get('/v1/ingredients/1077/nutrients?amount=1&unit=cup&nutrients=1008,1003,1087');
  writeFileSync('/tmp/w17nut.json', JSON.stringify(n.json(), null, 2));
  await t.close();
});
