/**
 * The default ConversionQueue: jobs held in memory and run on the worker-thread pool.
 * Durability comes from the database: a file stays 'processing' until its outcome is
 * stored, and the files service re-enqueues such files on start.
 */
import type { ConversionJob, ConversionQueue, OutcomeHandler, TaskLoader } from './types';
import { PoolClosedError, type WorkerPool } from './worker-pool';

export interface QueueLogger {
  error(obj: object, msg: string): void;
}

export class InProcessQueue implements ConversionQueue {
  readonly #pool: WorkerPool;
  readonly #load: TaskLoader;
  readonly #onOutcome: OutcomeHandler;
  readonly #log: QueueLogger;
  readonly #active = new Map<string, Promise<void>>();
  #started = false;
  #closed = false;
  readonly #early: ConversionJob[] = [];

  constructor(pool: WorkerPool, load: TaskLoader, onOutcome: OutcomeHandler, log: QueueLogger) {
    this.#pool = pool;
    this.#load = load;
    this.#onOutcome = onOutcome;
    this.#log = log;
  }

  async start(): Promise<void> {
    this.#started = true;
    for (const job of this.#early.splice(0)) await this.enqueue(job);
  }

  async enqueue(job: ConversionJob): Promise<void> {
    if (this.#closed) return;
    if (!this.#started) {
      this.#early.push(job);
      return;
    }
    const key = `${job.kind}:${job.fileId}`;
    if (this.#active.has(key)) return;
    const run = this.#run(job).finally(() => this.#active.delete(key));
    this.#active.set(key, run);
  }

  async pending(): Promise<number> {
    return this.#active.size + this.#early.length;
  }

  /** Resolves when every job enqueued so far has finished (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.#active.size > 0) await Promise.allSettled([...this.#active.values()]);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#pool.close();
    await Promise.allSettled([...this.#active.values()]);
  }

  async #run(job: ConversionJob): Promise<void> {
    try {
      const task = await this.#load(job);
      if (!task) return;
      const outcome = await this.#pool.run(task, job.expedited ?? false);
      await this.#onOutcome(job, outcome);
    } catch (e) {
      // Closing abandons the job on purpose: the file stays 'processing' and is redone on start.
      if (!(e instanceof PoolClosedError)) this.#log.error({ err: e, fileId: job.fileId }, 'conversion job failed');
    }
  }
}
