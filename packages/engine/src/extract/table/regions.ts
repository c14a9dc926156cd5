/**
 * Table regions on a page, by geometry: a transaction table is a run of lines in which dates
 * stand left of amounts ("seed" lines), with the lines between them, the lines just above the
 * first one (a description printed above its date line) and below the last one (wrapped text,
 * totals), under its header when it has one. Header words are not needed to find a table.
 *
 * Evidence: positions of date and money tokens; vertical gaps; lines made only of short labels
 * (headers) and page furniture (page numbers, paragraphs) end a region.
 */
import type { HorizontalRule, LayoutPage } from '../../layout/model';
import { type PassName, passEnabled } from '../passes';
import { SETTINGS } from '../settings';
import type { Token, TokenLine } from '../tokens/tokenise';
import { labelPhrases, labelReadings, normaliseWords } from '../vocabulary';

export interface RegionLines {
  page: number;
  header: TokenLine[];
  /** From the first to the last seed line. */
  lines: TokenLine[];
  /** The seed lines (a date left of an amount) among them. */
  seeds: TokenLine[];
  /** Lines just above the first seed (under the header) and just below the last: the table takes those that fit its columns. */
  above: TokenLine[];
  below: TokenLine[];
  pitch: number;
  size: number;
  /** Seeded by the amount lines under a header (header-led), the page having no dated amount line. */
  headerLed?: boolean;
  /** What passes decided for the region, for the trace. */
  notes?: RegionNote[];
}

/** A pass's decision about a region, traced by findTables. */
export interface RegionNote {
  pass: PassName;
  text: string;
}

const median = (xs: number[]) => {
  // A typed array sorts numbers without calling a comparator for each pair.
  const s = Float64Array.from(xs).sort();
  return s.length ? (s[Math.floor(s.length / 2)] as number) : 0;
};

export function pageMetrics(lines: TokenLine[]): { pitch: number; size: number } {
  const size = median(lines.flatMap((l) => l.tokens.map((t) => t.size))) || 10;
  const steps: number[] = [];
  for (let i = 1; i < lines.length; i++) steps.push((lines[i] as TokenLine).y1 - (lines[i - 1] as TokenLine).y1);
  const pitches = steps.filter((d) => d > size * 0.5 && d < size * 3);
  // A page printed with rows far apart (each 36 points below the last at a size of 9) has few
  // steps that close: its pitch is its own wider step, not a guess from the text size.
  const wide = steps.filter((d) => d > size * 0.5 && d < size * 6);
  if (pitches.length < steps.length / 3 && wide.length > steps.length / 2) return { pitch: median(wide), size };
  return { pitch: median(pitches) || size * 1.25, size };
}

/**
 * A line with a date left of an amount. A date right after a label of its own ("From Date:
 * 01/10/2025   Opening Balance: R2 101.35") is a fact's value, not a row's date.
 */
export function isSeed(line: TokenLine, width: number): boolean {
  const date = line.tokens.find((t) => t.kind === 'date' && t.x0 < width * SETTINGS.table.seedDateMaxX);
  if (!date) return false;
  const before = line.tokens[line.tokens.indexOf(date) - 1];
  if (before?.kind === 'text' && /\p{L}\s*:$/u.test(before.text) && passEnabled('labelled-dates')) return false;
  return line.tokens.some((t) => (t.kind === 'money' || t.alsoMoney) && t !== date && t.x0 >= date.x1 - 1);
}

/**
 * A dated line without an amount that overlaps, on the page, a line with amounts right of its
 * date: one row printed as two lines, its date centred on a cell of two lines and its amounts on
 * the first ("1  08/02/2026" between "INB/NEFT/...  23,000.00 DR  5,07,000.00" and its second
 * line). Only lines that share height count (not a line above or below).
 */
function splitSeed(lines: TokenLine[], i: number, width: number): boolean {
  if (!passEnabled('split-seeds')) return false;
  const line = lines[i] as TokenLine;
  const date = line.tokens.find((t) => t.kind === 'date' && t.x0 < width * SETTINGS.table.seedDateMaxX);
  if (!date || line.tokens.some((t) => t.kind === 'money' || t.alsoMoney)) return false;
  return [lines[i - 1], lines[i + 1]].some(
    (n) =>
      n &&
      n.page === line.page &&
      Math.min(n.y1, line.y1) - Math.max(n.y0, line.y0) > 0 &&
      !n.tokens.some((t) => t.kind === 'date') &&
      n.tokens.some((t) => (t.kind === 'money' || t.alsoMoney) && t.x0 >= date.x1 - 1),
  );
}

