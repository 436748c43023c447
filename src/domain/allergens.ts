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
  /** A whole-name condition under which the rule never fires (a gluten-free name, a non-wheat flour). */
  veto?: (name: string) => boolean;
}

const w = (words: string): RegExp => new RegExp(`\\b(?:${words})\\b`, 'i');

/**
 * "Gluten-free" names carry no gluten or wheat flag unless they name wheat, barley or rye
 * (a gluten-free product made from wheat starch is still wheat).
 */
const GLUTEN_FREE = /\bgluten[- ]?free\b/i;
const NAMES_GLUTEN_GRAIN = /\b(?:wheat|barley|rye)\b/i;
const glutenFree = (name: string) => GLUTEN_FREE.test(name) && !NAMES_GLUTEN_GRAIN.test(name);

/** Grains, seeds and roots whose flours, pastas and breads are not wheat. */
const NON_WHEAT =
  'rice|corn|cornmeal|maize|masa|buckwheat|amaranth|millet|sorghum|teff|quinoa|potato|soy|soya|almond|chestnut|coconut|chickpea|garbanzo|cassava|tapioca|arrowroot|peanut|sesame|sunflower|carob|mesquite|acorn|banana|lupin|bean|pea|lentil|fava|hemp|flax|cottonseed|pumpkin|yam|taro|oat|rye|barley';
/** A name about a non-wheat flour, pasta or bread that does not also name wheat. */
const nonWheatProduct = (name: string) =>
  !/\bwheat\b/i.test(name) &&
  !RICE_AND_VERMICELLI.test(name) &&
  new RegExp(`\\b(?:bread|pasta|vermicelli|noodles?|crackers?)\\b[^|]*\\b(?:made from|made with) (?:blue )?(?:${NON_WHEAT})\\b|\\bbread, (?:blue )?corn\\b|\\b(?:${NON_WHEAT})\\b[^,]*\\b(?:flour|meal|starch|noodles?|pasta|bread|cakes?|crackers?|tortillas?|vermicelli|spaghetti)\\b|\\b(?:flour|noodles?|pasta|vermicelli),\\s*(?:${NON_WHEAT})\\b|\\b(?:${NON_WHEAT}) flour\\b|\\bflour, (?:[a-z]+, )?(?:${NON_WHEAT})\\b`, 'i').test(name);

/** Plain steamed rice served by a Chinese restaurant is rice, not a sauced dish. */
const PLAIN_RESTAURANT_RICE = 'rice, (?:white|brown)[^|]*chinese restaurant';

/**
 * Sweet and sour sauce on its own is sugar, vinegar, tomato and fruit: of the 24 Open Food Facts
 * 2019 products named "sweet and sour sauce" with an English ingredient list, 15 list no soy
 * (beyond refined soybean oil and lecithin) and 16 no wheat. The restaurant dishes stay wheat
 * (battered) and soy by their own rules.
 */
const SWEET_AND_SOUR_SAUCE = '(?:sauces?, )?sweet and sour(?: sauce)?(?=$|,| sauce)(?![^|]*\\b(?:chicken|pork|shrimp|restaurant)\\b)';

/**
 * Meatballs are bound with breadcrumbs: 224 of 302 Open Food Facts 2019 products named meatballs
 * list wheat, and all 10 meatless (veggie, vegetarian) ones, bound with wheat gluten or crumbs.
 */
const MEATBALLS = 'meatballs?';

/** Imitation crab, shrimp or scallops made from surimi are fish (pollock), not shellfish. */
const SURIMI_IMITATION = /\bimitation, made from surimi\b/i;

/** The Danish type of cabbage ("Cabbage, common (danish, domestic, and pointed types)") is not a pastry. */
const DANISH_CABBAGE = /\(danish, domestic[^)]*\)/i;
/** Custard apple is a fruit. */
const CUSTARD_APPLE = /\bcustard[- ]apples?\b/i;

/**
 * Ready-to-eat cereals whose main grain is wheat by their published ingredient statements
 * (whole wheat, wheat flour or wheat bran first), for names that do not say wheat.
 */
const WHEAT_CEREAL_BRANDS =
  /^cereals\b[^|]*\b(?:golden crisp|uncle sam|weetabix|fiber 7|crispy hexagons)\b/i;

/** Rice mixes with vermicelli (Rice-A-Roni) are rice and wheat pasta, not a rice noodle. */
const RICE_AND_VERMICELLI = /\brice-a-roni\b|\brice and vermicelli\b/i;

/**
 * "Roll" in a meat name is a cut or a rolled loaf, not bread: New Zealand beef's cube roll and
 * chuck eye roll, a chicken breast roll, honey roll sausage.
 */
const MEAT_ROLL = '(?:eye|cube|chuck|rib|rump|shoulder|neck|loin|breast,?|honey) roll(?! sandwich)';

/** Quick breads (banana, zucchini, pumpkin, date-nut) are made with eggs. */
const QUICK_BREAD = /^(?:bread, )?(?:banana|zucchini|pumpkin|date[- ]nut|cranberry|nut)(?:[- ]nut)? bread\b|^bread, (?:banana|zucchini|pumpkin|date|nut|cranberry)\b/i;

