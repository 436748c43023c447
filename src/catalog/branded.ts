import type Database from 'better-sqlite3';
import type { Static } from 'typebox';
import type { BrandedDetail, BrandedProduct } from '../http/routes/branded.js';
import { readModelPlugin, type Catalog } from './catalog.js';
import {
  BRANDED_RARE_WORD_USES,
  BrandedVocabulary,
  buildBrandedSearch,
  correctedTerms,
  nameKey,
  normalizeBrand,
  type BrandedSearch,
} from '../domain/brandedSearch.js';
import { completenessFields, completenessRank, maxCompletenessRank } from '../domain/completeness.js';
import { gtin14Forms } from '../domain/gtin.js';
import { normalizeName } from '../domain/search.js';
import { decodePanel } from './brandedNutrients.js';

export type BrandedItem = Static<typeof BrandedProduct>;
export type BrandedDetailBody = Static<typeof BrandedDetail>;
export type BrandedNutrient = BrandedDetailBody['nutrients'][number];

/** A row as read: the completeness mask and the basis unit are turned into the answer's fields. */
type BrandedRow = Omit<BrandedItem, 'completeness'> & { completeness: number; basis_unit: string };

/** Per 100 g as on every other record, or per 100 ml where the source states its values so (drinks). */
export const BRANDED_BASIS_G = 'per 100 g edible portion' as const;
export const BRANDED_BASIS_ML = 'per 100 ml' as const;
export type BrandedBasis = typeof BRANDED_BASIS_G | typeof BRANDED_BASIS_ML;

export interface BrandedPage {
  data: BrandedItem[];
  total: number;
  total_exact: boolean;
}

export interface BrandedQuery {
  q?: string;
  gtin?: string;
  brand?: string;
  /** Completeness bits every result must have (0: no filter). */
  has?: number;
  limit: number;
  offset: number;
}

/** Matches are counted exactly up to this many; past it `total` is this lower bound. */
export const BRANDED_COUNT_CAP = 10_000;
/** With q or brand, results are reachable by paging up to this position (narrow the query to see further). */
export const BRANDED_RESULT_WINDOW = 10_000;
/** With q and brand together, at most this many name matches are examined for the brand. */
export const BRANDED_SCAN_CAP = 20_000;
/** A brand text matching more brand names than this is answered over the first ones (total a lower bound). */
export const BRANDED_MAX_LABELS = 2_000;
/** With q and brand together, the products of the matching brands considered (a larger brand makes total a lower bound). */
export const BRANDED_BRAND_SET_CAP = 200_000;
/** Wall-clock budget of the row-by-row loops of one search; past it the page is what was found, total a lower bound. */
export const BRANDED_TIME_BUDGET_MS = 100;

/** A request the catalogue refuses to answer because it would cost too much; the route turns it into a 400. */
export class BrandedQueryError extends Error {
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message);
    this.name = 'BrandedQueryError';
  }
}

const ITEM_COLUMNS = `p.id, p.gtin_upc, p.gtin14, p.name, p.brand, p.brand_owner, p.market_country, p.serving_size, p.serving_size_unit,
  p.household_serving, p.branded_food_category, t.ingredients_list, p.data_quality, p.dataset_id AS source, p.completeness, p.basis_unit`;

function toItem(row: BrandedRow): BrandedItem {
  const { basis_unit: _basis, completeness, ...rest } = row;
  return { ...rest, completeness: completenessFields(completeness) };
}
const TEXT = 'LEFT JOIN branded_product_text t ON t.product_id = p.id';

/**
 * Branded product queries over two million rows. Work per request is bounded: name search
 * reads the name index in relevance order (rank = shortest name first, so no sort over the
 * matches), counts stop at BRANDED_COUNT_CAP, paging with q or brand stops at
 * BRANDED_RESULT_WINDOW, and q+brand examines at most BRANDED_SCAN_CAP candidates. The file is
 * read-only while open; repeated pages are the response cache's work.
 */
export class BrandedCatalog {
  readonly productCount: number;
  readonly release: string;
  private readonly stmts;
  private readonly nutrientDefs: Map<number, { name: string; unit: string; order: number }>;
  /** Products per completeness mask, for exact has= totals without a scan (empty for older files: counted on demand). */
  private readonly maskCounts: Map<number, number>;
  /** The last rank of completeness signal 0 and of 1 (the rank order puts them first). */
  private readonly rankEnds: [number, number];