/**
 * `amounts-below`: a dated line without an amount whose amounts stand on the line right under it,
 * that line indented past the date and undated: one row of two lines, its date and the first
 * words of its description above, the rest of the description and its amounts below ("17-10-2024
 * mTFR/551192/HILAL" over "AHMAD DAR S/O   15000.00   96822.05Cr"). On a page that prints no
 * header, the one-line rows alone (a fee now and then) made the table's columns, and the lines of
 * every other row fitted none of them: the page was cut after the first few rows. Under a header
 * the labels make the columns, and such rows are left to it. Returns the line of the amounts.
 */
export function amountsBelow(lines: TokenLine[], i: number, width: number): TokenLine | null {
  if (!passEnabled('amounts-below')) return null;
  const line = lines[i] as TokenLine;
  const next = lines[i + 1];
  const date = line.tokens[0];
  if (!next || next.page !== line.page || date?.kind !== 'date' || date.x0 >= width * SETTINGS.table.seedDateMaxX)
    return null;
  if (line.tokens.some((t) => t.kind === 'money' || t.alsoMoney)) return null;
  const first = next.tokens[0];
  if (!first || first.x0 < date.x1 - 1 || next.tokens.some((t) => t.kind === 'date')) return null;
  // Close under it: the line's own height apart at most.
  if (next.y0 - line.y1 > line.y1 - line.y0) return null;
  return next.tokens.some((t) => t.kind === 'money' && t.x0 >= date.x1 - 1) ? next : null;
}

/**
 * A line of column labels: two or more short text runs, no values, spread over the page like
 * columns (wrapped description lines inside one column are not). `minTokens` 1 accepts the
 * single words of a wrapped header's second line.
 */
export function isLabelLine(line: TokenLine, minTokens = 2, width = 0): boolean {
  if (line.tokens.length < minTokens) return false;
  if (minTokens >= 2) {
    // A reduce, not a spread: a line of a text export may hold hundreds of thousands of tokens.
    const size = line.tokens.reduce((m, t) => Math.max(m, t.size), 0);
    // Column gaps, not word spaces (runs are split at gaps wider than a word space already).
    const wide = line.tokens.some((t, i) => i > 0 && t.x0 - (line.tokens[i - 1] as Token).x1 > size * 0.75);
    const span = (line.tokens[line.tokens.length - 1] as Token).x1 - (line.tokens[0] as Token).x0;
    if (!wide || (width > 0 && span < width * 0.3)) return false;
  }
  const labelLike = line.tokens.every(
    (t) =>
      (t.kind === 'text' || t.kind === 'sign') &&
      ((t.text.length <= 40 && t.text.split(/\s+/).length <= 5) ||
        // Labels a reader joined into one run ("TRANSACTION AMOUNT CLOSING BALANCE SERVICE FEE").
        (t.text.length <= 80 && (labelPhrases(t.text)?.length ?? 0) >= 2)) &&
      !/\d{2,}|\d\s+of\s+\d/.test(t.text) &&
      // Labels have letters, or are a short sign label ("+/-").
      (/\p{L}/u.test(t.text) || /^[-+/±]{1,4}$/.test(t.text)),
  );
  // Two words alone make a header only when one is a column word ("B A N K | (Page 2 of 5)" is not).
  if (labelLike && minTokens >= 2 && line.tokens.length === 2)
    return line.tokens.some((t) => labelReadings(t.text).length > 0);
  return labelLike;
}

/** "Page 2 of 4", "Seite 2 von 4", "2/4", "- 3 -": a page number, in any language. */
export function isPageNumber(line: TokenLine): boolean {
  const text = line.tokens.map((t) => t.text).join(' ');
  if (text.length > 40) return false;
  const words = text.split(/\s+/).filter((w) => !/^[-–|·(),.:]+$/.test(w));
  const slash = words.filter((w) => /^\d{1,3}\s*\/\s*\d{1,3}$/.test(w));
  const numbers = words.filter((w) => /^\d{1,3}[.,:]?$/.test(w));
  const others = words.filter((w) => !slash.includes(w) && !numbers.includes(w));
  // Other words are words, without digits ("Page", "of", "Seite", "von", "Página", "de").
  if (others.length > 3 || others.some((w) => /\d/.test(w))) return false;
  if (slash.length === 1 && numbers.length === 0) {
    const [a, b] = (slash[0] as string).split('/').map((x) => Number(x.trim()));
    return (a as number) <= (b as number);
  }
  if (numbers.length === 2 && slash.length === 0)
    return Number.parseInt(numbers[0] as string, 10) <= Number.parseInt(numbers[1] as string, 10);
  // One number: it stands at an end ("Page 3", "3. oldal"), not between words ("CLICKS 405 JOHANNESBURG").
  const at = words.indexOf(numbers[0] as string);
  return (
    numbers.length === 1 &&
    slash.length === 0 &&
    others.length >= 1 &&
    others.length <= 2 &&
    (at === 0 || at === words.length - 1)
  );
}