/** Baked goods, pastas and breaded foods made with wheat flour, by their usual recipe. */
const WHEAT_FOODS = [
  w('wheat|wheaten|semolina|durum|farina|bulgur|bulghur|couscous|spelt|kamut|seitan|einkorn|emmer|triticale|farro|freekeh'),
  w('breads?|breadcrumbs?|bread crumbs|breadsticks?|buns?|rolls?|bagels?|croissants?|croissan.wich|croutons?|muffins?|biscuits?|crackers?|pretzels?|focaccia|frybread|naan|pita|matzo|matzoh|stuffing|graham'),
  w('cakes?|cheesecake|cupcakes?|cookies?|brownies?|pies?|pie crust|pastry|pastries|danish|strudel|turnovers?|doughnuts?|donuts?|crullers?|waffles?|pancakes?|hotcakes|crepes?|french toast|eclairs?|cream puffs?|puff shell|ice cream cones?|cones?, ice cream|ice cream sandwich|sundae cone|with cone|toaster pastries|pop-tarts'),
  w('pasta|macaroni|spaghetti|noodles?|lasagna|ravioli|tortellini|gnocchi|vermicelli|dumplings?|wontons?|egg rolls?|pizza|calzone|burritos?|quesadillas?|chimichanga|soft taco|taco, soft|flour tortillas?|tortillas?, flour'),
  w('doughs?|phyllo|filo|popovers?|sunchips|platter, fried|tabbouleh|tabouli|tabouleh|kibbeh|gyros?|chalupas?|gorditas?|crunchwraps?|stromboli|panini|bruschetta|crostini|ciabatta|baguettes?|sourdough|texas toast|scones?|^babyfood[^|]*\\bpuffs|snack wraps?|mozzarella sticks|fried mozzarella|cordon bleu|parmigiana|manicotti|cannelloni|stuffed shells|chiles? rellenos?|stroganoff|pasties|chex mix|party mix|pierogi|pierogies|pirogi|perogies|potstickers?|knish(?:es)?|samosas?|blintz(?:es)?|spanakopita|crumpets?|brioche|biscotti|cannoli|churros?|sopaipillas?|sopapillas?|fritters?|tempura|panko|croquettes?|schnitzel|melba toast|rusks?|crispbreads?|flatbreads?|lavash|chapatis?|rotis?|parathas?|beignets?|spaetzle|tiramisu|white sauce|sauce, white|bechamel|zwieback|empanadas?|lasagne|cobblers?|(?:apple|fruit|peach|cherry|berry|blueberry) crisp|^tarts?|(?:fruit|custard|lemon|pecan|jam|breakfast|toaster) tarts?|hot pockets|lean pockets|pockets, |chicken (?:strips|fingers)|crispy chicken|chick-n-strips|fish fingers|popcorn chicken|mcnuggets|mcmuffins?|mcgriddles|onion rings|coating (?:mix|for)|shake n bake|flour|all-purpose|breaded|breading|batter|batter-dipped|battered|coated, fried|wafers?|sandwich(?:es)?|hamburgers?|cheeseburgers?|burgers?|whopper|big mac|quarter pounder|filet-o-fish|fish sticks?|fish fillets?, battered|nuggets?|chicken tenders|hush puppies|corn dogs?|gravy|gravies|roux'),
  w('cream of (?:mushroom|chicken|celery|potato|shrimp|asparagus|onion)|condensed cream|cheese soup|soup, cheese|broccoli cheese|tomato soup|soup, tomato(?!, bisque)|minestrone|gumbo|new england(?! brand)|scalloped, home-prepared|cheese sauce, prepared from recipe|taco[^|]*, soft|taco salad|classic (?:double|single)|golden fried|double crunch|fried shrimp|malted drink|malted milk|cereal grain beverage|wheatena|cinnamon life|oat life|oatmeal squares|honey bunches|malt-o-meal, original|mini spooners|cinnamon toasters|apple zings|peanut, made from peanut butter, water, soy sauce|great grains|multigrain oatmeal|fortified cereal bar|soy sauce|shoyu|teriyaki|hoisin|restaurant, chinese|chinese restaurant|sweet and sour|general tso|orange chicken|sesame chicken|lo mein|chow mein|egg foo young|soba|udon|ramen'),
  w('cereal, mixed|cereal,? mixed|multigrain cereal|mixed cereal|grape-nuts|nutri-grain|wheaties|shredded wheat|bran flakes|raisin bran|cream of wheat|frosted mini-wheats|cheez-its?|goldfish|twizzlers|licorice|kit kat|twix|oreo'),
];

const NOT_WHEAT_FOODS = [
  w('macaroons?|skin and breading removed|breading removed|for flaky pastries|principal use flaky pastries|shortening bread|soy sauce made from|made from hydrolyzed|tamari|sauce, pasta|pasta sauce|spaghetti sauce|sauce, spaghetti|marinara|pie fillings?|pumpkin pie mix|pie spice|syrups?|table blends|cracker barrel|shrimp crackers?|popcorn, cakes|candy rolls?|tootsie roll|crackers?, rye|rye crackers?|sandwich spread|au jus|redeye gravy|malt-o-meal(?!, original)|crunch coating|rice noodles?|cellophane noodles?|glass noodles?|shirataki|bean threads?|corn tortillas?|tortillas?, corn|taco shells?, corn|corn taco|rice cakes?|rice crackers?|fish cakes?|crab cakes?|corn cakes?|breadfruit|breadnut|coconut macaroons?|macaroons?, coconut|meringues?|bread-and-butter|bread and butter pickles?|popcorn cakes?'),
  w(`burger king(?=,)|fruit leather(?:, rolls)?|fruit (?:rolls?|roll ups|roll-ups|snacks)|rice biscuits|${PLAIN_RESTAURANT_RICE}|${SWEET_AND_SOUR_SAUCE}|pie filling|pies? filling|filling, pie|(?<!egg )rolls?, (?:ham|turkey|chicken|beef|pork)|(?:beef|pork|chicken|turkey) rolls?|cinnamon rolls?, gluten|sushi rolls?|burgers?, (?:veggie|vegetable|soy|meatless)|(?:veggie|vegetable|meatless|soy) burgers?|hamburger,? (?:patty|patties)|patty, hamburger|beef, ground|ground beef|not breaded|unbreaded|without breading|${MEAT_ROLL}|sandwich steaks?|spaghetti squash|squash, [^|]*spaghetti|babyfood[^|]*cobblers?`),
];

