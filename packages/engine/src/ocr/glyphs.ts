/**
 * Letter O and digit 0 told apart by their shape on the page. Inside a word of letters and digits
 * (a reference 'GZ1DA0O0', a glued date '21 Oct2025') tesseract has no word list to lean on and
 * reads the two round glyphs by the company they keep: 'GZ1DAO00', '0ct2025'. In almost every
 * typeface the letter is wider than the digit for the same height, so the page itself tells them
 * apart: the zeros of its figures (words of digits and marks only) and the O of its capitals
 * (words of letters only) give the two shapes in the page's own typeface and size, and each round
 * glyph of a mixed word takes the one it is clearly nearer to. Where the page shows too few of
 * either, or the two shapes are not clearly apart (a typeface whose digit is as wide as its
 * letter), or a word's glyphs cannot be cut apart one for one, nothing is changed.
 */
import type { OcrWord } from './backend';

/** Glyphs of a kind needed on the page (of a like height) before it can judge a word. */
const MIN_SAMPLES = 3;
/** The letter must be at least this much wider (width per height) than the digit on the page. */
const MIN_APART = 1.12;
/** A glyph is judged only where it lies this far (of the way between the two shapes) from the middle. */
const MARGIN = 0.2;
/** A cut this much wider than tall holds two glyphs (no single capital or digit is). */
const TWO_GLYPHS = 1.45;

interface Glyph {
  /** Ink width per ink height. */
  aspect: number;
  height: number;
}

/**
 * The word's glyphs, left to right, cut at the columns without ink (touching glyphs make one,
 * broken glyphs and specks more), or null where the box holds no clear ink.
 */
export function cutGlyphs(pixels: Uint8Array, width: number, height: number, word: OcrWord): Glyph[] | null {
  const chars = word.text.replace(/\s/g, '');
  const x0 = Math.max(0, Math.floor(word.x0));
  const x1 = Math.min(width, Math.ceil(word.x1));
  const y0 = Math.max(0, Math.floor(word.y0));
  const y1 = Math.min(height, Math.ceil(word.y1));
  if (x1 - x0 < chars.length || y1 - y0 < 6) return null;
  let lo = 255;
  let hi = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const v = pixels[y * width + x] as number;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  if (hi - lo < 64) return null;
  const ink = (lo + hi) / 2;
  const glyphs: Glyph[] = [];
  let start = -1;
  for (let x = x0; x <= x1; x++) {
    let any = false;
    if (x < x1)
      for (let y = y0; y < y1; y++)
        if ((pixels[y * width + x] as number) < ink) {
          any = true;
          break;
        }
    if (any && start < 0) start = x;
    if (!any && start >= 0) {
      let top = y1;
      let bottom = y0 - 1;
      for (let y = y0; y < y1; y++)
        for (let c = start; c < x; c++)
          if ((pixels[y * width + c] as number) < ink) {
            if (y < top) top = y;
            if (y > bottom) bottom = y;
            break;
          }
      const h = bottom - top + 1;
      glyphs.push({ aspect: (x - start) / Math.max(1, h), height: h });
      start = -1;
      if (glyphs.length > 2 * chars.length) return null;
    }
  }
  return glyphs;
}

/** A word of letters and digits with a round glyph in it: O among digits, 0 among letters, or both. */
export function mixedRound(text: string): boolean {
  if (!/[O0]/.test(text)) return false;
  const letters = /[A-NP-Za-z]/.test(text);
  const digits = /[1-9]/.test(text);
  return (
    (text.includes('O') && text.includes('0')) || (text.includes('O') && digits) || (text.includes('0') && letters)
  );
}

const FIGURE = /^[\d.,:/\-+()]{3,}$/;
const CAPITALS = /^[A-Z]{2,}$/;

