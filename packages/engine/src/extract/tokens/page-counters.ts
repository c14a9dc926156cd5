/**
 * `page-counters`: "1/29" on page 1, "2/29" on page 2, "3/29" on page 3 number the pages ("Folha
 * 2/29"); they are not the first of a 29th month nor January 29th. Read as dates they vote on the
 * document's day order: a 29-page statement said "month first" twelve times. Evidence: the first
 * number runs with the page numbers and the second stays the same, one such figure per page, on
 * at least three pages in a row, and the second is at least the number of pages counted. A
 * ledger's dates do not step by one day per page with one date each.
 */
import { datesIn } from '../../values/dates';
import { passEnabled } from '../passes';
import { lineText, type TokenLine } from './tokenise';

const MIN_PAGES = 3;

export interface PageCounters {
  /** Whether the date printed as `text` on `page` counts pages. */
  has(page: number, text: string): boolean;
  /** The counters found, for the trace: the first one's text and the pages they run over. */
  found: { text: string; from: number; to: number }[];
}

export function findPageCounters(lines: TokenLine[]): PageCounters {
  const keys = new Set<string>();
  const found: PageCounters['found'] = [];
  const counters: PageCounters = { has: (page, text) => keys.has(`${page}\u0000${text}`), found };
  if (!passEnabled('page-counters')) return counters;
  // Per total and offset (page number minus counter): the pages printing such a figure, and its texts.
  const groups = new Map<string, Map<number, string[]>>();
  for (const l of lines)
    for (const { token: d } of datesIn(lineText(l))) {
      if (d.kind !== 'numeric' || d.year || d.c !== undefined || d.a < 1 || d.a > d.b) continue;
      const key = `${d.b}:${l.page - d.a}`;
      const byPage = groups.get(key) ?? new Map<number, string[]>();
      byPage.set(l.page, [...(byPage.get(l.page) ?? []), d.text]);
      groups.set(key, byPage);
    }
  for (const [key, byPage] of groups) {
    const total = Number(key.split(':')[0]);
    // The longest stretch of consecutive pages, each printing one such figure.
    let best: number[] = [];
    let run: number[] = [];
    for (const n of [...byPage.keys()].sort((a, b) => a - b)) {
      run = run.length && n === (run[run.length - 1] as number) + 1 ? [...run, n] : [n];
      if (byPage.get(n)?.length !== 1) run = [];
      if (run.length > best.length) best = run;
    }
    if (best.length < MIN_PAGES || total < best.length) continue;
    for (const n of best) keys.add(`${n}\u0000${byPage.get(n)?.[0]}`);
    found.push({
      text: byPage.get(best[0] as number)?.[0] ?? '',
      from: best[0] as number,
      to: best[best.length - 1] as number,
    });
  }
  return counters;
}