/**
 * A line of running text across the page (legal notes, marketing): no table row. A long
 * description in a wide column is a row when an amount stands apart from its text.
 */
function isParagraph(line: TokenLine, width: number): boolean {
  const alone = (run: number) => !line.tokens.some((m) => m.kind === 'money' && m.run !== run);
  if (
    line.tokens.some(
      (t) => t.kind === 'text' && t.x1 - t.x0 > width * 0.55 && t.text.split(/\s+/).length > 6 && alone(t.run),
    )
  )
    return true;
  // A sentence with figures in it ("Saldo iniziale 2.059,67 · Totale addebiti 4.767,18 · ... 2.106,11"):
  // one wide run of many words with amounts between its words, and no amount printed apart.
  const runs = new Map<number, Token[]>();
  for (const t of line.tokens) {
    const own = runs.get(t.run);
    if (own) own.push(t);
    else runs.set(t.run, [t]);
  }
  return [...runs].some(([run, tokens]) => {
    const first = tokens[0] as Token;
    const last = tokens[tokens.length - 1] as Token;
    const words = tokens.reduce((n, t) => n + t.text.split(/\s+/).length, 0);
    const inside = tokens.some((t, k) => t.kind === 'money' && tokens[k + 1]?.kind === 'text' && k > 0);
    return last.x1 - first.x0 > width * 0.55 && words > 6 && inside && alone(run);
  });
}

/**
 * `header-led`: a page without one line holding both a date and an amount (each date line's
 * amount printed on a line below it, other rows undated) still has a table where a header names a
 * date column and a money column and the lines with amounts under it follow one another, one of
 * them dated or under a dated line: those amount lines seed it.
 */
function headerLedSeeds(lines: TokenLine[], width: number, gapOf: (i: number) => number): number[] {
  const names = (l: TokenLine, roles: string[]) =>
    l.tokens.some((t) => labelReadings(t.text).some((r) => roles.includes(r.role)));
  const header = lines.findIndex(
    (l) =>
      isLabelLine(l, 2, width) &&
      names(l, ['date', 'postingDate', 'transactionDate', 'valueDate']) &&
      names(l, ['amount', 'debit', 'credit', 'balance']),
  );
  if (header < 0) return [];
  // Dates stand left on the page, or wherever the header's own date label stands (a date column
  // printed right of the amounts, "Debit  Credit  Date  Balance").
  const dateLabels = (lines[header] as TokenLine).tokens.filter((t) =>
    labelReadings(t.text).some((r) => ['date', 'postingDate', 'transactionDate'].includes(r.role)),
  );
  const under = (t: Token) => dateLabels.some((l) => Math.min(l.x1, t.x1) - Math.max(l.x0, t.x0) > 0);
  const money: number[] = [];
  let dated = false;
  for (let i = header + 1; i < lines.length; i++) {
    const l = lines[i] as TokenLine;
    if (gapOf(i) > SETTINGS.table.regionGap || isLabelLine(l, 2, width)) break;
    if (l.tokens.some((t) => t.kind === 'date' && (t.x0 < width * SETTINGS.table.seedDateMaxX || under(t))))
      dated = true;
    if (l.tokens.some((t) => t.kind === 'money' || t.alsoMoney)) money.push(i);
  }
  return dated && money.length >= 2 ? money : [];
}

/**
 * A header's word: it names a column of transactions (a date, a description, an amount...). A
 * phrase of a letter or two names one only as the whole label ("N" alone, not the "n" inside a
 * wrapped description's "Mat n Stepper").
 */
export const namesColumn = (t: Token) =>
  t.kind === 'text' &&
  labelReadings(t.text).some(
    (r) => r.role !== 'unused' && (r.phrase.length > 2 || r.phrase === t.text.trim().toLowerCase()),
  );

