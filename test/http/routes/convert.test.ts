import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_UNITS } from '../../../src/domain/conversion.js';
import { createTestApp, type TestApp } from '../../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ url, headers: { 'x-api-key': t.key } });
const conv = (id: number, from: string, to: string, amount: number | string, extra = '') =>
  get(`/v1/ingredients/${id}/convert?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&amount=${amount}${extra}`);

describe('GET /v1/ingredients/:id/convert', () => {
  it('names a missing parameter in words a client can act on', async () => {
    const res = await get('/v1/ingredients/11282/convert?from=piece&amount=1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_parameter', detail: 'to is required', errors: [{ parameter: 'to', message: 'is required' }] });
  });

  it('converts a cup of all-purpose flour to 125 g (SR28 WEIGHT.txt: 20081, 1 cup, 125 g)', async () => {
    const res = await conv(20081, 'cup', 'g', 1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: 20081,
      from: { unit: 'cup', amount: 1 },
      to: { unit: 'g', amount: 125 },
      system: 'us',
      density_source: 'usda',
    });
    expect((await conv(20081, 'g', 'cups', 250)).json().to.amount).toBe(2);
  });

  it('weighs a clove of garlic at 3 g (SR28 WEIGHT.txt: 11215, 1 clove, 3.0 g)', async () => {
    const body = (await conv(11215, 'clove', 'g', 1)).json();
    expect(body.to.amount).toBe(3);
    expect(body.density_source).toBe('none');
    expect(body.piece_weights).toEqual([{ unit: 'clove', grams: 3, measure: '1 clove = 3 g', size: null }]);
    expect((await conv(11215, 'Cloves', 'oz', 3)).json().to.amount).toBeCloseTo(9 / 28.349523125, 5);
  });

  it('weighs a stock cube by the record\'s cube (SR28 WEIGHT.txt: 06075, 1 cube, 3.6 g; session 16 user trial)', async () => {
    const res = await t.get('/v1/ingredients/6075/convert?from=piece&to=g&amount=2');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ to: { unit: 'g', amount: 7.2 }, piece_weights: [{ unit: 'piece', grams: 3.6, measure: '1 cube = 3.6 g' }] });
  });

  it('weighs a slice of toast by its plain slice, not the one with the crust not eaten (session 14 user trial)', async () => {
    // SR28 WEIGHT.txt 18070: "slice crust not eaten" 11.0 g (seq 5) before "slice" 22 g (seq 9); large 27, thin 17.
    const body = (await conv(18070, 'slice', 'g', 1)).json();
    expect(body.to.amount).toBe(22);
    expect((await conv(18070, 'slice', 'g', 1, '&size=large')).json().to.amount).toBe(27);
  });

  it('answers 422 conversion_unavailable for a piece unit without a weight, naming the ones there are', async () => {
    const res = await conv(11215, 'head', 'g', 1);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'conversion_unavailable' });
    expect(res.json().detail).toContain('clove');
    const none = await conv(20081, 'g', 'slice', 10);
    expect(none.statusCode).toBe(422);
    expect(none.json().detail).toContain('no piece weights');
  });

  it('needs no density for mass to mass and volume to volume', async () => {
    const a = (await conv(20081, 'lb', 'g', 1)).json();
    expect(a).toMatchObject({ to: { amount: 453.592 }, density_source: 'none', density_g_per_ml: null });
    const b = (await conv(20081, 'cup', 'tbsp', 1)).json();
    expect(b).toMatchObject({ to: { amount: 16 }, density_source: 'none' });
  });

  it('accepts the usual spellings, case-insensitively', async () => {
    for (const [from, to, expected] of [
      ['Tablespoons', 'teaspoon', 3],
      ['fl_oz', 'TBSP', 2],
      ['FL OZ', 'tbs', 2],
      ['fluid ounces', 'ml', 29.5735],
      ['grams', 'Kilograms', 0.001],
      ['pounds', 'ounces', 16],
      ['litre', 'mL', 1000],
    ] as const) {
      const res = await conv(20081, from, to, 1);
      expect(res.statusCode, `${from} -> ${to}`).toBe(200);
      expect(res.json().to.amount).toBeCloseTo(expected, 4);
    }
  });

  it('applies the measuring system to cup, tbsp, tsp, fl oz and pint', async () => {
    const ml = async (unit: string, system: string) => (await conv(20081, unit, 'ml', 1, `&system=${system}`)).json().to.amount;
    expect(await ml('cup', 'us')).toBeCloseTo(236.588, 3);
    expect(await ml('cup', 'us_legal')).toBe(240);
    expect(await ml('cup', 'metric')).toBe(250);
    expect(await ml('tbsp', 'metric')).toBe(15);
    expect(await ml('pint', 'uk')).toBeCloseTo(568.261, 3);
    expect(await ml('fl oz', 'uk')).toBeCloseTo(28.4131, 4);
    expect(await ml('tbsp', 'au')).toBe(20);
    expect(await ml('cup', 'jp')).toBe(200);
    expect((await conv(20081, 'cup', 'g', 1, '&system=metric')).json()).toMatchObject({ system: 'metric', to: { amount: 132.086 } });
    const bad = await conv(20081, 'cup', 'g', 1, '&system=martian');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('us, us_legal, metric, uk, au, jp');
  });

  it("weighs a Foundation record without household measures by another record of the same food (789890 as SR 20081: 125 g a cup)", async () => {
    const body = (await conv(789890, 'cup', 'g', 1)).json();
    expect(body).toMatchObject({ to: { amount: 125 }, density_source: 'usda' });
    const ing = (await get('/v1/ingredients/789890')).json();
    expect(ing.density.derived_from).toContain('another record of the same food');
  });

  it('borrows no density from a record of the grain in another shape: rolled oats are not oat groats', async () => {
    // SR28 WEIGHT.txt 20038 "Oats": 1 cup = 156 g (the groats). FAO/INFOODS v2.0 "Oats, rolled"
    // 0.30-0.38 g/ml (ASI), its midpoint 0.34: about 80 g a cup, as SR 8120 rolled oats (81 g).
    const body = (await conv(2346396, 'cup', 'g', 1)).json();
    expect(body.density_source).toBe('literature');
    expect(body.to.amount).toBeCloseTo(0.34 * 236.588, 0);
  });

  it('takes no density from a measure of the food in another state: whipped cream, seeds with hulls, nuts in shells', async () => {
    // SR28 WEIGHT.txt 1053 (heavy cream): "1 cup, whipped" 120 g, "1 cup, fluid (yields 2 cups whipped)" 238 g, "1 tbsp" 15 g.
    const cream = (await conv(1053, 'tbsp', 'g', 1)).json();
    expect(cream.to.amount).toBeCloseTo(15, 0);
    expect((await get('/v1/ingredients/1053')).json().density.derived_from).toContain('fluid');
    // 12036 sunflower seed kernels: "1 cup, with hulls, edible yield" 46 g, "1 cup" 140 g.
    expect((await conv(12036, 'cup', 'g', 1)).json().to.amount).toBe(140);
    // 16088 boiled peanuts: "1 cup in shell, edible yield" 63 g, "1 cup, shelled" 180 g.
    expect((await conv(16088, 'cup', 'g', 1)).json().to.amount).toBe(180);
  });

  it('names the density source: literature (FAO/INFOODS) and category estimates too', async () => {
    // densities_cleaned.tsv: "Cake	Cereal and cereal products	0.415	...	S&W"; 18146 has no volume measure.
    const ing = (await get('/v1/ingredients/18146')).json();
    expect(ing.density).toMatchObject({ g_per_ml: 0.415, source: 'literature' });
    expect(ing.density.derived_from).toContain('FAO/INFOODS');
    const lit = (await conv(18146, 'ml', 'g', 100)).json();
    expect(lit).toMatchObject({ density_source: 'literature', to: { amount: 41.5 } });
    const est = (await conv(1008, 'cup', 'g', 1)).json();
    expect(est.density_source).toBe('category_estimate');
  });

  it('refuses unknown units with 400 unsupported_unit listing the supported ones', async () => {
    const res = await conv(20081, 'furlong', 'g', 1);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unsupported_unit', errors: [{ parameter: 'from' }] });
    expect(res.json().detail).toContain('mg, g, kg, oz, lb, ml, l, tsp, tbsp, fl oz, cup, pint, piece, slice, clove, head, bunch');
  });

  it('refuses amounts that are not finite numbers > 0, and missing parameters', async () => {
    for (const amount of ['0', '-1', 'abc', 'Infinity', '-Infinity', 'NaN', '1e400', '1e10', '']) {
      const res = await conv(20081, 'cup', 'g', amount);
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().code).toBe('invalid_parameter');
    }
    // numbers with exponents are 400 (strict parameters); the smallest double written out in decimals underflows
    expect((await conv(20081, 'cup', 'g', '1e2')).statusCode).toBe(400);
    const underflow = await conv(20081, 'mg', 'lb', `0.${'0'.repeat(323)}5`);
    expect(underflow.statusCode).toBe(400);
    expect(underflow.json().errors).toEqual([{ parameter: 'amount', message: expect.stringContaining('too small') }]);
    expect((await get('/v1/ingredients/20081/convert?from=cup&amount=1')).statusCode).toBe(400);
    expect((await conv(999999999, 'cup', 'g', 1)).statusCode).toBe(404);
  });
});

