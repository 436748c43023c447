import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { constants as zlib } from 'node:zlib';
import type { AccountService } from '../accounts/service.js';
import { brandedPlugin } from '../catalog/branded.js';
import { carbonCookingPlugin } from '../catalog/carbonCooking.js';
import { catalogPlugin, type CatalogSource } from '../catalog/catalog.js';
import { ingredientsPlugin } from '../catalog/ingredients.js';
import { nationalValuesPlugin } from '../catalog/nationalValues.js';
import { referencePlugin } from '../catalog/reference.js';
import { surveyFoodsPlugin } from '../catalog/surveyFoods.js';
import type { Config } from '../config.js';
import { memoryLimits } from '../limits/memoryLimits.js';
import type { RateLimits } from '../limits/limits.js';
import { SignInThrottle } from '../limits/signInThrottle.js';
import { authFailureCounter } from '../limits/authFailures.js';
import type { WindowCounter } from '../limits/windowCounter.js';
import { requireApiKey } from './plugins/auth.js';
import { corsPlugin } from './plugins/cors.js';
import { addResponseHeaders } from './responseHeaders.js';
import { finiteNumberValidators } from './finiteNumbers.js';
import { redactUrl } from './logRedaction.js';
import { answerClientError, errorsPlugin, HEADERS_TIMEOUT_MS, MAX_HEADER_BYTES, sendProblem } from './plugins/errors.js';
import { ApiError } from '../errors.js';
import { enforceRateLimits } from './plugins/rateLimit.js';
import { strictParameters } from './plugins/strictParameters.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { etagPlugin } from './plugins/etag.js';
import { overloadPlugin } from './plugins/overload.js';
import { responseCachePlugin, serveFromCache } from './plugins/responseCache.js';
import { carbonRoutes } from './routes/carbon.js';
import { convertRoutes } from './routes/convert.js';
import { batchRoutes } from './routes/batches.js';
import { recipeRoutes } from './routes/recipes.js';
import { brandedRoutes } from './routes/branded.js';
import { docsRoutes } from './routes/docs.js';
import { healthRoutes } from './routes/health.js';
import { ingredientRoutes } from './routes/ingredients.js';
import { referenceRoutes } from './routes/reference.js';
import { nationalFoodRoutes } from './routes/nationalFoods.js';
import { surveyFoodRoutes } from './routes/surveyFoods.js';
import { yieldRoutes } from './routes/yield.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    accounts: AccountService;
    signInThrottle: SignInThrottle;
  }
}

export type { CatalogSource };

export interface AppDependencies {
  config: Config;
  catalog: CatalogSource;
  accounts: AccountService;
  /** Rate limits; in-memory on the accounts' clock when not given. */
  limits?: RateLimits;
  /** Failed dashboard sign-ins per email and address; a fresh in-memory one when not given. */
  signInThrottle?: SignInThrottle;
  /** Fastify logger options; defaults to pino at the configured level. */
  logger?: FastifyServerOptions['logger'];
  /** 401s per client address; a fresh bounded counter when not given. */
  authFailures?: WindowCounter;
  /** How often load is sampled for shedding (tests shorten it). */
  overloadSampleIntervalMs?: number;
}

/** Whether the request announces a body (a length above 0, or chunked). */
function hasBody(headers: IncomingMessage['headers']): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is well-formed, else a new UUID. */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

export const EXPOSED_HEADERS = ['x-request-id', 'etag', 'retry-after', 'ratelimit', 'ratelimit-policy'];

