/**
 * How a branded product's nutrient values are stored (branded_product_text.nutrients): JSON
 * `[[nutrient_id, amount, derivation?, source?], ...]` ordered by nutrient id. A missing
 * derivation is a label value; a missing source is the product's own dataset. Derivations are
 * stored as one letter (most products carry calculated energy; the long names would add tens of MB).
 */
export type BrandedDerivation = 'label' | 'calculated' | 'calculated_eu_1169' | 'converted_from_kj' | 'converted_from_kcal';

const CODE: Record<BrandedDerivation, string> = { label: 'l', calculated: 'c', calculated_eu_1169: 'e', converted_from_kj: 'j', converted_from_kcal: 'k' };
const NAME: Record<string, BrandedDerivation> = Object.fromEntries(Object.entries(CODE).map(([name, code]) => [code, name as BrandedDerivation]));

export interface PanelValue {
  amount: number;
  derivation: BrandedDerivation;
  source: string;
}

/** Nutrient id -> value, with where it came from. */
export type Panel = Map<number, PanelValue>;

export function encodePanel(panel: Panel, productSource: string): string | null {
  if (panel.size === 0) return null;
  const out: Array<[number, number] | [number, number, string] | [number, number, string, string]> = [];
  for (const id of [...panel.keys()].sort((a, b) => a - b)) {
    const v = panel.get(id)!;
    if (v.source !== productSource) out.push([id, v.amount, CODE[v.derivation], v.source]);
    else if (v.derivation !== 'label') out.push([id, v.amount, CODE[v.derivation]]);
    else out.push([id, v.amount]);
  }
  return JSON.stringify(out);
}

export function decodePanel(json: string | null, productSource: string): Panel {
  const panel: Panel = new Map();
  if (!json) return panel;
  for (const [id, amount, code, source] of JSON.parse(json) as Array<[number, number, string?, string?]>) {
    panel.set(id, { amount, derivation: code === undefined ? 'label' : (NAME[code] ?? 'label'), source: source ?? productSource });
  }
  return panel;
}
