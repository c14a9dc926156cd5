// Loads PDF.js (and its worker code, run in-thread as PDF.js's "fake worker") natively.
// Import this before registering tsx: PDF.js's ~3 MB of modules passed through tsx's loader
// hooks cost about 300 MB of memory and seconds of start-up.
globalThis.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
await import('pdfjs-dist/legacy/build/pdf.mjs');
