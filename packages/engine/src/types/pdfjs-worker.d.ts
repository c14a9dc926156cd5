// PDF.js ships no types for its worker entry; the engine only hands the module over.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}

// Plain JavaScript (it runs before any TypeScript loader); it only has effects.
declare module '@statemint/engine/pdfjs-preload' {}
