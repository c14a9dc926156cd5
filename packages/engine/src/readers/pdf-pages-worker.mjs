// A second thread for long PDFs: reads a range of pages into the layout model and sends
// them back. Plain JavaScript so PDF.js loads natively before tsx is registered.
import '@statemint/engine/pdfjs-preload';
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
process.setSourceMapsEnabled(false);
try {
  const { readPageRange } = await import(workerData.entry);
  parentPort.postMessage({ ok: true, read: await readPageRange(workerData.bytes, workerData.job) });
} catch (e) {
  parentPort.postMessage({ ok: false, message: e instanceof Error ? e.message : String(e) });
}
