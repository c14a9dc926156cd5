/**
 * Figures read a second time, enlarged. Read across a page of small print (a phone photo, a
 * 150-dpi screenshot), tesseract takes a figure's small marks for what the line around it
 * suggests: a decimal comma a few pixels tall is lost ('4321-' for '43,21-'), a shaded row's edge
 * becomes a leading digit ('1484,30' for '484,30'), a slash a 1 ('27102/2025'). Each word holding
 * digits that was read with less than full confidence is cut out alone (its own box, none of its
 * neighbours' ink), the cut-outs are stacked into one image (one call per page) and read at the
 * size tesseract reads best. The reading it is surer of wins where it only adds or drops marks and
 * glyphs, never where it reads a digit as another; the word keeps the lower of the two
 * confidences, so a cell the two readings disagree on stays flagged for review.
 */
import sharp from 'sharp';
import type { OcrWord, RecognizeRequest } from './backend';

/** Words read with at least this confidence (0..100) are not read again. */
const SURE = 90;
/** A second reading wins by at least this much confidence: a point or two is the noise of reading. */
const SURER_BY = 5;
/** Glyph height (prepared pixels) the cut-outs are enlarged to. */
const TARGET_GLYPH_PX = 32;
/** Pages whose glyphs are already nearly that tall are not read again: enlarging adds nothing. */
const MIN_FACTOR = 1.25;

export interface Reread {
  /** Index of the word in the page's words. */
  index: number;
  text: string;
  confidence: number;
  /** Whether the cut-out read as one word. */
  single: boolean;
}

/** How much a page's figures are enlarged for their second reading (below MIN_FACTOR: not read again). */
export function rereadFactor(glyph: number): number {
  return Math.min(3, TARGET_GLYPH_PX / Math.max(8, glyph || 16));
}

/** Words holding at least two digits that were read with less than full confidence. */
export function unsureFigures(words: OcrWord[]): number[] {
  return words.flatMap((w, i) => ((w.text.match(/\d/g)?.length ?? 0) >= 2 && w.confidence < SURE ? [i] : []));
}

/** Reads the given words again, each cut out alone and enlarged `factor` times, in one call. */
export async function rereadWords(
  pixels: Uint8Array,
  width: number,
  height: number,
  words: OcrWord[],
  which: number[],
  glyph: number,
  factor: number,
  recognize: (req: Pick<RecognizeRequest, 'image' | 'psm'>) => Promise<OcrWord[]>,
): Promise<Reread[]> {
  if (!which.length) return [];
  const g = Math.max(8, glyph || 16);
  // The word's box and a little more (its glyphs' edges), never the next word's ink.
  const mx = Math.round(g * 0.15);
  const my = Math.round(g * 0.25);
  const gap = g;
  const cuts = which.map((i) => {
    const w = words[i] as OcrWord;
    const x0 = Math.max(0, Math.floor(w.x0) - mx);
    const y0 = Math.max(0, Math.floor(w.y0) - my);
    const x1 = Math.min(width, Math.ceil(w.x1) + mx);
    const y1 = Math.min(height, Math.ceil(w.y1) + my);
    return { i, x0, y0, w: Math.max(1, x1 - x0), h: Math.max(1, y1 - y0), top: 0 };
  });
  const w = Math.max(...cuts.map((c) => c.w)) + 2 * gap;
  let h = gap;
  for (const c of cuts) {
    c.top = h;
    h += c.h + gap;
  }
  const stacked = Buffer.alloc(w * h, 255);
  for (const c of cuts)
    for (let y = 0; y < c.h; y++)
      stacked.set(pixels.subarray((c.y0 + y) * width + c.x0, (c.y0 + y) * width + c.x0 + c.w), (c.top + y) * w + gap);
  const W = Math.round(w * factor);
  const H = Math.round(h * factor);
  const big = await sharp(stacked, { raw: { width: w, height: h, channels: 1 } })
    .resize(W, H, { kernel: 'lanczos3', fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const image = Buffer.concat([Buffer.from(`P5\n${W} ${H}\n255\n`, 'ascii'), big]);
  const found = new Map<number, OcrWord[]>();
  for (const word of await recognize({ image, psm: 6 })) {
    const mid = (word.y0 + word.y1) / 2 / factor;
    const k = cuts.findIndex((c) => mid >= c.top && mid < c.top + c.h);
    if (k < 0) continue;
    const list = found.get(k) ?? [];
    list.push(word);
    found.set(k, list);
  }
  return cuts.map((c, k) => {
    const list = (found.get(k) ?? []).sort((a, b) => a.x0 - b.x0);
    return {
      index: c.i,
      text: list.map((x) => x.text).join(' '),
      confidence: list.length ? Math.min(...list.map((x) => x.confidence)) : 0,
      single: list.length === 1,
    };
  });
}

/**
 * The words with their second readings where those are surer: read as one word holding digits,
 * with clearly more confidence than the first reading. The word keeps the lower confidence of the two.
 */
export function takeSurerReadings(words: OcrWord[], again: Reread[]): OcrWord[] {
  const out = [...words];
  for (const a of again) {
    const w = out[a.index];
    if (!w || a.text.replace(/\s/g, '') === w.text.replace(/\s/g, '')) continue;
    if (!a.single || a.confidence < w.confidence + SURER_BY || !/\d/.test(a.text)) continue;
    if (!sameDigits(w.text, a.text)) continue;
    out[a.index] = { ...w, text: a.text, confidence: Math.min(w.confidence, a.confidence) };
  }
  return out;
}

/**
 * Whether one reading's digits are the other's with some left out: the second reading adds or
 * drops marks and glyphs ('4321-' / '43,21-', '1484,30' / '484,30', '27102/2025' / '27/02/2025'),
 * never reads a digit as another ('93.21' / '83.21' on a blurred photo): which digit is right is
 * for the statement's balances to prove (ocr-amount-repair, ocr-balance-repair).
 */
function sameDigits(a: string, b: string): boolean {
  const x = a.replace(/\D/g, '');
  const y = b.replace(/\D/g, '');
  const within = (short: string, long: string) => {
    let k = 0;
    for (const ch of long) if (k < short.length && ch === short[k]) k++;
    return k === short.length;
  };
  return x.length <= y.length ? within(x, y) : within(y, x);
}

/** The page's unsure figures read again enlarged, the surer reading of each kept. */
export async function rereadFigures(
  pixels: Uint8Array,
  width: number,
  height: number,
  words: OcrWord[],
  glyph: number,
  recognize: (req: Pick<RecognizeRequest, 'image' | 'psm'>) => Promise<OcrWord[]>,
): Promise<OcrWord[]> {
  const factor = rereadFactor(glyph);
  if (factor < MIN_FACTOR) return words;
  const which = unsureFigures(words);
  if (!which.length) return words;
  const again = await rereadWords(pixels, width, height, words, which, glyph, factor, recognize);
  return takeSurerReadings(words, again);
}
