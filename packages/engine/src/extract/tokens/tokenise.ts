/**
 * Stage 1, tokens: every run of the layout model becomes typed tokens with boxes: dates, money,
 * sign words (DR, S, Bij), times, and text. A run that merged several columns ("05 Jan 25 CARD
 * PAYMENT 12.50") is split into its leading dates, its text and its trailing amounts; positions
 * of the parts are estimated from the run's width per character.
 *
 * Evidence: the token's own characters only. Which column a token belongs to, and so what it
 * means, is decided later from geometry.
 */
import { type LayoutLine, sliceSpans, type TextRun, type TextSpan, textX } from '../../layout/model';
import { type DecimalMark, type ParsedAmount, parseAmount } from '../../values/amount';
import { type DateToken, leadingDate, parseDate } from '../../values/dates';
import type { PassName } from '../passes';
import { isSignWord, signReadings } from '../vocabulary';

export type TokenKind = 'date' | 'money' | 'sign' | 'time' | 'text';

export interface Token {
  kind: TokenKind;
  text: string;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  size: number;
  bold: boolean;
  /** OCR: 0..1 recognition confidence. */
  confidence?: number;
  /** OCR: 0..1 confidence of the run's least sure word holding a digit. */
  digitConfidence?: number;
  date?: DateToken;
  money?: ParsedAmount;
  /** A date token that also reads as an amount ("15.12"), or the other way round: geometry decides. */
  alsoMoney?: ParsedAmount;
  /** Index of the run the token came from, within its line. */
  run: number;
  /** A word split off a run because it reaches over a column's start (it goes to its own column). */
  piece?: boolean;
  /** The reader's pieces inside this token's text, with their exact x (see TextRun.spans). */
  spans?: TextSpan[];
  /** OCR: the text as read, where a value was repaired for its column (`text` holds the repair). */
  repaired?: string;
  /** The pass that repaired it, where not the table's ocr-cells. */
  repairPass?: PassName;
  /** OCR: a date column's token that is a date with characters lost or misread ("0/14", "011"). */
  damagedDate?: boolean;
  /** A dash printed where a cell is empty ("-" under Debit on a credit row): no value, no sign. */
  nil?: boolean;
}

export interface TokenLine {
  page: number;
  /** Index of the line on its page. */
  index: number;
  y0: number;
  y1: number;
  tokens: Token[];
  line: LayoutLine;
}

export interface TokenOptions {
  decimal: DecimalMark;
  /** Amounts printed without decimals are money (currencies without minor units). */
  integers: boolean;
  /** Dates printed as digits alone ("010126"): read only where a document has no other dates. */
  compactDates?: boolean;
}

const TIME_RE = /^\d{1,2}[:.h]\d{2}(?::\d{2})?(?:\s?[AaPp]\.?[Mm]\.?)?$/;

function base(run: TextRun, index: number, text: string, x0: number, x1: number): Omit<Token, 'kind'> {
  return {
    text,
    x0,
    x1,
    y0: run.y0,
    y1: run.y1,
    size: run.size,
    bold: run.bold ?? false,
    ...(run.confidence !== undefined ? { confidence: run.confidence } : {}),
    ...(run.digitConfidence !== undefined ? { digitConfidence: run.digitConfidence } : {}),
    run: index,
  };
}

/** A whole piece of text as one token, or null when it is plain text. */
function whole(run: TextRun, index: number, text: string, x0: number, x1: number, opts: TokenOptions): Token | null {
  const money = parseAmount(text, opts.decimal, opts.integers && !/[:/]/.test(text));
  const date = parseDate(text, opts.compactDates);
  // "12.50" with decimal '.' is money; "15.12" with decimal ',' is a day and month; both are kept.
  if (date && money) {
    const dateFirst = opts.decimal === ',' || date.kind !== 'numeric' || /[/-]/.test(text) || date.year !== null;
    return dateFirst
      ? { kind: 'date', ...base(run, index, text, x0, x1), date, alsoMoney: money }
      : { kind: 'money', ...base(run, index, text, x0, x1), money, date };
  }
  if (date) return { kind: 'date', ...base(run, index, text, x0, x1), date };
  if (money) return { kind: 'money', ...base(run, index, text, x0, x1), money };
  if (TIME_RE.test(text)) return { kind: 'time', ...base(run, index, text, x0, x1) };
  if (text.length <= 4 && isSignWord(text)) return { kind: 'sign', ...base(run, index, text, x0, x1) };
  return null;
}

