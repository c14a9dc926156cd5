/**
 * `shared-balances`: rows of one day printed each with the balance after the last of them (a
 * bank that prints the day's balance on every row of it: "SDB_GST 53.82 10,547.18" then "ANNUAL
 * DEBIT CARD CHARGES 299.00 10,547.18"). Where the balance before the group plus all its amounts
 * is that balance, and the first row alone is not, the figure is the group's: the rows before its
 * last keep it as printed, but it checks nothing of them.
 */
import type { Draft, DraftRow } from '../draft';

export function sharedBalances(draft: Draft): void {
  let before = draft.opening?.cents ?? null;
  const rows = draft.rows;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as DraftRow;
    if (row.kind !== 'transaction' && row.kind !== 'balance') continue;
    if (row.balance === null) {
      if (row.kind === 'transaction' && before !== null) before += row.cents ?? 0;
      continue;
    }
    if (row.kind !== 'transaction' || before === null || row.cents === null) {
      before = row.balance;
      continue;
    }
    // The run of transactions of the same day printing the same balance.
    const group = [row];
    let end = i;
    for (let k = i + 1; k < rows.length; k++) {
      const next = rows[k] as DraftRow;
      if (next.kind === 'none') continue;
      if (next.kind !== 'transaction' || next.balance !== row.balance || next.date !== row.date || !next.cents) break;
      group.push(next);
      end = k;
    }
    const sum = group.reduce((n, r) => n + (r.cents ?? 0), 0);
    if (group.length > 1 && before + row.cents !== row.balance && before + sum === row.balance) {
      for (const r of group.slice(0, -1)) {
        draft.trace.change(
          'shared-balances',
          r.id,
          'balance',
          (r.balance as number) / 100,
          'of its day',
          `the balance after the ${group.length} rows of its day, printed on each`,
        );
        r.groupBalance = true;
      }
      i = end;
    }
    before = row.balance;
  }
}
