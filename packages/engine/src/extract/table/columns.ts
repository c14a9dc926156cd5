/**
 * Columns of a table region by geometry (the "text strategy" of pdfplumber and tabula): the x
 * ranges that the region's lines cover, separated by gaps that (nearly) no line crosses. Each
 * column's kind comes from its cells (dates, money, sign words, text); its label from the header
 * text above it. Wrapped header cells ("Accrued Bank" over "Charges") are one label.
 *
 * Evidence: token boxes of the body lines; the header's label boxes mark column starts where a
 * long text run reaches into the next column.
 */
import { type TextSpan, textX } from '../../layout/model';
import { parseAmount } from '../../values/amount';
import { passEnabled } from '../passes';
import { SETTINGS } from '../settings';
import { amountsInsideText, joinTokens, splitWords, type Token, type TokenLine } from '../tokens/tokenise';
import { isLabelPhrase, labelPhrases, labelReadings, normaliseWords } from '../vocabulary';
import type { Column, ColumnKind } from './model';
import { amountsBelow, type RegionLines, type RegionNote } from './regions';

interface Label {
  text: string;
  x0: number;
  x1: number;
  /** The header runs the label was stacked from, top to bottom. */
  parts?: LabelPart[];
}

interface LabelPart {
  y: number;
  text: string;
  x0: number;
  x1: number;
  /** Its words, placed by the reader's pieces where it has them. */
  words: { text: string; x0: number; x1: number }[];
  /** The reader's pieces (see TextRun.spans). */
  spans?: TextSpan[];
}

const partOf = (y: number, t: Token): LabelPart => ({
  y,
  text: t.text,
  x0: t.x0,
  x1: t.x1,
  words: splitWords(t),
  ...(t.spans ? { spans: t.spans } : {}),
});

/** Header lines -> labels: words of stacked lines that overlap in x are one label (top to bottom). */
export function headerLabels(header: TokenLine[]): Label[] {
  const labels: (Label & { parts: LabelPart[] })[] = [];
  for (const line of header) {
    for (const t of line.tokens) {
      const target = labels.find((l) => overlap(l, t) > 0.3 * Math.min(l.x1 - l.x0, t.x1 - t.x0));
      if (target) {
        target.parts.push(partOf(line.y0, t));
        target.x0 = Math.min(target.x0, t.x0);
        target.x1 = Math.max(target.x1, t.x1);
      } else labels.push({ text: '', x0: t.x0, x1: t.x1, parts: [partOf(line.y0, t)] });
    }
  }
  for (const l of labels) {
    l.parts.sort((a, b) => a.y - b.y);
    l.text = l.parts.map((p) => p.text).join(' ');
  }
  return labels.sort((a, b) => a.x0 - b.x0);
}

function overlap(a: { x0: number; x1: number }, b: { x0: number; x1: number }): number {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
}

/** X ranges covered by more than `noise` of the lines: the columns. */
function coveredRanges(lines: Token[][], noise: number): { x0: number; x1: number }[] {
  const events: [number, number][] = [];
  for (const tokens of lines) for (const t of tokens) events.push([t.x0, 1], [t.x1, -1]);
  events.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: { x0: number; x1: number }[] = [];
  let depth = 0;
  let start = 0;
  for (const [x, d] of events) {
    const before = depth;
    depth += d;
    if (before <= noise && depth > noise) start = x;
    else if (before > noise && depth <= noise) out.push({ x0: start, x1: x });
  }
  return out;
}

/** Overlapping ranges, or ranges closer than `touch`, become one. */
/**
 * `two-amounts-one-column`: a line printing two amounts apart inside what the other lines make one
 * column of amounts is two columns there: right-aligned amounts of different widths cover each
 * other's ranges (a page's one deposit "360.00" touching the wide balances "181,248.40" beside it).
 * The range is cut in the middle of the gap between the two amounts.
 */
export function splitAtTwoAmounts(
  ranges: { x0: number; x1: number }[],
  lines: Token[][],
  size: number,
): { x0: number; x1: number }[] {
  if (!passEnabled('two-amounts-one-column')) return ranges;
  return ranges.flatMap((r) => {
    const inside = (t: Token) => t.x0 >= r.x0 - 0.5 && t.x1 <= r.x1 + 0.5;
    if (lines.some((l) => l.some((t) => inside(t) && t.kind !== 'money'))) return [r];
    const cuts = new Set<number>();
    for (const l of lines) {
      const amounts = l.filter((t) => t.kind === 'money' && inside(t)).sort((a, b) => a.x0 - b.x0);
      for (let i = 1; i < amounts.length; i++) {
        const [a, b] = [amounts[i - 1] as Token, amounts[i] as Token];
        if (b.x0 > a.x1) cuts.add(Math.round(((a.x1 + b.x0) / 2) * 10) / 10);
      }
    }
    if (!cuts.size) return [r];
    // Cuts of several lines a hair apart are one column edge.
    const at: number[] = [];
    for (const x of [...cuts].sort((a, b) => a - b))
      if (!at.length || x - (at[at.length - 1] as number) > size) at.push(x);
    return [r.x0, ...at].map((x0, i) => ({ x0, x1: at[i] ?? r.x1 }));
  });
}

