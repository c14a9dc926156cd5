// The one place PDF.js is loaded (readers/pdfjs.ts imports it lazily). Where tsx runs the engine
// (the server's conversion worker threads), import it before registering tsx: PDF.js's ~3 MB of
// modules passed through tsx's loader hooks cost about 300 MB of memory and seconds of start-up.
// The worker code runs in this thread (PDF.js's "fake worker"), handed over through
// globalThis.pdfjsWorker; where PDFs are parsed in a thread of their own (the command line:
// STATEMINT_PDF_THREAD=1, see readers/pdfjs.ts) it loads with the first document parsed here
// (`loadWorkerHere`), if any.
//
// The legacy build's polyfills and the inflating of Flate streams: see pdfjs-globals.mjs.
//
// Drawing: PDF.js builds paths with the global Path2D (and DOMMatrix, ImageData) and draws them on
// the canvas it is given. Both must come from one canvas module: a context of another
// @napi-rs/canvas version refuses the path ("Failed to execute 'clip' on
// 'CanvasRenderingContext2D': The provided value '[object Object]' is not a valid enum value of
// type CanvasFillRule"). The module is the one PDF.js declares and is tested with (its own
// dependency, which may be another version than the engine's), else the engine's; its globals are
// set here, before PDF.js would set its own, and `canvas` is what pages are rendered on.
//
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { InThreadPort, inflateAtOnce, keepNatives, withoutLoadingFetch } from './pdfjs-globals.mjs';

const require = createRequire(import.meta.url);
const pdfjsEntry = require.resolve('pdfjs-dist/legacy/build/pdf.mjs');

// The canvas module scans the system's fonts when it loads (~0.1 s at every start). They serve
// only text drawn without glyphs of its own, so they load with the first page rendered instead
// (loadSystemFonts), and never when DISABLE_SYSTEM_FONTS_LOAD is set.
const fontsDisabled = Boolean(process.env.DISABLE_SYSTEM_FONTS_LOAD);
function canvasModule() {
  process.env.DISABLE_SYSTEM_FONTS_LOAD = '1';
  try {
    return createRequire(pdfjsEntry)('@napi-rs/canvas');
  } catch {
    return require('@napi-rs/canvas');
  } finally {
    if (!fontsDisabled) delete process.env.DISABLE_SYSTEM_FONTS_LOAD;
  }
}
export const canvas = canvasModule();
let fontsLoaded = fontsDisabled;
/** Loads the system's fonts into the canvas module once (what it does on load by default). */
export function loadSystemFonts() {
  if (fontsLoaded) return;
  fontsLoaded = true;
  canvas.GlobalFonts.loadSystemFonts();
  if (process.platform === 'linux') canvas.GlobalFonts.loadFontsFromDir(join(homedir(), '.fonts'));
}
globalThis.Path2D = canvas.Path2D;
globalThis.DOMMatrix = canvas.DOMMatrix;
globalThis.ImageData = canvas.ImageData;

inflateAtOnce();
let workerLoading = null;
/** PDF.js's worker code in this thread, for the documents parsed here. */
export function loadWorkerHere() {
  workerLoading ??= keepNatives(() =>
    withoutLoadingFetch(async () => {
      globalThis.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    }),
  );
  return workerLoading;
}
/**
 * A PDF.js worker for one document parsed in this thread: PDF.js's worker code on a port of this
 * thread (InThreadPort, which copies text content cheaper than the structured clone of PDF.js's
 * own fake worker). Destroy it when its document is destroyed.
 */
export async function workerHere(pdfjs) {
  await loadWorkerHere();
  const port = new InThreadPort();
  globalThis.pdfjsWorker.WorkerMessageHandler.initializeFromPort(port);
  return new pdfjs.PDFWorker({ port, verbosity: 0 });
}
if (process.env.STATEMINT_PDF_THREAD !== '1') await loadWorkerHere();
await keepNatives(() => withoutLoadingFetch(() => import('pdfjs-dist/legacy/build/pdf.mjs')));
