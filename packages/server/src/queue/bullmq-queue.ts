/**
 * The ConversionQueue used when REDIS_URL is set: jobs live in Redis (BullMQ), so they
 * survive restarts and are shared by every process on the queue. A process with a worker-thread
 * pool takes jobs (`statemint worker`, the all-in-one default); one without only adds them
 * (`statemint serve`). A worker killed mid-job gives its job back: its lock runs out and
 * BullMQ's stalled-job check hands the job to another worker.
 *
 * Free trials' conversions have a queue of their own (`<name>-free`) whose worker takes at most
 * freeSlots(pool size) at a time, so a paying user's job, on the main queue, always finds a
 * thread: it never waits in Redis behind free ones (issue 29).
 */
import { type Job, Queue, WaitingError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { type ConversionJob, type ConversionQueue, freeSlots, type OutcomeHandler, type TaskLoader } from './types';
import { PoolClosedError, type WorkerPool } from './worker-pool';

const PRIORITY_EXPEDITED = 1;
const PRIORITY_NORMAL = 2;

export interface BullMqQueueOptions {
  redisUrl: string;
  /** Queue name; tests use a fresh one each. */
  name?: string | undefined;
  /** Takes jobs on this pool's threads; without one, this process only adds jobs. */
  pool?: WorkerPool | undefined;
  /** Loads every conversion thread before taking the first job (`statemint worker`). */
  warm?: boolean | undefined;
  load: TaskLoader;
  onOutcome: OutcomeHandler;
  /** Told when a job starts and ends. */
  log?: QueueLog | undefined;
}

export interface QueueLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class BullMqQueue implements ConversionQueue {
  readonly #queue: Queue<ConversionJob>;
  readonly #freeQueue: Queue<ConversionJob>;
  readonly #worker: Worker<ConversionJob> | null = null;
  readonly #freeWorker: Worker<ConversionJob> | null = null;
  readonly #connections: Redis[];
  readonly #pool: WorkerPool | null;
  readonly #warm: boolean;
  readonly #log: QueueLog | undefined;

  constructor(options: BullMqQueueOptions) {
    const name = options.name ?? 'statemint-conversions';
    const queueConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    this.#connections = [queueConnection];
    this.#pool = options.pool ?? null;
    this.#warm = options.warm ?? false;
    this.#log = options.log;
    this.#queue = new Queue<ConversionJob>(name, { connection: queueConnection });
    this.#freeQueue = new Queue<ConversionJob>(`${name}-free`, { connection: queueConnection });
    const pool = options.pool;
    if (!pool) return;
    const processor = async (job: Job<ConversionJob>, token: string | undefined) => {
      const task = await options.load(job.data);
      if (!task) return;
      const started = performance.now();
      options.log?.info({ fileId: job.data.fileId, kind: job.data.kind }, 'conversion started');
      let outcome: Awaited<ReturnType<WorkerPool['run']>>;
      try {
        outcome = await pool.run(task, job.data.expedited ?? false, job.data.free ?? false);
      } catch (e) {
        if (e instanceof PoolClosedError && token) {
          // Shutting down past the grace time: the job goes back to the queue for another worker now.
          await job.moveToWait(token);
          throw new WaitingError();
        }
        throw e;
      }
      await options.onOutcome(job.data, outcome);
      options.log?.info(
        { fileId: job.data.fileId, kind: job.data.kind, ok: outcome.ok, ms: Math.round(performance.now() - started) },
        'conversion finished',
      );
    };
    // BullMQ workers block on Redis; each needs its own connection without request retries.
    const worker = (queueName: string, concurrency: number) => {
      const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
      this.#connections.push(connection);
      const w = new Worker<ConversionJob>(queueName, processor, {
        connection,
        concurrency,
        autorun: false,
        // A process killed mid-job (SIGKILL, a lost machine) holds its job's lock until it expires;
        // then another worker (or this one, restarted) takes it again. Our own attempts counter
        // (files/jobs.ts MAX_ATTEMPTS) decides when a file has had enough, not BullMQ's.
        lockDuration: 15_000,
        stalledInterval: 5_000,
        maxStalledCount: 1_000,
      });
      // BullMQ reports a lost connection or a failed lock renewal as 'error': logged, not thrown.
      w.on('error', (err) => options.log?.error({ err }, 'conversion queue worker'));
      return w;
    };
    this.#worker = worker(name, pool.size);
    this.#freeWorker = worker(`${name}-free`, freeSlots(pool.size));
  }

  /** Whether this process takes jobs (it has a worker-thread pool). */
  get consumes(): boolean {
    return this.#worker !== null;
  }

  async start(): Promise<void> {
    await this.#queue.waitUntilReady();
    await this.#freeQueue.waitUntilReady();
    if (!this.#worker || !this.#freeWorker) return;
    if (this.#warm) await this.#pool?.warm();
    // run() settles when the worker stops; a rejection (its connection closed under it while a
    // SIGTERM shuts the process down) is logged, never an unhandled rejection that would end the
    // process with status 1 in the middle of its graceful shutdown.
    for (const worker of [this.#worker, this.#freeWorker])
      worker.run().catch((err: unknown) => this.#log?.error({ err }, 'conversion queue worker stopped'));
    await this.#worker.waitUntilReady();
    await this.#freeWorker.waitUntilReady();
  }

  async enqueue(job: ConversionJob): Promise<void> {
    // The job id makes enqueueing idempotent: a file already waiting or running is not added twice.
    await (job.free ? this.#freeQueue : this.#queue).add(job.kind, job, {
      jobId: `${job.kind}-${job.fileId}`,
      priority: job.expedited ? PRIORITY_EXPEDITED : PRIORITY_NORMAL,
      removeOnComplete: true,
      removeOnFail: true,
    });
  }

  async pending(): Promise<number> {
    let n = 0;
    for (const queue of [this.#queue, this.#freeQueue]) {
      const counts = await queue.getJobCounts('waiting', 'active', 'prioritized', 'delayed');
      n += Object.values(counts).reduce((a, b) => a + b, 0);
    }
    return n;
  }

  /**
   * Stops taking jobs; running ones may finish within `graceMs`, and past it they go back to the
   * queue for another worker (their threads ended).
   */
  async close(graceMs = 0): Promise<void> {
    if (this.#worker && this.#freeWorker) {
      const finished = Promise.all([this.#worker.close(), this.#freeWorker.close()]);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), graceMs);
      });
      if ((await Promise.race([finished, late])) === 'late') await this.#pool?.close();
      clearTimeout(timer);
      await finished;
    }
    await this.#pool?.close();
    await this.#queue.close();
    await this.#freeQueue.close();
    for (const c of this.#connections) c.disconnect();
  }

  /** Removes the queue's keys from Redis (tests). */
  async obliterate(): Promise<void> {
    await this.#queue.obliterate({ force: true });
    await this.#freeQueue.obliterate({ force: true });
  }
}
