/**
 * Literature densities (FAO/INFOODS Density Database v2.0) matched to ingredients by name.
 * A density given as a range ("0.56-0.72") counts as its midpoint.
 */

export interface LiteratureDensity {
  name: string;
  gPerMl: number;
  /** The cell as printed, and the database's bibliography id, for traceability. */
  printed: string;
  biblio: string;
}

export function parseDensityCell(cell: string): number | null {
  const text = cell.trim().replace(/,/g, '.');
  const range = /^(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)$/.exec(text);
  if (range) return (Number(range[1]) + Number(range[2])) / 2;
  if (!/^\d+(?:\.\d+)?$/.test(text)) return null;
  return Number(text);
}

const tokens = (s: string): string[] =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9%]+/)
    .filter(Boolean);

const head = (s: string) => tokens(s.split(',')[0] ?? s).join(' ');

export interface LiteratureIndex {
  match(name: string): LiteratureDensity | null;
}

/**
 * Name matching: an entry matches an ingredient when both names have the same head (the
 * text before the first comma) and every word of the entry is in the ingredient's name.
 * The most specific entry (most words) wins; ties go to the entry listed first.
 */
export function literatureIndex(entries: LiteratureDensity[]): LiteratureIndex {
  const byHead = new Map<string, Array<{ entry: LiteratureDensity; words: Set<string> }>>();
  for (const entry of entries) {
    const h = head(entry.name);
    if (!h) continue;
    const list = byHead.get(h) ?? [];
    list.push({ entry, words: new Set(tokens(entry.name)) });
    byHead.set(h, list);
  }
  return {
    match(name: string) {
      const candidates = byHead.get(head(name));
      if (!candidates) return null;
      const words = new Set(tokens(name));
      let best: { entry: LiteratureDensity; size: number } | null = null;
      for (const c of candidates) {
        if (![...c.words].every((w) => words.has(w))) continue;
        if (!best || c.words.size > best.size) best = { entry: c.entry, size: c.words.size };
      }
      return best?.entry ?? null;
    },
  };
}
