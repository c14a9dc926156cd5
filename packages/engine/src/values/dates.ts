/**
 * Dates as statements print them, recognised before the document decides what they mean:
 * numeric (03/04, 03.02., 1/2/25, 2024-01-05), and with a month name of any language CLDR
 * knows, with any separator ("01/ENE/2025", "15-MRZ-24", "3 févr. 2025", "12 Okt.", "Nov 3",
 * "1. April 2024", "15 de jan. de 2024"). Day order, missing years and ambiguous month names are
 * decided for the whole document (see extract/values).
 */
import { isMonthName, monthReadings } from './months';

export interface DateToken {
  text: string;
  /** numeric: day and month in an order the document decides; named: month from its name; iso: y-m-d. */
  kind: 'numeric' | 'named' | 'iso';
  /** numeric: the first and second number as printed. named and iso: day (a) and month (b). */
  a: number;
  b: number;
  /** named: every month the name can mean (usually one), and the languages that read it so. */
  months?: number[];
  monthLanguages?: ReadonlySet<string>[];
  /** named: the month name as printed. */
  monthName?: string;
  /** Four-digit year, null when none is printed. */
  year: number | null;
  /** numeric: the third number as printed, where it has two digits ("23-01-04" may be year-month-day). */
  c?: number;
}

const YEAR = '(\\d{4}|\\d{2})';
const ORDINAL = '(?:st|nd|rd|th|er|e|º|°|\\.)?';
// Words that join a day, a month and a year in some languages ("15 de enero de 2025", "3 di marzo").
const JOIN = "(?:\\s*(?:(?:de|del|di)\\s+|d'))?";
const SEP = '[\\s./,\\-]*';

const ISO_RE = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})\.?$/;
const NUMERIC_RE = /^(\d{1,2})([./-])(\d{1,2})(?:\2(\d{4}|\d{2}))?\.?$/;
const NAMED_DMY_RE = new RegExp(
  `^(\\d{1,2})${ORDINAL}${SEP}${JOIN}(\\p{L}{2,}\\.?)(?:${SEP}${JOIN}${YEAR})?\\.?$`,
  'iu',
);
const NAMED_MDY_RE = new RegExp(`^(\\p{L}{2,}\\.?)${SEP}(\\d{1,2})(?:st|nd|rd|th)?(?:[\\s,./\\-]+${YEAR})?\\.?$`, 'iu');
const NAMED_YMD_RE = new RegExp(`^(\\d{4})${SEP}(\\p{L}{2,}\\.?)${SEP}(\\d{1,2})\\.?$`, 'iu');

function fullYear(y: string | undefined): number | null {
  if (!y) return null;
  const n = Number(y);
  return y.length === 2 ? 2000 + n : n;
}

function validDay(day: number, month: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

function named(text: string, day: number, name: string, year: number | null): DateToken | null {
  const readings = monthReadings(name).filter((r) => validDay(day, r.month));
  if (!readings.length) return null;
  const months = readings.map((r) => r.month);
  const monthLanguages = readings.map((r) => r.languages);
  return { text, kind: 'named', a: day, b: months[0] as number, months, monthLanguages, monthName: name, year };
}

/**
 * Orders the readings of every ambiguous month name by the languages the document's month names
 * agree on ("lip" is June in Croatian, July in Polish: beside "sie" and "paź", Polish).
 */
export function settleMonthNames(tokens: DateToken[]): (t: DateToken) => void {
  const votes = new Map<string, number>();
  for (const t of tokens) {
    if (t.kind !== 'named' || !t.monthLanguages) continue;
    const langs = new Set(t.monthLanguages.flatMap((s) => [...s]));
    for (const l of langs) votes.set(l, (votes.get(l) ?? 0) + 1);
  }
  const settle = (t: DateToken) => {
    if (t.kind !== 'named' || !t.months || t.months.length < 2 || !t.monthLanguages) return;
    const score = (i: number) => Math.max(0, ...[...(t.monthLanguages?.[i] ?? [])].map((l) => votes.get(l) ?? 0));
    const order = t.months.map((_, i) => i).sort((a, b) => score(b) - score(a));
    t.months = order.map((i) => t.months?.[i] as number);
    t.monthLanguages = order.map((i) => t.monthLanguages?.[i] as ReadonlySet<string>);
    t.b = t.months[0] as number;
  };
  for (const t of tokens) settle(t);
  return settle;
}

const hasDigit = (word: string) => /\d/.test(word);

/** Recognises a whole token as a date (no other text around it), or null. Every date it reads has a digit. */
export function parseDate(raw: string, compact = false): DateToken | null {
  const text = raw.trim();
  if (text.length < 3 || text.length > 26) return null;
  if (compact && /^\d{6}$|^\d{8}$/.test(text)) return compactDate(text);
  let m = ISO_RE.exec(text);
  if (m) {
    const month = Number(m[3]);
    const day = Number(m[4]);
    if (!validDay(day, month)) return null;
    return { text, kind: 'iso', a: day, b: month, year: Number(m[1]) };
  }
  m = NUMERIC_RE.exec(text);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const year = fullYear(m[4]);
    // "12.50" is an amount, not the 12th of a 50th month; "1.5" likewise.
    if (!year && m[2] === '.' && !text.endsWith('.') && m[3]?.length !== 2) return null;
    if (a < 1 || b < 1 || a > 31 || b > 31 || (a > 12 && b > 12)) return null;
    return { text, kind: 'numeric', a, b, year, ...(m[4]?.length === 2 ? { c: Number(m[4]) } : {}) };
  }
  if (!/\p{L}/u.test(text)) return null;
  m = NAMED_DMY_RE.exec(text);
  if (m) return named(text, Number(m[1]), m[2] as string, fullYear(m[3]));
  m = NAMED_MDY_RE.exec(text);
  if (m) return named(text, Number(m[2]), m[1] as string, fullYear(m[3]));
  m = NAMED_YMD_RE.exec(text);
  if (m) return named(text, Number(m[3]), m[2] as string, fullYear(m[1]));
  return null;
}

