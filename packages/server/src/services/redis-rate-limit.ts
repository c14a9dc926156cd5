/**
 * The limits' counts in Redis, shared by every `statemint serve` process on one REDIS_URL and
 * QUEUE_NAME (the deployment's name there): failed logins counted by one process hold on the
 * others. Each key is a hash {start, count, last} updated by one script, so concurrent hits from
 * several processes are each counted and agree on one window; it expires in Redis after its
 * window ends. Keys are sha256 of the limit's key (no e-mail address or IP in Redis).
 *
 * While Redis does not answer, this process counts alone (MemoryLimits) and says so in the log:
 * a guesser is still slowed, and no request fails for want of a counter.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Clock } from '../context';
import { type Limits, MemoryLimits, type WindowState } from './rate-limit';

export const LIMITS_KEY_PREFIX = 'statemint:limits:';

// KEYS[1]: the key; ARGV: now, window length (ms). Returns {window start, count}.
const HIT = `
local now = tonumber(ARGV[1])
local len = tonumber(ARGV[2])
local v = redis.call('HMGET', KEYS[1], 's', 'c')
local s = tonumber(v[1])
local c = tonumber(v[2]) or 0
if (not s) or now - s >= len then
  s = now
  c = 0
end
c = c + 1
redis.call('HSET', KEYS[1], 's', s, 'c', c, 'l', now)
redis.call('PEXPIRE', KEYS[1], math.max(1, s + len - now) + len)
return {s, c}
`;

type HitReply = [number, number];

export class RedisLimits implements Limits {
  private readonly redis: Redis & { limitHit(key: string, now: number, len: number): Promise<HitReply> };
  private readonly local: MemoryLimits;
  private readonly prefix: string;

  constructor(
    redisUrl: string,
    deployment: string,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {
    // A request waits for the limits at most about a second while Redis is away.
    // lazyConnect: a worker process, which serves no API, never opens this connection.
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 1000, lazyConnect: true });
    redis.defineCommand('limitHit', { numberOfKeys: 1, lua: HIT });
    redis.on('error', (err) => this.log.warn({ err }, 'limits Redis connection'));
    this.redis = redis as RedisLimits['redis'];
    this.local = new MemoryLimits(clock);
    this.prefix = `${LIMITS_KEY_PREFIX}${deployment}:`;
  }

  private redisKey(key: string): string {
    return this.prefix + createHash('sha256').update(key).digest('base64url');
  }

  async hit(key: string, limit: number, windowMs: number): Promise<number> {
    const now = this.clock.now();
    try {
      const [start, count] = await this.redis.limitHit(this.redisKey(key), now, windowMs);
      return Number(count) > limit ? Number(start) + windowMs - now : 0;
    } catch (err) {
      this.log.error({ err }, 'limit counted in this process only: Redis did not answer');
      return this.local.hitNow(key, limit, windowMs);
    }
  }

  async peek(key: string, windowMs: number): Promise<WindowState> {
    const now = this.clock.now();
    try {
      const [s, c, l] = await this.redis.hmget(this.redisKey(key), 's', 'c', 'l');
      const start = Number(s);
      if (s === null || now - start >= windowMs) return { count: 0, last: 0, resetsAt: now };
      return { count: Number(c), last: Number(l), resetsAt: start + windowMs };
    } catch (err) {
      this.log.error({ err }, 'limit read in this process only: Redis did not answer');
      return this.local.peekNow(key, windowMs);
    }
  }

  async clear(key: string): Promise<void> {
    await this.local.clear(key);
    try {
      await this.redis.del(this.redisKey(key));
    } catch (err) {
      this.log.error({ err }, 'limit not cleared: Redis did not answer');
    }
  }

  async close(): Promise<void> {
    if (this.redis.status === 'wait') return this.redis.disconnect();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
