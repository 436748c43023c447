/**
 * The catalogue database: written once by `larder import`, then opened read-only.
 * SCHEMA_VERSION changes whenever a reader would misread an older file.
 */
export const SCHEMA_VERSION = 11; // 11: branded_vocabulary (branded search reads a rare typed word as the common word one or two letters away); 10: ingredient_yield.cooked_record (an amount of a cooked food weighed by its cooked record); 9: ingredient_fuller_record (recipes take the same food's fuller record); 8: branded_label_product.signal (brand listings complete records first); 4: prepared answers (ingredient_detail, ingredient_answer, ingredient_country), survey_food_nutrient (FNDDS Nutrient Values), branded completeness and per-nutrient sources; 5: search fields (search_subject, search_rank, aliases, search_aliases, search_vocabulary); 6: national_candidate (links from both sides) and linked_food's method, scores and compared name; 7: nutrients answers as served (ingredient_answer.body, ingredient_fallback, ingredient_country.body) and every prepared body as UTF-8 bytes (BLOB)

export const CATALOG_DDL = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE dataset (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  version TEXT NOT NULL,
  publisher TEXT NOT NULL,
  licence TEXT NOT NULL,
  licence_url TEXT,
  url TEXT NOT NULL,
  attribution TEXT NOT NULL,
  role TEXT NOT NULL,
  record_counts TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE nutrient (
  id INTEGER PRIMARY KEY,
  usda_id TEXT,
  name TEXT NOT NULL,
  unit TEXT NOT NULL,
  rank REAL
);

CREATE TABLE category (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL,
  name TEXT NOT NULL
);

CREATE TABLE ingredient (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  search_name TEXT NOT NULL,
  search_head TEXT NOT NULL,
  -- search keys and rank: src/importers/searchFields.ts
  search_subject TEXT NOT NULL DEFAULT '',
  search_rank REAL NOT NULL DEFAULT 0,
  -- other names of the food: the FNDDS recipes' ingredient descriptions ("Butter, stick, salted"), one per line
  aliases TEXT NOT NULL DEFAULT '',
  -- their comparison keys, as '| key | key |'
  search_aliases TEXT NOT NULL DEFAULT '',
  category_id INTEGER NOT NULL REFERENCES category(id),
  data_type TEXT NOT NULL,
  dataset_id TEXT NOT NULL REFERENCES dataset(id),
  fdc_id INTEGER NOT NULL UNIQUE,
  ndb_number INTEGER,
  scientific_name TEXT,
  density_g_per_ml REAL,
  density_source TEXT,
  density_derived_from TEXT,
  allergens TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX ingredient_category ON ingredient(category_id, id);

CREATE TABLE ingredient_allergen (
  allergen TEXT NOT NULL,
  ingredient_id INTEGER NOT NULL REFERENCES ingredient(id),
  PRIMARY KEY (allergen, ingredient_id)
) WITHOUT ROWID;

CREATE TABLE ingredient_nutrient (
  ingredient_id INTEGER NOT NULL REFERENCES ingredient(id),
  nutrient_id INTEGER NOT NULL REFERENCES nutrient(id),
  amount REAL NOT NULL,
  derivation TEXT,
  PRIMARY KEY (ingredient_id, nutrient_id)
) WITHOUT ROWID;

-- A Foundation record's same food in SR Legacy with more nutrient values (Linker.sameRecordsOf, the
-- same fortification, the most words in common): recipe totals read it, so a recipe's flour has fibre.
CREATE TABLE ingredient_fuller_record (ingredient_id INTEGER PRIMARY KEY, record_id INTEGER NOT NULL);

CREATE TABLE ingredient_portion (
  ingredient_id INTEGER NOT NULL REFERENCES ingredient(id),
  seq INTEGER NOT NULL,
  amount REAL NOT NULL,
  unit_name TEXT,
  description TEXT NOT NULL,
  gram_weight REAL NOT NULL,
  measure_kind TEXT NOT NULL,
  measure_unit TEXT,
  PRIMARY KEY (ingredient_id, seq)
) WITHOUT ROWID;

CREATE VIRTUAL TABLE ingredient_fts USING fts5(
  name, aliases, content='ingredient', content_rowid='id', prefix='2 3', tokenize='porter unicode61 remove_diacritics 2'
);

-- Words of ingredient and survey food names with how many names use them: the typo corrector's choices.
CREATE TABLE search_vocabulary (word TEXT PRIMARY KEY, uses INTEGER NOT NULL) WITHOUT ROWID;

CREATE TABLE wweia_category (
  code INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

CREATE TABLE survey_food (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  search_name TEXT NOT NULL,
  search_head TEXT NOT NULL,
  search_subject TEXT NOT NULL DEFAULT '',
  search_rank REAL NOT NULL DEFAULT 0,
  wweia_code INTEGER NOT NULL REFERENCES wweia_category(code)
);
CREATE INDEX survey_food_wweia ON survey_food(wweia_code, id);

CREATE TABLE survey_food_component (
  survey_food_id INTEGER NOT NULL REFERENCES survey_food(id),
  seq INTEGER NOT NULL,
  ingredient_code INTEGER NOT NULL,
  ingredient_id INTEGER REFERENCES ingredient(id),
  component_survey_food_id INTEGER,
  description TEXT NOT NULL,
  grams REAL NOT NULL,
  retention_code INTEGER,
  moisture_change_pct REAL,
  PRIMARY KEY (survey_food_id, seq)
) WITHOUT ROWID;

-- FNDDS's own published nutrient values per 100 g of each survey food ("Nutrient Values").
CREATE TABLE survey_food_nutrient (
  survey_food_id INTEGER NOT NULL REFERENCES survey_food(id),
  nutrient_id INTEGER NOT NULL REFERENCES nutrient(id),
  amount REAL NOT NULL,
  PRIMARY KEY (survey_food_id, nutrient_id)
) WITHOUT ROWID;

-- National food composition tables (one dataset per country). Amounts are per 100 g of
-- edible part in the canonical nutrient's unit; qualifier: NULL (a value), 'trace' (present
-- below quantification, amount NULL), 'less_than' (amount is the limit), 'estimated'.
CREATE TABLE national_food (
  dataset_id TEXT NOT NULL REFERENCES dataset(id),
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  name_en TEXT,
  food_group TEXT,
  scientific_name TEXT,
  PRIMARY KEY (dataset_id, code)
) WITHOUT ROWID;

CREATE TABLE national_food_nutrient (
  dataset_id TEXT NOT NULL,
  code TEXT NOT NULL,
  nutrient_id INTEGER NOT NULL REFERENCES nutrient(id),
  amount REAL,
  qualifier TEXT,
  source_column TEXT NOT NULL,
  PRIMARY KEY (dataset_id, code, nutrient_id),
  FOREIGN KEY (dataset_id, code) REFERENCES national_food(dataset_id, code)
) WITHOUT ROWID;

-- Links from national foods to canonical ingredients (filled by the country importers).
-- Only verified links (score above the documented threshold) are used for resolution;
-- the carbon work reads fr_ciqual links to reach AGRIBALYSE through the CIQUAL code.
CREATE TABLE national_link (
  dataset_id TEXT NOT NULL,
  code TEXT NOT NULL,
  ingredient_id INTEGER NOT NULL REFERENCES ingredient(id),
  score REAL NOT NULL,
  verified INTEGER NOT NULL,
  method TEXT NOT NULL,
  name_score REAL,
  profile_score REAL,
  conflict TEXT,
  -- The English name the linker compared: the source's own, or a glossary reading (domain/glossary.ts).
  name_used TEXT NOT NULL,
  PRIMARY KEY (dataset_id, code)
) WITHOUT ROWID;
CREATE INDEX national_link_ingredient ON national_link(ingredient_id, dataset_id, verified, score);

-- Links from both sides: every national food's best candidates (rank 1 is its national_link
-- row; every verified candidate, and the next best few for review), and, per canonical
-- ingredient and dataset, the one national food that answers for it (ingredient_best = 1:
-- the highest-scoring national food that verifies it, so several ingredients may share one
-- national food). Resolution (catalog/nationalValues.ts) reads ingredient_best.
CREATE TABLE national_candidate (
  dataset_id TEXT NOT NULL,
  code TEXT NOT NULL,
  ingredient_id INTEGER NOT NULL REFERENCES ingredient(id),
  rank INTEGER NOT NULL,
  score REAL NOT NULL,
  verified INTEGER NOT NULL,
  method TEXT NOT NULL,
  name_score REAL,
  profile_score REAL,
  conflict TEXT,
  ingredient_best INTEGER NOT NULL,
  PRIMARY KEY (dataset_id, code, ingredient_id)
) WITHOUT ROWID;
CREATE INDEX national_candidate_ingredient ON national_candidate(ingredient_id, dataset_id, ingredient_best);

