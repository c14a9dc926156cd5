/**
 * Text the page-wide pass skipped. Reading the page as one block of lines (page segmentation
 * mode 6), tesseract drops what does not sit on those lines: a two-line header cell ("Withdrawal"
 * over "Amt.") between rules, a raised label. Ink that no word box covers and that is shaped like
 * a run of glyphs is cut out and read again on its own; words read with confidence join the page.
 */
import type { OcrWord, RecognizeRequest } from './backend';

export interface MissedRegion {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** At most this many regions are read again per page (each is a small, quick read). */
const MAX_REGIONS = 12;
const INK = 128;
/** Words read again are kept from this confidence on (0..100). */
const MIN_CONFIDENCE = 75;

/**
 * Regions of uncovered ink, in pixels: cells of a grid half a glyph wide, joined along a line
 * across gaps up to a glyph, kept when they are glyph-tall (not specks, not rules, not blocks),
 * at least two glyphs wide and hold ink on several cells.
 */
export function missedRegions(
  pixels: Uint8Array,
  width: number,
  height: number,
  words: OcrWord[],
  glyph: number,
): MissedRegion[] {
  const g = Math.max(8, glyph || 16);
  const c = Math.max(3, Math.round(g / 2));
  const cw = Math.ceil(width / c);
  const ch = Math.ceil(height / c);
  const covered = new Uint8Array(width * height);
  const pad = Math.round(g * 0.3);
  for (const w of words) {
    const x0 = Math.max(0, Math.floor(w.x0) - pad);
    const x1 = Math.min(width, Math.ceil(w.x1) + pad);
    const y0 = Math.max(0, Math.floor(w.y0) - pad);
    const y1 = Math.min(height, Math.ceil(w.y1) + pad);
    for (let y = y0; y < y1; y++) covered.fill(1, y * width + x0, y * width + x1);
  }
  // Vertical table rules (ink runs far taller than a glyph) are not text, and would join the
  // cells of a whole column into one region.
  const maxRun = Math.round(g * 2.5);
  // Row by row (the pixels' own order), each column's current run of ink from `start`.
  const start = new Int32Array(width).fill(-1);
  for (let y = 0; y <= height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const isInk = y < height && (pixels[row + x] as number) < INK;
      const s = start[x] as number;
      if (isInk && s < 0) start[x] = y;
      else if (!isInk && s >= 0) {
        if (y - s > maxRun) for (let k = s; k < y; k++) covered[k * width + x] = 1;
        start[x] = -1;
      }
    }
  }
  // Ink per cell, outside word boxes.
  const ink = new Uint16Array(cw * ch);
  const cellOf = new Int32Array(width);
  for (let x = 0; x < width; x++) cellOf[x] = Math.floor(x / c);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const crow = Math.floor(y / c) * cw;
    for (let x = 0; x < width; x++)
      if ((pixels[row + x] as number) < INK && !covered[row + x]) {
        const k = crow + (cellOf[x] as number);
        ink[k] = (ink[k] as number) + 1;
      }
  }
  // A cell counts with a few per cent of ink: a stroke crossing it, not a speck.
  const minInk = Math.max(3, Math.round(c * c * 0.04));
  const on = new Uint8Array(cw * ch);
  for (let i = 0; i < on.length; i++) if ((ink[i] as number) >= minInk) on[i] = 1;
  // Join cells along a row across gaps of up to two cells (letter and word spaces).
  const joined = new Uint8Array(on);
  for (let y = 0; y < ch; y++) {
    let last = -10;
    for (let x = 0; x < cw; x++) {
      if (!on[y * cw + x]) continue;
      if (x - last > 1 && x - last <= 3) joined.fill(1, y * cw + last + 1, y * cw + x);
      last = x;
    }
  }
  const seen = new Uint8Array(cw * ch);
  const regions: (MissedRegion & { cells: number })[] = [];
  const stack: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (!joined[i] || seen[i]) continue;
    let [minX, minY, maxX, maxY, cells] = [cw, ch, -1, -1, 0];
    seen[i] = 1;
    stack.push(i);
    while (stack.length) {
      const k = stack.pop() as number;
      const x = k % cw;
      const y = (k - x) / cw;
      if (on[k]) cells++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (const n of [x > 0 ? k - 1 : -1, x < cw - 1 ? k + 1 : -1, y > 0 ? k - cw : -1, y < ch - 1 ? k + cw : -1])
        if (n >= 0 && joined[n] && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
    }
    const w = (maxX - minX + 1) * c;
    const h = (maxY - minY + 1) * c;
    if (h < g * 0.6 || h > g * 3.5 || w < g * 2 || cells < 6) continue;
    // A rule (or a rule with a stub) is long and one cell thin.
    if (maxY === minY) continue;
    regions.push({
      x0: minX * c,
      y0: minY * c,
      x1: Math.min(width, (maxX + 1) * c),
      y1: Math.min(height, (maxY + 1) * c),
      cells,
    });
  }
  return regions
    .sort((a, b) => b.cells - a.cells)
    .slice(0, MAX_REGIONS)
    .map(({ x0, y0, x1, y1 }) => ({ x0, y0, x1, y1 }));
}

