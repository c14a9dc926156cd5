/**
 * `money-roles`: decides the table's reading of its money columns (see readings.ts) and applies
 * it: each transaction row gets its signed amount (or its unsigned amount where nothing on the
 * row tells the sign), each row its printed running balance; rows with a balance and no amount
 * are balance rows; balance rows take their value from the balance column, else from their one
 * amount.
 */
import { type Draft, type DraftRow, transactionStraightAbove } from '../draft';
import { passEnabled } from '../passes';
import { hasFactWord } from '../vocabulary';
import {
  balanceOf,
  carriesBalance,
  describeReading,
  type LedgerRowInput,
  type Reading,
  readings,
  rowAmount,
  TOTALS_FIT,
  TOTALS_MISS,
} from './readings';

function inputOf(row: DraftRow): LedgerRowInput {
  return { money: row.money, sign: row.sign };
}

export function moneyRoles(draft: Draft): void {
  const rows = draft.rows.filter((r) => r.kind === 'transaction' || r.kind === 'balance');
  if (!draft.keys.length) return;
  // Balance rows named by their label count as printed balances: their value is the reading's balance
  // cell, else their one amount. Those are fed as rows with only a balance.
  const all = readings({
    rows: rows.map((r) => (r.kind === 'balance' ? balanceInput(r, draft) : inputOf(r))),
    keys: draft.keys,
    labels: draft.labels,
    opening: draft.labelledOpening,
    closing: draft.labelledClosing,
    totals: passEnabled('totals-judged') ? draft.printedTotals : null,
    card: draft.card,
    mayOwe: !newestFirst(draft),
  });
  const best = all[0];
  if (!best) return;
  draft.reading = best;
  // The printed totals decided: without their score the runner-up, which they count against, would win.
  const second = all[1];
  const withoutTotals = (r: Reading) =>
    r.score - (r.explains.totals === true ? TOTALS_FIT : r.explains.totals === false ? -TOTALS_MISS : 0);
  if (
    best.explains.totals === true &&
    second &&
    second.explains.totals === false &&
    withoutTotals(second) >= withoutTotals(best)
  )
    draft.trace.note(
      'totals-judged',
      'columns',
      describeReading(second),
      describeReading(best),
      "the summary's totals in and out agree with this reading, not with the other",
    );
  const e = best.explains;
  draft.trace.note(
    'money-roles',
    'columns',
    null,
    describeReading(best),
    `explains ${e.balances} of ${e.balanceChecks} running balances${e.total === null ? '' : e.total ? ', opening + amounts = closing' : ', not the closing balance'}${e.totals === null ? '' : e.totals ? ', the totals printed' : ', not the totals printed'}; ${Math.round(e.coverage * 100)}% of rows have one amount` +
      (all[1]
        ? `; next best: ${describeReading(all[1])} (${all[1].score.toFixed(1)} against ${best.score.toFixed(1)})`
        : ''),
  );
}

/** Whether the dated rows run newest first: more steps back in date than forward. */
export function newestFirst(draft: Draft): boolean {
  const dates = draft.rows.flatMap((r) => (r.dateToken && r.date ? [r.date] : []));
  let back = 0;
  let forward = 0;
  for (let i = 1; i < dates.length; i++) {
    if ((dates[i] as string) < (dates[i - 1] as string)) back++;
    else if ((dates[i] as string) > (dates[i - 1] as string)) forward++;
  }
  return back > forward;
}

/** A labelled balance row as the readings see it: its one value, under a key of its own. */
function balanceInput(row: DraftRow, draft: Draft): LedgerRowInput {
  void draft;
  return { money: row.money, sign: row.sign, balanceOnly: true };
}

