/**
 * Issue 15 finding 1: a restart re-enqueues the whole backlog, and loading a job counts a
 * conversion attempt. Jobs are loaded only when a worker is free, so a backlog that waits
 * through restarts is not charged attempts it never had.
 */
import { describe, expect, it } from 'vitest';
import { InProcessQueue, type TaskRunner } from './in-process-queue';
import type { ConversionJob, ConversionOutcome, ConversionTask } from './types';
import { PoolClosedError } from './worker-pool';

class HeldPool implements TaskRunner {
  readonly size: number;
  readonly running: Array<{ task: ConversionTask; finish: (o: ConversionOutcome) => void; fail: (e: Error) => void }> =
    [];
  constructor(size: number) {
    this.size = size;
  }
  run(task: ConversionTask): Promise<ConversionOutcome> {
    return new Promise((resolve, reject) => this.running.push({ task, finish: resolve, fail: reject }));
  }
  /** Like the worker pool: running tasks end with PoolClosedError. */
  async close(): Promise<void> {
    for (const r of this.running.splice(0)) r.fail(new PoolClosedError());
  }
}

const OK: ConversionOutcome = { ok: false, code: 'CONVERSION_FAILED', message: 'x' };
const silent = { error: () => undefined };

function queueWith(pool: HeldPool) {
  const loaded: string[] = [];
  const done: string[] = [];
  const queue = new InProcessQueue(
    pool,
    async (job) => {
      loaded.push(job.fileId);
      return { fileId: job.fileId, kind: job.kind, originalFilename: 'a.csv', timeoutMs: 1000 };
    },
    async (job) => {
      done.push(job.fileId);
    },
    silent,
  );
  return { queue, loaded, done };
}

const job = (id: string, expedited = false): ConversionJob => ({ fileId: id, kind: 'convert', expedited });

describe('in-process queue', () => {
  it('loads (and so counts an attempt of) a job only when a worker is free to start it', async () => {
    const pool = new HeldPool(2);
    const { queue, loaded, done } = queueWith(pool);
    await queue.start();
    for (const id of ['a', 'b', 'c', 'd', 'e']) await queue.enqueue(job(id));
    await new Promise((r) => setTimeout(r, 10));
    expect(loaded).toEqual(['a', 'b']);
    expect(await queue.pending()).toBe(5);

    pool.running.shift()?.finish(OK);
    await new Promise((r) => setTimeout(r, 10));
    expect(done).toEqual(['a']);
    expect(loaded).toEqual(['a', 'b', 'c']);
    await queue.close();
  });

  it('takes expedited jobs first, and enqueues each file once', async () => {
    const pool = new HeldPool(1);
    const { queue, loaded } = queueWith(pool);
    await queue.enqueue(job('a'));
    await queue.enqueue(job('b'));
    await queue.enqueue(job('c', true));
    await queue.enqueue(job('b'));
    await queue.start();
    await new Promise((r) => setTimeout(r, 10));
    expect(loaded).toEqual(['c']);
    pool.running.shift()?.finish(OK);
    await new Promise((r) => setTimeout(r, 10));
    pool.running.shift()?.finish(OK);
    await new Promise((r) => setTimeout(r, 10));
    expect(loaded).toEqual(['c', 'a', 'b']);
    await queue.close();
  });

  it('closing leaves waiting jobs unloaded (they are redone from the database on start)', async () => {
    const pool = new HeldPool(1);
    const { queue, loaded } = queueWith(pool);
    await queue.start();
    await queue.enqueue(job('a'));
    await queue.enqueue(job('b'));
    await new Promise((r) => setTimeout(r, 10));
    const closing = queue.close();
    pool.running.shift()?.finish(OK);
    await closing;
    expect(loaded).toEqual(['a']);
  });

  it('closing with a grace time lets running jobs finish within it, and abandons them past it', async () => {
    const pool = new HeldPool(2);
    const { queue, done } = queueWith(pool);
    await queue.start();
    await queue.enqueue(job('a'));
    await queue.enqueue(job('b'));
    await queue.enqueue(job('c'));
    await new Promise((r) => setTimeout(r, 10));
    const closing = queue.close(200);
    // 'a' finishes within the grace time; 'b' does not and is abandoned; 'c' never starts.
    setTimeout(() => pool.running.shift()?.finish(OK), 20);
    const t0 = Date.now();
    await closing;
    expect(Date.now() - t0).toBeGreaterThanOrEqual(150);
    expect(done).toEqual(['a']);
    expect(pool.running).toEqual([]);
  });
});
