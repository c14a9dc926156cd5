/**
 * Masked digits ('****7781'). Tesseract's models read a run of asterisks as letters of no meaning
 * ('KRRKT7T7BIL', '***x*x22097', '*x7 217'), and the digits after them with it. Where words read
 * with little confidence start with two or more small blobs standing in the upper half of the
 * line (an asterisk is a raised mark, a third of a digit's height), those blobs are counted as
 * asterisks and what follows them is read again on its own; the words become one word: the
 * asterisks and the digits read again. Where the rest does not read as digits, nothing changes.
 */
import type { OcrWord, RecognizeRequest } from './backend';
import { type MissedRegion, rereadMissed } from './missed';

const INK = 128;
/** Words read below this confidence (0..100) are looked at. */
const UNSURE = 60;

export interface Blob {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Connected blobs of ink (8-neighbours) inside a box of the page, left to right. */
export function blobs(pixels: Uint8Array, width: number, box: Blob): Blob[] {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  if (w <= 0 || h <= 0) return [];
  const seen = new Uint8Array(w * h);
  const ink = (x: number, y: number) => (pixels[(box.y0 + y) * width + box.x0 + x] as number) < INK;
  const out: Blob[] = [];
  const stack: number[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (seen[y * w + x] || !ink(x, y)) continue;
      seen[y * w + x] = 1;
      stack.push(y * w + x);
      const b = { x0: x, y0: y, x1: x + 1, y1: y + 1 };
      while (stack.length) {
        const k = stack.pop() as number;
        const px = k % w;
        const py = (k - px) / w;
        if (px < b.x0) b.x0 = px;
        if (px + 1 > b.x1) b.x1 = px + 1;
        if (py < b.y0) b.y0 = py;
        if (py + 1 > b.y1) b.y1 = py + 1;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const nx = px + dx;
            const ny = py + dy;
            if (nx < 0 || ny < 0 || nx >= w || ny >= h || seen[ny * w + nx] || !ink(nx, ny)) continue;
            seen[ny * w + nx] = 1;
            stack.push(ny * w + nx);
          }
      }
      out.push({ x0: b.x0 + box.x0, y0: b.y0 + box.y0, x1: b.x1 + box.x0, y1: b.y1 + box.y0 });
    }
  return out.sort((a, b) => a.x0 - b.x0);
}

/**
 * The asterisks a run of blobs starts with: at least two small blobs (under 0.7 of the full-height
 * glyphs' height, about as wide as tall, or a few such side by side) in the upper half of the
 * line, before its first full-height glyph (one at least 0.7 of the tallest blob's height).
 * Returns how many, where they end and their blobs, or null.
 */
export function leadingStars(found: Blob[]): { count: number; end: number; stars: Blob[] } | null {
  const tallest = Math.max(0, ...found.map((b) => b.y1 - b.y0));
  const specks = Math.max(2, tallest * 0.12);
  const marks = found.filter((b) => b.x1 - b.x0 >= specks || b.y1 - b.y0 >= specks);
  const tall = marks.filter((b) => b.y1 - b.y0 >= tallest * 0.7);
  if (!tall.length) return null;
  const tops = tall.map((b) => b.y0).sort((a, b) => a - b);
  const bottoms = tall.map((b) => b.y1).sort((a, b) => a - b);
  const top = tops[tops.length >> 1] as number;
  const bottom = bottoms[bottoms.length >> 1] as number;
  const height = bottom - top;
  const first = tall[0] as Blob;
  let count = 0;
  let end = -1;
  const stars: Blob[] = [];
  for (const b of marks) {
    if (b.x0 >= first.x0) break;
    const bh = b.y1 - b.y0;
    const bw = b.x1 - b.x0;
    const raised = bh <= height * 0.7 && bh >= height * 0.2 && (b.y0 + b.y1) / 2 < top + height * 0.45;
    const n = Math.round(bw / bh);
    if (!raised || bw < bh * 0.6 || n < 1) return null;
    count += n;
    end = b.x1;
    stars.push(b);
  }
  return count >= 2 ? { count, end, stars } : null;
}

/** Groups of neighbouring words of one line read with little confidence. */
function unsureGroups(words: OcrWord[], glyph: number): OcrWord[][] {
  const groups: OcrWord[][] = [];
  const sorted = words
    .filter((w) => w.confidence < UNSURE)
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || a.x0 - b.x0);
  for (const w of sorted) {
    const last = groups[groups.length - 1];
    const prev = last?.[last.length - 1];
    if (last && prev && prev.line === w.line && w.x0 - prev.x1 < glyph) last.push(w);
    else groups.push([w]);
  }
  return groups;
}

/** The page's words with masked digits read (see above). */
export async function readMasks(
  pixels: Uint8Array,
  width: number,
  height: number,
  words: OcrWord[],
  glyph: number,
  recognize: (req: Pick<RecognizeRequest, 'image' | 'psm'>) => Promise<OcrWord[]>,
): Promise<OcrWord[]> {
  const g = Math.max(8, glyph || 16);
  const found: { group: OcrWord[]; count: number; rest: MissedRegion; stars: Blob[] }[] = [];
  for (const group of unsureGroups(words, g)) {
    const pad = Math.round(g * 0.25);
    const box = {
      x0: Math.max(0, Math.min(...group.map((w) => w.x0)) - pad),
      y0: Math.max(0, Math.min(...group.map((w) => w.y0)) - pad),
      x1: Math.min(width, Math.max(...group.map((w) => w.x1)) + pad),
      y1: Math.min(height, Math.max(...group.map((w) => w.y1)) + pad),
    };
    const stars = leadingStars(blobs(pixels, width, box));
    if (!stars) continue;
    found.push({
      group,
      count: stars.count,
      stars: stars.stars,
      rest: { x0: stars.end + 1, y0: box.y0, x1: box.x1, y1: box.y1 },
    });
  }
  if (!found.length) return words;
  // The digits are read without the asterisks (the cut-out's margin would take them in).
  const blank = Uint8Array.from(pixels);
  for (const b of found.flatMap((f) => f.stars))
    for (let y = b.y0; y < b.y1; y++) blank.fill(255, y * width + b.x0, y * width + b.x1);
  const read = await rereadMissed(
    blank,
    width,
    height,
    found.map((f) => f.rest),
    0,
    recognize,
    g,
  );
  const drop = new Set<OcrWord>();
  const added: OcrWord[] = [];
  for (const f of found) {
    const inside = read.filter((w) => (w.y0 + w.y1) / 2 >= f.rest.y0 && (w.y0 + w.y1) / 2 < f.rest.y1);
    const digits = inside.map((w) => w.text).join('');
    if (!/^\d{2,}$/.test(digits)) continue;
    for (const w of f.group) drop.add(w);
    const first = f.group[0] as OcrWord;
    added.push({
      text: `${'*'.repeat(f.count)}${digits}`,
      x0: Math.min(...f.group.map((w) => w.x0)),
      y0: Math.min(...f.group.map((w) => w.y0)),
      x1: Math.max(...f.group.map((w) => w.x1), ...inside.map((w) => w.x1)),
      y1: Math.max(...f.group.map((w) => w.y1)),
      confidence: Math.min(...inside.map((w) => w.confidence)),
      ...(first.line === undefined ? {} : { line: first.line }),
    });
  }
  return added.length ? [...words.filter((w) => !drop.has(w)), ...added] : words;
}
