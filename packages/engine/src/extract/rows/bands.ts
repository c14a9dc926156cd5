/**
 * Stage 3, rows: every line of a table region belongs to the transaction whose band it sits in.
 * A row's anchor is the line that carries its amounts; its description may start above that
 * line, sit on it, or continue below it. One rule holds for the whole table:
 *
 * - where the page draws a rule between every two rows, the rows split there ("rules");
 * - where rows are spaced apart (row padding, rules, zebra bands), the lines between two
 *   anchors split at the one gap that is wider than the line spacing inside a row ("gaps");
 * - else the layout is read from the lines before the first anchor: none means wrapped lines
 *   continue the row above ("below"); lines there mean descriptions start above their anchor,
 *   one line ("above") or all of them ("allAbove", when nothing follows the last anchor).
 *
 * Evidence: the vertical positions of the lines and which lines carry amounts.
 */
import { passEnabled } from '../passes';
import { SETTINGS } from '../settings';
import type { Column, Region } from '../table/model';
import type { Token } from '../tokens/tokenise';

export type BandModel = 'single' | 'rules' | 'gaps' | 'markers' | 'below' | 'above' | 'allAbove';

export interface Band {
  /** Indexes of the region's lines in the row, top to bottom. */
  lines: number[];
  /** Index of the anchor line (the one with the amounts). */
  anchor: number;
}

export interface Bands {
  bands: Band[];
  /** The direction this page's own clear rows told (hugging), for the table's next pages. */
  direction?: 'allAbove' | 'below';
  /** Read in the direction the table's pages before told (`table-direction`). */
  inherited?: boolean;
  /** Lines before the first anchor that belong to no band here (a row continued from the page before). */
  leading: number[];
  /** Lines after the last anchor that belong to no band here (a description starting above a row on the next page). */
  trailing: number[];
  model: BandModel;
}

/** A line is an anchor when it has a value in a money column. */
export function anchorLines(cells: Token[][][], columns: Column[]): number[] {
  const money = columns.flatMap((c, i) => (c.kind === 'money' ? [i] : []));
  return cells.flatMap((row, i) => (money.some((c) => (row[c]?.length ?? 0) > 0) ? [i] : []));
}

/**
 * `prior`: the direction descriptions ran on the table's pages before, where their clear rows told
 * it (see hugging). The table is one layout on every page: a page that does not show the other
 * direction reads that way, not by its gaps (OCR line positions put a page's row breaks and line
 * spacing within a pitch of each other).
 */
