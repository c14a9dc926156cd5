// PDF.js's worker in a thread of its own, for the text reader (readers/pdfjs.ts, `openPdf` with
// `thread`): it parses pages and builds their text while the thread that asked turns the pages
// before into lines. Messages go as Node's worker messages (the structured clone a browser's
// worker uses; buffers are transferred), handed to PDF.js as the events of a web worker's port.
import { parentPort } from 'node:worker_threads';
import { inflateAtOnce, keepNatives } from './pdfjs-globals.mjs';

inflateAtOnce();
let WorkerMessageHandler;
await keepNatives(async () => {
  ({ WorkerMessageHandler } = await import('pdfjs-dist/legacy/build/pdf.worker.mjs'));
});

const listeners = new Map();
const port = {
  postMessage: (message, transfer) => parentPort.postMessage(message, transfer),
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
