/**
 * When a "0" in a national table is a zero and when it stands for "not given" (README,
 * "Country-aware nutrients", the zero rule). Matvaretabellen's export writes both a
 * measured (or rounded-down) zero and a missing value as "0": whole milk 01-001 has
 * niacin 0 and retinol 0. So a 0 is kept only where a reviewed rule says a zero is
 * credible for that nutrient in that kind of food (data:
 * src/importers/national/mappings/zero-rules/<dataset>.csv); every other 0 is missing.
 *
 * A rule names the column, the food groups it covers (code prefixes such as "03", or "*"),
 * optionally a condition on another value of the same food ("Karbohydrat (g) <= 1": no
 * carbohydrate, so no fibre), and codes it does not cover. Pure: no I/O.
 */

export interface ZeroRuleRow {
  column: string;
  groups: string;
  condition: string;
  except: string;
}

export interface ZeroRule {
  column: string;
  /** Group prefixes the rule covers; null covers every food. */
  groups: Set<string> | null;
  condition: { column: string; max: number } | null;
  except: Set<string>;
}

export function parseZeroRules(rows: readonly ZeroRuleRow[]): ZeroRule[] {
  return rows.map((r, i) => {
    const column = r.column.trim();
    const groups = r.groups.trim().split(/\s+/).filter(Boolean);
    if (column === '' || groups.length === 0) throw new Error(`zero rule ${i + 1}: a column and its groups are required`);
    let condition: ZeroRule['condition'] = null;
    if (r.condition.trim() !== '') {
      const m = r.condition.trim().match(/^(.+?)\s*<=\s*(\d+(?:\.\d+)?)$/);
      if (!m) throw new Error(`zero rule ${i + 1}: condition "${r.condition}" is not "<column> <= <number>"`);
      condition = { column: m[1]!, max: Number(m[2]) };
    }
    return {
      column,
      groups: groups.includes('*') ? null : new Set(groups),
      condition,
      except: new Set(r.except.trim().split(/\s+/).filter(Boolean)),
    };
  });
}

/**
 * Whether a 0 in `column` of food `code` (group `group`) is a credible zero. `value` gives
 * the food's other values (null when empty or unreadable), for the conditions.
 */
export function isCredibleZero(
  rules: readonly ZeroRule[],
  column: string,
  code: string,
  group: string,
  value: (column: string) => number | null,
): boolean {
  return rules.some((r) => {
    if (r.column !== column || r.except.has(code)) return false;
    if (r.groups && !r.groups.has(group)) return false;
    if (!r.condition) return true;
    const v = value(r.condition.column);
    return v !== null && v <= r.condition.max;
  });
}
