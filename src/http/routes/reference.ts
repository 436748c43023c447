import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, json } from '../schemas.js';

export const NutrientDefinition = Type.Object({
  id: Type.Integer({ description: 'FDC nutrient id; nutrient_id elsewhere refers to it' }),
  usda_id: Type.Union([Type.String(), Type.Null()], { description: 'Legacy USDA nutrient number, e.g. "208"' }),
  name: Type.String(),
  unit: Type.String(),
});

export const Category = Type.Object({
  id: Type.Integer({ description: 'FDC food category id, the value of the category filter' }),
  code: Type.String({ description: 'USDA food group code' }),
  name: Type.String(),
  ingredient_count: Type.Integer(),
});

export const Source = Type.Object({
  id: Type.String({ description: 'Dataset id, as used in source fields' }),
  name: Type.String(),
  version: Type.String(),
  publisher: Type.String(),
  licence: Type.String(),
  licence_url: Type.Union([Type.String(), Type.Null()]),
  url: Type.String({ description: 'Where the official release is downloaded' }),
  attribution: Type.String({ description: 'Text to cite when you show data from this dataset' }),
  role: Type.String(),
  record_counts: Type.Record(Type.String(), Type.Integer()),
});

export const referenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/nutrients',
    {
      schema: {
        tags: ['Reference'],
        summary: 'All nutrient definitions',
        response: { 200: json(Type.Object({ data: Type.Array(NutrientDefinition) }), 'Every definition'), ...errorResponses(400, 401, 429) },
      },
    },
    async () => ({ data: app.reference.nutrients() }),
  );

  app.get(
    '/v1/categories',
    {
      schema: {
        tags: ['Reference'],
        summary: 'All ingredient categories (values of the category filter)',
        response: { 200: json(Type.Object({ data: Type.Array(Category) }), 'Every category'), ...errorResponses(400, 401, 429) },
      },
    },
    async () => ({ data: app.reference.categories() }),
  );

  app.get(
    '/v1/sources',
    {
      schema: {
        tags: ['Reference'],
        summary: 'Every dataset the catalogue was built from, with version, licence and attribution',
        response: {
          200: json(
            Type.Object({
              catalog_version: Type.String(),
              built_at: Type.String(),
              branded_release: Type.String({ description: '"real", or "real + synthetic (...)" when a synthetic release was loaded' }),
              data: Type.Array(Source),
            }),
            'Every dataset',
          ),
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async () => ({
      catalog_version: app.catalog.version,
      built_at: app.catalog.builtAt,
      branded_release: app.branded.release,
      data: app.reference.datasets(),
    }),
  );
};