  /**
   * `productCount` comes from the catalogue's meta, written at import: counting here would scan
   * every product on each start. Files written before the count was recorded are counted.
   */
  constructor(catalog: Catalog) {
    const db: Database.Database = catalog.db;
    const count = catalog.meta.get('branded_product_count');
    const maskCounts = catalog.meta.get('branded_completeness_counts');
    this.release = catalog.meta.get('branded_release') ?? 'real';
    this.productCount = count !== undefined ? Number(count) : (db.prepare('SELECT COUNT(*) FROM branded_product').pluck().get() as number);
    this.maskCounts = new Map(
      maskCounts
        ? Object.entries(JSON.parse(maskCounts) as Record<string, number>).map(([k, v]) => [Number(k), v])
        : (db.prepare('SELECT completeness AS k, COUNT(*) AS v FROM branded_product GROUP BY completeness').all() as Array<{ k: number; v: number }>).map(
            (r) => [r.k, r.v],
          ),
    );
    const ends = catalog.meta.get('branded_rank_ends');
    this.rankEnds = ends
      ? (JSON.parse(ends) as [number, number])
      : [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]; // unknown: no bound
    const defs = db.prepare('SELECT id, name, unit FROM nutrient ORDER BY rank IS NULL, rank, id').all() as Array<{
      id: number;
      name: string;
      unit: string;
    }>;
    this.nutrientDefs = new Map(defs.map((d, i) => [d.id, { name: d.name, unit: d.unit, order: i }]));
    this.stmts = {
      byId: db.prepare(`SELECT ${ITEM_COLUMNS}, t.nutrients FROM branded_product p ${TEXT} WHERE p.id = ?`),
      // A barcode's records are found through the index alone and read by id: one statement
      // with IN (...) and ORDER BY built an IN list and a sorter for one to three rows (about
      // three times the cost of these reads). byGtinRows orders them.
      idsByGtin: db.prepare('SELECT id FROM branded_product WHERE gtin14 = ?').pluck(),
      itemById: db.prepare(`SELECT ${ITEM_COLUMNS} FROM branded_product p ${TEXT} WHERE p.id = ?`),
      byRank: db.prepare(`SELECT ${ITEM_COLUMNS} FROM branded_rank r JOIN branded_product p ON p.id = r.product_id ${TEXT} WHERE r.rank = ?`),
      byIdPage: db.prepare(`SELECT ${ITEM_COLUMNS} FROM branded_product p ${TEXT} ORDER BY p.id LIMIT ? OFFSET ?`),
      byIdPageHas: db.prepare(
        `SELECT ${ITEM_COLUMNS} FROM branded_product p ${TEXT} WHERE (p.completeness & @has) = @has ORDER BY p.id LIMIT @limit OFFSET @offset`,
      ),
      exactNames: db.prepare(
        `SELECT r.rank, r.product_id, p.name, r.completeness FROM branded_rank r JOIN branded_product p ON p.id = r.product_id
         WHERE r.exact_key = ? ORDER BY r.rank LIMIT ?`,
      ),
      matchRanks: db.prepare('SELECT rowid FROM branded_fts WHERE branded_fts MATCH ? ORDER BY rowid').pluck(),
      vocabulary: db.prepare('SELECT word, uses FROM branded_vocabulary').raw(),
      matchCount: db.prepare('SELECT COUNT(*) FROM (SELECT rowid FROM branded_fts WHERE branded_fts MATCH ? LIMIT ?)').pluck(),
      matchCountHas: db
        .prepare(
          `SELECT COUNT(*) FROM (SELECT 1 FROM branded_fts f JOIN branded_rank r ON r.rank = f.rowid
           WHERE branded_fts MATCH @match AND f.rowid <= @last AND (r.completeness & @has) = @has LIMIT @limit)`,
        )
        .pluck(),
      matchNames: db.prepare(
        `SELECT f.rowid AS rank, r.product_id, r.completeness FROM branded_fts f
         JOIN branded_rank r ON r.rank = f.rowid
         WHERE branded_fts MATCH ? ORDER BY f.rowid`,
      ),
      matchProducts: db.prepare(
        `SELECT f.rowid AS rank, r.product_id, r.completeness FROM branded_fts f JOIN branded_rank r ON r.rank = f.rowid
         WHERE branded_fts MATCH ? ORDER BY f.rowid`,
      ),
      labelsProductSet: db
        .prepare('SELECT product_id FROM branded_label_product WHERE label_id IN (SELECT value FROM json_each(?)) LIMIT ?')
        .pluck(),
      labelsTrigram: db.prepare(
        'SELECT l.id, l.product_count, l.name FROM brand_label_fts f JOIN brand_label l ON l.id = f.rowid WHERE brand_label_fts MATCH ? LIMIT ?',
      ),
      // A brand named as whole words: the label itself or one that goes on after a space ("nature valley" for "nature").
      labelsNamed: db.prepare(`SELECT id, product_count FROM brand_label WHERE name = @brand OR (name >= @brand || ' ' AND name < @brand || '!') LIMIT @limit`),
      labelsScan: db.prepare('SELECT id, product_count, name FROM brand_label WHERE instr(name, ?) > 0 LIMIT ?'),
      labelProducts: db
        .prepare('SELECT product_id FROM branded_label_product WHERE label_id = ? ORDER BY signal, product_id LIMIT ? OFFSET ?')
        .pluck(),
      labelsProducts: db
        .prepare(
          `SELECT product_id FROM (SELECT DISTINCT signal, product_id FROM branded_label_product WHERE label_id IN (SELECT value FROM json_each(?)))
           ORDER BY signal, product_id LIMIT ? OFFSET ?`,
        )
        .pluck(),
      labelsCount: db
        .prepare(
          `SELECT COUNT(*) FROM (SELECT DISTINCT product_id FROM branded_label_product
           WHERE label_id IN (SELECT value FROM json_each(?)) LIMIT ?)`,
        )
        .pluck(),
      labelsProductsHas: db
        .prepare(
          `SELECT x.product_id FROM (SELECT DISTINCT signal, product_id FROM branded_label_product WHERE label_id IN (SELECT value FROM json_each(@labels))) x
           JOIN branded_product p ON p.id = x.product_id WHERE (p.completeness & @has) = @has ORDER BY x.signal, x.product_id LIMIT @limit OFFSET @offset`,
        )
        .pluck(),
      labelsCountHas: db
        .prepare(
          `SELECT COUNT(*) FROM (SELECT 1 FROM (SELECT DISTINCT product_id FROM branded_label_product WHERE label_id IN (SELECT value FROM json_each(@labels))) x
           JOIN branded_product p ON p.id = x.product_id WHERE (p.completeness & @has) = @has LIMIT @limit)`,
        )
        .pluck(),
      productsByIds: db.prepare(
        `SELECT ${ITEM_COLUMNS} FROM branded_product p ${TEXT} WHERE p.id IN (SELECT value FROM json_each(?))`,
      ),
    };
  }