/**
 * A date at the start of a text ("05 Jan 25 CARD PAYMENT", "01/02 01/02 TRANSFER"): the longest
 * date made of its first words, and the rest.
 */
export function leadingDate(text: string): { token: DateToken; rest: string } | null {
  const words = text.trim().split(/\s+/);
  // Every date has a digit (see parseDate): none in the first five words, no date of them.
  if (!words.slice(0, 5).some(hasDigit)) return null;
  for (let n = Math.min(5, words.length); n >= 1; n--) {
    const head = words.slice(0, n).join(' ');
    const token = parseDate(head.replace(/,$/, ''));
    if (!token) continue;
    // "01 févr 01 févr": the "01" after the month starts the next date; it is no year. Only a
    // month of the same language does so: "29 avr. 25 STM MONTREAL" is the 29 April 2025 of a
    // French statement, whatever Portuguese calls September.
    const next = words[n];
    if (token.year !== null && /^\d{1,2}$/.test(words[n - 1] as string) && next && sameLanguageMonth(token, next))
      continue;
    return { token, rest: words.slice(n).join(' ') };
  }
  return null;
}

/** Whether a word is a month name in a language the date's own month name is of (any, for a numeric date). */
function sameLanguageMonth(date: DateToken, word: string): boolean {
  if (!isMonthName(word)) return false;
  const own = date.monthLanguages?.flatMap((set) => [...set]);
  if (!own?.length) return true;
  return monthReadings(word).some((r) => own.some((l) => r.languages.has(l)));
}

/** A date at the end of a text ("Saldo al 24/06/2025", "Balance as of Jan 31, 2025"). */
export function trailingDate(text: string): { token: DateToken; rest: string } | null {
  const words = text.trim().split(/\s+/);
  if (!words.slice(-5).some(hasDigit)) return null;
  for (let n = Math.min(5, words.length); n >= 1; n--) {
    const tail = words.slice(words.length - n).join(' ');
    const token = parseDate(tail.replace(/[:,.]$/, (c) => (c === '.' ? c : '')));
    if (token) return { token, rest: words.slice(0, words.length - n).join(' ') };
  }
  return null;
}

/** Every date inside a text, left to right, longest first at each word. */
export function datesIn(text: string): { token: DateToken; start: number; end: number }[] {
  // Every date has a digit (see parseDate): most texts have none.
  if (!hasDigit(text)) return [];
  const words = [...text.matchAll(/\S+/g)];
  const out: { token: DateToken; start: number; end: number }[] = [];
  const digits = words.map((w) => hasDigit(w[0]));
  for (let i = 0; i < words.length; i++) {
    // Every date has a digit (see parseDate): none in the five words from here, no date starts here.
    if (!digits.slice(i, i + 5).includes(true)) continue;
    for (let n = Math.min(5, words.length - i); n >= 1; n--) {
      const first = words[i] as RegExpMatchArray;
      const last = words[i + n - 1] as RegExpMatchArray;
      const start = first.index as number;
      const end = (last.index as number) + last[0].length;
      const token = parseDate(text.slice(start, end).replace(/[,;:)]+$/, ''));
      if (token) {
        out.push({ token, start, end });
        i += n - 1;
        break;
      }
    }
  }
  return out;
}

/** Whether a word is a month name of some language (for month-only periods like "März 2025"). */
export { isMonthName };

/** How a document prints numeric dates: day first, month first, or (two-digit) year first ("23-01-04"). */
export type DayOrder = 'DMY' | 'MDY' | 'YMD';

export interface YMD {
  y: number | null;
  m: number;
  d: number;
}

/** Day and month of a token under a day order; a named month's first reading unless `month` is given. */
export function dayMonth(t: DateToken, order: DayOrder, month?: number): YMD {
  if (t.kind === 'numeric') {
    if (order === 'YMD' && t.c !== undefined) return { y: 2000 + t.a, m: t.b, d: t.c };
    if (order === 'MDY') return { y: t.year, m: t.a, d: t.b };
    return { y: t.year, m: t.b, d: t.a };
  }
  return { y: t.year, m: month ?? t.b, d: t.a };
}

export function isValidYMD(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function toIso(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A date printed as digits alone ("010126", "20250131", "31012025"), read only where the document
 * has no other dates for its rows (see extract's `compact-dates`): eight digits starting with a
 * plausible year are year-month-day, other eight day-month-year (or month-day-year), six
 * day-month-year (or month-day-year; the document's day order decides, as for "01/01/26").
 */
function compactDate(text: string): DateToken | null {
  const n = (from: number, to: number) => Number(text.slice(from, to));
  if (text.length === 8 && /^(19|20)/.test(text) && validDay(n(6, 8), n(4, 6)))
    return { text, kind: 'iso', a: n(6, 8), b: n(4, 6), year: n(0, 4) };
  const a = n(0, 2);
  const b = n(2, 4);
  if (a < 1 || b < 1 || a > 31 || b > 31 || (a > 12 && b > 12)) return null;
  if (text.length === 8) {
    const year = n(4, 8);
    return year >= 1900 && year <= 2099 ? { text, kind: 'numeric', a, b, year } : null;
  }
  return { text, kind: 'numeric', a, b, year: fullYear(text.slice(4, 6)), c: n(4, 6) };
}
