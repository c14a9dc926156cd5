/** The stretches of transactions between printed balances, in order (the ledger's unit of proof). */
import type { DraftRow } from '../draft';

export interface Stretch {
  rows: DraftRow[];
  /** The balance before them (the opening for the first), null where unknown. */
  from: number | null;
  /** The printed balance that ends them. */
  to: number;
}

/** With `closing`, the transactions after the last printed balance form a stretch ending at it. */
export function* stretches(
  rows: DraftRow[],
  opening: number | null,
  closing: number | null = null,
): Generator<Stretch> {
  let from = opening;
  let segment: DraftRow[] = [];
  for (const row of rows) {
    if (row.kind === 'transaction') segment.push(row);
    if ((row.kind === 'transaction' || row.kind === 'balance') && row.balance !== null) {
      if (segment.length) yield { rows: segment, from, to: row.balance };
      from = row.balance;
      segment = [];
    }
  }
  if (segment.length && closing !== null) yield { rows: segment, from, to: closing };
}
