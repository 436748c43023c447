import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay from 'find-my-way';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { GTIN_DIGITS, NO_CONTROL_CHARACTERS, SEARCH_TEXT } from '../schemas.js';
import { ApiError, ERROR_STATUS, ERROR_TITLES, type ErrorCode, type ParameterError } from '../../errors.js';

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Fastify's validation errors as one entry per parameter, in words a client can act on. */
function parameterErrors(errors: AjvError[], context: string | undefined): ParameterError[] {
  const out: ParameterError[] = [];
  for (const e of errors) {
    let parameter = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'required' && typeof e.params.missingProperty === 'string') parameter = e.params.missingProperty;
    if (!parameter) parameter = context ?? 'request';
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'enum' && Array.isArray(e.params.allowedValues)) {
      message = `must be one of: ${(e.params.allowedValues as unknown[]).join(', ')}`;
    } else if (e.keyword === 'pattern' && e.params.pattern === NO_CONTROL_CHARACTERS) {
      message = 'must not contain control characters';
    } else if (e.keyword === 'pattern' && e.params.pattern === SEARCH_TEXT) {
      message = 'must hold a word (not only spaces) and no control characters';
    } else if (e.keyword === 'pattern' && e.params.pattern === GTIN_DIGITS) {
      message = 'must be 8 to 14 digits (a GTIN-8, UPC-A, EAN-13 or GTIN-14 as printed)';
    } else if (e.keyword === 'minLength' && typeof e.params.limit === 'number') {
      message = e.params.limit === 1 ? 'must not be empty' : `must be at least ${e.params.limit} characters`;
    } else if (e.keyword === 'maxLength' && typeof e.params.limit === 'number') {
      message = `must be at most ${e.params.limit} characters`;
    } else if (e.keyword === 'required') {
      // Ajv says "must have required property 'to'", which reads "to must have required property 'to'" after the name.
      message = 'is required';
    } else if (e.keyword === 'type') {
      message = `must be ${e.params.type === 'integer' ? 'an integer' : `of type ${String(e.params.type)}`}`;
    }
    if (!out.some((o) => o.parameter === parameter)) out.push({ parameter, message });
  }
  return out;
}

/** The problem+json document of an error; its status is the code's (errors.ts). */
export function problemBody(requestId: string, code: ErrorCode, detail: string, errors?: ParameterError[]) {
  return {
    type: `/docs/errors#${code}`,
    title: ERROR_TITLES[code],
    status: ERROR_STATUS[code],
    detail,
    code,
    request_id: requestId,
    ...(errors ? { errors } : {}),
  };
}

/** Most bytes the request line and headers may take together (Node's HTTP parser enforces it). */
export const MAX_HEADER_BYTES = 16 * 1024;
/** Longest a client may take to send its request line and headers. */
export const HEADERS_TIMEOUT_MS = 10_000;

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (headers too large, a
 * request that is not HTTP, headers that never finish) still get a problem+json answer,
 * then the connection is closed: nothing more can be read from it safely.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A response already under way on this connection (pipelining) cannot be followed by ours.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW' ? 'headers_too_large' : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'request_timeout' : 'invalid_parameter';
  const detail =
    code === 'headers_too_large'
      ? `the request line and headers exceed ${MAX_HEADER_BYTES} bytes`
      : code === 'request_timeout'
        ? `the request line and headers did not arrive within ${HEADERS_TIMEOUT_MS / 1000} s`
        : `the request is not valid HTTP/1.1 (${error.code ?? 'parse error'})`;
  const status = ERROR_STATUS[code];
  const body = JSON.stringify(problemBody(randomUUID(), code, detail));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/problem+json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\naccess-control-allow-origin: *\r\nconnection: close\r\n\r\n${body}`,
  );
}

export function sendProblem(reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply
    .code(error.status)
    .type('application/problem+json')
    .send(problemBody(reply.request.id, error.code, error.message, error.errors));
}

/** Fastify's own client errors (bad URL, body, media type) mapped onto our closed set of codes. */
function fromFastifyError(error: FastifyError, request: FastifyRequest): ApiError | null {
  const status = error.statusCode ?? 500;
  // The POST endpoints (batches, recipes) take a JSON body of at most 64 KB (decisions.md:
  // anything else is 400 or 415).
  if (request.method === 'POST' && request.url.startsWith('/v1/')) {
    if (status === 413) return ApiError.invalidParameter('body', `too large: at most ${Math.round((request.routeOptions.bodyLimit ?? 0) / 1024)} KB of JSON`);
    if (status === 415) {
      return new ApiError('unsupported_media_type', 'the body must be JSON, sent with content-type: application/json', {
        errors: [{ parameter: 'content-type', message: 'must be application/json' }],
      });
    }
  }
  if (error.validation) {
    const errors = parameterErrors(error.validation as AjvError[], error.validationContext);
    return new ApiError('invalid_parameter', errors.map((e) => `${e.parameter} ${e.message}`).join('; '), { errors });
  }
  if (status === 413) return new ApiError('payload_too_large', 'the request body is too large; data endpoints take no body');
  if (status === 404) return new ApiError('not_found', 'no such resource');
  if (status >= 400 && status < 500) return new ApiError('invalid_parameter', `malformed request: ${error.message}`);
  return null;
}

/**
 * Problem+json for every error, 404 for unknown paths, and 405 with Allow for a method
 * other than GET, HEAD or OPTIONS on a path that exists.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  const knownPaths = FindMyWay();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('GET') && !knownPaths.hasRoute('GET', route.url)) knownPaths.on('GET', route.url, () => {});
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = error instanceof ApiError ? error : fromFastifyError(error, request);
    if (apiError) {
      if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, apiError);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, new ApiError('internal_error', `something went wrong on our side; quote request id ${request.id} if you report it`));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method) && knownPaths.find('GET', path)) {
      return sendProblem(
        reply,
        new ApiError('method_not_allowed', `${request.method} is not supported here; this API is read-only (${ALLOWED_METHODS})`, {
          headers: { allow: ALLOWED_METHODS },
        }),
      );
    }
    return sendProblem(reply, new ApiError('not_found', `no resource at ${path}; see /docs for the API reference`));
  });
});