  /** The /v1/branded/:id answer, or null. */
  product(id: number): BrandedDetailBody | null {
    const row = this.stmts.byId.get(id) as (BrandedRow & { nutrients: string | null }) | undefined;
    if (!row) return null;
    const nutrients: Array<BrandedNutrient & { order: number }> = [];
    for (const [nutrientId, v] of decodePanel(row.nutrients, row.source)) {
      const def = this.nutrientDefs.get(nutrientId);
      if (def) {
        nutrients.push({
          nutrient_id: nutrientId,
          name: def.name,
          unit: def.unit,
          amount: v.amount,
          derivation: v.derivation,
          source: v.source,
          order: def.order,
        });
      }
    }
    nutrients.sort((a, b) => a.order - b.order);
    const { nutrients: _json, ...item } = row;
    return {
      ...toItem(item),
      basis: row.basis_unit === 'ml' ? BRANDED_BASIS_ML : BRANDED_BASIS_G,
      nutrients: nutrients.map(({ order: _order, ...n }) => n),
    };
  }

  /**
   * The product a barcode names (any spelling gtin= accepts: UPC-A, EAN-13, GTIN-14, EAN-8): where
   * several records share it, the most complete (a name, a brand and energy; then energy; then a
   * name), then the lowest id; undefined when the spelling is no GTIN.
   */
  productByGtin(raw: string): BrandedDetailBody | null | undefined {
    const forms = gtin14Forms(raw);
    if (forms === null) return undefined;
    const first = this.byGtinRows(forms)[0];
    return first ? this.product(first.id) : null;
  }