/** Whole names that are not wheat (or gluten) whatever wheat word they hold: a sauce for pasta, a syrup for pancakes. */
const NOT_GLUTEN_NAMES =
  /macaroon|sauce, pasta|^(?:sauces?\b[^|]*)?marinara|spaghetti sauce|bisque|^syrups?\b(?!, malt)|table blends|au jus|tootsie roll|crunch coating|made from hydrolyzed|rice cakes|without granola/i;
/** Rye crackers and wafers are rye flour: gluten, not wheat. */
const NOT_WHEAT_NAMES = new RegExp(`${NOT_GLUTEN_NAMES.source}|crackers?, rye|rye wafers|crispbreads?, rye|rye crispbreads?`, 'i');

/**
 * Chocolate candies are milk chocolate unless the name says dark, semisweet, bittersweet,
 * baking or unsweetened chocolate (or carob, or that the candy is not chocolate covered).
 */
const MILK_CHOCOLATE_CANDY =
  /^candies\b(?![^|]*\b(?:dark|semisweet|semi-sweet|bittersweet|baking|unsweetened|not chocolate|carob|cocoavia)\b)[^|]*\bchocolate\b/i;

/**
 * Branded candy bars and bites whose names do not say "chocolate" but whose published
 * ingredient statements are milk chocolate (or milk caramel) over their centre, read only in
 * names of the "Candies" group.
 */
const MILK_CHOCOLATE_BRANDS =
  /^candies\b(?![^|]*\b(?:dark|semisweet|semi-sweet|bittersweet)\b)[^|]*\b(?:almond joy|mr\.? goodbar|krackel|nestle, crunch|baby ruth|goobers|raisinets|reese.s(?! pieces)|skor|whatchamacallit|mars almond|dove|golden almond|pot of gold)\b/i;
/** A name that says egg is in the food: its head ("Egg custards") or what it was prepared with. */
const NAMES_EGG_IN = /^eggs?\b(?! substitute)|\b(?:prepared|made) with\b[^|]*\begg/i;

/**
 * A gluten-free baked good's dish word ("cookies", "rolls") says nothing of milk (the labels of
 * gluten-free breads and cookies differ), but a milk word in its name does ("Gluten Free Wafers,
 * Milk Chocolate").
 */
const NAMES_MILK = /\b(?:milk|cheese|butter|cream|yogurt|whey)\b/i;

/** Crisped rice in candy bars is malted (barley malt): gluten, as in the crispy M&M's and 100 Grand. */
const CRISPED_RICE_BRANDS = /^candies\b[^|]*\b(?:krackel|nestle, crunch|whatchamacallit)\b/i;
/** Peanut centres of branded candy bars. */
const PEANUT_BRANDS = /^candies\b[^|]*\b(?:mr\.? goodbar|baby ruth|goobers|whatchamacallit)\b/i;

/**
 * Breakfast cereals are made from wheat, oats or barley malt unless the name names a
 * gluten-free grain (rice, corn, grits) or says gluten-free; the named ones carry their own rules.
 */
const GRAIN_CEREAL = /^cereals\b(?![^|]*\b(?:rice|corn|grits|hominy|masa|quinoa|millet|buckwheat|gluten-free|pebbles|dyno-bites)\b)/i;

/**
 * Whipped and dessert toppings are cream or, when "non-dairy", oil whipped with sodium caseinate
 * (a milk protein): 100 of 103 Open Food Facts 2019 whipped toppings list milk, cream or caseinate.
 * An oil sold for making them is not one.
 */
const WHIPPED_TOPPING = /\b(?:whipped|dessert) toppings?\b(?![^|]*\bsubstitute)|\breddi wip\b/i;

/**
 * Foods whose allergens come from a published composition rather than a word of their name. SR
 * Legacy's own recipe footnotes (SR28 FOOTNOTE.txt, type D) give the home recipes; FNDDS 2019-2020
 * ingredient lists and Open Food Facts 2019 shares (products of the name with an English
 * ingredient list naming the allergen) give the usual commercial one.
 */
