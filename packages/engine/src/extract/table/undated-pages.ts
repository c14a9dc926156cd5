/**
 * `undated-pages`: a page of the table's rows that prints no date (a day's date stands on its first
 * row only, and the day runs on over whole pages) and no header of its own continues the table of
 * the page before: its lines of amounts stand in the table's own money columns, two of them on most
 * lines (an amount and the running balance). It is read under the table's header; its rows take
 * the date of the row above. Before, such pages were no table at all and their rows were lost.
 */
import { passEnabled } from '../passes';
import { SETTINGS } from '../settings';
import type { TokenLine } from '../tokens/tokenise';
import type { Region } from './model';
import { isLabelLine, isPageNumber, pageMetrics, type RegionLines } from './regions';

const MIN_ROWS = 3;

export function undatedContinuation(
  page: number,
  lines: TokenLine[],
  head: Region | undefined,
  prev: Region | undefined,
): RegionLines | null {
  if (!passEnabled('undated-pages') || !head || !prev || prev.page !== page - 1) return null;
  // The table's money columns, those a label names but the first page left empty too (its debits).
  const money = head.columns.filter(
    (c) =>
      c.kind === 'money' ||
      (c.kind === 'empty' && ['debit', 'credit', 'amount', 'balance'].includes(c.readings[0]?.role ?? '')),
  );
  if (money.length < 2) return null;
  const { pitch, size } = pageMetrics(lines);
  const inColumn = (x1: number) => money.some((c) => Math.abs(c.x1 - x1) < head.size * 2);
  const amounts = (l: TokenLine) => l.tokens.filter((t) => t.kind === 'money');
  const isRow = (l: TokenLine) => {
    const a = amounts(l);
    return a.length > 0 && a.every((t) => inColumn(t.x1)) && !l.tokens.some((t) => t.kind === 'date');
  };
  const rows = lines.flatMap((l, i) => (isRow(l) ? [i] : []));
  if (rows.length < MIN_ROWS) return null;
  // Most rows print an amount and its balance: a summary box prints one figure a line.
  if (rows.filter((i) => amounts(lines[i] as TokenLine).length >= 2).length * 2 < rows.length) return null;
  const gap = (i: number) => ((lines[i] as TokenLine).y0 - (lines[i - 1] as TokenLine).y1) / pitch + 1;
  // One run of rows: from the first, while the lines between keep within the table's spacing.
  const first = rows[0] as number;
  let last = first;
  for (const i of rows.slice(1)) {
    let open = true;
    for (let k = last + 1; k <= i && open; k++) if (gap(k) > SETTINGS.table.regionGap) open = false;
    if (!open) break;
    last = i;
  }
  const seeds = rows.filter((i) => i <= last);
  if (seeds.length < MIN_ROWS) return null;
  const stop = (l: TokenLine) => isLabelLine(l, 2) || isPageNumber(l);
  let top = first;
  while (top > 0 && first - top < 3 && !stop(lines[top - 1] as TokenLine) && gap(top) <= SETTINGS.table.extendGap)
    top--;
  let bottom = last;
  while (
    bottom + 1 < lines.length &&
    bottom - last < SETTINGS.table.maxTrailingTextLines &&
    !stop(lines[bottom + 1] as TokenLine) &&
    gap(bottom + 1) <= SETTINGS.table.extendGap
  )
    bottom++;
  return {
    page,
    header: head.header,
    lines: lines.slice(first, last + 1),
    seeds: seeds.map((i) => lines[i] as TokenLine),
    above: lines.slice(top, first),
    below: lines.slice(last + 1, bottom + 1),
    pitch,
    size,
  };
}
