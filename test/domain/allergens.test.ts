import { describe, expect, it } from 'vitest';
import { deriveAllergens } from '../../src/domain/allergens.js';

const flags = (name: string) => deriveAllergens({ name });

describe('allergen rules', () => {
  it.each([
    ['Butter, salted', ['dairy']],
    ['Cookies, butter, commercially prepared, enriched', ['gluten', 'wheat', 'dairy']],
    ['Peanut butter, smooth style, without salt', ['peanuts']],
    ['Nuts, coconut meat, raw', []],
    ['Nuts, almonds', ['nuts']],
    ['Buckwheat flour, whole-groat', []],
    ['Wheat flour, white, all-purpose, enriched, bleached', ['gluten', 'wheat']],
    ['Oats', ['gluten']],
    ['Egg, whole, raw, fresh', ['eggs']],
    ['Eggplant, raw', []],
    ['Fish, salmon, Atlantic, wild, raw', ['fish']],
    ['Crustaceans, shrimp, raw', ['shellfish']],
    ['Mollusks, oyster, eastern, wild, raw', ['molluscs']],
    ['Mushrooms, oyster, raw', []],
    ['Seeds, sesame seeds, whole, dried', ['sesame']],
    ['Soymilk, original and vanilla, unfortified', ['soy']],
    ['Beverages, coconut milk, sweetened', []],
    ['Celery, raw', ['celery']],
    ['Mustard, prepared, yellow', ['mustard']],
    ['Lupins, mature seeds, raw', ['lupin']],
    ['Alcoholic beverage, wine, table, red', ['sulphites']],
    ['Squash, winter, butternut, raw', []],
    ['Nutmeg, ground', []],
    ['Water chestnuts, chinese, raw', []],
  ])('%s -> %j', (name, expected) => {
    expect(flags(name)).toEqual(expected);
  });

  // Names as written in SR Legacy (food.csv, fdc_id in the comment).
  it.each([
    // pastry, batter and breading words: wheat
    ['Phyllo dough', ['gluten', 'wheat']], // 172791
    ['KFC, Popcorn Chicken', ['gluten', 'wheat']], // 170737
    ['Soup, beef stroganoff, canned, chunky style, ready-to-serve', ['gluten', 'wheat', 'dairy']], // 171612: sour cream, flour-thickened
    // a brand or a homonym is not the food: Burger King fries, fruit leather rolls, Danish cabbage, plain steamed rice
    ['BURGER KING, french fries', []], // 170327
    ['Snacks, fruit leather, rolls', []], // 167541
    ['Cabbage, common (danish, domestic, and pointed types), freshly harvest, raw', []], // 169335
    ['Rice, white, steamed, Chinese restaurant', []], // 169712
    // ice- and juice-type frozen novelties carry no milk; a Frosty is a dairy dessert
    ['Frozen novelties, ice type, pop', []], // 168813
    ['WENDY\'S, Frosty Dairy Dessert', ['dairy']], // 170326
    // French vanilla is egg custard only in ice cream; ranch flavouring on chips is not the egg dressing
    ['Beverages, KRAFT, coffee, instant, French Vanilla Cafe', []], // 171898
    ['Snacks, tortilla chips, ranch-flavor', ['dairy']], // 167560
    // dishes by their usual recipe
    ['Fast foods, coleslaw', ['eggs']], // 170300: mayonnaise dressing
    ['Bread, banana, prepared from recipe, made with margarine', ['gluten', 'wheat', 'eggs']], // 174906
    ['Restaurant, Chinese, kung pao chicken', ['gluten', 'wheat', 'peanuts', 'soy']], // 167676
    ['Vegetarian fillets', ['soy']], // 169068
    ["McDONALD'S, Egg McMUFFIN", ['gluten', 'wheat', 'dairy', 'eggs']], // 173307: English muffin, cheese
    // branded candy bars by their published ingredients: milk chocolate, peanuts, crisped (malted) rice
    ['Candies, NESTLE, BABY RUTH Bar', ['dairy', 'peanuts']], // 167582
    ['Candies, ALMOND JOY Candy Bar', ['dairy', 'nuts']], // 167562
    ['Candies, NESTLE, CRUNCH Bar and Dessert Topping', ['gluten', 'dairy']],
    ['Candies, MARS SNACKFOOD US, DOVE Dark Chocolate', []],
    // breaded and wrapped fast food
    ["APPLEBEE'S, mozzarella sticks", ['gluten', 'wheat', 'dairy']], // 169011
    ['CRACKER BARREL, chicken tenderloin platter, fried', ['gluten', 'wheat']], // a fried restaurant platter is breaded
    ["McDONALD'S, RANCH SNACK WRAP, Crispy", ['gluten', 'wheat', 'dairy', 'eggs']], // 170777: flour tortilla, ranch
    // sweet and sour sauce is not soy or wheat (most branded ones list neither); the restaurant dish is battered and sauced
    ['Sauce, sweet and sour, ready-to-serve', []], // 174066
    ['Restaurant, Chinese, sweet and sour chicken', ['gluten', 'wheat', 'soy']], // 168081
    // ProSobee is Mead Johnson's soy formula, without milk
    ['Infant formula, MEAD JOHNSON, PROSOBEE, with iron, ready-to-feed', ['soy']], // 173540
    // a food named a nut is a tree nut unless it is a root or coconut; Skor toffee has almonds
    ['Mouse nuts, roots (Alaska Native)', []], // 168017: roots cached by voles
    ['Oil, industrial, coconut, principal uses candy coatings, oil sprays, roasting nuts', []], // a use, not an ingredient
    ['Frostings, coconut-nut, ready-to-eat', ['nuts']], // coconut-pecan frosting
    ["Candies, HERSHEY'S SKOR Toffee Bar", ['dairy', 'nuts']], // 168757
    ['Snacks, FRITOLAY, SUNCHIPS, Multigrain Snack, original flavor', ['gluten', 'wheat']], // 174784: whole wheat
    ['Hush puppies, prepared from recipe', ['gluten', 'wheat', 'eggs']], // 174999: cornmeal, flour, egg
    // creme de menthe is a liqueur without cream; hazelnut cocoa spread is made with skim milk
    ['Alcoholic beverage, creme de menthe, 72 proof', []], // 173168
    ['Chocolate-flavored hazelnut spread', ['dairy', 'nuts']], // 168000
    ['Babyfood, finger snacks, GERBER, GRADUATES, PUFFS, apple and cinnamon', ['gluten', 'wheat']], // 172252: rice and whole wheat flour
    // imitation seafood made from surimi is fish, not shellfish or molluscs
    ['Crustaceans, crab, alaska king, imitation, made from surimi', ['fish']],
    ['Mollusks, scallop, mixed species, imitation, made from surimi', ['fish']],
    // meatballs are bound with breadcrumbs (224 of 302 OFF products list wheat)
    ['Meatballs, frozen, Italian style', ['gluten', 'wheat']],
    // Pebbles cereals are rice; a corn muffin mix is prepared with milk and egg
    ['Cereals ready-to-eat, POST, FRUITY PEBBLES', []],
    ['Muffins, corn, dry mix, prepared', ['gluten', 'wheat', 'dairy', 'eggs']],
    // blue cheese dressing: most list no egg
    ['Salad dressing, blue or roquefort cheese dressing, commercial, regular', ['dairy']], // 173562
  ])('%s -> %j', (name, expected) => {
    expect(flags(name)).toEqual(expected);
  });

  // Third round: the second labeller's tuning rows (catalogue ids in the comments).
  it.each([
    // "roll" in a meat name is a cut or a rolled loaf; spaghetti squash is a squash; a brand is not a chowder
    ['Beef, New Zealand, imported, cube roll, separable lean only, raw', []], // 23407
    ['Chicken breast, roll, oven-roasted', []], // 7935
    ['Honey roll sausage, beef', []], // 7088
    ['Beef, sandwich steaks, flaked, chopped, formed and thinly sliced, raw', []], // 13342
    ['Sausage, New england brand, pork, beef', []], // 7091
    ['Squash, winter, spaghetti, cooked, boiled, drained, or baked, without salt', []], // 11493
    ['Babyfood, dessert, peach cobbler, strained', []], // 3227: a fruit puree
    // acorn squash is not an acorn; mashed is dairy for potatoes only; cuts named swiss or cottage are not cheese
    ['Squash, winter, acorn, cooked, boiled, mashed, with salt', []], // 11865
    ['Sweet potato, canned, mashed', []], // 11514
    ['Potatoes, mashed, home-prepared, whole milk added', ['dairy']], // 11657
    ['Lamb, New Zealand, imported, tongue - swiss cut, raw', []], // 17379
    ['Potatoes, french fried, cottage-cut, salt not added in processing, frozen, as purchased', []], // 11406
    ['Fruit juice smoothie, BOLTHOUSE FARMS, BERRY BOOST', []], // 9514: not the Boost drink
    ['Popovers, dry mix, enriched', ['gluten', 'wheat']], // 18339: milk and eggs are added when prepared
    // wheat the name does not show
    ['Farro, pearled, dry, raw', ['gluten', 'wheat']], // 2710828
    ['RICE-A-RONI, chicken flavor, unprepared', ['gluten', 'wheat']], // 22998: rice and vermicelli
    ['Rice and vermicelli mix, beef flavor, unprepared', ['gluten', 'wheat']], // 32000
    ['Meatballs, meatless', ['gluten', 'wheat', 'soy']], // 43132
    ['Chicken patty, frozen, uncooked', ['gluten', 'wheat']], // 5323: breaded
    ['Seasoning mix, dry, chili, original', ['gluten', 'wheat']], // 2076
    ['Snacks, potato chips, made from dried potatoes, reduced fat', ['gluten', 'wheat']], // 19045: Pringles-type
    ['Potatoes, au gratin, home-prepared from recipe using margarine', ['gluten', 'wheat', 'dairy']], // 11843: SR recipe, flour
    ['Cereals ready-to-eat, HEALTH VALLEY, FIBER 7 Flakes', ['gluten', 'wheat']], // 8290
    ['Cereals ready-to-eat, RALSTON CRISP RICE', ['gluten']], // 8025: barley malt
    ['Cereals ready-to-eat, ALPEN', ['gluten', 'wheat', 'dairy', 'nuts']], // 43218: muesli with milk powder
    ["McDONALD'S, BIG BREAKFAST", ['gluten', 'wheat', 'dairy', 'eggs']], // 21341: biscuit
    // SR recipe footnotes
    ["Potatoes, o'brien, home-prepared", ['gluten', 'wheat', 'dairy']], // 11671: milk, bread crumbs, butter
    ['Potato salad, home-prepared', ['eggs', 'celery', 'mustard']], // 11414: egg, celery, dry mustard
    ['Frostings, glaze, prepared-from-recipe', ['dairy']], // 19375: powdered sugar, milk
    ['Cereals ready-to-eat, granola, homemade', ['gluten', 'wheat', 'nuts']], // 8037: oats, almonds, wheat germ
    ['Frostings, white, fluffy, dry mix, prepared with water', ['eggs']], // 19247: egg white
    // toppings, formulas and mixes made with milk
    ['Dessert topping, semi solid, frozen', ['dairy']], // 1073: sodium caseinate
    ['Reddi Wip Fat Free Whipped Topping', ['dairy']], // 1200
    ['Oil, industrial, palm kernel (hydrogenated) , used for whipped toppings, non-dairy', []], // 4660
    ['Toddler formula, MEAD JOHNSON, ENFAGROW, Toddler Transitions, with ARA and DHA, powder', ['dairy']], // 3967
    ['Beverages, coffee, instant, mocha, sweetened', ['dairy']], // 14224
    // published sandwich builds, soy lecithin sprays, celery juice, sulphited fruit products, chitons
    ['BURGER KING, Original Chicken Sandwich', ['gluten', 'wheat', 'eggs', 'sesame']], // 21259
    ["McDONALD'S, McCHICKEN Sandwich", ['gluten', 'wheat', 'eggs']], // 21355
    ["ARBY'S, roast beef sandwich, classic", ['gluten', 'wheat', 'sesame']], // 21527
    ["McDONALD'S, Bacon Ranch Salad without chicken", ['dairy']], // 21378: no dressing
    ['Oil, PAM cooking spray, original', ['soy']], // 4679
    ['Babyfood, cereal, high protein, with apple and orange, dry', ['soy']], // 3211: 25.4 g protein, soy flour
    ['Vegetable juice cocktail, canned', ['celery']], // 11578
    ['Lemon juice from concentrate, canned or bottled', ['sulphites']], // 9153
    ['Lemon juice, raw', []], // 9152
    ['Lime juice, canned or bottled, unsweetened', ['sulphites']], // 9161
    ['Mango, dried, sweetened', ['sulphites']], // 9178
    ['Beverages, AMBER, hard cider', ['sulphites']], // 14250
    ['Chiton, leathery, gumboots (Alaska Native)', ['molluscs']], // 35026
    // milk the name does not show: SR nutrients, OFF shares
    ['Beverages, V8 SPLASH Smoothies, Peach Mango', ['dairy']], // 14086: 1.2 g protein, 41 mg calcium, no fat
    ['Snacks, corn-based, extruded, onion-flavor', ['dairy']], // 19007: Funyuns-type, buttermilk
    ["McDONALD'S, Sausage McGRIDDLES", ['gluten', 'wheat', 'dairy', 'eggs']], // 21328: griddle cakes
    ["Snacks, KELLOGG, KELLOGG'S RICE KRISPIES TREATS Squares", ['gluten', 'dairy']], // 19438
  ])('%s -> %j', (name, expected) => {
    expect(flags(name)).toEqual(expected);
  });
});