export const API_DESCRIPTION = `Read-only food data: canonical ingredients (USDA SR Legacy and Foundation Foods), survey foods (FNDDS) and branded products (FDC Branded Foods, Open Food Facts), with nutrients per 100 g of edible portion, densities, household measures and allergen flags.

**Authentication.** Every /v1 data endpoint needs an API key in the \`x-api-key\` header (\`svc_live_\` followed by 32 lowercase hex characters). Missing, malformed, unknown and revoked keys answer 401 with codes \`missing_api_key\`, \`invalid_api_key\` and \`revoked_api_key\`. This document, /healthz and /readyz need no key. OPTIONS preflight needs no key.

**Errors.** Every error is \`application/problem+json\` (RFC 9457): \`{type, title, status, detail, code, request_id}\`, plus \`errors: [{parameter, message}]\` for invalid parameters. Unknown ids and paths answer 404; methods other than GET, HEAD and OPTIONS answer 405 with \`Allow\`. Codes are listed at /docs/errors.

**Lists.** List endpoints answer \`{data, limit, offset, total, total_exact}\`; /v1/nutrients, /v1/categories and /v1/sources answer \`{data}\`. \`limit\` is 1..100 (default 20) and \`offset\` >= 0 (default 0); out of range or not an integer is 400; an offset past the end answers an empty page. Both are optional. With \`q\` the order is relevance (exact name, then names whose head or start is the text, then full-text rank, shorter names first); without it, by id. The order is deterministic, so pages never repeat or skip a record.

**Parameters.** Parameters are strict so that a typo never silently widens an answer: a query parameter an endpoint does not take is 400 \`invalid_parameter\` naming it (and listing the ones it takes); a parameter given twice is 400; ids and integers are plain decimal digits and numbers plain decimals (\`1e3\`, \`1001.0\`, \`0x3e9\` are 400); enumerated values (\`allergen\`, \`method\`, \`system\`, \`size\`, \`country\`) are case-insensitive.

**Amounts.** Nutrient amounts are per 100 g of edible portion (\`basis\`). Only values the source gives are returned: a missing nutrient is absent, never 0.

**Caching.** Successful responses carry a strong \`ETag\`; send it back in \`If-None-Match\` to get 304 Not Modified. The catalogue only changes when it is re-imported. Responses over 1 KB are compressed when the client accepts gzip, deflate or br.

**Allergens.** Flags are derived from the ingredient's name by documented pattern rules (EU 14 and US top 9): ${'gluten, wheat, dairy, eggs, fish, shellfish, molluscs, nuts, peanuts, soy, sesame, celery, mustard, lupin, sulphites'}, with exclusions (gluten-free names and non-wheat flours are not gluten; cream of tartar and nut butters are not dairy; coconut, nutmeg and butternut squash are not tree nuts; scallop squash is not molluscs) and composite foods by their known composition (pesto: dairy and nuts; caesar dressing: fish, eggs, dairy; mayonnaise: eggs unless tofu or egg-free). The \`allergen\` filter is case-insensitive and takes the usual aliases (egg, milk, tree nuts, crustaceans, ...). Precision and recall against blind hand labels are in the README. They are a screening aid, not a label.

**Carbon, cooking, conversion.** /v1/ingredients/{id}/carbon gives every ingredient a footprint in kg CO2e per kg (global studies by reviewed mapping, the French AGRIBALYSE inventory with country=FR where a verified CIQUAL link exists, else the category median), with source, data quality rating, boundary and spread. /v1/ingredients/{id}/yield gives the cooking yield and nutrient retention by method, and /v1/ingredients/{id}/nutrients?method= the values per 100 g of cooked food. /v1/ingredients/{id}/convert converts between mass, volume and piece units with the ingredient's density and piece weights.

**Tracing.** Every response carries \`x-request-id\` (yours, if you send a well-formed one). Every record names its source dataset; /v1/sources gives each dataset's version, licence and attribution.`;

