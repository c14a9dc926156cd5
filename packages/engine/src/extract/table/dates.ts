/**
 * `posting-date-column`: which date column holds the booking (posting) date, the transaction's
 * date in SCHEMA, where a table prints two (booking and value date; a card's transaction and
 * posting date). Evidence: the labels' words where they tell ("Buchungstag", "Posted", "Valuta");
 * else the dates themselves: a statement is in posting order, so the posting dates run forward
 * while transaction and value dates may step back.
 */
import type { DateToken } from '../../values/dates';
import { passEnabled } from '../passes';
import type { Token } from '../tokens/tokenise';
import type { Tracer } from '../trace';
import type { Column, Table } from './model';

function labelScore(c: Column): number {
  let s = 0;
  for (const r of c.readings.slice(0, 2)) {
    if (r.role === 'postingDate') s += 3;
    else if (r.role === 'date') s += 1;
    else if (r.role === 'valueDate') s -= 3;
    else if (r.role === 'transactionDate') s -= 2;
  }
  return s;
}

/** How often the column's dates step back, given a way to order them. */
function stepsBack(dates: DateToken[], key: (t: DateToken) => number): number {
  let back = 0;
  for (let i = 1; i < dates.length; i++) if (key(dates[i] as DateToken) < key(dates[i - 1] as DateToken)) back++;
  return back;
}

export function choosePostingDates(
  tables: Table[],
  cells: Map<Table['regions'][number], Token[][][]>,
  key: (t: DateToken) => number,
  trace: Tracer,
): void {
  for (const table of tables) {
    const first = table.regions[0];
    if (!first) continue;
    const dateColumns = (r: Table['regions'][number]) => r.columns.filter((c) => c.role === 'date');
    const count = Math.max(...table.regions.map((r) => dateColumns(r).length));
    if (count === 0) continue;
    // The k-th date column of each region, with its dates in order.
    const nth = (k: number) =>
      table.regions.flatMap((r) => {
        const col = dateColumns(r)[k];
        return col
          ? (cells.get(r) ?? []).flatMap((row) => (row[col.index] ?? []).flatMap((t) => (t.date ? [t.date] : [])))
          : [];
      });
    let best = 0;
    let why = 'the only date column';
    if (count > 1 && passEnabled('posting-date-column')) {
      const labels = dateColumns(first).map(labelScore);
      const top = Math.max(...labels);
      const byLabel = labels.filter((s) => s === top).length === 1;
      if (byLabel) {
        best = labels.indexOf(top);
        why = `its label "${dateColumns(first)[best]?.label}"`;
      } else {
        const backs = Array.from({ length: count }, (_, k) =>
          labels[k] === top ? stepsBack(nth(k), key) : Number.POSITIVE_INFINITY,
        );
        best = backs.indexOf(Math.min(...backs));
        why = `its dates run in order (${backs.map((b) => (Number.isFinite(b) ? b : '-')).join(' / ')} steps back)`;
      }
      trace.note('posting-date-column', 'dateColumn', null, best + 1, why);
    }
    for (const r of table.regions) {
      const col = dateColumns(r)[Math.min(best, dateColumns(r).length - 1)];
      if (col) r.postingDate = col.index;
    }
  }
}
