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

/**
 * ... or under this many of the page's own word spaces: a wide typeface spaces words by a whole
 * word-box height, and a space-grouped amount ("2 672,00") must stay one run.
 */
export const SPACE_GAP = 1.4;

/** A vertical rule between two columns, read as a word of its own. */
const RULE = /^[|¦]+$/;

/** Table rules and speckles that tesseract reads as "words". */
const JUNK = /^[|_~=—–\-.,'`"!:;\\/]+$/;

/**
 * A minus or plus read with little confidence just after a number, at the number's mid-height:
 * the amount's trailing sign ('217.39 -'), which tesseract reads at 75-90 % beside a figure. A
 * middle dot between two phrases ('37 553,95 · Deposits') is read as '-' too: it is as high as
 * wide, and words follow it.
 */
function signAfterNumber(w: OcrWord, words: OcrWord[]): boolean {
  if (!/^[-−–+]$/.test(w.text) || w.x1 - w.x0 < (w.y1 - w.y0) * 1.5) return false;
  const mid = (w.y0 + w.y1) / 2;
  const beside = (v: OcrWord) => mid > v.y0 && mid < v.y1;
  const number = words.find((v) => {
    const h = v.y1 - v.y0;
    const gap = w.x0 - v.x1;
    return /\d$/.test(v.text) && gap >= 0 && gap < h * 1.2 && mid > v.y0 + h * 0.25 && mid < v.y1 - h * 0.15;
  });
  if (!number) return false;
  const h = number.y1 - number.y0;
  return !words.some((v) => v !== w && beside(v) && v.x0 >= w.x1 && v.x0 - w.x1 < h * 1.5);
}

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
/**
 * A raised apostrophe between thousands ("2’765.50", Swiss style) that OCR read as a degree or
 * ordinal sign ("2°765.50"): put back where three digits follow it, as no amount is otherwise read.
 */
export function groupMarks(text: string): string {
  return text.replace(/(?<=\d)[°º˚](?=\d{3}(?!\d))/g, '’');
}

export function wordsToLines(allWords: OcrWord[], scale = 1): LayoutLine[] {
  const words = allWords.map((w) => {
    const text = groupMarks(w.text);
    return text === w.text ? w : { ...w, text };
  });
  const kept = words.filter(
    (w) => w.x1 > w.x0 && w.y1 > w.y0 && (!(JUNK.test(w.text) && w.confidence < 90) || signAfterNumber(w, words)),
  );
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
  const bases = baselines(bands.map((b) => b.words));
  const space = wordSpace(
    bands.map((b) => b.words),
    typical,
  );
  const edges = textEdges(bands.map((b) => b.words));
  const lines = bands
    .map((b, i) => bandToLine(b, scale, bases[i] ?? null, space, edges))
    .filter((l) => l.runs.length > 0);
  lines.sort((a, b) => a.y0 - b.y0);
  return lines;
}

const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\.?';
/** "Sep 1, 2023 10 Sep 30, 2023": the "to" of a period, read as "10" (or "t0", "lo"). */
const PERIOD_TO = new RegExp(`(\\b(?:19|20)\\d\\d,?) (?:10|t0|lo|1o|fo) (?=${MONTH}\\b)`, 'g');

/**
 * Words of a run, space-separated, except cents split off after their decimal mark ('-86,' '28'):
 * a wide typeface spaces the mark from the digits after it like a word.
 */
function joinWords(words: OcrWord[]): string {
  return words
    .map((w, i) => (i && /\d[.,]$/.test(words[i - 1]?.text ?? '') && /^\d\d(?!\d)/.test(w.text) ? '' : ' ') + w.text)
    .join('')
    .trim();
}

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

/** A numeric date as a word of its own: '16/10', '04.11.', '23-10-2024'. */
const DATE_WORD = /^\d{1,2}[./-]\d{1,2}(?:[./-](?:\d{2}|\d{4}))?\.?$/;

/**
 * Left edges of text columns: where at least two lines begin with words (not a date). A date
 * followed by words at such an edge is a date column's cell beside a description's, however
 * narrow the gap OCR saw between them.
 */
function textEdges(lines: OcrWord[][]): number[] {
  const starts = lines.flatMap((ws) => {
    const first = ws.reduce<OcrWord | null>((a, w) => (!a || w.x0 < a.x0 ? w : a), null);
    return first && /\p{L}/u.test(first.text) && !DATE_WORD.test(first.text) ? [first] : [];
  });
  const edges: number[] = [];
  for (const w of starts) {
    const tol = (w.y1 - w.y0) * 0.5;
    if (starts.filter((o) => Math.abs(o.x0 - w.x0) <= tol).length >= 2 && !edges.some((e) => Math.abs(e - w.x0) <= tol))
      edges.push(w.x0);
  }
  return edges;
}

function bandToLine(b: Band, scale: number, base: number | null, space: number, edges: number[] = []): LayoutLine {
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
    const gap = Math.max(RUN_GAP * lineHeight, SPACE_GAP * space);
    // A line's leading date, and words starting at a text column's edge after it: two cells.
    const dateCell =
      last?.length === 1 &&
      groups.length === 1 &&
      DATE_WORD.test(prev?.text ?? '') &&
      edges.some((e) => Math.abs(e - w.x0) <= lineHeight * 0.5);
    if (last && prev && !ruled && !dateCell && w.x0 - prev.x1 < gap) last.push(w);
    else groups.push([w]);
    ruled = false;
  }
  const runs: TextRun[] = groups.map((g) => ({
    text: fixWords(joinWords(g)),
    x0: Math.min(...g.map((w) => w.x0)) * scale,
    x1: Math.max(...g.map((w) => w.x1)) * scale,
    y0: Math.min(...g.map((w) => w.y0)) * scale,
    y1: Math.max(...g.map((w) => w.y1)) * scale,
    size: lineHeight * scale,
    // The least sure word: one misread digit spoils an amount.
    confidence: Math.min(...g.map((w) => w.confidence)) / 100,
    ...digitConfidence(g),
  }));
  return {
    runs,
    y0: Math.min(...runs.map((r) => r.y0)),
    y1: Math.max(...runs.map((r) => r.y1)),
    ...(base === null ? {} : { baseline: base * scale }),
  };
}

