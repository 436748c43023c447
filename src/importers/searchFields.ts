import { familyKey, rankSignals, searchHeadKey, searchKey, searchNameKey, searchRank, searchSubjectKey } from '../domain/ranking.js';
import { normalizeName } from '../domain/search.js';
import type { ImportContext } from './context.js';
import { recipeUses } from './fndds.js';

/**
 * The search fields of ingredients and survey foods, computed once at import so a query only
 * compares stored keys and adds a stored number: the comparison keys of the name, its head and
 * its subject (singular words), `search_rank` from the ranking signals (src/domain/ranking.ts),
 * and the vocabulary the typo corrector chooses from. An ingredient's commonness is how many
 * FNDDS 2019-2020 recipe component rows name it (survey_food_component, loaded before this).
 */
export function deriveSearchFields(ctx: Pick<ImportContext, 'db'>): void {
  const { db } = ctx;
  const uses = recipeUses(ctx);
  const measures = new Map(
    (
      db.prepare('SELECT ingredient_id AS id, COUNT(*) AS n FROM ingredient_portion GROUP BY ingredient_id').all() as Array<{ id: number; n: number }>
    ).map((r) => [r.id, r.n]),
  );
  const families = new Map<string, number>();
  const ingredientFamily = new Map<number, string>();
  for (const row of db.prepare('SELECT id, name FROM ingredient').all() as Array<{ id: number; name: string }>) {
    const key = familyKey(row.name);
    ingredientFamily.set(row.id, key);
    families.set(key, (families.get(key) ?? 0) + (uses.get(row.id) ?? 0));
  }
  // FNDDS names SR foods its own way ("Flour, wheat, all-purpose" for "Wheat flour, white,
  // all-purpose, ..."): those descriptions are searchable as aliases of the ingredient.
  const setAliases = db.prepare('UPDATE ingredient SET aliases = ?, search_aliases = ? WHERE id = ?');
  const aliasRows = db
    .prepare(
      `SELECT DISTINCT c.ingredient_id AS id, c.description, i.name FROM survey_food_component c
       JOIN ingredient i ON i.id = c.ingredient_id ORDER BY c.ingredient_id, c.description`,
    )
    .all() as Array<{ id: number; description: string; name: string }>;
  const aliases = new Map<number, string[]>();
  for (const row of aliasRows) {
    if (searchKey(row.description) === searchKey(row.name)) continue;
    const list = aliases.get(row.id) ?? [];
    list.push(row.description);
    aliases.set(row.id, list);
  }
  for (const [id, list] of aliases) setAliases.run(list.join('\n'), `| ${list.map(searchKey).join(' | ')} |`, id);
  const vocabulary = new Map<string, number>();
  for (const table of ['ingredient', 'survey_food'] as const) {
    const rows = db
      .prepare(
        table === 'ingredient'
          ? 'SELECT i.id, i.name, c.name AS category FROM ingredient i JOIN category c ON c.id = i.category_id'
          : 'SELECT id, name, NULL AS category FROM survey_food',
      )
      .all() as Array<{ id: number; name: string; category: string | null }>;
    const named = (id: number, name: string) => (table === 'ingredient' ? [name, ...(aliases.get(id) ?? [])].join(' ') : name);
    const update = db.prepare(
      `UPDATE ${table} SET search_name = ?, search_head = ?, search_subject = ?, search_rank = ? WHERE id = ?`,
    );
    for (const row of rows) {
      const commonness =
        table === 'ingredient'
          ? { familyUses: families.get(ingredientFamily.get(row.id)!) ?? 0, measures: measures.get(row.id) ?? 0 }
          : { familyUses: 0, measures: 0 };
      const signals = rankSignals(row.name, commonness, row.category, table === 'ingredient' ? 'ingredient' : 'survey');
      update.run(searchNameKey(row.name, table === 'ingredient' ? 'strip' : 'keep'), searchHeadKey(row.name), searchSubjectKey(row.name), searchRank(signals), row.id);
      for (const word of new Set(normalizeName(named(row.id, row.name)).split(' '))) {
        if (word.length >= 4 && !/\d/.test(word)) vocabulary.set(word, (vocabulary.get(word) ?? 0) + 1);
      }
    }
  }
  const insertWord = db.prepare('INSERT INTO search_vocabulary (word, uses) VALUES (?, ?)');
  for (const [word, n] of vocabulary) insertWord.run(word, n);
}
