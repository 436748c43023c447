import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { digestApiKey, isWellFormedApiKey, ownedBytes, sameBytes, type KeyDigest } from '../accounts/apiKeys.js';
import type { AccountService } from '../accounts/service.js';
import type { KeyLookup } from '../accounts/store.js';
import type { Config } from '../config.js';
import { policyHeader, rateLimitHeader, type LimitDecision, type RateLimits } from '../limits/limits.js';
import type { CachedResponse, ResponseCache } from './plugins/responseCache.js';

/** Bodies at least this long may be compressed by the app, so a request that accepts an encoding goes there. */
export const COMPRESSION_THRESHOLD = 1024;

export interface FrontCacheDependencies {
  accounts: AccountService;
  limits: RateLimits;
  plans: Config['plans'];
  /** The app's response cache (answers the app has already given, keyed by catalogue version and URL). */
  cache: ResponseCache;
  catalogVersion: () => string;
  requestId: (req: IncomingMessage) => string;
  /** True while the app sheds load: it decides every request then. */
  shedding: () => boolean;
  /** True while the server drains: new requests go to the app, and answers close their connection. */
  draining: () => boolean;
  /** Writes the access-log line; null when the log level does not print it. */
  logAnswer: ((reqId: string, req: IncomingMessage, statusCode: number, startedAt: number) => void) | null;
}

/** Hands a request on to the Fastify app. */
export type AppHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Replays an answer the app has already given, in front of the app: an unconditional GET of a
 * /v1 URL whose answer is in the response cache, with a key whose store answer is fresh, that
 * the plan's limits allow. That is most of a data API's traffic, and Fastify's request
 * lifecycle (request and reply objects, a dozen hooks, header bookkeeping) cost more than the
 * answer itself: about half of a cached barcode lookup (bench/RESULTS.md).
 *
 * It decides nothing itself. The answer is the stored one, headers included (the app's
 * ETag, Cache-Control, Content-Type and CORS headers); the key check is the app's
 * (AccountService.authenticateFresh), the count the app's (the same RateLimits, recorded in the
 * same usage), the rate-limit headers the same functions'. Everything else goes to the app, which
 * answers it fully: unknown or stale keys, refused requests (429, not counted here), conditional
 * requests (304), HEAD, bodies the client may get compressed, anything not cached, and every
 * request while the app sheds load or drains.
 */
export interface FrontCache {
  /** Answers the request, or hands it to the app. */
  handle(req: IncomingMessage, res: ServerResponse, app: AppHandler): void;
  /** Answers replayed so far (the rest went to the app). */
  readonly answered: number;
}

export function frontCache(deps: FrontCacheDependencies): FrontCache {
  const { accounts, limits, plans, cache } = deps;
  let answered = 0;
  /**
   * The key a connection last presented, with its digest: a client sends the same key request
   * after request, and hashing it was a fifth of this path's own work, so a connection's key is
   * hashed again only when the key it presents changes. Kept per connection (and gone with it),
   * so no process-wide table of plaintext keys exists; compared in constant time, since a
   * connection from a proxy carries many clients' keys.
   */
  const connectionKeys = new WeakMap<Socket, { presented: Buffer; digest: KeyDigest | null }>();
  const digestOf = (socket: Socket, presented: string): KeyDigest | null => {
    // Well-formed keys are ASCII of one length: their latin1 bytes are the key, and the
    // comparison below reveals nothing.
    if (!isWellFormedApiKey(presented)) return null;
    const known = connectionKeys.get(socket);
    if (known !== undefined && sameBytes(known.presented, Buffer.from(presented, 'latin1'))) return known.digest;
    const digest = digestApiKey(presented);
    connectionKeys.set(socket, { presented: ownedBytes(presented, 'latin1'), digest });
    return digest;
  };

  const answer = (req: IncomingMessage, res: ServerResponse, auth: KeyLookup, decision: LimitDecision, hit: CachedResponse, startedAt: number) => {
    const plan = plans[auth.account.plan];
    accounts.recordUsage(auth.account.id, decision.day);
    const reqId = deps.requestId(req);
    const headers = [
      'x-request-id',
      reqId,
      ...hit.replayHeaders,
      'ratelimit-policy',
      policyHeader(plan),
      'ratelimit',
      rateLimitHeader(decision),
      'content-length',
      String(hit.bytes),
    ];
    // A count from another process (cluster, Redis) may resolve after draining began: the
    // client must then move to a live process, as the app's own answers tell it.
    if (deps.draining()) headers.push('connection', 'close');
    res.writeHead(200, headers);
    res.end(hit.body);
    answered += 1;
    deps.logAnswer?.(reqId, req, 200, startedAt);
  };

  /**
   * A fault here must not take the process down (this runs outside Fastify's error handling):
   * before anything is written the app gets the request; after, the connection is closed.
   */
  const safely = (req: IncomingMessage, res: ServerResponse, app: AppHandler, run: (toApp: AppHandler) => void): void => {
    let handedOn = false;
    const toApp: AppHandler = (rq, rs) => {
      handedOn = true;
      app(rq, rs);
    };
    try {
      run(toApp);
    } catch (err) {
      if (handedOn) throw err; // the app's own fault, as without the front cache
      if (!res.headersSent) app(req, res);
      else res.destroy();
    }
  };

  const decide = (req: IncomingMessage, res: ServerResponse, app: AppHandler): void => {
    if (req.method !== 'GET' || req.headers['if-none-match'] !== undefined || deps.shedding() || deps.draining()) return app(req, res);
    const url = req.url;
    if (url === undefined || !url.startsWith('/v1/')) return app(req, res);
    const header = req.headers['x-api-key'];
    const presented = Array.isArray(header) ? header[0] : header;
    if (presented === undefined) return app(req, res);
    const digest = digestOf(req.socket, presented);
    const auth = digest === null ? null : accounts.authenticateFreshDigest(digest);
    if (auth === null) return app(req, res);
    const hit = cache.get(`${deps.catalogVersion()}\u0000${url}`);
    if (hit === undefined) return app(req, res);
    if (hit.bytes >= COMPRESSION_THRESHOLD && req.headers['accept-encoding'] !== undefined) return app(req, res);
    const startedAt = deps.logAnswer ? performance.now() : 0;
    const plan = plans[auth.account.plan];
    let decision: LimitDecision | Promise<LimitDecision>;
    try {
      decision = limits.consume(auth.account.id, plan);
    } catch {
      return app(req, res);
    }
    if (decision instanceof Promise) {
      // Counted elsewhere (Redis) or seeding the day: the same answer, once the count is in.
      decision.then(
        (d) => safely(req, res, app, (toApp) => (d.allowed ? answer(req, res, auth, d, hit, startedAt) : toApp(req, res))),
        () => app(req, res),
      );
      return;
    }
    // A refusal gave its point back: the app counts again and answers the 429.
    if (!decision.allowed) return app(req, res);
    answer(req, res, auth, decision, hit, startedAt);
  };
  return {
    handle: (req, res, app) => safely(req, res, app, (toApp) => decide(req, res, toApp)),
    get answered() {
      return answered;
    },
  };
}