export function segmentRows(region: Region, cells: Token[][][], prior: 'allAbove' | 'below' | null = null): Bands {
  const anchors = anchorLines(cells, region.columns);
  const n = region.lines.length;
  if (!anchors.length) return { bands: [], leading: [], trailing: [], model: 'single' };
  // A line's height: its baseline in a text layer; under OCR, whose boxes grow and shrink with
  // capitals, brackets and descenders, the baseline OCR measured from its flat words, else the
  // middle of its box.
  const base = (i: number) => {
    const l = region.lines[i] as Region['lines'][number];
    return region.source === 'ocr' ? (l.line.baseline ?? (l.y0 + l.y1) / 2) : l.y1;
  };
  const pitch = (i: number) => base(i) - base(i - 1);
  const first = anchors[0] as number;
  const last = anchors[anchors.length - 1] as number;
  const leadingLines = Array.from({ length: first }, (_, i) => i);
  const trailing = Array.from({ length: n - 1 - last }, (_, i) => last + 1 + i);

  // Segments between consecutive anchors, with the pitches of their gaps.
  const segments = anchors.slice(1).map((a, k) => {
    const from = anchors[k] as number;
    return { from, to: a, pitches: Array.from({ length: a - from }, (_, j) => pitch(from + 1 + j)) };
  });
  const multi = segments.filter((s) => s.to - s.from > 1);
  if (!multi.length && !leadingLines.length && !trailing.length) {
    return { bands: anchors.map((a) => ({ lines: [a], anchor: a })), leading: [], trailing: [], model: 'single' };
  }
  const ruled = byRules(region, anchors);
  if (ruled) return ruled;

  // Gap model: row breaks are wider than line spacing inside a row. The cut between the two is
  // the one under which (nearly) every stretch between anchors has exactly one break.
  const all = [...segments.flatMap((s) => s.pitches), ...leadingLines.slice(1).map((i) => pitch(i))];
  if (first > 0) all.push(pitch(first));
  for (const i of trailing) all.push(pitch(i));
  const minGap = SETTINGS.rows.gapMin[region.source] * region.size;
  const values = [...new Set(all.map((v) => Math.round(v * 100) / 100))].sort((a, b) => a - b);
  let bestCut = -1;
  let bestAgree = -1;
  let bestJump = 0;
  for (let k = 1; k < values.length; k++) {
    const lo = values[k - 1] as number;
    const hi = values[k] as number;
    if (hi - lo < minGap || hi / lo < SETTINGS.rows.gapRatio) continue;
    const cut = (lo + hi) / 2;
    const agree =
      multi.filter((s) => s.pitches.filter((p) => p > cut).length === 1).length +
      segments.filter((s) => s.to - s.from === 1 && (s.pitches[0] as number) > cut).length;
    if (agree > bestAgree || (agree === bestAgree && hi - lo > bestJump)) {
      bestAgree = agree;
      bestCut = cut;
      bestJump = hi - lo;
    }
  }
  // OCR: row breaks a fifth wider than the spacing inside rows, with one break or one inside
  // gap read a little off (boxes jitter by a tenth of a line), have no two neighbouring gap
  // values a clear step apart; a cut under which every stretch between anchors has exactly one
  // break still tells the rows, where the two kinds of gap differ clearly on the whole.
  if (region.source === 'ocr' && bestAgree < segments.length && segments.length >= 3) {
    const used = segments.flatMap((s) => s.pitches);
    const cuts = values.slice(1).flatMap((hi, k) => {
      const cut = ((values[k] as number) + hi) / 2;
      const agree =
        multi.filter((s) => s.pitches.filter((p) => p > cut).length === 1).length +
        segments.filter((s) => s.to - s.from === 1 && (s.pitches[0] as number) > cut).length;
      if (agree < segments.length) return [];
      const breaks = median(used.filter((p) => p > cut));
      const inside = median(used.filter((p) => p <= cut));
      return inside > 0 && breaks >= inside * SETTINGS.rows.jitteredGapRatio && breaks - inside >= 2 * minGap
        ? [cut]
        : [];
    });
    // Every such cut splits the stretches alike; the middle one is the farthest from both kinds.
    if (cuts.length) {
      bestCut = cuts[Math.floor(cuts.length / 2)] as number;
      bestAgree = segments.length;
    }
  }
  // Where rows do not split at one clear gap each, the table's own clear rows say which way
  // descriptions run; else the count model, from the lines before the first anchor.
  const hug = hugging(segments, minGap);
  const inherited = prior && (hug === null || hug === prior) ? prior : null;
  const model: BandModel =
    inherited ??
    hug ??
    datedStarts(region, cells, segments) ??
    (leadingLines.length === 0 ? 'below' : trailing.length === 0 ? 'allAbove' : 'above');
  const told = (b: Bands): Bands => (hug === 'allAbove' || hug === 'below' ? { ...b, direction: hug } : b);
  const clearGaps =
    bestCut > 0 && bestAgree >= segments.length * SETTINGS.rows.gapAgreement && bestAgree === segments.length;
  const byTheGaps = () => byGaps(anchors, segments, leadingLines, trailing, pitch, bestCut, first, model);
  // A text layer's positions are exact: a page whose every row splits at one clear gap reads by
  // its gaps (rows of one, two and three lines around their amounts), whatever pages before told.
  if (clearGaps && region.source !== 'ocr') return told(byTheGaps());
  // OCR: where every row splits at one gap and the row breaks stand well apart from the line
  // spacing inside rows (a clean scan), the gaps are read even against the table's direction
  // (a row with a line below its amounts in a table whose descriptions start above them).
  if (inherited && clearGaps) {
    const used = segments.flatMap((s) => s.pitches);
    const breaks = used.filter((p) => p > bestCut);
    const inside = used.filter((p) => p <= bestCut);
    if (inside.length && Math.min(...breaks) >= Math.max(...inside) * SETTINGS.rows.clearGapRatio)
      return { ...byTheGaps(), inherited: true };
  }
  if (inherited) return byDirection(anchors, segments, leadingLines, trailing, inherited, hug === inherited);
  if (clearGaps) return told(byTheGaps());
  const marked = byMarkers(region, cells, anchors);
  if (marked) return told(marked);
  if (bestCut > 0 && bestAgree >= segments.length * SETTINGS.rows.gapAgreement) {
    return told(byTheGaps());
  }

  const bands: Band[] = anchors.map((a) => ({ lines: [a], anchor: a }));
  (bands[0] as Band).lines.unshift(...leadingLines);
  segments.forEach((s, k) => {
    const between = Array.from({ length: s.to - s.from - 1 }, (_, j) => s.from + 1 + j);
    const split = model === 'below' ? between.length : model === 'allAbove' ? 0 : Math.max(0, between.length - 1);
    (bands[k] as Band).lines.push(...between.slice(0, split));
    (bands[k + 1] as Band).lines.unshift(...between.slice(split));
  });
  if (model !== 'allAbove') (bands[bands.length - 1] as Band).lines.push(...trailing);
  for (const b of bands) b.lines.sort((x, y) => x - y);
  return told({ bands, leading: [], trailing: model === 'allAbove' ? trailing : [], model });
}

