/**
 * Fixed-window counts in Redis, shared by every `statemint serve` process on one REDIS_URL.
 * Windows are aligned to the clock (minute n of the epoch for a one-minute window), so processes
 * agree on a window without talking to each other; each window's counter expires after it ends.
 */

import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Clock } from '../context';
import type { SharedRateLimit } from './rate-limit';

const KEY_PREFIX = 'statemint:rate-limit:';

export class RedisRateLimit implements SharedRateLimit {
  private readonly redis: Redis;

  constructor(
    redisUrl: string,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {
    // A request waits for the limiter at most about a second while Redis is away.
    // lazyConnect: a worker process, which serves no API, never opens this connection.
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 1000, lazyConnect: true });
    this.redis.on('error', (err) => this.log.warn({ err }, 'rate-limit Redis connection'));
  }

  async hit(key: string, limit: number, windowMs: number): Promise<number> {
    const now = this.clock.now();
    const window = Math.floor(now / windowMs);
    const redisKey = `${KEY_PREFIX}${key}:${windowMs}:${window}`;
    let count: number;
    try {
      const results = await this.redis
        .multi()
        .incr(redisKey)
        .pexpire(redisKey, windowMs * 2)
        .exec();
      const [error, value] = results?.[0] ?? [new Error('no reply'), null];
      if (error) throw error;
      count = Number(value);
    } catch (err) {
      // Without Redis nothing is counted: requests go through rather than all failing.
      this.log.error({ err, key }, 'rate limit not counted: Redis did not answer');
      return 0;
    }
    return count > limit ? (window + 1) * windowMs - now : 0;
  }

  async close(): Promise<void> {
    if (this.redis.status === 'wait') return this.redis.disconnect();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
