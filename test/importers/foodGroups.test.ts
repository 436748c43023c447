import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import { loadFoodGroups } from '../../src/importers/national/link.js';

/**
 * The reviewed food-group table (src/importers/national/mappings/food_groups.csv) is only
 * useful if its keys are the groups the importers store and its values real FDC categories:
 * a misspelt group would silently rule nothing out.
 */
describe('national food group -> FDC category table', () => {
  const groups = loadFoodGroups();

  it('names only stored national food groups and known FDC category codes', () => {
    const db = new Database(inject('catalogPath'), { readonly: true });
    const codes = new Set(db.prepare('SELECT code FROM category').pluck().all() as string[]);
    const stored = db.prepare('SELECT 1 FROM national_food WHERE dataset_id = ? AND food_group = ? LIMIT 1').pluck();
    let rows = 0;
    for (const [dataset, byGroup] of groups) {
      for (const [group, categories] of byGroup) {
        rows += 1;
        expect(stored.get(dataset, group), `${dataset} "${group}" is not a stored food group`).toBe(1);
        expect(categories.size, `${dataset} "${group}"`).toBeGreaterThan(0);
        for (const c of categories) expect(codes.has(c), `${dataset} "${group}": unknown category ${c}`).toBe(true);
      }
    }
    db.close();
    expect(rows).toBeGreaterThan(50);
  });

  it('covers every CIQUAL group except the miscellaneous ingredients and dietetic foods (no single category fits them)', () => {
    const db = new Database(inject('catalogPath'), { readonly: true });
    const all = db.prepare("SELECT DISTINCT food_group FROM national_food WHERE dataset_id = 'fr_ciqual' AND food_group IS NOT NULL").pluck().all() as string[];
    db.close();
    const missing = all.filter((g) => !groups.get('fr_ciqual')?.has(g)).sort();
    expect(missing).toEqual(['miscellaneous / foods for particular nutritional uses', 'miscellaneous / miscellaneous ingredients']);
    // CIQUAL files butter under fats and oils; SR Legacy under Dairy and Egg Products (0100)
    expect(groups.get('fr_ciqual')?.get('fats and oils / butters')?.has('0100')).toBe(true);
  });

  it('lets a CIQUAL food only reach the categories its group allows (checked in the catalogue)', () => {
    const db = new Database(inject('catalogPath'), { readonly: true });
    const verified = db
      .prepare(
        `SELECT f.food_group, c.code FROM national_link l JOIN national_food f USING (dataset_id, code)
         JOIN ingredient i ON i.id = l.ingredient_id JOIN category c ON c.id = i.category_id
         WHERE l.dataset_id = 'fr_ciqual' AND l.verified = 1 AND f.food_group IS NOT NULL`,
      )
      .all() as Array<{ food_group: string; code: string }>;
    db.close();
    expect(verified.length).toBeGreaterThan(100);
    for (const v of verified) {
      const allowed = groups.get('fr_ciqual')?.get(v.food_group);
      if (allowed) expect(allowed.has(v.code), `${v.food_group} -> ${v.code}`).toBe(true);
    }
  });
});
