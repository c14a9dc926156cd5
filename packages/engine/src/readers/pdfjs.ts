/// <reference path="../types/pdfjs-worker.d.ts" />
/**
 * The one way the engine opens a PDF with PDF.js: the text reader (readers/pdf.ts), OCR's page
 * renderer (ocr/pdf.ts) and the review's page pictures (page-image.ts) all come through here.
 *
 * - PDF.js loads once, through pdfjs-preload.mjs, which also fixes the canvas implementation it
 *   draws with (its globals Path2D, DOMMatrix, ImageData): `renderCanvas()` is that same module,
 *   and every document's temporary canvases (transparency groups, soft masks, patterns) come from
 *   it too. Two implementations in one drawing fail (`clip(path, 'evenodd')` with another
 *   module's Path2D: "not a valid enum value of type CanvasFillRule").
 * - Passwords as every viewer opens PDFs: the empty password first, as the user password and then
 *   as the owner password (a PDF with only an owner password, i.e. print/copy restrictions, opens
 *   without one; so does one whose owner password is empty, whatever its user password), then the
 *   password given.
 * - The text reader's documents may be parsed in a thread of their own (`thread`,
 *   pdfjs-thread.mjs), so that the reader turns a page's text into lines while PDF.js reads the
 *   next pages: the command line does (one conversion, cores to spare); the server's conversion
 *   threads do not (they are already one per core, and each parser thread holds ~40 MB). The
 *   documents OCR and the review draw are parsed in the thread that draws them.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type TransferListItem, Worker } from 'node:worker_threads';
import { AppError } from '@statemint/shared';
import type { PDFDocumentProxy, PDFWorker } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
export type Canvas = typeof import('@napi-rs/canvas');

interface Loaded {
  pdfjs: PdfJs;
  canvas: Canvas;
  loadSystemFonts: () => void;
  workerHere: (pdfjs: PdfJs) => Promise<PDFWorker>;
  CanvasFactory: ReturnType<typeof canvasFactory>;
}

let loading: Promise<Loaded> | null = null;
function load(): Promise<Loaded> {
  loading ??= (async () => {
    // Loads PDF.js once, with its canvas, and undoes its process-wide polyfills (see the file).
    const { canvas, loadSystemFonts, workerHere } = await import('@statemint/engine/pdfjs-preload');
    return {
      pdfjs: await import('pdfjs-dist/legacy/build/pdf.mjs'),
      canvas,
      loadSystemFonts,
      workerHere,
      CanvasFactory: canvasFactory(canvas),
    };
  })();
  return loading;
}

export async function loadPdfJs(): Promise<PdfJs> {
  return (await load()).pdfjs;
}

/** The canvas module PDF.js draws with (its Path2D, DOMMatrix and ImageData). */
export async function renderCanvas(): Promise<Canvas> {
  const { canvas, loadSystemFonts } = await load();
  loadSystemFonts();
  return canvas;
}

const pdfjsDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const folder = (name: string) => `${join(pdfjsDir, name)}/`;

/** PDF.js's canvas factory (temporary canvases), on the same canvas module as the page's. */
function canvasFactory(canvas: Canvas) {
  type Pair = { canvas: { width: number; height: number } | null; context: unknown };
  return class CanvasFactory {
    create(width: number, height: number): Pair {
      if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
      const c = canvas.createCanvas(width, height);
      return { canvas: c, context: c.getContext('2d') };
    }
    reset(pair: Pair, width: number, height: number): void {
      if (!pair.canvas) throw new Error('Canvas is not specified');
      pair.canvas.width = width;
      pair.canvas.height = height;
    }
    destroy(pair: Pair): void {
      if (pair.canvas) pair.canvas.width = pair.canvas.height = 0;
      pair.canvas = null;
      pair.context = null;
    }
  };
}

/**
 * Opens a PDF: with the empty user password first, then with `password`. Errors are AppErrors:
 * PDF_ENCRYPTED (a user password is needed and none was given), PDF_PASSWORD_INCORRECT,
 * UNREADABLE_FILE.
 */
