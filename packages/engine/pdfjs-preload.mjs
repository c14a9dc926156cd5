// The one place PDF.js is loaded (readers/pdf.ts imports it lazily). Where tsx runs the engine
// (the server's conversion worker threads), import it before registering tsx: PDF.js's ~3 MB of
// modules passed through tsx's loader hooks cost about 300 MB of memory and seconds of start-up.
// The worker code runs in this thread (PDF.js's "fake worker"), handed over through
// globalThis.pdfjsWorker.
//
// The legacy build bundles core-js, which replaces Array.prototype.push, JSON.stringify and
// JSON.parse with JavaScript versions for the whole process (its feature tests fail on edge
// cases PDF.js does not use). They are several times slower, so the natives are put back.
const natives = { push: Array.prototype.push, stringify: JSON.stringify, parse: JSON.parse };
globalThis.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
await import('pdfjs-dist/legacy/build/pdf.mjs');
Object.defineProperty(Array.prototype, 'push', { value: natives.push, writable: true, configurable: true });
Object.defineProperty(JSON, 'stringify', { value: natives.stringify, writable: true, configurable: true });
Object.defineProperty(JSON, 'parse', { value: natives.parse, writable: true, configurable: true });
