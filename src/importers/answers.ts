import fastJson from 'fast-json-stringify';
import type { Static } from 'typebox';
import { fallbackAnswer, NutrientAnswerWriter, strongEtag, USDA_FALLBACK_SOURCE, type CountryEntry, type ReferenceEntry } from '../catalog/answers.js';
import type { Allergen } from '../domain/allergens.js';
import { availableCountries, NATIONAL_DATASET } from '../domain/countries.js';
import { resolveCountryNutrients, type NationalNutrient, type ReferenceNutrient } from '../domain/countryNutrients.js';
import { US_VOLUME_ML } from '../domain/householdMeasures.js';
import { Ingredient } from '../http/routes/ingredients.js';
import { BASIS } from '../http/schemas.js';
import { countRows, type ImportContext } from './context.js';

type IngredientBody = Static<typeof Ingredient>;

const round = (value: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/**
 * Prepares the ingredient answers (src/catalog/answers.ts): each ingredient's detail answer
 * serialised by the route's own schema serializer with its ETag, its reference profile in
 * compact form, and for every country with a verified national link the resolved profile,
 * so that serving reads one row. Runs after the national tables, links, carbon and cooking
 * are written, inside the import's transaction.
 */
export function prepareIngredientAnswers(ctx: ImportContext): void {
  const { db } = ctx;
  const countries = availableCountries(ctx.datasets.map((d) => d.id));
  const serializeDetail = fastJson(Ingredient);
  const definitions = db.prepare<[], { id: number; name: string; unit: string }>('SELECT id, name, unit FROM nutrient').all();
  const writer = new NutrientAnswerWriter(definitions);
  const stmts = {
    ingredients: db.prepare<
      [],
      {
        id: number;
        name: string;
        category_id: number;
        category_name: string;
        data_type: IngredientBody['data_type'];
        dataset_id: string;
        fdc_id: number;
        ndb_number: number | null;
        scientific_name: string | null;
        density_g_per_ml: number;
        density_source: IngredientBody['density']['source'];
        density_derived_from: string | null;
        allergens: string;
      }
    >(
      `SELECT i.id, i.name, i.category_id, c.name AS category_name, i.data_type, i.dataset_id, i.fdc_id, i.ndb_number,
              i.scientific_name, i.density_g_per_ml, i.density_source, i.density_derived_from, i.allergens
       FROM ingredient i JOIN category c ON c.id = i.category_id ORDER BY i.id`,
    ),
    nutrientsOf: db.prepare<[number], ReferenceNutrient>(
      `SELECT v.nutrient_id, n.name, n.unit, v.amount, v.derivation, n.rank
       FROM ingredient_nutrient v JOIN nutrient n ON n.id = v.nutrient_id
       WHERE v.ingredient_id = ? ORDER BY n.rank IS NULL, n.rank, n.id`,
    ),
    portionsOf: db.prepare<[number], IngredientBody['portions'][number]>(
      `SELECT seq, amount, unit_name AS unit, description, gram_weight FROM ingredient_portion
       WHERE ingredient_id = ? ORDER BY seq`,
    ),
    // The ingredient's best verified national food (national_candidate.ingredient_best: chosen
    // from the ingredient's side, src/importers/national/link.ts), with what was compared.
    bestLink: db.prepare<
      [number, string],
      { dataset: string; code: string; name: string; score: number; method: string; name_score: number | null; profile_score: number | null; compared_as: string }
    >(
      `SELECT l.dataset_id AS dataset, l.code, f.name, l.score, l.method, l.name_score, l.profile_score,
              n.name_used AS compared_as
       FROM national_candidate l
       JOIN national_food f ON f.dataset_id = l.dataset_id AND f.code = l.code
       JOIN national_link n ON n.dataset_id = l.dataset_id AND n.code = l.code
       WHERE l.ingredient_id = ? AND l.dataset_id = ? AND l.ingredient_best = 1`,
    ),
    nationalNutrients: db.prepare<[string, string], NationalNutrient>(
      `SELECT v.nutrient_id, n.name, n.unit, v.amount, v.qualifier, n.rank
       FROM national_food_nutrient v JOIN nutrient n ON n.id = v.nutrient_id WHERE v.dataset_id = ? AND v.code = ?`,
    ),
    insertAnswer: db.prepare('INSERT INTO ingredient_answer (ingredient_id, name, dataset_id, profile, nutrient_etags, body) VALUES (?, ?, ?, ?, ?, ?)'),
    insertFallback: db.prepare('INSERT INTO ingredient_fallback (ingredient_id, body) VALUES (?, ?)'),
    insertDetail: db.prepare('INSERT INTO ingredient_detail (ingredient_id, etag, body) VALUES (?, ?, ?)'),
    insertCountry: db.prepare('INSERT INTO ingredient_country (ingredient_id, country, dataset_id, linked_food, profile, etag, body) VALUES (?, ?, ?, ?, ?, ?, ?)'),
  };

  for (const row of stmts.ingredients.all()) {
    const nutrients = stmts.nutrientsOf.all(row.id);
    const detail: IngredientBody = {
      id: row.id,
      name: row.name,
      category_id: row.category_id,
      category: { id: row.category_id, name: row.category_name },
      data_type: row.data_type,
      fdc_id: row.fdc_id,
      ndb_number: row.ndb_number,
      scientific_name: row.scientific_name,
      source: row.dataset_id,
      basis: BASIS,
      nutrients: nutrients.map(({ rank: _rank, ...n }) => n),
      density: {
        g_per_ml: round(row.density_g_per_ml, 4),
        g_per_cup: round(row.density_g_per_ml * US_VOLUME_ML.cup, 2),
        source: row.density_source,
        derived_from: row.density_derived_from,
      },
      allergens: JSON.parse(row.allergens) as Allergen[],
      portions: stmts.portionsOf.all(row.id),
    };
    const detailText = serializeDetail(detail);
    const reference: ReferenceEntry[] = nutrients.map((n) => [n.nutrient_id, n.amount, n.derivation]);

    const etags: Record<string, string> = {};
    const usBody = writer.answer({ id: row.id, name: row.name, country: 'US', basis: BASIS }, null, reference, { reference: row.dataset_id, national: null });
    const fallbackBody = Buffer.from(writer.answer({ id: row.id, name: row.name, country: 'US', basis: BASIS }, null, reference, { reference: USDA_FALLBACK_SOURCE, national: null }));
    for (const country of countries) {
      const head = { id: row.id, name: row.name, country, basis: BASIS };
      if (country === 'US') {
        etags[country] = strongEtag(usBody);
        continue;
      }
      const link = stmts.bestLink.get(row.id, NATIONAL_DATASET[country]);
      if (!link) {
        // Served as fallbackAnswer(fallbackBody): tagged from those very bytes.
        etags[country] = strongEtag(fallbackAnswer(Buffer.from(fallbackBody), country));
        continue;
      }
      // Names let the resolution withhold what a fortified US record owes to its fortification.
      const resolved = resolveCountryNutrients(
        nutrients,
        { datasetId: link.dataset, nutrients: stmts.nationalNutrients.all(link.dataset, link.code) },
        { reference: row.name, national: link.name },
      );
      const entries: CountryEntry[] = resolved.map((n) => [n.nutrient_id, n.amount, n.derivation, n.qualifier, n.source === link.dataset ? 1 : 0]);
      // The linked food as served: the schema's property order (dataset, code, name, score).
      // In the order of the route's LinkedFood schema (the bytes must match its serializer).
      const linkedFood = JSON.stringify({
        dataset: link.dataset,
        code: link.code,
        name: link.name,
        score: link.score,
        method: link.method,
        name_score: link.name_score,
        profile_score: link.profile_score,
        compared_as: link.compared_as,
      });
      const body = Buffer.from(writer.answer(head, linkedFood, entries, { reference: USDA_FALLBACK_SOURCE, national: link.dataset }));
      etags[country] = strongEtag(body);
      stmts.insertCountry.run(row.id, country, link.dataset, linkedFood, JSON.stringify(entries), etags[country], body);
      countRows(ctx, 'ingredient_country');
    }
    stmts.insertAnswer.run(row.id, row.name, row.dataset_id, JSON.stringify(reference), JSON.stringify(etags), Buffer.from(usBody));
    stmts.insertFallback.run(row.id, fallbackBody);
    stmts.insertDetail.run(row.id, strongEtag(detailText), Buffer.from(detailText));
    countRows(ctx, 'ingredient_answer');
    countRows(ctx, 'ingredient_detail');
    countRows(ctx, 'ingredient_fallback');
  }
}
