import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { getHeapStatistics } from 'node:v8';
import { problemBody } from './errors.js';

/** Seconds a shed client should wait: long enough for a lagging loop to catch up. */
const RETRY_AFTER_SECONDS = 1;

/**
 * Sheds load instead of queueing it: while the event loop lags or the heap is nearly full,
 * requests get an immediate 503 with Retry-After, so clients back off rather than time out.
 * /healthz keeps answering (the process is alive); /readyz says it is overloaded.
 */
export const overloadPlugin = fp(
  async (app: FastifyInstance, options: { maxEventLoopDelayMs: number; maxHeapShare: number; sampleIntervalMs?: number }) => {
    const maxHeapUsedBytes = options.maxHeapShare > 0 ? Math.floor(getHeapStatistics().heap_size_limit * options.maxHeapShare) : 0;
    if (options.maxEventLoopDelayMs <= 0 && maxHeapUsedBytes <= 0) return;
    const sampleInterval = options.sampleIntervalMs ?? 250;
    // The first samples include start-up work (opening the catalogue, compiling schemas),
    // which is not overload: lag is only judged once the server has listened a while.
    let listeningSince = Number.POSITIVE_INFINITY;
    app.addHook('onListen', async () => {
      listeningSince = Date.now();
    });
    await app.register(underPressure, {
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      maxHeapUsedBytes,
      sampleInterval,
      // A value returned here is sent as the answer (documented); the typings say void.
      pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string) => {
        if (request.routeOptions.url === '/healthz') return undefined;
        if (type === 'eventLoopDelay' && Date.now() - listeningSince < 3 * sampleInterval) return undefined;
        reply.code(503).type('application/problem+json').header('retry-after', String(RETRY_AFTER_SECONDS));
        return problemBody(
          request.id,
          'service_unavailable',
          `the server is overloaded (${type === 'eventLoopDelay' ? 'event loop lagging' : 'memory nearly full'}); retry after ${RETRY_AFTER_SECONDS} s`,
        );
      }) as unknown as (request: FastifyRequest, reply: FastifyReply) => void,
    });
  },
);
