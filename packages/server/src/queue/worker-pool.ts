/**
 * A pool of worker threads that run conversions, so PDF parsing, OCR and export never
 * block the server's event loop. Expedited tasks are taken first; a task that uses more CPU
 * time than its limit (its thread's and its OCR processes', cpu-time.ts), or runs past
 * `wallFactor` times that on the wall clock, has its worker terminated and fails with TIMEOUT.
 * Without /proc (not Linux) the limit is on the wall clock alone.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { TEXTS } from '@statemint/shared';
import type { StoreSpec } from '../storage/create';
import { CpuMeter, threadId } from './cpu-time';
import { type ConversionOutcome, type ConversionTask, freeSlots } from './types';
import type { WorkerRequest } from './worker-thread';

export interface WorkerPoolOptions {
  store: StoreSpec;
  /** Threads at most (default: the number of cores). */
  size?: number;
  /** Extra time past the task's own engine deadline before the worker is terminated. */
  graceMs?: number;
  /** V8 heap limit of one worker thread in MB; past it the conversion fails, not the server. */
  memoryMb?: number;
  /** A worker whose heap is larger than this after a task is ended (its memory given back). */
  recycleAboveMb?: number;
  /**
   * With CPU time measured, a task's wall-clock limit is this many times its CPU limit (a hang,
   * a wait without end); the engine's own deadline is that too.
   */
  wallFactor?: number;
}

export const DEFAULT_WALL_FACTOR = 4;
/** How often a running task's CPU time is read. */
const CPU_POLL_MS = 250;
/** Whether this machine tells a thread's CPU time (Linux /proc). */
const CPU_MEASURED = threadId() !== null;

export const DEFAULT_WORKER_MEMORY_MB = 768;
/** V8 young generation of one worker thread in MB (its two semi-spaces and more). */
export const YOUNG_GENERATION_MB = 32;
const DEFAULT_RECYCLE_ABOVE_MB = 192;

interface Waiting {
  seq: number;
  task: ConversionTask;
  expedited: boolean;
  /** A free trial's task: after paying users' tasks, never on the last free thread. */
  free: boolean;
  resolve: (outcome: ConversionOutcome) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  current: (Waiting & { id: number; timer: NodeJS.Timeout; meter: CpuMeter | null }) | null;
  /** The thread's kernel id, once it has said it (its CPU time is read from /proc). */
  tid: number | null;
  /** Reads the running task's CPU time while there is one. */
  poll: NodeJS.Timeout | null;
  /** Settles once the thread has loaded the engine (or has ended). */
  loaded: Promise<void>;
}

interface WorkerMessage {
  id?: number;
  outcome?: ConversionOutcome;
  heapMb?: number;
  ready?: boolean;
  tid?: number | null;
}

export const TIMEOUT_MESSAGE = 'The conversion took too long and was stopped.';

export const OUT_OF_MEMORY_MESSAGE =
  'This file needs more memory to convert than one conversion may use. Please split it into smaller files.';

export class PoolClosedError extends Error {
  constructor() {
    super('the conversion pool was closed');
    this.name = 'PoolClosedError';
  }
}

const BOOTSTRAP = new URL('./worker-bootstrap.mjs', import.meta.url);
const ENTRY = new URL('./worker-thread.ts', import.meta.url).href;

export class WorkerPool {
  readonly size: number;
  readonly #options: WorkerPoolOptions;
  readonly #waiting: Waiting[] = [];
  readonly #slots = new Set<Slot>();
  #seq = 0;
  #nextId = 1;
  #closed = false;

  constructor(options: WorkerPoolOptions) {
    this.#options = options;
    this.size = Math.max(1, options.size ?? availableParallelism());
  }

  /** Worker threads alive now. */
  get threads(): number {
    return this.#slots.size;
  }

