/**
 * What a PDF page paints besides text, from its operator list: where each image lands (the
 * transformation matrix is followed through save/restore), and how many vector paths it draws.
 * The text reader asks it whether a page without text could hold any (an image big enough for a
 * table, or text drawn as outlines) before paying for OCR; OCR asks it whether a page is one
 * full-page scan to take as it is (ocr/pdf.ts).
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdfJs } from './pdfjs';

export type Matrix = [number, number, number, number, number, number];

/** The matrix that applies `n`, then `m`. */
export const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

export interface PlacedImage {
  /** The image object's id in `page.objs` (or `page.commonObjs` when it starts with `g_`). */
  id: string | null;
  /** The matrix that maps the unit square onto the page (PDF user space). */
  m: Matrix;
}

export interface PagePaint {
  images: PlacedImage[];
  /** Images drawn inline, as masks or repeated: placed, but not objects to take as they are. */
  otherImages: number;
  /** Segments (moves, lines, curves) of the vector paths it fills: text drawn as outlines is thousands. */
  filledSegments: number;
}

export async function pagePaint(page: PDFPageProxy): Promise<PagePaint> {
  const { OPS } = await loadPdfJs();
  const ops = await page.getOperatorList();
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  const out: PagePaint = { images: [], otherImages: 0, filledSegments: 0 };
  const filling = new Set([
    OPS.fill,
    OPS.eoFill,
    OPS.fillStroke,
    OPS.eoFillStroke,
    OPS.closeFillStroke,
    OPS.closeEOFillStroke,
  ]);
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[] | null;
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform && args) ctm = multiply(ctm, args as Matrix);
    else if (fn === OPS.paintFormXObjectBegin) {
      // A form XObject (a scanner's page wrapped in one) draws in its own matrix.
      stack.push(ctm);
      const m = args?.[0] as ArrayLike<number> | null | undefined;
      if (m && m.length === 6) ctm = multiply(ctm, Array.from(m) as Matrix);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.paintImageXObject && args) out.images.push({ id: String(args[0]), m: ctm });
    else if (
      fn === OPS.paintInlineImageXObject ||
      fn === OPS.paintImageMaskXObject ||
      fn === OPS.paintImageXObjectRepeat ||
      fn === OPS.paintSolidColorImageMask
    ) {
      out.otherImages++;
      out.images.push({ id: null, m: ctm });
    } else if (fn === OPS.constructPath && args && filling.has(args[0] as number))
      out.filledSegments += segments((args[1] as (Float32Array | null)[] | undefined)?.[0]);
  }
  return out;
}

/** Drawing operations in one of PDF.js's path buffers: an op code, then its coordinates. */
function segments(path: Float32Array | null | undefined): number {
  if (!path) return 0;
  // PDF.js's DrawOPS: moveTo, lineTo, curveTo, quadraticCurveTo, closePath and their coordinates.
  const args = [2, 2, 6, 4, 0];
  let n = 0;
  for (let i = 0; i < path.length; i += 1 + (args[path[i] as number] ?? 0)) n++;
  return n;
}

/** The page-space box of an image placed with matrix `m` (the unit square's image). */
export function placedBox(m: Matrix): { width: number; height: number } {
  const xs = [m[4], m[4] + m[0], m[4] + m[2], m[4] + m[0] + m[2]];
  const ys = [m[5], m[5] + m[1], m[5] + m[3], m[5] + m[1] + m[3]];
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}

export const TEXTLESS_PAGE = {
  /** An image could hold a table: a third of the page wide and four lines of 12 pt high. */
  minImageWidthShare: 1 / 3,
  minImageHeight: 48,
  /** Text drawn as outlines: a page of it fills thousands of segments; rules, boxes and a logo, hundreds. */
  minOutlineSegments: 3000,
} as const;

/**
 * Why a page without a text layer is worth reading by OCR, or null when it paints nothing that
 * could hold text (a blank page, a page with a watermark, a rule or a small logo).
 */
export async function whyOcrTextless(page: PDFPageProxy): Promise<string | null> {
  const [x0, , x1] = page.view as [number, number, number, number];
  const paint = await pagePaint(page);
  const big = paint.images
    .map((im) => placedBox(im.m))
    .find((b) => b.width >= TEXTLESS_PAGE.minImageWidthShare * (x1 - x0) && b.height >= TEXTLESS_PAGE.minImageHeight);
  if (big) return `no text layer; an image of ${Math.round(big.width)} x ${Math.round(big.height)} pt`;
  if (paint.filledSegments >= TEXTLESS_PAGE.minOutlineSegments)
    return `no text layer; ${paint.filledSegments} filled path segments (text drawn as outlines)`;
  return null;
}
