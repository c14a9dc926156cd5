// The one place PDF.js is loaded (readers/pdfjs.ts imports it lazily). Where tsx runs the engine
// (the server's conversion worker threads), import it before registering tsx: PDF.js's ~3 MB of
// modules passed through tsx's loader hooks cost about 300 MB of memory and seconds of start-up.
// The worker code runs in this thread (PDF.js's "fake worker"), handed over through
// globalThis.pdfjsWorker.
//
// The legacy build bundles core-js, which replaces Array.prototype.push, JSON.stringify and
// JSON.parse with JavaScript versions for the whole process (its feature tests fail on edge
// cases PDF.js does not use). They are several times slower, so the natives are put back.
//
// Drawing: PDF.js builds paths with the global Path2D (and DOMMatrix, ImageData) and draws them on
// the canvas it is given. Both must come from one canvas module: a context of another
// @napi-rs/canvas version refuses the path ("Failed to execute 'clip' on
// 'CanvasRenderingContext2D': The provided value '[object Object]' is not a valid enum value of
// type CanvasFillRule"). The module is the one PDF.js declares and is tested with (its own
// dependency, which may be another version than the engine's), else the engine's; its globals are
// set here, before PDF.js would set its own, and `canvas` is what pages are rendered on.
//
// Flate streams (most of a PDF's content) PDF.js inflates with the global DecompressionStream,
// which Node builds from a zlib stream and two web streams, run on the thread pool: for the many
// small streams of a text PDF the plumbing costs more than the inflating. PDF.js writes the whole
// compressed stream, closes it and reads the result, so in the threads that load PDF.js a
// 'deflate' stream is inflated in one synchronous zlib call instead (the same zlib, the same
// errors: PDF.js falls back to its own inflater on either); other formats go to Node's class.
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

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

const NodeDecompressionStream = globalThis.DecompressionStream;
/** The readable and writable ends PDF.js uses of a DecompressionStream('deflate'). */
function inflateAtOnce() {
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
}
globalThis.DecompressionStream = function DecompressionStream(format) {
  return format === 'deflate' ? inflateAtOnce() : new NodeDecompressionStream(format);
};

const natives = { push: Array.prototype.push, stringify: JSON.stringify, parse: JSON.parse };
globalThis.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
await import('pdfjs-dist/legacy/build/pdf.mjs');
Object.defineProperty(Array.prototype, 'push', { value: natives.push, writable: true, configurable: true });
Object.defineProperty(JSON, 'stringify', { value: natives.stringify, writable: true, configurable: true });
Object.defineProperty(JSON, 'parse', { value: natives.parse, writable: true, configurable: true });
