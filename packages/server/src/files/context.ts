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
import { BullMqQueue } from '../queue/bullmq-queue';
import { InProcessQueue } from '../queue/in-process-queue';
import type { ConversionQueue, OutcomeHandler, TaskLoader } from '../queue/types';
import { WorkerPool } from '../queue/worker-pool';
import { createFileStore, type StoreSpec, storeSpecOf } from '../storage/create';
import type { SealedStore } from '../storage/sealed-store';
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
}

const registry = new WeakMap<AppContext, FilesContext>();

/** Made known by the HTTP app (buildApp) once createServices has made it. */
export function registerFilesContext(ctx: AppContext, files: FilesContext): void {
  registry.set(ctx, files);
}

/** The files services of an app (routes use them; tests run the sweeper and wait for jobs through them). */
export function filesContextOf(app: { ctx: AppContext }): FilesContext {
  const files = registry.get(app.ctx);
  if (!files) throw new Error('the files services are not made for this app');
  return files;
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
 */
export async function createFilesContext(ctx: AppContext, { consume = true } = {}): Promise<FilesContext> {
  const masterKey = ctx.secrets.fileKey;
  const storeSpec = storeSpecOf(ctx.config, masterKey, join(ctx.config.dataDir, 'files'));
  const store = createFileStore(storeSpec);
  await store.init();
  const pool = consume
    ? new WorkerPool({ store: storeSpec, size: ctx.config.conversionWorkers, memoryMb: ctx.config.conversionMemoryMb })
    : undefined;
  if (!pool && !ctx.config.redisUrl)
    throw new Error('a process that runs no conversions needs REDIS_URL to queue them');
  // The queue calls back into the files service, which needs the finished context.
  let files: FilesContext | undefined;
  const load: TaskLoader = (job) => loadTask(files as FilesContext, job);
  const onOutcome: OutcomeHandler = (job, outcome) => applyOutcome(files as FilesContext, job, outcome);
  const queue: ConversionQueue = ctx.config.redisUrl
    ? new BullMqQueue({
        redisUrl: ctx.config.redisUrl,
        pool,
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
  };
  return files;
}
