import { Type, type Static } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ALLERGENS, type Allergen } from '../../domain/allergens.js';
import { parseSystem, SYSTEMS, type MeasuringSystem } from '../../domain/conversion.js';
import { resolveCountry, type CountryCode } from '../../domain/countries.js';
import { asAvailableCarbohydrate } from '../../domain/countryNutrients.js';
import { containerWeightsFrom, countedPiece, cutDensity, foodToSearch, matchConfidence, namesTheFood, piecesFor, sameFood, searchQueries, specificSearch, weighLine } from '../../domain/recipeAnalysis.js';
import { parseIngredientLine, type ParsedLine } from '../../domain/recipeLine.js';
import type { Ingredients } from '../../catalog/ingredients.js';
import { ApiError } from '../../errors.js';
import { ITEMS_PER_REQUEST } from '../plugins/rateLimit.js';
import { AllergenName, errorResponses, json } from '../schemas.js';
import { BODY_LIMIT_BYTES, requireJson, strictBodyCompiler } from './batches.js';

export const MAX_RECIPE_LINES = 100;
export const MAX_LINE_CHARS = 200;
/** Alternatives listed beside the chosen ingredient. */
const ALTERNATIVES = 3;
/** How far down the matches a record of the same food is looked for when the top one cannot be weighed. */
const TWIN_SEARCH_DEPTH = 12;

const Ref = Type.Object({ id: Type.Integer(), name: Type.String() });

const RecipeBody = Type.Object(
  {
    lines: Type.Array(Type.String({ maxLength: MAX_LINE_CHARS }), {
      minItems: 1,
      maxItems: MAX_RECIPE_LINES,
      description: `Ingredient lines as written, 1 to ${MAX_RECIPE_LINES}, each at most ${MAX_LINE_CHARS} characters`,
    }),
    servings: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 10000, description: 'Servings the recipe makes (> 0, default 1)' })),
    country: Type.Optional(Type.String({ maxLength: 64, description: "ISO 3166-1 alpha-2: each line's nutrients from that country's table, as /v1/ingredients/{id}/nutrients?country=" })),
    system: Type.Optional(Type.String({ maxLength: 32, description: `Measuring system for cups and spoons: ${SYSTEMS.join(', ')}; default us` })),
  },
  {
    additionalProperties: false,
    examples: [{ lines: ['2 cups all-purpose flour', '1 cup (240 ml) whole milk', '2 large eggs, beaten', '3 tbsp butter, melted', 'salt to taste'], servings: 4 }],
  },
);

const Line = Type.Object({
  text: Type.String({ description: 'The line as sent' }),
  quantity: Type.Union([Type.Number(), Type.Null()], { description: 'The first amount written (a range is its midpoint, "a" is 1)' }),
  unit: Type.Union([Type.String(), Type.Null()], { description: 'The first unit written, by its canonical name (g, cup, tbsp, pinch, can, ...); null for a bare count' }),
  size: Type.Union([Type.Enum(['small', 'medium', 'large']), Type.Null()]),
  food_text: Type.String({ description: 'The food as written, without amounts, preparation and comments' }),
  preparation: Type.Union([Type.String(), Type.Null()], { description: '"beaten", "finely chopped"' }),
  comment: Type.Union([Type.String(), Type.Null()], { description: '"to taste", "divided", asides' }),
  ingredient: Type.Union([Ref, Type.Null()], { description: 'The canonical ingredient chosen, by the ingredient search (the first result)' }),
  confidence: Type.Enum(['high', 'medium', 'low'], {
    description: 'high: the whole food text found an ingredient naming all its words; medium: the whole text or a shorter text of two words or more found it; low: only the last word did',
  }),
  alternatives: Type.Array(Ref, { description: 'The next results of the same search' }),
  grams: Type.Number({ description: 'The amount in grams by the conversion rules (0 when the line has no amount or no weight)' }),
  status: Type.Enum(['matched', 'unmatched', 'no_quantity'], {
    description: 'matched: food found (grams may still be 0, see grams_basis); unmatched: no food found; no_quantity: food found, no amount ("salt to taste")',
  }),
  provenance: Type.Object({
    query: Type.Union([Type.String(), Type.Null()], { description: 'The search text that found the ingredient' }),
    source: Type.Union([Type.String(), Type.Null()], {
      description:
        "Dataset of the line's nutrients (see /v1/sources): with a country, the national table whose food the ingredient links to (linked_food), its other nutrients falling back to the US record's dataset as on /nutrients?country=; else the ingredient's own dataset",
    }),
    linked_food: Type.Optional(
      Type.Union([Type.Object({ dataset: Type.String(), code: Type.String(), name: Type.String() }), Type.Null()], {
        description: 'With a country: the national food whose values the line used, or null where the ingredient links to none (US values throughout)',
      }),
    ),
    grams_basis: Type.String({ description: 'How the grams were found (the measure, density or piece weight used), or why not' }),
  }),
});