  /**
   * The records a barcode's 14-digit forms name (gtin14Forms: its own first, then the UPC-E or
   * UPC-A it stands for). Records sharing a barcode come most complete first: a bare FDC record
   * of 00877448001674 before Open Food Facts' "Giovanni Rana, Marinara Sauce" left a scanner
   * nothing. Then the spelling scanned before the other form, a record with a name, the lowest id.
   */
  private byGtinRows(forms: readonly string[]): BrandedRow[] {
    const own = forms[0];
    const rows: BrandedRow[] = [];
    for (const form of forms) {
      for (const id of this.stmts.idsByGtin.all(form) as number[]) rows.push(this.stmts.itemById.get(id) as BrandedRow);
    }
    if (rows.length < 2) return rows;
    return rows.sort(
      (a, b) =>
        completenessRank(a.completeness) - completenessRank(b.completeness) ||
        Number(a.gtin14 !== own) - Number(b.gtin14 !== own) ||
        Number(a.name === null) - Number(b.name === null) ||
        a.id - b.id,
    );
  }

  /** A page of results. Repeated pages are served by the response cache (LARDER_RESPONSE_CACHE_MB), not kept here. */
  list(query: BrandedQuery): BrandedPage {
    return this.compute(query);
  }

  private compute(query: BrandedQuery): BrandedPage {
    const { limit, offset } = query;
    const has = query.has ?? 0;
    let search: BrandedSearch | null = null;
    if (query.q !== undefined) {
      const built = buildBrandedSearch(query.q);
      if (!built.ok) throw new BrandedQueryError('q', built.reason);
      if (built.search === null) return { data: [], total: 0, total_exact: true };
      search = built.search;
    }
    const brandText = query.brand === undefined ? null : normalizeBrand(query.brand);
    if (brandText !== null && brandText.length < 2) throw new BrandedQueryError('brand', 'at least 2 letters or digits');

    if (query.gtin !== undefined) {
      const forms = gtin14Forms(query.gtin);
      if (forms === null) throw new BrandedQueryError('gtin', 'a GTIN is 8 to 14 digits (UPC-A 12, EAN-13, GTIN-14, EAN-8, UPC-E)');
      const rows = this.byGtinRows(forms).filter(
        (r) =>
          (search === null || nameMatches(r.name, search)) &&
          (brandText === null || brandMatches(r, brandText)) &&
          (r.completeness & has) === has,
      );
      return { data: rows.slice(offset, offset + limit).map(toItem), total: rows.length, total_exact: true };
    }
    if (search !== null) {
      const brand = brandText === null ? null : this.brandProducts(brandText);
      const page = this.searchNames(search, brand, has, limit, offset);
      if (page.total <= BRANDED_RARE_WORD_USES) {
        const corrected = this.withCorrections(search, page, brand, has, limit, offset);
        if (corrected !== null) return corrected;
      }
      if (page.total > 0 || brandText !== null) return page;
      return this.brandInText(query.q!, has, limit, offset) ?? page;
    }
    if (brandText !== null) return this.searchBrand(brandText, has, limit, offset);
    if (has !== 0) {
      if (offset + limit > BRANDED_RESULT_WINDOW) {
        throw new BrandedQueryError('offset', `with has, offset + limit may not exceed ${BRANDED_RESULT_WINDOW}: add q or brand to narrow it`);
      }
      let total = 0;
      for (const [mask, n] of this.maskCounts) if ((mask & has) === has) total += n;
      return {
        data: (this.stmts.byIdPageHas.all({ has, limit, offset }) as BrandedRow[]).map(toItem),
        total,
        total_exact: true,
      };
    }
    return {
      data: (this.stmts.byIdPage.all(limit, offset) as BrandedRow[]).map(toItem),
      total: this.productCount,
      total_exact: true,
    };
  }