describe('conversion properties', () => {
  // garlic (clove), egg (piece), flour (usda density), cake (literature), caraway cheese (category estimate),
  // bread (slice), lettuce (head).
  const SAMPLE = [11215, 1123, 20081, 18146, 1008, 18069, 11251];

  it('A -> B -> A returns the amount within rounding, never NaN, Infinity or negative, for all unit pairs', async () => {
    let checked = 0;
    for (const id of SAMPLE) {
      for (const from of ALL_UNITS) {
        for (const to of ALL_UNITS) {
          for (const amount of [1, 0.37, 250]) {
            const there = await conv(id, from, to, amount);
            if (there.statusCode === 422) {
              expect(there.json().code).toBe('conversion_unavailable');
              continue;
            }
            expect(there.statusCode, `${id} ${amount} ${from} -> ${to}`).toBe(200);
            const b = there.json().to.amount;
            expect(Number.isFinite(b) && b > 0, `${id} ${amount} ${from} -> ${to} = ${b}`).toBe(true);
            // sent back in plain decimals, as the API takes no exponents
            const back = await conv(id, to, from, b.toLocaleString('en-US', { useGrouping: false, maximumSignificantDigits: 21 }));
            expect(back.statusCode).toBe(200);
            const a = back.json().to.amount;
            expect(Math.abs(a - amount) / amount, `${id} ${amount} ${from} -> ${to} -> ${from} = ${a}`).toBeLessThan(2e-5);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(SAMPLE.length * 12 * 12 * 3);
  }, 120_000);
});

describe('piece sizes', () => {
  it('weighs a raw onion at the medium 110 g by default, and echoes the size', async () => {
    // SR28 WEIGHT.txt 11282: large 150 g, medium (2-1/2" dia) 110 g, small 70 g
    const res = await conv(11282, 'piece', 'g', 1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ to: { unit: 'g', amount: 110 }, size: 'medium' });
    expect(res.json().piece_weights).toEqual([{ unit: 'piece', grams: 110, measure: '1 medium (2-1/2" dia) = 110 g', size: 'medium' }]);
    expect((await conv(11282, 'piece', 'g', 1, '&size=large')).json()).toMatchObject({ to: { amount: 150 }, size: 'large' });
    expect((await conv(11282, 'piece', 'g', 2, '&size=SMALL')).json()).toMatchObject({ to: { amount: 140 }, size: 'small' });
    // slices have sizes too: slice, medium (1/8" thick) 14 g; slice, large (1/4" thick) 38 g
    expect((await conv(11282, 'slice', 'g', 1)).json()).toMatchObject({ to: { amount: 14 }, size: 'medium' });
    expect((await conv(11282, 'slice', 'g', 1, '&size=large')).json()).toMatchObject({ to: { amount: 38 }, size: 'large' });
  });

  it('reads per-unit measures such as "Potato medium" as piece weights (raw potatoes 11352: medium 213 g)', async () => {
    // SR28 WEIGHT.txt 11352: Potato large 369 g, Potato medium 213 g, Potato small 170 g
    const res = await conv(11352, 'piece', 'g', 1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ to: { amount: 213 }, size: 'medium' });
    expect((await conv(11352, 'piece', 'g', 1, '&size=large')).json().to.amount).toBe(369);
    expect((await conv(11352, 'g', 'piece', 340, '&size=small')).json().to.amount).toBe(2);
  });

  it('answers a record without sizes with its one weight and size null; a size the record lacks is 422', async () => {
    // garlic 11215: "1 clove = 3.0 g", no sizes
    expect((await conv(11215, 'clove', 'g', 1, '&size=large')).json()).toMatchObject({ to: { amount: 3 }, size: null });
    // onion slices come large, medium and thin: no small one
    const none = await conv(11282, 'slice', 'g', 1, '&size=small');
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'conversion_unavailable', errors: [{ parameter: 'size' }] });
    expect(none.json().detail).toContain('large, medium');
    const bad = await conv(11282, 'piece', 'g', 1, '&size=huge');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].parameter).toBe('size');
    // mass to mass ignores size and says none was used
    expect((await conv(11282, 'g', 'oz', 1, '&size=large')).json().size).toBeNull();
  });

  it('reads the unsized piece between a small and a large one as the medium (SR 9200 oranges)', async () => {
    // SR28 WEIGHT.txt 09200: "1 small (2-3/8" dia)" 96 g, "1 fruit (2-5/8" dia)" 131 g, "1 large (3-1/16" dia)" 184 g.
    expect((await conv(9200, 'piece', 'g', 1, '&size=medium')).json()).toMatchObject({ to: { amount: 131 }, size: 'medium' });
    expect((await conv(9200, 'piece', 'g', 1)).json()).toMatchObject({ to: { amount: 131 }, size: 'medium' });
    expect((await conv(9200, 'piece', 'g', 1, '&size=large')).json()).toMatchObject({ to: { amount: 184 }, size: 'large' });
  });

  it('weighs a "piece" of a food the record measures by the clove or the slice (decisions.md "Piece sizes")', async () => {
    // SR28 WEIGHT.txt: 11215 garlic "1 clove" 3.0 g; 18069 white bread "1 slice" 29 g.
    expect((await conv(11215, 'piece', 'g', 2)).json()).toMatchObject({ to: { amount: 6 } });
    expect((await conv(18069, 'piece', 'g', 1)).json()).toMatchObject({ to: { amount: 29 } });
  });

  it('weighs a piece of a food whose measure names it past a class word or in parentheses (SR food_portion.csv)', async () => {
    // 168162 "prune, pitted" 9.5 g for "Plums, dried (prunes), uncooked"; 170567 "almond" 1.2 g for "Nuts, almonds"
    expect((await conv(9291, 'piece', 'g', 10)).json()).toMatchObject({ to: { unit: 'g', amount: 95 } });
    expect((await conv(12061, 'piece', 'g', 10)).json()).toMatchObject({ to: { unit: 'g', amount: 12 } });
  });
  it('weighs a piece of a Foundation record without piece weights by its fuller SR Legacy record (session 19 user trial)', async () => {
    // Foundation 2646170 "Chicken, breast, boneless, skinless, raw" has no piece measure; its fuller
    // record SR 5062: WEIGHT.txt "~05062~^2^1^~piece~^272" (a recipe line already weighed it so).
    const breast = (await conv(2646170, 'piece', 'g', 1)).json();
    expect(breast).toMatchObject({ id: 2646170, to: { unit: 'g', amount: 272 } });
    expect(breast.piece_weights[0].measure).toContain('record 5062');
    // A unit neither record weighs is still 422, naming the piece unit the fuller record lends.
    const slice = await conv(2646170, 'slice', 'g', 1);
    expect(slice.statusCode).toBe(422);
    // (without the lent weights it read "it has no piece weights at all", which also holds "piece")
    expect(slice.json().detail).toContain('piece units it has: piece');
  });
});
