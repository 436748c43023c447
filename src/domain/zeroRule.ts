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
 *
 * A condition reads the food's cleaned values (cleanedValues): a 0 the rules themselves read
 * as missing is null there, and a condition on a null value is not met. So a cholesterol 0
 * that is not credible cannot vouch for a retinol 0. Cleaning a column first cleans the
 * columns its conditions read, so the result does not depend on column order; rules whose
 * conditions form a cycle (A's 0 depends on B's, B's on A's) are refused when parsed.
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
  const rules = rows.map((r, i): ZeroRule => {
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
  const cycle = conditionCycle(rules);
  if (cycle) throw new Error(`zero rules: the conditions form a cycle (${cycle.join(' -> ')})`);
  return rules;
}

/** A chain of columns whose conditions lead back to the first, or null. */
function conditionCycle(rules: readonly ZeroRule[]): string[] | null {
  const reads = new Map<string, Set<string>>();
  for (const r of rules) {
    if (!r.condition) continue;
    let s = reads.get(r.column);
    if (!s) reads.set(r.column, (s = new Set()));
    s.add(r.condition.column);
  }
  const done = new Set<string>();
  const visit = (column: string, path: string[]): string[] | null => {
    if (path.includes(column)) return [...path.slice(path.indexOf(column)), column];
    if (done.has(column)) return null;
    for (const next of reads.get(column) ?? []) {
      const c = visit(next, [...path, column]);
      if (c) return c;
    }
    done.add(column);
    return null;
  };
  for (const column of reads.keys()) {
    const c = visit(column, []);
    if (c) return c;
  }
  return null;
}

/**
 * Whether a 0 in `column` of food `code` (group `group`) is a credible zero. `value` gives
 * the food's other values for the conditions, as cleaned (cleanedValues: null when empty,
 * unreadable or a 0 read as missing).
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

/**
 * The values of one food as the zero rule leaves them: `raw` gives each value as read (null
 * when empty or unreadable); a 0 stays 0 only when a rule finds it credible, reading the
 * other values through this same function, otherwise it is null. Memoised per food.
 */
export function cleanedValues(
  rules: readonly ZeroRule[],
  code: string,
  group: string,
  raw: (column: string) => number | null,
): (column: string) => number | null {
  const memo = new Map<string, number | null>();
  const pending = new Set<string>();
  const value = (column: string): number | null => {
    if (memo.has(column)) return memo.get(column)!;
    // parseZeroRules refuses cyclic conditions; this only guards hand-built rule lists.
    if (pending.has(column)) throw new Error(`zero rules: the conditions on "${column}" form a cycle`);
    pending.add(column);
    const v = raw(column);
    const out = v === 0 && !isCredibleZero(rules, column, code, group, value) ? null : v;
    pending.delete(column);
    memo.set(column, out);
    return out;
  };
  return value;
}
