/**
 * Reading a Swedish or Norwegian food name as English words, for linking only (README,
 * "Linking"). The national tables give no English names, so a reviewed food-word glossary
 * (data: src/importers/national/mappings/glossary_<lang>.csv) turns each word into its
 * English counterpart. The result is never shown as the food's English name: it is kept on
 * the link (`national_link.name_used`) so a reviewer sees what was compared.
 *
 * Germanic compounds ("vetemjöl", "hvetemel") are split into known parts, longest first,
 * allowing the linking "s" and "e" between parts; the last part is the head, so the English
 * words come out modifier first ("wheat flour"). In a phrase, "#" stands for any figure
 * ("fett #%" is "fett 3%", "fett 1,5 %", "fett ca 3-3,5%") and "%" may follow a space; a "#"
 * in its English is that figure, written the English way ("fett #%" -> "# % fat" reads
 * "fett ca 3-3,5%" as "3-3.5 % fat", so the linker can compare a stated fat level), and an
 * English without "#" drops the figure with the words around it. Comma-separated parts are kept in order,
 * so the national name's head (its first part) stays the head. Words the glossary does not
 * know are kept as they are (they then simply fail to match). Pure: no I/O.
 */

export interface Glossary {
  /** Lower-cased native word -> English words ("" drops the word: fillers such as "med"). */
  words: Map<string, string>;
  /** Native multi-word phrases -> English, applied before words ("crème fraiche"), longest first. */
  phrases: Array<[string, string]>;
  /** Compound parts that only occur inside compounds ("hvete-", "-mel"), native -> English. */
  parts: Map<string, string>;
}

export interface GlossaryRow {
  kind: string;
  native: string;
  english: string;
}

export function buildGlossary(rows: readonly GlossaryRow[]): Glossary {
  const words = new Map<string, string>();
  const parts = new Map<string, string>();
  const phrases: Array<[string, string]> = [];
  for (const r of rows) {
    const native = normalise(r.native);
    const english = r.english.trim().toLowerCase();
    if (native === '') continue;
    if (r.kind === 'phrase') phrases.push([native, english]);
    else if (r.kind === 'part') parts.set(native, english);
    else words.set(native, english);
  }
  phrases.sort((a, b) => b[0].length - a[0].length);
  return { words, phrases, parts };
}

function normalise(text: string): string {
  return text.normalize('NFC').toLowerCase().trim();
}

const MIN_PART = 2;
const LINKING = ['s', 'e'];

/** English for one native word: a glossary word, or a compound of known parts, or null. */
export function translateWord(word: string, glossary: Glossary, depth = 0): string | null {
  const direct = glossary.words.get(word) ?? glossary.parts.get(word);
  if (direct !== undefined) return direct;
  if (depth > 3 || word.length < 2 * MIN_PART) return null;
  // Longest known first part, then the rest as a word or a further compound.
  for (let cut = word.length - MIN_PART; cut >= MIN_PART; cut -= 1) {
    const head = word.slice(0, cut);
    const first = glossary.words.get(head) ?? glossary.parts.get(head);
    if (first === undefined) continue;
    for (const skip of ['', ...LINKING]) {
      if (skip !== '' && !word.startsWith(skip, cut)) continue;
      const rest = word.slice(cut + skip.length);
      if (rest.length < MIN_PART) continue;
      const second = translateWord(rest, glossary, depth + 1);
      if (second !== null) return [first, second].filter((w) => w !== '').join(' ');
    }
  }
  return null;
}

const FIGURE = String.raw`(?:ca\s*)?\d+(?:[.,]\d+)?(?:\s*-\s*\d+(?:[.,]\d+)?)?`;
const patterns = new Map<string, RegExp>();

/** A phrase on word boundaries; "#" matches a figure (or range), "%" may follow a space. */
function phrasePattern(phrase: string): RegExp {
  let re = patterns.get(phrase);
  if (!re) {
    const body = phrase
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\s*%/g, String.raw`\s*%`)
      .replace(/#/g, `(${FIGURE})`);
    re = new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}])`, 'gu');
    patterns.set(phrase, re);
  }
  re.lastIndex = 0;
  return re;
}

/** An English reading of a native food name, keeping its comma-separated structure. */
export function translateName(name: string, glossary: Glossary): string {
  let text = normalise(name).replace(/\s+/g, ' ');
  // A phrase's English is final: it is held aside so that its words ("juice", "i") are not
  // read again as native words.
  const held: string[] = [];
  for (const [from, to] of glossary.phrases) {
    text = text.replace(phrasePattern(from), (...match: unknown[]) => {
      // The figures the phrase's "#"s matched, in order: "ca 3-3,5" -> "3-3.5".
      const figures = (match.slice(1, 1 + (from.match(/#/g)?.length ?? 0)) as Array<string | undefined>).map((f = '') =>
        f.replace(/^ca\s*/, '').replace(/\s*-\s*/g, '-').replace(/,/g, '.'),
      );
      let i = 0;
      held.push(to.replace(/#/g, () => figures[i++] ?? ''));
      // A private-use character (neither letter nor figure) stands for it until the end.
      return ` ${String.fromCharCode(0xe000 + held.length - 1)} `;
    });
  }
  return text
    .split(/(?<!\d),(?!\d)/) // a decimal comma ("3,5 % fett") is not a part boundary
    .map((part) =>
      part
        .split(/([\s/()-]+)/u)
        .map((token) => {
          if (!/\p{L}/u.test(token)) return token;
          return translateWord(token, glossary) ?? token;
        })
        .join('')
        .replace(/[\ue000-\uf8ff]/gu, (c) => held[c.charCodeAt(0) - 0xe000] ?? '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((p) => p !== '')
    .join(', ');
}
