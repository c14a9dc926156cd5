/**
 * `secondary-tables`: a statement may print more than one table with dates and amounts: sections
 * of its transactions (deposits, withdrawals), or a table that is no ledger (interest and fees
 * charged, a rate table). A table besides the main one stays only where the statement's own
 * balances allow it: where the main table alone makes opening + amounts = closing and the other
 * table would break that, the other table is not transactions.
 */
import type { DraftRow } from '../draft';
import { type LedgerRowInput, readings } from '../ledger/readings';
import type { Tracer } from '../trace';
import type { LabelReading } from '../vocabulary';

export function keepTables(
  rows: DraftRow[],
  ctx: {
    keys: string[];
    labels: Map<string, LabelReading[]>;
    opening: number | null;
    closing: number | null;
    card: boolean;
  },
  trace: Tracer,
): DraftRow[] {
  const tables = [...new Set(rows.map((r) => r.raw.table))];
  if (tables.length < 2 || ctx.opening === null || ctx.closing === null) return rows;
  const size = (t: number) => rows.filter((r) => r.raw.table === t).length;
  const main = tables.reduce((a, b) => (size(b) > size(a) ? b : a));
  const input = (rs: DraftRow[]): LedgerRowInput[] => rs.map((r) => ({ money: r.money, sign: r.sign }));
  const total = (rs: DraftRow[]) =>
    readings({
      rows: input(rs),
      keys: ctx.keys,
      labels: ctx.labels,
      opening: ctx.opening,
      closing: ctx.closing,
      card: ctx.card,
    })[0]?.explains.total ?? null;
  const mainRows = rows.filter((r) => r.raw.table === main && r.kind === 'transaction');
  if (total(mainRows) !== true) return rows;
  let kept = rows;
  for (const t of tables) {
    if (t === main) continue;
    const other = rows.filter((r) => r.raw.table === t && r.kind === 'transaction');
    if (total([...mainRows, ...other]) === true) continue;
    kept = kept.filter((r) => r.raw.table !== t);
    trace.note(
      'secondary-tables',
      'table',
      `${t + 1}`,
      null,
      'the main table alone adds up to the closing balance; this one would break it',
    );
  }
  return kept;
}