/**
 * Rule model: a table that draws a rule between its rows (OCR sees them before reading) splits
 * at them, whatever the line spacing says (a photo's pitch is the same inside a row and between
 * rows, and a description may start above its date line). Taken only where every stretch of
 * lines between two anchors holds exactly one rule, so rules under the header or round the table
 * alone decide nothing.
 */
function byRules(region: Region, anchors: number[]): Bands | null {
  const rules = region.rules ?? [];
  if (rules.length < 3 || anchors.length < 3) return null;
  const lines = region.lines;
  const mid = (i: number) => ((lines[i] as Region['lines'][number]).y0 + (lines[i] as Region['lines'][number]).y1) / 2;
  // Whether a rule runs between line i - 1 and line i.
  const ruledAbove = (i: number) => rules.some((r) => r.y > mid(i - 1) && r.y < mid(i));
  let multi = 0;
  for (let k = 1; k < anchors.length; k++) {
    const [from, to] = [anchors[k - 1] as number, anchors[k] as number];
    let breaks = 0;
    for (let i = from + 1; i <= to; i++) if (ruledAbove(i)) breaks++;
    // Two anchor lines in one ruled cell (a total under the last row) are two rows all the same.
    if (breaks > 1 || (breaks === 0 && to - from > 1)) return null;
    if (to - from > 1) multi++;
  }
  if (multi < 2) return null;
  const bands: Band[] = [];
  let start = 0;
  // Lines above the first rule over the first anchor continue the page before's last row.
  const first = anchors[0] as number;
  for (let i = first; i > 0; i--)
    if (ruledAbove(i)) {
      start = i;
      break;
    }
  const leading = Array.from({ length: start }, (_, i) => i);
  anchors.forEach((a, k) => {
    let end = a + 1;
    const next = anchors[k + 1];
    if (next !== undefined) while (end < next && !ruledAbove(end)) end++;
    else while (end < lines.length && !ruledAbove(end)) end++;
    bands.push({ lines: Array.from({ length: end - start }, (_, j) => start + j), anchor: a });
    start = end;
  });
  const trailing = Array.from({ length: lines.length - start }, (_, j) => start + j);
  return { bands, leading, trailing, model: 'rules' };
}

/**
 * Rows read in the table's known direction: all lines between two anchors start the lower row
 * ('allAbove'), or continue the upper one ('below', where lines before the first anchor continue
 * the page before's last row).
 */
function byDirection(
  anchors: number[],
  segments: { from: number; to: number }[],
  leadingLines: number[],
  trailing: number[],
  direction: 'allAbove' | 'below',
  told: boolean,
): Bands {
  const bands: Band[] = anchors.map((a) => ({ lines: [a], anchor: a }));
  if (direction === 'allAbove') (bands[0] as Band).lines.unshift(...leadingLines);
  segments.forEach((s, k) => {
    const between = Array.from({ length: s.to - s.from - 1 }, (_, j) => s.from + 1 + j);
    (direction === 'below' ? (bands[k] as Band) : (bands[k + 1] as Band)).lines.push(...between);
  });
  if (direction === 'below') (bands[bands.length - 1] as Band).lines.push(...trailing);
  for (const b of bands) b.lines.sort((x, y) => x - y);
  return {
    bands,
    leading: direction === 'below' ? leadingLines : [],
    trailing: direction === 'allAbove' ? trailing : [],
    model: direction,
    inherited: true,
    ...(told ? { direction } : {}),
  };
}