export async function openPdf(
  bytes: Uint8Array,
  password: string | undefined,
  opts: { thread?: boolean } = {},
): Promise<PDFDocumentProxy> {
  if (!opts.thread) {
    // PDF.js's worker code in this thread, one for the document (as PDF.js's own fake worker is).
    const { pdfjs, CanvasFactory, workerHere } = await load();
    const worker = await workerHere(pdfjs);
    let doc: PDFDocumentProxy;
    try {
      doc = await openWith(pdfjs, CanvasFactory, bytes, password, worker);
    } catch (e) {
      worker.destroy();
      throw e;
    }
    const destroy = doc.destroy.bind(doc);
    doc.destroy = async () => {
      try {
        await destroy();
      } finally {
        worker.destroy();
      }
    };
    return doc;
  }
  // The thread starts loading PDF.js's worker code while this one loads the rest of it, and keeps
  // the process alive while one of its documents is open.
  const thread = parserThread();
  thread.open(1);
  let doc: PDFDocumentProxy;
  try {
    const { pdfjs, CanvasFactory } = await load();
    doc = await Promise.race([openWith(pdfjs, CanvasFactory, bytes, password, thread.worker(pdfjs)), thread.failed]);
  } catch (e) {
    thread.open(-1);
    throw e;
  }
  threadOf.set(doc, thread);
  const destroy = doc.destroy.bind(doc);
  let closed = false;
  doc.destroy = async () => {
    try {
      await destroy();
    } finally {
      if (!closed) thread.open(-1);
      closed = true;
    }
  };
  return doc;
}

async function openWith(
  pdfjs: PdfJs,
  CanvasFactory: Loaded['CanvasFactory'],
  bytes: Uint8Array,
  password: string | undefined,
  worker: PDFWorker | undefined,
): Promise<PDFDocumentProxy> {
  const attempt = async (pw: string) => {
    const task = pdfjs.getDocument({
      ...(worker ? { worker } : {}),
      // PDF.js takes ownership of (detaches) the buffer it is given; the caller's bytes stay usable.
      data: new Uint8Array(bytes),
      password: pw,
      standardFontDataUrl: folder('standard_fonts'),
      cMapUrl: folder('cmaps'),
      cMapPacked: true,
      // JPEG 2000 and JBIG2 images (common in scans) and ICC colours decode with PDF.js's WebAssembly.
      wasmUrl: folder('wasm'),
      iccUrl: folder('iccs'),
      CanvasFactory,
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      verbosity: 0,
    });
    try {
      return await task.promise;
    } catch (e) {
      // A shared parser thread would keep each failed attempt's listener.
      if (worker) await task.destroy().catch(() => {});
      throw e;
    }
  };
  for (const empty of ['', EMPTY_OWNER_PASSWORD]) {
    try {
      return await attempt(empty);
    } catch (e) {
      if (!isPasswordError(e)) throw unreadable(e);
    }
  }
  if (!password) throw new AppError('PDF_ENCRYPTED', 'This PDF is password-protected. Please provide its password.');
  try {
    return await attempt(password);
  } catch (e) {
    if (isPasswordError(e)) throw new AppError('PDF_PASSWORD_INCORRECT', 'The password for this PDF is incorrect.');
    throw unreadable(e);
  }
}

/**
 * The padding string of the PDF standard security handler (ISO 32000-1, 7.6.3.3, algorithm 2):
 * a password is cut to 32 bytes and filled up from it, so the whole string is the empty password.
 * PDF.js tries an empty password as the user password only; given this string (which it takes as
 * bytes, one per character) it also tries it as the owner password, as other viewers do. Revisions
 * 2 to 4 (RC4 and AES-128); AES-256 (revisions 5 and 6) has no padding.
 */
export const EMPTY_OWNER_PASSWORD = Buffer.from(
  '28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a',
  'hex',
).toString('latin1');

interface ParserThread {
  threadId: number;
  /** PDF.js's side of the thread (one for the thread's life). */
  worker: (pdfjs: PdfJs) => PDFWorker;
  /** Counts documents opened (1) and closed (-1): the thread holds the process while any is open, and stops after. */
  open: (delta: number) => void;
  /** Rejects when the thread stops (while documents are open, it only does when it fails: out of memory). */
  failed: Promise<never>;
}

let parser: ParserThread | null = null;

/**
 * Starts the parser thread ahead of the first document (the command line, given a PDF, before it
 * loads the rest of the engine): the thread loads PDF.js's worker code while this one loads the
 * engine, instead of after. Unused, it holds nothing: it does not keep the process alive.
 */
export function startParserThread(): void {
  parserThread();
}

/** The parser thread's id while it runs, else null (what tests and traces can see of it). */
export function parserThreadId(): number | null {
  return parser?.threadId ?? null;
}

/**
 * The thread that parses the text reader's documents: started with the first, shared by those open
 * at once (PDF.js reads several documents through one worker), stopped when the last is closed.
 */
