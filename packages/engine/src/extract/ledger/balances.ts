/**
 * Opening and closing balances:
 *
 * - `printed-balances`: as the statement prints them: labelled in a summary ("Previous
 *   balance"), else a balance row before the first transaction / after the last one;
 * - `inferred-balances`: where nothing prints them, from the running balances: the first printed
 *   balance less the amounts before it, and the last printed balance.
 */
import { type Draft, type DraftRow, ledgerPlaces, type Printed } from '../draft';
import { passEnabled } from '../passes';
import { rowLabels } from '../vocabulary';
import { reconcile } from './reconcile';

export function printedBalances(draft: Draft): void {
  const tx = draft.rows.filter((r) => r.kind === 'transaction');
  const first = tx[0];
  const last = tx[tx.length - 1];
  const balanceRows = draft.rows.filter((r) => r.kind === 'balance' && r.balance !== null);
  const at = ledgerPlaces(draft);
  const before = first ? balanceRows.filter((r) => at(r) < at(first)) : [];
  const after = last ? balanceRows.filter((r) => at(r) > at(last)) : [];
  if (draft.labelledOpening !== null) draft.opening = judged(draft, 'opening', draft.labelledOpening);
  else if (before.length)
    draft.opening = { cents: before[0]?.balance as number, source: `the row "${before[0]?.description}"` };
  if (draft.labelledClosing !== null) draft.closing = judged(draft, 'closing', draft.labelledClosing);
  else if (after.length) {
    const row = after[after.length - 1];
    draft.closing = { cents: row?.balance as number, source: `the row "${row?.description}"` };
  }
  ledgerRowBalances(draft, before[0], after[after.length - 1]);
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

/**
 * `balance-rows-judged`: where a balance printed outside the table ("Solde au 01/03/20", which is
 * either end) and the ledger's own opening or closing row ("SOLDE PRECEDENT", "NOUVEAU SOLDE")
 * differ, the one that the other end and every amount come to is taken. Only where every
 * amount's sign is known and exactly one pairing adds up.
 */
function ledgerRowBalances(draft: Draft, openingRow: DraftRow | undefined, closingRow: DraftRow | undefined): void {
  if (!passEnabled('balance-rows-judged')) return;
  const tx = draft.rows.filter((r) => r.kind === 'transaction');
  if (!tx.length || !tx.every((r) => r.signKnown && r.cents !== null)) return;
  const sum = tx.reduce((n, r) => n + (r.cents as number), 0);
  const values = (...vs: (number | null | undefined)[]) => [
    ...new Set(vs.filter((v): v is number => typeof v === 'number')),
  ];
  const openings = values(draft.opening?.cents, openingRow?.balance);
  const closings = values(draft.closing?.cents, closingRow?.balance);
  const fits = openings.flatMap((o) => closings.flatMap((c) => (o + sum === c ? [[o, c] as const] : [])));
  if (fits.length !== 1) return;
  const [o, c] = fits[0] as readonly [number, number];
  if (openingRow && o === openingRow.balance && draft.opening?.cents !== o)
    draft.opening = { cents: o, source: `the row "${openingRow.description}" (the amounts reach the closing from it)` };
  if (closingRow && c === closingRow.balance && draft.closing?.cents !== c)
    draft.closing = { cents: c, source: `the row "${closingRow.description}" (the amounts come to it)` };
}

/**
 * A labelled balance whose line prints other figures too (a carried-forward line with the
 * columns' totals beside the balance): the first figure right of the label, unless the statement's
 * own arithmetic names another of them alone, as the figure its running balances reach (the last
 * one for a closing, the first less the amounts before it for an opening) or, for a closing, the
 * opening and every amount come to.
 */
function judged(draft: Draft, kind: 'opening' | 'closing', first: number): Printed {
  const alternatives = draft.labelledAlternatives[kind].filter((v) => v !== first);
  const label: Printed = { cents: first, source: 'its label' };
  if (!alternatives.length) return label;
  const tx = draft.rows.filter((r) => r.kind === 'transaction');
  const at = ledgerPlaces(draft);
  const targets: number[] = [];
  const withBalance = draft.rows.filter(
    (r) => (r.kind === 'transaction' || r.kind === 'balance') && r.balance !== null,
  );
  if (kind === 'closing') {
    const last = withBalance[withBalance.length - 1];
    if (last && !tx.some((r) => at(r) > at(last))) targets.push(last.balance as number);
    if (draft.opening && tx.every((r) => r.signKnown && r.cents !== null))
      targets.push(draft.opening.cents + tx.reduce((n, r) => n + (r.cents as number), 0));
  } else {
    const firstBalance = withBalance[0];
    const before = firstBalance ? tx.filter((r) => at(r) <= at(firstBalance)) : [];
    if (firstBalance && before.every((r) => r.signKnown && r.cents !== null))
      targets.push((firstBalance.balance as number) - before.reduce((n, r) => n + (r.cents as number), 0));
  }
  if (!targets.length || targets.includes(first)) return label;
  const fitting = [...new Set(alternatives.filter((v) => targets.includes(v)))];
  if (fitting.length !== 1) return label;
  return {
    cents: fitting[0] as number,
    source: `its label's line, the figure the running balances and amounts come to (not the first, ${first / 100})`,
  };
}

/**
 * `balances-by-sum`: where the statement prints no running balance and no labelled opening or
 * closing, a figure printed outside the table (a summary in words no vocabulary has, "Saldo vorig
 * overzicht") is the opening and a later one the closing when the first plus every transaction
 * comes to the second, to the cent; with one of them known, the other is the figure it and the
 * transactions lead to. Only a single fitting figure or pair is taken.
 */
export function balancesBySum(draft: Draft): void {
  if (draft.opening && draft.closing) return;
  const tx = draft.rows.filter((r) => r.kind === 'transaction');
  if (tx.length < 2 || draft.rows.some((r) => r.balance !== null)) return;
  if (tx.some((r) => !r.signKnown || r.cents === null)) return;
  const net = tx.reduce((n, r) => n + (r.cents as number), 0);
  if (net === 0) return;
  const figures = draft.factFigures;
  const note = (field: 'openingBalance' | 'closingBalance', p: Printed) =>
    draft.trace.note('balances-by-sum', field, null, p.cents / 100, p.source);
  if (draft.opening) {
    const target = draft.opening.cents + net;
    if (figures.filter((f) => f === target).length !== 1) return;
    draft.closing = { cents: target, source: 'the printed figure the opening and every transaction come to' };
    note('closingBalance', draft.closing);
    return;
  }
  if (draft.closing) {
    const target = draft.closing.cents - net;
    if (figures.filter((f) => f === target).length !== 1) return;
    draft.opening = { cents: target, source: 'the printed figure that, with every transaction, comes to the closing' };
    note('openingBalance', draft.opening);
    return;
  }
  const pairs: [number, number][] = [];
  figures.forEach((a, i) => {
    figures.forEach((b, j) => {
      if (j > i && a + net === b) pairs.push([i, j]);
    });
  });
  // A summary's totals fit too (received payments and purchases differ by the net as well): where
  // several pairs fit, the pair whose figures between them add up to its difference (previous
  // balance, + in, − out, new balance) is the summary's opening and closing.
  const chosen = pairs.length === 1 ? pairs : pairs.filter(([i, j]) => explains(figures.slice(i + 1, j), net));
  if (chosen.length !== 1) return;
  const [i, j] = chosen[0] as [number, number];
  const opening = figures[i] as number;
  const closing = figures[j] as number;
  draft.opening = { cents: opening, source: 'a printed figure that, with every transaction, comes to a later one' };
  draft.closing = { cents: closing, source: 'the printed figure the opening and every transaction come to' };
  note('openingBalance', draft.opening);
  note('closingBalance', draft.closing);
}

/** Whether two or more of the figures, each added, subtracted or left out, come to `target`. */
function explains(between: number[], target: number): boolean {
  const values = between.map(Math.abs).slice(0, 6);
  const tryFrom = (k: number, sum: number, used: number): boolean => {
    if (k === values.length) return used >= 2 && Math.abs(sum) === Math.abs(target);
    const v = values[k] as number;
    return tryFrom(k + 1, sum, used) || tryFrom(k + 1, sum + v, used + 1) || tryFrom(k + 1, sum - v, used + 1);
  };
  return tryFrom(0, 0, 0);
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
        draft.opening = { cents: r.balance - sum, source: 'the first running balance', inferred: true };
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

/**
 * `amount-column-balances`: a row read as a balance whose figure stands in an amount column of a
 * table that has a balance column may be something else. A row naming a balance ("SALDO FINAL DISP
 * CREDOR  61.441,67" under Valor, the day's balance "SALDO  63.191,67" under Saldo) may print the
 * part available, or a limit: no balance. A row no label calls a balance, taken for the closing
 * because the amounts above came to its figure, may be the last transaction (a sweep into a fund
 * that brings the account back to zero). Its readings (as read, no balance, a transaction) are
 * judged by the running balances: the one with the fewest mismatches, as read where tied.
 */
export function amountColumnBalances(draft: Draft): void {
  const rows = draft.rows.filter((r) => r.kind === 'balance' && r.balanceInAmountColumn && r.balance !== null);
  if (!rows.length) return;
  const misses = () => reconcile(draft, () => 0).mismatches.length;
  for (const row of rows) {
    const printed = row.balance as number;
    const { cents, signKnown } = row;
    const asRead = misses();
    row.kind = 'none';
    row.balance = null;
    const none = misses();
    let asTransaction = Number.POSITIVE_INFINITY;
    // What its own words say (passes add the label they read from the arithmetic).
    const named = rowLabels(row.description || row.text);
    if (!named.includes('opening') && !named.includes('closing')) {
      row.kind = 'transaction';
      row.cents = draft.card ? -printed : printed;
      row.signKnown = true;
      asTransaction = misses();
    }
    const best = Math.min(asRead, none, asTransaction);
    const to = best === asRead ? 'balance' : best === asTransaction ? 'transaction' : 'none';
    if (to === 'balance') {
      Object.assign(row, { kind: 'balance', balance: printed, cents, signKnown });
      continue;
    }
    if (to === 'none') Object.assign(row, { kind: 'none', cents, signKnown });
    draft.trace.change(
      'amount-column-balances',
      row.id,
      'kind',
      'balance',
      to,
      `"${row.description}" prints ${printed / 100} under an amount: ${asRead} mismatches read as a balance, ${to === 'none' ? none : asTransaction} as ${to === 'none' ? 'no balance' : 'a transaction'}`,
    );
  }
}
