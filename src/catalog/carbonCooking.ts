import type { Static } from 'typebox';
import { CARBON_UNIT } from '../domain/carbon.js';
import type { CookingData, Method } from '../domain/cooking.js';
import type { CarbonResult } from '../http/routes/carbon.js';
import type { YieldResult } from '../http/routes/yield.js';
import { readModelPlugin, type Catalog } from './catalog.js';

export type CarbonBody = Static<typeof CarbonResult>;
type CarbonRecord = Omit<CarbonBody['carbon'], 'unit'>;

/** Yield, its source, the retention code and proximate retention of an ingredient cooked by a method. */
export interface CookingRecord extends CookingData {
  yieldSource: Static<typeof YieldResult>['yield_source'];
  yieldBasis: string;
  /** The cooked record of the raw/cooked pair the yield comes from: it weighs an amount of the cooked food ("1 cup" of boiled rice). */
  cookedRecord: number | null;
  retentionCode: number;
  retentionDescription: string;
  proximateBasis: string;
}

interface CarbonRow {
  id: number;
  name: string;
  class: CarbonRecord['class'];
  source: string;
  product_code: string | null;
  product_name: string | null;
  kg_co2e_per_kg: number;
  dqr: number;
  uncertainty_low: number;
  uncertainty_high: number;
  uncertainty_reason: CarbonRecord['uncertainty_reason'];
  boundary: string;
  basis: string;
}

interface FrenchCarbonRow {
  ciqual_code: string;
  score: number;
  code: string;
  name: string;
  kg_co2e_per_kg: number;
  dqr: number;
  uncertainty_low: number;
  uncertainty_high: number;
  uncertainty_reason: CarbonRecord['uncertainty_reason'];
  boundary: string;
  group_name: string | null;
}

const round = (n: number) => Math.round(n * 10000) / 10000;

/** Carbon footprints and cooking (yields, retention) of ingredients, resolved at import. */
export class CarbonCooking {
  private readonly stmts;
  private readonly numbers: Map<number, string>;
  /** Retained share by SR nutrient number, per retention code (a small table, read once per code). */
  private readonly retention = new Map<number, Map<string, number>>();

  constructor(catalog: Catalog) {
    const db = catalog.db;
    this.stmts = {
      carbon: db.prepare<[number], CarbonRow>(
        `SELECT i.id, i.name, k.class, k.source, k.product_code, k.product_name, k.kg_co2e_per_kg, k.dqr,
                k.uncertainty_low, k.uncertainty_high, k.uncertainty_reason, k.boundary, k.basis
         FROM ingredient i JOIN ingredient_carbon k ON k.ingredient_id = i.id WHERE i.id = ?`,
      ),
      // The French inventory through the CIQUAL food the ingredient's French nutrients answer with
      // (national_candidate.ingredient_best, chosen from the ingredient's side as /nutrients?country=FR
      // does), else its other verified CIQUAL foods; AGRIBALYSE codes are stored without leading zeros.
      // (It read national_link, one ingredient per CIQUAL food, so cheddar, pork loin, potatoes and
      // flour, whose CIQUAL food links first to another record, had the global value.)
      frenchCarbon: db.prepare<[number], FrenchCarbonRow>(
        `SELECT c.code AS ciqual_code, c.score, p.code, p.name, p.kg_co2e_per_kg, p.dqr, p.uncertainty_low, p.uncertainty_high,
                p.uncertainty_reason, p.boundary, p.group_name
         FROM national_candidate c
         JOIN carbon_product p ON p.source = 'agribalyse_3_1' AND p.code = CAST(CAST(c.code AS INTEGER) AS TEXT)
         WHERE c.ingredient_id = ? AND c.dataset_id = 'fr_ciqual' AND c.verified = 1
         ORDER BY c.ingredient_best DESC, c.score DESC, c.code LIMIT 1`,
      ),
      cooking: db.prepare<
        [number, string],
        { yield_factor: number; yield_source: CookingRecord['yieldSource']; yield_basis: string; cooked_record: number | null; retention_code: number; retention_description: string; proximate_retention: string; proximate_basis: string }
      >(
        `SELECT y.yield_factor, y.yield_source, y.yield_basis, y.cooked_record, y.retention_code, r.description AS retention_description,
                y.proximate_retention, y.proximate_basis
         FROM ingredient_yield y JOIN retention_code r ON r.code = y.retention_code
         WHERE y.ingredient_id = ? AND y.method = ?`,
      ),
      retentionFactors: db.prepare<[number], { nutrient_number: string; percent: number }>(
        'SELECT nutrient_number, percent FROM retention_factor WHERE code = ?',
      ),
    };
    this.numbers = new Map(
      db.prepare<[], { id: number; usda_id: string }>("SELECT id, usda_id FROM nutrient WHERE usda_id IS NOT NULL AND usda_id <> ''").all().map((n) => [n.id, n.usda_id]),
    );
  }