/**
 * Splits a run into tokens: its leading dates, then amounts wherever they stand (a run may hold
 * an amount and the reference printed after it: "-1.152,00 TL 73089789"), and text between.
 */
export function tokeniseRun(run: TextRun, index: number, opts: TokenOptions): Token[] {
  const text = run.text;
  const one = whole(run, index, text, run.x0, run.x1, opts);
  if (one) return [run.spans ? { ...one, spans: run.spans } : one];
  const make = (kind: TokenKind, start: number, end: number, extra: Partial<Token> = {}): Token => {
    const spans = sliceSpans(run.spans, start, end);
    return {
      kind,
      ...base(run, index, text.slice(start, end), textX(run, start, 'start'), textX(run, end, 'end')),
      ...(spans ? { spans } : {}),
      ...extra,
    };
  };
  // An exec loop, not [...matchAll()]: the iterator was a third of this function's time.
  const words: { start: number; end: number }[] = [];
  const wordRe = /\S+/g;
  for (let m = wordRe.exec(text); m; m = wordRe.exec(text)) words.push({ start: m.index, end: m.index + m[0].length });
  const out: Token[] = [];
  let i = 0;
  // Up to two leading dates: a posting date and a value date printed close enough to merge.
  for (let k = 0; k < 2 && i < words.length; k++) {
    const rest = text.slice((words[i] as { start: number }).start);
    if (!/^\d|^\p{L}{3}/u.test(rest)) break;
    const lead = leadingDate(rest);
    if (!lead || (k === 0 && !lead.rest)) break;
    // "16.05 Soll" with decimal '.' is an amount and its sign word, as a whole "16.05" is (see whole).
    const d = lead.token;
    if (
      opts.decimal === '.' &&
      d.kind === 'numeric' &&
      d.year === null &&
      !/[/-]/.test(d.text) &&
      parseAmount(d.text, opts.decimal, opts.integers)
    )
      break;
    const n = lead.token.text.split(/\s+/).length;
    const start = (words[i] as { start: number }).start;
    const end = (words[i + n - 1] as { end: number }).end;
    out.push(make('date', start, end, { date: lead.token }));
    i += n;
  }
  let textStart = -1;
  let textEnd = -1;
  const flush = () => {
    if (textStart >= 0) out.push(make('text', textStart, textEnd));
    textStart = -1;
  };
  while (i < words.length) {
    let taken = 0;
    // Every piece tried below starts at this word and ends within its next five: without a digit
    // there, none is an amount (most words of a description), and none is cut out to be tried.
    const most = Math.min(5, words.length - i);
    const reach = text.slice((words[i] as { start: number }).start, (words[i + most - 1] as { end: number }).end);
    // The longest amount starting at this word ("1 234,56 €", "$1,234.56 CR"), but not a word
    // glued to text before it.
    for (let n = /\d/.test(reach) ? most : 0; n >= 1 && !taken; n--) {
      const start = (words[i] as { start: number }).start;
      const end = (words[i + n - 1] as { end: number }).end;
      const piece = text.slice(start, end);
      if (!/\d/.test(piece)) continue;
      // A number before a per-cent sign is a rate ("0,13 %"), in every language: no amount.
      if (text.slice(end).trimStart().startsWith('%')) continue;
      // A dash standing alone between an amount and the words of a next item ("Previous balance
      // 2,789.47 - Total des opérations ...") separates the two: it is no trailing minus.
      if (n > 1 && dashBeforeWords(text, words, i + n - 1)) continue;
      const money = parseAmount(piece, opts.decimal, opts.integers);
      if (!money) continue;
      flush();
      // A sign word that ends the run is the amount's mark, as "CR" is: "33.64 Soll" beside "66.00"
      // stands right-aligned as one cell. Only a word one side of every language reads so.
      const last = words[i + n];
      const side = i + n === words.length - 1 && last && !money.mark ? markOf(text.slice(last.start, last.end)) : null;
      if (side && last) {
        out.push(
          make('money', start, last.end, { money: { ...money, mark: side, suffix: text.slice(last.start, last.end) } }),
        );
        taken = n + 1;
        continue;
      }
      out.push(make('money', start, end, { money }));
      taken = n;
    }
    if (taken) {
      i += taken;
      continue;
    }
    const w = words[i] as { start: number; end: number };
    // A sign word right after an amount ("12.50 CR" split in two by the reader's spacing).
    const prev = out[out.length - 1];
    const word = text.slice(w.start, w.end);
    if (textStart < 0 && prev?.kind === 'money' && word.length <= 3 && isSignWord(word)) {
      out.push(make('sign', w.start, w.end));
      i++;
      continue;
    }
    if (textStart < 0) textStart = w.start;
    textEnd = w.end;
    i++;
  }
  flush();
  return out;
}