const SummedNutrient = Type.Object({
  nutrient_id: Type.Integer(),
  name: Type.String(),
  unit: Type.String(),
  amount: Type.Number(),
});

const RecipeAnswer = Type.Object({
  lines: Type.Array(Line),
  total_grams: Type.Number(),
  nutrients: Type.Array(SummedNutrient, {
    description:
      "Summed over the matched lines with grams; a nutrient is listed when any line has it. With a country, carbohydrate is one total as the national tables give it, available carbohydrate (1050, by summation): a line without a national value adds its US carbohydrate by difference less its fibre (1005 - 1079), so no partial by-difference total stands beside it",
  }),
  per_serving: Type.Object({ grams: Type.Number(), nutrients: Type.Array(SummedNutrient) }),
  allergens: Type.Array(AllergenName, { description: "The union of the matched ingredients' allergens" }),
  carbon: Type.Object({
    kg_co2e: Type.Number({ description: 'Sum over the matched lines of grams x kg CO2e per kg of the ingredient' }),
    per_serving_kg_co2e: Type.Number(),
  }),
  unmatched: Type.Array(Type.Integer(), { description: 'Indexes of the lines whose food was not found' }),
  unweighed: Type.Array(Type.Integer(), {
    description:
      'Indexes of the lines whose food was found and whose amount was read but could not be weighed ("1 head broccoli" where the record gives no head, "1 can" without its size): they add nothing to the totals, and grams_basis says why',
  }),
  country: Type.String(),
  servings: Type.Number(),
});

type LineAnswer = Static<typeof Line>;
const sig = (x: number): number => Number(x.toPrecision(6));