-- Carbon: every product of the carbon datasets (global studies and the French inventory,
-- the latter keyed by CIQUAL code), and one resolved global value per ingredient.
CREATE TABLE carbon_product (
  source TEXT NOT NULL,
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  group_name TEXT,
  kg_co2e_per_kg REAL NOT NULL,
  dqr INTEGER NOT NULL,
  uncertainty_low REAL NOT NULL,
  uncertainty_high REAL NOT NULL,
  -- domain/carbon.ts UNCERTAINTY_REASONS
  uncertainty_reason TEXT NOT NULL,
  boundary TEXT NOT NULL,
  PRIMARY KEY (source, code)
) WITHOUT ROWID;

CREATE TABLE ingredient_carbon (
  ingredient_id INTEGER PRIMARY KEY REFERENCES ingredient(id),
  class TEXT NOT NULL,
  source TEXT NOT NULL,
  product_code TEXT,
  product_name TEXT,
  kg_co2e_per_kg REAL NOT NULL,
  dqr INTEGER NOT NULL,
  uncertainty_low REAL NOT NULL,
  uncertainty_high REAL NOT NULL,
  uncertainty_reason TEXT NOT NULL,
  boundary TEXT NOT NULL,
  basis TEXT NOT NULL
);

-- USDA Table of Nutrient Retention Factors, Release 6: percent retained by code and nutrient number.
CREATE TABLE retention_code (
  code INTEGER PRIMARY KEY,
  food_group TEXT NOT NULL,
  description TEXT NOT NULL
);
CREATE TABLE retention_factor (
  code INTEGER NOT NULL REFERENCES retention_code(code),
  nutrient_number TEXT NOT NULL,
  percent REAL NOT NULL,
  PRIMARY KEY (code, nutrient_number)
) WITHOUT ROWID;