/**
 * Reads the regions again in one call: each is cut out with a margin of paper and the cut-outs
 * are stacked into one image (one process or worker call per page, not one per region); the
 * confident words found are mapped back to page coordinates.
 */
export async function rereadMissed(
  pixels: Uint8Array,
  width: number,
  height: number,
  regions: MissedRegion[],
  firstLine: number,
  recognize: (req: Pick<RecognizeRequest, 'image' | 'psm'>) => Promise<OcrWord[]>,
  glyph: number,
): Promise<OcrWord[]> {
  if (!regions.length) return [];
  const m = Math.max(8, Math.round((glyph || 16) * 0.8));
  const cuts = regions.map((r) => {
    const x0 = Math.max(0, r.x0 - m);
    const y0 = Math.max(0, r.y0 - m);
    return { x0, y0, w: Math.min(width, r.x1 + m) - x0, h: Math.min(height, r.y1 + m) - y0, top: 0 };
  });
  const w = Math.max(...cuts.map((c) => c.w));
  let h = 0;
  for (const c of cuts) {
    c.top = h;
    h += c.h;
  }
  const stacked = Buffer.alloc(w * h, 255);
  for (const c of cuts)
    for (let y = 0; y < c.h; y++)
      stacked.set(pixels.subarray((c.y0 + y) * width + c.x0, (c.y0 + y) * width + c.x0 + c.w), (c.top + y) * w);
  const image = Buffer.concat([Buffer.from(`P5\n${w} ${h}\n255\n`, 'ascii'), stacked]);
  const out: OcrWord[] = [];
  const lines = new Map<string, number>();
  for (const word of await recognize({ image, psm: 6 })) {
    // Letters or digits, read with confidence: not the texture of a smudge.
    if (word.confidence < MIN_CONFIDENCE || !/[\p{L}\p{N}]{2}/u.test(word.text)) continue;
    const mid = (word.y0 + word.y1) / 2;
    const i = cuts.findIndex((c) => mid >= c.top && mid < c.top + c.h);
    const c = cuts[i];
    // A word must lie within its cut-out (not straddle two).
    if (!c || word.y0 < c.top - 2 || word.y1 > c.top + c.h + 2 || word.x1 > c.w + 2) continue;
    const key = `${i}:${word.line ?? 0}`;
    if (!lines.has(key)) lines.set(key, firstLine + lines.size);
    out.push({
      ...word,
      x0: word.x0 + c.x0,
      x1: word.x1 + c.x0,
      y0: word.y0 - c.top + c.y0,
      y1: word.y1 - c.top + c.y0,
      line: lines.get(key) as number,
    });
  }
  return out;
}

/** The words of a re-read that no word read before covers half of or more. */
export function notReadYet(found: OcrWord[], read: OcrWord[]): OcrWord[] {
  const inside = (a: OcrWord, b: OcrWord) => {
    const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
    const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
    return w > 0 && h > 0 && w * h >= (a.x1 - a.x0) * (a.y1 - a.y0) * 0.5;
  };
  return found.filter((w) => !read.some((v) => inside(w, v)));
}