/** How much wider than the rows' own spacing a blank between lines may be and keep them one table. */
const EVEN_BLANK_SLACK = 1.2;

/**
 * `evenly-spaced-rows`: the blank between one dated row and the next (the widest between their
 * lines), where it is wider than a region's gap allows and even (most within a fifth of their
 * median); null otherwise, and where the page has fewer than four dated rows.
 */
function evenRowBlank(lines: TokenLine[], seeds: number[]): number | null {
  if (seeds.length < 4 || !passEnabled('evenly-spaced-rows')) return null;
  const blanks: number[] = [];
  for (let k = 1; k < seeds.length; k++) {
    let widest = 0;
    for (let i = (seeds[k - 1] as number) + 1; i <= (seeds[k] as number); i++)
      widest = Math.max(widest, (lines[i] as TokenLine).y0 - (lines[i - 1] as TokenLine).y1);
    blanks.push(widest);
  }
  const blank = median(blanks);
  const even = blanks.filter((d) => Math.abs(d - blank) <= blank * 0.2).length;
  return blank > 0 && even >= blanks.length * 0.6 ? blank : null;
}

export function findRegions(page: LayoutPage, lines: TokenLine[]): RegionLines[] {
  const { pitch, size } = pageMetrics(lines);
  const width = page.width || Math.max(1, ...lines.flatMap((l) => l.tokens.map((t) => t.x1)));
  const gapOf = (i: number) => ((lines[i] as TokenLine).y0 - (lines[i - 1] as TokenLine).y1) / pitch + 1;
  // Page numbers need no rule here: they do not fit the table's columns (see columns.ts).
  const breaker = (i: number) =>
    isLabelLine(lines[i] as TokenLine, 2, width) || isParagraph(lines[i] as TokenLine, width);
  // Between two dated rows, a line of short words in columns that names no column (a row's
  // second line of counterparty and payment details: "INWARD  AN  UNIT PULLEY") continues the rows
  // above; a header repeated there (or another table's) names its columns, a cell starting with a
  // label's words (a row's "FERDOUS/STATE BANK OF INDIA//ATTN/TRF  RJT WB" holds one inside a
  // cell, and names nothing).
  const continuesRows = (l: TokenLine) =>
    !isParagraph(l, width) &&
    !l.tokens.some((t) => {
      const words = normaliseWords(t.text);
      return labelReadings(t.text).some((r) => words.startsWith(r.phrase));
    });
  // Under a header its labels make the columns; only a page without one above its first dated
  // line needs its two-line rows as seeds.
  const firstDated = lines.findIndex((l) =>
    l.tokens.some((t) => t.kind === 'date' && t.x0 < width * SETTINGS.table.seedDateMaxX),
  );
  const headed = lines
    .slice(0, Math.max(0, firstDated))
    .some((l) => isLabelLine(l, 2, width) && l.tokens.some(namesColumn));
  // Dated lines whose amounts stand on the line under them (amounts-below), for the trace.
  const twoLine = new Set<number>();
  let seeds = lines.flatMap((l, i) => {
    if (isSeed(l, width) || splitSeed(lines, i, width)) return [i];
    if (headed || !amountsBelow(lines, i, width)) return [];
    twoLine.add(i);
    return [i];
  });
  const dated = new Set(seeds);
  const headerLed = !seeds.length;
  if (headerLed && passEnabled('header-led')) seeds = headerLedSeeds(lines, width, gapOf);
  // Rows printed far apart, evenly (a tall row each, its date and year on lines of their own): the
  // blank between one row and the next is the table's, however wide the page's pitch makes it; a
  // line printed between rows with that blank around it (a day's balance) keeps it too
  // (evenly-spaced-rows).
  const rowBlank = evenRowBlank(lines, seeds);
  const groups: [number, number][] = [];
  const evenJoins = new Map<[number, number], number>();
  for (const s of seeds) {
    const last = groups[groups.length - 1];
    if (last) {
      let open = true;
      let wide = false;
      for (let i = last[1] + 1; i <= s && open; i++) {
        if (gapOf(i) > SETTINGS.table.regionGap) {
          const blank = (lines[i] as TokenLine).y0 - (lines[i - 1] as TokenLine).y1;
          if (rowBlank !== null && blank <= rowBlank * EVEN_BLANK_SLACK) wide = true;
          else open = false;
        } else if (i < s && breaker(i) && !continuesRows(lines[i] as TokenLine)) open = false;
      }
      if (open) {
        last[1] = s;
        if (wide) evenJoins.set(last, (evenJoins.get(last) ?? 0) + 1);
        continue;
      }
    }
    groups.push([s, s]);
  }
  const out: RegionLines[] = [];
  const taken = new Set<number>();
  for (const group of groups) {
    const [first, last] = group;
    // A line starting where the table's text cells start is a row's text ("ROSSMANN 083" under its
    // row at the foot of a page), whatever its words look like.
    const starts = lines
      .slice(first, last + 1)
      .flatMap((l) => l.tokens.filter((t) => t.kind === 'text').map((t) => t.x0));
    const inColumn = (l: TokenLine) => {
      const x = l.tokens[0]?.x0 ?? Number.NaN;
      return starts.filter((s) => Math.abs(s - x) < size * 0.5).length >= 2;
    };
    // The widest spacing between the region's own lines (its rows' breaks): a line in the table's
    // text column that far above the first row is the table's too (an IBAN under the counterparty
    // of a row cut by the page break, at the top of the next page).
    let rowBreak = 0;
    for (let i = first + 1; i <= last; i++) rowBreak = Math.max(rowBreak, gapOf(i));
    const reach = (i: number) =>
      gapOf(i) <= SETTINGS.table.extendGap ||
      (gapOf(i) <= Math.min(rowBreak, SETTINGS.table.regionGap) && inColumn(lines[i - 1] as TokenLine));
    let top = first;
    while (top - 1 >= 0 && !taken.has(top - 1) && !breaker(top - 1) && reach(top)) top--;
    const notes: RegionNote[] = [];
    const header = headerAbove(lines, top, pitch, size, width, notes, page.rules);
    let below = 0;
    for (let i = first; i <= last; i++) if (twoLine.has(i)) below++;
    if (below)
      notes.push({ pass: 'amounts-below', text: `${below} dated lines with their amounts on the line under them` });
    const joins = evenJoins.get(group);
    if (joins)
      notes.push({
        pass: 'evenly-spaced-rows',
        text: `${joins} rows ${rowBlank?.toFixed(1)} apart, wider than its gap`,
      });
    // Wrapped label lines under the main header line belong to the header, not to the first row.
    const headerEnd = header.length ? lines.indexOf(header[header.length - 1] as TokenLine) : -1;
    if (headerEnd >= top) top = headerEnd + 1;
    let bottom = last;
    let textOnly = 0;
    // A page number in the page's margin ends the table ("Blad 1 av 3" under the last row).
    const margin = (l: TokenLine) => l.y0 > (page.height || l.y1) * 0.85 || l.y1 < (page.height || 0) * 0.1;
    const pageNumber = (l: TokenLine) => isPageNumber(l) && margin(l) && !inColumn(l);
    while (
      bottom + 1 < lines.length &&
      !breaker(bottom + 1) &&
      !pageNumber(lines[bottom + 1] as TokenLine) &&
      gapOf(bottom + 1) <= SETTINGS.table.extendGap
    ) {
      const next = lines[bottom + 1] as TokenLine;
      const hasMoney = next.tokens.some((t) => t.kind === 'money');
      // Text lines in a row under the last seed end the table; a figure among them shows rows go on
      // (rows whose date line carries no amount, their amount a line or two below).
      if (hasMoney) textOnly = 0;
      else if (++textOnly > SETTINGS.table.maxTrailingTextLines) break;
      bottom++;
    }
    for (let i = top; i <= bottom; i++) taken.add(i);
    out.push({
      page: page.number,
      header,
      lines: lines.slice(first, last + 1),
      seeds: lines.slice(first, last + 1).filter((_, k) => dated.has(first + k)),
      above: lines.slice(top, first),
      below: lines.slice(last + 1, bottom + 1),
      pitch,
      size,
      ...(headerLed ? { headerLed } : {}),
      ...(notes.length ? { notes } : {}),
    });
  }
  return out;
}