-- Cooking yield and proximate retention per ingredient and method, resolved at import.
CREATE TABLE ingredient_yield (
  ingredient_id INTEGER NOT NULL REFERENCES ingredient(id),
  method TEXT NOT NULL,
  yield_factor REAL NOT NULL,
  yield_source TEXT NOT NULL,
  yield_basis TEXT NOT NULL,
  -- the cooked record of the raw/cooked pair the yield comes from (yield_source raw_cooked_pair), else NULL
  cooked_record INTEGER REFERENCES ingredient(id),
  retention_code INTEGER REFERENCES retention_code(code),
  proximate_retention TEXT NOT NULL,
  proximate_basis TEXT NOT NULL,
  PRIMARY KEY (ingredient_id, method)
) WITHOUT ROWID;

-- Answers prepared at import (src/importers/answers.ts, read by src/catalog/ingredients.ts and
-- nationalValues.ts): one indexed read serves an uncached answer. profile: the reference
-- nutrients as compact JSON [[nutrient_id, amount, derivation], ...] in display order;
-- nutrient_etags: the ETag of the nutrients answer (no method) by country. The detail answer
-- has a table of its own. body: the US nutrients answer as served (UTF-8 bytes, about 11 KB),
-- last so that reading the columns before it does not walk its overflow pages.
CREATE TABLE ingredient_answer (
  ingredient_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  dataset_id TEXT NOT NULL,
  profile TEXT NOT NULL,
  nutrient_etags TEXT NOT NULL,
  body BLOB NOT NULL
);

-- The nutrients answer of every country without a verified national link (usda_fallback as
-- every source), as served with "US" where the country code goes (fallbackAnswer): the
-- countries' answers differ only in those two bytes.
CREATE TABLE ingredient_fallback (
  ingredient_id INTEGER PRIMARY KEY,
  body BLOB NOT NULL
);

-- The /v1/ingredients/:id body as served (about 9 KB) and its ETag.
CREATE TABLE ingredient_detail (
  ingredient_id INTEGER PRIMARY KEY,
  etag TEXT NOT NULL,
  body BLOB NOT NULL
);

-- An ingredient's nutrients resolved for a country with a verified national link: the linked
-- food (JSON, as served) and the merged compact profile
-- [[nutrient_id, amount, derivation, qualifier, national 1 | reference 0], ...] in display order.
-- A country without a row answers every reference value as usda_fallback. body: the nutrients
-- answer as served (UTF-8 bytes), etag its ETag.
CREATE TABLE ingredient_country (
  ingredient_id INTEGER NOT NULL,
  country TEXT NOT NULL,
  dataset_id TEXT NOT NULL,
  linked_food TEXT NOT NULL,
  profile TEXT NOT NULL,
  etag TEXT NOT NULL,
  body BLOB NOT NULL,
  PRIMARY KEY (ingredient_id, country)
) WITHOUT ROWID;

