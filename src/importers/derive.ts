import { deriveAllergens } from '../domain/allergens.js';
import { densityFromMeasures, median, type HouseholdMeasure } from '../domain/householdMeasures.js';
import { literatureIndex, type LiteratureDensity } from '../domain/literatureDensity.js';
import { countRows, type ImportContext } from './context.js';
import { deriveSearchFields } from './searchFields.js';
import { Linker } from '../domain/linking.js';
import { canonicalProfiles, loadSynonyms } from './national/link.js';

/** Densities outside this range are data errors or measures of something else. */
const PLAUSIBLE = { min: 0.02, max: 3 };

/**
 * Everything computed from the loaded rows rather than read from a file: densities from
 * household measures, else a literature value matched by name (FAO/INFOODS), else the
 * category's median (said so in the source), allergen flags, and the full-text indexes.
 */
export function deriveIngredientFields(ctx: ImportContext, literature: LiteratureDensity[] = []): void {
  const { db } = ctx;
  const ingredients = db
    .prepare(
      `SELECT i.id, i.name, i.category_id AS categoryId, c.code AS categoryCode, c.name AS categoryName
       FROM ingredient i JOIN category c ON c.id = i.category_id ORDER BY i.id`,
    )
    .all() as Array<{ id: number; name: string; categoryId: number; categoryCode: string; categoryName: string }>;
  const portionsStmt = db.prepare(
    `SELECT seq, amount, unit_name AS unitName, description, gram_weight AS gramWeight
     FROM ingredient_portion WHERE ingredient_id = ? ORDER BY seq`,
  );

  const setDensity = db.prepare(
    'UPDATE ingredient SET density_g_per_ml = ?, density_source = ?, density_derived_from = ? WHERE id = ?',
  );
  const measured = new Map<number, number[]>();
  const own = new Map<number, { gPerMl: number; derivedFrom: string }>();
  const withoutMeasures: typeof ingredients = [];
  for (const ing of ingredients) {
    const density = densityFromMeasures(portionsStmt.all(ing.id) as HouseholdMeasure[], ing.name);
    if (density) {
      setDensity.run(density.gPerMl, 'usda', density.derivedFrom, ing.id);
      own.set(ing.id, density);
      const list = measured.get(ing.categoryId) ?? [];
      list.push(density.gPerMl);
      measured.set(ing.categoryId, list);
    } else {
      withoutMeasures.push(ing);
    }
  }
  // Foundation records come without household measures; another FDC record of the same food
  // (Linker.sameRecordsOf: same category and head, no state conflict, values that agree) has them:
  // Foundation 789890 "Flour, wheat, all-purpose, enriched, bleached" weighs what SR 20081 does
  // a cup (125 g), not its category's median (157.5 g).
  const linker = withoutMeasures.length > 0 ? new Linker(canonicalProfiles(ctx, new Map()), loadSynonyms()) : null;
  const byId = new Map(ingredients.map((i) => [i.id, i]));
  const pending: typeof ingredients = [];
  let fromSameFood = 0;
  for (const ing of withoutMeasures) {
    const twin = linker!.sameRecordsOf(ing.id).find((id) => own.has(id));
    if (twin === undefined) {
      pending.push(ing);
      continue;
    }
    const density = own.get(twin)!;
    setDensity.run(density.gPerMl, 'usda', `${density.derivedFrom} of ${twin} "${byId.get(twin)!.name}", another record of the same food`, ing.id);
    fromSameFood++;
  }
  const index = literatureIndex(literature);
  let fromLiterature = 0;
  const unmatched: typeof ingredients = [];
  for (const ing of pending) {
    const hit = index.match(ing.name);
    if (hit && hit.gPerMl >= PLAUSIBLE.min && hit.gPerMl <= PLAUSIBLE.max) {
      setDensity.run(hit.gPerMl, 'literature', `FAO/INFOODS Density Database v2.0: "${hit.name}" ${hit.printed} g/ml (${hit.biblio})`, ing.id);
      fromLiterature++;
    } else {
      unmatched.push(ing);
    }
  }
  const allMeasured = [...measured.values()].flat();
  const overall = median(allMeasured);
  for (const ing of unmatched) {
    const inCategory = measured.get(ing.categoryId) ?? [];
    const value = median(inCategory) ?? overall;
    if (value === null) continue;
    const basis =
      inCategory.length > 0
        ? `median of ${inCategory.length} household-measure densities in category "${ing.categoryName}"`
        : `median of all ${allMeasured.length} household-measure densities`;
    setDensity.run(value, 'category_estimate', basis, ing.id);
  }
  ctx.progress.info(
    `densities: ${own.size} from household measures, ${fromSameFood} from another record of the same food, ${fromLiterature} from literature, ${unmatched.length} category estimates`,
  );

  const setAllergens = db.prepare('UPDATE ingredient SET allergens = ? WHERE id = ?');
  const insertAllergen = db.prepare('INSERT INTO ingredient_allergen (allergen, ingredient_id) VALUES (?, ?)');
  for (const ing of ingredients) {
    const allergens = deriveAllergens({ name: ing.name, categoryCode: ing.categoryCode });
    setAllergens.run(JSON.stringify(allergens), ing.id);
    for (const a of allergens) insertAllergen.run(a, ing.id);
    countRows(ctx, 'ingredient_allergen', allergens.length);
  }

  deriveSearchFields(ctx);
  db.exec(`INSERT INTO ingredient_fts(ingredient_fts) VALUES ('rebuild')`);
  db.exec(`INSERT INTO survey_food_fts(survey_food_fts) VALUES ('rebuild')`);
}
