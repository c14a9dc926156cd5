// PDF.js ships no types for its worker entry; the engine only hands the module over.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}

// Plain JavaScript (it runs before any TypeScript loader): loads PDF.js and the canvas module it
// draws with.
declare module '@statemint/engine/pdfjs-preload' {
  export const canvas: typeof import('@napi-rs/canvas');
  export function loadSystemFonts(): void;
  export function loadWorkerHere(): Promise<void>;
  export function workerHere(
    pdfjs: typeof import('pdfjs-dist/legacy/build/pdf.mjs'),
  ): Promise<import('pdfjs-dist/legacy/build/pdf.mjs').PDFWorker>;
}