function parserThread(): ParserThread {
  if (parser) return parser;
  const thread = new Worker(new URL('../../pdfjs-thread.mjs', import.meta.url));
  // PDF.js's listeners (one for the thread, one a document open) get each message, in the order
  // sent, its text items built again once (see pdfjs-thread.mjs).
  const listeners = new Set<(e: { data: unknown }) => void>();
  const dispatch = (data: unknown) => {
    const event = { data: unpackTextItems(data) };
    for (const listener of [...listeners]) listener(event);
  };
  // One message a task, as a web worker's port delivers them (PDF.js's promises settle between).
  const queue: unknown[] = [];
  const drain = () => {
    try {
      dispatch(queue.shift());
    } finally {
      if (queue.length) setImmediate(drain);
    }
  };
  thread.on('message', (data: unknown) => {
    const idle = !queue.length;
    const batch = (data as { pdfjsBatch?: unknown[] } | null)?.pdfjsBatch;
    if (batch) queue.push(...batch);
    else queue.push(data);
    if (idle) drain();
  });
  const port = {
    postMessage: (message: unknown, transfer?: TransferListItem[]) => thread.postMessage(message, transfer),
    // PDF.js stops listening by aborting the signal it listened with (one a document).
    addEventListener(type: string, listener: (e: { data: unknown }) => void, options?: { signal?: AbortSignal }) {
      if (type !== 'message' || options?.signal?.aborted) return;
      listeners.add(listener);
      options?.signal?.addEventListener('abort', () => listeners.delete(listener), { once: true });
    },
    removeEventListener(type: string, listener: (e: { data: unknown }) => void) {
      if (type === 'message') listeners.delete(listener);
    },
    terminate: () => thread.terminate(),
  };
  let openDocs = 0;
  const failed = new Promise<never>((_, reject) => {
    const stop = (why: unknown) => {
      if (parser === current) parser = null;
      reject(unreadable(why instanceof Error ? why : new Error(`the PDF parser stopped (${String(why)})`)));
    };
    thread.once('error', stop);
    thread.once('exit', (code) => stop(`exit code ${code}`));
  });
  failed.catch(() => {});
  let worker: PDFWorker | null = null;
  const current: ParserThread = {
    threadId: thread.threadId,
    // A web worker's port as PDF.js uses it (its type is the DOM's Worker).
    worker: (pdfjs) => {
      worker ??= new pdfjs.PDFWorker({ port: port as never, verbosity: 0 });
      return worker;
    },
    open(delta) {
      openDocs += delta;
      if (openDocs > 0) {
        thread.ref();
        return;
      }
      // Stopped once its last document is closed: the ~40 MB it holds are given back before the
      // extraction's peak (the 100-page bench: 259 -> 221 MB), at ~0.1 s to start the next one.
      if (parser === current) parser = null;
      void thread.terminate();
    },
    failed,
  };
  // Not before: a message listener added after refs the thread's port again, and a thread started
  // ahead of a document that never came (cli/run.ts: the file is missing) would hold the process.
  thread.unref();
  parser = current;
  return current;
}

/** The text items the parser thread sent as columns (pdfjs-thread.mjs, packTextItems), as PDF.js sends them. */
function unpackTextItems(data: unknown): unknown {
  const chunk = (data as { chunk?: { packedItems?: PackedItems } } | null)?.chunk;
  const packed = chunk?.packedItems;
  if (!packed) return data;
  const { text, dir, font, eol, numbers: v } = packed;
  const items = new Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const at = i * 8;
    items[i] = {
      str: text[i],
      dir: dir[i],
      width: v[at],
      height: v[at + 1],
      transform: [v[at + 2], v[at + 3], v[at + 4], v[at + 5], v[at + 6], v[at + 7]],
      fontName: font[i],
      hasEOL: eol[i] === 1,
    };
  }
  const { packedItems: _, ...rest } = chunk;
  return { ...(data as object), chunk: { ...rest, items } };
}

interface PackedItems {
  text: string[];
  dir: string[];
  font: string[];
  eol: Uint8Array;
  /** Per item: width, height and the six numbers of its transform. */
  numbers: Float64Array;
}

const threadOf = new WeakMap<PDFDocumentProxy, ParserThread>();

/**
 * For a document parsed in the parser thread, a promise that rejects (UNREADABLE_FILE) if that
 * thread stops: what is asked of it then would never answer. Null for other documents.
 */
export function parserStopped(doc: PDFDocumentProxy): Promise<never> | null {
  return threadOf.get(doc)?.failed ?? null;
}

const isPasswordError = (e: unknown) => (e as { name?: string } | null)?.name === 'PasswordException';

/** A PDF.js error about the file's structure, as the AppError users read. */
export function unreadable(e: unknown): AppError {
  // PDF.js messages end with their own full stop ('Invalid PDF structure.'): one is enough.
  const why = ((e as Error | null)?.message ?? '').trim().replace(/[.\s]+$/, '') || 'corrupt file';
  return new AppError('UNREADABLE_FILE', `This PDF could not be read: ${why}.`, { cause: e });
}
