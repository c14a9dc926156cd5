// PDF.js ships no types for its worker entry; the engine only hands the module over.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
