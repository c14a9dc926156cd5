/**
 * Why a photo or scan could not be read. Measured on every OCR page (cheap next to OCR itself)
 * and told only when the page gave nothing to convert, so a page that reads well is never
 * refused for its figures:
 *
 * - too small: its text is a few pixels high (a whole page photographed from afar, a thumbnail):
 *   even enlarged, strokes are not there to read;
 * - too dark: its paper is dark grey or black (no flash, a dim room): light that is not there
 *   cannot be stretched back, only its noise;
 * - too blurred: its edges are smeared over many pixels (camera shake, out of focus), measured as
 *   the blur effect of Crété et al. (2007): how little a further blur takes away from the
 *   differences between neighbouring pixels, 0 for a sharp page, near 1 for a smeared one.
 *   It is measured on the prepared page, where text stands at one size, so it does not
 *   depend on the resolution.
 */
import { AppError, type ErrorCode } from '@statemint/shared';
import type { GreyImage } from './bmp';

export type PageFault = 'too-small' | 'too-dark' | 'too-blurred';

export interface PageQuality {
  /** Brightness of the paper: the 90th percentile of the source's grey levels (0..255). */
  paper: number;
  /** Median glyph height in source pixels (0 when no glyphs could be told apart). */
  glyph: number;
  /** Blur effect of the prepared page, 0 (sharp) .. 1 (smeared). */
  blur: number;
  /** The source image's size in pixels. */
  width: number;
  height: number;
  /** What keeps the page from being read, when its figures say so. */
  fault: PageFault | null;
}

export const QUALITY = {
  /** Glyphs lower than this (source pixels) are not read reliably even enlarged three times. */
  minGlyph: 4.5,
  /** Without glyphs to measure, a page image shorter than this on its long side holds no readable page. */
  minSide: 600,
  /** Paper darker than this (of 255) is an underexposed photo. */
  minPaper: 64,
  /** Blur effect past this: smeared beyond reading (a sharp page measures 0.1 - 0.3, a 2-pixel blur ~0.45). */
  maxBlur: 0.6,
} as const;

/** The quality of one page: `source` as decoded, `prepared` the page OCR read, `glyph` in its pixels. */
export function measureQuality(
  source: GreyImage,
  prepared: { pixels: Uint8Array; width: number; height: number; glyph: number; scale: number },
): PageQuality {
  const paper = percentile(source.data, 0.9);
  const glyph = prepared.glyph > 0 ? prepared.glyph / prepared.scale : 0;
  const blur = blurEffect(prepared.pixels, prepared.width, prepared.height);
  const q = { paper, glyph: Math.round(glyph * 10) / 10, blur: Math.round(blur * 1000) / 1000 };
  return { ...q, width: source.width, height: source.height, fault: pageFault({ ...q, ...source }) };
}

export function pageFault(q: {
  paper: number;
  glyph: number;
  blur: number;
  width: number;
  height: number;
}): PageFault | null {
  // Darkness first: on a dark page the noise stretched with the light makes specks of glyph size.
  if (q.paper < QUALITY.minPaper) return 'too-dark';
  if (q.glyph > 0 ? q.glyph < QUALITY.minGlyph : Math.max(q.width, q.height) < QUALITY.minSide) return 'too-small';
  if (q.blur > QUALITY.maxBlur) return 'too-blurred';
  return null;
}

const FAULT_CODES: Record<PageFault, ErrorCode> = {
  'too-small': 'IMAGE_TOO_SMALL',
  'too-dark': 'IMAGE_TOO_DARK',
  'too-blurred': 'IMAGE_TOO_BLURRED',
};

const FAULT_TEXT: Record<PageFault, string> = {
  'too-small': 'its text is too small to read. Photograph the page from closer, or scan it at 300 dpi',
  'too-dark': 'it is too dark to read. Take the photo in better light, or scan the page',
  'too-blurred': 'it is too blurred to read. Hold the phone still and let it focus, or scan the page',
};

/** What a page that gave nothing says about itself (a statement's issue). */
export function faultMessage(fault: PageFault, page: number): string {
  return `Page ${page} could not be read: ${FAULT_TEXT[fault]}.`;
}

/**
 * The error for a document of which nothing could be converted, when its unreadable pages say
 * why (the fault most of them share; ties go to the first page's), else null.
 */
export function qualityError(faults: { page: number; fault: PageFault }[], pageCount: number): AppError | null {
  if (!faults.length) return null;
  const count = new Map<PageFault, number>();
  for (const f of faults) count.set(f.fault, (count.get(f.fault) ?? 0) + 1);
  let best = faults[0] as { page: number; fault: PageFault };
  for (const f of faults) if ((count.get(f.fault) ?? 0) > (count.get(best.fault) ?? 0)) best = f;
  const pages = faults.filter((f) => f.fault === best.fault).map((f) => f.page);
  const which =
    pageCount === 1
      ? 'This photo or scan could not be read'
      : pages.length === pageCount
        ? 'The pages of this document could not be read'
        : `${pages.length === 1 ? 'Page' : 'Pages'} ${pages.join(', ')} could not be read`;
  return new AppError(FAULT_CODES[best.fault], `${which}: ${FAULT_TEXT[best.fault]}.`);
}

function percentile(data: Uint8Array, q: number): number {
  const hist = new Uint32Array(256);
  const step = data.length > 1_000_000 ? 7 : 1;
  let n = 0;
  for (let i = 0; i < data.length; i += step, n++) hist[data[i] as number] = (hist[data[i] as number] as number) + 1;
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v] as number;
    if (acc >= n * q) return v;
  }
  return 255;
}

/**
 * Crété-Roffet, Dolmiere, Ladret, Nicolas (2007), "The blur effect: perception and estimation
 * with a new no-reference perceptual blur metric": the share of the neighbour differences that
 * a 9-pixel average leaves, the larger of the vertical and horizontal. Sampled on every fourth
 * row (horizontal) and column (vertical), with running sums.
 */
export function blurEffect(px: Uint8Array, width: number, height: number): number {
  const k = 4;
  const span = 2 * k + 1;
  const one = (len: number, lines: number, at: (line: number, i: number) => number): number => {
    let sF = 0;
    let sV = 0;
    for (let line = 0; line < lines; line += 4) {
      if (len <= span + 1) break;
      // Running sums of the 9-pixel windows centred on i and i - 1.
      let win = 0;
      for (let i = 0; i < span; i++) win += at(line, i);
      let prevWin = win;
      for (let i = k + 1; i < len - k; i++) {
        win += at(line, i + k) - at(line, i - k - 1);
        const d = Math.abs(at(line, i) - at(line, i - 1));
        const db = Math.abs(win - prevWin) / span;
        sF += d;
        sV += d > db ? d - db : 0;
        prevWin = win;
      }
    }
    return sF > 0 ? (sF - sV) / sF : 0;
  };
  const horizontal = one(width, height, (y, x) => px[y * width + x] as number);
  const vertical = one(height, width, (x, y) => px[y * width + x] as number);
  return Math.max(horizontal, vertical);
}
