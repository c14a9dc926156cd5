// PDF.js's worker in a thread of its own, for the text reader (readers/pdfjs.ts, `openPdf` with
// `thread`): it parses pages and builds their text while the thread that asked turns the pages
// before into lines. Messages go as Node's worker messages (the structured clone a browser's
// worker uses; buffers are transferred), handed to PDF.js as the events of a web worker's port.
import { parentPort } from 'node:worker_threads';
import { inflateAtOnce, keepNatives, withoutLoadingFetch } from './pdfjs-globals.mjs';

inflateAtOnce();
let WorkerMessageHandler;
await keepNatives(() =>
  withoutLoadingFetch(async () => {
    ({ WorkerMessageHandler } = await import('pdfjs-dist/legacy/build/pdf.worker.mjs'));
  }),
);

// Text content, the most of what the thread sends, goes as columns: one object a text item costs
// the structured clone (each a map of seven named fields) several times what its values do. The
// other side (readers/pdfjs.ts, unpackTextItems) builds the same items again.
const ENQUEUE = 4; // PDF.js's StreamKind.ENQUEUE
const FIELDS = 'str,dir,width,height,transform,fontName,hasEOL';
function packTextItems(message) {
  const items = message?.stream === ENQUEUE ? message.chunk?.items : undefined;
  if (!Array.isArray(items) || !items.length) return message;
  const n = items.length;
  const text = new Array(n);
  const dir = new Array(n);
  const font = new Array(n);
  const eol = new Uint8Array(n);
  const numbers = new Float64Array(n * 8);
  for (let i = 0; i < n; i++) {
    const it = items[i];
    const t = it.transform;
    if (
      typeof it.str !== 'string' ||
      typeof it.width !== 'number' ||
      typeof it.height !== 'number' ||
      !Array.isArray(t) ||
      t.length !== 6 ||
      typeof it.hasEOL !== 'boolean' ||
      Object.keys(it).join() !== FIELDS
    )
      return message;
    text[i] = it.str;
    dir[i] = it.dir;
    font[i] = it.fontName;
    eol[i] = it.hasEOL ? 1 : 0;
    numbers[i * 8] = it.width;
    numbers[i * 8 + 1] = it.height;
    for (let k = 0; k < 6; k++) {
      if (typeof t[k] !== 'number') return message;
      numbers[i * 8 + 2 + k] = t[k];
    }
  }
  const { items: _, ...chunk } = message.chunk;
  return { ...message, chunk: { ...chunk, packedItems: { text, dir, font, eol, numbers } } };
}

// PDF.js sends text in chunks of about ten items (a chunk ends at every font it loads), and a
// message between threads costs more than its ten items: what the thread sends before it next
// waits goes as one message (readers/pdfjs.ts takes them apart, in their order).
let batch = null;
function send(message, transfer) {
  if (!batch) {
    batch = { messages: [], transfer: [] };
    setImmediate(flush);
  }
  batch.messages.push(packTextItems(message));
  if (transfer?.length) batch.transfer.push(...transfer);
}
function flush() {
  const { messages, transfer } = batch;
  batch = null;
  parentPort.postMessage(messages.length === 1 ? messages[0] : { pdfjsBatch: messages }, transfer);
}

const listeners = new Map();
const port = {
  postMessage: send,
  // PDF.js stops listening by aborting the signal it listened with (one a document).
  addEventListener(type, listener, options) {
    if (type !== 'message' || listeners.has(listener) || options?.signal?.aborted) return;
    const handler = (data) => listener({ data });
    listeners.set(listener, handler);
    parentPort.on('message', handler);
    options?.signal?.addEventListener('abort', () => port.removeEventListener(type, listener), { once: true });
  },
  removeEventListener(type, listener) {
    const handler = listeners.get(listener);
    if (type !== 'message' || !handler) return;
    listeners.delete(listener);
    parentPort.off('message', handler);
  },
};
WorkerMessageHandler.initializeFromPort(port);