/**
 * The page's word space: the median gap between neighbouring words of letters on a line (column
 * gaps are wider than two word heights and left out).
 */
function wordSpace(lines: OcrWord[][], height: number): number {
  const gaps: number[] = [];
  for (const line of lines) {
    const words = [...line].sort((a, b) => a.x0 - b.x0);
    for (let i = 1; i < words.length; i++) {
      const a = words[i - 1] as OcrWord;
      const b = words[i] as OcrWord;
      const gap = b.x0 - a.x1;
      if (gap > 0 && gap < height * 2 && /\p{L}{2}/u.test(a.text) && /\p{L}{2}/u.test(b.text)) gaps.push(gap);
    }
  }
  return gaps.length >= 10 ? median(gaps) : 0;
}

/** Characters that reach below the baseline (their box bottom is not the baseline). */
const DESCENDS = /[gjpqyQçęąţşµ,;()[\]{}|/@$]/;
/** Letters that reach below it by a whole descender. */
const DEEP = /[gjpqy]/;

const lowerMedian = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] as number) : null;
};

type Shape = 'flat' | 'deep' | 'comma' | 'mark';

/**
 * Where each line's letters stand. Box middles move with capitals, brackets and descenders by a
 * tenth of a line, as much as row padding adds between rows; a word's box ends at the baseline
 * unless a letter reaches below it. So: the lower median bottom of the line's words without
 * descenders (a bottom strays below the baseline, where a box took in a tail, not above it), with
 * the page's residual slope taken out. A line without such words stands above the bottoms of its
 * descending words (gjpqy, or an amount's comma) by what they reach below the baselines of the
 * other lines. A word in a frame or a chip gets the frame's box and says nothing.
 */
