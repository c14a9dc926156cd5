/**
 * Stage 4, values (dates): one day order for the whole document, from every numeric date it
 * prints (a first number over 12 is a day); years for dates printed without one, from the
 * statement period, else from the statement date, else in order from the document's own years;
 * and months for names that mean two months ("JUI" in French) from the period and the rows
 * around them.
 */
import { addDays, type DateToken, type DayOrder, dayMonth, daysBetween, isValidYMD, toIso } from '../../values/dates';
import type { Period } from '../facts/period';
import { passEnabled } from '../passes';
import type { Tracer } from '../trace';

/** The day order the numeric dates prove, or null when none has a part over 12. */
export function dayOrderEvidence(tokens: Iterable<DateToken>): { order: DayOrder | null; dmy: number; mdy: number } {
  let dmy = 0;
  let mdy = 0;
  for (const t of tokens) {
    if (t.kind !== 'numeric') continue;
    if (t.a > 12 && t.b <= 12) dmy++;
    else if (t.b > 12 && t.a <= 12) mdy++;
  }
  return { order: dmy === mdy ? null : dmy > mdy ? 'DMY' : 'MDY', dmy, mdy };
}

interface Candidate {
  iso: string;
}

function candidates(t: DateToken, order: DayOrder, years: number[]): Candidate[] {
  const out: Candidate[] = [];
  for (const month of t.kind === 'named' ? (t.months ?? [t.b]) : [undefined]) {
    const { y, m, d } = dayMonth(t, order, month);
    for (const year of y !== null ? [y] : years) {
      if (isValidYMD(year, m, d)) out.push({ iso: toIso(year, m, d) });
    }
  }
  return out;
}

const distance = (iso: string, p: Period) =>
  iso < p.start ? daysBetween(iso, p.start) : iso > p.end ? daysBetween(p.end, iso) : 0;

export interface DateContext {
  order: DayOrder;
  period: Period | null;
  /** The statement date, or the latest full date the document prints: rows are not after it. */
  reference: string | null;
  /** The year to assume when nothing else tells. */
  fallbackYear: number;
}

/**
 * Resolves a table's row dates in order. Each returned date is ISO, or null where the token is
 * not a valid date under the document's order.
 */
export function resolveDates(tokens: (DateToken | null)[], ctx: DateContext): (string | null)[] {
  const { period, order } = ctx;
  const out: (string | null)[] = tokens.map(() => null);
  if (period) {
    const sy = Number(period.start.slice(0, 4));
    const ey = Number(period.end.slice(0, 4));
    const years = [...new Set([sy - 1, sy, ey, ey + 1])];
    let prev: string | null = null;
    tokens.forEach((t, i) => {
      if (!t) return;
      const cands = candidates(t, order, years);
      let best: string | null = null;
      let score = Number.POSITIVE_INFINITY;
      for (const c of cands) {
        // Inside (or nearest to) the period; between equals, nearest the row before.
        const s = distance(c.iso, period) * 1000 + (prev ? Math.abs(daysBetween(prev, c.iso)) : 0);
        if (s < score) {
          score = s;
          best = c.iso;
        }
      }
      out[i] = best;
      if (best) prev = best;
    });
    return out;
  }
  // No period: years printed on the rows stand; the others follow in order, and the last
  // dated row is not after the reference date.
  const full = tokens.map((t) => (t?.year ? (candidates(t, order, [])[0]?.iso ?? null) : null));
  const reference = ctx.reference;
  let year = reference ? Number(reference.slice(0, 4)) : ctx.fallbackYear;
  let later: { m: number; d: number } | null = null;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i];
    if (!t) continue;
    if (full[i]) {
      out[i] = full[i] as string;
      year = Number((full[i] as string).slice(0, 4));
      const { m, d } = dayMonth(t, order);
      later = { m, d };
      continue;
    }
    const { m, d } = dayMonth(t, order);
    if (later === null && reference) {
      // The last row: the year that puts it on or before the reference date, and closest to it.
      const iso = toIso(year, m, d);
      if (iso > addDays(reference, 7)) year--;
    } else if (later && (m > later.m + 6 || (m > later.m && later.m <= 2 && m >= 11))) year--;
    if (isValidYMD(year, m, d)) out[i] = toIso(year, m, d);
    later = { m, d };
  }
  return out;
}

/**
 * The order that puts the most of these dates inside the period, when one does clearly better;
 * year first only where the dates print three two-digit parts.
 */
