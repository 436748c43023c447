/**
 * Allergen flags derived from an ingredient's name and its source category, by pattern
 * rules aligned with the EU 14 major allergens and the US top 9.
 *
 * How a rule reads: an ingredient carries the allergen when any `include` pattern matches
 * its lower-cased name (or the rule's `categories` contain its category code), unless an
 * `exclude` pattern matches the same name. Exclusions remove the text they match before
 * the includes are tried, so "peanut butter" does not make "butter" fire, while
 * "peanut butter and butter cookies" still would.
 *
 * The flags are a screening aid derived from names, not a substitute for a label.
 */
export const ALLERGENS = [
  'gluten',
  'wheat',
  'dairy',
  'eggs',
  'fish',
  'shellfish',
  'molluscs',
  'nuts',
  'peanuts',
  'soy',
  'sesame',
  'celery',
  'mustard',
  'lupin',
  'sulphites',
] as const;

export type Allergen = (typeof ALLERGENS)[number];

export interface AllergenRule {
  allergen: Allergen;
  include: RegExp[];
  exclude: RegExp[];
  /** FDC food category codes whose every member carries the allergen (before exclusions). */
  categories?: string[];
  /** Allergens whose presence implies this one (wheat implies gluten). */
  impliedBy?: Allergen[];
}

const w = (words: string): RegExp => new RegExp(`\\b(?:${words})\\b`, 'i');

const GLUTEN_FREE = /\bgluten[- ]free\b/i;

