import { deriveAllergens } from '../domain/allergens.js';
import { densityFromMeasures, median, type HouseholdMeasure } from '../domain/householdMeasures.js';
import { literatureIndex, type LiteratureDensity } from '../domain/literatureDensity.js';
import { countRows, type ImportContext } from './context.js';
import { deriveSearchFields } from './searchFields.js';
import { Linker } from '../domain/linking.js';
import { fortificationOfName } from '../domain/nutrientFamilies.js';
import { normalizeName, singular } from '../domain/search.js';
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
  // The twin must say (in its name or the measure) every word of shape the record says (bulkForms).
  const linker = new Linker(canonicalProfiles(ctx, new Map()), loadSynonyms());
  const byId = new Map(ingredients.map((i) => [i.id, i]));
  const pending: typeof ingredients = [];
  let fromSameFood = 0;
  for (const ing of withoutMeasures) {
    // ...in the form it is measured in: rolled oats do not fill a cup as oat groats do (SR 20038
    // "Oats", 156 g a cup; rolled oats about 81 g).
    const forms = bulkForms(ing.name);
    const twin = linker
      .sameRecordsOf(ing.id)
      .find((id) => own.has(id) && forms.every((f) => bulkForms(`${byId.get(id)!.name} ${own.get(id)!.derivedFrom}`).includes(f)));
    if (twin === undefined) {
      pending.push(ing);
      continue;
    }
    const density = own.get(twin)!;
    setDensity.run(density.gPerMl, 'usda', `${density.derivedFrom} of ${twin} "${byId.get(twin)!.name}", another record of the same food`, ing.id);
    fromSameFood++;
  }
  recordFullerRecords(ctx, linker, byId);
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

/**
 * Words of a name that say a grain was pressed or blown into a shape that fills a cup with air:
 * rolled oats are about 81 g a cup (SR 8120), the groats 156 g (SR 20038). Other shapes (halves,
 * slices, flakes of egg white) are left to the twin's measure: without it the category median,
 * a worse guess, would answer (0.96 g/ml for sliced cheddar against 0.56 diced).
 */
const BULK_FORM = /\b(?:rolled|flaked|puffed)\b/g;
const bulkForms = (text: string): string[] => text.toLowerCase().match(BULK_FORM) ?? [];

/**
 * For each Foundation record, the SR Legacy record of the same food (Linker.sameRecordsOf) with
 * more nutrient values, where one exists: of the same fortification (enriched flour for
 * enriched flour), naming every word of the Foundation name but how it is sold, then with the
 * most name words in common, then the lowest id. Foundation
 * 789890 "Flour, wheat, all-purpose, enriched, bleached" gives 21 values, no fibre; SR 20081
 * gives 64.
 */
/**
 * Words that say how a food is sold, not which food it is (flour milled for the US market bleached
 * or not; pulses sold "dry", which SR calls raw; cod "wild caught", as all SR's cod was). The
 * values still decide (sameRecordsOf: farmed and wild salmon differ in fat, and are no pair).
 */
const AS_SOLD = new Set(['raw', 'whole', 'peeled', 'fresh', 'with', 'without', 'skin', 'unpeeled', 'bleached', 'unbleached', 'dry', 'wild', 'caught']);

function recordFullerRecords(ctx: ImportContext, linker: Linker, byId: ReadonlyMap<number, { id: number; name: string }>): void {
  const { db } = ctx;
  const counts = new Map(
    (db.prepare('SELECT ingredient_id AS id, COUNT(*) AS n FROM ingredient_nutrient GROUP BY ingredient_id').all() as Array<{ id: number; n: number }>).map(
      (r) => [r.id, r.n],
    ),
  );
  const dataType = new Map((db.prepare('SELECT id, data_type FROM ingredient').all() as Array<{ id: number; data_type: string }>).map((r) => [r.id, r.data_type]));
  // "dry roasted" is a way of roasting (not oil roasted), not a food sold dry.
  const words = (name: string) => new Set(normalizeName(name.replace(/\([^)]*\)/g, ' ').replace(/\bdry[ -]roasted\b/gi, 'dryroasted')).split(' ').map(singular));
  const insert = db.prepare('INSERT INTO ingredient_fuller_record (ingredient_id, record_id) VALUES (?, ?)');
  let n = 0;
  for (const [id, type] of dataType) {
    if (type !== 'foundation') continue;
    const name = byId.get(id)!.name;
    const own = words(name);
    const fortified = fortificationOfName(name);
    const best = linker
      .sameRecordsOf(id)
      .filter((other) => dataType.get(other) === 'sr_legacy' && (counts.get(other) ?? 0) > (counts.get(id) ?? 0))
      .filter((other) => fortificationOfName(byId.get(other)!.name) === fortified)
      // It names the food as precisely: every word of the Foundation name but how it is sold
      // ("Onions, raw" is no record of "Onions, red, raw"; "Nuts, almonds" is one of "..., whole, raw").
      .filter((other) => {
        const theirs = words(byId.get(other)!.name);
        return [...own].every((w) => AS_SOLD.has(w) || theirs.has(w));
      })
      .map((other) => ({ other, shared: [...words(byId.get(other)!.name)].filter((w) => own.has(w)).length }))
      .sort((a, b) => b.shared - a.shared || a.other - b.other)[0];
    if (best === undefined) continue;
    insert.run(id, best.other);
    n++;
  }
  countRows(ctx, 'ingredient_fuller_record', n);
}
