import { LRUCache } from 'lru-cache';

interface Window {
  count: number;
  resetAt: number;
}

export interface WindowCounterOptions {
  /** Takes allowed per key in one window. */
  limit: number;
  windowMs: number;
  /** Hard cap on the keys held: past it the least recently used key is forgotten. */
  maxKeys: number;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
}

/**
 * Fixed-window counts per key in a bounded LRU: memory stays under `maxKeys` entries whatever
 * a client sends (a fresh email or address per request only evicts the oldest windows).
 */
export class WindowCounter {
  private readonly windows: LRUCache<string, Window>;
  private readonly now: () => number;

  constructor(private readonly options: WindowCounterOptions) {
    this.windows = new LRUCache<string, Window>({ max: options.maxKeys });
    this.now = options.now ?? Date.now;
  }

  /** Takes one: 0 when allowed, else the milliseconds until the key's window resets. */
  take(key: string): number {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.options.windowMs };
      this.windows.set(key, window);
    }
    if (window.count >= this.options.limit) return Math.max(1, window.resetAt - now);
    window.count++;
    return 0;
  }

  /** Whether a take would be refused now, without taking. */
  blocked(key: string): number {
    const now = this.now();
    const window = this.windows.peek(key);
    if (!window || window.resetAt <= now || window.count < this.options.limit) return 0;
    return Math.max(1, window.resetAt - now);
  }

  /** Gives one back (a take that turned out not to count). */
  give(key: string): void {
    const window = this.windows.peek(key);
    if (window && window.count > 0) window.count--;
  }

  forget(key: string): void {
    this.windows.delete(key);
  }

  /** Keys held (at most maxKeys). */
  get size(): number {
    return this.windows.size;
  }
}