export const recipeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const validatorCompiler = strictBodyCompiler();
  app.post(
    '/v1/recipes/analyze',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      preValidation: requireJson,
      validatorCompiler,
      schema: {
        tags: ['Recipes'],
        summary: 'Nutrients, allergens and carbon of a recipe from its ingredient lines',
        description: `Each line is read (quantity with fractions, mixed numbers, ranges and words; unit in US and UK spellings and abbreviations; size; food; preparation and comments), its food matched with the ingredient search, weighed by the conversion rules (mass, else volume through the density, else the piece weight), then summed. A line that cannot be read never fails the request: it is unmatched or no_quantity. Counts as one request per started ${ITEMS_PER_REQUEST} lines. The body is JSON (content-type: application/json, else 415) of at most ${BODY_LIMIT_BYTES / 1024} KB (else 400).`,
        body: RecipeBody,
        response: { 200: json(RecipeAnswer, 'The analysed recipe'), ...errorResponses(400, 401, 415, 429) },
      },
    },
    async (request, reply) => {
      const { lines, servings = 1 } = request.body;
      await app.chargeItems(request, reply, lines.length);
      const country: CountryCode = request.body.country === undefined ? 'US' : resolveCountry(request.body.country, app.catalog.countries);
      const system = parseSystem(request.body.system);
      if (!system) throw ApiError.invalidParameter('system', `must be one of: ${SYSTEMS.join(', ')}`);

      const totals = new Map<number, { nutrient_id: number; name: string; unit: string; amount: number }>();
      const allergens = new Set<Allergen>();
      let kgCo2e = 0;
      let totalGrams = 0;
      const unmatched: number[] = [];
      const unweighed: number[] = [];
      const answers: LineAnswer[] = lines.map((text, index) => {
        const parsed = parseIngredientLine(text);
        let queries = searchQueries(foodToSearch(parsed));
        let found: ReadonlyArray<{ id: number; name: string }> = [];
        let queryIndex = -1;
        // The food's juice or a can of it first, where a record of that holds every word.
        const specific = specificSearch(parsed, queries[0]);
        let pieceName = pieceWord(parsed.unit);
        for (const query of specific?.queries ?? []) {
          const hits = app.ingredients.firstResults(query, ALTERNATIVES + 1);
          if (hits.length > 0 && matchConfidence(0, [query], hits[0]!.name) === 'high') {
            queries = [query, ...queries];
            found = hits;
            queryIndex = 0;
            pieceName = specific!.pieceName ?? pieceName;
            break;
          }
        }
        for (let i = 0; i < queries.length && found.length === 0; i += 1) {
          found = app.ingredients.firstResults(queries[i]!, ALTERNATIVES + 1);
          queryIndex = i;
          // A match lacking some words that names no food of the line is no match: "mixed herbs" is no shrimp.
          const first = found[0];
          if (first && matchConfidence(i, queries, first.name) === 'low' && !namesTheFood(queries[i]!, first.name, i === 0 ? 'name' : 'subject')) found = [];
        }
        const base = {
          text,
          quantity: parsed.quantity === null ? null : sig(parsed.quantity),
          unit: parsed.unit,
          size: parsed.size,
          food_text: parsed.food,
          preparation: parsed.preparation,
          comment: parsed.comment,
        };
        if (found.length === 0) {
          unmatched.push(index);
          return {
            ...base,
            ingredient: null,
            confidence: 'low' as const,
            alternatives: [],
            grams: 0,
            status: 'unmatched' as const,
            provenance: { query: null, source: null, grams_basis: parsed.food ? `no ingredient found for "${parsed.food}"` : 'no food in the line' },
          };
        }
        // A Foundation record gives fewer values than SR Legacy's record of the same food (789890
        // flour: no fibre): a recipe total reads the fuller one, and the line says which it used.
        const first = found[0]!;
        const top = app.ingredients.fullerRecord(first.id) ?? first;
        if (top !== first) found = [top, ...found.filter((f) => f.id !== top.id)].slice(0, ALTERNATIVES + 1);
        const record = app.ingredients.recipeFacts(top.id)!;
        if (pieceName === null && parsed.unit === null) pieceName = countedPiece(queries[queryIndex]!);
        let weight = weighWith(app.ingredients, top.id, parsed, system, pieceName);
        if (weight.grams === null && parsed.measures.length > 0) weight = weighByTwin(app.ingredients, queries[queryIndex]!, top, parsed, system) ?? weight;
        const grams = weight.grams ?? 0;
        const national = country === 'US' ? null : app.nationalValues.nutrients(top.id, country);
        const nutrients = national === null ? record.nutrients : asAvailableCarbohydrate(national.nutrients);
        if (grams === 0 && parsed.measures.length > 0) unweighed.push(index);
        if (grams > 0) {
          totalGrams += grams;
          for (const n of nutrients) {
            const sum = totals.get(n.nutrient_id);
            // A national value below the limit of quantification ("< 20" µg selenium in a CIQUAL banana,
            // served as 20 with qualifier less_than) adds nothing to a total, as a trace adds nothing.
            const add = 'qualifier' in n && n.qualifier === 'less_than' ? 0 : (n.amount * grams) / 100;
            if (sum) sum.amount += add;
            else totals.set(n.nutrient_id, { nutrient_id: n.nutrient_id, name: n.name, unit: n.unit, amount: add });
          }
          const carbon = app.carbonCooking.footprint(top.id, country);
          if (carbon) kgCo2e += (carbon.carbon.kg_co2e_per_kg * grams) / 1000;
        }
        for (const a of record.allergens) allergens.add(a);
        const source = record.source;
        return {
          ...base,
          ingredient: { id: top.id, name: top.name },
          confidence: matchConfidence(queryIndex, queries, top.name),
          alternatives: found.slice(1).map((f) => ({ id: f.id, name: f.name })),
          grams,
          status: parsed.measures.length === 0 ? ('no_quantity' as const) : ('matched' as const),
          provenance: {
            query: queries[queryIndex]!,
            source: national?.linked_food?.dataset ?? source,
            ...(national === null ? {} : { linked_food: national.linked_food === null ? null : { dataset: national.linked_food.dataset, code: national.linked_food.code, name: national.linked_food.name } }),
            grams_basis: weight.basis,
          },
        };
      });
      const nutrients = [...totals.values()].map((n) => ({ ...n, amount: sig(n.amount) }));
      return {
        lines: answers,
        total_grams: sig(totalGrams),
        nutrients,
        per_serving: { grams: sig(totalGrams / servings), nutrients: nutrients.map((n) => ({ ...n, amount: sig(n.amount / servings) })) },
        allergens: ALLERGENS.filter((a) => allergens.has(a)),
        carbon: { kg_co2e: sig(kgCo2e), per_serving_kg_co2e: sig(kgCo2e / servings) },
        unmatched,
        unweighed,
        country,
        servings,
      };
    },
  );
};

