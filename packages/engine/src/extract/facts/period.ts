/**
 * The statement period and the statement date, from the lines outside the tables: two dates with
 * a range word between them ("01/03/2024 to 31/03/2024", "du 1 févr. au 29 févr. 2024",
 * "vom 1. April 2024 bis 30. April 2024", "1-31 January 2025"), two labelled dates on separate
 * lines ("From: ..." / "To: ..."), or a month and year alone ("Statement period: March 2025").
 * Range words come from the vocabulary of every language.
 */
import { type DateToken, type DayOrder, datesIn, dayMonth, isMonthName, isValidYMD, toIso } from '../../values/dates';
import { monthReadings } from '../../values/months';
import { lineText, type TokenLine } from '../tokens/tokenise';
import { hasFactWord, normaliseWords, RANGE_FROM_WORDS, RANGE_JOIN_WORDS, rowLabels } from '../vocabulary';

/**
 * A line's text for finding ranges: on OCR lines, words a column gap apart (over three glyphs)
 * are kept apart by a mark, so two dates of two tiles ("STATEMENT DATE 2/13/09" beside "PAYMENT
 * DUE DATE 3/09/09") are not taken for a range whose dash OCR lost (a lost dash leaves a space).
 */
const rangeText = (l: TokenLine) =>
  l.tokens
    .map((t, i) => {
      const prev = l.tokens[i - 1];
      const ocr = t.confidence !== undefined && prev?.confidence !== undefined;
      return prev && ocr && t.x0 - prev.x1 > Math.max(t.size, prev.size) * 3 ? `¦ ${t.text}` : t.text;
    })
    .join(' ');

/**
 * A line of running text: a sentence of a notice, a fee explanation or the terms ("... based on
 * your average balance from 1 Sep 2024 to 30 Nov 2024."). Its dates are no fact of the statement:
 * facts are printed as labels and values. Told by its amount of words outside dates and figures.
 */
export function isRunningText(line: TokenLine): boolean {
  return cellsOf(line).some(sentence);
}

/**
 * A line's cells: its tokens split where a column gap (over three glyphs) stands between them.
 * A line may be tiles side by side ("Account: 4201 4860", "Customer name: ...", "For the period:
 * 1 Feb 2025 - 28 Feb 2025"; an address beside "Período do extrato: 1 de agosto de 2025 a 31 de
 * agosto de 2025"), whose words together count like a sentence's; a sentence runs on without such
 * gaps.
 */
function cellsOf(line: TokenLine): TokenLine['tokens'][] {
  const cells: TokenLine['tokens'][] = [];
  line.tokens.forEach((t, i) => {
    const prev = line.tokens[i - 1];
    const gap = prev && t.x0 - prev.x1 > Math.max(t.size, prev.size) * 3;
    if (!prev || gap) cells.push([t]);
    else cells[cells.length - 1]?.push(t);
  });
  return cells;
}

function sentence(tokens: TokenLine['tokens']): boolean {
  // No more letters than characters: a cell of under 50 is no sentence, counted or not (most
  // lines of a statement; counting splits and matches every word).
  let chars = 0;
  for (const t of tokens) if (t.kind === 'text' || t.kind === 'sign') chars += t.text.length;
  if (chars < 50) return false;
  let letters = 0;
  let words = 0;
  for (const t of tokens) {
    if (t.kind !== 'text' && t.kind !== 'sign') continue;
    for (const w of t.text.split(/\s+/)) {
      const n = (w.match(/\p{L}/gu) ?? []).length;
      letters += n;
      // Scripts without spaces between words (Chinese, Japanese) count a word per two letters.
      words += /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(w) ? Math.ceil(n / 2) : n >= 2 ? 1 : 0;
    }
  }
  return words >= 10 && letters >= 50;
}

export interface Period {
  start: string;
  end: string;
}

/** Resolves a pair of printed dates into a period (the start's year may come from the end). */
export function resolveRange(a: DateToken, b: DateToken, order: DayOrder): Period | null {
  for (const ma of a.months ?? [a.b]) {
    for (const mb of b.months ?? [b.b]) {
      const s = dayMonth(a, order, ma);
      const e = dayMonth(b, order, mb);
      const ey = e.y ?? s.y;
      if (ey === null) continue;
      const sy = s.y ?? (s.m > e.m || (s.m === e.m && s.d > e.d) ? ey - 1 : ey);
      if (!isValidYMD(sy, s.m, s.d) || !isValidYMD(ey, e.m, e.d)) continue;
      const start = toIso(sy, s.m, s.d);
      const end = toIso(ey, e.m, e.d);
      const days = (Date.parse(end) - Date.parse(start)) / 86_400_000;
      if (days >= 0 && days <= 400) return { start, end };
    }
  }
  return null;
}

