/**
 * A small in-memory fixed-window limiter for the account endpoints (per IP, per e-mail).
 * One process holds the counts; that is the deployment the embedded default targets.
 */
import { AppError } from '@statemint/shared';
import type { Clock } from '../context';

interface Window {
  start: number;
  count: number;
  /** Time of the latest hit. */
  last: number;
  /** The window's length: keys of different lengths share the map (pruned each by its own). */
  length: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  constructor(private readonly clock: Clock) {}

  /** Counts one hit for `key`; returns ms until the window resets when over `limit`, else 0. */
  hit(key: string, limit: number, windowMs: number): number {
    const now = this.clock.now();
    let w = this.windows.get(key);
    if (!w || now - w.start >= windowMs) {
      w = { start: now, count: 0, last: now, length: windowMs };
      this.windows.set(key, w);
      if (this.windows.size > 100_000) this.prune(now);
    }
    w.count += 1;
    w.last = now;
    return w.count > limit ? w.start + windowMs - now : 0;
  }

  /** Hits of `key` in its current window, without counting one: {count, last hit, window end}. */
  peek(key: string, windowMs: number): { count: number; last: number; resetsAt: number } {
    const now = this.clock.now();
    const w = this.windows.get(key);
    if (!w || now - w.start >= windowMs) return { count: 0, last: 0, resetsAt: now };
    return { count: w.count, last: w.last, resetsAt: w.start + windowMs };
  }

  /** Forgets `key` (a successful login clears its failures). */
  clear(key: string): void {
    this.windows.delete(key);
  }

  /** Throws RATE_LIMITED when any of the keys is over its limit (all are counted). */
  check(keys: { key: string; limit: number }[], windowMs: number): void {
    let waitMs = 0;
    for (const { key, limit } of keys) waitMs = Math.max(waitMs, this.hit(key, limit, windowMs));
    if (waitMs > 0) throw tooManyAttempts(waitMs);
  }

  private prune(now: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= w.length) this.windows.delete(k);
  }
}

export function tooManyAttempts(waitMs: number): RateLimitedError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new RateLimitedError(
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    Math.max(1, Math.ceil(waitMs / 1000)),
  );
}

export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

/**
 * A limit every process of a deployment must share (requests per API key): with REDIS_URL the
 * counts live in Redis (RedisRateLimit), else in this process.
 */
export interface SharedRateLimit {
  /** Counts one hit for `key`; returns ms until its window ends when over `limit`, else 0. */
  hit(key: string, limit: number, windowMs: number): Promise<number>;
  close(): Promise<void>;
}

export class MemoryRateLimit implements SharedRateLimit {
  constructor(private readonly limiter: RateLimiter) {}
  async hit(key: string, limit: number, windowMs: number): Promise<number> {
    return this.limiter.hit(key, limit, windowMs);
  }
  async close(): Promise<void> {}
}

/** Throws RATE_LIMITED when `key` is over `limit` in its window of a shared limit. */
export async function checkShared(limit: SharedRateLimit, key: string, max: number, windowMs: number): Promise<void> {
  const waitMs = await limit.hit(key, max, windowMs);
  if (waitMs > 0) throw tooManyAttempts(waitMs);
}
