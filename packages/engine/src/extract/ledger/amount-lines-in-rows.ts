/**
 * `amount-lines-in-rows`: an undated line with a figure and no balance, printed straight under a
 * transaction, is more of that transaction (a top-up's "Fee: £0.17  £10.17", the gross it was
 * charged on) where the running balances chain over it without its figure and not with it: the
 * balance of the row before plus the next row's amount is the next row's balance. Its words join
 * the transaction's description; its figure is no transaction.
 */
import { type Draft, type DraftRow, transactionStraightAbove } from '../draft';

export function amountLinesInRows(draft: Draft): void {
  const rows = draft.rows;
  for (let i = 1; i < rows.length - 1; i++) {
    const row = rows[i] as DraftRow;
    if (row.kind !== 'transaction' || row.dateToken || row.damagedDate || row.balance !== null || row.cents === null)
      continue;
    const prev = transactionStraightAbove(draft, i);
    let k = i + 1;
    while (rows[k]?.kind === 'none') k++;
    const next = rows[k];
    if (!prev || next?.kind !== 'transaction') continue;
    if (prev.balance === null || next.balance === null || next.cents === null || !next.dateToken) continue;
    const [before, after, amount] = [prev.balance, next.balance, next.cents];
    const without = before + amount === after;
    const withIt = [row.cents, -row.cents].some((c) => before + c + amount === after);
    if (!without || withIt) continue;
    row.kind = 'none';
    const text = prev.description;
    prev.description = `${prev.description} ${row.description}`.replace(/\s+/g, ' ').trim();
    draft.trace.change(
      'amount-lines-in-rows',
      prev.id,
      'description',
      text,
      prev.description,
      `the line under it with ${row.cents / 100} and no balance: the balances chain without that figure`,
    );
  }
}