export function orderByPeriod(tokens: DateToken[], period: Period): DayOrder | null {
  const inside = (order: DayOrder) =>
    resolveDates(tokens, { order, period, reference: null, fallbackYear: 0 }).filter(
      (iso) => iso && iso >= period.start && iso <= period.end,
    ).length;
  const orders: DayOrder[] = tokens.some((t) => t.c !== undefined) ? ['DMY', 'MDY', 'YMD'] : ['DMY', 'MDY'];
  const scored = orders.map((o) => ({ o, n: inside(o) })).sort((a, b) => b.n - a.n);
  const [best, next] = scored;
  return best && best.n > (next?.n ?? 0) ? best.o : null;
}

/** One character inserted, deleted or replaced. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const rest = (x: string, k: number) => x.slice(i + k);
  return rest(a, 1) === rest(b, 1) || rest(a, 1) === rest(b, 0) || rest(a, 0) === rest(b, 1);
}

/**
 * The one date from `lo` to `hi` whose printed digits are the digits read, else the one at most
 * one edit from them, else null ("2204." between the 21st and the 23rd is the 22nd: its lost dot
 * left the digits whole, while the neighbours are each one digit off too).
 */
export function recoverDate(text: string, lo: string, hi: string, order: DayOrder): string | null {
  const read = text
    .replace(/[Oo]/g, '0')
    .replace(/[IilL|]/g, '1')
    .replace(/[sS]/g, '5')
    .replace(/[bB]/g, '8')
    .replace(/[zZ]/g, '2')
    // Narrow digits run together: "1/1" or "11" read as one letter ("ms" for "1/15").
    .replace(/[mM]/g, '11')
    .replace(/\D/g, '');
  if (read.length < 2) return null;
  // Tiers, best first: the digits exactly as a date prints them zero-padded ('0301'), exactly as
  // printed without the padding ('3/1/24' read '3124'), then one edit from either.
  const tiers: string[][] = [[], [], [], []];
  const end = Date.parse(hi);
  for (let t = Date.parse(lo), n = 0; t <= end && n < 62; t += 86_400_000, n++) {
    const iso = new Date(t).toISOString().slice(0, 10);
    const [y, m, d] = iso.split('-') as [string, string, string];
    const forms = (dd: string, mm: string) => {
      const dm = order === 'MDY' ? `${mm}${dd}` : `${dd}${mm}`;
      return [dm, dm + y.slice(2), dm + y];
    };
    const padded = forms(d, m);
    const bare = forms(String(Number(d)), String(Number(m))).filter((f) => !padded.includes(f));
    const tier = padded.includes(read)
      ? 0
      : bare.includes(read)
        ? 1
        : padded.some((f) => oneEditApart(read, f))
          ? 2
          : bare.some((f) => oneEditApart(read, f))
            ? 3
            : -1;
    if (tier >= 0) tiers[tier]?.push(iso);
  }
  const found = tiers.find((t) => t.length);
  return found?.length === 1 ? (found[0] as string) : null;
}

/**
 * `ocr-damaged-dates`: a row whose date OCR damaged ("0/14", "011") takes the one date between its
 * neighbours' dates (or the period's ends) one edit from what was read; else the date of the row
 * above, and the statement says the date could not be read.
 */
export function recoverDamagedDates(
  rows: { id: number; date: string | null; damagedDate?: string; corrected: boolean }[],
  order: DayOrder,
  period: Period | null,
  trace: Tracer,
  issues: { code: string; message: string; row?: number }[],
): void {
  if (!passEnabled('ocr-damaged-dates')) return;
  rows.forEach((r, i) => {
    if (!r.damagedDate || r.date) return;
    const before = rows.slice(0, i).findLast((x) => x.date)?.date ?? period?.start ?? null;
    const after = rows.slice(i + 1).find((x) => x.date)?.date ?? period?.end ?? null;
    const [lo, hi] = before && after && before > after ? [after, before] : [before, after];
    const date = lo && hi ? recoverDate(r.damagedDate, lo, hi, order) : null;
    if (!date) {
      issues.push({
        code: 'DATE_UNREADABLE',
        message: "The date of this row could not be read; the previous row's date was used.",
        row: r.id,
      });
      trace.change(
        'ocr-damaged-dates',
        r.id,
        'date',
        r.damagedDate,
        null,
        'no single date fits; the row above gives it',
      );
      return;
    }
    r.date = date;
    r.corrected = true;
    trace.change(
      'ocr-damaged-dates',
      r.id,
      'date',
      r.damagedDate,
      date,
      'the one date between its neighbours with the digits read, or one character from them',
    );
  });
}
