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
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pdfjsEntry = require.resolve('pdfjs-dist/legacy/build/pdf.mjs');

function canvasModule() {
  try {
    return createRequire(pdfjsEntry)('@napi-rs/canvas');
  } catch {
    return require('@napi-rs/canvas');
  }
}
export const canvas = canvasModule();
globalThis.Path2D = canvas.Path2D;
globalThis.DOMMatrix = canvas.DOMMatrix;
globalThis.ImageData = canvas.ImageData;

const natives = { push: Array.prototype.push, stringify: JSON.stringify, parse: JSON.parse };
globalThis.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
await import('pdfjs-dist/legacy/build/pdf.mjs');
Object.defineProperty(Array.prototype, 'push', { value: natives.push, writable: true, configurable: true });
Object.defineProperty(JSON, 'stringify', { value: natives.stringify, writable: true, configurable: true });
Object.defineProperty(JSON, 'parse', { value: natives.parse, writable: true, configurable: true });
