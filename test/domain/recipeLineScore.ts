/**
 * Scoring the line parser against the labelled lines of ../shared/data/ingredient-lines-labelled
 * (ingredient-parser project, MIT). A line counts as right when all three agree:
 * - quantity: the label's first quantity ("#1$2" = 1/2, "5#1$2" = 5 1/2, a range's midpoint,
 *   "2x 400" = 800, "2 dozen" = 24) within 1 %; a label without a quantity accepts none or the
 *   1 a bare unit or "a" stands for ("pinch of salt", "a large lemon");
 * - unit: the label's first unit with its qualifiers set aside ("small handful" is handful,
 *   "heaped tbsp" is tbsp), both sides mapped to one name per unit (tablespoon = tbsp = Tb,
 *   mL = ml, gram = g, in = inch); no unit on both sides also agrees;
 * - food: the label's name and the parsed food text in lower case, punctuation as spaces, each
 *   word in the singular ("leaves" = "leaf"), compared word for word.
 * The split is by a seeded FNV-1a hash of the line: tune on one half, report the other.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { parseUnit } from '../../src/domain/conversion.js';
import type { ParsedLine } from '../../src/domain/recipeLine.js';

export interface LabelledLine {
  input: string;
  name: string;
  quantity: string;
  unit: string;
  /** Which file the line is from (bbc, cookstr). */
  source?: string;
}

export const SPLIT_SEED = 'larder-issue-17';

export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export const isHeldOut = (line: LabelledLine): boolean => (fnv1a(SPLIT_SEED + line.input) & 1) === 1;

export function readLabelled(dataDir: string): LabelledLine[] {
  const dir = path.join(dataDir, 'ingredient-lines-labelled');
  const out: LabelledLine[] = [];
  for (const file of ['bbc-ingredients-snapshot-2017-labelled.csv', 'cookstr-ingredients-snapshot-2017-labelled.csv']) {
    const rows = parse(readFileSync(path.join(dir, file)), { columns: true, skip_empty_lines: true }) as LabelledLine[];
    const source = file.split('-')[0]!;
    for (const row of rows) out.push({ ...row, source });
  }
  return out;
}

/** Labels keep number words as written ("Two 14-ounce cans" is quantity "Two 14"). */
const LABEL_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, half: 0.5,
};

function labelNumber(tok: string): number | null {
  if (tok === '') return null;
  const range = /^(.+?)-(.+)$/.exec(tok);
  if (range) {
    const a = labelNumber(range[1]!);
    const b = labelNumber(range[2]!);
    return a !== null && b !== null ? (a + b) / 2 : null;
  }
  const frac = /^(\d*)#(\d+)\$(\d+)$/.exec(tok);
  if (frac) return Number(frac[1] || 0) + Number(frac[2]) / Number(frac[3]);
  const word = LABEL_WORDS[tok.toLowerCase()];
  if (word !== undefined) return word;
  const n = Number(tok);
  return Number.isFinite(n) ? n : null;
}

export function labelQuantity(q: string): number | null {
  const toks = q.trim().split(/\s+/).filter(Boolean);
  if (toks.length === 0) return null;
  let mult = 1;
  let i = 0;
  const x = /^(\d+)x$/.exec(toks[0]!);
  if (x) {
    mult = Number(x[1]);
    i = 1;
    if (toks.length === 1) return mult;
  }
  const v = labelNumber(toks[i]!);
  if (v === null) return null;
  return toks[i + 1] === 'dozen' ? v * 12 * mult : v * mult;
}

const QUALIFIERS = new Set(['small', 'medium', 'large', 'big', 'heaped', 'heaping', 'level', 'rounded', 'good', 'generous', 'scant', 'thin', 'thick', 'little', 'tiny', 'few', 'whole', 'extra-large', 'extra', 'generously']);

export function canonicalUnit(u: string | null): string | null {
  if (u === null) return null;
  const cased: Record<string, string> = { T: 'tbsp', Tb: 'tbsp', TB: 'tbsp', Tbsp: 'tbsp', t: 'tsp' };
  if (cased[u]) return cased[u];
  const lower = u.toLowerCase();
  // "in" is the inch (the labels write "2in"; the parser names it inch)
  if (lower === 'in' || lower === 'inches') return 'inch';
  return parseUnit(lower) ?? singular(lower);
}

export function labelUnit(unit: string): string | null {
  const toks = unit.trim().split(/\s+/).filter(Boolean).filter((t) => !QUALIFIERS.has(t.toLowerCase()));
  if (toks.length === 0) return null;
  if (toks[0]!.toLowerCase() === 'fl' && toks[1]?.toLowerCase() === 'oz') return 'fl oz';
  if (toks[0]!.toLowerCase() === 'fluid' && /^ounces?$/i.test(toks[1] ?? '')) return 'fl oz';
  return canonicalUnit(toks[0]!);
}

export function singular(w: string): string {
  if (w.length <= 3) return w;
  if (w.endsWith('leaves')) return `${w.slice(0, -6)}leaf`;
  if (w.endsWith('loaves')) return `${w.slice(0, -6)}loaf`;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(?:ches|shes|sses|xes|oes)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) return w.slice(0, -1);
  return w;
}

export const normaliseFood = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map(singular)
    .join(' ');

export interface Verdict {
  quantity: boolean;
  unit: boolean;
  food: boolean;
}

export function judge(label: LabelledLine, parsed: ParsedLine): Verdict {
  const lq = labelQuantity(label.quantity);
  const pq = parsed.quantity;
  const quantity =
    lq === null ? pq === null || pq === 1 : pq !== null && Math.abs(pq - lq) <= Math.max(0.01 * lq, 1e-9);
  const unit = labelUnit(label.unit) === canonicalUnit(parsed.unit);
  const food = normaliseFood(label.name) === normaliseFood(parsed.food);
  return { quantity, unit, food };
}
