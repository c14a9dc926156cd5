/**
 * Recognised words -> layout lines: words are grouped into lines by vertical overlap, and words
 * of a line merge into one run while the gap between them is under the line's word-box height
 * (about 0.6 of a typeset line, or 0.7 em), so table columns (wide gaps) stay separate runs.
 */
import type { LayoutLine, TextRun } from '../layout/model';
import type { OcrWord } from './backend';

/**
 * Word gap, in median word-box heights (capital height, about 0.7 em), above which a line splits
 * into separate runs. Word spaces measure 0.3-0.65 of it between boxes, column gaps 2 and more.
 */
export const RUN_GAP = 1.0;

/** A vertical rule between two columns, read as a word of its own. */
const RULE = /^[|¦]+$/;

/** Table rules and speckles that tesseract reads as "words". */
const JUNK = /^[|_~=—–\-.,'`"!:;\\/]+$/;

interface Band {
  words: OcrWord[];
  center: number;
  height: number;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? (s[Math.floor(s.length / 2)] as number) : 0;
};

/** `scale` converts word pixel coordinates into page units (e.g. 72/dpi for PDF points). */
export function wordsToLines(words: OcrWord[], scale = 1): LayoutLine[] {
  const kept = words.filter((w) => w.x1 > w.x0 && w.y1 > w.y0 && !(JUNK.test(w.text) && w.confidence < 90));
  const typical = median(kept.map((w) => w.y1 - w.y0)) || 1;
  // Very tall "words" (logos, rules read as text) would swallow neighbouring lines.
  const sorted = kept.filter((w) => w.y1 - w.y0 < typical * 4).sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2);
  const bands: Band[] = [];
  // Seeds: tesseract's own text lines where known (they follow the skew and curvature of photos),
  // else single words. Seeds whose vertical centres agree and that do not overlap in x are one
  // line: tesseract sometimes splits a table row at a wide column gap.
  const seeds = new Map<number | string, OcrWord[]>();
  sorted.forEach((w, i) => {
    const key = w.line ?? `w${i}`;
    const list = seeds.get(key);
    if (list) list.push(w);
    else seeds.set(key, [w]);
  });
  // Full-height seeds first: a dash or a comma alone would start a band at the wrong height
  // and pull the next words of its line off it. Small marks join the band they sit in afterwards.
  const segs = [...seeds.values()]
    .flatMap((ws) => splitAtJumps(ws))
    .map((ws) => ({
      words: ws,
      center: median(ws.map((x) => (x.y0 + x.y1) / 2)),
      height: median(ws.map((x) => x.y1 - x.y0)),
    }))
    .sort((p, q) => p.center - q.center);
  const small = (s: Band) => s.height < typical * 0.5;
  for (const seg of segs.filter((x) => !small(x))) {
    let best: Band | null = null;
    let bestDist = Number.POSITIVE_INFINITY;
    // Only recent bands can overlap a seed, since seeds come in order of their centre.
    for (let i = bands.length - 1; i >= 0 && i >= bands.length - 6; i--) {
      const b = bands[i] as Band;
      const dist = Math.abs(b.center - seg.center);
      if (dist < Math.min(b.height, seg.height) * 0.5 && dist < bestDist && !seg.words.some((w) => overlapsInX(b, w))) {
        best = b;
        bestDist = dist;
      }
    }
    if (best) {
      best.words.push(...seg.words);
      best.center = median(best.words.map((x) => (x.y0 + x.y1) / 2));
      best.height = median(best.words.map((x) => x.y1 - x.y0));
    } else {
      bands.push({ words: [...seg.words], center: seg.center, height: seg.height });
    }
  }
  for (const seg of segs.filter(small)) {
    let best: Band | null = null;
    for (const b of bands) {
      const inside = Math.abs(b.center - seg.center) <= b.height * 0.75;
      if (inside && (!best || Math.abs(b.center - seg.center) < Math.abs(best.center - seg.center))) best = b;
    }
    if (best) best.words.push(...seg.words);
    else bands.push({ ...seg, words: [...seg.words] });
  }
  const lines = bands.map((b) => bandToLine(b, scale)).filter((l) => l.runs.length > 0);
  lines.sort((a, b) => a.y0 - b.y0);
  return lines;
}

const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\.?';
/** "Sep 1, 2023 10 Sep 30, 2023": the "to" of a period, read as "10" (or "t0", "lo"). */
const PERIOD_TO = new RegExp(`(\\b(?:19|20)\\d\\d,?) (?:10|t0|lo|1o|fo) (?=${MONTH}\\b)`, 'g');

function fixWords(text: string): string {
  return text.replace(PERIOD_TO, '$1 to ');
}

/**
 * On a curved photo tesseract sometimes strings one row's words into the next row's line: the
 * amounts of a row whose description wraps end up in the line of its second description line.
 * Along a real line the height drifts slowly; where it jumps by most of a word's height between
 * neighbouring words, the words after the jump are a seed of their own (and join the line they
 * sit in).
 */
function splitAtJumps(words: OcrWord[]): OcrWord[][] {
  if (words.length < 2) return [words];
  const byX = [...words].sort((a, b) => a.x0 - b.x0);
  const height = median(byX.map((w) => w.y1 - w.y0));
  const out: OcrWord[][] = [[byX[0] as OcrWord]];
  for (let i = 1; i < byX.length; i++) {
    const prev = byX[i - 1] as OcrWord;
    const w = byX[i] as OcrWord;
    const jump = Math.abs((w.y0 + w.y1) / 2 - (prev.y0 + prev.y1) / 2);
    if (jump > height * 0.75) out.push([w]);
    else out.at(-1)?.push(w);
  }
  return out;
}

function overlapsInX(b: Band, w: OcrWord): boolean {
  return b.words.some((x) => Math.min(x.x1, w.x1) - Math.max(x.x0, w.x0) > 0.5 * Math.min(x.x1 - x.x0, w.x1 - w.x0));
}

function bandToLine(b: Band, scale: number): LayoutLine {
  const words = [...b.words].sort((a, c) => a.x0 - c.x0);
  const lineHeight = median(words.map((w) => w.y1 - w.y0));
  const groups: OcrWord[][] = [];
  let ruled = false;
  for (const w of words) {
    // A vertical table rule read as "|" separates columns: it ends the run and is not text.
    if (RULE.test(w.text)) {
      ruled = true;
      continue;
    }
    const last = groups.at(-1);
    const prev = last?.at(-1);
    if (last && prev && !ruled && w.x0 - prev.x1 < RUN_GAP * lineHeight) last.push(w);
    else groups.push([w]);
    ruled = false;
  }
  const runs: TextRun[] = groups.map((g) => ({
    text: fixWords(g.map((w) => w.text).join(' ')),
    x0: Math.min(...g.map((w) => w.x0)) * scale,
    x1: Math.max(...g.map((w) => w.x1)) * scale,
    y0: Math.min(...g.map((w) => w.y0)) * scale,
    y1: Math.max(...g.map((w) => w.y1)) * scale,
    size: lineHeight * scale,
    // The least sure word: one misread digit spoils an amount.
    confidence: Math.min(...g.map((w) => w.confidence)) / 100,
  }));
  return {
    runs,
    y0: Math.min(...runs.map((r) => r.y0)),
    y1: Math.max(...runs.map((r) => r.y1)),
  };
}