  /** Tasks waiting plus tasks running. */
  get load(): number {
    let running = 0;
    for (const slot of this.#slots) if (slot.current) running++;
    return this.#waiting.length + running;
  }

  run(task: ConversionTask, expedited = false, free = false): Promise<ConversionOutcome> {
    if (this.#closed) return Promise.reject(new PoolClosedError());
    return new Promise((resolve, reject) => {
      this.#waiting.push({ seq: this.#seq++, task, expedited, free, resolve, reject });
      this.#dispatch();
    });
  }

  /**
   * Starts threads now (every one, or `count`) and resolves once each has loaded the engine
   * (about 0.8 s of CPU each from the bundle), so a dedicated worker pays that before its first job
   * instead of during it, and a server before its first conversion.
   */
  async warm(count = this.size): Promise<void> {
    while (!this.#closed && this.#slots.size < Math.min(count, this.size)) this.#spawn();
    await Promise.all([...this.#slots].map((s) => s.loaded));
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const w of this.#waiting.splice(0)) w.reject(new PoolClosedError());
    const slots = [...this.#slots];
    this.#slots.clear();
    for (const slot of slots) {
      this.#stopMeter(slot);
      if (slot.current) {
        clearTimeout(slot.current.timer);
        slot.current.reject(new PoolClosedError());
        slot.current = null;
      }
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /** Expedited first, then paying users' tasks, then free trials' while fewer than freeSlots run. */
  #takeNext(): Waiting | undefined {
    const rank = (w: Waiting) => (w.expedited ? 0 : w.free ? 2 : 1);
    let runningFree = 0;
    for (const slot of this.#slots) if (slot.current?.free) runningFree++;
    let best = -1;
    for (let i = 0; i < this.#waiting.length; i++) {
      const w = this.#waiting[i] as Waiting;
      if (w.free && runningFree >= freeSlots(this.size)) continue;
      if (best === -1 || rank(w) < rank(this.#waiting[best] as Waiting)) best = i;
    }
    return best === -1 ? undefined : this.#waiting.splice(best, 1)[0];
  }

  #dispatch(): void {
    while (!this.#closed && this.#waiting.length > 0) {
      const idle = [...this.#slots].find((s) => s.current === null);
      if (!idle && this.#slots.size >= this.size) return;
      const next = this.#takeNext();
      if (!next) return;
      const slot = idle ?? this.#spawn();
      const id = this.#nextId++;
      // The task's limit is CPU time where it is measured; the wall clock then only ends a hang.
      const wallMs = CPU_MEASURED
        ? next.task.timeoutMs * (this.#options.wallFactor ?? DEFAULT_WALL_FACTOR)
        : next.task.timeoutMs;
      const timer = setTimeout(
        () => this.#fail(slot, 'TIMEOUT', TIMEOUT_MESSAGE),
        wallMs + (this.#options.graceMs ?? 5_000),
      );
      slot.current = { ...next, id, timer, meter: null };
      this.#meter(slot);
      slot.worker.postMessage({ id, task: { ...next.task, timeoutMs: wallMs } } satisfies WorkerRequest);
    }
  }

  /** Starts reading the running task's CPU time (once the thread has said its id). */
  #meter(slot: Slot): void {
    const current = slot.current;
    if (!CPU_MEASURED || !current || current.meter || slot.tid === null) return;
    const meter = CpuMeter.start(slot.tid);
    if (!meter) return;
    current.meter = meter;
    const limit = current.task.timeoutMs;
    slot.poll = setInterval(() => {
      if (slot.current !== current) return;
      if (meter.read() > limit) this.#fail(slot, 'TIMEOUT', TIMEOUT_MESSAGE);
    }, CPU_POLL_MS);
    slot.poll.unref();
  }

  #stopMeter(slot: Slot): void {
    if (slot.poll) clearInterval(slot.poll);
    slot.poll = null;
  }

  #spawn(): Slot {
    const memoryMb = this.#options.memoryMb ?? DEFAULT_WORKER_MEMORY_MB;
    const worker = new Worker(BOOTSTRAP, {
      workerData: { entry: ENTRY, store: this.#options.store },
      resourceLimits: {
        maxOldGenerationSizeMb: memoryMb,
        // The young generation is memory each thread keeps (issue 29): 64 MB made each of the
        // threads of a busy server hold ~25 MB more; 32 costs a long PDF a few % more scavenging.
        maxYoungGenerationSizeMb: Math.min(YOUNG_GENERATION_MB, memoryMb / 8),
      },
    });
    let loaded = () => {};
    const slot: Slot = {
      worker,
      current: null,
      tid: null,
      poll: null,
      loaded: new Promise((resolve) => (loaded = resolve)),
    };
    this.#slots.add(slot);
    worker.once('exit', () => loaded());
    worker.on('message', (message: WorkerMessage) => {
      if (message.ready) {
        slot.tid = message.tid ?? null;
        loaded();
        this.#meter(slot);
      }
      const current = slot.current;
      if (!current || message.id !== current.id || !message.outcome) return;
      clearTimeout(current.timer);
      this.#stopMeter(slot);
      slot.current = null;
      current.resolve(message.outcome);
      // A big file leaves a big heap behind: end that worker so its memory goes back to the system.
      if ((message.heapMb ?? 0) > (this.#options.recycleAboveMb ?? DEFAULT_RECYCLE_ABOVE_MB)) this.#retire(slot);
      this.#dispatch();
    });
    worker.on('error', (err: Error & { code?: string }) =>
      this.#fail(
        slot,
        'CONVERSION_FAILED',
        err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? OUT_OF_MEMORY_MESSAGE : TEXTS.conversionFailed,
      ),
    );
    worker.on('exit', () => {
      if (this.#slots.has(slot)) this.#fail(slot, 'CONVERSION_FAILED', TEXTS.conversionFailed);
    });
    worker.unref();
    return slot;
  }

  /** Ends an idle worker; a fresh one is started on demand. */
  #retire(slot: Slot): void {
    if (!this.#slots.delete(slot)) return;
    void slot.worker.terminate();
  }

  /** Ends a worker (stuck or crashed) and fails its task; a fresh worker is started on demand. */
  #fail(slot: Slot, code: 'TIMEOUT' | 'CONVERSION_FAILED', message: string): void {
    if (!this.#slots.delete(slot)) return;
    const current = slot.current;
    slot.current = null;
    this.#stopMeter(slot);
    void slot.worker.terminate();
    if (current) {
      clearTimeout(current.timer);
      current.resolve({ ok: false, code, message });
    }
    this.#dispatch();
  }
}
