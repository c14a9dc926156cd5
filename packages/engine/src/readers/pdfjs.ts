/// <reference path="../types/pdfjs-worker.d.ts" />
/**
 * The one way the engine opens a PDF with PDF.js: the text reader (readers/pdf.ts), OCR's page
 * renderer (ocr/pdf.ts) and the review's page pictures (page-image.ts) all come through here.
 *
 * - PDF.js loads once, through pdfjs-preload.mjs.
 * - Passwords as every viewer opens PDFs: the empty user password first (a PDF with only an owner
 *   password, i.e. print/copy restrictions, opens without one), then the password given.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { AppError } from '@statemint/shared';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loading: Promise<PdfJs> | null = null;
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= (async () => {
    // Loads PDF.js once and undoes its process-wide polyfills (see pdfjs-preload.mjs).
    await import('@statemint/engine/pdfjs-preload');
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return loading;
}

const pdfjsDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const folder = (name: string) => `${join(pdfjsDir, name)}/`;

/**
 * Opens a PDF: with the empty user password first, then with `password`. Errors are AppErrors:
 * PDF_ENCRYPTED (a user password is needed and none was given), PDF_PASSWORD_INCORRECT,
 * UNREADABLE_FILE.
 */
export async function openPdf(bytes: Uint8Array, password: string | undefined): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfJs();
  const attempt = (pw: string) =>
    pdfjs.getDocument({
      // PDF.js takes ownership of (detaches) the buffer it is given; the caller's bytes stay usable.
      data: new Uint8Array(bytes),
      password: pw,
      standardFontDataUrl: folder('standard_fonts'),
      cMapUrl: folder('cmaps'),
      cMapPacked: true,
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      verbosity: 0,
    }).promise;
  try {
    return await attempt('');
  } catch (e) {
    if (!isPasswordError(e)) throw unreadable(e);
    if (!password) throw new AppError('PDF_ENCRYPTED', 'This PDF is password-protected. Please provide its password.');
  }
  try {
    return await attempt(password);
  } catch (e) {
    if (isPasswordError(e)) throw new AppError('PDF_PASSWORD_INCORRECT', 'The password for this PDF is incorrect.');
    throw unreadable(e);
  }
}

const isPasswordError = (e: unknown) => (e as { name?: string } | null)?.name === 'PasswordException';

function unreadable(e: unknown): AppError {
  // PDF.js messages end with their own full stop ('Invalid PDF structure.'): one is enough.
  const why = ((e as Error | null)?.message ?? '').trim().replace(/[.\s]+$/, '') || 'corrupt file';
  return new AppError('UNREADABLE_FILE', `This PDF could not be read: ${why}.`, { cause: e });
}