function mergeRanges(ranges: { x0: number; x1: number }[], touch = 0): { x0: number; x1: number }[] {
  const out: { x0: number; x1: number }[] = [];
  for (const r of [...ranges].sort((a, b) => a.x0 - b.x0)) {
    const last = out[out.length - 1];
    if (last && r.x0 < last.x1 + touch) last.x1 = Math.max(last.x1, r.x1);
    else out.push({ ...r });
  }
  return out;
}

/** A leader dot or dash filling an empty cell: no letter, no digit. */
const isMark = (t: Token) => t.kind === 'text' && !/[\p{L}\p{N}]/u.test(t.text);

function kindOf(tokens: Token[]): { kind: ColumnKind; filled: number } {
  if (!tokens.length) return { kind: 'empty', filled: 0 };
  const values = tokens.filter((t) => !t.nil);
  if (!values.length) return { kind: 'money', filled: 0 };
  if (values.length < tokens.length) return kindOf(values);
  // Leader dots and dashes that fill a wrapped line's empty date or number cells say nothing of
  // what the column holds: its values decide.
  const marks = tokens.filter(isMark);
  if (marks.length && marks.length < tokens.length && passEnabled('filler-marks'))
    return kindOf(tokens.filter((t) => !marks.includes(t)));
  const counts = new Map<ColumnKind, number>();
  for (const t of tokens) {
    const k: ColumnKind = t.kind === 'date' && t.alsoMoney ? 'money' : t.kind;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const dateLike = (counts.get('date') ?? 0) + 0;
  const [best, n] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] as [ColumnKind, number];
  if (n >= tokens.length * SETTINGS.table.kindShare) return { kind: best, filled: tokens.length };
  // Dates with a few damaged cells, amounts with a few notes: the values decide over stray text.
  if (dateLike >= tokens.length * 0.45) return { kind: 'date', filled: tokens.length };
  if ((counts.get('money') ?? 0) >= tokens.length * 0.45) return { kind: 'money', filled: tokens.length };
  return { kind: 'text', filled: tokens.length };
}

/**
 * `nil-cells`: a dash standing alone, away from any amount, is a cell printed empty ("-" under
 * Debit on a credit row), not a sign. Marked `nil`: it counts for no column kind, and a column of
 * nothing but such dashes is one of amounts printed empty on this page (another page fills it).
 * A dash right after an amount ("10.00 -") stays its sign.
 */
function markNilDashes(tokens: Token[], size: number): Token[] {
  if (!passEnabled('nil-cells')) return tokens;
  const nil = (t: Token, i: number) => {
    if (t.kind !== 'sign' || !/^[-\u2013\u2014]$/.test(t.text.trim())) return false;
    const before = tokens[i - 1];
    return !(before && (before.kind === 'money' || before.alsoMoney) && t.x0 - before.x1 < size * 1.5);
  };
  return tokens.some(nil) ? tokens.map((t, i) => (nil(t, i) ? { ...t, nil: true } : t)) : tokens;
}

/**
 * `integer-amounts`: a column of amounts printed with decimals on some rows and as whole numbers on
 * others ("0.97", "172.75" and "20", "92" under Debit Amount) is one of amounts throughout: its
 * whole numbers are amounts too (read as money, in place). Needs two amounts with decimals, or
 * the label of an amount over the column (`labelled`), and nothing else in the column but whole
 * numbers and empty-cell dashes.
 */
function wholeAmounts(tokens: Token[], labelled: boolean): boolean {
  if (!passEnabled('integer-amounts')) return false;
  const decimals = tokens.filter((t) => t.kind === 'money' && /\d[.,]\d{2}\)?-?$/.test(t.text.trim()));
  if (decimals.length < (labelled ? 0 : 2)) return false;
  // On an OCR page, three digits or more among decimals lost their decimal mark ('758' for 7.58):
  // ocr-cells reads them (see table/ocr.ts).
  if (tokens.some((t) => t.kind !== 'money' && t.confidence !== undefined && /^\d{3,}$/.test(t.text.trim())))
    return false;
  const whole = tokens.filter((t) => t.kind !== 'money' && !t.nil);
  if (whole.length < (labelled ? 2 : 1)) return false;
  if (!whole.every((t) => /^\d{1,3}(?:([,.])\d{3})*$|^\d+$/.test(t.text.trim()))) return false;
  const comma = decimals.filter((t) => /,\d{2}\)?-?$/.test(t.text.trim())).length > decimals.length / 2;
  for (const t of whole) {
    const money = parseAmount(t.text, comma ? ',' : '.', true);
    if (!money) continue;
    t.kind = 'money';
    t.money = money;
    delete t.date;
  }
  return true;
}

/**
 * The body tokens of a line, with text runs that reach over a label's start cut there, at the word
 * nearest it: the words on each side stay one piece ("175" | "CREDIT TRANSFER LERATO VENTER"), so
 * a description's own word gaps never look like column gaps on a page of few rows.
 */
function bodyTokens(line: TokenLine, starts: number[], size: number): Token[] {
  return line.tokens.flatMap((t) => {
    if (t.kind !== 'text' || !/\s/.test(t.text)) return [t];
    const cuts = starts.filter((x) => x > t.x0 + size && x < t.x1 - size * 0.5);
    if (!cuts.length) return [t];
    const words = splitWords(t);
    // Each word to the part its start falls in (a word starting just before a label's start is the label's).
    const part = (w: Token) => cuts.filter((x) => w.x0 >= x - size * 0.5).length;
    const out: Token[] = [];
    let last = -1;
    for (const w of words) {
      const p = part(w);
      const prev = out[out.length - 1];
      if (prev && p === last) out[out.length - 1] = joinTokens(prev, w);
      else out.push(w);
      last = p;
    }
    return out;
  });
}

