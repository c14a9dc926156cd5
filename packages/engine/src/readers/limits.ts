/**
 * What one input may cost, checked at the readers' edges for every format and for every entry of
 * a ZIP (issue 29, N5-N7): a text line's length and a document's text before extraction (whose
 * time grows with them), an image's pixels before it is decoded. A statement is many short lines
 * on pages of a few megapixels; an input past these limits is refused with a coded error at once
 * instead of holding a worker for its whole time limit and hundreds of MB.
 */
import { AppError } from '@statemint/shared';
import type { LayoutDocument } from '../layout/model';
import type { InputKind } from './detect';

export const INPUT_LIMITS = {
  /** Characters of one line (a statement row is far shorter). */
  lineChars: 20_000,
  /** Characters of text in one document (a 10 MB CSV export holds fewer). */
  documentChars: 12_000_000,
  /**
   * Lines of text in one document: each costs the extraction about 7 KB (a CSV of 99,000 rows
   * peaked at 805 MB), and a review saves at most 50,000 rows.
   */
  documentLines: 50_000,
  /** Pixels of one image page: a 600 dpi scan of an A4 or Letter page is about 35 million. */
  imagePixels: 40_000_000,
} as const;

export const LONG_LINE_MESSAGE = `This document does not look like a bank statement: it has a line of more than ${INPUT_LIMITS.lineChars.toLocaleString('en')} characters.`;

export const TOO_MUCH_TEXT_MESSAGE = `This document holds more than ${INPUT_LIMITS.documentChars / 1_000_000} million characters of text, more than a bank statement does. Please split it into smaller files.`;

export const IMAGE_PIXELS_MESSAGE = `This image is too large: it has more than ${INPUT_LIMITS.imagePixels / 1_000_000} megapixels. Please send a smaller picture (a 300 dpi scan or a phone photo is far smaller).`;

export const TOO_MANY_LINES_MESSAGE = `This document has more than ${INPUT_LIMITS.documentLines.toLocaleString('en')} lines of text, more than a bank statement has. Please split it into smaller files.`;

const longLine = () => new AppError('NOT_A_STATEMENT', LONG_LINE_MESSAGE);
const tooManyLines = () => new AppError('FILE_TOO_LARGE', TOO_MANY_LINES_MESSAGE);

/** A text or CSV export's lines, on its bytes, before it is decoded. */
export function checkTextBytes(bytes: Uint8Array, kind: InputKind): void {
  if (kind !== 'txt' && kind !== 'csv') return;
  const max = INPUT_LIMITS.lineChars;
  let start = 0;
  let lines = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a || bytes[i] === 0x0d) {
      // Blank lines (and the \n of \r\n) cost nothing and are not counted.
      if (i > start && ++lines > INPUT_LIMITS.documentLines) throw tooManyLines();
      // Bytes, not characters: a UTF-8 (or UTF-16) line of `max` characters is at most 4 * max bytes.
      if (i - start > max * 4) throw longLine();
      if (i - start > max && [...Buffer.from(bytes.subarray(start, i)).toString('utf8')].length > max) throw longLine();
      start = i + 1;
    }
  }
}

/** A word-processing page's paragraphs and table rows (DOCX, DOC, RTF) before they are laid out. */
export function checkRows(rows: string[][]): void {
  if (rows.length > INPUT_LIMITS.documentLines) throw tooManyLines();
  for (const cells of rows) for (const cell of cells) if (cell.length > INPUT_LIMITS.lineChars) throw longLine();
}

/** Any document as read, before extraction: its longest line, its lines and its whole text. */
export function checkDocumentText(doc: LayoutDocument): void {
  let total = 0;
  let lines = 0;
  for (const page of doc.pages) {
    lines += page.lines.length;
    if (lines > INPUT_LIMITS.documentLines) throw tooManyLines();
    for (const line of page.lines) {
      let chars = 0;
      for (const run of line.runs) chars += run.text.length;
      if (chars > INPUT_LIMITS.lineChars) throw longLine();
      total += chars;
    }
    if (total > INPUT_LIMITS.documentChars) throw new AppError('FILE_TOO_LARGE', TOO_MUCH_TEXT_MESSAGE);
  }
}

const NOT_IMAGES = new Set<InputKind>(['pdf', 'docx', 'xlsx', 'doc', 'rtf', 'zip', 'csv', 'txt']);

/** An image's pixels per page, from its header alone (nothing is decoded). */
export async function checkImagePixels(bytes: Uint8Array, kind: InputKind): Promise<void> {
  // Documents are no images: sharp is not loaded for them (~0.2 s of every PDF's start-up).
  if (NOT_IMAGES.has(kind)) return;
  let pixels = 0;
  if (kind === 'bmp') {
    if (bytes.length < 26) return;
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // BITMAPINFOHEADER and later: 32-bit width and height (negative height: top-down rows).
    pixels = dv.getUint32(14, true) >= 40 ? Math.abs(dv.getInt32(18, true)) * Math.abs(dv.getInt32(22, true)) : 0;
  } else if (kind !== 'svg') {
    // SVG is drawn at a page's size whatever it declares; the others say their size in the header.
    const { default: sharp } = await import('sharp');
    let meta: { width?: number | undefined; height?: number | undefined; pageHeight?: number | undefined };
    try {
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      return; // the OCR reader reports what it cannot read
    }
    pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  }
  if (pixels > INPUT_LIMITS.imagePixels) throw new AppError('IMAGE_TOO_LARGE', IMAGE_PIXELS_MESSAGE);
}
