import { WindowCounter } from './windowCounter.js';

/** 401 answers one address may get in a window before its unauthenticated requests are refused unchecked. */
export const AUTH_FAILURES_PER_ADDRESS = 100;
export const AUTH_FAILURE_WINDOW_SECONDS = 60;
/** Addresses tracked at most (bounded LRU). */
export const AUTH_FAILURE_MAX_TRACKED = 20_000;

/**
 * Counts 401s per client address. Past the limit, a request from that address whose key is
 * not already known good is answered 429 without asking the key store, so a flood of made-up
 * keys costs no store queries; a key the process has seen recently still works.
 */
export function authFailureCounter(now?: () => number): WindowCounter {
  return new WindowCounter({
    limit: AUTH_FAILURES_PER_ADDRESS,
    windowMs: AUTH_FAILURE_WINDOW_SECONDS * 1000,
    maxKeys: AUTH_FAILURE_MAX_TRACKED,
    now,
  });
}