/**
 * A table line's tokens with every amount that has words of its own run on both sides
 * ("GUADALAJARA 26.04 20:92", "SAN FRANCISCO USD 82.87 @ 1.5619") made part of the text: it is
 * in a description, not a cell of a money column (an amount a reader merged into a description
 * run stands at the run's end). Statement facts keep their amounts ("Opening 1.00 Closing 2.00").
 */
export function amountsInsideText(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    const prev = out[out.length - 1];
    const next = tokens[k + 1];
    if (
      t.kind === 'money' &&
      prev?.kind === 'text' &&
      next?.kind === 'text' &&
      prev.run === t.run &&
      next.run === t.run &&
      /\p{L}/u.test(prev.text)
    ) {
      out[out.length - 1] = joinTokens(prev, t, next);
      k++;
      continue;
    }
    out.push(t);
  }
  return out;
}

/** Whether word k is a dash alone followed by a word of letters that is no sign word. */
function dashBeforeWords(text: string, words: { start: number; end: number }[], k: number): boolean {
  const w = words[k] as { start: number; end: number };
  const next = words[k + 1];
  if (!next || !/^[-−–]$/.test(text.slice(w.start, w.end))) return false;
  const word = text.slice(next.start, next.end);
  return /^\p{L}{2}/u.test(word) && !isSignWord(word);
}

/** The side a sign word longer than a letter code names in every language that has it ("Soll", "Haben"). */
function markOf(word: string): 'debit' | 'credit' | null {
  if (word.length <= 3) return null;
  const r = signReadings(word);
  if (!r) return null;
  if (r.debit > 0 && r.credit === 0) return 'debit';
  if (r.credit > 0 && r.debit === 0) return 'credit';
  return null;
}

/** Neighbouring tokens of one line as one token of the first's kind, their texts a space apart. */
export function joinTokens(first: Token, ...rest: Token[]): Token {
  const { spans: _, ...joined } = first;
  const last = rest[rest.length - 1] ?? first;
  return { ...joined, text: [first, ...rest].map((t) => t.text).join(' '), x1: last.x1 };
}

/** Tokens of a line, left to right. */
/** A line's text: its tokens joined by single spaces (what facts and dates are read from). */
export const lineText = (l: TokenLine): string => l.tokens.map((t) => t.text).join(' ');

export function tokeniseLine(line: LayoutLine, opts: TokenOptions): Token[] {
  return line.runs.flatMap((run, i) => tokeniseRun(run, i, opts)).sort((a, b) => a.x0 - b.x0);
}

/** Splits a text token into its words, each with an estimated box (for tokens that span columns). */
export function splitWords(t: Token): Token[] {
  if (!/\s/.test(t.text)) return [t];
  return [...t.text.matchAll(/\S+/g)].map((m) => {
    const start = m.index as number;
    const end = start + m[0].length;
    const { spans: _, ...rest } = t;
    return { ...rest, text: m[0], x0: textX(t, start, 'start'), x1: textX(t, end, 'end'), piece: true };
  });
}
