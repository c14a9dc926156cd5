/**
 * The limits' counts (issue 29): in this process, and in Redis where every process of a
 * deployment shares them. Both keep the same windows, so a limit means the same on either; the
 * Redis one is run against a real Redis (TEST_REDIS_URL) and, while Redis does not answer, still
 * counts in its process.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { TestClock } from '../test/harness';
import { type Limits, MemoryLimits } from './rate-limit';
import { RedisLimits } from './redis-rate-limit';

function quietLog(): FastifyBaseLogger & { errors: string[] } {
  const errors: string[] = [];
  const none = () => undefined;
  const log = { errors, error: (_: unknown, msg: string) => errors.push(msg), warn: none, info: none, debug: none };
  return log as unknown as FastifyBaseLogger & { errors: string[] };
}

/** One scenario, the same answers from every kind of limits. */
async function windows(limits: Limits, clock: TestClock): Promise<void> {
  const key = `login-fail:pair:someone@example.com|203.0.113.9:${randomBytes(4).toString('hex')}`;
  expect(await limits.peek(key, 60_000)).toEqual({ count: 0, last: 0, resetsAt: clock.now() });
  const start = clock.now();
  expect(await limits.hit(key, 2, 60_000)).toBe(0);
  clock.advance(1000);
  expect(await limits.hit(key, 2, 60_000)).toBe(0);
  clock.advance(1000);
  // The third hit is over a limit of 2: the answer is the time left of the window, which began at the first.
  expect(await limits.hit(key, 2, 60_000)).toBe(58_000);
  expect(await limits.peek(key, 60_000)).toEqual({ count: 3, last: start + 2000, resetsAt: start + 60_000 });
  clock.advance(58_000);
  expect((await limits.peek(key, 60_000)).count).toBe(0);
  expect(await limits.hit(key, 2, 60_000)).toBe(0);
  await limits.clear(key);
  expect((await limits.peek(key, 60_000)).count).toBe(0);
}

describe('limits in this process', () => {
  it('count hits in a window that starts at the first, tell the time left past the limit, and forget a cleared key', async () => {
    const clock = new TestClock();
    await windows(new MemoryLimits(clock), clock);
  });
});

describe('limits in Redis', () => {
  const opened: Limits[] = [];
  afterAll(async () => {
    for (const l of opened) await l.close();
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'keep the same windows, and two processes count against one limit',
    async () => {
      const url = process.env.TEST_REDIS_URL as string;
      const deployment = `test-${randomBytes(6).toString('hex')}`;
      const clock = new TestClock();
      const a = new RedisLimits(url, deployment, clock, quietLog());
      const b = new RedisLimits(url, deployment, clock, quietLog());
      const other = new RedisLimits(url, `${deployment}-other`, clock, quietLog());
      opened.push(a, b, other);
      await windows(a, clock);
      const key = 'login-fail:account:shared@example.com';
      const hits = await Promise.all([a, b, a, b, a, b].map((l) => l.hit(key, 5, 60_000)));
      // Six hits at once from two processes: each counted once, the sixth over the limit.
      expect(hits.filter((h) => h > 0)).toHaveLength(1);
      expect((await b.peek(key, 60_000)).count).toBe(6);
      // Another deployment on the same Redis counts apart.
      expect((await other.peek(key, 60_000)).count).toBe(0);
      await a.clear(key);
      expect((await b.peek(key, 60_000)).count).toBe(0);
    },
  );

  it('count in this process while Redis does not answer, and say so', async () => {
    const clock = new TestClock();
    const log = quietLog();
    // Nothing listens on port 1.
    const limits = new RedisLimits('redis://127.0.0.1:1', 'nowhere', clock, log);
    opened.push(limits);
    await windows(limits, clock);
    expect(log.errors.some((m) => m.includes('Redis did not answer'))).toBe(true);
  });
});