/**
 * Which way the table's descriptions run, from the segments between two anchors whose widest gap
 * is clear (wider than each other gap of the segment by `minGap`): right under the upper anchor,
 * its lines start the lower row ("allAbove"); right over the lower anchor, they continue the upper
 * row ("below"). Decided when at least three segments tell and nine in ten of them agree, so a
 * few lines set exactly midway follow the rest of their table.
 */
function hugging(segments: { from: number; to: number; pitches: number[] }[], minGap: number): BandModel | null {
  let above = 0;
  let below = 0;
  for (const s of segments) {
    if (s.to - s.from < 2) continue;
    const widest = Math.max(...s.pitches);
    const at = s.pitches.indexOf(widest);
    if (s.pitches.some((p, j) => j !== at && p > widest - minGap)) continue;
    if (at === 0) above++;
    else if (at === s.pitches.length - 1) below++;
  }
  const told = above + below;
  if (told < 3) return null;
  if (above >= told * 0.9) return 'allAbove';
  if (below >= told * 0.9) return 'below';
  return null;
}

/**
 * Where lines without an amount carry a posting date, rows start at their dates: lines between two
 * amount lines whose first line is dated (a row's date and first words printed above its amount,
 * "27Jun2025 UPI2025..." over "Paid via UPI   82.00") start the lower row, all of them. Told only
 * where every dated line between amount lines stands first in its stretch; else null.
 */
function datedStarts(region: Region, cells: Token[][][], segments: { from: number; to: number }[]): 'allAbove' | null {
  if (!passEnabled('dated-starts')) return null;
  const dated = (i: number) =>
    (cells[i] ?? []).some((tokens, c) => region.columns[c]?.kind === 'date' && tokens.some((t) => t.kind === 'date'));
  let first = 0;
  for (const s of segments)
    for (let i = s.from + 1; i < s.to; i++) {
      if (!dated(i)) continue;
      if (i !== s.from + 1) return null;
      first++;
    }
  return first > 0 ? 'allAbove' : null;
}

/**
 * Marker model: a column other than the amounts and the description that every row fills once,
 * on its first line (a type code, a date on every row), marks where rows start, wherever their
 * amounts stand (on the last line in some layouts).
 */
function byMarkers(region: Region, cells: Token[][][], anchors: number[]): Bands | null {
  const n = region.lines.length;
  const anchorSet = new Set(anchors);
  const candidates: number[][] = [];
  for (const col of region.columns) {
    if (col.kind === 'money' || col.kind === 'empty' || col.role === 'description' || col.label === '') continue;
    candidates.push(cells.flatMap((row, i) => ((row[col.index]?.length ?? 0) > 0 ? [i] : [])));
  }
  // Lines that start at the description column's left edge, where wrapped lines are indented
  // (a type code before the details: "VIS  THE RED LION" over "     TFL TRAVEL"; OCR merges the two).
  const desc = region.columns.find((c) => c.role === 'description');
  if (desc) {
    const starts = cells.map((row) => row[desc.index]?.[0]?.x0 ?? null);
    const left = Math.min(...starts.filter((x): x is number => x !== null));
    const indented = starts.filter((x) => x !== null && x >= left + region.size * 1.5).length;
    if (indented >= n * 0.1)
      candidates.push(starts.flatMap((x, i) => (x !== null && x < left + region.size * 0.6 ? [i] : [])));
  }
  for (const marks of candidates) {
    if (marks.length < 3 || Math.abs(marks.length - anchors.length) > anchors.length * 0.15) continue;
    // Marks that stand on anchor lines only say nothing the anchors do not.
    if (marks.every((m) => anchorSet.has(m))) continue;
    const starts = [...marks];
    let one = 0;
    for (let k = 0; k < starts.length; k++) {
      const from = starts[k] as number;
      const to = k + 1 < starts.length ? (starts[k + 1] as number) : n;
      if (anchors.filter((a) => a >= from && a < to).length === 1) one++;
    }
    if (one < starts.length * 0.9) continue;
    // Anchors before the first mark are rows of their own (a balance brought forward).
    const bands: Band[] = anchors.filter((a) => a < (starts[0] as number)).map((a) => ({ lines: [a], anchor: a }));
    for (let k = 0; k < starts.length; k++) {
      const from = starts[k] as number;
      const to = k + 1 < starts.length ? (starts[k + 1] as number) : n;
      const inside = anchors.filter((a) => a >= from && a < to);
      const lines = Array.from({ length: to - from }, (_, j) => from + j);
      if (!inside.length) {
        // Text without an amount continues the row before.
        bands[bands.length - 1]?.lines.push(...lines);
        continue;
      }
      // Two anchors in one marked block: the second starts a row of its own.
      inside.forEach((a, j) => {
        const end = j + 1 < inside.length ? (inside[j + 1] as number) : to;
        const begin = j === 0 ? from : a;
        bands.push({ lines: Array.from({ length: end - begin }, (_, x) => begin + x), anchor: a });
      });
    }
    const firstMark = Math.min(starts[0] as number, anchors[0] as number);
    return { bands, leading: Array.from({ length: firstMark }, (_, i) => i), trailing: [], model: 'markers' };
  }
  return null;
}

