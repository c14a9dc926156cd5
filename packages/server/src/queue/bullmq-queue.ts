/**
 * The ConversionQueue used when REDIS_URL is set: jobs live in Redis (BullMQ), so they
 * survive restarts and can be shared by several server processes. Each job's CPU work
 * still runs on this process's worker-thread pool.
 */
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { ConversionJob, ConversionQueue, OutcomeHandler, TaskLoader } from './types';
import type { WorkerPool } from './worker-pool';

const PRIORITY_EXPEDITED = 1;
const PRIORITY_NORMAL = 2;

export interface BullMqQueueOptions {
  redisUrl: string;
  /** Queue name; tests use a fresh one each. */
  name?: string | undefined;
  pool: WorkerPool;
  load: TaskLoader;
  onOutcome: OutcomeHandler;
}

export class BullMqQueue implements ConversionQueue {
  readonly #queue: Queue<ConversionJob>;
  readonly #worker: Worker<ConversionJob>;
  readonly #connections: Redis[];
  readonly #pool: WorkerPool;

  constructor(options: BullMqQueueOptions) {
    const name = options.name ?? 'statemint-conversions';
    // BullMQ workers block on Redis; they need their own connection without request retries.
    const queueConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    const workerConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    this.#connections = [queueConnection, workerConnection];
    this.#pool = options.pool;
    this.#queue = new Queue<ConversionJob>(name, { connection: queueConnection });
    this.#worker = new Worker<ConversionJob>(
      name,
      async (job) => {
        const task = await options.load(job.data);
        if (!task) return;
        const outcome = await options.pool.run(task, job.data.expedited ?? false);
        await options.onOutcome(job.data, outcome);
      },
      {
        connection: workerConnection,
        concurrency: options.pool.size,
        autorun: false,
        // A process killed mid-job (SIGKILL, a lost machine) holds its job's lock until it expires;
        // then another worker (or this one, restarted) takes it again. Our own attempts counter
        // (files/jobs.ts MAX_ATTEMPTS) decides when a file has had enough, not BullMQ's.
        lockDuration: 15_000,
        stalledInterval: 5_000,
        maxStalledCount: 1_000,
      },
    );
  }

  async start(): Promise<void> {
    await this.#queue.waitUntilReady();
    void this.#worker.run();
    await this.#worker.waitUntilReady();
  }

  async enqueue(job: ConversionJob): Promise<void> {
    // The job id makes enqueueing idempotent: a file already waiting or running is not added twice.
    await this.#queue.add(job.kind, job, {
      jobId: `${job.kind}-${job.fileId}`,
      priority: job.expedited ? PRIORITY_EXPEDITED : PRIORITY_NORMAL,
      removeOnComplete: true,
      removeOnFail: true,
    });
  }

  async pending(): Promise<number> {
    const counts = await this.#queue.getJobCounts('waiting', 'active', 'prioritized', 'delayed');
    return Object.values(counts).reduce((a, b) => a + b, 0);
  }

  async close(): Promise<void> {
    await this.#worker.close(true);
    await this.#pool.close();
    await this.#queue.close();
    for (const c of this.#connections) c.disconnect();
  }

  /** Removes the queue's keys from Redis (tests). */
  async obliterate(): Promise<void> {
    await this.#queue.obliterate({ force: true });
  }
}