/**
 * The header lines above a region: the nearest multi-label line at or above its top (within a
 * few pitches of it), with wrapped label lines stacked tight above and below it.
 */
function headerAbove(
  lines: TokenLine[],
  top: number,
  pitch: number,
  size: number,
  width: number,
  notes: RegionNote[] = [],
  rules: HorizontalRule[] = [],
): TokenLine[] {
  const first = lines[top] as TokenLine;
  let i = top;
  while (i >= 0 && first.y0 - (lines[i] as TokenLine).y1 <= pitch * SETTINGS.table.headerGap) {
    if (isLabelLine(lines[i] as TokenLine, 2, width)) break;
    i--;
  }
  if (i < 0 || !isLabelLine(lines[i] as TokenLine, 2, width)) return [];
  if (first.y0 - (lines[i] as TokenLine).y1 > pitch * SETTINGS.table.headerGap) return [];
  const main = lines[i] as TokenLine;
  // OCR: a header must read as one (two known column words); a damaged one ("[Raab|mes|ER") is ignored.
  if (main.tokens[0]?.confidence !== undefined && main.tokens.filter((t) => labelReadings(t.text).length).length < 2)
    return [];
  const header = [main];
  // Wrapped labels are set tighter than the rows below them.
  const tight = (a: TokenLine, b: TokenLine) =>
    b.y0 - a.y1 <= Math.min(size * SETTINGS.table.headerStackGap, pitch * SETTINGS.table.headerStackPitch);
  // A wrapped label lines up with a label of the main line: same start, end or centre.
  const near = (a: number, b: number) => Math.abs(a - b) <= size * 1.5;
  const within = (a: TokenLine, b: TokenLine) =>
    a.tokens.every((t) =>
      b.tokens.some((m) => near(t.x0, m.x0) || near(t.x1, m.x1) || near((t.x0 + t.x1) / 2, (m.x0 + m.x1) / 2)),
    );
  // Either line may hold the wrapped words: the lower one of a two-line header may be the fuller
  // ("FECHA FECHA DESCRIPCIÓN IMPORTE" over "OPER. REGISTRO DIVISA").
  // `labels-over-figures`: a header line may also name columns the main line leaves unnamed,
  // standing over the figures of the rows below ("Withdrawals  Deposits  Balance" over a main
  // line that names only the date, description and cheque columns, "(Dr) (Cr) (INR)" under it).
  const figures = lines
    .slice(top, top + 12)
    .filter((l) => l.page === first.page)
    .flatMap((l) => l.tokens.filter((t) => t.kind === 'money'));
  const overFigures = (t: Token) =>
    figures.some((m) => Math.min(m.x1, t.x1) - Math.max(m.x0, t.x0) > 0 || near(t.x1, m.x1));
  const alignedOrOver = (l: TokenLine) =>
    passEnabled('labels-over-figures') &&
    l.tokens.every((t) => overFigures(t) || main.tokens.some((m) => near(t.x0, m.x0) || near(t.x1, m.x1)));
  const aligned = (l: TokenLine) => {
    if (within(l, main) || within(main, l)) return true;
    const over = alignedOrOver(l);
    if (over)
      notes.push({
        pass: 'labels-over-figures',
        text: `"${l.tokens.map((t) => t.text).join(' ')}" names the columns under it`,
      });
    return over;
  };
  for (let j = i - 1; j >= 0 && header.length < 3; j--) {
    const l = lines[j] as TokenLine;
    if (!tight(l, header[0] as TokenLine) || !isLabelLine(l, 1) || !aligned(l)) break;
    header.unshift(l);
  }
  // A rule drawn under the header, across the line below, ends it: that line is the first row's
  // (a ruled table's first description line set tight under its header).
  const ruledOff = (a: TokenLine, b: TokenLine) =>
    rules.some(
      (r) =>
        r.y > (a.y0 + a.y1) / 2 &&
        r.y < (b.y0 + b.y1) / 2 &&
        r.x0 <= (b.tokens[0]?.x0 ?? 0) &&
        r.x1 >= (b.tokens[b.tokens.length - 1]?.x1 ?? 0),
    );
  for (let j = i + 1; j < lines.length && header.length < 3; j++) {
    const l = lines[j] as TokenLine;
    const above = header[header.length - 1] as TokenLine;
    if (!tight(above, l) || !isLabelLine(l, 1) || !aligned(l) || ruledOff(above, l)) break;
    header.push(l);
  }
  // `header-words`: a header names a column of transactions (a date, a description, an amount...)
  // in words the vocabulary knows, on one of its lines; the lines of an address block repeated at
  // a page's head ("M/S. ACME LIMITED   State : GOA", "State" at most a column left unused) name
  // none, and as the header of the page's rows they made a table of their own, which no reading
  // could join.
  if (passEnabled('header-words') && !header.some((l) => l.tokens.some(namesColumn))) {
    notes.push({
      pass: 'header-words',
      text: `"${header.map((l) => l.tokens.map((t) => t.text).join(' ')).join(' / ')}" names no column: no header`,
    });
    return [];
  }
  return header;
}