  /**
   * The /v1/ingredients/:id/carbon answer, or null for an unknown ingredient. With FR: the
   * AGRIBALYSE value of the CIQUAL food its French nutrients use, else of another verified CIQUAL
   * food of it, where there is one; otherwise the
   * global value (study mapping or category median) resolved at import.
   */
  footprint(id: number, country: string | null): CarbonBody | null {
    const row = this.stmts.carbon.get(id);
    if (!row) return null;
    const record = (country === 'FR' ? this.frenchCarbon(row.id) : null) ?? {
      class: row.class,
      source: row.source,
      product: row.product_code ? { code: row.product_code, name: row.product_name ?? row.product_code } : null,
      ciqual_code: null,
      kg_co2e_per_kg: row.kg_co2e_per_kg,
      dqr: row.dqr,
      uncertainty_low: row.uncertainty_low,
      uncertainty_high: row.uncertainty_high,
      uncertainty_reason: row.uncertainty_reason,
      boundary: row.boundary,
      basis: row.basis,
    };
    return {
      id: row.id,
      name: row.name,
      country,
      carbon: {
        ...record,
        kg_co2e_per_kg: round(record.kg_co2e_per_kg),
        uncertainty_low: round(record.uncertainty_low),
        uncertainty_high: round(record.uncertainty_high),
        unit: CARBON_UNIT,
      },
    };
  }

  /** The AGRIBALYSE value of the ingredient's best verified French (CIQUAL) link, or null. */
  private frenchCarbon(id: number): CarbonRecord | null {
    const row = this.stmts.frenchCarbon.get(id);
    if (!row) return null;
    return {
      class: 'french_inventory',
      source: 'agribalyse_3_1',
      product: { code: row.code, name: row.name },
      ciqual_code: row.ciqual_code,
      kg_co2e_per_kg: row.kg_co2e_per_kg,
      dqr: row.dqr,
      uncertainty_low: row.uncertainty_low,
      uncertainty_high: row.uncertainty_high,
      uncertainty_reason: row.uncertainty_reason,
      boundary: row.boundary,
      basis: `AGRIBALYSE 3.1 product for CIQUAL code ${row.code} (verified link, score ${row.score}); spread: 10th-90th percentiles of its sub-group "${row.group_name ?? ''}"`,
    };
  }

  /** Yield, its source, the retention code and proximate retention of an ingredient cooked by a method. */
  cooking(id: number, method: Method): CookingRecord | null {
    const row = this.stmts.cooking.get(id, method);
    if (!row) return null;
    let retentionByNumber = this.retention.get(row.retention_code);
    if (retentionByNumber === undefined) {
      retentionByNumber = new Map(this.stmts.retentionFactors.all(row.retention_code).map((f) => [f.nutrient_number, f.percent / 100]));
      this.retention.set(row.retention_code, retentionByNumber);
    }
    return {
      yieldFactor: row.yield_factor,
      yieldSource: row.yield_source,
      yieldBasis: row.yield_basis,
      cookedRecord: row.cooked_record,
      retentionCode: row.retention_code,
      retentionDescription: row.retention_description,
      retentionByNumber,
      proximate: JSON.parse(row.proximate_retention) as CookingData['proximate'],
      proximateBasis: row.proximate_basis,
    };
  }

  /** Nutrient number (SR, e.g. "404") of every nutrient id, for retention lookups. */
  nutrientNumbers(): Map<number, string> {
    return this.numbers;
  }
}

const build = (catalog: Catalog) => new CarbonCooking(catalog);

declare module 'fastify' {
  interface FastifyInstance {
    readonly carbonCooking: CarbonCooking;
  }
}

export const carbonCookingPlugin = readModelPlugin('carbonCooking', build);
