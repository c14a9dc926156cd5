// Worker threads start from plain JavaScript: they run the bundle of their entry
// (thread-bundle.mjs), or where it cannot be built register tsx in the thread and load the
// TypeScript entry (Node 20 does not hand the parent's loader hooks to workers).
// PDF.js is loaded natively first: through tsx's hooks its modules cost ~300 MB per thread.
import '@statemint/engine/pdfjs-preload';
import { workerData } from 'node:worker_threads';
import { threadEntry } from './thread-bundle.mjs';

const bundled = await threadEntry(workerData.entry);
if (bundled) await import(bundled);
else {
  const { register } = await import('tsx/esm/api');
  register();
  process.setSourceMapsEnabled(false);
  await import(workerData.entry);
}