export interface RegionColumns {
  columns: Column[];
  /** The region's lines: the seed lines with the lines above and below that fit the columns. */
  lines: TokenLine[];
  /** Each line's tokens, by column index (tokens outside every column are dropped). */
  cells: Token[][][];
  /** Amounts ending a description run that were joined to its text (tail-amounts-as-text). */
  joinedTails: string[];
  /** Labels whose start the text under them runs through at random words (text-under-labels). */
  undividedLabels: string[];
  /** Amounts completed by the digits wrapped onto the line under them (wrapped-amounts). */
  wrappedAmounts: string[];
  /** What other passes decided here, for the trace. */
  notes: RegionNote[];
}

export function findColumns(region: RegionLines): RegionColumns {
  const labels = headerLabels(region.header).flatMap((l) => splitLabelAtCellWords(l, region.seeds, region.size));
  // OCR: only labels the vocabulary knows may divide a run of text (a damaged header must not).
  const ocr = region.header[0]?.tokens[0]?.confidence !== undefined;
  const size = region.size;
  const known = labels.filter((l) => !ocr || labelReadings(l.text).length > 0);
  // Wrapped description lines: no dates, no amounts (a day's total printed from the date column
  // runs through every label and divides nothing).
  const wrapped = region.lines.filter(
    (l) => !region.seeds.includes(l) && !l.tokens.some((t) => t.kind === 'money' || t.kind === 'date'),
  );
  const undivided = passEnabled('text-under-labels')
    ? known.filter((l) => !dividesText(l.x0, region.seeds, size) || !dividesText(l.x0, wrapped, size))
    : [];
  const starts = known.filter((l) => !undivided.includes(l)).map((l) => l.x0);
  // Text running over a label's start is split only in seed lines (a description run into the
  // reference column); other lines (end-of-day balance labels printed from the date column) stay whole.
  // A dated line without amounts that seeds the table beside the line of its amounts (split-seeds:
  // a row two lines high, its date set higher) brings that line: the row's cells are there.
  const partners = new Set<TokenLine>();
  for (const s of region.seeds) {
    if (s.tokens.some((t) => t.kind === 'money' || t.alsoMoney)) continue;
    const i = region.lines.indexOf(s);
    const below = amountsBelow(region.lines, i, Number.POSITIVE_INFINITY);
    if (below && !region.seeds.includes(below)) partners.add(below);
    for (const n of [region.lines[i - 1], region.lines[i + 1]])
      if (
        n &&
        !region.seeds.includes(n) &&
        Math.min(n.y1, s.y1) - Math.max(n.y0, s.y0) > 0 &&
        n.tokens.some((t) => t.kind === 'money')
      )
        partners.add(n);
  }
  const isSeedLine = (l: TokenLine) => region.seeds.includes(l) || partners.has(l);
  // Each line's tokens once: they are read for the tail amounts, the columns and the cells.
  const ownTokens = new Map<TokenLine, Token[]>();
  const lineTokens = (l: TokenLine) => {
    let tokens = ownTokens.get(l);
    if (!tokens) {
      tokens = markNilDashes(amountsInsideText(isSeedLine(l) ? bodyTokens(l, starts, size) : l.tokens), size);
      ownTokens.set(l, tokens);
    }
    return tokens;
  };
  const keepTail = tailAmountKeeper(region.lines.map(lineTokens), labels, size);
  const joinedTails = new Set<string>();
  const tokensOf = (l: TokenLine) =>
    tailAmountsAsText(lineTokens(l), keepTail, (t) => joinedTails.add(`${t.text} (line ${l.index + 1})`));
  const body = region.lines.map(tokensOf);
  // Columns come from the seed lines (a date left of an amount): lines that are no rows (labels
  // of end-of-day balances, notes) may run across columns.
  // Other lines add their amounts (a credit column may hold only undated rows on a page).
  const seeds = region.seeds.length;
  // `text-off-the-date-line`: where no dated line holds any text (each row's description printed
  // on lines above and below its date and amount), the other lines' words make the text columns;
  // without them the table had no description column and was no table at all. One dated line in
  // ten may hold words (a fee printed on one line): its words alone made a description column too
  // narrow for the other rows' lines.
  let worded = 0;
  let dated = 0;
  body.forEach((tokens, i) => {
    if (!isSeedLine(region.lines[i] as TokenLine)) return;
    dated++;
    if (tokens.some((t) => t.kind === 'text')) worded++;
  });
  const wordless = seeds >= 3 && passEnabled('text-off-the-date-line') && worded <= Math.floor(dated / 10);
  const notes: RegionNote[] = [...(region.notes ?? [])];
  if (wordless)
    notes.push({
      pass: 'text-off-the-date-line',
      text: `${worded ? `${worded} of ${dated}` : 'no'} dated lines hold words: the lines around them make the text columns`,
    });
  const basis =
    seeds >= 3 && !wordless
      ? body.map((tokens, i) =>
          isSeedLine(region.lines[i] as TokenLine)
            ? tokens
            : tokens.filter((t) => t.kind === 'money' || t.kind === 'sign'),
        )
      : body;
  // A single line (a note across the table) does not join two text columns; in short tables every
  // line counts. Amounts always count: a credit column may have one value on a page.
  const noise = basis.length >= 6 ? Math.max(1, Math.floor(basis.length * SETTINGS.table.columnNoise)) : 0;
  // Under a header, the lines between it and the first dated line are rows too (a page that starts
  // with an undated row): their amounts mark columns as well (a charges column filled only there).
  const aboveAmounts = region.header.length
    ? region.above.map((l) => tokensOf(l).filter((t) => t.kind === 'money'))
    : [];
  const ranges = splitAtTwoAmounts(
    mergeRanges([
      ...coveredRanges(
        basis.map((l) => l.filter((t) => t.kind !== 'money')),
        noise,
      ),
      // Amounts of one column touch when their widths differ (estimated positions of split runs).
      ...mergeRanges(
        coveredRanges(
          [...basis, ...aboveAmounts].map((l) => l.filter((t) => t.kind === 'money')),
          0,
        ),
        size * 0.5,
      ),
    ]),
    basis,
    size,
  );
  // Where a label starts inside a range of text (a long description running up to the next
  // column), the label's start divides it: the header says there are two columns.
  const split: { x0: number; x1: number }[] = [];
  for (const r of ranges) {
    let x0 = r.x0;
    for (const l of labels) {
      if (!starts.includes(l.x0)) continue;
      if (l.x0 > x0 + size * 2 && l.x0 < r.x1 - size) {
        // Cells starting in the range: one line's long text may run past its end (the range is
        // what more lines than the noise cover).
        const inside = basis.flat().filter((t) => t.x0 >= x0 - 0.5 && t.x0 <= r.x1 + 0.5);
        // Only where cells start at the label (left-aligned text under it, or the amounts of a
        // column touching the one before), not inside one column of right-aligned amounts (amounts
        // of one width start together too): there some cells must end before the label.
        const starting = inside.filter((t) => Math.abs(t.x0 - l.x0) < size * 1.5);
        const textStarts = starting.some((t) => t.kind !== 'money');
        const endsBefore = inside.some((t) => t.x1 <= l.x0 + size * 0.5);
        if (starting.length >= 2 && (textStarts || endsBefore)) {
          split.push({ x0, x1: l.x0 - 0.5 });
          x0 = l.x0;
        }
      }
    }
    split.push({ x0, x1: r.x1 });
  }
  // Kinds from the core lines; then the header's labels, which may add columns empty on this page.
  const columns: Column[] = split.map((r, i) => ({
    index: i,
    x0: r.x0,
    x1: r.x1,
    kind: 'empty',
    filled: 0,
    label: '',
    readings: [],
    role: 'other',
  }));
  const assign = (tokens: Token[]): Token[][] => assignTokens(tokens, columns, size);
  const core = body.map(assign);
  const coreAbove = aboveAmounts.map(assign);
  columns.forEach((c, i) => {
    const tokens = core.flatMap((row) => row[i] as Token[]);
    wholeAmounts(tokens, false);
    Object.assign(c, kindOf(tokens));
    if ((c.kind === 'date' || c.kind === 'money') && passEnabled('filler-marks') && tokens.some(isMark))
      notes.push({ pass: 'filler-marks', text: `column ${i + 1}: its leader dots left out, read as ${c.kind}` });
    // A column only the rows above the first dated line fill (see aboveAmounts) is one of amounts.
    if (c.kind === 'empty') Object.assign(c, kindOf(coreAbove.flatMap((row) => row[i] as Token[])));
  });
  placeLabels(columns, labels, size);
  // A page whose amounts under an amount's label are all whole numbers (a continued page of debits).
  columns.forEach((c, i) => {
    if (c.kind !== 'text' || !['debit', 'credit', 'amount'].includes(c.readings[0]?.role ?? '')) return;
    const tokens = core.flatMap((row) => row[i] as Token[]);
    if (wholeAmounts(tokens, true)) Object.assign(c, kindOf(tokens));
  });
  // Sign words under a description's label (a page whose few dated rows are all "CR") are the
  // rows' transaction types: a text column, as the label says.
  for (const c of columns) if (c.kind === 'sign' && c.readings[0]?.role === 'description') c.kind = 'text';
  // Lines above the first seed and below the last one join where they fit the columns.
  const fits = (line: TokenLine) => fitsColumns(line, columns, size);
  let aboveFrom = region.above.length;
  while (aboveFrom > 0 && fits(region.above[aboveFrom - 1] as TokenLine)) aboveFrom--;
  let belowTo = 0;
  for (let i = 0; i < region.below.length; i++) {
    const line = region.below[i] as TokenLine;
    if (fits(line)) belowTo = i + 1;
    else if (!overhangs(line, columns, size) || !region.below.slice(i + 1).some((l) => fits(l) && hasMoney(l))) break;
  }
  const above = region.above.slice(aboveFrom);
  const below = region.below.slice(0, belowTo);
  const lines = [...above, ...region.lines, ...below];
  const cells = lines.map((l) => assign(tokensOf(l)));
  const wrappedAmounts = passEnabled('wrapped-amounts') ? joinWrappedAmounts(cells, columns, size) : [];
  // A labelled column empty among the seed lines takes its kind from the lines that fill it.
  columns.forEach((c, i) => {
    c.index = i;
    if (c.kind === 'empty') Object.assign(c, kindOf(cells.flatMap((row) => row[i] as Token[])));
  });
  return {
    columns,
    lines,
    cells,
    joinedTails: [...joinedTails],
    undividedLabels: undivided.map((l) => l.text),
    wrappedAmounts,
    notes,
  };
}