  /**
   * A query with a misspelt word (correctedTerms: a word few names hold, one or two letters from
   * one many names hold) lists what its words as typed find first, then what the corrected words
   * find ("nutela": the one "Nutela" record, then the Nutella jars). A record both find is listed
   * once, with the corrected matches. Null when no word is corrected or the correction finds nothing.
   */
  private withCorrections(
    search: BrandedSearch,
    typed: BrandedPage,
    brand: { ids: Set<number>; exact: boolean } | null,
    has: number,
    limit: number,
    offset: number,
  ): BrandedPage | null {
    const terms = correctedTerms(search.terms, (term, last) => this.stmts.matchCount.get(last ? `"${term}"*` : `"${term}"`, BRANDED_RARE_WORD_USES + 1) as number, this.vocabulary());
    if (terms === null) return null;
    const built = buildBrandedSearch(terms.join(' '));
    if (!built.ok || built.search === null) return null;
    const fixed = built.search;
    const first = this.searchNames(fixed, brand, has, 1, 0);
    if (first.total === 0) return null;
    // The typed words' matches (at most BRANDED_RARE_WORD_USES) that the corrected words do not find.
    const own = (typed.total === 0 ? [] : this.searchNames(search, brand, has, typed.total, 0).data).filter((item) => !nameMatches(item.name, fixed));
    const head = own.slice(offset, offset + limit);
    const rest = limit - head.length;
    const tail = rest > 0 ? this.searchNames(fixed, brand, has, rest, Math.max(0, offset - own.length)) : first;
    return { data: rest > 0 ? [...head, ...tail.data] : head, total: own.length + tail.total, total_exact: tail.total_exact };
  }

  private words: BrandedVocabulary | null = null;
  /** The vocabulary of product names (read once, on the first query that may hold a misspelling). */
  private vocabulary(): BrandedVocabulary {
    this.words ??= new BrandedVocabulary(this.stmts.vocabulary.all() as Array<[string, number]>);
    return this.words;
  }

  /**
   * A text no product name holds may start or end with a brand ("justin's maple cashew butter"):
   * the leading or trailing words (longest first) that name a brand are read as `brand`, the rest
   * as `q`. Tried only when the plain search finds nothing; at most two tries per word. The words
   * must name a brand as whole words ("nat" of a mistyped word is no brand, though it is part of
   * two thousand brand names), which keeps a search that finds nothing as cheap as one that does.
   */
  private brandInText(text: string, has: number, limit: number, offset: number): BrandedPage | null {
    const words = text.trim().split(/\s+/);
    for (let k = words.length - 1; k >= 1; k--) {
      for (const [brandWords, nameWords] of [
        [words.slice(0, k), words.slice(k)],
        [words.slice(words.length - k), words.slice(0, words.length - k)],
      ]) {
        const brandText = normalizeBrand(brandWords!.join(' '));
        const built = buildBrandedSearch(nameWords!.join(' '));
        if (brandText.length < 3 || !built.ok || built.search === null) continue;
        const labels = this.stmts.labelsNamed.all({ brand: brandText, limit: BRANDED_MAX_LABELS + 1 }) as Array<{ id: number }>;
        if (labels.length === 0) continue;
        const page = this.searchNames(built.search, this.productsOf(labels.slice(0, BRANDED_MAX_LABELS), labels.length <= BRANDED_MAX_LABELS), has, limit, offset);
        if (page.total > 0) return page;
      }
    }
    return null;
  }

