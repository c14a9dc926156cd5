/**
 * OCR of PDF pages without a usable text layer. A scanned page is usually one full-page image:
 * that image is taken as it is (no re-rendering, no resampling). Other pages are rendered at
 * 300 dpi. Returned pages are in PDF points (origin top-left), like the text reader's pages.
 */
import { AppError } from '@statemint/shared';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { LayoutPage } from '../layout/model';
import { type Matrix, pagePaint } from '../readers/page-paint';
import { openPdf, renderCanvas } from '../readers/pdfjs';
import { checkDeadline, mapLimited, newOcrSession, type OcrSession, pagesInFlight, recognizeGreyPage } from './index';
import { suggestLanguage } from './language';
import { MAX_IMAGE_PIXELS } from './limits';
import { wordsToLines } from './lines';
import type { GreyImage } from './prepare';

const RENDER_DPI = 300;

export interface OcrPdfOptions {
  password?: string | undefined;
  deadline: number;
  /**
   * Words the document's text layer reads right. Their language is read from the first page on,
   * instead of English first and the page again once OCR's own words tell the language.
   */
  textWords?: string[];
}

/**
 * Recognises the given 1-based pages. `pdf` is the file's bytes (copied, never detached) or a
 * document the caller already opened with pdfjs.
 */
export async function ocrPdfPages(
  pdf: Uint8Array | PDFDocumentProxy,
  pageNumbers: number[],
  opts: OcrPdfOptions,
): Promise<LayoutPage[]> {
  const ownDoc = pdf instanceof Uint8Array;
  const doc = ownDoc ? await openPdf(pdf, opts.password) : pdf;
  try {
    const session = pdfOcrSession(opts);
    return await mapLimited(pageNumbers.length, pagesInFlight(), async (i) => {
      const n = pageNumbers[i] as number;
      const page = await doc.getPage(n);
      try {
        return await ocrPdfPage(page, session);
      } finally {
        page.cleanup();
      }
    });
  } finally {
    if (ownDoc) await doc.destroy();
  }
}

/** An OCR session for a PDF's pages, reading the language its text layer is in from the start. */
export function pdfOcrSession(opts: OcrPdfOptions): OcrSession {
  const session = newOcrSession(opts.deadline);
  const lang = opts.textWords && suggestLanguage(opts.textWords.map((text) => ({ text })));
  if (lang) session.langs = ['eng', lang];
  return session;
}

/** The images OCR would read for the given pages (embedded scans or 300-dpi renders); for benchmarks. */
export async function pdfPageImages(bytes: Uint8Array, pageNumbers: number[], password?: string): Promise<GreyImage[]> {
  const doc = await openPdf(bytes, password);
  try {
    const out: GreyImage[] = [];
    for (const n of pageNumbers) {
      const page = await doc.getPage(n);
      out.push((await embeddedScan(page)) ?? (await renderPage(page)));
      page.cleanup();
    }
    return out;
  } finally {
    await doc.destroy();
  }
}

async function ocrPdfPage(page: PDFPageProxy, session: OcrSession): Promise<LayoutPage> {
  checkDeadline(session.deadline);
  const viewport = page.getViewport({ scale: 1 });
  const img = (await embeddedScan(page)) ?? (await renderPage(page));
  // Scans are clean enough for tesseract's own binarisation only after flattening; renders are clean.
  const r = await recognizeGreyPage(img, session);
  const toPoints = viewport.width / (img.width * r.scale);
  return {
    number: page.pageNumber,
    width: viewport.width,
    height: viewport.height,
    lines: wordsToLines(r.words, toPoints),
    source: 'ocr',
    rules: r.rules.map((q) => ({ y: q.y * toPoints, x0: q.x0 * toPoints, x1: q.x1 * toPoints })),
    ...(r.quality.fault ? { fault: r.quality.fault } : {}),
  };
}

interface PdfImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

/**
 * The page's image when the page is one upright image covering (nearly) all of it, else null.
 */
async function embeddedScan(page: PDFPageProxy): Promise<GreyImage | null> {
  if (page.rotate % 360 !== 0) return null;
  const [vx0, vy0, vx1, vy1] = page.view as [number, number, number, number];
  const pageArea = (vx1 - vx0) * (vy1 - vy0);
  const { images, otherImages } = await pagePaint(page);
  if (otherImages || images.length !== 1) return null;
  const { id, m } = images[0] as { id: string; m: Matrix };
  // Upright (no rotation, not mirrored: image row 0 at the top) and covering most of the page.
  if (Math.abs(m[1]) > 1e-6 || Math.abs(m[2]) > 1e-6 || m[0] <= 0 || m[3] <= 0) return null;
  if ((m[0] * m[3]) / pageArea < 0.85) return null;
  const objs = id.startsWith('g_') ? page.commonObjs : page.objs;
  const obj = await new Promise<PdfImage | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), 10_000);
    objs.get(id, (data: unknown) => {
      clearTimeout(timer);
      resolve((data as PdfImage | null) ?? null);
    });
  });
  if (!obj?.data || !obj.width || !obj.height) return null;
  if (obj.width * obj.height > MAX_IMAGE_PIXELS) throw tooLargePage();
  const channels = obj.kind === 1 ? 0 : obj.kind === 2 ? 3 : obj.kind === 3 ? 4 : -1;
  if (channels < 0) return null;
  return toGrey(obj.data, obj.width, obj.height, channels);
}

/** channels 0 = 1 bit per pixel, rows padded to bytes (pdf.js GRAYSCALE_1BPP). */
function toGrey(src: Uint8Array | Uint8ClampedArray, width: number, height: number, channels: number): GreyImage {
  const out = new Uint8Array(width * height);
  if (channels === 0) {
    const stride = Math.ceil(width / 8);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        out[y * width + x] = ((src[y * stride + (x >> 3)] as number) >> (7 - (x & 7))) & 1 ? 255 : 0;
  } else {
    for (let i = 0, p = 0; i < out.length; i++, p += channels) {
      const r = src[p] as number;
      const g = src[p + 1] as number;
      const b = src[p + 2] as number;
      // Scans are mostly grey already (PDF.js hands grey images over as RGB).
      out[i] = r === g && g === b ? r : Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  return { data: out, width, height };
}

/** The page drawn to 8-bit grey at `dpi` (300 for OCR), within the pixel limit. */
export async function renderPage(page: PDFPageProxy, dpi = RENDER_DPI): Promise<GreyImage> {
  let scale = dpi / 72;
  const base = page.getViewport({ scale: 1 });
  if (base.width * base.height * scale * scale > MAX_IMAGE_PIXELS)
    scale = Math.sqrt(MAX_IMAGE_PIXELS / (base.width * base.height));
  const viewport = page.getViewport({ scale });
  const { createCanvas } = await renderCanvas();
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  const params = { canvas, canvasContext: ctx, viewport } as unknown as Parameters<PDFPageProxy['render']>[0];
  await page.render(params).promise;
  const rgba = ctx.getImageData(0, 0, width, height).data;
  return toGrey(rgba, width, height, 4);
}

function tooLargePage(): AppError {
  return new AppError('IMAGE_TOO_LARGE', 'A scanned page of this PDF is too large to read (over 100 megapixels).');
}