/**
 * `wrapped-amounts`: an amount too wide for its cell wraps its last digits onto the line under it
 * ("1,00,000.0" over "0", "1,073,459." over "85"). Digits alone in a money column, right under an
 * amount that ends with its decimal mark and at most one decimal and ending where it ends, complete
 * that amount; alone, they would make a row of their own.
 */
function joinWrappedAmounts(cells: Token[][][], columns: Column[], size: number): string[] {
  const joined: string[] = [];
  columns.forEach((c, k) => {
    if (c.kind !== 'money') return;
    for (let i = 1; i < cells.length; i++) {
      const cell = cells[i]?.[k];
      const above = cells[i - 1]?.[k];
      if (!cell || !above) continue;
      const tail = cell.length === 1 ? (cell[0] as Token) : undefined;
      const head = above.length ? (above[above.length - 1] as Token) : undefined;
      if (!tail || !head || !/^\d{1,2}$/.test(tail.text)) continue;
      // The head reads as an amount, or is digits ending in the decimal mark ("1,073,459.").
      if (head.kind !== 'money' && !/^\d[\d,.' ]*[.,]$/.test(head.text)) continue;
      const mark = /([.,])\d?$/.exec(head.text)?.[1];
      if (!mark || Math.abs(tail.x1 - head.x1) > size * 2 || tail.y0 - head.y1 > size) continue;
      const money = parseAmount(head.text + tail.text, mark as '.' | ',');
      if (!money) continue;
      joined.push(`${head.text} + ${tail.text}`);
      above[above.length - 1] = {
        ...head,
        kind: 'money',
        text: head.text + tail.text,
        money,
        x1: Math.max(head.x1, tail.x1),
        y1: tail.y1,
      };
      cell.length = 0;
    }
  });
  return joined;
}

/**
 * Whether a label's start divides the text runs that reach over it: where a column starts there,
 * the words after the cut start at the label in most of those runs (left-aligned cells, as the
 * label); where the header's one label lost its joining mark ("NAAM / OMSCHRIJVING" read as two
 * labels), the cut falls between any two words of the descriptions and the text stays one cell.
 */
function dividesText(x: number, lines: TokenLine[], size: number): boolean {
  let cuts = 0;
  let aligned = 0;
  for (const line of lines) {
    for (const t of line.tokens) {
      if (t.kind !== 'text' || !/\s/.test(t.text) || x <= t.x0 + size || x >= t.x1 - size * 0.5) continue;
      const after = splitWords(t).find((w) => w.x0 >= x - size * 0.5);
      if (!after) continue;
      cuts++;
      if (Math.abs(after.x0 - x) < size * 0.8) aligned++;
    }
  }
  return cuts < 3 || aligned * 2 >= cuts;
}

/** Whether a money token ends a run that starts with words ("... BELLEVUE EUR 4,68"). */
function isRunTail(tokens: Token[], k: number): boolean {
  const t = tokens[k] as Token;
  const prev = tokens[k - 1];
  const next = tokens[k + 1];
  return (
    t.kind === 'money' &&
    prev?.kind === 'text' &&
    prev.run === t.run &&
    /\p{L}/u.test(prev.text) &&
    (next === undefined || next.run !== t.run)
  );
}

/**
 * Which amounts ending a description run are cells. The reader joins a cell to the description
 * before it only when the two nearly touch: such a cell stands in a money column, over amounts
 * printed apart or under a money label. An amount that ends a description where no column of
 * amounts or money label is, on a row whose amounts stand apart in the money columns ("BELLEVUE
 * EUR 4,68" then "@ 5,3082" on the next line), is words of the description; counted as a column
 * of its own it lost that text (tail-amounts-as-text).
 */
function tailAmountKeeper(body: Token[][], labels: Label[], size: number): (t: Token) => boolean {
  const apart = body.flatMap((tokens) => tokens.filter((t, k) => t.kind === 'money' && !isRunTail(tokens, k)));
  // Without amounts printed apart the columns are unknown: every amount stays one.
  if (apart.length < 3) return () => true;
  const columns = mergeRanges(
    apart.map((t) => ({ x0: t.x0, x1: t.x1 })),
    size * 0.5,
  );
  const moneyRoles = new Set(['debit', 'credit', 'amount', 'balance']);
  const moneyLabels = labels.filter((l) => labelReadings(l.text).some((r) => moneyRoles.has(r.role)));
  return (t) => columns.some((c) => overlap(c, t) > 0) || moneyLabels.some((l) => overlap(l, t) > 0);
}

/** A line's tokens with the amounts ending description runs that are no cells joined to their text. */
function tailAmountsAsText(tokens: Token[], isCell: (t: Token) => boolean, onJoin: (t: Token) => void): Token[] {
  // Only on a row whose own amounts stand apart in money columns: a line of its own ("CLOSING
  // BALANCE : 5,357.19") is a label and its figure, whatever column the figure is under.
  if (!passEnabled('tail-amounts-as-text')) return tokens;
  if (!tokens.some((t, k) => t.kind === 'money' && !isRunTail(tokens, k) && isCell(t))) return tokens;
  const out: Token[] = [];
  tokens.forEach((t, k) => {
    const prev = out[out.length - 1];
    if (prev && isRunTail(tokens, k) && prev === tokens[k - 1] && !isCell(t)) {
      onJoin(t);
      out[out.length - 1] = joinTokens(prev, t);
      return;
    }
    out.push(t);
  });
  return out;
}

/** Each token to the column it overlaps most; one just outside every column to the nearest within reach. */
function assignTokens(tokens: Token[], columns: Column[], size: number): Token[][] {
  const row: Token[][] = columns.map(() => []);
  // The text pieces of one run are one cell: they go where the run's first text went (a long
  // description whose tail reaches past its column's usual width).
  const runColumn = new Map<number, number>();
  for (const t of tokens) {
    // A figure between them ends the run's cell: text after it is a cell of its own ("613" in
    // the code column, then "19.01 14:86" in the description).
    if (t.kind !== 'text') runColumn.delete(t.run);
    if (t.kind === 'text' && !t.piece && runColumn.has(t.run)) {
      row[runColumn.get(t.run) as number]?.push(t);
      continue;
    }
    let best = -1;
    let most = 0;
    columns.forEach((r, ci) => {
      const o = overlap(r, t);
      if (o > most) {
        most = o;
        best = ci;
      }
    });
    if (best < 0) {
      // A closing balance printed a little right of the amounts: the nearest column.
      let dist = size * 3;
      columns.forEach((r, ci) => {
        const d = Math.min(Math.abs(r.x0 - t.x1), Math.abs(t.x0 - r.x1), Math.abs(r.x1 - t.x1));
        if (d < dist) {
          dist = d;
          best = ci;
        }
      });
    }
    if (best < 0 && t.kind === 'text') {
      // Text in the gap after a text column, beyond reach of any other ("NSW  AU" printed apart
      // after a long description): more of that column's cell, rather than lost.
      const before = columns.filter((c) => c.x1 <= t.x0).at(-1);
      if (before?.kind === 'text') best = columns.indexOf(before);
    }
    if (best >= 0) {
      row[best]?.push(t);
      if (t.kind === 'text' && !t.piece) runColumn.set(t.run, best);
    }
  }
  return row;
}

/**
 * Whether a line outside the seed lines belongs to the table: its amounts stand in money
 * columns, and its text starts inside a text column without reaching into the money columns.
 */
const hasMoney = (l: TokenLine) => l.tokens.some((t) => t.kind === 'money');

/**
 * `overhanging-text`: a line of a row's description longer than the description column, running
 * under the amounts' columns with no amount of its own ("PURCHASE PRESSURE GAUSE FOR CALIBRATE
 * WORKS" reaching under Debit), is the table's where rows with amounts follow it: it starts where
 * the table's text starts. Without it the table ended there and the page's last rows were lost.
 */
function overhangs(line: TokenLine, columns: Column[], size: number): boolean {
  if (!passEnabled('overhanging-text') || hasMoney(line)) return false;
  // A row's date line may lead it: its date in the date column ("15 Jul  SML ATM ... NSW  AU"
  // over the line of its amount at the foot of a page).
  const lead = line.tokens[0];
  const dated =
    lead?.kind === 'date' && columns.some((c) => c.kind === 'date' && lead.x0 >= c.x0 - size && lead.x0 <= c.x1);
  const rest = dated ? line.tokens.slice(1) : line.tokens;
  const first = rest[0];
  return (
    first !== undefined &&
    rest.every((t) => t.kind === 'text') &&
    columns.some((c) => c.kind === 'text' && Math.abs(first.x0 - c.x0) < size * 0.75)
  );
}

function fitsColumns(line: TokenLine, columns: Column[], size: number): boolean {
  // Money columns, and labelled columns without values among the seed lines (a credit column
  // whose every amount sits on an undated row).
  const moneyLabel = (c: Column) =>
    ['debit', 'credit', 'amount', 'balance'].includes(labelReadings(c.label)[0]?.role ?? '');
  const money = columns.filter((c) => c.kind === 'money' || (c.kind === 'empty' && moneyLabel(c)));
  const text = columns.filter((c) => c.kind === 'text');
  const moneyStart = Math.min(...money.map((c) => c.x0));
  // OCR: figures an amount's lost decimal mark left bare ('-351' for -3,51, '243€' for 2,43 €), or whose currency sign
  // OCR misread ('S$$299.00'), stand in a money column as its amounts do; ocr-cells reads them
  // (and damaged dates) once the line is the table's.
  const inMoneyColumn = (t: Token) => money.some((c) => Math.abs(c.x1 - t.x1) < size * 2 || overlap(c, t) > 0);
  // (Under a money label too: where most amounts lost their marks, the column's cells read as text.)
  const labelled = columns.filter(moneyLabel);
  const amountLike = (t: Token) =>
    t.kind === 'money' ||
    (t.confidence !== undefined &&
      /^[-+(]?(?:[^\s\d.,]{1,3})?\d[\d.,' ]*\)?-?(?:\s?[\p{L}\p{Sc}]{1,2})?$/u.test(t.text) &&
      (inMoneyColumn(t) || labelled.some((c) => overlap(c, t) > 0)));
  for (const t of line.tokens) {
    if (amountLike(t)) {
      // An amount in a money column, or one written inside the description ("USD 6.96 @ 19.03").
      const inMoney = inMoneyColumn(t);
      // A text column reaches right to the next column: its cells on the date lines may all be
      // shorter than a wrapped line's "USD 204,75 @ 1,3727".
      const inText = text.some((c) => {
        const next = Math.min(...columns.filter((o) => o.x0 > c.x1).map((o) => o.x0));
        return t.x0 >= c.x0 - size && (t.x1 <= c.x1 + size * 4 || t.x1 < next - size);
      });
      if (!inMoney && !inText) return false;
      continue;
    }
    if (line.tokens.some(amountLike)) continue;
    // A line without amounts: wrapped text inside a text column, or a row's date line.
    if (t.x1 > moneyStart + size) return false;
    // OCR: a date whose separators were lost ('01.022024') stands in the date column as dates do.
    const dateLike =
      t.kind === 'date' || (t.confidence !== undefined && /^(?=(?:\D*\d){4})[\dOoIl|/.-]{4,10}$/.test(t.text));
    const home = dateLike ? [...text, ...columns.filter((c) => c.kind === 'date')] : text;
    if (!home.some((c) => t.x0 >= c.x0 - size * 0.75 && t.x0 <= c.x1)) return false;
  }
  return true;
}

/**
 * Two labels read as one run ("Valutadatum Umsatzdetails": OCR, or a reader's tight spacing)
 * over two columns of cells: the run splits where each part is exactly a known label phrase and
 * the whole is no phrase of its own ("Payment type and details" stays whole). Each part gets its
 * share of the run's width by its characters.
 */
function splitMergedLabel(label: Label, columns: Column[], size: number): Label[] {
  const under = columns.filter((c) => c.kind !== 'empty' && overlap(c, label) > 0);
  const words = label.text.split(/\s+/);
  if (under.length === 1 && words.length >= 2 && !isLabelPhrase(label.text))
    return splitOverEmpty(label, under[0] as Column, size);
  if (under.length < 2 || words.length < 2) return [label];
  if (isLabelPhrase(label.text)) return [label];
  // The fewest known phrases the words divide into, at most one per column under the label
  // ("TRANSACTION AMOUNT CLOSING BALANCE SERVICE FEE" over three columns of amounts).
  const parts = labelPhrases(label.text);
  if (!parts || parts.length < 2 || parts.length > under.length) return [label];
  const perChar = (label.x1 - label.x0) / Math.max(1, label.text.length);
  let at = 0;
  return parts.map((text) => {
    const piece = { text, x0: label.x0 + at * perChar, x1: label.x0 + (at + text.length) * perChar };
    at += text.length + 1;
    return piece;
  });
}

/**
 * Two labels the reader joined over one column of cells and one empty on this page ("DEBITS
 * CREDITS" over a page of debits only): where the words over the column and the words right of
 * it (by half a character, their places the reader's pieces or estimated in the run) are each
 * exactly a known label phrase, the label splits there, and the part over nothing makes its own
 * (empty) column, as on the pages that fill it.
 */
function splitOverEmpty(label: Label, column: Column, size: number): Label[] {
  const part = label.parts?.length === 1 ? label.parts[0] : undefined;
  if (!part || part.words.length < 2) return [label];
  // Amounts align right, their label may reach left over nothing ("Credit Amount" over "78.00"):
  // only words right of the cells are clear of a money column.
  if (column.kind !== 'money') return [label];
  const clear = (w: { x0: number; x1: number }) => w.x0 > column.x1 + size * 0.5;
  const on = part.words.filter((w) => !clear(w));
  const off = part.words.filter(clear);
  if (!on.length || !off.length) return [label];
  const pieces = [on, off].map((ws) => ({
    text: ws.map((w) => w.text).join(' '),
    x0: Math.min(...ws.map((w) => w.x0)),
    x1: Math.max(...ws.map((w) => w.x1)),
  }));
  if (!pieces.every((p) => isLabelPhrase(p.text))) return [label];
  return pieces.sort((a, b) => a.x0 - b.x0).map((p) => ({ ...p, parts: [{ ...p, y: part.y, words: [p] }] }));
}

/**
 * One header run over two columns whose cells are one run too ("Kod Szczegóły" over
 * "397 ZLECENIE STAŁE ...": a code and the details drawn as separate pieces a space apart, which
 * the reader joined): where a later piece of the label starts where a later piece of nearly
 * every row's run starts, the label splits there, and its second part then divides the cells
 * like any label's start. Only the reader's exact piece positions count, never estimates.
 */
function splitLabelAtCellWords(label: Label, seeds: TokenLine[], size: number): Label[] {
  const part = label.parts?.length === 1 ? label.parts[0] : undefined;
  if (!part?.spans) return [label];
  const runs = seeds.flatMap((l) =>
    l.tokens.filter((t) => t.kind === 'text' && Math.abs(t.x0 - label.x0) < size * 1.5),
  );
  if (runs.length < 3) return [label];
  for (const cut of part.spans.slice(1)) {
    const reaching = runs.filter((t) => t.x1 > cut.x0 + size);
    const aligned = reaching.filter((t) => t.spans?.slice(1).some((s) => Math.abs(s.x0 - cut.x0) < size * 0.5));
    if (reaching.length < 3 || aligned.length < reaching.length * 0.8) continue;
    const pieces = [
      { text: part.text.slice(0, cut.start).trim(), x0: part.x0, x1: textX(part, cut.start - 1, 'end') },
      { text: part.text.slice(cut.start), x0: cut.x0, x1: part.x1 },
    ];
    return pieces.map((p) => ({ ...p, parts: [{ ...p, y: part.y, words: [p] }] }));
  }
  return [label];
}

/**
 * A header run over several columns that geometry keeps apart ("Booking Code Narrative" printed
 * as one run over the dates, a code column and the details; "Date" stacked under "Booking"):
 * each word goes to the column under it, by its estimated position in its run, so each column
 * gets its own words. A known phrase stays whole ("Payment type and details" names both of its
 * columns), as does a label whose words all sit over one column.
 */
function splitSpanningLabel(label: Label, columns: Column[]): Label[] {
  const under = columns.filter((c) => c.kind !== 'empty' && overlap(c, label) > 0);
  if (under.length < 2 || !label.parts || !/\s/.test(label.text)) return [label];
  const known = labelReadings(label.text)[0];
  if (known && normaliseWords(label.text) === known.phrase) return [label];
  const groups = new Map<Column, { y: number; text: string; x0: number; x1: number }[]>();
  for (const part of label.parts) {
    for (const w of part.words) {
      const word = { y: part.y, ...w };
      const mid = (word.x0 + word.x1) / 2;
      // The column the word overlaps most; one over a gap goes to the nearest.
      const home = [...under].sort(
        (a, b) =>
          overlap(b, word) - overlap(a, word) || Math.abs((a.x0 + a.x1) / 2 - mid) - Math.abs((b.x0 + b.x1) / 2 - mid),
      )[0] as Column;
      groups.set(home, [...(groups.get(home) ?? []), word]);
    }
  }
  if (groups.size < 2) return [label];
  return [...groups.values()].map((words) => {
    const sorted = words.sort((a, b) => a.y - b.y || a.x0 - b.x0);
    const parts = sorted.map((w) => ({ ...w, words: [w] }));
    return {
      text: sorted.map((p) => p.text).join(' '),
      x0: Math.min(...sorted.map((p) => p.x0)),
      x1: Math.max(...sorted.map((p) => p.x1)),
      parts,
    };
  });
}

/**
 * Puts each header label on its column: the column it overlaps, where two labels overlap one
 * column the one aligned with its cells (amounts align right, text left); a label over no cells
 * makes an empty column of its own (a column with no values on this page).
 */
function placeLabels(columns: Column[], given: Label[], size: number): void {
  const labels = given
    .flatMap((l) => splitMergedLabel(l, columns, size))
    .flatMap((l) => splitSpanningLabel(l, columns));
  const claims = new Map<Column, Label[]>();
  const orphans: Label[] = [];
  for (const label of labels) {
    let best: Column | null = null;
    let score = 0;
    for (const c of columns) {
      const o = overlap(c, label);
      if (o > score) {
        score = o;
        best = c;
      }
    }
    if (best) claims.set(best, [...(claims.get(best) ?? []), label]);
    else orphans.push(label);
  }
  for (const [column, list] of claims) {
    if (list.length === 1) {
      column.label = (list[0] as Label).text;
      continue;
    }
    // Several labels over one column: words of one label split into runs stay one label when they
    // sit side by side; otherwise the best aligned one names the column and the others are empty columns.
    const align = (l: Label) =>
      column.kind === 'money'
        ? Math.abs(l.x1 - column.x1)
        : column.kind === 'text'
          ? Math.abs(l.x0 - column.x0)
          : Math.abs((l.x0 + l.x1) / 2 - (column.x0 + column.x1) / 2);
    const sorted = [...list].sort((a, b) => a.x0 - b.x0);
    const joined = sorted.every((l, i) => i === 0 || l.x0 - (sorted[i - 1] as Label).x1 < size * 1.2);
    if (joined) {
      column.label = sorted.map((l) => l.text).join(' ');
      continue;
    }
    const best = [...list].sort((a, b) => align(a) - align(b))[0] as Label;
    column.label = best.text;
    for (const l of list) if (l !== best) orphans.push(l);
  }
  // A label spanning several columns ("Payment type and details" over the type codes and the
  // details) names each column under it that has no label of its own.
  for (const label of labels) {
    for (const c of columns) {
      if (c.label || c.kind === 'empty') continue;
      if (c.x0 >= label.x0 - size * 0.5 && c.x1 <= label.x1 + size * 0.5) c.label = label.text;
    }
  }
  for (const label of orphans) {
    // Near a column without a label of its own (a centred label over narrow values).
    let best: Column | null = null;
    let dist = size * SETTINGS.table.labelReach;
    for (const c of columns) {
      const d = Math.min(Math.abs(c.x0 - label.x1), Math.abs(label.x0 - c.x1));
      if (!c.label && c.kind !== 'empty' && d < dist) {
        dist = d;
        best = c;
      }
    }
    // Amounts align right and their label may stand left of them, over nothing ("Credit" left of a
    // page of narrow figures, "0.00" and "11,178.00"): the next column right of the label, where it
    // is an unlabelled money column no wider away than it is wide.
    const next = columns.filter((c) => c.x0 >= label.x1).sort((a, b) => a.x0 - b.x0)[0];
    if (!best && next && !next.label && next.kind === 'money' && next.x0 - label.x1 < next.x1 - next.x0) best = next;
    if (best) {
      best.label = label.text;
      continue;
    }
    const at = columns.findIndex((c) => c.x0 > label.x0);
    const empty: Column = {
      index: -1,
      x0: label.x0,
      x1: label.x1,
      kind: 'empty',
      label: label.text,
      readings: [],
      role: 'other',
      filled: 0,
    };
    columns.splice(at < 0 ? columns.length : at, 0, empty);
  }
  for (const c of columns) c.readings = c.label ? labelReadings(c.label) : [];
}
