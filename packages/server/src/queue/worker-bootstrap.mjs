// Worker threads start from plain JavaScript: they run the bundle of their entry
// (scripts/lib/bundles.mjs, `threads`), or where it cannot be built register tsx in the thread and
// load the TypeScript entry (Node 20 does not hand the parent's loader hooks to workers).
// PDF.js is loaded natively first: through tsx's hooks its modules cost ~300 MB per thread.
import '@statemint/engine/pdfjs-preload';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workerData } from 'node:worker_threads';
import { bundleEntry } from '../../../../scripts/lib/bundles.mjs';

const name = basename(fileURLToPath(workerData.entry)).replace(/\.ts$/, '');
const bundled = await bundleEntry('threads', name).catch(() => null);
if (bundled) await import(bundled);
else {
  const { register } = await import('tsx/esm/api');
  register();
  process.setSourceMapsEnabled(false);
  await import(workerData.entry);
}
