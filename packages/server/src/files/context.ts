/**
 * The files area's services, created once per app next to AppContext: the encrypted
 * store, the conversion queue, the download-link signer.
 */
import { hkdfSync } from 'node:crypto';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { LinkSigner } from '../downloads/links';
import { createMetrics, type Metrics } from '../metrics';
import { BullMqQueue } from '../queue/bullmq-queue';
import { InProcessQueue } from '../queue/in-process-queue';
import type { ConversionJob, ConversionQueue, OutcomeHandler, TaskLoader } from '../queue/types';
import { WorkerPool } from '../queue/worker-pool';
import { ReviewWorker } from '../review/review-worker';
import { createFileStore, type StoreSpec, storeSpecOf } from '../storage/create';
import type { SealedStore } from '../storage/sealed-store';
import { FileEvents } from './events';
import { applyOutcome, loadTask } from './jobs';
import { FilesRepository } from './repository';
import type { FilesTables } from './schema';

export type FilesDb = Kysely<Database & FilesTables>;

/** Told once when a conversion ends (completed or failed): receipts, API webhooks. */
export type ConversionListener = (event: { fileId: string; ok: boolean }) => Promise<void>;

export interface FilesContext {
  ctx: AppContext;
  db: FilesDb;
  /** The `files` table and its status transitions (files/repository.ts). */
  repo: FilesRepository;
  /** Sealed: plaintext in and out, ciphertext in the folder or bucket underneath (store.inner). */
  store: SealedStore;
  /** The same store as plain data, for worker threads. */
  storeSpec: StoreSpec;
  queue: ConversionQueue;
  links: LinkSigner;
  /** Keyed hashing of free-trial identifiers (e-mail, fingerprint, IP). */
  identifierKey: Buffer;
  conversionTimeoutMs: number;
  /** Called once per finished conversion; areas add theirs when the app starts. */
  conversionListeners: ConversionListener[];
  /** Prometheus metrics of this process (GET /metrics). */
  metrics: Metrics;
  /** Changes of file records in this process, told to open event streams (files/events.ts). */
  events: FileEvents;
  /** The thread that reads and writes reviewed statements (review/review-worker.ts), started on first use. */
  review: ReviewWorker;
}

export function filesDb(ctx: AppContext): FilesDb {
  return ctx.db.withTables<FilesTables>();
}

function derivedKey(masterKey: Buffer, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), label, 32));
}

/**
 * `consume`: this process converts (its own worker threads take jobs). A process that only serves
 * HTTP next to separate workers (`statemint serve`, Redis required) adds jobs and runs none.
 * `warm`: with Redis, the threads are loaded before the first job is taken (a dedicated worker);
 * otherwise each starts with its first job. `warmThread`: one thread is started at once, without
 * waiting for it (the server process: its first conversion does not pay for the thread's start).
 */
export async function createFilesContext(
  ctx: AppContext,
  { consume = true, warm = false, warmThread = false } = {},
): Promise<FilesContext> {
  const masterKey = ctx.secrets.fileKey;
  const storeSpec = storeSpecOf(ctx.config, masterKey, join(ctx.config.dataDir, 'files'));
  const store = createFileStore(storeSpec);
  await store.init();
  const pool = consume
    ? new WorkerPool({ store: storeSpec, size: ctx.config.conversionWorkers, memoryMb: ctx.config.conversionMemoryMb })
    : undefined;
  if (pool && warmThread && !warm) void pool.warm(1);
  if (!pool && !ctx.config.redisUrl)
    throw new Error('a process that runs no conversions needs REDIS_URL to queue them');
  // The queue calls back into the files service, which needs the finished context.
  let files: FilesContext | undefined;
  // When each job started on this process: its seconds are measured from there to its stored outcome.
  const startedAt = new Map<string, number>();
  const jobKey = (job: ConversionJob) => `${job.kind}:${job.fileId}`;
  const load: TaskLoader = async (job) => {
    const task = await loadTask(files as FilesContext, job);
    if (task) startedAt.set(jobKey(job), performance.now());
    return task;
  };
  const onOutcome: OutcomeHandler = async (job, outcome) => {
    await applyOutcome(files as FilesContext, job, outcome);
    const { metrics: m } = files as FilesContext;
    m.conversions.inc({ kind: job.kind, outcome: outcome.ok ? 'completed' : outcome.code });
    const started = startedAt.get(jobKey(job));
    startedAt.delete(jobKey(job));
    if (started !== undefined) m.conversionSeconds.observe({ kind: job.kind }, (performance.now() - started) / 1000);
  };
  const queue: ConversionQueue = ctx.config.redisUrl
    ? new BullMqQueue({
        redisUrl: ctx.config.redisUrl,
        pool,
        warm,
        load,
        onOutcome,
        name: ctx.config.queueName,
        log: ctx.log,
      })
    : new InProcessQueue(pool as WorkerPool, load, onOutcome, ctx.log);
  const db = filesDb(ctx);
  files = {
    ctx,
    db,
    repo: new FilesRepository(db, ctx.dialect),
    store,
    storeSpec,
    queue,
    links: new LinkSigner(masterKey, ctx.clock),
    identifierKey: derivedKey(masterKey, 'statemint free-trial identifiers'),
    conversionTimeoutMs: ctx.config.conversionTimeoutMs,
    conversionListeners: [],
    metrics: createMetrics(() => queue.pending()),
    events: new FileEvents(),
    review: new ReviewWorker(storeSpec),
  };
  return files;
}
