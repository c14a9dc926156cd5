/**
 * The main thread's side of the review worker: one thread, started on first use, that runs
 * review-thread.ts requests in order. A request past its time limit ends the thread (a fresh
 * one starts for the next request).
 */
import { Worker } from 'node:worker_threads';
import { AppError } from '@statemint/shared';
import type { StoreSpec } from '../storage/create';
import type { ReviewAnswer, ReviewRequest } from './review-thread';

const BOOTSTRAP = new URL('../queue/worker-bootstrap.mjs', import.meta.url);
const ENTRY = new URL('./review-thread.ts', import.meta.url).href;
const TIME_LIMIT_MS = 60_000;

interface Pending {
  resolve: (answer: ReviewAnswer) => void;
  timer: NodeJS.Timeout;
}

export class ReviewWorker {
  readonly #store: StoreSpec;
  #worker: Worker | null = null;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;
  /** Threads ended after a request over big statements (tests read it). */
  recycled = 0;

  constructor(store: StoreSpec) {
    this.#store = store;
  }

  run(request: ReviewRequest): Promise<ReviewAnswer> {
    if (this.#closed) return Promise.reject(new AppError('INTERNAL_ERROR', 'The server is shutting down.'));
    const worker = this.#ensure();
    const id = this.#nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#failAll('TIMEOUT', 'This took too long and was stopped.'), TIME_LIMIT_MS);
      this.#pending.set(id, { resolve, timer });
      worker.postMessage({ id, request });
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#worker = null;
    this.#failAll('INTERNAL_ERROR', 'The server is shutting down.');
    await worker?.terminate();
  }

  #ensure(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(BOOTSTRAP, { workerData: { entry: ENTRY, store: this.#store } });
    worker.on('message', (message: { id?: number; answer?: ReviewAnswer }) => {
      const pending = message.id === undefined ? undefined : this.#pending.get(message.id);
      if (!pending || !message.answer || message.id === undefined) return;
      clearTimeout(pending.timer);
      this.#pending.delete(message.id);
      pending.resolve(message.answer);
      // A request over big statements ends its thread, unless others wait for it (review-thread.ts RECYCLE_*).
      if (
        'recycle' in message.answer &&
        message.answer.recycle &&
        this.#pending.size === 0 &&
        this.#worker === worker
      ) {
        retired = true;
        this.#worker = null;
        this.recycled++;
        void worker.terminate();
      }
    });
    let retired = false;
    const lost = () => {
      if (retired) return;
      if (this.#worker === worker) this.#worker = null;
      this.#failAll('CONVERSION_FAILED', 'Something went wrong. Please try again.');
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  #failAll(code: 'TIMEOUT' | 'CONVERSION_FAILED' | 'INTERNAL_ERROR', message: string): void {
    const worker = this.#worker;
    if (code === 'TIMEOUT' && worker) {
      this.#worker = null;
      void worker.terminate();
    }
    for (const [id, p] of this.#pending) {
      clearTimeout(p.timer);
      this.#pending.delete(id);
      p.resolve({ ok: false, code, message });
    }
  }
}