export function applyReading(draft: Draft): void {
  const reading = draft.reading;
  if (!reading) return;
  const balanceKey = reading.balance;
  // The last printed balance and whether amounts came since (for rows that carry it forward).
  let prev: number | null = draft.labelledOpening;
  let amountsSince = false;
  for (const row of draft.rows) {
    if (row.kind === 'total' || row.kind === 'none') continue;
    const printed = balanceKey ? balanceOf(row.money.get(balanceKey), draft.card, reading.owed) : null;
    const before = prev;
    if (
      reading.carried &&
      row.kind === 'transaction' &&
      carriesBalance(inputOf(row), reading, draft.card, prev, amountsSince)
    ) {
      row.kind = 'balance';
      row.balance = prev;
      draft.trace.change(
        'money-roles',
        row.id,
        'kind',
        'transaction',
        'balance',
        'its one figure repeats the balance before it',
      );
      continue;
    }
    if (printed !== null) {
      prev = printed;
      amountsSince = false;
    } else if (row.kind === 'transaction' && row.money.size) amountsSince = true;
    if (row.kind === 'balance') {
      if (printed !== null) row.balance = printed;
      else if (row.money.size >= 2) {
        // Values in several amount columns and none in the balance column: column sums carried forward.
        row.kind = 'total';
        draft.trace.change(
          'money-roles',
          row.id,
          'kind',
          'balance',
          'total',
          'it carries sums of the amount columns, no balance',
        );
      } else {
        // The balance printed in an amount column ("Saldo al 24/06/2025   787,90 H").
        const [key] = [...row.money.keys()];
        const cell = key ? row.money.get(key) : undefined;
        const a = cell
          ? rowAmount(
              { money: new Map([[key as string, cell]]), sign: row.sign },
              { amount: { kind: 'signed', key: key as string }, debitSigns: reading.debitSigns },
              false,
            )
          : null;
        // Called a debit balance ("Solde débiteur au ..."), it is overdrawn.
        const owed = hasFactWord(row.text, 'overdrawn');
        const value = a ? (owed && a.cents > 0 ? -a.cents : a.cents) : null;
        row.balance = value === null ? null : draft.card ? -value : value;
        if (reading.balance) row.balanceInAmountColumn = true;
      }
      continue;
    }
    const amt = rowAmount(inputOf(row), reading, draft.card);
    row.balance = printed;
    // An undated line of amount zero straight under a transaction (its foreign amount) is more of it.
    if (amt?.cents === 0 && printed === null && continueDescription(draft, row, true)) {
      row.kind = 'none';
      continue;
    }
    if (!amt && row.confidence !== null && (row.dateToken || row.damagedDate) && row.description) {
      // OCR: a dated row whose amount is unreadable waits for the balances (ocr-missing-amounts).
      row.cents = 0;
      row.signKnown = true;
      row.missing = true;
      continue;
    }
    if (!amt) {
      // A status line printing 0.00 where balances stand ("Acc Status Enq ... 0.00") between
      // balances that are not zero shows no balance: the ledger runs past it.
      if (
        printed === 0 &&
        !row.labels.length &&
        before !== null &&
        before !== 0 &&
        row.kind === 'transaction' &&
        passEnabled('zero-status-lines')
      ) {
        row.kind = 'none';
        prev = before;
        draft.trace.change(
          'zero-status-lines',
          row.id,
          'kind',
          'transaction',
          'none',
          'no amount, and 0.00 where a balance that is not zero stands',
        );
        continue;
      }
      if (printed !== null) {
        row.kind = 'balance';
        draft.trace.change('money-roles', row.id, 'kind', 'transaction', 'balance', 'a balance and no amount');
      } else {
        row.kind = 'none';
        draft.trace.change('money-roles', row.id, 'kind', 'transaction', 'none', 'no value in the amount columns');
        continueDescription(draft, row);
      }
      continue;
    }
    row.cents = amt.cents;
    row.signKnown = amt.known;
  }
}

/**
 * `continued-lines`: an undated row the reading leaves without an amount, printed straight under a
 * transaction (no more than a line apart), in the description's place, is more lines of that
 * transaction's description: a figure inside its text ("Entgelt 5,90EUR") made it a row of its
 * own, and its lines ("Mandat: ...", "Referenz: ...") were lost.
 */
function continueDescription(draft: Draft, row: DraftRow, zero = false): boolean {
  if (!passEnabled('continued-lines') || row.dateToken || row.damagedDate || !row.description) return false;
  const prev = transactionStraightAbove(draft, draft.rows.indexOf(row));
  if (!prev) return false;
  // A line of zero amount continues a dated row only (under an undated interest line, "Interest
  // charged on cash advances ... 0.00" is a line of its own).
  if (zero && !prev.dateToken) return false;
  const region = row.raw.region;
  // It starts where the descriptions do, not in the date column (a heading or a label line); a
  // line of zero amount may start in a reference column before them ("##0186  120.00US DOLLAR
  // 0.00" under a foreign charge).
  const desc = region.columns.find((c) => c.role === 'description');
  const date = region.columns.find((c) => c.kind === 'date');
  const from = zero && date ? date.x1 : (desc?.x0 ?? 0) - region.size;
  if (!desc || row.raw.box.x0 < from) return false;
  // Every word of its lines in reading order, figures too (they are text here), but the zero.
  const words = row.raw.cells
    .filter((_, c) => !zero || region.columns[c]?.kind !== 'money')
    .flat()
    .sort((a, b) => (Math.abs(a.y0 - b.y0) < region.size / 2 ? a.x0 - b.x0 : a.y0 - b.y0))
    .map((t) => t.text);
  const before = prev.description;
  prev.description = `${prev.description} ${words.join(' ')}`.replace(/\s+/g, ' ').trim();
  draft.trace.change(
    'continued-lines',
    prev.id,
    'description',
    before,
    prev.description,
    zero ? 'the line under it, undated and of zero amount' : 'the lines under it, without a date or an amount',
  );
  return true;
}