function baselines(lines: OcrWord[][]): (number | null)[] {
  const glyphs = (w: OcrWord) => /[\p{L}\p{N}]/u.test(w.text);
  const capHeight = median(
    lines
      .flat()
      .filter((w) => glyphs(w) && !DESCENDS.test(w.text) && /[\p{Lu}\p{N}bdfhklt]/u.test(w.text))
      .map((w) => w.y1 - w.y0),
  );
  const shape = (w: OcrWord): Shape | null => {
    const h = w.y1 - w.y0;
    if (!glyphs(w)) return null;
    if (!DESCENDS.test(w.text)) return h <= capHeight * 1.3 ? 'flat' : null;
    // A mark that may descend but did not ('Visa/Dankort' no taller than a capital, whose top it
    // has): the box ends at the baseline.
    if (!DEEP.test(w.text) && /[\p{Lu}\p{N}]/u.test(w.text) && h <= capHeight * 1.05) return 'flat';
    if (h > capHeight * 1.6) return null;
    if (/^\p{L}+[.-]?$/u.test(w.text) && DEEP.test(w.text)) return 'deep';
    if (/^[-+]?[\d.]*\d,\d+[-+]?$/.test(w.text)) return 'comma';
    // Any other word with a mark that descends a little (ą, ę, a slash, brackets).
    return DEEP.test(w.text) ? null : 'mark';
  };
  const words = lines.map((ws) => ws.map((w) => ({ w, shape: shape(w) })));
  const slope = pageSlope(words.map((ws) => ws.flatMap((x) => (x.shape === 'flat' ? [x.w] : []))));
  const at = (w: OcrWord) => w.y1 - (slope * (w.x0 + w.x1)) / 2;
  const of = (ws: { w: OcrWord; shape: Shape | null }[], s: Shape) =>
    ws.flatMap((x) => (x.shape === s ? [at(x.w)] : []));
  const bases = words.map((ws) => lowerMedian(of(ws, 'flat')));
  const reach = (s: Shape, fallback: number) => {
    const d = words.flatMap((ws, i) => {
      const base = bases[i];
      return base === null || base === undefined ? [] : of(ws, s).map((y) => y - base);
    });
    return d.length >= 3 ? median(d) : fallback;
  };
  const deep = reach('deep', capHeight * 0.3);
  const comma = reach('comma', capHeight * 0.15);
  const mark = reach('mark', capHeight * 0.15);
  return words.map((ws, i) => {
    const base = bases[i];
    if (base !== null && base !== undefined) return base;
    const known = [...of(ws, 'deep').map((y) => y - deep), ...of(ws, 'comma').map((y) => y - comma)];
    // Only marks that descend a little: their bottoms less what such words reach on the page
    // ('Obciążenie' alone on its line), not the box's middle, half a line higher.
    return lowerMedian(known.length ? known : of(ws, 'mark').map((y) => y - mark));
  });
}

/**
 * The slope the page's lines still have after deskewing (a tenth of a degree moves a baseline by a
 * point across a page): the median of the slopes of lines with flat words far apart.
 */
function pageSlope(lines: OcrWord[][]): number {
  const slopes: number[] = [];
  for (const flat of lines) {
    if (flat.length < 2) continue;
    const xs = flat.map((w) => (w.x0 + w.x1) / 2);
    const span = Math.max(...xs) - Math.min(...xs);
    const h = median(flat.map((w) => w.y1 - w.y0));
    if (span < h * 15) continue;
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = flat.reduce((a, w) => a + w.y1, 0) / flat.length;
    let num = 0;
    let den = 0;
    flat.forEach((w, i) => {
      const dx = (xs[i] as number) - mx;
      num += dx * (w.y1 - my);
      den += dx * dx;
    });
    if (den > 0) slopes.push(num / den);
  }
  return slopes.length >= 3 ? median(slopes) : 0;
}

/** The least sure word of a run that holds a digit: what a date's day was read with, apart from its month name. */
function digitConfidence(words: OcrWord[]): { digitConfidence?: number } {
  const digits = words.filter((w) => /\d/.test(w.text));
  return digits.length ? { digitConfidence: Math.min(...digits.map((w) => w.confidence)) / 100 } : {};
}