const COMPOSITIONS: Array<{ name: string; allergens: Allergen[] }> = [
  // SR 11414 "Potatoes 62 %, egg, mayonnaise, celery 7 %, ..., dry mustard"; FNDDS 71600950 and
  // 71601015 (potato salad with egg) list celery and prepared mustard; 98 of 169 OFF products mustard.
  { name: 'potato salad', allergens: ['eggs', 'celery', 'mustard'] },
  // SR 11671 "Potatoes, whole milk 19 %, ..., bread crumbs 2 %, salt, butter".
  { name: "potatoes, o'brien, home-prepared", allergens: ['dairy', 'wheat'] },
  // SR 8037 "Made with oats, raisins, sunflower seeds, almonds, wheat germ, honey, coconut and canola oil."
  { name: 'granola, homemade', allergens: ['wheat'] },
  // SR 19375 "Powdered sugar, milk and vanilla."
  { name: 'frostings, glaze, prepared-from-recipe', allergens: ['dairy'] },
  // Fluffy white (seven-minute) frosting is whipped egg white and sugar.
  { name: 'frostings, white, fluffy|fluffy white frosting|seven-minute frosting', allergens: ['eggs'] },
  // Vegetable juice cocktail is tomato juice with celery and other vegetable juices (V8): 68 of 106
  // OFF vegetable juices list celery.
  { name: 'vegetable juice cocktail|vegetable juice', allergens: ['celery'] },
  // Muesli is oats with wheat flakes and nuts: 81 of 123 OFF mueslis list wheat, 74 tree nuts;
  // Alpen and Familia, the Swiss-style ones, also list milk powder.
  { name: 'muesli|cereals ready-to-eat, (?:alpen|familia)', allergens: ['wheat', 'nuts'] },
  { name: 'cereals ready-to-eat, (?:alpen|familia)', allergens: ['dairy'] },
  // Frozen chicken patties are breaded (26 of 40 OFF products list wheat); chili seasoning mixes
  // are thickened with flour (32 of 57); Pringles-type crisps made from dried potatoes hold wheat
  // starch (8 of 10 OFF Pringles).
  { name: 'chicken patt(?:y|ies)|seasoning mix[^|]*\\bchili|chili seasoning|potato chips, made from dried potatoes', allergens: ['wheat'] },
  // SR 11843 "Potatoes 55 %, whole milk 30 %, cheddar cheese 9 %, margarine 3 %, flour 2 %, salt";
  // 22 of 32 OFF au gratin products list wheat.
  { name: 'au gratin, home-prepared|au gratin[^|]*from recipe', allergens: ['wheat', 'dairy'] },
  // McDonald's Big Breakfast: scrambled eggs, sausage, hash browns and a buttermilk biscuit.
  { name: 'big breakfast', allergens: ['wheat', 'dairy', 'eggs'] },
  // Creamers, coffee whiteners and cream substitutes, "non-dairy" ones too (US labelling lets them
  // hold caseinate), are milk: 504 of 536 OFF 2019 creamers and whiteners with an ingredient list,
  // plant-based names aside, list caseinate, milk, whey, cream or lactose; SR 1069 "Cream
  // substitute, powdered" has 2.5 g protein and no lactose, a caseinate's profile. One made with
  // soy protein (SR 1067) says so; Silk and other plant creamers name their base.
  { name: 'cream substitutes?(?![^|]*soy protein)|creamers?|whiteners?', allergens: ['dairy'] },
  // Instant mocha mixes are sweetened with milk solids or a caseinate creamer: 17 of 19 OFF mochas.
  { name: 'coffee, instant, mocha|instant mocha', allergens: ['dairy'] },
  // V8 Splash Smoothies are juice with nonfat milk: SR gives them 1.2 g protein and 41 mg calcium per
  // 100 g at 0 g fat (a juice smoothie without milk, SR 9514, has 0.6 g and 10 mg).
  { name: 'v8 splash smoothies?', allergens: ['dairy'] },
  // Onion-flavour extruded corn rings (Funyuns) are seasoned with buttermilk: 11 of 11 OFF products.
  { name: 'corn-based, extruded, onion-flavor|funyuns', allergens: ['dairy'] },
  // Griddle cakes (McGriddles) are a pancake batter: 15 of 20 OFF griddle cakes list milk, 13 egg.
  { name: 'mcgriddles?|griddle ?cakes?', allergens: ['dairy', 'eggs'] },
  // Rice Krispies Treats list milk in their flavouring (3 of 3 OFF products).
  { name: 'rice krispies treats', allergens: ['dairy'] },
  // High-protein baby cereal is soy flour with rice flour: SR gives the dry cereal 25.4 g protein per
  // 100 g, against 6.6 to 13.5 g for the dry rice, oatmeal, barley and mixed baby cereals.
  { name: 'babyfood, cereal, high protein', allergens: ['soy'] },
  // Cooking sprays are oil with soy lecithin: 105 of 128 OFF cooking sprays list soy (PAM original).
  { name: 'cooking spray', allergens: ['soy'] },
  // Published sandwich builds: Burger King's Original Chicken Sandwich is a breaded patty on a
  // sesame sub bun with mayonnaise; the McChicken has mayonnaise; Arby's roast beef sandwiches
  // are on its sesame-seed bun.
  { name: 'burger king, original chicken', allergens: ['eggs', 'sesame'] },
  { name: 'mcchicken', allergens: ['eggs'] },
  { name: "arby's, roast beef sandwich", allergens: ['sesame'] },
  // Preserved with sulphites: bottled lemon and lime juice (ReaLemon lists sodium metabisulfite and
  // sodium sulfite; 24 of 49 OFF lemon and 19 of 44 lime juices list a sulphite), dried mango (22 of
  // 33 OFF products), and hard cider, a fermented fruit drink treated like wine.
  {
    name: 'lemon juice from concentrate|(?:lemon|lime) juice, canned or bottled|real ?lemon|mango, dried|dried mangos?|hard cider',
    allergens: ['sulphites'],
  },
];
const composedOf = (allergen: Allergen): RegExp[] =>
  COMPOSITIONS.filter((c) => c.allergens.includes(allergen)).map((c) => w(c.name));