function byGaps(
  anchors: number[],
  segments: { from: number; to: number; pitches: number[] }[],
  leadingLines: number[],
  trailing: number[],
  pitch: (i: number) => number,
  cut: number,
  first: number,
  fallback: BandModel,
): Bands {
  const bands: Band[] = anchors.map((a) => ({ lines: [a], anchor: a }));
  // Lines before the first anchor: those tight above it are its own; the rest continue the page before.
  let k = first;
  while (k > 0 && pitch(k) <= cut) k--;
  const own = leadingLines.filter((i) => i >= k);
  (bands[0] as Band).lines.unshift(...own);
  const leading = leadingLines.filter((i) => i < k);
  segments.forEach((s, idx) => {
    const between = Array.from({ length: s.to - s.from - 1 }, (_, j) => s.from + 1 + j);
    // The break is the one gap wider than the cut; where the gaps do not tell (none or several
    // such gaps), the table's count model splits the segment.
    const wide = s.pitches.flatMap((p, j) => (p > cut ? [j] : []));
    const at =
      wide.length === 1
        ? (wide[0] as number)
        : fallback === 'below'
          ? between.length
          : fallback === 'allAbove'
            ? 0
            : Math.max(0, between.length - 1);
    (bands[idx] as Band).lines.push(...between.slice(0, at));
    (bands[idx + 1] as Band).lines.unshift(...between.slice(at));
  });
  // Lines after the last anchor: while tight, they continue it; after a row break they start the
  // next page's first row.
  const lastBand = bands[bands.length - 1] as Band;
  let k2 = 0;
  while (k2 < trailing.length && pitch(trailing[k2] as number) <= cut) lastBand.lines.push(trailing[k2++] as number);
  for (const b of bands) b.lines.sort((x, y) => x - y);
  // Rows that run on below their amounts and never start above them do not start on the page
  // before either: lines after the last row's break are the page's furniture (a footer).
  const startsAbove = bands.some((b) => (b.lines[0] as number) < b.anchor);
  const runsBelow = bands.some((b) => (b.lines[b.lines.length - 1] as number) > b.anchor);
  const rest = startsAbove || !runsBelow ? trailing.slice(k2) : [];
  return { bands, leading, trailing: rest, model: 'gaps' };
}

/**
 * `label-rows`: a row whose anchor line prints a label in the date column instead of a date
 * ("Daily total", "Balance carried forward") is that one line: totals and balances have no
 * description running above them, so lines a band model put above it stay with the row before
 * (under OCR the pitches around a total line do not always tell). Returns the lines moved.
 */
export function labelRowsAlone(region: Region, cells: Token[][][], found: Bands): number[] {
  if (!passEnabled('label-rows')) return [];
  const dates = region.columns.flatMap((c, i) => (c.role === 'date' || c.kind === 'date' ? [i] : []));
  if (!dates.length) return [];
  const labelled = (line: number) => {
    const tokens = dates.flatMap((c) => cells[line]?.[c] ?? []);
    return (
      tokens.length > 0 &&
      tokens.every((t) => t.kind !== 'date' && !t.damagedDate) &&
      tokens.some((t) => /\p{L}{3}/u.test(t.text))
    );
  };
  const moved: number[] = [];
  found.bands.forEach((band, k) => {
    const before = band.lines.filter((i) => i < band.anchor);
    const prev = found.bands[k - 1];
    if (!prev || !before.length || !labelled(band.anchor)) return;
    prev.lines.push(...before);
    prev.lines.sort((x, y) => x - y);
    band.lines = band.lines.filter((i) => i >= band.anchor);
    moved.push(...before);
  });
  return moved;
}

function median(xs: number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}
