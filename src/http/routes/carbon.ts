import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CARBON_UNIT, UNCERTAINTY_REASONS } from '../../domain/carbon.js';
import { KNOWN_COUNTRIES } from '../../domain/countries.js';
import { ApiError } from '../../errors.js';
import { errorResponses, IdParams, json } from '../schemas.js';

const Carbon = Type.Object({
  kg_co2e_per_kg: Type.Number({ description: 'kg CO2e per kg of food (GWP100)' }),
  source: Type.String({
    description: 'poore_nemecek_2018 or su_eatable_life (global study), agribalyse_3_1 (French inventory, with country=FR), category_median',
  }),
  class: Type.Enum(['global_study', 'french_inventory', 'category_median'], { description: 'Source class' }),
  dqr: Type.Integer({
    minimum: 1,
    maximum: 5,
    description: 'Data quality rating, lower is better: global study 1-2, French inventory 2-3 (AGRIBALYSE DQR rounded), category median 4-5',
  }),
  boundary: Type.String({ description: 'System boundary: cradle-to-retail (global), cradle-to-plate (AGRIBALYSE)' }),
  uncertainty_low: Type.Number({ description: 'Low end of the spread (see uncertainty_reason); equal to the value when the source gives a single value' }),
  uncertainty_high: Type.Number({ description: 'High end of the spread (see uncertainty_reason); equal to the value when the source gives a single value' }),
  uncertainty_reason: Type.Enum([...UNCERTAINTY_REASONS], {
    description:
      'Where the spread comes from, always values of the same product class: same_product_estimates (the range of the independent estimates of this product: its SU-EATABLE LIFE item and the Poore & Nemecek product its rule names), single_value_source (one value and no other estimate of this product: uncertainty_low = uncertainty_high = the value, no spread borrowed from other products), typology_items (the value is a SU-EATABLE LIFE typology: 10th-90th percentiles of its items), agribalyse_subgroup (10th-90th percentiles of the AGRIBALYSE sub-group), category_spread (a category median: 10th-90th percentiles of the category\'s mapped ingredients)',
  }),
  unit: Type.Literal(CARBON_UNIT),
  product: Type.Union([Type.Object({ code: Type.String(), name: Type.String() }), Type.Null()], {
    description: 'The source product the value belongs to; null for a category median',
  }),
  ciqual_code: Type.Union([Type.String(), Type.Null()], { description: 'The CIQUAL code of the French link (country=FR only)' }),
  basis: Type.String({ description: 'How the value was reached: the mapping rule, link or median it comes from' }),
});

export const CarbonResult = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  country: Type.Union([Type.String(), Type.Null()], { description: 'The country asked for, upper-cased; null without' }),
  carbon: Carbon,
});

export const carbonRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/ingredients/:id/carbon',
    {
      schema: {
        tags: ['Ingredients'],
        summary: "An ingredient's carbon footprint",
        description:
          'Every ingredient has one. Without country, or with a country other than FR: the global study value (SU-EATABLE LIFE item, else Poore & Nemecek 2018 product) the ingredient maps to by the reviewed rules, else the median of its category. With FR: the AGRIBALYSE 3.1 value of its verified CIQUAL link where it has one, else as without. Countries outside US, GB, DE, FR, SE, NO, DK answer 400 unsupported_country.',
        params: IdParams,
        querystring: Type.Object({
          country: Type.Optional(Type.String({ maxLength: 64, description: 'ISO 3166-1 alpha-2, case-insensitive' })),
        }),
        response: { 200: json(CarbonResult, 'The carbon footprint'), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      let country: string | null = null;
      if (request.query.country !== undefined) {
        country = request.query.country.trim().toUpperCase();
        if (!(KNOWN_COUNTRIES as readonly string[]).includes(country)) {
          throw new ApiError('unsupported_country', `country "${request.query.country.slice(0, 32)}" is not supported; supported countries: ${KNOWN_COUNTRIES.join(', ')}`, {
            errors: [{ parameter: 'country', message: `must be one of: ${KNOWN_COUNTRIES.join(', ')}` }],
          });
        }
      }
      const found = app.carbonCooking.footprint(request.params.id, country);
      if (!found) throw ApiError.notFound(`ingredient ${request.params.id}`);
      return found;
    },
  );
};
