/**
 * The reviewed synonym table: what a cook types (British, US or everyday) -> the words the
 * USDA names use. A query's words are rewritten before matching, longest phrase first, whole
 * words only, so "minced beef" reads "ground beef" and "aubergine" reads "eggplant".
 * Every entry has a test (test/http/search.synonyms.test.ts) that checks the food it finds
 * first against the source name. Kept in the README's "Synonyms" table.
 *
 * `from` and `to` are written in normalised form: lower case, no accents, words separated
 * by one space, singular where the word has a plural.
 */
export interface Synonym {
  from: string;
  to: string;
  /** Why the two name the same food (British/US name, everyday word, trade name). */
  note: string;
}

export const SYNONYMS: readonly Synonym[] = [
  { from: 'aubergine', to: 'eggplant', note: 'British/US' },
  { from: 'courgette', to: 'zucchini', note: 'British/US' },
  { from: 'coriander leaf', to: 'coriander cilantro leaves', note: 'British/US: the fresh herb' },
  { from: 'coriander', to: 'coriander cilantro leaves', note: 'British/US: coriander alone is the fresh herb' },
  { from: 'coriander seed', to: 'spices coriander seed', note: 'the spice' },
  { from: 'spaghetti', to: 'pasta', note: 'a pasta shape; USDA records plain pasta as "Pasta"' },
  { from: 'penne', to: 'pasta', note: 'a pasta shape' },
  { from: 'fusilli', to: 'pasta', note: 'a pasta shape' },
  { from: 'macaroni', to: 'pasta', note: 'a pasta shape' },
  { from: 'minced beef', to: 'ground beef', note: 'British/US' },
  { from: 'beef mince', to: 'ground beef', note: 'British/US' },
  { from: 'mince', to: 'ground beef', note: 'British everyday word' },
  { from: 'hamburger meat', to: 'ground beef', note: 'US everyday word' },
  { from: 'minced pork', to: 'ground pork', note: 'British/US' },
  { from: 'prawn', to: 'shrimp', note: 'British/US' },
  { from: 'tiger prawn', to: 'shrimp', note: 'British/US' },
  { from: 'caster sugar', to: 'sugar granulated', note: 'British: fine granulated sugar' },
  { from: 'superfine sugar', to: 'sugar granulated', note: 'US name of caster sugar' },
  { from: 'white sugar', to: 'sugar granulated', note: 'everyday word' },
  { from: 'icing sugar', to: 'sugar powdered', note: 'British/US (confectioners\' sugar)' },
  { from: 'confectioner sugar', to: 'sugar powdered', note: 'US' },
  { from: 'double cream', to: 'cream heavy whipping', note: 'British/US' },
  { from: 'whipping cream', to: 'cream heavy whipping', note: 'everyday word' },
  { from: 'single cream', to: 'cream fluid light', note: 'British/US' },
  { from: 'soured cream', to: 'sour cream', note: 'British' },
  { from: 'plain flour', to: 'wheat flour all purpose', note: 'British/US' },
  { from: 'white flour', to: 'wheat flour all purpose', note: 'everyday word' },
  { from: 'self raising flour', to: 'wheat flour self rising', note: 'British/US' },
  { from: 'wholemeal', to: 'whole wheat', note: 'British/US' },
  { from: 'spring onion', to: 'onion spring scallion', note: 'British/US' },
  { from: 'green onion', to: 'onion spring scallion', note: 'US' },
  { from: 'scallion', to: 'onion spring scallion', note: 'US' },
  { from: 'rocket', to: 'arugula', note: 'British/US' },
  { from: 'swede', to: 'rutabaga', note: 'British/US' },
  { from: 'beetroot', to: 'beet', note: 'British/US' },
  { from: 'mangetout', to: 'pea edible podded', note: 'British/US (snow peas)' },
  { from: 'snow pea', to: 'pea edible podded', note: 'US' },
  { from: 'sugar snap pea', to: 'pea edible podded', note: 'US' },
  { from: 'rapeseed oil', to: 'oil canola', note: 'British/US' },
  { from: 'groundnut', to: 'peanut', note: 'British' },
  { from: 'bicarbonate of soda', to: 'leavening baking soda', note: 'British/US' },
  { from: 'bicarb', to: 'leavening baking soda', note: 'British everyday word' },
  { from: 'sodium bicarbonate', to: 'leavening baking soda', note: 'chemical name' },
  { from: 'baking soda', to: 'leavening baking soda', note: 'US' },
  { from: 'cornflour', to: 'cornstarch', note: 'British/US' },
  { from: 'corn starch', to: 'cornstarch', note: 'spelling' },
  { from: 'treacle', to: 'molasses', note: 'British/US' },
  { from: 'sultana', to: 'raisin golden', note: 'British/US' },
  { from: 'streaky bacon', to: 'pork cured bacon unprepared', note: 'British/US' },
  { from: 'yoghurt', to: 'yogurt', note: 'British spelling' },
  { from: 'natural yogurt', to: 'yogurt plain whole milk', note: 'British' },
  { from: 'chilli', to: 'chili', note: 'British spelling' },
  { from: 'soya', to: 'soy', note: 'British' },
  { from: 'catsup', to: 'catsup', note: 'US spelling, as SR names it' },
  { from: 'ketchup', to: 'catsup', note: 'SR names it catsup' },
  { from: 'mayo', to: 'mayonnaise', note: 'everyday word' },
  { from: 'gelatine', to: 'gelatin', note: 'British spelling' },
  { from: 'linseed', to: 'flaxseed', note: 'British/US' },
  { from: 'flax seed', to: 'flaxseed', note: 'spelling' },
  { from: 'pepita', to: 'pumpkin squash seed kernel', note: 'US/Spanish' },
  { from: 'filbert', to: 'hazelnut filbert', note: 'US/British' },
  { from: 'pinenut', to: 'pine nut', note: 'spelling' },
  { from: 'cantaloupe', to: 'cantaloupe', note: 'as SR names it' },
  { from: 'kiwi fruit', to: 'kiwifruit', note: 'spelling' },
  { from: 'water melon', to: 'watermelon', note: 'spelling' },
  { from: 'bok choy', to: 'cabbage chinese pak choi', note: 'US/British' },
  { from: 'pak choy', to: 'cabbage chinese pak choi', note: 'British' },
  { from: 'fava bean', to: 'broad bean', note: 'US/British' },
  { from: 'haricot bean', to: 'navy bean', note: 'British/US' },
  { from: 'tomato puree', to: 'tomato product paste', note: 'British "tomato puree" is US tomato paste' },
  { from: 'passata', to: 'tomato product puree', note: 'Italian/British' },
  { from: 'tinned', to: 'canned', note: 'British/US' },
  { from: 'crisp', to: 'potato chip', note: 'British/US' },
  { from: 'clarified butter', to: 'butter clarified ghee', note: 'everyday word' },
  { from: 'half and half', to: 'cream half and half', note: 'US' },
  { from: 'cilantro', to: 'coriander cilantro leaves', note: 'US name of the fresh herb' },
];
