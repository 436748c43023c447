import compress from '@fastify/compress';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import type { AccountService } from '../accounts/service.js';
import type { Catalog } from '../catalog/catalog.js';
import type { Config } from '../config.js';
import { requireApiKey } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { etagPlugin } from './plugins/etag.js';
import { brandedRoutes } from './routes/branded.js';
import { docsRoutes } from './routes/docs.js';
import { healthRoutes } from './routes/health.js';
import { ingredientRoutes } from './routes/ingredients.js';
import { referenceRoutes } from './routes/reference.js';
import { surveyFoodRoutes } from './routes/surveyFoods.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    catalog: Catalog;
    accounts: AccountService;
  }
}

export interface AppDependencies {
  config: Config;
  catalog: Catalog;
  accounts: AccountService;
  /** Fastify logger options; defaults to pino at the configured level. */
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const EXPOSED_HEADERS = ['x-request-id', 'etag', 'retry-after', 'ratelimit', 'ratelimit-policy'];

export const API_DESCRIPTION = `Read-only food data: canonical ingredients (USDA SR Legacy and Foundation Foods), survey foods (FNDDS) and branded products (FDC Branded Foods, Open Food Facts), with nutrients per 100 g of edible portion, densities, household measures and allergen flags.

**Authentication.** Every /v1 data endpoint needs an API key in the \`x-api-key\` header (\`svc_live_\` followed by 32 lowercase hex characters). Missing, malformed, unknown and revoked keys answer 401 with codes \`missing_api_key\`, \`invalid_api_key\` and \`revoked_api_key\`. This document, /healthz and /readyz need no key. OPTIONS preflight needs no key.

**Errors.** Every error is \`application/problem+json\` (RFC 9457): \`{type, title, status, detail, code, request_id}\`, plus \`errors: [{parameter, message}]\` for invalid parameters. Unknown ids and paths answer 404; methods other than GET, HEAD and OPTIONS answer 405 with \`Allow\`. Codes are listed at /docs/errors.

**Lists.** List endpoints answer \`{data, limit, offset, total, total_exact}\`; /v1/nutrients, /v1/categories and /v1/sources answer \`{data}\`. \`limit\` is 1..100 (default 20) and \`offset\` >= 0 (default 0); out of range or not an integer is 400; an offset past the end answers an empty page. With \`q\` the order is relevance (exact name, then names whose head or start is the text, then full-text rank, shorter names first); without it, by id. The order is deterministic, so pages never repeat or skip a record.

**Amounts.** Nutrient amounts are per 100 g of edible portion (\`basis\`). Only values the source gives are returned: a missing nutrient is absent, never 0.

**Caching.** Successful responses carry a strong \`ETag\`; send it back in \`If-None-Match\` to get 304 Not Modified. The catalogue only changes when it is re-imported. Responses over 1 KB are compressed when the client accepts gzip, deflate or br.

**Allergens.** Flags are derived from the ingredient's name by documented pattern rules (EU 14 and US top 9): ${'gluten, wheat, dairy, eggs, fish, shellfish, molluscs, nuts, peanuts, soy, sesame, celery, mustard, lupin, sulphites'}. Coconut, nutmeg, chestnuts and water chestnuts are not tree nuts; peanut butter is peanuts, not dairy; buckwheat is not gluten. They are a screening aid, not a label.

**Tracing.** Every response carries \`x-request-id\` (yours, if you send a well-formed one). Every record names its source dataset; /v1/sources gives each dataset's version, licence and attribution.`;

/** Builds the HTTP application over already-opened dependencies; it owns none of them. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? {
      level: deps.config.logLevel,
      redact: { paths: ['req.headers["x-api-key"]', 'req.headers.cookie'], censor: '[redacted]' },
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 16 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', deps.config);
  app.decorate('catalog', deps.catalog);
  app.decorate('accounts', deps.accounts);
  app.decorateRequest('auth', null);

  await app.register(errorsPlugin);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'OPTIONS'],
    exposedHeaders: EXPOSED_HEADERS,
    strictPreflight: false,
    maxAge: 86400,
  });
  await app.register(etagPlugin);
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Larder food data API', version: '1.0.0', description: API_DESCRIPTION },
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
      security: [{ apiKey: [] }],
      tags: [
        { name: 'Ingredients', description: 'Canonical ingredients (USDA SR Legacy and Foundation Foods)' },
        { name: 'Survey foods', description: 'Mixed dishes from the FNDDS dietary survey database' },
        { name: 'Branded products', description: 'Packaged products (FDC Branded Foods, Open Food Facts): search by name, barcode or brand' },
        { name: 'Reference', description: 'Nutrient definitions, categories and source datasets' },
        { name: 'Operations', description: 'Health and readiness' },
      ],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });

  await app.register(healthRoutes);
  await app.register(docsRoutes);
  await app.register(async (v1) => {
    requireApiKey(v1);
    await v1.register(ingredientRoutes);
    await v1.register(surveyFoodRoutes);
    await v1.register(brandedRoutes);
    await v1.register(referenceRoutes);
  });
  return app;
}
