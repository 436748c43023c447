import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { json } from '../schemas.js';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['Operations'],
        summary: 'The process is up',
        security: [],
        response: { 200: json(Type.Object({ status: Type.Literal('ok') }), 'Up') },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['Operations'],
        summary: 'The catalogue is loaded and the service answers data requests',
        security: [],
        response: {
          200: json(
            Type.Object({
              status: Type.Literal('ready'),
              catalog: Type.Object({
                version: Type.String(),
                built_at: Type.String(),
                branded_release: Type.String({ description: '"real", or "real + synthetic (...)" when a synthetic release was loaded for load testing' }),
              }),
            }),
            'Ready',
          ),
        },
      },
    },
    async () => ({ status: 'ready' as const, catalog: { version: app.catalog.version, built_at: app.catalog.builtAt, branded_release: app.catalog.branded.release } }),
  );
};