/** The page's words with the round glyphs of its mixed words read by their shape. */
export function settleRoundGlyphs(pixels: Uint8Array, width: number, height: number, words: OcrWord[]): OcrWord[] {
  const candidates = words.flatMap((w, i) => (mixedRound(w.text.replace(/\s/g, '')) ? [i] : []));
  if (!candidates.length) return words;
  const zeros: Glyph[] = [];
  const ohs: Glyph[] = [];
  for (const w of words) {
    const text = w.text.replace(/\s/g, '');
    const figure = FIGURE.test(text) && text.includes('0');
    const capitals = CAPITALS.test(text) && text.includes('O');
    if (!figure && !capitals) continue;
    const glyphs = cutGlyphs(pixels, width, height, w);
    if (glyphs?.length !== text.length) continue;
    for (let k = 0; k < glyphs.length; k++) {
      if (figure && text[k] === '0') zeros.push(glyphs[k] as Glyph);
      if (capitals && text[k] === 'O') ohs.push(glyphs[k] as Glyph);
    }
  }
  const out = [...words];
  for (const i of candidates) {
    const w = out[i] as OcrWord;
    const cut = cutGlyphs(pixels, width, height, w);
    const aligned = cut && alignGlyphs(w.text.replace(/\s/g, ''), cut);
    if (!aligned) continue;
    const chars = [...aligned.text];
    for (let k = 0; k < chars.length; k++) {
      const g = aligned.glyphs[k];
      if ((chars[k] !== 'O' && chars[k] !== '0') || !g) continue;
      const read = judge(g, zeros, ohs);
      if (read) chars[k] = read;
    }
    const settled = chars.join('');
    if (settled !== w.text.replace(/\s/g, '')) out[i] = { ...w, text: settled };
  }
  return out;
}

/**
 * The word's text with one glyph (or none) per character, where the cut and the reading agree:
 * one for one; or where the reading has one character more, either its round glyphs stand in one
 * run ('GZ1DA0OO0' over the glyphs of 'GZ1DA0O0': tesseract doubles a round glyph it is unsure
 * of), taken one shorter, or one cut is wide enough for two glyphs (touching, as 'AZ' of
 * 'AMAZON' can), whose two characters are then not judged. Else null.
 */
export function alignGlyphs(text: string, glyphs: Glyph[]): { text: string; glyphs: (Glyph | null)[] } | null {
  if (glyphs.length === text.length) return { text, glyphs };
  if (glyphs.length !== text.length - 1) return null;
  const runs = [...text.matchAll(/[O0]{2,}/g)];
  if (runs.length === 1) {
    const run = runs[0] as RegExpMatchArray;
    const at = (run.index as number) + run[0].length - 1;
    return { text: text.slice(0, at) + text.slice(at + 1), glyphs };
  }
  const wide = glyphs.flatMap((g, k) => (g.aspect >= TWO_GLYPHS ? [k] : []));
  if (wide.length !== 1) return null;
  const k = wide[0] as number;
  return { text, glyphs: [...glyphs.slice(0, k), null, null, ...glyphs.slice(k + 1)] };
}

/** 'O' or '0' where the glyph is clearly nearer one of the page's two shapes of its height; else null. */
export function judge(g: Glyph, zeros: Glyph[], ohs: Glyph[]): 'O' | '0' | null {
  const like = (s: Glyph[]) => s.filter((x) => x.height >= g.height * 0.8 && x.height <= g.height * 1.25);
  const z = like(zeros);
  const o = like(ohs);
  if (z.length < MIN_SAMPLES || o.length < MIN_SAMPLES) return null;
  const mz = median(z.map((x) => x.aspect));
  const mo = median(o.map((x) => x.aspect));
  if (mo < mz * MIN_APART) return null;
  const t = (Math.log(g.aspect) - Math.log(mz)) / (Math.log(mo) - Math.log(mz));
  if (t >= 0.5 + MARGIN) return 'O';
  if (t <= 0.5 - MARGIN) return '0';
  return null;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}
