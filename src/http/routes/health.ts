import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, json } from '../schemas.js';

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
              catalog: Type.Object({ version: Type.String(), built_at: Type.String() }),
            }),
            'Ready',
          ),
          ...errorResponses(),
        },
      },
    },
    async () => ({ status: 'ready' as const, catalog: { version: app.catalog.version, built_at: app.catalog.builtAt } }),
  );
};