CREATE VIRTUAL TABLE survey_food_fts USING fts5(
  name, content='survey_food', content_rowid='id', prefix='2 3', tokenize='porter unicode61 remove_diacritics 2'
);

-- Branded products (FDC Branded Foods, Open Food Facts, and a synthetic release only on request).
-- id: the FDC id for FDC products; 100000000000000 + the barcode's value for Open Food Facts
-- (see src/importers/openFoodFacts.ts). The long texts live in branded_product_text so the
-- scans that build the search order and the name index read a narrow table.
CREATE TABLE branded_product (
  id INTEGER PRIMARY KEY,
  gtin14 TEXT,
  gtin_upc TEXT,
  name TEXT,
  brand TEXT,
  brand_owner TEXT,
  market_country TEXT,
  serving_size REAL,
  serving_size_unit TEXT,
  household_serving TEXT,
  branded_food_category TEXT,
  data_quality TEXT NOT NULL,
  dataset_id TEXT NOT NULL REFERENCES dataset(id),
  -- what the record has (src/domain/completeness.ts bits), for has= and the search order
  completeness INTEGER NOT NULL DEFAULT 0,
  -- 'g' (values per 100 g) or 'ml' (per 100 ml, as the source states for drinks)
  basis_unit TEXT NOT NULL DEFAULT 'g'
);

-- nutrients: JSON per 100 g (or 100 ml), only the values the sources give plus energy
-- calculated from them; format in src/catalog/brandedNutrients.ts.
CREATE TABLE branded_product_text (
  product_id INTEGER PRIMARY KEY REFERENCES branded_product(id),
  ingredients_list TEXT,
  nutrients TEXT
);

-- Search order: the completeness signal first (src/domain/completeness.ts), then the shortest
-- name. The name index's rowid is the rank, so FTS5 answers in relevance order without sorting
-- the matches (see src/catalog/branded.ts). exact_key: a hash of the name as search normalises
-- it (nameKey in src/domain/brandedSearch.ts), so the exact-name group is one index lookup.
-- completeness: the product's bits again, so has= filters read this narrow table, not the product row.
CREATE TABLE branded_rank (rank INTEGER PRIMARY KEY, product_id INTEGER NOT NULL, exact_key INTEGER NOT NULL, completeness INTEGER NOT NULL);

-- Distinct brand and brand-owner names (normalised), searched by trigram for partial matches.
CREATE TABLE brand_label (id INTEGER PRIMARY KEY, name TEXT NOT NULL, product_count INTEGER NOT NULL DEFAULT 0);
-- signal: the product's completeness rank (0 name, brand and energy; 1 energy; 2 the rest), so a
-- brand's products are listed as name search lists them, complete records first, by id within.
CREATE TABLE branded_label_product (
  label_id INTEGER NOT NULL,
  signal INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  PRIMARY KEY (label_id, signal, product_id)
) WITHOUT ROWID;

-- Words of branded product names used by at least BRANDED_VOCABULARY_MIN_USES names, with how many
-- names use them: the words a rare typed word may be a misspelling of ("nutela" -> "nutella").
CREATE TABLE branded_vocabulary (word TEXT PRIMARY KEY, uses INTEGER NOT NULL) WITHOUT ROWID;

CREATE VIRTUAL TABLE branded_fts USING fts5(
  name, content='', columnsize=0, prefix='2 3 4 5 6', tokenize='porter unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE brand_label_fts USING fts5(
  name, content='brand_label', content_rowid='id', tokenize='trigram remove_diacritics 1'
);
`;

/** Indexes of the branded tables, built once their rows are loaded (faster than maintaining them per row). */
export const BRANDED_INDEX_DDL = `
CREATE INDEX branded_product_gtin ON branded_product(gtin14) WHERE gtin14 IS NOT NULL;
CREATE UNIQUE INDEX brand_label_name ON brand_label(name);
`;

/** Built after the search order is written. */
export const BRANDED_RANK_INDEX_DDL = `
CREATE INDEX branded_rank_exact ON branded_rank(exact_key, rank);
`;
