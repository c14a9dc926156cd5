// What every thread that loads PDF.js sets up around it (pdfjs-preload.mjs in the threads that
// read and draw, pdfjs-thread.mjs in the thread that parses for the text reader).
import { inflateSync } from 'node:zlib';

// Flate streams (most of a PDF's content) PDF.js inflates with the global DecompressionStream,
// which Node builds from a zlib stream and two web streams, run on the thread pool: for the many
// small streams of a text PDF the plumbing costs more than the inflating. PDF.js writes the whole
// compressed stream, closes it and reads the result, so in the threads that load PDF.js a
// 'deflate' stream is inflated in one synchronous zlib call instead (the same zlib, the same
// errors: PDF.js falls back to its own inflater on either); other formats go to Node's class.
export function inflateAtOnce() {
  const NodeDecompressionStream = globalThis.DecompressionStream;
  if (NodeDecompressionStream?.inflatesAtOnce) return;
  /** The readable and writable ends PDF.js uses of a DecompressionStream('deflate'). */
  const atOnce = () => {
    const chunks = [];
    const done = Promise.resolve();
    const writer = {
      ready: done,
      write: (chunk) => {
        chunks.push(chunk);
        return done;
      },
      close: () => done,
    };
    return {
      writable: { getWriter: () => writer },
      readable: {
        async *[Symbol.asyncIterator]() {
          yield inflateSync(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
        },
      },
    };
  };
  function DecompressionStream(format) {
    return format === 'deflate' ? atOnce() : new NodeDecompressionStream(format);
  }
  DecompressionStream.inflatesAtOnce = true;
  globalThis.DecompressionStream = DecompressionStream;
}

// The legacy build bundles core-js, which replaces Array.prototype.push, JSON.stringify and
// JSON.parse with JavaScript versions for the whole thread (its feature tests fail on edge cases
// PDF.js does not use). They are several times slower, so the natives are put back once `load`
// (which imports PDF.js's modules) is done.
export async function keepNatives(load) {
  const natives = { push: Array.prototype.push, stringify: JSON.stringify, parse: JSON.parse };
  await load();
  Object.defineProperty(Array.prototype, 'push', { value: natives.push, writable: true, configurable: true });
  Object.defineProperty(JSON, 'stringify', { value: natives.stringify, writable: true, configurable: true });
  Object.defineProperty(JSON, 'parse', { value: natives.parse, writable: true, configurable: true });
}

// PDF.js's worker code asks when it loads whether Response has bytes() (its polyfill for older
// engines). In Node that question loads undici, Node's fetch (0.03-0.1 s of CPU at every start of a
// thread that reads PDFs), which reading a PDF from bytes never uses. While `load` runs, Response
// is a stand-in that has bytes(); after it, Node's own comes back as it was, loaded when first
// used, with PDF.js's polyfill where it lacks bytes() (Node before 20.16).
export async function withoutLoadingFetch(load) {
  const lazy = Object.getOwnPropertyDescriptor(globalThis, 'Response');
  if (!lazy?.get || !lazy.configurable) return load();
  const keep = (value) =>
    Object.defineProperty(globalThis, 'Response', {
      value,
      writable: true,
      configurable: true,
      enumerable: lazy.enumerable,
    });
  class StandIn {}
  StandIn.prototype.bytes = async function bytes() {};
  keep(StandIn);
  try {
    return await load();
  } finally {
    Object.defineProperty(globalThis, 'Response', {
      configurable: true,
      enumerable: lazy.enumerable,
      get() {
        const Response = lazy.get.call(globalThis);
        if (typeof Response.prototype.bytes !== 'function')
          Response.prototype.bytes = async function bytes() {
            return new Uint8Array(await this.arrayBuffer());
          };
        keep(Response);
        return Response;
      },
      set: keep,
    });
  }
}

// A document parsed in the thread that reads it talks to PDF.js's worker code through a port whose
// every message is a structured clone (PDF.js's LoopbackPort, its "fake worker"), as a web
// worker's would be. Text content, the most of what a text PDF sends, is a list of small objects
// that the clone serialises and builds again one by one. A chunk of a page's text content is made
// of new objects for that message (PDF.js 5.6, pinned: the text items, their transforms and the
// styles are built for the chunk, and after sending it the worker code puts new lists into the
// chunk object it reuses, never touching the sent lists), so this port hands such a chunk over
// in new message and chunk objects holding the same lists; everything else
// (operator lists, whose arrays the worker code empties and refills after sending; fonts; images)
// is cloned as LoopbackPort clones it. Messages are delivered as LoopbackPort delivers them: to
// every listener, in a microtask after the one that sent it.
const ENQUEUE_CHUNK = 4; // PDF.js's StreamKind.ENQUEUE

/** Whether a message is a chunk of a page's text content (getTextContent's stream): its text items and styles. */
export function isTextChunk(message) {
  const chunk = message?.stream === ENQUEUE_CHUNK ? message.chunk : undefined;
  return (
    Array.isArray(chunk?.items) &&
    typeof chunk.styles === 'object' &&
    chunk.styles !== null &&
    !('fnArray' in chunk) &&
    !('argsArray' in chunk)
  );
}

export class InThreadPort {
  #listeners = new Map();
  #deferred = Promise.resolve();
  postMessage(obj, transfer) {
    const data = isTextChunk(obj)
      ? { ...obj, chunk: { ...obj.chunk } }
      : structuredClone(obj, transfer ? { transfer } : null);
    const event = { data };
    this.#deferred.then(() => {
      for (const [listener] of this.#listeners) listener.call(this, event);
    });
  }
  addEventListener(name, listener, options = null) {
    let rmAbort = null;
    const signal = options?.signal;
    if (signal instanceof AbortSignal) {
      if (signal.aborted) return;
      const onAbort = () => this.removeEventListener(name, listener);
      rmAbort = () => signal.removeEventListener('abort', onAbort);
      signal.addEventListener('abort', onAbort);
    }
    this.#listeners.set(listener, rmAbort);
  }
  removeEventListener(_name, listener) {
    this.#listeners.get(listener)?.();
    this.#listeners.delete(listener);
  }
  terminate() {
    for (const [, rmAbort] of this.#listeners) rmAbort?.();
    this.#listeners.clear();
  }
}
