/**
 * Opening and closing balances:
 *
 * - `printed-balances`: as the statement prints them: labelled in a summary ("Previous
 *   balance"), else a balance row before the first transaction / after the last one;
 * - `inferred-balances`: where nothing prints them, from the running balances: the first printed
 *   balance less the amounts before it, and the last printed balance.
 */
import type { Draft } from '../draft';

export function printedBalances(draft: Draft): void {
  const tx = draft.rows.filter((r) => r.kind === 'transaction');
  const first = tx[0];
  const last = tx[tx.length - 1];
  const balanceRows = draft.rows.filter((r) => r.kind === 'balance' && r.balance !== null);
  const before = first ? balanceRows.filter((r) => r.id < first.id) : [];
  const after = last ? balanceRows.filter((r) => r.id > last.id) : [];
  if (draft.labelledOpening !== null) draft.opening = { cents: draft.labelledOpening, source: 'its label' };
  else if (before.length)
    draft.opening = { cents: before[0]?.balance as number, source: `the row "${before[0]?.description}"` };
  if (draft.labelledClosing !== null) draft.closing = { cents: draft.labelledClosing, source: 'its label' };
  else if (after.length) {
    const row = after[after.length - 1];
    draft.closing = { cents: row?.balance as number, source: `the row "${row?.description}"` };
  }
  if (draft.opening)
    draft.trace.note(
      'printed-balances',
      'openingBalance',
      null,
      draft.opening.cents / 100,
      `printed: ${draft.opening.source}`,
    );
  if (draft.closing)
    draft.trace.note(
      'printed-balances',
      'closingBalance',
      null,
      draft.closing.cents / 100,
      `printed: ${draft.closing.source}`,
    );
}

export function inferredBalances(draft: Draft): void {
  const rows = draft.rows.filter((r) => r.kind === 'transaction' || r.kind === 'balance');
  if (!draft.opening) {
    let sum = 0;
    for (const r of rows) {
      if (r.kind === 'transaction') {
        if (!r.signKnown) break;
        sum += r.cents ?? 0;
      }
      if (r.balance !== null) {
        draft.opening = { cents: r.balance - sum, source: 'the first running balance' };
        draft.trace.note(
          'inferred-balances',
          'openingBalance',
          null,
          draft.opening.cents / 100,
          'the first running balance less the amounts before it',
        );
        break;
      }
    }
  }
  if (!draft.closing) {
    const lastTx = rows.findLastIndex((r) => r.kind === 'transaction');
    const lastBal = rows.findLastIndex((r) => r.balance !== null);
    if (lastBal >= 0 && lastBal >= lastTx) {
      draft.closing = { cents: rows[lastBal]?.balance as number, source: 'the last running balance' };
      draft.trace.note(
        'inferred-balances',
        'closingBalance',
        null,
        draft.closing.cents / 100,
        'the last running balance',
      );
    } else if (draft.opening && rows.every((r) => r.kind !== 'transaction' || r.signKnown)) {
      // No balance after the last row: the closing is what the rows add up to, which proves nothing
      // on its own, so it is left unprinted (null) rather than invented.
    }
  }
}