function isJoin(text: string): boolean {
  const w = normaliseWords(text) || text.trim();
  return RANGE_JOIN_WORDS.has(w) || /^[-–—~]$/.test(text.trim());
}

/** "1-31 January 2025", "1 - 31.01.2025": a day range sharing the month and year of the end date. */
function dayRange(text: string, order: DayOrder): Period | null {
  const m = /(?:^|\s)(\d{1,2})\.?\s*[-–]\s*(\d{1,2}\.?\s*(?:\p{L}+\.?|\d{1,2}[./]\s*)\s*\d{4})/u.exec(text);
  if (!m) return null;
  const end = datesIn(m[2] as string)[0]?.token;
  if (!end) return null;
  const start: DateToken = { ...end, text: m[1] as string, a: Number(m[1]), ...(end.kind === 'numeric' ? {} : {}) };
  if (end.kind === 'numeric') {
    if (order === 'DMY') start.a = Number(m[1]);
    else start.b = Number(m[1]);
  }
  return resolveRange(start, end, order);
}

/** A period in one line of text, or null. */
export function findDateRange(text: string, order: DayOrder, settle?: (t: DateToken) => void): Period | null {
  const found = datesIn(text);
  if (settle) for (const f of found) settle(f.token);
  for (let i = 0; i + 1 < found.length; i++) {
    const a = found[i] as (typeof found)[number];
    const b = found[i + 1] as (typeof found)[number];
    const between = text.slice(a.end, b.start).trim();
    // A range word (or dash) between them, or nothing at all (OCR lost the dash).
    const words = between.split(/\s+/).filter(Boolean);
    const joined = words.length === 0 || (words.length <= 3 && words.some(isJoin)) || isJoin(between);
    if (!joined) continue;
    if (words.length === 0 && (!a.token.year || !b.token.year)) continue;
    const range = resolveRange(a.token, b.token, order);
    if (range && (words.length > 0 || range.start !== range.end)) return range;
  }
  // Dates joined by a dash without spaces: "01.02.2024-29.02.2024".
  for (const w of text.split(/\s+/)) {
    const m = /^(.+\d)[-–](\d.+)$/.exec(w);
    if (!m) continue;
    const a = datesIn(m[1] as string)[0];
    const b = datesIn(m[2] as string)[0];
    if (a && b) {
      const range = resolveRange(a.token, b.token, order);
      if (range) return range;
    }
  }
  return dayRange(text, order);
}

/** "March 2025", "März 2025", "03/2025" after a period label: the whole month. */
function monthPeriod(text: string): Period | null {
  const m = /(\p{L}{3,}\.?)\s+(\d{4})\b/u.exec(text);
  if (!m || !isMonthName(m[1] as string)) return null;
  const readings = monthReadings(m[1] as string);
  if (readings.length !== 1) return null;
  const month = (readings[0] as { month: number }).month;
  const year = Number(m[2]);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start: toIso(year, month, 1), end: toIso(year, month, last) };
}

/**
 * The statement period from the document's lines (texts in reading order): a range on a line
 * with a period label first, then any range (one that ends after the statement's own date, where
 * that is known, is some other span: a quarter's interest settlement printed under the rows),
 * then labelled from/to dates, then a month and year after a period label, then the dates of the
 * balances it opens and closes with ("Balance as of 01.10.2025" ... "Balance as of 31.10.2025").
 */
