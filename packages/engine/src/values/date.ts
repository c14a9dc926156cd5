/**
 * Date tokens as printed on statements: numeric (03/04, 03.02., 01/01/2024, 2024-01-05,
 * 01-FEB-2024) and with month names in English, German, French, Spanish, Portuguese,
 * Italian and Dutch. Recognition first; the day/month order and missing years are decided
 * for the whole document from all its dates (see DateContext).
 */

const MONTHS: Record<string, number> = {};
const MONTH_NAMES: string[][] = [
  // en, de, fr, es, pt, it, nl (full and common short forms)
  ['january', 'jan', 'januar', 'jänner', 'janvier', 'janv', 'enero', 'ene', 'janeiro', 'gennaio', 'gen', 'januari'],
  [
    'february',
    'feb',
    'februar',
    'février',
    'fevrier',
    'févr',
    'fevr',
    'fév',
    'febrero',
    'fevereiro',
    'fev',
    'febbraio',
    'februari',
  ],
  ['march', 'mar', 'märz', 'maerz', 'mär', 'mars', 'marzo', 'março', 'marco', 'maart', 'mrt'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile'],
  ['may', 'mai', 'mayo', 'maio', 'maggio', 'mag', 'mei'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'junho', 'giugno', 'giu'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'julho', 'luglio', 'lug'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'ago', 'augustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setembro', 'set', 'settembre'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'outubro', 'out', 'ottobre', 'ott'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  [
    'december',
    'dec',
    'dezember',
    'dez',
    'décembre',
    'decembre',
    'déc',
    'diciembre',
    'dic',
    'dezembro',
    'dicembre',
    'dec',
  ],
];
MONTH_NAMES.forEach((names, i) => {
  for (const n of names) MONTHS[n] = i + 1;
});

export function monthFromName(name: string): number | null {
  const key = name.toLowerCase().replace(/\.$/, '');
  return MONTHS[key] ?? null;
}

const MONTH_ALT = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** A date as printed, before the document-wide decisions. */
export interface DateToken {
  text: string;
  /** Numeric parts in printed order, or with a named month. */
  kind: 'numeric' | 'named' | 'iso';
  /** numeric: the two leading numbers in printed order (a/b), year if printed. */
  a: number;
  b: number;
  /** named: day and month. */
  day?: number;
  month?: number;
  year: number | null;
}

const NUMERIC_RE = /^(\d{1,2})([./-])(\d{1,2})(?:\2(\d{4}|\d{2}))?\.?$/;
const ISO_RE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const NAMED_DMY_RE = new RegExp(
  `^(\\d{1,2})(?:st|nd|rd|th)?\\.?[\\s-]*(${MONTH_ALT})\\.?(?:[\\s-,]*(\\d{4}|\\d{2}))?$`,
  'i',
);
const NAMED_MDY_RE = new RegExp(
  `^(${MONTH_ALT})\\.?[\\s-]*(\\d{1,2})(?:st|nd|rd|th)?(?:,?[\\s-]*(\\d{4}|\\d{2}))?$`,
  'i',
);

function fullYear(y: string | undefined): number | null {
  if (!y) return null;
  const n = Number(y);
  return y.length === 2 ? 2000 + n : n;
}

/** Recognises a whole token as a date (no surrounding text). */
export function parseDateToken(raw: string): DateToken | null {
  const text = raw.trim();
  if (text.length < 3 || text.length > 24) return null;
  let m = ISO_RE.exec(text);
  if (m) {
    const month = Number(m[2]);
    const day = Number(m[3]);
    if (!validDay(day, month)) return null;
    return { text, kind: 'iso', a: day, b: month, day, month, year: Number(m[1]) };
  }
  m = NUMERIC_RE.exec(text);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const year = fullYear(m[4]);
    // Without a year, '-' separated pairs are more likely ranges or codes than dates.
    if (!year && m[2] === '-') return null;
    if (a < 1 || b < 1 || a > 31 || b > 31 || (a > 12 && b > 12)) return null;
    return { text, kind: 'numeric', a, b, year };
  }
  m = NAMED_DMY_RE.exec(text);
  if (m) {
    const day = Number(m[1]);
    const month = monthFromName(m[2] as string);
    if (!month || !validDay(day, month)) return null;
    return { text, kind: 'named', a: day, b: month, day, month, year: fullYear(m[3]) };
  }
  m = NAMED_MDY_RE.exec(text);
  if (m) {
    const month = monthFromName(m[1] as string);
    const day = Number(m[2]);
    if (!month || !validDay(day, month)) return null;
    return { text, kind: 'named', a: day, b: month, day, month, year: fullYear(m[3]) };
  }
  return null;
}

function validDay(day: number, month: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** Finds a date at the start of a text (e.g. "05 Jan 25 CARD PAYMENT"): the longest date prefix. */
export function leadingDate(text: string): { token: DateToken; rest: string } | null {
  const words = text.trim().split(/\s+/);
  for (let n = Math.min(4, words.length); n >= 1; n--) {
    const head = words.slice(0, n).join(' ');
    const token = parseDateToken(head);
    if (token) return { token, rest: words.slice(n).join(' ') };
  }
  return null;
}

export type DayOrder = 'DMY' | 'MDY';

/** Decides DD/MM against MM/DD from all numeric dates of a document; null when no evidence. */
export function inferDayOrder(tokens: Iterable<DateToken>): DayOrder | null {
  let dmy = 0;
  let mdy = 0;
  for (const t of tokens) {
    if (t.kind !== 'numeric') continue;
    if (t.a > 12 && t.b <= 12) dmy++;
    else if (t.b > 12 && t.a <= 12) mdy++;
  }
  if (dmy === mdy) return null;
  return dmy > mdy ? 'DMY' : 'MDY';
}

export interface YMD {
  y: number | null;
  m: number;
  d: number;
}

export function resolveDayMonth(t: DateToken, order: DayOrder): YMD {
  if (t.kind !== 'numeric') return { y: t.year, m: t.month as number, d: t.day as number };
  return order === 'DMY' ? { y: t.year, m: t.b, d: t.a } : { y: t.year, m: t.a, d: t.b };
}

export function isValidYMD(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function toIso(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Picks the year for a month/day printed without one, from the statement period (Dec -> Jan aware). */
export function yearFor(
  m: number,
  d: number,
  period: { start: string | null; end: string | null },
  fallbackYear: number,
): number {
  const start = period.start;
  const end = period.end;
  if (start && end) {
    const sy = Number(start.slice(0, 4));
    const ey = Number(end.slice(0, 4));
    const candidates = sy === ey ? [sy, sy - 1, sy + 1] : [sy, ey];
    // The year whose date lies inside (or nearest to) the period.
    let best = candidates[0] as number;
    let bestDist = Number.POSITIVE_INFINITY;
    for (const y of candidates) {
      const iso = toIso(y, m, d);
      const dist = iso < start ? daysBetween(iso, start) : iso > end ? daysBetween(end, iso) : 0;
      if (dist < bestDist) {
        bestDist = dist;
        best = y;
      }
    }
    return best;
  }
  const anchor = end ?? start;
  if (anchor) {
    const ay = Number(anchor.slice(0, 4));
    const am = Number(anchor.slice(5, 7));
    // A month later than the anchor month (an end date) belongs to the previous year.
    return end && m > am + 1 ? ay - 1 : ay;
  }
  return fallbackYear;
}

export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
