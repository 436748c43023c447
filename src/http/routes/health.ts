import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../errors.js';
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
              catalog: Type.Object({
                version: Type.String(),
                built_at: Type.String(),
                branded_release: Type.String({ description: '"real", or "real + synthetic (...)" when a synthetic release was loaded for load testing' }),
                integrity: Type.Union(
                  [Type.Literal('unchecked'), Type.Literal('checking'), Type.Literal('verified'), Type.Literal('unverified')],
                  {
                    description:
                      'The file against the content hash written at import: checking (hashed in the background after start or reload), verified, unverified (no hash for this catalogue); a mismatch answers 503',
                  },
                ),
              }),
              accounts: Type.Object(
                { store: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]), reachable: Type.Boolean() },
                { description: 'The account store; while it is unreachable, keys seen in the last LARDER_KEY_CACHE_SECONDS keep working and others answer 503' },
              ),
              limits: Type.Object(
                {
                  backend: Type.Union([Type.Literal('memory'), Type.Literal('redis')]),
                  shared: Type.Boolean(),
                  state: Type.Union([Type.Literal('local'), Type.Literal('shared'), Type.Literal('local_fallback')]),
                  detail: Type.Optional(Type.String()),
                },
                { description: 'Where rate limits are counted; local_fallback while Redis is unreachable' },
              ),
            }),
            'Ready',
          ),
          ...errorResponses(),
        },
      },
    },
    async () => {
      const integrity = app.catalog.integrity;
      if (integrity.state === 'corrupt') throw new ApiError('service_unavailable', `the catalogue is damaged: ${integrity.detail ?? 'it does not match its content hash'}`);
      return {
        status: 'ready' as const,
        catalog: { version: app.catalog.version, built_at: app.catalog.builtAt, branded_release: app.branded.release, integrity: integrity.state },
        accounts: { store: app.accounts.store.kind, reachable: await app.accounts.checkStore() },
        limits: app.limits.status(),
      };
    },
  );
};
