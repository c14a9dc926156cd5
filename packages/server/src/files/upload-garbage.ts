/**
 * An upload's bytes are garbage once it is answered: the socket's chunks, the file's buffer and
 * its sealed copy, about three times the file (issue 29). They are ArrayBuffers outside the JS
 * heap, freed only when V8 collects the objects that hold them, and V8 collects when the JS heap
 * grows: a server that has just received a burst of uploads and then waits (its conversions run in
 * their threads) kept them. In `npm run load`'s admitted flood, 142 MB of them stayed for 14 s
 * while the conversion threads reached their peak, until an idle-time collection freed them.
 *
 * So when an upload ends and this thread holds more than `thresholdBytes` of ArrayBuffers, they
 * are collected at once (at most once per `minIntervalMs`; a later one is scheduled otherwise,
 * so the last upload of a burst is collected too).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** ArrayBuffers held past which an ended upload triggers a collection: a few small uploads' worth. */
export const UPLOAD_GARBAGE_BYTES = 24 * 1024 * 1024;
/** Collections at most this often (a full collection of the server's heap takes a few ms to tens of ms). */
export const MIN_COLLECT_INTERVAL_MS = 250;

type Collect = () => void;

/**
 * V8's full collection, as `--expose-gc` makes it, without exposing `gc` to the application's code:
 * the flag is set only while a fresh context is made, then unset again (as jest-leak-detector does).
 * Null where the runtime refuses it.
 */
function fullCollection(): Collect | null {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as Collect;
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as Collect) : null;
  } catch {
    return null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

export class UploadGarbage {
  readonly #collect: Collect | null;
  #last = Number.NEGATIVE_INFINITY;
  #timer: NodeJS.Timeout | null = null;
  /** Collections run (tests). */
  collections = 0;

  readonly thresholdBytes: number;
  readonly minIntervalMs: number;
  readonly #now: () => number;

  constructor({
    thresholdBytes = UPLOAD_GARBAGE_BYTES,
    minIntervalMs = MIN_COLLECT_INTERVAL_MS,
    collect = fullCollection(),
    now = () => performance.now(),
  }: { thresholdBytes?: number; minIntervalMs?: number; collect?: Collect | null; now?: () => number } = {}) {
    this.thresholdBytes = thresholdBytes;
    this.minIntervalMs = minIntervalMs;
    this.#collect = collect;
    this.#now = now;
  }

  /** An upload that read (part of) its body has ended: its bytes are garbage. */
  ended(): void {
    if (!this.#collect || this.#timer) return;
    if (process.memoryUsage().arrayBuffers <= this.thresholdBytes) return;
    const wait = this.#last + this.minIntervalMs - this.#now();
    if (wait <= 0) {
      this.#run();
      return;
    }
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (process.memoryUsage().arrayBuffers > this.thresholdBytes) this.#run();
    }, wait);
    this.#timer.unref();
  }

  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #run(): void {
    this.#last = this.#now();
    this.collections++;
    this.#collect?.();
  }
}