/**
 * Weighs a line with a record of the same food ranked below the top match, when the top match
 * has no piece weight or density for the line's unit ("1 cucumber" matches "Cucumber, with peel,
 * raw", which gives no piece; "Cucumber, peeled, raw" does). The nutrients stay the top match's;
 * the basis names the record whose weight was used.
 */
function weighByTwin(
  ingredients: Ingredients,
  query: string,
  top: { id: number; name: string },
  parsed: ParsedLine,
  system: MeasuringSystem,
): { grams: number; basis: string } | null {
  // The line's own search first, then the food's name alone ("Onions, red, raw" has no piece; "onions" finds "Onions, raw").
  const twins = [...ingredients.firstResults(query, TWIN_SEARCH_DEPTH), ...ingredients.firstResults(top.name.split(',')[0]!, TWIN_SEARCH_DEPTH)];
  for (const twin of twins) {
    if (twin.id === top.id || !sameFood(top.name, twin.name)) continue;
    const weight = weighWith(ingredients, twin.id, parsed, system, pieceWord(parsed.unit));
    if (weight.grams !== null) return { grams: weight.grams, basis: `${weight.basis}, weight of the same food's record ${twin.id} "${twin.name}"` };
  }
  return null;
}

/** A line weighed by one record's density, piece weights (the cook's piece word first) and can. */
function weighWith(ingredients: Ingredients, id: number, parsed: ParsedLine, system: MeasuringSystem, pieceName: string | null): ReturnType<typeof weighLine> {
  const measures = ingredients.measures(id);
  // The volume measure that names the line's cut ("shredded") before the record's own density.
  const cut = cutDensity(measures, `${parsed.preparation ?? ''} ${parsed.food}`);
  const density = cut === null ? ingredients.density(id)! : { gPerMl: cut.gPerMl, source: 'usda' as const };
  const weight = weighLine(parsed, system, density, piecesFor(measures, parsed.size, pieceName), containerWeightsFrom(measures));
  return cut !== null && weight.grams !== null && / g\/ml \(/.test(weight.basis) ? { ...weight, basis: `${weight.basis}, from "${cut.measure}"` } : weight;
}

/** A cook's unit that names which piece of the record is meant (its stalk, not its spear). */
const pieceWord = (unit: string | null): string | null => (unit !== null && /^(stalk|rib|ear|spear)$/.test(unit) ? unit : null);