  /**
   * Exact names, then names starting with the text, then the other matches. Within each group
   * the search order: the completeness signal (complete records first), then shorter names.
   */
  private searchNames(search: BrandedSearch, brand: { ids: Set<number>; exact: boolean } | null, has: number, limit: number, offset: number): BrandedPage {
    const need = offset + limit;
    const deadline = performance.now() + BRANDED_TIME_BUDGET_MS;
    let outOfTime = false;
    const late = (examined: number) => (examined & 255) === 0 && performance.now() > deadline && (outOfTime = true);
    let brandIds: Set<number> | null = null;
    let exact = true;
    let total: number;
    if (brand !== null) {
      brandIds = brand.ids;
      exact = brand.exact;
    }
    const keep = (row: { product_id: number; completeness: number }) =>
      (brandIds === null || brandIds.has(row.product_id)) && (row.completeness & has) === has;
    // Rows come in rank order, completeness signal first: past the last rank a `has` record can
    // have, nothing else can match.
    const lastRank = maxCompletenessRank(has);
    const pastMatches = (row: { completeness: number }) => lastRank < 2 && completenessRank(row.completeness) > lastRank;
    if (brandIds === null && has === 0) {
      total = this.stmts.matchCount.get(search.all, BRANDED_COUNT_CAP + 1) as number;
    } else if (brandIds === null) {
      const last = lastRank === 2 ? Number.MAX_SAFE_INTEGER : this.rankEnds[lastRank];
      total = this.stmts.matchCountHas.get({ match: search.all, has, last, limit: BRANDED_COUNT_CAP + 1 }) as number;
    } else {
      total = 0;
      let examined = 0;
      for (const row of this.stmts.matchProducts.iterate(search.all) as Iterable<{ product_id: number; completeness: number }>) {
        if (pastMatches(row)) break;
        if (++examined > BRANDED_SCAN_CAP || total > BRANDED_COUNT_CAP || late(examined)) {
          exact = false;
          break;
        }
        if (keep(row)) total++;
      }
    }
    if (total > BRANDED_COUNT_CAP) {
      total = BRANDED_COUNT_CAP;
      exact = false;
    }
    if (offset >= total && exact) return { data: [], total, total_exact: exact };
    if (need > BRANDED_RESULT_WINDOW) {
      throw new BrandedQueryError(
        'offset',
        `with q or brand, offset + limit may not exceed ${BRANDED_RESULT_WINDOW}: add words to the query to narrow it`,
      );
    }
    // Exact names come from their own index (a complete record of a longer name must not push
    // an exact name off the page); collisions of the hash are dropped by comparing the name.
    const ranks: number[] = [];
    const seen = new Set<number>();
    for (const row of this.stmts.exactNames.iterate(nameKey(search.normalized), BRANDED_SCAN_CAP) as Iterable<{
      rank: number;
      product_id: number;
      name: string;
      completeness: number;
    }>) {
      if (normalizeName(row.name) !== search.normalized || !keep(row)) continue;
      ranks.push(row.rank);
      seen.add(row.rank);
      // A page of exact names is the whole page: the groups after it are not read.
      if (ranks.length >= need) break;
    }
    let examined = 0;
    if (ranks.length < need) {
      for (const row of this.stmts.matchNames.iterate(search.start) as Iterable<{ rank: number; product_id: number; completeness: number }>) {
        if (pastMatches(row) || ++examined > BRANDED_SCAN_CAP || late(examined)) break;
        if (seen.has(row.rank) || !keep(row)) continue;
        ranks.push(row.rank);
        seen.add(row.rank);
        if (ranks.length >= need) break;
      }
    }
    if (ranks.length < need && !outOfTime) {
      examined = 0;
      const rest = brandIds === null && has === 0 ? this.stmts.matchRanks.iterate(search.all) : this.stmts.matchProducts.iterate(search.all);
      for (const item of rest as Iterable<number | { rank: number; product_id: number; completeness: number }>) {
        if ((typeof item !== 'number' && pastMatches(item)) || ++examined > BRANDED_SCAN_CAP || late(examined)) break;
        const rank = typeof item === 'number' ? item : item.rank;
        if (typeof item !== 'number' && !keep(item)) continue;
        if (seen.has(rank)) continue;
        ranks.push(rank);
        if (ranks.length >= need) break;
      }
    }
    if (outOfTime) exact = false;
    const data = ranks.slice(offset, need).map((rank) => toItem(this.stmts.byRank.get(rank) as BrandedRow));
    return { data, total: exact ? total : Math.max(total, ranks.length), total_exact: exact };
  }

  /**
   * Brand names matching the text: trigram index from 3 characters, a scan of the (small) name table
   * below. Where some brand has a word starting with the text, only those answer: "arla" is Arla
   * Foods, not the "Bärlauch" of a Swiss mayonnaise's name; the text inside a word ("ustin" for
   * Justin's) answers where no brand has a word that starts with it.
   */
  private brandLabels(brandText: string): { labels: Array<{ id: number; product_count: number }>; exact: boolean } {
    let labels = (
      brandText.length >= 3
        ? this.stmts.labelsTrigram.all(`"${brandText.replaceAll('"', '""')}"`, BRANDED_MAX_LABELS + 1)
        : this.stmts.labelsScan.all(brandText, BRANDED_MAX_LABELS + 1)
    ) as Array<{ id: number; product_count: number; name: string }>;
    const exact = labels.length <= BRANDED_MAX_LABELS;
    if (!exact) labels.length = BRANDED_MAX_LABELS;
    const atWordStart = labels.filter((l) => brandWordStarts(l.name, brandText));
    if (atWordStart.length > 0) labels = atWordStart;
    return { labels, exact };
  }