/** Builds the HTTP application over already-opened dependencies; it owns none of them. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? {
      level: deps.config.logLevel,
      redact: { paths: ['req.headers["x-api-key"]', 'req.headers.cookie'], censor: '[redacted]' },
    },
    genReqId: requestIdOf,
    // Errors raised before routing (a malformed URL) bypass the error handler and hooks.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id).header('access-control-allow-origin', '*');
      return sendProblem(reply, new ApiError('invalid_parameter', `malformed request URL: ${error.message}`));
    },
    // One access-log line per request (onResponse below) instead of Fastify's two: at the
    // default info level, two JSON lines per request cost a third of the throughput.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 16 * 1024,
    trustProxy: deps.config.trustProxy,
    // Set deliberately rather than inherited: a 16 KB request head fits any valid query here
    // (10 KB search strings included), and a client gets 10 s to send it (slow-loris guard).
    http: { maxHeaderSize: MAX_HEADER_BYTES, headersTimeout: HEADERS_TIMEOUT_MS },
    requestTimeout: 30_000,
    clientErrorHandler: answerClientError,
    // While draining, requests already on open connections are still answered, not refused.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true } },
    schemaController: { compilersFactory: { buildValidator: finiteNumberValidators() } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', deps.config);
  app.decorate('accounts', deps.accounts);
  app.decorate('limits', deps.limits ?? memoryLimits(() => deps.accounts.clock(), (id, day) => deps.accounts.recordedUsage(id, day)));
  app.decorate('signInThrottle', deps.signInThrottle ?? new SignInThrottle());
  app.decorateRequest('auth', null);

  await app.register(errorsPlugin);
  // The catalogue being served and one read model per resource over it (src/catalog).
  await app.register(catalogPlugin, { source: deps.catalog });
  for (const readModel of [ingredientsPlugin, nationalValuesPlugin, carbonCookingPlugin, surveyFoodsPlugin, brandedPlugin, referencePlugin]) {
    await app.register(readModel);
  }
  // Draining: answers on connections that were already open say `Connection: close`, so
  // keep-alive clients move to a live process instead of holding this one open.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  // Synchronous hooks where there is nothing to await: an async hook costs a promise and a
  // microtask per request on every route.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // GET and HEAD take no body: one announced is refused before a byte of it is read, and the
    // connection closed so the rest is never read either (a 50 MB body was read in full).
    if ((request.method === 'GET' || request.method === 'HEAD') && hasBody(request.headers)) {
      reply.header('connection', 'close');
      return done(new ApiError('invalid_parameter', `${request.method} requests take no body; send parameters in the query string`));
    }
    done();
  });
  // Only when the level prints it: a hook that logs nothing still costs every request.
  const logsRequests = (app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') ?? true;
  if (logsRequests) {
    app.addHook('onResponse', (request, reply, done) => {
      // The key belongs in a header; one sent in the URL anyway is redacted from this line.
      request.log.info(
        { method: request.method, url: redactUrl(request.url), statusCode: reply.statusCode, responseTimeMs: Math.round(reply.elapsedTime * 100) / 100 },
        'request completed',
      );
      done();
    });
  }
  await app.register(overloadPlugin, {
    maxEventLoopDelayMs: deps.config.maxEventLoopDelayMs,
    maxHeapShare: deps.config.maxHeapShare,
    sampleIntervalMs: deps.overloadSampleIntervalMs,
  });
  await app.register(corsPlugin, { exposedHeaders: EXPOSED_HEADERS });
  await app.register(etagPlugin);
  await app.register(responseCachePlugin, { maxBytes: deps.config.responseCacheMb * 1024 * 1024 });
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(swagger, {
    transformObject: (document) => ('openapiObject' in document ? addResponseHeaders(document.openapiObject) : document.swaggerObject),
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Larder food data API', version: '1.0.0', description: API_DESCRIPTION },
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
      security: [{ apiKey: [] }],
      tags: [
        { name: 'Ingredients', description: 'Canonical ingredients (USDA SR Legacy and Foundation Foods)' },
        { name: 'Survey foods', description: 'Mixed dishes from the FNDDS dietary survey database' },
        { name: 'National foods', description: "The national food composition tables (GB, DE, FR, SE, NO, DK) as published, with each food's links to canonical ingredients" },
        { name: 'Branded products', description: 'Packaged products (FDC Branded Foods, Open Food Facts): search by name, barcode or brand' },
        { name: 'Recipes', description: 'Recipe analysis: ingredient lines to nutrients, allergens and carbon' },
        { name: 'Reference', description: 'Nutrient definitions, categories and source datasets' },
        { name: 'Operations', description: 'Health and readiness' },
      ],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });

  await app.register(healthRoutes);
  await app.register(docsRoutes);
  await app.register(dashboardRoutes);
  await app.register(async (v1) => {
    requireApiKey(v1, deps.authFailures ?? authFailureCounter());
    // Order matters: authenticate, then count against the plan, then answer from the cache.
    enforceRateLimits(v1);
    serveFromCache(v1);
    strictParameters(v1);
    await v1.register(ingredientRoutes);
    await v1.register(nationalFoodRoutes);
    await v1.register(carbonRoutes);
    await v1.register(yieldRoutes);
    await v1.register(convertRoutes);
    await v1.register(surveyFoodRoutes);
    await v1.register(brandedRoutes);
    await v1.register(referenceRoutes);
    await v1.register(batchRoutes);
    await v1.register(recipeRoutes);
  });

  return app;
}
