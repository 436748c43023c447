import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryAnswer, createTestApp, nutrient, type TestApp } from '../../support/app.js';

/**
 * Linker v5 seen from the client (README, "Linker v5"): composition twins, dry foods, fat classes
 * and the animal a mince comes from. Values checked against the raw national files.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('composition twins answer with the national food of their verified sibling', () => {
  it('serves CIQUAL 4008 "Potato, peeled, raw" for SR 11353 russet potatoes, flesh and skin', async () => {
    const res = await t.get('/v1/ingredients/11353/nutrients?country=FR');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.linked_food).toMatchObject({ dataset: 'fr_ciqual', code: '4008', name: 'Potato, peeled, raw' });
    expect(body.linked_food.method).toMatch(/\+twin v5$/);
    // Table Ciqual 2020 4008: water 79, protein 2.16, 80.5 kcal
    expect(nutrient(body, 1051)).toMatchObject({ amount: 79, source: 'fr_ciqual' });
    expect(nutrient(body, 1003)).toMatchObject({ amount: 2.16, source: 'fr_ciqual' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 80.5, source: 'fr_ciqual' });
  });
});

describe('foods sold dry are raw as sold', () => {
  it('serves Frida 305 "Pasta, rå" for SR 20420 "Pasta, dry, unenriched"', async () => {
    const body = await countryAnswer(t, 20420, 'DK');
    expect(body.linked_food).toMatchObject({ dataset: 'dk_frida', code: '305' });
    // frida_may2025_values_long.csv 305: water 9.5, fat 1.8, 361.4 kcal
    expect(nutrient(body, 1051)).toMatchObject({ amount: 9.5, source: 'dk_frida' });
    expect(nutrient(body, 1004)).toMatchObject({ amount: 1.8, source: 'dk_frida' });
  });
});

describe('a fat class stated by one name only', () => {
  it('serves CoFID extra lean mince, not "Beef, mince, raw", for 95 % lean ground beef', async () => {
    const body = await countryAnswer(t, 23557, 'GB');
    // Proximates.csv 18-508 "Beef, mince, raw, extra lean": fat 4.2 (18-469 "Beef, mince, raw" has 16.2)
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '18-508' });
    expect(nutrient(body, 1004)).toMatchObject({ amount: 4.2, source: 'uk_cofid' });
  });

  it('never answers 90 % lean ground beef with Matvaretabellen chicken mince (03-366 "Kjøttdeig, kylling")', async () => {
    const body = await countryAnswer(t, 23562, 'NO');
    expect(body.linked_food?.code ?? null).not.toBe('03-366');
  });
});

describe('issue 16, session 10: class words, the common reading and plain national names', () => {
  it('serves CoFID 16-372 "Cod, flesh only, raw" for SR 15015 "Fish, cod, Atlantic, raw" (USDA files fish under "Fish")', async () => {
    const body = await countryAnswer(t, 15015, 'GB');
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '16-372' });
    // Proximates.csv 16-372: water 81.6, protein 17.5, fat 0.6, 75 kcal
    expect(nutrient(body, 1051)).toMatchObject({ amount: 81.6, source: 'uk_cofid' });
    expect(nutrient(body, 1003)).toMatchObject({ amount: 17.5, source: 'uk_cofid' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 75, source: 'uk_cofid' });
  });

  it('reads CoFID "Tomatoes, standard, raw" as the tomato people eat: SR 11529 red ripe tomatoes', async () => {
    const body = await countryAnswer(t, 11529, 'GB');
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '13-517' });
    // Proximates.csv 13-517: water 94.6, protein 0.5, 14 kcal
    expect(nutrient(body, 1051)).toMatchObject({ amount: 94.6, source: 'uk_cofid' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 14, source: 'uk_cofid' });
    const national = (await t.get('/v1/national-foods/GB/13-517')).json();
    // The national food's own choice is the common one, not the green tomato its name is nearest
    expect(national.links[0]).toMatchObject({ ingredient_id: 11529, verified: true });
  });

  it('reads CoFID "Blueberries" (no state) as fresh: SR 9050 raw blueberries, not undecided against frozen', async () => {
    const body = await countryAnswer(t, 9050, 'GB');
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '14-325' });
    // Proximates.csv 14-325: water 85.7, carbohydrate 9.1, 40 kcal
    expect(nutrient(body, 1051)).toMatchObject({ amount: 85.7, source: 'uk_cofid' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 40, source: 'uk_cofid' });
  });

  it('reads "95% lean meat" as lean: Matvaretabellen karbonadedeig (4.5 % fat) answers for 95 % lean ground beef', async () => {
    const body = await countryAnswer(t, 23557, 'NO');
    expect(body.linked_food).toMatchObject({ dataset: 'no_matvaretabellen', code: '03-126' });
    expect(nutrient(body, 1004)).toMatchObject({ amount: 4.5, source: 'no_matvaretabellen' });
  });

  it('reads CIQUAL 9100 "Rice, raw" as the rice FNDDS recipes use: SR 20444 long-grain white rice (unenriched, like the French)', async () => {
    const body = await countryAnswer(t, 20444, 'FR');
    expect(body.linked_food).toMatchObject({ dataset: 'fr_ciqual', code: '9100' });
    expect(body.linked_food.method).toMatch(/\+common v5$/);
    // Table Ciqual 2020 9100: water 12.5, protein 7.04, fat 0.91, 352 kcal
    expect(nutrient(body, 1051)).toMatchObject({ amount: 12.5, source: 'fr_ciqual' });
    expect(nutrient(body, 1003)).toMatchObject({ amount: 7.04, source: 'fr_ciqual' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 352, source: 'fr_ciqual' });
  });

  it('never reads a generic chicken meat as the breast (CIQUAL 36003 "Chicken, meat, raw")', async () => {
    const national = (await t.get('/v1/national-foods/FR/36003')).json();
    expect(national.links.find((l: { ingredient_id: number; verified: boolean }) => l.ingredient_id === 5062 && l.verified)).toBeUndefined();
  });

  it('reads the old genus Livsmedelsverket writes ("Lycopersicon esculentum") as SR\'s Solanum: SE 364 "Tomat" for SR 11529', async () => {
    const body = await countryAnswer(t, 11529, 'SE');
    expect(body.linked_food).toMatchObject({ dataset: 'se_livsmedelsverket', code: '364' });
    // LivsmedelsDB_201702061629.csv 364 "Tomat": water 94.7 g, protein 0.81 g, 17.5 kcal
    expect(nutrient(body, 1051)).toMatchObject({ amount: 94.7, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1003)).toMatchObject({ amount: 0.81, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 17.5, source: 'se_livsmedelsverket' });
  });

  it('reads SR\'s "Salmo gairdneri" as the rainbow trout it is (Oncorhynchus mykiss): CIQUAL 27009 for SR 15240', async () => {
    const body = await countryAnswer(t, 15240, 'FR');
    expect(body.linked_food).toMatchObject({ dataset: 'fr_ciqual', code: '27009' });
    // Table Ciqual 2020 27009 "Rainbow trout, raw, farmed": water 74, protein 19, fat 6.24 g
    expect(nutrient(body, 1051)).toMatchObject({ amount: 74, source: 'fr_ciqual' });
    expect(nutrient(body, 1004)).toMatchObject({ amount: 6.24, source: 'fr_ciqual' });
  });
});

describe('session 11: the part eaten, poultry skin and equally good national foods', () => {

  it('reads poultry "meat only" as the meat without its skin: SR 5011 takes each table\'s chicken meat', async () => {
    expect((await countryAnswer(t, 5011, 'FR')).linked_food).toMatchObject({ dataset: 'fr_ciqual', code: '36003', name: 'Chicken, meat, raw' });
    expect((await countryAnswer(t, 5011, 'DE')).linked_food).toMatchObject({ dataset: 'de_bls', code: 'V413000' });
    expect((await countryAnswer(t, 5011, 'DK')).linked_food).toMatchObject({ dataset: 'dk_frida', code: '795' });
    // ...and Matvaretabellen's "Kylling, filet, uten skinn, rå" is the breast, not the whole bird's meat
    const no = (await countryAnswer(t, 5011, 'NO')).linked_food;
    expect(no === null || no === undefined || no.code !== '03-205', JSON.stringify(no)).toBe(true);
    expect((await countryAnswer(t, 5062, 'NO')).linked_food).toMatchObject({ dataset: 'no_matvaretabellen', code: '03-205' });
  });

  it('reads Foundation\'s "skinless" breast as CIQUAL\'s and Livsmedelsverket\'s breast without skin', async () => {
    expect((await countryAnswer(t, 2646170, 'FR')).linked_food).toMatchObject({ dataset: 'fr_ciqual', code: '36017' });
    expect((await countryAnswer(t, 2646170, 'SE')).linked_food).toMatchObject({ dataset: 'se_livsmedelsverket', code: '1173' });
  });

  it('never answers a raw breast with a casseroled one (CoFID 18-307 "Chicken, breast, casseroled, meat only")', async () => {
    // CoFID has no raw breast: the raw skinless breasts have no GB food at all
    for (const id of [5062, 2646170]) expect((await countryAnswer(t, id, 'GB')).linked_food ?? null, String(id)).toBeNull();
  });

  it('leaves the part eaten of a vegetable to the values: CoFID 13-489 old potatoes, flesh only, for SR 11352 flesh and skin', async () => {
    const body = await countryAnswer(t, 11352, 'GB');
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '13-489', name: 'Potatoes, old, raw, flesh only' });
    // CoFID 2021 Proximates 13-489: water 78.1 g, protein 1.9 g, 82 kcal
    expect(nutrient(body, 1051)).toMatchObject({ amount: 78.1, source: 'uk_cofid' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 82, source: 'uk_cofid' });
    // ...while an apple with skin keeps the national apple that names no part, not the peeled one
    expect((await countryAnswer(t, 9003, 'DE')).linked_food).toMatchObject({ dataset: 'de_bls', code: 'F110100' });
  });

  it('reads SR "without peel" as the flesh, and lemon peel as another product: SR 9150 lemons', async () => {
    const gb = await countryAnswer(t, 9150, 'GB');
    expect(gb.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '14-129', name: 'Lemons, peeled, flesh only' });
    // CoFID 2021 Proximates 14-129: water 89.1 g, 14 kcal
    expect(nutrient(gb, 1051)).toMatchObject({ amount: 89.1, source: 'uk_cofid' });
    expect(nutrient(gb, 1008)).toMatchObject({ amount: 14, source: 'uk_cofid' });
    expect((await countryAnswer(t, 9150, 'DE')).linked_food).toMatchObject({ dataset: 'de_bls', code: 'F601100', name: 'Zitrone roh' });
    expect((await countryAnswer(t, 9150, 'NO')).linked_food).toMatchObject({ dataset: 'no_matvaretabellen', code: '06-550' });
    expect((await countryAnswer(t, 9156, 'DE')).linked_food?.code ?? null).not.toBe('F601100'); // Lemon peel, raw
  });

  it('chooses the nearer values among equally good national foods: BLS cheddar of 50 %, not 45 %, fat in dry matter', async () => {
    for (const id of [328637, 1009]) {
      const body = await countryAnswer(t, id, 'DE');
      expect(body.linked_food, String(id)).toMatchObject({ dataset: 'de_bls', code: 'M303700' });
      // bls_2025.json M303700 "Chester (Cheddar) mind. 50 % Fett i. Tr.": grassi 32.2, calorie 387
      expect(nutrient(body, 1004)).toMatchObject({ amount: 32.2, source: 'de_bls' });
      expect(nutrient(body, 1008)).toMatchObject({ amount: 387, source: 'de_bls' });
    }
  });
  it('reads pork loin chops by their cut and fat trim: bone-in or boneless, a fat rim trimmed to 5 mm, BLS\'s Kotelett', async () => {
    // SR 10036 (bone-in) and 10164 (boneless) center loin chops, separable lean and fat: the same name once "bone-in" is
    // read as no name word (values per 100 g eaten either way); their samples differ (fat 9.03 and 12.96 g), the values decide
    const se = await countryAnswer(t, 10164, 'SE');
    expect(se.linked_food).toMatchObject({ dataset: 'se_livsmedelsverket', code: '971', name: 'Gris fläsk kotlett fettkant 5 mm rå' });
    // LivsmedelsDB_201702061629.csv 971: Fett 12 g, Protein 19.4 g, 184.9 kcal
    expect(nutrient(se, 1004)).toMatchObject({ amount: 12, source: 'se_livsmedelsverket' });
    expect(nutrient(se, 1008)).toMatchObject({ amount: 184.9, source: 'se_livsmedelsverket' });
    expect((await countryAnswer(t, 10036, 'SE')).linked_food).toMatchObject({ code: '971' });
    // BLS U522100 "Schwein Stielkotelett" and U622100 "Schwein Kotelett (Rücken/cranial)" (read "loin chop"): grassi 10.08, calorie 175
    const de = await countryAnswer(t, 10036, 'DE');
    expect(['U522100', 'U622100']).toContain(de.linked_food?.code);
    expect(nutrient(de, 1004)).toMatchObject({ amount: 10.08, source: 'de_bls' });
    // A chop injected with a salt solution (SR 10949) is no rival to the untreated one for a name that does not say it
    expect((await countryAnswer(t, 10036, 'FR')).linked_food).toMatchObject({ dataset: 'fr_ciqual', code: '28100' });
  });
  it('reads a colour before the noun as a variety: CIQUAL 20116 "White cabbage, raw" and BLS G342100 "Weißkohl roh" for SR 11109', async () => {
    const fr = await countryAnswer(t, 11109, 'FR');
    expect(fr.linked_food).toMatchObject({ dataset: 'fr_ciqual', code: '20116', name: 'White cabbage, raw' });
    // Table Ciqual 2020 20116: water 90 g, protein 1.38 g
    expect(nutrient(fr, 1051)).toMatchObject({ amount: 90, source: 'fr_ciqual' });
    expect(nutrient(fr, 1003)).toMatchObject({ amount: 1.38, source: 'fr_ciqual' });
    expect((await countryAnswer(t, 11109, 'DE')).linked_food).toMatchObject({ dataset: 'de_bls', code: 'G342100' });
  });
  it('reads BLS egg-free pasta as plain dry pasta and "White bread/wheat bread" as white bread', async () => {
    const pasta = await countryAnswer(t, 20420, 'DE');
    expect(pasta.linked_food).toMatchObject({ dataset: 'de_bls', code: 'E401000', name: 'Teigwaren eifrei, roh' });
    // bls_2025.json E401000: proteine 12.4, calorie 346
    expect(nutrient(pasta, 1003)).toMatchObject({ amount: 12.4, source: 'de_bls' });
    const bread = await countryAnswer(t, 18069, 'DE');
    expect(bread.linked_food).toMatchObject({ dataset: 'de_bls', code: 'B311000', name: 'Weizenbrot/Weißbrot' });
    // bls_2025.json B311000: proteine 8.69, calorie 272
    expect(nutrient(bread, 1008)).toMatchObject({ amount: 272, source: 'de_bls' });
    // ...and USDA's "white wheat" bread (a whole-grain bread of white wheat) no longer takes it
    expect((await countryAnswer(t, 18967, 'DE')).linked_food?.code ?? null).not.toBe('B311000');
  });

  it('reads British pork and beef "fillet" as the tenderloin: CoFID 18-510 fillet medallions for SR 10060, a fillet steak for SR 23601', async () => {
    const pork = await countryAnswer(t, 10060, 'GB');
    expect(pork.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '18-510', name: 'Pork, fillet medallions, raw, lean' });
    // CoFID 2021 Proximates 18-510: water 74.6 g, protein 22.8 g, fat 0.5 g
    expect(nutrient(pork, 1051)).toMatchObject({ amount: 74.6, source: 'uk_cofid' });
    expect(nutrient(pork, 1003)).toMatchObject({ amount: 22.8, source: 'uk_cofid' });
    // (SR 23601 is lean only, but its "trimmed to 1/8" fat" still reads as a fat word: it takes the lean and fat steak, 18-017)
    expect(['18-016', '18-017']).toContain((await countryAnswer(t, 23601, 'GB')).linked_food?.code);
  });

  it('reads CoFID "bread/strong" flour as bread flour: SR 20129 "Wheat flours, bread, unenriched" takes 11-887', async () => {
    const body = await countryAnswer(t, 20129, 'GB');
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '11-887', name: 'Flour, wheat, bread/strong, white' });
    // CoFID 2021 Proximates 11-887: protein 11.3 g, 353 kcal
    expect(nutrient(body, 1003)).toMatchObject({ amount: 11.3, source: 'uk_cofid' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 353, source: 'uk_cofid' });
  });
});


describe('session 14: a record of the food as sold and a low-sodium rival', () => {
  it('serves BLS G561100 "Tomate roh" for Foundation 1999634 "Tomato, roma", a twin of SR 11529 that names no state', async () => {
    const body = await countryAnswer(t, 1999634, 'DE');
    expect(body.linked_food).toMatchObject({ dataset: 'de_bls', code: 'G561100' });
    expect(body.linked_food.method).toMatch(/\+twin v\d+$/);
    // bls_2025.json G561100: 22 kcal, protein 0.95, fat 0.11
    expect(nutrient(body, 1008)).toMatchObject({ amount: 22, source: 'de_bls' });
    expect(nutrient(body, 1003)).toMatchObject({ amount: 0.95, source: 'de_bls' });
    expect(nutrient(body, 1004)).toMatchObject({ amount: 0.11, source: 'de_bls' });
  });

  it('serves Livsmedelsverket 2255 "Mozzarella ost fett 20 %" for SR 1026 whole-milk mozzarella: a low-sodium mozzarella is no rival reading', async () => {
    const body = await countryAnswer(t, 1026, 'SE');
    expect(body.linked_food).toMatchObject({ dataset: 'se_livsmedelsverket', code: '2255' });
    // LivsmedelsDB_201702061629.csv 2255: fat 20.3, protein 18.6, water 57.4
    expect(nutrient(body, 1004)).toMatchObject({ amount: 20.3, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1003)).toMatchObject({ amount: 18.6, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1051)).toMatchObject({ amount: 57.4, source: 'se_livsmedelsverket' });
  });
});

describe('session 14: a Foundation record answers with its fuller SR record\'s national food', () => {
  it('serves CoFID 11-886 plain flour for Foundation 789951 "Flour, wheat, all-purpose, enriched, unbleached", as for SR 20581', async () => {
    const body = await countryAnswer(t, 789951, 'GB');
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '11-886', name: 'Flour, wheat, white, plain, soft' });
    expect(body.linked_food.method).toMatch(/\+record v\d+$/);
    expect((await countryAnswer(t, 20581, 'GB')).linked_food).toMatchObject({ dataset: 'uk_cofid', code: '11-886' });
    // Proximates.csv 11-886: water 11.6, protein 9.1, fat 1.4, 352 kcal
    expect(nutrient(body, 1051)).toMatchObject({ amount: 11.6, source: 'uk_cofid' });
    expect(nutrient(body, 1003)).toMatchObject({ amount: 9.1, source: 'uk_cofid' });
    expect(nutrient(body, 1004)).toMatchObject({ amount: 1.4, source: 'uk_cofid' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 352, source: 'uk_cofid' });
  });
});

describe('issue 16, session 16: a name that says the food word for word needs the values to agree on average', () => {
  it('serves Livsmedelsverket 1260 "Makrill rå" for SR 15046 Atlantic mackerel: fish fat varies with season (25 g against 13.9 g)', async () => {
    const body = await countryAnswer(t, 15046, 'SE');
    expect(body.linked_food).toMatchObject({ dataset: 'se_livsmedelsverket', code: '1260', name: 'Makrill rå' });
    // LivsmedelsDB_201702061629.csv 1260: 298.3 kcal, fat 25, protein 17, water 55
    expect(nutrient(body, 1004)).toMatchObject({ amount: 25, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1003)).toMatchObject({ amount: 17, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 298.3, source: 'se_livsmedelsverket' });
  });

  it('serves Matvaretabellen 06-062 "Sjampinjong, rå" for SR 11260 white mushrooms: its 4 g fibre is a method, not another food', async () => {
    const body = await countryAnswer(t, 11260, 'NO');
    expect(body.linked_food).toMatchObject({ dataset: 'no_matvaretabellen', code: '06-062' });
    // matvaretabellen.csv 06-062: water 94, 17 kcal, fibre 4, protein 2.3
    expect(nutrient(body, 1079)).toMatchObject({ amount: 4, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1003)).toMatchObject({ amount: 2.3, source: 'no_matvaretabellen' });
  });

  it('never serves a mince of another fat grade for a same-named one: CoFID 18-481 lamb mince (13.3 g fat) is not SR 17224 (23.4 g)', async () => {
    const body = await countryAnswer(t, 17224, 'GB');
    expect(body.linked_food?.code ?? null).not.toBe('18-481');
  });
});

describe('issue 16, session 16: a food with an added food is not the national food without it', () => {
  it('never serves CoFID 13-532 plain baked beans for SR 16011 baked beans "with pork and tomato sauce"', async () => {
    const body = await countryAnswer(t, 16011, 'GB');
    expect(body.linked_food?.code ?? null).not.toBe('13-532');
  });

  it('never serves BLS egg pasta (E432032 "Eierteigwaren gekocht") for SR 20098 pasta "made without egg"', async () => {
    const body = await countryAnswer(t, 20098, 'DE');
    expect(body.linked_food?.code ?? null).not.toBe('E432032');
  });

  it('still serves the plain record: BLS M711300 cottage cheese for SR 1012, and not for SR 1013 "with fruit"', async () => {
    const body = await countryAnswer(t, 1012, 'DE');
    expect(body.linked_food).toMatchObject({ dataset: 'de_bls', code: 'M711300' });
    // bls_2025.json M711300 "Körniger Frischkäse mind. 20 % Fett i. Tr.": fat 4.3, protein 13.3, 109 kcal
    expect(nutrient(body, 1004)).toMatchObject({ amount: 4.3, source: 'de_bls' });
    expect(nutrient(body, 1003)).toMatchObject({ amount: 13.3, source: 'de_bls' });
    expect((await countryAnswer(t, 1013, 'DE')).linked_food?.code ?? null).not.toBe('M711300');
  });

  it('reads an additive as no added food: SR 4643 canola oil "with antifoaming agent" keeps BLS Q180000 "Rapsöl/Rüböl"', async () => {
    const body = await countryAnswer(t, 4643, 'DE');
    expect(body.linked_food).toMatchObject({ dataset: 'de_bls', code: 'Q180000' });
    // bls_2025.json Q180000: fat 100, 900 kcal
    expect(nutrient(body, 1004)).toMatchObject({ amount: 100, source: 'de_bls' });
  });
});

describe('session 16 user trial: the British everyday food', () => {
  it('serves CoFID 13-496 "Carrots, old, raw" (the maincrop, sold all year) for SR 11124, not the young carrots', async () => {
    const body = await countryAnswer(t, 11124, 'GB');
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '13-496', name: 'Carrots, old, raw' });
    // Proximates.csv 13-496: water 89, protein 0.5, 34 kcal, AOAC fibre 3.9
    expect(nutrient(body, 1051)).toMatchObject({ amount: 89, source: 'uk_cofid' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 34, source: 'uk_cofid' });
  });

  it('serves CoFID 12-332 "Cream, fresh, single" for SR 1050 light (table) cream: both 19.1 g fat', async () => {
    const body = await countryAnswer(t, 1050, 'GB');
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '12-332', name: 'Cream, fresh, single' });
    // Proximates.csv 12-332: water 77, protein 3.3, fat 19.1, 193 kcal
    expect(nutrient(body, 1004)).toMatchObject({ amount: 19.1, source: 'uk_cofid' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 193, source: 'uk_cofid' });
  });
});

describe('session 16: a Foundation record sold "dry" or "wild caught" is its SR record\'s food', () => {
  it('serves CoFID 16-372 "Cod, flesh only, raw" for Foundation 2684444 "Fish, cod, Atlantic, wild caught, raw", as for SR 15015', async () => {
    const body = await countryAnswer(t, 2684444, 'GB');
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '16-372' });
    expect(body.linked_food.method).toMatch(/\+record v\d+$/);
    // Proximates.csv 16-372: water 81.6, protein 17.5, 75 kcal
    expect(nutrient(body, 1051)).toMatchObject({ amount: 81.6, source: 'uk_cofid' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 75, source: 'uk_cofid' });
  });

  it('serves Livsmedelsverket 881 "Kikärter torkade" for Foundation 2644282 dry chickpeas, as for SR 16056', async () => {
    const body = await countryAnswer(t, 2644282, 'SE');
    expect(body.linked_food).toMatchObject({ dataset: 'se_livsmedelsverket', code: '881', name: 'Kikärter torkade' });
    // LivsmedelsDB_201702061629.csv 881: 352.1 kcal, protein 20.5, fibre 10
    expect(nutrient(body, 1008)).toMatchObject({ amount: 352.1, source: 'se_livsmedelsverket' });
    expect(nutrient(body, 1003)).toMatchObject({ amount: 20.5, source: 'se_livsmedelsverket' });
  });
});

describe('session 16: Foundation bread flour says no "wheat" and is wheat bread flour', () => {
  it('serves CoFID 11-887 strong white flour for Foundation 790146 "Flour, bread, white, enriched, unbleached", as for SR 20083', async () => {
    const body = await countryAnswer(t, 790146, 'GB');
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '11-887', name: 'Flour, wheat, bread/strong, white' });
    // Proximates.csv 11-887: water 11.7, protein 11.3, fat 1.2, 353 kcal
    expect(nutrient(body, 1003)).toMatchObject({ amount: 11.3, source: 'uk_cofid' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 353, source: 'uk_cofid' });
  });

  it('serves BLS C214100 "Weizen Mehl, Type 405" (household flour) for SR 20081 all-purpose flour, and Type 550 for bread flour', async () => {
    const plain = await countryAnswer(t, 20081, 'DE');
    expect(plain.linked_food).toMatchObject({ dataset: 'de_bls', code: 'C214100' });
    // bls_2025.json C214100: protein 10.46, fat 0.93, 348 kcal
    expect(nutrient(plain, 1003)).toMatchObject({ amount: 10.46, source: 'de_bls' });
    expect(nutrient(plain, 1008)).toMatchObject({ amount: 348, source: 'de_bls' });
    expect((await countryAnswer(t, 790146, 'DE')).linked_food).toMatchObject({ dataset: 'de_bls', code: 'C214200' });
  });
});

describe('session 16: Matvaretabellen "lettrømme" is Norway\'s everyday sour cream', () => {
  it('serves 01-087 "Lettrømme, 18 % fett" for SR 1056 sour cream (19.35 g fat), not the US light sour cream\'s fat class', async () => {
    const body = await countryAnswer(t, 1056, 'NO');
    expect(body.linked_food).toMatchObject({ dataset: 'no_matvaretabellen', code: '01-087', name: 'Lettrømme, 18 % fett' });
    // matvaretabellen.csv 01-087: water 75, 189 kcal, fat 18
    expect(nutrient(body, 1004)).toMatchObject({ amount: 18, source: 'no_matvaretabellen' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 189, source: 'no_matvaretabellen' });
  });
});

describe('session 17: the species a European table means, and a cheese without its rind', () => {
  it('serves CoFID 16-175 "Herring, flesh only, raw" for Atlantic herring (SR 15039), not Pacific herring (15043)', async () => {
    const atlantic = await countryAnswer(t, 15039, 'GB');
    expect(atlantic.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '16-175' });
    // Proximates.csv 16-175: water 68, protein 17.8, fat 13.2, 190 kcal
    expect(nutrient(atlantic, 1004)).toMatchObject({ amount: 13.2, source: 'uk_cofid' });
    expect(nutrient(atlantic, 1008)).toMatchObject({ amount: 190, source: 'uk_cofid' });
    expect((await countryAnswer(t, 15043, 'GB')).linked_food).toBeNull();
  });

  it('serves BLS "Makrele roh" for Atlantic mackerel (SR 15046) and "Dorsch/Kabeljau, roh" for Atlantic cod (SR 15015)', async () => {
    const mackerel = await countryAnswer(t, 15046, 'DE');
    expect(mackerel.linked_food).toMatchObject({ dataset: 'de_bls', code: 'T107100' });
    // bls_2025.json T107100: fat 8.31, protein 18.6, 149 kcal
    expect(nutrient(mackerel, 1004)).toMatchObject({ amount: 8.31, source: 'de_bls' });
    const cod = await countryAnswer(t, 15015, 'DE');
    expect(cod.linked_food).toMatchObject({ dataset: 'de_bls', code: 'T204100' });
    // T204100: fat 0.84, protein 17.8, 79 kcal
    expect(nutrient(cod, 1008)).toMatchObject({ amount: 79, source: 'de_bls' });
    expect((await countryAnswer(t, 15050, 'DE')).linked_food?.code).not.toBe('T107100');
  });

  it('serves CoFID 12-344 "Cheese, Brie, with outer rind removed" for SR 1006 brie, not the rind alone (12-491)', async () => {
    const body = await countryAnswer(t, 1006, 'GB');
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '12-344' });
    // Proximates.csv 12-344: water 48.7, protein 20.3, fat 29.1, 343 kcal (12-491, rind only: 304 kcal, 26.4 g fat)
    expect(nutrient(body, 1004)).toMatchObject({ amount: 29.1, source: 'uk_cofid' });
    expect(nutrient(body, 1008)).toMatchObject({ amount: 343, source: 'uk_cofid' });
  });

  it('links SR leeks, whose name says "(bulb and lower leaf-portion)", to every table\'s raw leek', async () => {
    // Proximates.csv 13-624 "Leeks, raw": water 90.7, 23 kcal; CIQUAL 20039 "Leek, raw"; BLS G470100 "Porree/Lauch, roh".
    const gb = await countryAnswer(t, 11246, 'GB');
    expect(gb.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '13-624' });
    expect(nutrient(gb, 1008)).toMatchObject({ amount: 23, source: 'uk_cofid' });
    expect((await countryAnswer(t, 11246, 'FR')).linked_food).toMatchObject({ dataset: 'fr_ciqual', code: '20039' });
    expect((await countryAnswer(t, 11246, 'DE')).linked_food).toMatchObject({ dataset: 'de_bls', code: 'G470100' });
  });

  it('reads CoFID "chick peas, Kabuli" as chickpeas: Foundation 2644282 dry chickpeas takes 13-074', async () => {
    const gb = await countryAnswer(t, 2644282, 'GB');
    expect(gb.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '13-074' });
  });

  it('reads BLS "Joghurt mild" as plain yogurt: SR 1116 whole-milk yogurt takes M141300 (mild is a taste, not a composition)', async () => {
    const de = await countryAnswer(t, 1116, 'DE');
    expect(de.linked_food).toMatchObject({ dataset: 'de_bls', code: 'M141300' });
    // bls_2025.json M141300 "Joghurt mild, mind. 3,5 % Fett" (nome_fr "yaourt nature"): fat 3.46, protein 3.98, 67 kcal
    expect(nutrient(de, 1004)).toMatchObject({ amount: 3.46, source: 'de_bls' });
    expect(nutrient(de, 1008)).toMatchObject({ amount: 67, source: 'de_bls' });
  });

  it('serves the conventional Matvaretabellen flour for Foundation flours, as for their SR record, not "Hvetemel, økologisk"', async () => {
    for (const id of [789890, 789951, 790018]) {
      expect((await countryAnswer(t, id, 'NO')).linked_food, String(id)).toMatchObject({ dataset: 'no_matvaretabellen', code: '05-010' });
    }
    expect((await countryAnswer(t, 20081, 'NO')).linked_food).toMatchObject({ code: '05-010', name: 'Hvetemel, siktet' });
  });

  it('links SR 11260 white mushrooms to BLS "Champignon roh" and CIQUAL 20056, Foundation 1999629 keeps the fresh one, UV-grown 11938 none', async () => {
    expect((await countryAnswer(t, 11260, 'DE')).linked_food).toMatchObject({ dataset: 'de_bls', code: 'K701100' });
    expect((await countryAnswer(t, 11260, 'FR')).linked_food).toMatchObject({ dataset: 'fr_ciqual', code: '20056' });
    // Not K701200 "Champignon tiefgefroren": the frozen food's values are the fresh ones', but the record is fresh.
    expect((await countryAnswer(t, 1999629, 'DE')).linked_food).toMatchObject({ dataset: 'de_bls', code: 'K701100' });
    // A mushroom grown under UV light is rich in vitamin D: no table's plain mushroom speaks for it.
    expect((await countryAnswer(t, 11938, 'GB')).linked_food).toBeNull();
  });
});

describe('session 18: variants a plainer national name covers, from the ingredient\'s side', () => {
  it('serves Frida 1162 "Jordnøddesmør" for Foundation creamy and SR smooth salted peanut butter', async () => {
    for (const id of [2262072, 16098]) {
      const body = await countryAnswer(t, id, 'DK');
      expect(body.linked_food).toMatchObject({ dataset: 'dk_frida', code: '1162' });
      expect(body.linked_food.method).toMatch(/\+variant v5$/);
      // frida_may2025_values_long.csv 1162 "Peanut butter": 636.9 kcal
      expect(nutrient(body, 1008)).toMatchObject({ amount: 636.9, source: 'dk_frida' });
    }
  });

  it('serves BLS G312132 "Broccoli gekocht" for SR 11091 boiled broccoli, and H880200 for creamy peanut butter', async () => {
    const broccoli = await countryAnswer(t, 11091, 'DE');
    expect(broccoli.linked_food).toMatchObject({ dataset: 'de_bls', code: 'G312132' });
    // bls_2025.json G312132: protein 3.3, fat 0.5, 33 kcal
    expect(nutrient(broccoli, 1003)).toMatchObject({ amount: 3.3, source: 'de_bls' });
    expect(nutrient(broccoli, 1008)).toMatchObject({ amount: 33, source: 'de_bls' });
    const butter = await countryAnswer(t, 2262072, 'DE');
    expect(butter.linked_food).toMatchObject({ dataset: 'de_bls', code: 'H880200' });
    // H880200 "Erdnussbutter/Erdnusscreme": fat 47.78, 606 kcal
    expect(nutrient(butter, 1004)).toMatchObject({ amount: 47.78, source: 'de_bls' });
  });

  it('gives Foundation\'s as-sold whole egg the raw egg, not a pasteurised one: CoFID 12-937, Frida 1664', async () => {
    const gb = await countryAnswer(t, 748967, 'GB');
    expect(gb.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '12-937' });
    // Proximates.csv 12-937 "Eggs, chicken, whole, raw": protein 12.6, fat 9.0, 131 kcal
    expect(nutrient(gb, 1008)).toMatchObject({ amount: 131, source: 'uk_cofid' });
    expect((await countryAnswer(t, 748967, 'DK')).linked_food).toMatchObject({ dataset: 'dk_frida', code: '1664' });
  });

  it('lends no cabbage of another kind, and no named cheese read as "cheese", a plainer national name', async () => {
    // Livsmedelsverket "Vitkål" (read "cabbage") is white cabbage: pak-choi's and kimchi's values differ from its records'.
    for (const id of [11116, 11118]) expect((await countryAnswer(t, id, 'SE')).linked_food?.code).not.toBe('370');
    // Matvaretabellen "Nøkkelost" reads "cheese": no provolone takes it.
    expect((await countryAnswer(t, 2647440, 'NO')).linked_food?.code).not.toBe('01-043');
  });

  it('reads "curly kale" as kale and "durum wheat semolina" as semolina (reviewed phrases)', async () => {
    const gb = await countryAnswer(t, 11233, 'GB');
    expect(gb.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '13-234' });
    // Proximates.csv 13-234 "Curly kale, raw": protein 3.4, 33 kcal
    expect(nutrient(gb, 1008)).toMatchObject({ amount: 33, source: 'uk_cofid' });
    expect((await countryAnswer(t, 11233, 'DE')).linked_food).toMatchObject({ dataset: 'de_bls', code: 'G322100' });
    const fr = await countryAnswer(t, 20466, 'FR');
    expect(fr.linked_food).toMatchObject({ dataset: 'fr_ciqual', code: '9610' });
    // Table Ciqual 2020 9610 "Durum wheat semolina, raw": protein 10.9, fibre 3.37, 352 kcal
    expect(nutrient(fr, 1003)).toMatchObject({ amount: 10.9, source: 'fr_ciqual' });
    expect((await countryAnswer(t, 20466, 'DE')).linked_food).toMatchObject({ dataset: 'de_bls', code: 'C219300' });
  });

  it('reads a BLS name that gives two names by each: "Batate/Süßkartoffel" is sweet potato, "Japanische Wollmispel/Loquat" loquat', async () => {
    const potato = await countryAnswer(t, 11507, 'DE');
    expect(potato.linked_food).toMatchObject({ dataset: 'de_bls', code: 'K420100' });
    expect((await countryAnswer(t, 9174, 'DE')).linked_food).toMatchObject({ dataset: 'de_bls', code: 'F529100' });
    // "Goose lard/fat" is goose fat: chicken fat does not take it.
    expect((await countryAnswer(t, 4542, 'DE')).linked_food?.code).not.toBe('Q820000');
  });

  it('reads Swedish "Salladskål" and Foundation "bok choy" as the Chinese cabbages they are, not white cabbage', async () => {
    const se = await countryAnswer(t, 11119, 'SE');
    expect(se.linked_food).toMatchObject({ dataset: 'se_livsmedelsverket', code: '358' });
    // LivsmedelsDB 358 "Salladskål" (Brassica rapa ssp. pekinensis): 20.6 kcal, water 93.7
    expect(nutrient(se, 1008)).toMatchObject({ amount: 20.6, source: 'se_livsmedelsverket' });
    expect(nutrient(se, 1051)).toMatchObject({ amount: 93.7, source: 'se_livsmedelsverket' });
    // Matvaretabellen 06-175 "Pak-choi, bok choy, kål, rå" (it was "Hodekål", head cabbage, before)
    expect((await countryAnswer(t, 2685572, 'NO')).linked_food).toMatchObject({ dataset: 'no_matvaretabellen', code: '06-175' });
    expect((await countryAnswer(t, 2685572, 'SE')).linked_food?.code).not.toBe('370');
  });

  it('reads "ox" as beef and "linseed" as flaxseed (reviewed words), but no pickled tongue as a raw one', async () => {
    const liver = await countryAnswer(t, 13325, 'DK');
    expect(liver.linked_food).toMatchObject({ dataset: 'dk_frida', code: '742' });
    // frida_may2025_values_long.csv 742 "Liver, ox, raw": protein 20.3
    expect(nutrient(liver, 1003)).toMatchObject({ amount: 20.3, source: 'dk_frida' });
    const kidney = await countryAnswer(t, 13323, 'GB');
    expect(kidney.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '18-404' });
    // Proximates.csv 18-404 "Kidney, ox, raw": protein 17.2, 88 kcal
    expect(nutrient(kidney, 1008)).toMatchObject({ amount: 88, source: 'uk_cofid' });
    expect((await countryAnswer(t, 12220, 'DE')).linked_food).toMatchObject({ dataset: 'de_bls', code: 'H410100' });
    expect((await countryAnswer(t, 12220, 'DK')).linked_food).toMatchObject({ dataset: 'dk_frida', code: '149' });
    // CoFID 18-424 "Tongue, ox, meat only, pickled, raw" holds 1,210 mg sodium: SR 13339 raw tongue holds 69.
    expect((await countryAnswer(t, 13339, 'GB')).linked_food?.code).not.toBe('18-424');
  });

  it('lets the values choose among dairy too: Frida 97 "Mozzarella, 45+" for SR 1026 whole-milk mozzarella', async () => {
    const body = await countryAnswer(t, 1026, 'DK');
    expect(body.linked_food).toMatchObject({ dataset: 'dk_frida', code: '97' });
    expect(body.linked_food.method).toMatch(/\+values v5$/);
    // frida_may2025_values_long.csv 97: 326.3 kcal
    expect(nutrient(body, 1008)).toMatchObject({ amount: 326.3, source: 'dk_frida' });
  });

  it('reads a national "dried" as met by a dry food: CoFID 14-393 "Raisins, dried" for SR 9298 dark raisins', async () => {
    const body = await countryAnswer(t, 9298, 'GB');
    expect(body.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '14-393' });
    // Proximates.csv 14-393 "Raisins, dried": water 17.4, carbohydrate 62.6, 256 kcal
    expect(nutrient(body, 1008)).toMatchObject({ amount: 256, source: 'uk_cofid' });
  });

  it('reads "brazil nuts" as SR\'s "brazilnuts" and "wheat, bulgur" as bulgur (reviewed spellings)', async () => {
    const nuts = await countryAnswer(t, 12078, 'DE');
    expect(nuts.linked_food).toMatchObject({ dataset: 'de_bls', code: 'H180100' });
    const bulgur = await countryAnswer(t, 20012, 'GB');
    expect(bulgur.linked_food).toMatchObject({ dataset: 'uk_cofid', code: '11-904' });
    // Proximates.csv 11-904 "Wheat, bulgur, raw": protein 10.6, fat 2, 352 kcal
    expect(nutrient(bulgur, 1003)).toMatchObject({ amount: 10.6, source: 'uk_cofid' });
    expect(nutrient(bulgur, 1008)).toMatchObject({ amount: 352, source: 'uk_cofid' });
  });
});
