/**
 * Issue 15 finding 1: a restart re-enqueues the whole backlog, and loading a job counts a
 * conversion attempt. Jobs are loaded only when a worker is free, so a backlog that waits
 * through restarts is not charged attempts it never had.
 */
import { describe, expect, it, vi } from 'vitest';
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
  /** Ends the running task of this file. */
  finish(fileId: string): void {
    const i = this.running.findIndex((r) => r.task.fileId === fileId);
    this.running.splice(i, 1)[0]?.finish(OK);
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

const job = (id: string, expedited = false, free = false): ConversionJob => ({
  fileId: id,
  kind: 'convert',
  expedited,
  free,
});
const tick = () => new Promise((r) => setTimeout(r, 10));

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

  // Issue 29: two anonymous 120 s uploads delayed a Pro user's small CSV from 0.3 s to 130 s.
  it("never queues a paying user's job behind free trials: they use all threads but one, and wait", async () => {
    const pool = new HeldPool(2);
    const { queue, loaded } = queueWith(pool);
    await queue.start();
    for (const id of ['free1', 'free2', 'free3']) await queue.enqueue(job(id, false, true));
    await tick();
    // One thread for free trials, one kept.
    expect(loaded).toEqual(['free1']);
    await queue.enqueue(job('pro1'));
    await tick();
    expect(loaded).toEqual(['free1', 'pro1']);
    // Paying users' jobs waiting go first, and may use every thread.
    await queue.enqueue(job('pro2'));
    await queue.enqueue(job('pro3'));
    pool.finish('free1');
    await tick();
    expect(loaded).toEqual(['free1', 'pro1', 'pro2']);
    pool.finish('pro1');
    await tick();
    expect(loaded).toEqual(['free1', 'pro1', 'pro2', 'pro3']);
    pool.finish('pro2');
    await tick();
    expect(loaded.slice(4)).toEqual(['free2']);
    // A free trial never takes the last thread: with pro3 done, free3 still waits for free2.
    pool.finish('pro3');
    await tick();
    expect(loaded.slice(4)).toEqual(['free2']);
    pool.finish('free2');
    await tick();
    expect(loaded.slice(4)).toEqual(['free2', 'free3']);
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
    // On the fake clock: the test reads what the queue does at each moment of the grace time,
    // not how long the machine took (issue 28: no wall-clock assertion in any test).
    vi.useFakeTimers();
    try {
      const pool = new HeldPool(2);
      const { queue, done } = queueWith(pool);
      await queue.start();
      await queue.enqueue(job('a'));
      await queue.enqueue(job('b'));
      await queue.enqueue(job('c'));
      await vi.advanceTimersByTimeAsync(10);
      expect(pool.running.map((r) => r.task.fileId)).toEqual(['a', 'b']);
      let closed = false;
      const closing = queue.close(200).then(() => {
        closed = true;
      });
      // 'a' finishes within the grace time; 'b' does not and is abandoned; 'c' never starts.
      await vi.advanceTimersByTimeAsync(20);
      pool.finish('a');
      await vi.advanceTimersByTimeAsync(179);
      expect(done).toEqual(['a']);
      expect(closed).toBe(false);
      expect(pool.running.map((r) => r.task.fileId)).toEqual(['b']);
      await vi.advanceTimersByTimeAsync(1);
      await closing;
      expect(closed).toBe(true);
      expect(done).toEqual(['a']);
      expect(pool.running).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
