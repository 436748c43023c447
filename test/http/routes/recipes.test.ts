import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const analyze = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/v1/recipes/analyze', headers: { 'x-api-key': t.key, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

describe('POST /v1/recipes/analyze', () => {
  it('explores', async () => {
    const res = await analyze({
      lines: ['2 cups all-purpose flour', '1 cup (240 ml) whole milk', '2 large eggs, beaten', '3 tbsp butter, melted', 'salt to taste', '150g/5½oz caster sugar', '1 handful of parsley', '2 cloves garlic', 'zzzz qqqq', '1 tsp baking powder', '200g chicken breast', '1 onion, chopped', '2 tbsp olive oil'],
      servings: 4,
    });
    console.log(res.statusCode, JSON.stringify(res.json(), null, 1).slice(0, 9000));
    expect(res.statusCode).toBe(200);
  });
});