export const ALLERGEN_RULES: AllergenRule[] = [
  {
    allergen: 'wheat',
    include: [
      w('wheat|wheaten|semolina|durum|farina|bulgur|bulghur|couscous|spelt|kamut|seitan|einkorn|emmer|triticale'),
      w('breads?|breadcrumbs?|bread crumbs|buns?|rolls?|bagels?|croissants?|croutons?|muffins?|biscuits?|crackers?|pretzels?'),
      w('cakes?|cookies?|brownies?|pies?|pie crust|pastry|pastries|doughnuts?|donuts?|waffles?|pancakes?|crepes?'),
      w('pasta|macaroni|spaghetti|noodles?|lasagna|ravioli|tortellini|gnocchi|vermicelli|dumplings?|wontons?|pizza'),
      w('flour|all-purpose|matzo|matzoh|pita|naan|tortillas?, flour|flour tortillas?|stuffing|graham|breaded|batter-dipped|battered|wafers?'),
    ],
    exclude: [
      GLUTEN_FREE,
      w('(?:buckwheat|rice|corn|potato|soy|soya|almond|coconut|chickpea|cassava|tapioca|arrowroot|peanut|sesame|sunflower|carob|mesquite) (?:flour|meal|starch|noodles?|pasta|crackers?|cakes?|bread|tortillas?|groats)'),
      /\bbuckwheat\b/i,
      w('rice noodles?|cellophane noodles?|glass noodles?|shirataki|bean threads?|corn tortillas?|tortillas?, corn'),
      w('rolls?, (?:ham|turkey|chicken|beef)|(?:egg|spring) rolls? wrappers?|breadfruit|breadnut|rice cakes?|fish cakes?|crab cakes?|potato pancakes?|corn cakes?|corn bread|cornbread'),
    ],
  },
  {
    allergen: 'gluten',
    include: [w('barley|rye|oats?|oatmeal|oat bran|malt|malted|malt vinegar|beer|ale|lager|stout')],
    exclude: [GLUTEN_FREE, /\bbuckwheat\b/i, /\bginger ale\b/i, /\brye whiskey\b/i, /\bbeer, (?:non-?alcoholic|light)\b/i],
    impliedBy: ['wheat'],
  },
  {
    allergen: 'dairy',
    include: [
      w('milk|milks|milkfat|buttermilk|butter|buttery|butterfat|cheese|cheeses|cheddar|mozzarella|parmesan|ricotta|brie|camembert|feta|gouda|swiss cheese|cream|creamed|creamy|sour cream|yogurt|yoghurt|whey|casein|caseinate|kefir|ghee|lactose|custard|ice cream|ice milk|frozen yogurt|quark|paneer|eggnog|dulce de leche|milkshake|latte|cappuccino|chocolate milk|milk chocolate|nonfat dry milk'),
    ],
    exclude: [
      w('peanut butter|nut butter|almond butter|cashew butter|sesame butter|soy ?nut butter|sunflower (?:seed )?butter|cocoa butter|apple butter|fruit butter|shea butter|butter beans?|butternut|butterhead|butterbur|butterfish|butterscotch|buttercup squash'),
      w('coconut (?:milk|cream)|soy ?milk|soymilk|almond milk|rice milk|oat milk|cashew milk|hemp milk|soy yogurt|nondairy|non-dairy|dairy-free|milkfish|milk thistle|cream of tartar|cream of wheat|cream of rice|ice cream cones?|cream soda|(?:coffee )?creamer, non-?dairy|milkweed|cream style|cream-style'),
      w('human milk|breast milk'),
    ],
  },
  {
    allergen: 'eggs',
    include: [w('eggs?|egg whites?|egg yolks?|yolks?|albumen|eggnog|mayonnaise|mayo|meringue|custard|hollandaise|bearnaise|aioli|egg noodles?|noodles, egg')],
    exclude: [w('eggplants?|egg-free|eggless|egg substitute, (?:powder|liquid), (?:egg-free|vegan)|eggfruit')],
  },
  {
    allergen: 'fish',
    include: [
      w('fish|salmon|tuna|cod|codfish|anchov(?:y|ies)|sardines?|herring|mackerel|trout|halibut|haddock|pollock|pollack|tilapia|catfish|bass|perch|pike|walleye|snapper|sole|flounder|plaice|swordfish|carp|eel|roe|caviar|whitefish|whiting|shark|smelt|sturgeon|mullet|pompano|grouper|mahimahi|mahi-mahi|turbot|bluefish|croaker|cusk|dolphinfish|lingcod|monkfish|orange roughy|rockfish|sablefish|scup|sea bass|seatrout|sheepshead|surimi|tilefish|wolffish|yellowtail|burbot|butterfish|milkfish|cisco|lox|bonito|skipjack|albacore|kipper|kippered|gefilte|worcestershire|caesar dressing|fish sauce'),
    ],
    exclude: [w('shellfish|crayfish|crawfish|jellyfish|starfish|cuttlefish|fish-free|vegan fish|dogfish bars?|fish oil supplement|sole proprietor|spot prawns?|swordfish-free')],
  },
  {
    allergen: 'shellfish',
    include: [w('shrimps?|prawns?|crabs?|crabmeat|lobsters?|crayfish|crawfish|langoustines?|scampi|krill|shellfish|crustaceans?')],
    exclude: [w('crab ?apples?|crabapples?|imitation crab(?:meat)?, (?:vegan|plant)')],
  },
  {
    allergen: 'molluscs',
    include: [w('clams?|mussels?|oysters?|scallops?|squid|calamari|octopus|cuttlefish|snails?|escargots?|abalone|whelks?|conch|periwinkles?|cockles?|mollusks?|molluscs?')],
    exclude: [w('oyster mushrooms?|mushrooms?, oyster|oyster plant|oysters?, (?:plant|mushroom)|scalloped potatoes?|potatoes, scalloped')],
  },
  {
    allergen: 'nuts',
    include: [
      w('almonds?|walnuts?|pecans?|cashews?|pistachios?|hazelnuts?|filberts?|brazil ?nuts?|brazilnuts?|macadamias?|macadamia nuts?|pine ?nuts?|pinenuts?|pignolias?|pili nuts?|heartnuts?|praline|marzipan|nougat|gianduja|nutella|mixed nuts|nuts, mixed|tree nuts?|almond (?:paste|butter|milk|flour)'),
    ],
    exclude: [w('coconuts?|nutmeg|butternut|doughnuts?|donuts?|water chestnuts?|chestnuts?|ginkgo nuts?|beechnuts?|nut-free|peanuts?')],
  },
  {
    allergen: 'peanuts',
    include: [w('peanuts?|peanut butter|groundnuts?|arachis|goobers?')],
    exclude: [w('peanut-free')],
  },
  {
    allergen: 'soy',
    include: [w('soy|soya|soybeans?|soyabeans?|soymilk|tofu|tempeh|miso|edamame|natto|okara|yuba|teriyaki|shoyu|tamari|textured vegetable protein|tvp')],
    exclude: [w('soy-free')],
  },
  {
    allergen: 'sesame',
    include: [w('sesame|tahini|tahina|halva|halvah|hummus|benne|gomasio')],
    exclude: [],
  },
  {
    allergen: 'celery',
    include: [w('celery|celeriac|celery seed|celery salt')],
    exclude: [],
  },
  {
    allergen: 'mustard',
    include: [w('mustard|mustards')],
    exclude: [],
  },
  {
    allergen: 'lupin',
    include: [w('lupin|lupine|lupins|lupines|lupini')],
    exclude: [],
  },
  {
    allergen: 'sulphites',
    include: [w('wines?|sulfured|sulphured|sulfites?|sulphites?|sulfite-treated|dried apricots?|apricots, dried|vinegar, (?:red|white) wine|wine vinegar')],
    exclude: [w('unsulfured|unsulphured|sulfite-free')],
  },
];

export interface AllergenInput {
  name: string;
  /** FDC food category code, for example "1500" for finfish and shellfish. */
  categoryCode?: string | null;
  /** Extra descriptors from the source (common names, scientific name). */
  descriptors?: string[];
}

function strip(text: string, patterns: RegExp[]): string {
  let out = text;
  for (const pattern of patterns) {
    const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    out = out.replace(global, ' ');
  }
  return out;
}

/** Allergens flagged for one ingredient, in the canonical order of ALLERGENS. */
export function deriveAllergens(input: AllergenInput): Allergen[] {
  const text = [input.name, ...(input.descriptors ?? [])].join(' | ').toLowerCase();
  const found = new Set<Allergen>();
  for (const rule of ALLERGEN_RULES) {
    const remaining = strip(text, rule.exclude);
    const byCategory = rule.categories?.includes(input.categoryCode ?? '') ?? false;
    if (byCategory || rule.include.some((p) => p.test(remaining))) found.add(rule.allergen);
  }
  for (const rule of ALLERGEN_RULES) {
    if (rule.impliedBy?.some((a) => found.has(a))) found.add(rule.allergen);
  }
  return ALLERGENS.filter((a) => found.has(a));
}

export function isAllergen(value: string): value is Allergen {
  return (ALLERGENS as readonly string[]).includes(value);
}
