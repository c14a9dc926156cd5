// Worker threads start from plain JavaScript: this registers tsx in the thread, then loads
// the TypeScript entry (Node 20 does not hand the parent's loader hooks to workers).
// PDF.js is loaded natively first: through tsx's hooks its modules cost ~300 MB per thread.
import '@statemint/engine/pdfjs-preload';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
process.setSourceMapsEnabled(false);
await import(workerData.entry);
