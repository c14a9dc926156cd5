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
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { AppError } from '@statemint/shared';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
export type Canvas = typeof import('@napi-rs/canvas');

interface Loaded {
  pdfjs: PdfJs;
  canvas: Canvas;
  loadSystemFonts: () => void;
  CanvasFactory: ReturnType<typeof canvasFactory>;
}

let loading: Promise<Loaded> | null = null;
function load(): Promise<Loaded> {
  loading ??= (async () => {
    // Loads PDF.js once, with its canvas, and undoes its process-wide polyfills (see the file).
    const { canvas, loadSystemFonts } = await import('@statemint/engine/pdfjs-preload');
    return {
      pdfjs: await import('pdfjs-dist/legacy/build/pdf.mjs'),
      canvas,
      loadSystemFonts,
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
export async function openPdf(bytes: Uint8Array, password: string | undefined): Promise<PDFDocumentProxy> {
  const { pdfjs, CanvasFactory } = await load();
  const attempt = (pw: string) =>
    pdfjs.getDocument({
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
    }).promise;
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

const isPasswordError = (e: unknown) => (e as { name?: string } | null)?.name === 'PasswordException';

/** A PDF.js error about the file's structure, as the AppError users read. */
export function unreadable(e: unknown): AppError {
  // PDF.js messages end with their own full stop ('Invalid PDF structure.'): one is enough.
  const why = ((e as Error | null)?.message ?? '').trim().replace(/[.\s]+$/, '') || 'corrupt file';
  return new AppError('UNREADABLE_FILE', `This PDF could not be read: ${why}.`, { cause: e });
}
