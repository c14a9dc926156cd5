/**
 * The default ConversionQueue: jobs held in memory and run on the worker-thread pool.
 * Durability comes from the database: a file stays 'processing' until its outcome is
 * stored, and the files service re-enqueues such files on start.
 *
 * A job is loaded (which counts a conversion attempt) only when a worker is free to start
 * it, never when it is queued: a backlog re-enqueued after a restart costs nothing.
 */
import {
  type ConversionJob,
  type ConversionOutcome,
  type ConversionQueue,
  type ConversionTask,
  freeSlots,
  type OutcomeHandler,
  type TaskLoader,
} from './types';
import { PoolClosedError } from './worker-pool';

export interface QueueLogger {
  error(obj: object, msg: string): void;
}

/** What the queue needs of the worker pool (tests give it a stand-in). */
export interface TaskRunner {
  readonly size: number;
  run(task: ConversionTask, expedited?: boolean, free?: boolean): Promise<ConversionOutcome>;
  close(): Promise<void>;
}

const keyOf = (job: ConversionJob) => `${job.kind}:${job.fileId}`;

export class InProcessQueue implements ConversionQueue {
  readonly #pool: TaskRunner;
  readonly #load: TaskLoader;
  readonly #onOutcome: OutcomeHandler;
  readonly #log: QueueLogger;
  /** Waiting jobs in arrival order; expedited ones are taken first, free trials' last. */
  readonly #waiting: ConversionJob[] = [];
  readonly #active = new Map<string, Promise<void>>();
  /** Keys of the active jobs that are free trials' (at most freeSlots(pool size) at once). */
  readonly #activeFree = new Set<string>();
  #started = false;
  #closed = false;

  constructor(pool: TaskRunner, load: TaskLoader, onOutcome: OutcomeHandler, log: QueueLogger) {
    this.#pool = pool;
    this.#load = load;
    this.#onOutcome = onOutcome;
    this.#log = log;
  }

  async start(): Promise<void> {
    this.#started = true;
    this.#pump();
  }

  async enqueue(job: ConversionJob): Promise<void> {
    if (this.#closed) return;
    const key = keyOf(job);
    if (this.#active.has(key)) return;
    const waiting = this.#waiting.find((j) => keyOf(j) === key);
    if (waiting) {
      if (job.expedited) waiting.expedited = true;
      if (!job.free) waiting.free = false;
      return;
    }
    this.#waiting.push({ ...job });
    this.#pump();
  }

  async pending(): Promise<number> {
    return this.#active.size + this.#waiting.length;
  }

  /** Resolves when every job enqueued so far has finished (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.#active.size > 0 || (this.#started && !this.#closed && this.#waiting.length > 0))
      await Promise.allSettled([...this.#active.values()]);
  }

  async close(graceMs = 0): Promise<void> {
    this.#closed = true;
    // Waiting jobs are 'processing' in the database: the next start enqueues them again.
    this.#waiting.length = 0;
    if (graceMs > 0 && this.#active.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.#active.values()]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
    }
    await this.#pool.close();
    await Promise.allSettled([...this.#active.values()]);
  }

  /** Expedited first, then paying users' jobs, then free trials' while they have a thread left. */
  #takeNext(): ConversionJob | undefined {
    let i = this.#waiting.findIndex((j) => j.expedited);
    if (i === -1) i = this.#waiting.findIndex((j) => !j.free);
    if (i === -1 && this.#activeFree.size < freeSlots(this.#pool.size)) i = 0;
    return i === -1 ? undefined : this.#waiting.splice(i, 1)[0];
  }

  /** Starts waiting jobs while the pool has an idle worker (for a free trial's job, one of its own). */
  #pump(): void {
    while (this.#started && !this.#closed && this.#active.size < this.#pool.size && this.#waiting.length > 0) {
      const job = this.#takeNext();
      if (!job) return;
      const key = keyOf(job);
      if (job.free) this.#activeFree.add(key);
      const run = this.#run(job).finally(() => {
        this.#active.delete(key);
        this.#activeFree.delete(key);
        this.#pump();
      });
      this.#active.set(key, run);
    }
  }

  async #run(job: ConversionJob): Promise<void> {
    try {
      const task = await this.#load(job);
      if (!task) return;
      const outcome = await this.#pool.run(task, job.expedited ?? false, job.free ?? false);
      await this.#onOutcome(job, outcome);
    } catch (e) {
      // Closing abandons the job on purpose: the file stays 'processing' and is redone on start.
      if (!(e instanceof PoolClosedError)) this.#log.error({ err: e, fileId: job.fileId }, 'conversion job failed');
    }
  }
}
