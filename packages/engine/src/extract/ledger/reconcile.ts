/**
 * Reconciliation: every printed running balance (previous + amount = balance) and opening + sum
 * = closing. A statement says `balanced` only when at least one check ran and all passed. A
 * balance printed after another with no transaction between proves no row, so it is no check
 * (it is still a mismatch where the two differ): a daily balance line under a daily balance line
 * must not make a statement of unproven rows `balanced`. Nor does an opening balance worked out
 * from the first running balance: that balance, and opening + sum = closing where it is the last,
 * hold by construction.
 */
import type { Reconciliation, ReconciliationMismatch } from '@statemint/shared';
import type { Draft } from '../draft';

export function reconcile(draft: Draft, indexOf: (id: number) => number): Reconciliation {
  const mismatches: ReconciliationMismatch[] = [];
  let checks = 0;
  let running = draft.opening?.cents ?? null;
  let lastTx = -1;
  let rowsSince = 0;
  // An inferred opening: the first printed balance it comes from is no check, and the rows after
  // that balance are all that opening + sum = closing can prove.
  let derived = draft.opening?.inferred === true;
  let rowsAfterFirstBalance = 0;
  let seenBalance = false;
  for (const row of draft.rows) {
    if (row.kind === 'transaction' && seenBalance) rowsAfterFirstBalance++;
    if (row.kind === 'transaction') {
      if (running !== null) running += row.cents ?? 0;
      lastTx = row.id;
      rowsSince++;
    }
    // A day's balance printed on each of its rows checks the last of them only (shared-balances).
    if ((row.kind === 'transaction' || row.kind === 'balance') && row.balance !== null && !row.groupBalance) {
      seenBalance = true;
      if (running !== null) {
        if (rowsSince > 0 && !derived) checks++;
        derived = false;
        if (running !== row.balance) {
          const at = row.kind === 'transaction' ? indexOf(row.id) : indexOf(lastTx);
          mismatches.push({ row: at, expected: running / 100, printed: row.balance / 100 });
        }
      }
      running = row.balance;
      rowsSince = 0;
    }
  }
  const o = draft.opening?.cents;
  const c = draft.closing?.cents;
  if (o !== undefined && c !== undefined) {
    if (!draft.opening?.inferred || rowsAfterFirstBalance > 0) checks++;
    const total = o + draft.rows.reduce((s, r) => s + (r.kind === 'transaction' ? (r.cents ?? 0) : 0), 0);
    if (total !== c) mismatches.push({ row: -1, expected: total / 100, printed: c / 100 });
  }
  return { status: checks === 0 ? 'unknown' : mismatches.length ? 'unbalanced' : 'balanced', mismatches };
}
