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
});