export function findPeriod(
  allLines: TokenLine[],
  order: DayOrder,
  settle?: (t: DateToken) => void,
  statementDate?: string | null,
): Period | null {
  const lines = allLines.filter((l) => !isRunningText(l));
  const texts = lines.map(rangeText);
  const isLabelled = (t: string) => hasFactWord(t, 'period') || hasFactWord(t, 'rangeFrom');
  const labelled = texts.filter(isLabelled);
  for (const t of labelled) {
    const r = findDateRange(t, order, settle);
    if (r) return r;
  }
  // A period wrapped onto the next line ("22 de diciembre de 2025 al 21 de enero" / "de 2026"),
  // possibly with a line of the next column between them.
  const dangling = (t: string) =>
    datesIn(t).length === 1 && (/\s\d{1,2}\.?$/.test(t.trim()) || isJoin(t.trim().split(/\s+/).pop() ?? ''));
  for (let i = 0; i < texts.length; i++) {
    if (!isLabelled(texts[i] as string) && !dangling(texts[i] as string)) continue;
    // The wrapped part stands under the value, not under the label or in another column on the left.
    const line = lines[i] as TokenLine;
    // The cell that holds the period's first date, and what stands under it on the next lines
    // (a wrapped cell continues at its own left edge; other columns stay out).
    // A value wrapped from its first word on ("Afschriftperiode: 21" / "december 2023 - 20 januari"
    // / "2024" in a narrow cell) has no date on the label's line: the cell is the label's own.
    let start = line.tokens.findIndex((t) => datesIn(t.text).length > 0);
    if (start < 0) start = line.tokens.findIndex((t) => hasFactWord(t.text, 'period'));
    const cell = line.tokens[start];
    if (!cell) continue;
    // The cell runs on while its tokens follow each other closely (the tokenizer splits a cell at its dates).
    const parts = [cell];
    for (let k = start + 1; k < line.tokens.length; k++) {
      const t = line.tokens[k] as TokenLine['tokens'][number];
      // A wide gap, or another label ("Divisa: MXN"), starts the next cell.
      if (t.x0 - (parts[parts.length - 1] as typeof t).x1 > t.size * 3 || /^\p{L}[\p{L} .º°]*:/u.test(t.text)) break;
      parts.push(t);
    }
    const cellEnd = (parts[parts.length - 1] as typeof cell).x1;
    const before = line.tokens.filter((t) => t.x1 <= cell.x0 && hasFactWord(t.text, 'period')).map((t) => t.text);
    // The cell's next lines, each added to what came before (a value may wrap twice).
    const tail: string[] = [];
    for (const j of [i + 1, i + 2]) {
      const next = lines[j];
      if (!next || next.page !== line.page) break;
      const more = next.tokens
        .filter((t) => t.x0 >= cell.x0 - cell.size * 2 && t.x0 <= cellEnd + cell.size)
        .map((t) => t.text);
      if (!more.length) continue;
      tail.push(...more);
      const r = findDateRange([...before, ...parts.map((t) => t.text), ...tail].join(' '), order, settle);
      if (r) return r;
    }
  }
  for (const t of texts) {
    const r = findDateRange(t, order, settle);
    if (r && !(statementDate && r.end > statementDate)) return r;
  }
  // "From: 01.07.2024" ... "To: 31.07.2024" on separate lines.
  let from: DateToken | null = null;
  let to: DateToken | null = null;
  for (const t of texts) {
    const first = normaliseWords(t.split(/[:\s]/)[0] ?? '');
    const date = datesIn(t)[0]?.token;
    if (!date) continue;
    if (!from && RANGE_FROM_WORDS.has(first)) from = date;
    else if (!to && RANGE_JOIN_WORDS.has(first)) to = date;
  }
  if (from && to) {
    const r = resolveRange(from, to, order);
    if (r) return r;
  }
  for (const t of labelled) {
    const r = monthPeriod(t);
    if (r) return r;
  }
  return balanceDates(texts, order);
}

/** The earliest and latest full dates of balance labels ("Saldo per 01.10.2025"), as a range. */
function balanceDates(texts: string[], order: DayOrder): Period | null {
  let first: DateToken | null = null;
  let last: DateToken | null = null;
  let firstIso = '';
  let lastIso = '';
  for (const t of texts) {
    const labels = rowLabels(t);
    if (!labels.includes('opening') && !labels.includes('closing')) continue;
    for (const { token } of datesIn(t)) {
      if (!token.year) continue;
      const { y, m, d } = dayMonth(token, order);
      if (!y || !isValidYMD(y, m, d)) continue;
      const iso = toIso(y, m, d);
      if (!first || iso < firstIso) [first, firstIso] = [token, iso];
      if (!last || iso > lastIso) [last, lastIso] = [token, iso];
    }
  }
  return first && last && firstIso < lastIso ? resolveRange(first, last, order) : null;
}

/**
 * The date the statement was made ("Statement date: 15 Jan 2024"): the latest full date after
 * such a label. A statement labels other dates the same way ("Balance as of 01.10.2025" opens it,
 * "Balance as of 31.10.2025" closes it); its rows end by the last of them.
 */
export function findStatementDate(lines: TokenLine[], order: DayOrder): string | null {
  return latestFullDate(lines, order, (text) => hasFactWord(text, 'statementDate'));
}

/**
 * The latest full date printed on the lines (running text left out) that `accept` takes, among the
 * years `accept` allows.
 */
export function latestFullDate(
  lines: TokenLine[],
  order: DayOrder,
  accept: (text: string, year: number) => boolean,
): string | null {
  let latest: string | null = null;
  for (const line of lines) {
    if (isRunningText(line)) continue;
    const t = lineText(line);
    for (const { token } of datesIn(t)) {
      if (!token.year) continue;
      const { y, m, d } = dayMonth(token, order);
      if (!y || !isValidYMD(y, m, d) || !accept(t, y)) continue;
      const iso = toIso(y, m, d);
      if (!latest || iso > latest) latest = iso;
    }
  }
  return latest;
}
