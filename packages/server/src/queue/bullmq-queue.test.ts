/**
 * The Redis (BullMQ) queue, for real, when TEST_REDIS_URL is set (CI has Redis): an upload
 * converted and an expedited restore, both through Redis, each test on a queue of its own.
 */
import { randomBytes } from 'node:crypto';
import type { RestoreResponse } from '@statemint/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCsvStatement } from '../files/sample-statements';
import { freshIp, upload, waitForFile } from '../files/test-helpers';
import { sweep } from '../sweeper/sweeper';
import { createVerifiedUser, startTestServer, type TestServer } from '../test/harness';
import { BullMqQueue } from './bullmq-queue';
import type { ConversionJob, ConversionOutcome, ConversionTask } from './types';
import type { WorkerPool } from './worker-pool';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('BullMQ conversion queue (Redis)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      config: {
        redisUrl,
        queueName: `statemint-test-${randomBytes(6).toString('hex')}`,
        trustProxy: 'loopback',
        conversionWorkers: 1,
      },
    });
  });
  afterAll(async () => {
    const queue = s ? s.app.services.files.queue : null;
    if (queue instanceof BullMqQueue) await queue.obliterate();
    await s?.close();
  });

  it('converts uploads and runs restores through Redis', async () => {
    expect(s.app.services.files.queue).toBeInstanceOf(BullMqQueue);
    const anon = await upload(s, '/api/files/upload-free-trial', {
      name: 'redis.csv',
      bytes: sampleCsvStatement(6),
      fields: { email: 'redis@example.com' },
      headers: { 'x-device-fingerprint': 'redis-device' },
      ip: freshIp(),
    });
    expect(anon.status).toBe(201);
    expect(await waitForFile(s, anon.body.id)).toMatchObject({ status: 'completed', transactionCount: 6 });

    const u = await createVerifiedUser(s);
    const intent = await s.api<{ clientSecret: string; paymentIntentId: string }>(
      '/api/payments/create-payment-intent',
      {
        body: { amount: 3500, type: 'pro' },
        token: u.token,
      },
    );
    const card = await s.api('/api/payments/test-mode/confirm-card', {
      body: {
        clientSecret: intent.body.clientSecret,
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2099,
        cvc: '123',
      },
    });
    expect(card.status).toBe(200);
    const confirmed = await s.api('/api/payments/confirm', {
      body: { paymentIntentId: intent.body.paymentIntentId },
      token: u.token,
    });
    expect(confirmed.status).toBe(200);
    const up = await upload(s, '/api/files/upload', { name: 'pro.csv', bytes: sampleCsvStatement(8), token: u.token });
    expect(up.status).toBe(201);
    expect((await waitForFile(s, up.body.id, u.token)).status).toBe('completed');

    s.clock.advance(25 * 3600_000);
    await sweep(s.app.services.files);
    expect((await waitForFile(s, up.body.id, u.token)).status).toBe('archived');
    const restore = await s.api<RestoreResponse>(`/api/files/${up.body.id}/restore`, {
      token: u.token,
      body: { expedited: true },
    });
    expect(restore.status).toBe(200);
    expect(await waitForFile(s, up.body.id, u.token)).toMatchObject({
      status: 'completed',
      restoreStatus: 'completed',
    });
    expect(await s.app.services.files.queue.pending()).toBe(0);
  });
});

/** Issue 29: paying users' jobs never wait in Redis behind free trials'. */
describe.skipIf(!redisUrl)('BullMQ queue priority (Redis)', () => {
  /** Two threads held until the test ends each task. */
  const running: Array<{ fileId: string; free: boolean; finish: () => void }> = [];
  const pool = {
    size: 2,
    run(task: ConversionTask, _expedited = false, free = false): Promise<ConversionOutcome> {
      return new Promise((resolve) =>
        running.push({
          fileId: task.fileId,
          free,
          finish: () => resolve({ ok: false, code: 'CONVERSION_FAILED', message: 'x' }),
        }),
      );
    },
    async warm() {},
    async close() {
      for (const r of running.splice(0)) r.finish();
    },
  } as unknown as WorkerPool;
  const finish = (fileId: string) =>
    running
      .splice(
        running.findIndex((r) => r.fileId === fileId),
        1,
      )[0]
      ?.finish();
  const started = () => running.map((r) => r.fileId).sort();
  let queue: BullMqQueue;
  beforeAll(async () => {
    queue = new BullMqQueue({
      redisUrl: redisUrl as string,
      name: `statemint-test-${randomBytes(6).toString('hex')}`,
      pool,
      load: async (job) => ({ fileId: job.fileId, kind: job.kind, originalFilename: 'a.csv', timeoutMs: 1000 }),
      onOutcome: async () => undefined,
    });
    await queue.start();
  });
  afterAll(async () => {
    await queue?.obliterate();
    await queue?.close();
  });

  it('takes free trials on all threads but one, and a paying job at once beside them', async () => {
    const job = (fileId: string, free: boolean): ConversionJob => ({ fileId, kind: 'convert', free });
    for (const id of ['free1', 'free2', 'free3']) await queue.enqueue(job(id, true));
    await expect.poll(started, { timeout: 10_000 }).toEqual(['free1']);
    // Still one: the other thread is kept for paying users.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(started()).toEqual(['free1']);
    await queue.enqueue(job('pro1', false));
    await expect.poll(started, { timeout: 10_000 }).toEqual(['free1', 'pro1']);
    expect(running.find((r) => r.fileId === 'free1')?.free).toBe(true);
    expect(running.find((r) => r.fileId === 'pro1')?.free).toBe(false);
    finish('free1');
    await expect.poll(started, { timeout: 10_000 }).toEqual(['free2', 'pro1']);
    expect(await queue.pending()).toBe(3);
  });
});