export const ALLERGEN_RULES: AllergenRule[] = [
  {
    allergen: 'wheat',
    include: [...composedOf('wheat'), WHEAT_CEREAL_BRANDS, RICE_AND_VERMICELLI, w(MEATBALLS), ...WHEAT_FOODS],
    exclude: [DANISH_CABBAGE, ...NOT_WHEAT_FOODS],
    veto: (name) => glutenFree(name) || nonWheatProduct(name) || NOT_WHEAT_NAMES.test(name),
  },
  {
    allergen: 'gluten',
    include: [
      ...composedOf('gluten'),
      GRAIN_CEREAL,
      CRISPED_RICE_BRANDS,
      w('malt-o-meal, original|mini spooners|cinnamon toasters|apple zings|marshmallow mateys|barley|rye|pumpernickel|oats?|oatmeal|oat bran|oat flour|malt|malted|malt vinegar|beer|ale|lager|stout|granola|muesli|cheerios|rice krispies|corn flakes|crisped rice|crisp rice|frosted flakes|special k|cereal bars?|granola bars?|whole grain bars?|multigrain|kudos|clif|milky way|100 grand|m&m.s crispy|crispy rice|puffins|yeast extract|marmite|vegemite|parfait'),
    ],
    exclude: [/\bginger ale\b/i, /\brye whiskey\b/i, /\bbeer, non-?alcoholic\b/i, /\broot beer\b/i, /\bmalt-o-meal\b(?!, original)/i, /\bmilky way caramels\b/i, /\bwithout granola\b/i, /\boat ?milk, gluten/i, /\bkale\b/i],
    impliedBy: ['wheat'],
    veto: (name) => glutenFree(name) || NOT_GLUTEN_NAMES.test(name),
  },
  {
    allergen: 'dairy',
    include: [
      ...composedOf('dairy'),
      MILK_CHOCOLATE_CANDY,
      MILK_CHOCOLATE_BRANDS,
      w('(?<!stuffing, )(?:muffins?|cornbread)[^|]*dry mix, prepared|pie crust, cookie-type[^|]*prepared from recipe|lasagne|hazelnut spreads?|malted drink mix|dairy[- ]based|crepes?|popovers?|sauce, white|sausage gravy|gravy, sausage|country gravy|white gravy|sweet potato pie|pie, sweet potato|cordon bleu|parmigiana|manicotti|cannelloni|stuffed shells|chiles? rellenos?|tikka masala|korma|raita|lassi|slim-?fast|glucerna|stroganoff|bearnaise|pralines?|souffles?|flan|creme brulee|tiramisu|blintz(?:es)?|cannoli|tres leches|brioche|bread pudding|onion dip|dip, (?:french )?onion|spinach dip|dip, spinach|mcmuffins?|mcflurry|sundaes?|frosty (?:dairy|shake)|wendy.s, frosty|dairy desserts?|sherbets?|chocolate truffles?|candies, truffles|100 grand|mousse|pound cake|potato soup|caseinate|lactose-free|lactaid|fish-shaped|cookies, [^|]*prepared from recipe|cake, (?:chocolate|yellow|white|pound)[^|]*prepared from recipe|milk|milks|milkfat|buttermilk|butter|buttery|butterfat|ice creams|creams|frozen yogurts|bisque|chowder|oyster stew|caramello|special dark|tootsie roll|brittle|butterscotch|confectioner.s coating|dairy drink|burrito supreme|taco salad|sausage burrito|danish|pie, pumpkin|pumpkin pie|pecan pie|pie, pecan|made with (?:whole |low fat |lowfat |nonfat |skim |2% )?milk|nacho|cheese|cheeses|cheesy|cheddar|mozzarella|parmesan|ricotta|brie|camembert|feta|gouda|swiss|provolone|muenster|monterey|colby|romano|gruyere|limburger|neufchatel|roquefort|blue cheese|cottage|queso|cream|creamed|creamy|creme|sour cream|yogurt|yoghurt|whey|casein|caseinate|kefir|ghee|lactose|custard|pudding|puddings|ice cream|ice milk|frozen yogurt|quark|paneer|eggnog|dulce de leche|milkshake|shake|latte|cappuccino|chocolate milk|milk chocolate|nonfat dry milk|caramel|caramels|toffee|fudge|nougat|pizza|cheeseburger|alfredo|au gratin|scalloped|(?<!sweet )potato(?:es)?\\b[^|]*\\bmashed|mashed(?: [a-z]+)? potato(?:es)?|bechamel|white sauce|hollandaise|ranch|lasagna|quesadilla|enchilada|nachos|macaroni and cheese|mac and cheese'),
      WHIPPED_TOPPING,
      w('toddler formula|enfagrow|infant formula|similac|enfamil|nutramigen|alimentum|ensure|boost(?<!berry boost)|ice cream cone|with cone|instant breakfast|carnation|ovaltine|goldfish|cheez-its?|naan|pesto|caesar|hot cocoa|cocoa mix|chocolate, milk|milky way|3 musketeers|snickers|twix|kit kat|heath|payday|5th avenue|oh henry|chunky bar|bit-o.-honey|m&m|hershey.s kisses|hotcakes|french toast|cheesecake|cream puffs?|eclairs?|shortbread|garlic bread|cream pie|boston brown|waffles?|pancakes?|filet-o-fish|croissan.wich|frozen novelties|fudgsicle|creamsicle|parfait'),
    ],
    exclude: [
      DANISH_CABBAGE,
      CUSTARD_APPLE,
      // A cut of meat, a cut of fries, an oil sold to make toppings, a popover mix (milk is added when it is prepared).
      w('swiss[- ]cut|cottage[- ]cut|used for whipped toppings[^|]*|popovers?, dry mix(?!, prepared)[^|]*'),
      w('peanut butter|nut butter|almond butter|cashew butter|sesame butter|soy ?nut butter|sunflower (?:seed )?butter|cocoa butter|apple butter|fruit butter|shea butter|nutmeg butter|butter beans?|butternut|butterhead|butterbur|butterfish|butterscotch|buttercup squash|bread-and-butter|bread and butter pickles?'),
      w('(?<!pie, )coconut (?:milk|cream)(?! pie)|cream of coconut|soy ?milk|soymilk|almond milk|rice milk|oat milk|cashew milk|hemp milk|soy yogurt|soy cheese|tofu|nondairy|non-dairy|dairy-free|milkfish|milk thistle|cream of tartar|cream of wheat|cream of rice|cream soda|milkweed|cream style|cream-style|(?:milk|sour cream|cheese|whipped topping|yogurt) substitutes?|substitutes?, milk|silk[^|]*creamers?|(?:soy|almond|coconut|oat|rice|cashew)[^|]*creamers?|cream substitutes?[^|]*soy protein|imitation|coconut water|shake, (?:soy|fruit)|ice cream cones?, (?!chocolate covered)|cones?, ice cream|sugar cones?|wafer cones?|cream crackers?|swiss chard|chard, swiss|buttermilk biscuits?|biscuits?, plain or buttermilk|other than all butter'),
      w('creme de (?:menthe|cacao|cassis|banane)|marshmallow cream|marshmallow creme|human milk|breast milk|milk, human|frozen novelties, (?:ice|juice) type|shake n bake'),
      w('creme(?:-| )filled|creme filling|fruit and creme|sandwich,? with (?:extra )?creme|with creme filling|cake, pudding-type|pudding-type|dry mix(?!, prepared)(?:, (?:incomplete|instant|regular|unprepared))*|instant, dry mix|puddings?, [a-z ,]*dry mix|no cheese|without cheese|ucuhuba|nutmeg|coconut meat|creamed coconut|liver cheese|head ?cheese|non-dairy butter flavor|ice cream coatings|butter\\) flavor|\\(butter\\) flavor|butter flavor|popcorn, caramel|caramel-coated|frostings?, [a-z]+, creamy|creamy, dry mix|poppyseed, creamy|fruit and juice bars|syrups?|table blends|soy\\b|isomil|nutramigen aa|good start soy|waffle crisp|potato pancakes|flakes without milk|without milk, dry|scalloped, dry mix|nougat, with almonds|protein, powder|shake mix'),
    ],
    veto: (name) =>
      (/\bagutuk\b/i.test(name) && !/\b(?:milk|cream|butter)\b/i.test(name.replace(/alaskan ice cream/i, ''))) ||
      /dry mix, incomplete(?! \(includes buttermilk)|pancakes?, (?![^|]*buttermilk)[^|]*dry mix|milk, imitation|sour cream, imitation|^(?:peanut|almond|cashew|sunflower(?: seed)?) butter|ucuhuba|coconut meat|snickers marathon|kudos[^|]*peanut butter|manhattan|^syrups?\b(?![^|]*\bwith butter\b)|table blends(?![^|]*\bwith butter\b)|pie spice|pumpkin pie mix|fruit and juice bars|flakes without milk, dry form|(?<!cheese )lasagna, unprepared|(?:infant|toddler) formula[^|]*(?:\bsoy\b|isomil|prosobee|neocate|elecare|puramino|nutramigen aa|expert care)/i.test(name) ||
      (GLUTEN_FREE.test(name) && !NAMES_MILK.test(name)),
  },
  {
    allergen: 'eggs',
    include: [
      ...composedOf('eggs'),
      QUICK_BREAD,
      w('eggs?|egg whites?|egg yolks?|yolks?|albumen|popovers?|flan|creme brulee|tiramisu|bread pudding|hush puppies|sweet potato pie|pie, sweet potato|chiles? rellenos?|lemon curd|key lime pie|pie, key lime|spaetzle|biscotti|blintz(?:es)?|zabaglione|mars almond|coleslaw|big breakfast|deluxe breakfast|eggnog|mayonnaise|mayo|miracle whip|meringue|custard|hollandaise|bearnaise|aioli|egg noodles?|noodles, egg|noodles?|egg rolls?|wontons?|caesar|coleslaw dressing|dressing, coleslaw|thousand island|russian dressing|green goddess|peppercorn dressing|ranch|tartar sauce|sauce, tartar|with tartar|tuna salad|ham salad|chicken salad|egg salad|potato salad|macaroni salad|creamy horseradish|horseradish sauce, creamy|russian|roll wrappers?|wonton wrappers?|noodle soups?|soup, [^|]*noodle|noodle dinners?'),
      w('cakes?|cheesecake|cupcakes?|cookies?|brownies?|muffins?|pancakes?|hotcakes|waffles?|crepes?|french toast|doughnuts?, cake|cake-type|crullers?|eclairs?|cream puffs?|puff shell|danish|ladyfingers|macaroons?|nougat|pan dulce|quesadilla salvadorena|fortune|vanilla wafer, chilled|egg substitute|marshmallow creme|divinity|(?:ice creams?|frozen custard|soft-serve)[^|]*french vanilla|french vanilla[^|]*(?:ice creams?|soft-serve)|mousse|souffle|quiche|frittata|omelet|pasta, fresh|fresh pasta|pasta, homemade|challah|brioche|popovers?|cornbread|corn bread|pumpkin pie|pie, pumpkin|pecan pie|pie, pecan|cream pie|pie, (?:banana|vanilla|chocolate|coconut|lemon) (?:cream|creme|meringue)|custard pie|sponge|angelfood|angel food|pound cake|milky way|3 musketeers|snickers|toblerone|whopper|special sauce|with condiments, vegetables and mayonnaise|burrito, (?:breakfast|sausage)|sausage burrito|breakfast burrito|hot and sour soup|soup, hot and sour|potato pancakes?'),
    ],
    exclude: [
      DANISH_CABBAGE,
      CUSTARD_APPLE,
      w('eggplants?|ranch salad|ranch-flavou?r(?:ed)?|ranch flavou?r(?:ed)?|egg-free|eggless|without eggs?|made without egg|eggfruit|dry mix(?!, prepared)|incomplete|toaster-type|babyfood, cookies?|cookies?, baby|sandwich|creme|cream filling|wafers?|marie|coated|icing|marshmallow|biscuit sticks|special dietary|syrups?|table blends|pie spice|pumpkin pie mix|no-bake|without tartar|fat-free|macaroni or noodles|noodles with cheese|snickers (?:marathon|munch)|marathon|milky way caramels|twix|3 musketeers truffle|popcorn, cakes|cake or wafer|waffle crisp|pan dulce, la ricura|ice cream cookie sandwich|dinosaur eggs|tofu|vegan|mayonnaise, imitation|imitation mayonnaise|(?:mayonnaise|mayo)[^,]*,? (?:tofu|soy|vegan)|(?:rice|cellophane|glass|soba|udon|ramen|chow mein|lo mein) noodles?|noodles, (?:rice|cellophane|chinese|japanese|soba|somen|udon)|cake, (?:rice|fish|crab)|(?:rice|fish|crab|corn|potato|popcorn) cakes?|graham crackers?|cookies?, (?:graham|animal|fig|gingersnaps?|shortbread|butter)|animal crackers|fig bars?|gingersnaps?|ginger snaps|vanilla wafers?(?!, chilled)|shortbread|sugar wafers|cake, (?:shortcake)|pie filling|wafers|yeast-leavened|doughnuts?, yeast|english muffins?|muffins?, english|pancakes?, (?:plain, )?dry mix|waffles?, (?:plain, )?dry mix|dry mix(?:, unprepared)?$|gluten-free|rice krispies|cookies?, (?:chocolate wafers|sandwich)|sandwich cookies?|creme-filled'),
    ],
    // Whole names the usual recipe leaves without egg (unprepared mixes, sandwich cookies, syrups),
    // unless the name itself says egg is in it ("Pudding, lemon, dry mix, ..., prepared with sugar,
    // egg yolk and water"; "Egg custards, dry mix").
    veto: (name) =>
      !NAMES_EGG_IN.test(name) &&
      (/\bdry mix\b(?!, prepared)|\bincomplete\b|toaster-type|\bmix, dry\b|muffin mix|\bstuffing\b|\bcookies?\b.*\b(?:sandwich|creme|wafers?|marie|icing|coating|coated|marshmallow|biscuit sticks|special dietary)\b|\bcookie, (?:with|chocolate, with)\b|^syrups?\b|table blends|pie spice|pumpkin pie mix|no-bake|without tartar|\btwix\b|made without egg|ginger ?snaps|babyfood, cookie|la ricura|ranch dressing, fat-free/i.test(name) ||
      /mayonnaise[^|]*(?:tofu|egg-free|eggless|vegan)|(?:tofu|vegan)[^|]*mayonnaise/i.test(name) ||
      GLUTEN_FREE.test(name)),
  },
  {
    allergen: 'fish',
    include: [
      ...composedOf('fish'),
      w('fish|salmon|tuna|cod|codfish|anchov(?:y|ies)|sardines?|herring|mackerel|trout|halibut|haddock|pollock|pollack|tilapia|catfish|bass|perch|pike|walleye|snapper|sole|flounder|plaice|swordfish|carp|eel|roe|caviar|whitefish|whiting|shark|smelt|sturgeon|mullet|pompano|grouper|mahimahi|mahi-mahi|turbot|bluefish|croaker|cusk|dolphinfish|lingcod|monkfish|orange roughy|rockfish|sablefish|scup|sea bass|seatrout|sheepshead|surimi|tilefish|wolffish|yellowtail|burbot|milkfish|cisco|lox|bonito|skipjack|albacore|kipper|kippered|gefilte|worcestershire|caesar|fish sauce|filet-o-fish|imitation crab|imitation shrimp|imitation scallops?'),
    ],
    exclude: [w('shellfish|crayfish|crawfish|jellyfish|starfish|cuttlefish|devilfish|fish-free|vegan fish|dogfish bars?|fish-shaped|goldfish|butterfish|sole proprietor|spot prawns?|swordfish-free')],
    veto: (name) => /devilfish/i.test(name),
  },
  {
    allergen: 'shellfish',
    include: [...composedOf('shellfish'), w('shrimps?|prawns?|crabs?|crabmeat|lobsters?|crayfish|crawfish|langoustines?|scampi|krill|shellfish|crustaceans?')],
    veto: (name) => SURIMI_IMITATION.test(name),
    exclude: [w('crab ?apples?|crabapples?|imitation crab(?:meat)?|imitation shrimp|crab, imitation|shrimp, imitation')],
  },
  {
    allergen: 'molluscs',
    veto: (name) => SURIMI_IMITATION.test(name),
    include: [...composedOf('molluscs'), w('clams?|mussels?|oysters?|scallops?|squid|calamari|octopus|devilfish|cuttlefish|snails?|escargots?|abalone|whelks?|conch|periwinkles?|cockles?|mollusks?|molluscs?|chitons?|oyster sauce|clamato|chowder')],
    exclude: [
      w('oyster mushrooms?|mushrooms?, (?:king )?oyster|king oyster|oyster plant|vegetable oyster|oysters?, (?:plant|mushroom)|scalloped potatoes?|potatoes, scalloped|scalloped|squash, summer, scallop|scallop squash|summer squash, scallop|oyster crackers?|includes oyster|oyster blade|(?:emu|ostrich), oyster|imitation scallops?|scallops?, imitation|corn chowder|chowder, corn|potato chowder'),
    ],
  },
  {
    allergen: 'nuts',
    include: [
      ...composedOf('nuts'),
      w('almonds?|walnuts?|pecans?|cashews?|pistachios?|hazelnuts?|filberts?|brazil ?nuts?|brazilnuts?|macadamias?|macadamia nuts?|pine ?nuts?|pinenuts?|pignolias?|pinyon|pinon|pili ?nuts?|pilinuts?|heartnuts?|hickory ?nuts?|hickorynuts?|beechnuts?|chestnuts?|ginkgo(?: nuts?)?|acorns?|praline|marzipan|gianduja|nutella|mixed nuts|nuts, mixed|tree nuts?|almond (?:paste|butter|milk|flour|oil)|pesto|with nuts|and nuts|nut bar|nut and raisin|nuts and seeds|trail mix|heath|bit-o.-honey|toblerone|baklava|rocky road|spumoni|amaretti|frangipane|nut breads?|banana nut|date nut|nut rolls?|nuts?|skor|snickers almond|granola, homemade|butternuts?, dried|nuts, butternuts'),
    ],
    exclude: [w('principal uses[^|]*|acorn squash|squash, [^|]*acorn|mouse nuts|nuts?, coconut|soy ?nuts?|soynuts?|tiger ?nuts?|betel ?nuts?|kola ?nuts?|cola nuts?|coconuts?|nutmeg|butternut squash|squash, butternut|squash, winter, butternut|doughnuts?|donuts?|water chestnuts?|chestnuts?, water|nut-free|peanuts?|breadnut|corn nuts?|grape-nuts|honey nut|nut oat|hazelnut creamer|without nuts')],
    veto: (name) => /nuts, formulated, wheat-based|snickers marathon/i.test(name),
  },
  {
    allergen: 'peanuts',
    include: [...composedOf('peanuts'), PEANUT_BRANDS, w('peanuts?|peanut butter|groundnuts?|kung pao|arachis|goobers?|butterfinger|payday|5th avenue|snickers|oh henry|chunky bar|reese.s|baby ruth|mr\\. goodbar|nutz over chocolate|trail mix|honey nut oat bar|double chocolate nut bar')],
    exclude: [w('peanut-free|without peanuts|snickers almond|snickers marathon multigrain crunch')],
  },
  {
    allergen: 'soy',
    include: [
      ...composedOf('soy'),
      w('soy|soya|soybeans?|soyabeans?|soymilk|tofu|tempeh|miso|edamame|natto|okara|yuba|teriyaki|shoyu|tamari|hoisin|textured vegetable protein|tvp|isomil|prosobee|meatless|vegetarian (?:burgers?|sausages?|chicken|meat|fillets?|meatloaf|patties|hot dogs?|franks?|links|bacon|slices|meatballs?)|veggie burgers?|soyburgers?|clif|kashi golean|luna bar|ensure|glucerna|silk|restaurant, chinese|chinese restaurant|sweet and sour|general tso|lo mein|egg foo young|expert care|lecithin|mayonnaise, imitation, soybean'),
    ],
    exclude: [
      w(`${PLAIN_RESTAURANT_RICE}|${SWEET_AND_SOUR_SAUCE}`),
      w('soy-free|non-soy|soy oil|soybean oil|oil, soy(?:bean)?|oil, industrial, soy|soy \\((?:partially )?hydrogenated|soybean \\((?:partially )?hydrogenated|soy \\(winterized|soybean and safflower oil|soybean oil and butter|soy, (?:fully hydrogenated|low linolenic)|made with partially hydrogenated soybean oil|soy lecithin-free'),
    ],
    veto: (name) => /^(?:margarine|shortening|oil|salad dressing, mayonnaise)/i.test(name) && !/\b(?:soy protein|tofu|soy flour|soymilk|soy milk|lecithin|imitation|cooking spray)\b/i.test(name),
  },
  {
    allergen: 'sesame',
    include: [...composedOf('sesame'), w('sesame|tahini|tahina|halva|halvah|halavah|hummus|benne|gomasio|whopper|big mac|quarter pounder|double decker bun')],
    exclude: [],
  },
  {
    allergen: 'celery',
    include: [...composedOf('celery'), w('celery|celeriac|celery seed|celery salt|cream of celery')],
    exclude: [],
  },
  {
    allergen: 'mustard',
    include: [...composedOf('mustard'), w('mustard|mustards|with condiments|cheeseburger|quarter pounder|big mac|honey mustard|chow-chow')],
    exclude: [w('mustard spinach|spinach, mustard')],
    veto: (name) => /special sauce|macaroni/i.test(name),
  },
  {
    allergen: 'lupin',
    include: [...composedOf('lupin'), w('lupin|lupine|lupins|lupines|lupini')],
    exclude: [],
  },
  {
    allergen: 'sulphites',
    include: [
      ...composedOf('sulphites'),
      w('wines?|sulfured|sulphured|sulfites?|sulphites?|sulfite-treated|bisulfite|dried apricots?|apricots, dried|apricots, dehydrated|vinegar, (?:red|white) wine|wine vinegar|balsamic|golden raisins|raisins, golden|maraschino|potatoes, mashed, dehydrated|mashed, dehydrated|prepared from (?:flakes|granules)|potato flakes|(?:dried|dehydrated) (?:peaches|pears|apples)|(?:peaches|pears|apples), (?:dried|dehydrated)'),
    ],
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
    if (rule.veto?.(text)) continue;
    const remaining = strip(text, rule.exclude);
    const byCategory = rule.categories?.includes(input.categoryCode ?? '') ?? false;
    if (byCategory || rule.include.some((p) => p.test(remaining))) found.add(rule.allergen);
  }
  for (const rule of ALLERGEN_RULES) {
    if (rule.veto?.(text)) continue;
    if (rule.impliedBy?.some((a) => found.has(a))) found.add(rule.allergen);
  }
  return ALLERGENS.filter((a) => found.has(a));
}

export function isAllergen(value: string): value is Allergen {
  return (ALLERGENS as readonly string[]).includes(value);
}

/** The usual other names of the allergen values, accepted by the `allergen` filter. */
export const ALLERGEN_ALIASES: Record<string, Allergen> = {
  egg: 'eggs',
  milk: 'dairy',
  lactose: 'dairy',
  'tree nuts': 'nuts',
  'tree nut': 'nuts',
  tree_nuts: 'nuts',
  nut: 'nuts',
  peanut: 'peanuts',
  crustaceans: 'shellfish',
  crustacean: 'shellfish',
  mollusks: 'molluscs',
  mollusk: 'molluscs',
  mollusc: 'molluscs',
  soya: 'soy',
  soybeans: 'soy',
  sulfites: 'sulphites',
  sulphite: 'sulphites',
  sulfite: 'sulphites',
  'sulphur dioxide': 'sulphites',
  fishes: 'fish',
};

/** An allergen value as a caller writes it: case-insensitive, with the usual aliases; null when unknown. */
export function parseAllergen(raw: string): Allergen | null {
  const key = raw.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');
  if (isAllergen(key)) return key;
  return ALLERGEN_ALIASES[key] ?? ALLERGEN_ALIASES[key.replace(/ /g, '_')] ?? null;
}
