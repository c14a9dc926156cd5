/**
 * `ocr-look-alike-dates` (OCR rows only): a date OCR read with one digit taken for one of like
 * shape ('15/08' for 15/06: the 6 closed into an 8) falls outside the statement's period (by more
 * than a few days: a posting date may lie just outside it) and out of order with the rows around
 * it. Where exactly one such digit swapped back gives a date inside the period and between its
 * neighbours' dates, the row takes it; where none does, the one date between them one character
 * from the digits read ('11/603', a stray 6: 11/03); else the date stays as read.
 *
 * Evidence: the printed period, the order of the rows around it, and the glyph shapes OCR confuses.
 */
import { addDays, type DayOrder, dayMonth, isValidYMD, toIso } from '../../values/dates';
import type { DraftRow } from '../draft';
import type { Period } from '../facts/period';
import { passEnabled } from '../passes';
import type { Token } from '../tokens/tokenise';
import type { Tracer } from '../trace';
import { recoverDate } from './dates';

/** Days a posting date may lie outside the printed period. */
const SLACK_DAYS = 3;

/** Digits OCR takes for each other: their glyphs differ by a stroke or a gap. */
const LOOK_ALIKE: Record<string, string[]> = {
  '0': ['8', '6'],
  '1': ['7'],
  '3': ['8'],
  '5': ['6'],
  '6': ['5', '8', '0'],
  '7': ['1'],
  '8': ['3', '6', '0', '9'],
  '9': ['8'],
};

/** The dates one look-alike digit of the month or day away from `iso`. */
function lookAlikeDates(iso: string): string[] {
  const [y, m, d] = iso.split('-') as [string, string, string];
  const digits = `${m}${d}`;
  const out: string[] = [];
  for (let k = 0; k < 4; k++)
    for (const alt of LOOK_ALIKE[digits[k] as string] ?? []) {
      const s = `${digits.slice(0, k)}${alt}${digits.slice(k + 1)}`;
      const [mm, dd] = [Number(s.slice(0, 2)), Number(s.slice(2))];
      if (isValidYMD(Number(y), mm, dd)) out.push(toIso(Number(y), mm, dd));
    }
  return out;
}

export function ocrLookAlikeDates(
  rows: { id: number; date: string | null; dateText: string; confidence: number | null; corrected: boolean }[],
  period: Period | null,
  order: DayOrder,
  trace: Tracer,
): void {
  if (!period || !passEnabled('ocr-look-alike-dates')) return;
  const inside = (iso: string) => iso >= period.start && iso <= period.end;
  const far = (iso: string) => iso < addDays(period.start, -SLACK_DAYS) || iso > addDays(period.end, SLACK_DAYS);
  rows.forEach((r, i) => {
    if (r.confidence === null || !r.date || !far(r.date)) return;
    const before = rows.slice(0, i).findLast((x) => x.date && inside(x.date))?.date ?? period.start;
    const after = rows.slice(i + 1).find((x) => x.date && inside(x.date))?.date ?? period.end;
    // Rows printed newest first run the other way.
    const [lo, hi] = before > after ? [after, before] : [before, after];
    const alike = lookAlikeDates(r.date).filter((iso) => inside(iso) && iso >= lo && iso <= hi);
    const edited = alike.length ? null : recoverDate(r.dateText, lo, hi, order);
    const fits = edited ? [edited] : alike;
    if (fits.length !== 1) return;
    trace.change(
      'ocr-look-alike-dates',
      r.id,
      'date',
      r.date,
      fits[0] as string,
      alike.length
        ? "outside the period; one digit read as one of like shape gives the date between its neighbours'"
        : "outside the period; the one date between its neighbours' one character from the digits read",
    );
    r.date = fits[0] as string;
    r.corrected = true;
  });
}

/**
 * For `ocr-damaged-dates`: an OCR row whose date reads as a date but not in the document's day
 * order ('11/16/23' among day-first dates: the 0 of October read as a 6) is damaged, not the row
 * above's date: it is decided from its neighbours like any damaged date.
 */
export function unreadableOcrDates(
  rows: {
    date: string | null;
    dateToken: unknown;
    dateText: string;
    confidence: number | null;
    damagedDate?: string;
  }[],
): void {
  if (!passEnabled('ocr-damaged-dates')) return;
  for (const r of rows)
    if (r.confidence !== null && r.dateToken && !r.date && !r.damagedDate && r.dateText) r.damagedDate = r.dateText;
}

/** Days a card takes at most to post a purchase. */
const POSTING_DAYS = 10;

/**
 * `ocr-posted-before-sold` (OCR rows only): a card posts a purchase on or after the day it was
 * made, so a posting date read before the same row's transaction date ('Aug 19' sold, 'Aug 18'
 * posted) was misread, where OCR is less sure of it than of the transaction date. Where exactly
 * one digit read back as one of like shape gives a date on or after the transaction date (within
 * ten days of it, inside the period), the row takes it; else the date stays as read.
 *
 * Evidence: the columns' labels (a transaction date beside a posting date), the order the two
 * dates must keep, OCR's confidences, and the glyph shapes OCR confuses.
 */
export function ocrPostedBeforeSold(rows: DraftRow[], period: Period | null, order: DayOrder, trace: Tracer): void {
  if (!passEnabled('ocr-posted-before-sold')) return;
  for (const r of rows) {
    if (r.confidence === null || !r.date || !r.dateToken) continue;
    const region = r.raw.region;
    const posting = region.postingDate;
    if (posting === undefined || region.columns[posting]?.readings[0]?.role !== 'postingDate') continue;
    // The other date column: the day of the transaction (a value date may lie before the posting).
    const soldColumn = region.columns.find(
      (c) =>
        c.index !== posting &&
        c.kind === 'date' &&
        c.readings.length > 0 &&
        c.readings.every((x) => x.role === 'date' || x.role === 'transactionDate'),
    );
    const posted = r.raw.cells[posting]?.find((t) => t.kind === 'date' && t.date);
    const sold = soldColumn ? r.raw.cells[soldColumn.index]?.find((t) => t.kind === 'date' && t.date) : undefined;
    if (!sold?.date || !posted) continue;
    // The days' own confidences: a month name OCR misread ('Avg 19') says nothing of its day.
    const sure = (t: Token) => t.digitConfidence ?? t.confidence ?? 1;
    if (sure(posted) >= sure(sold)) continue;
    const { m, d } = dayMonth(sold.date, order);
    const year = Number(r.date.slice(0, 4));
    if (!isValidYMD(year, m, d)) continue;
    let soldIso = toIso(year, m, d);
    // A purchase of late December posted in January.
    if (soldIso > addDays(r.date, 31)) soldIso = toIso(year - 1, m, d);
    if (soldIso <= r.date) continue;
    const fits = lookAlikeDates(r.date).filter(
      (iso) =>
        iso >= soldIso &&
        iso <= addDays(soldIso, POSTING_DAYS) &&
        (!period || (iso >= addDays(period.start, -SLACK_DAYS) && iso <= addDays(period.end, SLACK_DAYS))),
    );
    if (fits.length !== 1) continue;
    trace.change(
      'ocr-posted-before-sold',
      r.id,
      'date',
      r.date,
      fits[0] as string,
      'posted before its transaction date; one digit read as one of like shape gives a date on or after it',
    );
    r.date = fits[0] as string;
    r.corrected = true;
  }
}