  /** The ids of the products of matching brands (at most BRANDED_BRAND_SET_CAP), for combining with q. */
  private brandProducts(brandText: string): { ids: Set<number>; exact: boolean } {
    const { labels, exact } = this.brandLabels(brandText);
    return this.productsOf(labels, exact);
  }

  private productsOf(labels: Array<{ id: number }>, exact: boolean): { ids: Set<number>; exact: boolean } {
    const ids = this.stmts.labelsProductSet.all(JSON.stringify(labels.map((l) => l.id)), BRANDED_BRAND_SET_CAP + 1) as number[];
    return { ids: new Set(ids.slice(0, BRANDED_BRAND_SET_CAP)), exact: exact && ids.length <= BRANDED_BRAND_SET_CAP };
  }

  private searchBrand(brandText: string, has: number, limit: number, offset: number): BrandedPage {
    const { labels, exact: allLabels } = this.brandLabels(brandText);
    if (labels.length === 0) return { data: [], total: 0, total_exact: true };
    let ids: number[];
    let total: number;
    let exact = allLabels;
    if (labels.length === 1 && has === 0) {
      total = labels[0]!.product_count;
      ids = offset >= total ? [] : (this.stmts.labelProducts.all(labels[0]!.id, limit, offset) as number[]);
    } else {
      const list = JSON.stringify(labels.map((l) => l.id));
      total = (
        has === 0 ? this.stmts.labelsCount.get(list, BRANDED_COUNT_CAP + 1) : this.stmts.labelsCountHas.get({ labels: list, has, limit: BRANDED_COUNT_CAP + 1 })
      ) as number;
      if (total > BRANDED_COUNT_CAP) {
        total = BRANDED_COUNT_CAP;
        exact = false;
      }
      if (offset >= total && exact) return { data: [], total, total_exact: exact };
      if (offset + limit > BRANDED_RESULT_WINDOW) {
        throw new BrandedQueryError(
          'offset',
          `with q or brand, offset + limit may not exceed ${BRANDED_RESULT_WINDOW}: give more of the brand name to narrow it`,
        );
      }
      ids = (
        has === 0 ? this.stmts.labelsProducts.all(list, limit, offset) : this.stmts.labelsProductsHas.all({ labels: list, has, limit, offset })
      ) as number[];
    }
    // In the listing's order: complete records first (branded_label_product.signal), by id within.
    const rows = ids.length === 0 ? [] : (this.stmts.productsByIds.all(JSON.stringify(ids)) as BrandedRow[]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const data = ids.flatMap((id) => (byId.has(id) ? [toItem(byId.get(id)!)] : []));
    return { data, total, total_exact: exact };
  }
}

/** Whether a word of a (normalised) brand name starts with the text: "arla foods inc" for "arla", not "barlauch". */
function brandWordStarts(name: string, brandText: string): boolean {
  if (name.startsWith(brandText)) return true;
  let at = name.indexOf(brandText, 1);
  while (at > 0) {
    if (!/[\p{L}\p{N}]/u.test(name[at - 1]!)) return true;
    at = name.indexOf(brandText, at + 1);
  }
  return false;
}

function brandMatches(row: { brand: string | null; brand_owner: string | null }, brandText: string): boolean {
  return (
    (row.brand !== null && normalizeBrand(row.brand).includes(brandText)) ||
    (row.brand_owner !== null && normalizeBrand(row.brand_owner).includes(brandText))
  );
}

/** The name index's rule, for the few rows a GTIN finds: every word present, the last as a prefix. */
function nameMatches(name: string | null, search: BrandedSearch): boolean {
  if (name === null) return false;
  const words = normalizeName(name).split(' ');
  return search.terms.every((term, i) =>
    i === search.terms.length - 1 ? words.some((w) => w.startsWith(term)) : words.includes(term),
  );
}

const build = (catalog: Catalog) => new BrandedCatalog(catalog);

declare module 'fastify' {
  interface FastifyInstance {
    readonly branded: BrandedCatalog;
  }
}

export const brandedPlugin = readModelPlugin('branded', build);
