/**
 * Fixed-window counts for the account endpoints (failed logins per address, per account and per
 * pair, e-mails asked for, registrations, payment intents) and the requests of an API key. A
 * window starts at its key's first hit. Every process of a deployment must see the same counts,
 * or a guesser spreads over processes: with REDIS_URL they live in Redis (RedisLimits,
 * redis-rate-limit.ts); without it, in this process (MemoryLimits), which is the whole
 * deployment the embedded default runs.
 */
import { AppError } from '@statemint/shared';
import type { Clock } from '../context';

/** A key's current window: hits counted, the latest hit's time, when it ends. */
export interface WindowState {
  count: number;
  /** Time of the latest hit (0 when none). */
  last: number;
  resetsAt: number;
}

export interface Limits {
  /** Counts one hit for `key`; returns ms until its window ends when over `limit`, else 0. */
  hit(key: string, limit: number, windowMs: number): Promise<number>;
  /** Hits of `key` in its current window, without counting one. */
  peek(key: string, windowMs: number): Promise<WindowState>;
  /** Forgets `key` (a successful login clears its failures). */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

interface Window {
  start: number;
  count: number;
  last: number;
  /** The window's length: keys of different lengths share the map (pruned each by its own). */
  length: number;
}

/** The counts of one process. */
export class MemoryLimits implements Limits {
  private readonly windows = new Map<string, Window>();
  constructor(private readonly clock: Clock) {}

  async hit(key: string, limit: number, windowMs: number): Promise<number> {
    return this.hitNow(key, limit, windowMs);
  }

  /** hit, answered at once (RedisLimits falls back on it while Redis does not answer). */
  hitNow(key: string, limit: number, windowMs: number): number {
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

  async peek(key: string, windowMs: number): Promise<WindowState> {
    return this.peekNow(key, windowMs);
  }

  peekNow(key: string, windowMs: number): WindowState {
    const now = this.clock.now();
    const w = this.windows.get(key);
    if (!w || now - w.start >= windowMs) return { count: 0, last: 0, resetsAt: now };
    return { count: w.count, last: w.last, resetsAt: w.start + windowMs };
  }

  async clear(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {}

  private prune(now: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= w.length) this.windows.delete(k);
  }
}

/** Counts a hit on each key (all are counted); throws RATE_LIMITED when any is over its limit. */
export async function checkLimits(
  limits: Limits,
  keys: { key: string; limit: number }[],
  windowMs: number,
): Promise<void> {
  let waitMs = 0;
  for (const { key, limit } of keys) waitMs = Math.max(waitMs, await limits.hit(key, limit, windowMs));
  if (waitMs > 0) throw tooManyAttempts(waitMs);
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
