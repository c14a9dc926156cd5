/**
 * Rows that are not transactions, by what they say and what they add up to:
 *
 * - `labelled-balance-rows`: a row that starts with an opening or closing label ("Balance brought
 *   forward", "Saldo Vortrag", "Solde reporté") is a balance, not a transaction;
 * - `total-rows`: a row labelled as a total, or an undated row whose every amount is the sum of
 *   its column since the table's start or the last such row (page totals, carried-forward column
 *   sums), is a total.
 */
import { type Draft, type DraftRow, ledgerPlaces } from '../draft';
import { passEnabled } from '../passes';

export function labelledBalanceRows(draft: Draft): void {
  for (const row of draft.rows) {
    if (row.kind !== 'transaction') continue;
    if (!row.labels.includes('opening') && !row.labels.includes('closing')) continue;
    // "Total du jour" is a total even where a balance label reads into it.
    if (row.labels.includes('total')) continue;
    row.kind = 'balance';
    draft.trace.change(
      'labelled-balance-rows',
      row.id,
      'kind',
      'transaction',
      'balance',
      `"${row.text}" names a balance`,
    );
  }
}

export function totalRows(draft: Draft): void {
  const keys = draft.keys;
  // Before the money roles are known a sign column's words mean nothing yet: every distinct sign
  // word is tried as the minus one ('' = none), and a sum counts when any of these readings fits.
  // One more reading: amounts marked as credits are the minus ones (a card statement's "CR"
  // payments against its purchases).
  const CREDITS_MINUS = '\u0000credits';
  // And one without marks: debit and credit columns sign by their side, and OCR loses a minus
  // ('91.45' among '-24.87's of a money-out column) that the column's sum still counts.
  const UNMARKED = '\u0000unmarked';
  const signWords = [
    '',
    CREDITS_MINUS,
    UNMARKED,
    ...new Set(draft.rows.flatMap((r) => (r.sign ? [r.sign.trim().toLowerCase()] : []))),
  ];
  const signed = (row: DraftRow, c: { cents: number; mark: string | null }, minusWord: string) =>
    minusWord === UNMARKED
      ? c.cents
      : minusWord === CREDITS_MINUS
        ? c.mark === 'minus' || c.mark === 'credit'
          ? -c.cents
          : c.cents
        : c.mark === 'minus' || c.mark === 'debit' || (minusWord && row.sign?.trim().toLowerCase() === minusWord)
          ? -c.cents
          : c.cents;
  type Sums = Map<string, number[]>;
  const sinceStart: Sums = new Map();
  const sinceTotal: Sums = new Map();
  const countedStart = new Map<string, number>();
  const counted = new Map<string, number>();
  const add = (m: Sums, k: string, row: DraftRow, c: { cents: number; mark: string | null }) =>
    m.set(
      k,
      signWords.map((w, i) => (m.get(k)?.[i] ?? 0) + signed(row, c, w)),
    );
  const reset = () => {
    sinceTotal.clear();
    counted.clear();
  };
  // The first and last row of each page's part of the table (where carried and brought forward sums stand).
  const pageEdge = new Set<number>();
  for (let i = 0; i < draft.rows.length; i++) {
    const r = draft.rows[i] as DraftRow;
    const prev = draft.rows[i - 1];
    const next = draft.rows[i + 1];
    if (!prev || prev.raw.region !== r.raw.region || !next || next.raw.region !== r.raw.region) pageEdge.add(r.id);
  }
  // Rows after the last dated one of their table close it (statement totals stand there).
  const tail = new Set<number>();
  for (const table of new Set(draft.rows.map((r) => r.raw.table))) {
    const own = draft.rows.filter((r) => r.raw.table === table);
    const lastDated = own.findLastIndex((r) => r.kind === 'transaction' && r.dateToken);
    for (const r of own.slice(lastDated + 1)) {
      pageEdge.add(r.id);
      tail.add(r.id);
    }
  }
  // Per column, the sums since the start of the figures marked as credits, as debits, and bare
  // (with how many): a table's foot may print the total of one side ("Nr. Krediet Transaksies: 9
  // 190,981.81 Kt"), in words no vocabulary has.
  const sides = new Map<string, Map<string, { sum: number; n: number }>>();
  const sideOf = (mark: string | null) =>
    mark === 'credit' || mark === 'plus' ? 'in' : mark === 'debit' || mark === 'minus' ? 'out' : 'bare';
  const addSide = (k: string, c: { cents: number; mark: string | null }) => {
    const m = sides.get(k) ?? new Map<string, { sum: number; n: number }>();
    const g = m.get(sideOf(c.mark)) ?? { sum: 0, n: 0 };
    m.set(sideOf(c.mark), { sum: g.sum + c.cents, n: g.n + 1 });
    sides.set(k, m);
  };
  // The opening balance: printed as a fact, else as the table's own opening row (before any
  // transaction, its one figure).
  const openingRow = draft.rows.find((r) => r.kind !== 'none');
  const openingCell =
    openingRow?.kind === 'balance' && openingRow.labels.includes('opening') && openingRow.money.size === 1
      ? ([...openingRow.money.values()][0] as { cents: number; mark: string | null })
      : null;
  const opening =
    draft.labelledOpening ??
    (openingCell ? (openingCell.mark === 'minus' || openingCell.mark === 'debit' ? -1 : 1) * openingCell.cents : null);
  let page = draft.rows[0]?.raw.page ?? 0;
  let section = draft.rows[0]?.raw.section.key;
  for (const row of draft.rows) {
    if (row.raw.page !== page) {
      page = row.raw.page;
      reset();
    }
    // A section's total adds up its own rows ("... #8508: Total Transactions" under the
    // purchases, after a section of payments).
    if (row.raw.section.key !== section) {
      section = row.raw.section.key;
      reset();
    }
    if (row.kind !== 'transaction') continue;
    const cells = keys.filter((k) => row.money.has(k));
    const cellOf = (k: string) => row.money.get(k) as { cents: number; mark: string | null };
    const matches = cells.filter((k) => {
      const v = cellOf(k).cents;
      if (v === 0) return false;
      const total = (counted.get(k) ?? 0) >= 2 && sinceTotal.get(k)?.some((s) => Math.abs(s) === v);
      const start = (countedStart.get(k) ?? 0) >= 2 && sinceStart.get(k)?.some((s) => Math.abs(s) === v);
      return total || start;
    });
    const labelled = row.labels.includes('total');
    const undated = !row.dateToken;
    // Every amount a column sum; or one, on a row at a page's edge (carried / brought forward).
    const sums =
      undated &&
      matches.length >= 1 &&
      ((cells.length >= 2 && matches.length >= cells.length - 1) || pageEdge.has(row.id));
    // A lone figure at a page's edge that is the printed opening balance plus every amount so far:
    // the balance carried to (or brought from) the next page of a statement without a balance column.
    const filled = keys.filter((k) => (countedStart.get(k) ?? 0) > 0);
    const carried =
      undated &&
      !sums &&
      opening !== null &&
      pageEdge.has(row.id) &&
      cells.length === 1 &&
      // Rows counted in any column: a carried balance may stand under either side.
      keys.reduce((n, k) => n + (countedStart.get(k) ?? 0), 0) >= 2 &&
      // One amount column: its sums under each reading of the sign words; debit and credit columns:
      // each column taken as either side (their roles are not known yet).
      // (Columns no row filled yet play no part: another table's column of rates is no side.)
      ((filled.length === 1 &&
        sinceStart.get(filled[0] as string)?.some((n) => Math.abs(opening + n) === cellOf(cells[0] as string).cents)) ||
        [0, signWords.indexOf(UNMARKED)].some((reading) =>
          sidesSum(
            keys.map((k) => sinceStart.get(k)?.[reading] ?? 0),
            opening,
            cellOf(cells[0] as string).cents,
          ),
        ));
    const sideTotal =
      undated &&
      !sums &&
      !carried &&
      tail.has(row.id) &&
      cells.length === 1 &&
      passEnabled('side-totals') &&
      [...(sides.get(cells[0] as string)?.values() ?? [])].some(
        (g) => g.n >= 2 && g.sum === cellOf(cells[0] as string).cents,
      );
    if (labelled || sums || carried || sideTotal) {
      // A row that names itself a total stays one, whatever its figure adds up to ("TOTAL DEBIT : .00").
      row.kind = carried && !labelled ? 'balance' : 'total';
      draft.trace.change(
        'total-rows',
        row.id,
        'kind',
        'transaction',
        row.kind,
        labelled
          ? `"${row.text}" names a total`
          : carried
            ? 'its amount is the opening balance plus every amount above it'
            : sideTotal
              ? "its amount is the sum of one side's amounts of its column"
              : 'its amounts are the sums of their columns',
      );
      reset();
      continue;
    }
    for (const k of cells) {
      addSide(k, cellOf(k));
      add(sinceStart, k, row, cellOf(k));
      add(sinceTotal, k, row, cellOf(k));
      counted.set(k, (counted.get(k) ?? 0) + 1);
      countedStart.set(k, (countedStart.get(k) ?? 0) + 1);
    }
  }
}

/**
 * Whether the opening plus the columns' sums, each column taken as credits or as debits, comes
 * to `target` (debit and credit columns before their roles are known; at most three columns).
 */
function sidesSum(all: number[], opening: number, target: number): boolean {
  // Columns nothing was added to yet play no part.
  const sums = all.filter((v) => v !== 0);
  if (sums.length < 2 || sums.length > 3) return false;
  for (let mask = 0; mask < 1 << sums.length; mask++) {
    const net = sums.reduce((s, v, i) => s + (mask & (1 << i) ? -v : v), opening);
    if (Math.abs(net) === target) return true;
  }
  return false;
}

/**
 * `repeated-total-rows`: undated rows that print the same text each time ("Day total",
 * "Dagssumma") and whose amount is, every time, the sum of the rows since the one before:
 * subtotals, whatever their language.
 */
export function repeatedTotalRows(draft: Draft): void {
  const byText = new Map<string, DraftRow[]>();
  for (const r of draft.rows) {
    if (r.kind !== 'transaction' || r.dateToken || !r.text) continue;
    const list = byText.get(r.text) ?? [];
    list.push(r);
    byText.set(r.text, list);
  }
  // Where each row stands (indexOf for every repeated row was quadratic on a long statement).
  let positions: Map<DraftRow, number> | null = null;
  for (const [text, list] of byText) {
    if (list.length < 2) continue;
    positions ??= new Map([...draft.rows.entries()].reverse().map(([i, r]) => [r, i]));
    const position = positions;
    // Every occurrence: one of its amounts equals the sum of that column since the previous one.
    let previous = -1;
    const ok = list.every((row) => {
      const at = position.get(row) as number;
      const since = draft.rows.slice(previous + 1, at).filter((r) => r.kind === 'transaction');
      previous = at;
      const signed = (c: { cents: number; mark: string | null } | undefined) =>
        c ? (c.mark === 'minus' || c.mark === 'debit' ? -c.cents : c.cents) : 0;
      // The day's dated rows may be what it adds up, apart from an undated figure among them (a
      // sum brought forward from the page before).
      const dated = since.filter((r) => r.dateToken);
      return [...row.money.entries()].some(([key, cell]) =>
        [since, dated].some(
          (rows) => rows.length > 0 && Math.abs(rows.reduce((s, r) => s + signed(r.money.get(key)), 0)) === cell.cents,
        ),
      );
    });
    if (!ok) continue;
    for (const row of list) {
      row.kind = 'total';
      draft.trace.change(
        'repeated-total-rows',
        row.id,
        'kind',
        'transaction',
        'total',
        `"${text}" adds up the rows above it each time`,
      );
    }
  }
}

/**
 * `bracketing-balance-rows`: the first and the last row of a statement without a balance column,
 * each with one figure and a label starting with the same word ("SALDO 31 dec. 2022" ...
 * "SALDO 31 jan. 2023"), are its opening and closing balances when the first plus every amount
 * between them comes to the last (each amount column taken as either side, as roles are not
 * known yet). The sum is the evidence; the shared word keeps a first and a last transaction of
 * equal amounts around rows that cancel out from passing for balances. Where the opening is known
 * already, the last row alone is the closing when the opening and every amount above come to it.
 */
export function bracketingBalanceRows(draft: Draft): void {
  // A first row, undated or dated the period's first day, whose one figure is the printed opening
  // balance is that balance ("Saldo contabile iniziale" in words no vocabulary has).
  const lead = draft.rows.find((r) => r.kind === 'transaction');
  const leadCell = lead?.money.size === 1 ? [...lead.money.values()][0] : undefined;
  // Dated, it stands on the period's first day (or before it).
  const atStart = !lead?.dateToken || (lead.date !== null && draft.period !== null && lead.date <= draft.period.start);
  if (
    lead &&
    leadCell &&
    atStart &&
    draft.labelledOpening !== null &&
    leadCell.cents === Math.abs(draft.labelledOpening)
  ) {
    lead.kind = 'balance';
    if (!lead.labels.includes('opening')) lead.labels = [...lead.labels, 'opening'];
    draft.trace.change(
      'bracketing-balance-rows',
      lead.id,
      'kind',
      'transaction',
      'balance',
      `before every transaction, at the period's start, its figure the printed opening balance: "${lead.description}" is that balance`,
    );
  }
  const tx = draft.rows.filter((r) => r.kind === 'transaction');
  const first = tx[0];
  const last = tx[tx.length - 1];
  if (!first || !last || tx.length < 3) return;
  type Cell = { cents: number; mark: string | null };
  const signed = (c: Cell) => (c.mark === 'minus' || c.mark === 'debit' ? -c.cents : c.cents);
  // A column whose cells carry marks of one side ("181.00 Cr") prints the other side bare: its
  // unmarked cells are of that other side, never of the marked one.
  const bareSide = (k: string, rows: DraftRow[]): 'debit' | 'credit' | null => {
    const marks = new Set(rows.map((r) => r.money.get(k)?.mark));
    if (marks.has('credit') && !marks.has('debit')) return 'debit';
    if (marks.has('debit') && !marks.has('credit')) return 'credit';
    return null;
  };
  // The rows' sum in each amount column, read with each sign: credits marked "CR" are the minus
  // side of a card statement's amounts. Worked out once for the rows, whatever opening is tried.
  const sumsOf = (rows: DraftRow[]): number[][] => {
    const bare = draft.keys.map((k) => bareSide(k, rows));
    return [signed, (c: Cell) => (c.mark === 'minus' || c.mark === 'credit' ? -c.cents : c.cents)].map((sign) =>
      draft.keys.map((k, i) =>
        rows.reduce((n, r) => {
          const c = r.money.get(k);
          const side = bare[i];
          return c ? n + sign(c.mark === null && side ? { ...c, mark: side } : c) : n;
        }, 0),
      ),
    );
  };
  // Whether the opening plus the rows' amounts come to the closing (one amount column: its signed
  // sum; several: each taken as credits or as debits), read with either sign.
  const fitsSums = (opening: number, bySign: number[][], closing: number) =>
    bySign.some((sums) => {
      const used = sums.filter((v) => v !== 0);
      if (!used.length) return false;
      return used.length === 1 ? Math.abs(opening + (used[0] as number)) === closing : sidesSum(sums, opening, closing);
    });
  // The openings tried against one set of rows, their sums worked out only when one is tried.
  const fitsAny = (openings: number[], rows: DraftRow[], closing: number) => {
    if (!openings.length) return false;
    const sums = sumsOf(rows);
    return openings.some((o) => fitsSums(o, sums, closing));
  };
  const mark = (row: DraftRow, kind: 'opening' | 'closing', why: string) => {
    row.kind = 'balance';
    if (!row.labels.includes(kind)) row.labels = [...row.labels, kind];
    draft.trace.change('bracketing-balance-rows', row.id, 'kind', 'transaction', 'balance', why);
  };
  const word = (r: DraftRow) => /^\p{L}{3,}/u.exec(r.description.trim())?.[0]?.toLowerCase() ?? null;
  if (first.money.size === 1 && last.money.size === 1 && word(first) && word(first) === word(last)) {
    const opening = signed([...first.money.values()][0] as Cell);
    if (tx.length >= 4 && fitsAny([opening], tx.slice(1, -1), ([...last.money.values()][0] as Cell).cents)) {
      const why = 'the first row plus every amount between comes to the last';
      mark(first, 'opening', `${why}: "${first.description}" is the opening balance`);
      mark(last, 'closing', `${why}: "${last.description}" is the closing balance`);
      return;
    }
  }
  // The closing known (printed as a fact) and no opening: an undated first row with one figure
  // that, as the opening, brings every amount after it to the closing is the opening balance
  // ("LAST MONTH'S BALANCE 412.16" in words no vocabulary has). A card prints it as owed: either
  // sign may be the table's.
  if (draft.labelledOpening === null && draft.labelledClosing !== null && !first.dateToken && first.money.size === 1) {
    const figure = ([...first.money.values()][0] as Cell).cents;
    const closing = Math.abs(draft.labelledClosing);
    if (tx.length >= 3 && fitsAny([figure, -figure], tx.slice(1), closing)) {
      mark(
        first,
        'opening',
        `its figure and every amount after it come to the printed closing: "${first.description}" is the opening balance`,
      );
      return;
    }
  }
  // The opening known (printed as a fact, or as a balance row before the first transaction): a
  // row near the end (a price list may follow it) with the figure the opening and every amount
  // above it come to is the closing balance; where the closing is printed as a fact, only with
  // that figure (a card's payment of the whole balance so far comes to it as well).
  const openingRow = draft.rows.find((r) => r.kind !== 'none');
  const rowOpening =
    openingRow?.kind === 'balance' && openingRow.money.size === 1
      ? signed([...openingRow.money.values()][0] as Cell)
      : null;
  // A card's printed opening is signed as owed, its amounts as charges: either sign may be the table's.
  const openings = [draft.labelledOpening, rowOpening].flatMap((o) => (o === null ? [] : [o, -o]));
  for (let k = tx.length - 1; k >= Math.max(2, tx.length - 6); k--) {
    const row = tx[k] as DraftRow;
    if (row.money.size !== 1) continue;
    const figure = ([...row.money.values()][0] as Cell).cents;
    if (draft.labelledClosing !== null && figure !== Math.abs(draft.labelledClosing)) continue;
    if (!fitsAny(openings, tx.slice(0, k), figure)) continue;
    mark(
      row,
      'closing',
      `the opening balance plus every amount above comes to "${row.description}": the closing balance`,
    );
    return;
  }
}

/**
 * `after-closing`: rows printed after the statement's closing balance row, where no running
 * balance follows, are no transactions of this statement (an interest and fees table, a summary).
 */
export function afterClosing(draft: Draft): void {
  const tx = draft.rows.filter((r) => r.kind === 'transaction');
  const at = ledgerPlaces(draft);
  // Each page's first row, found once (rows read in order).
  const heads = new Set<DraftRow>();
  const regionsSeen = new Set<unknown>();
  for (const r of draft.rows)
    if (r.kind !== 'none' && !regionsSeen.has(r.raw.region)) {
      regionsSeen.add(r.raw.region);
      heads.add(r);
    }
  const headsItsPage = (r: DraftRow) => heads.has(r);
  const labelledRow = draft.rows.findLast(
    (r) =>
      r.kind === 'balance' &&
      r.labels.includes('closing') &&
      r.balance !== null &&
      // A closing balance printed before every transaction (a summary's, dated as the table's rows) closes nothing.
      tx.some((t) => at(t) < at(r)) &&
      // A label that may name either ("Kontostand am ...") is a closing only after most of the rows,
      // and never at the head of its page, where it brings the balance in ("Transport" on page 4).
      (!r.labels.includes('opening') || (tx.filter((t) => at(t) < at(r)).length > tx.length / 2 && !headsItsPage(r))),
  );
  // Or the last transaction whose running balance is the closing printed in the statement's summary.
  const reachedAt = draft.labelledClosing === null ? -1 : tx.findLastIndex((r) => r.balance === draft.labelledClosing);
  const reached = reachedAt > tx.length / 2 ? tx[reachedAt] : undefined;
  const closingRow = labelledRow ?? reached;
  if (!closingRow) return;
  if (draft.labelledClosing !== null && closingRow.balance !== draft.labelledClosing) return;
  const rest = draft.rows.slice(draft.rows.indexOf(closingRow) + 1);
  // Rows with a figure in the balance column only, another than the closing (a pending card
  // payment printed under the ledger), close nothing either.
  const stray = (r: DraftRow) => !labelledRow && r.kind === 'balance' && r.balance !== closingRow.balance;
  const after = rest.filter((r) => r.kind === 'transaction' || stray(r));
  if (!after.length) return;
  // A page's carried balance ("BALANCE C/F") brought forward before the next rows, the same
  // figure: the ledger goes on over the page break, whether or not its rows print balances.
  const broughtForward = rest.find((r) => r.kind === 'balance' && r.balance !== null);
  if (
    broughtForward &&
    at(broughtForward) < at(after[0] as DraftRow) &&
    broughtForward.balance === closingRow.balance &&
    broughtForward.labels.includes('opening')
  )
    return;
  // The running balance does not go on from the closing balance: what follows is another table.
  // (It goes on where the first balance printed after it is the closing plus the amounts up to it;
  // a day's balance may stand on its last row only.)
  // That balance may stand on a balance row of its own after the rows (a day's "SALDO" line).
  const next = rest.find(
    (r) =>
      at(r) >= at(after[0] as DraftRow) && (r.kind === 'transaction' || r.kind === 'balance') && r.balance !== null,
  );
  if (next) {
    const upTo = rest
      .filter((r) => r.kind === 'transaction' && at(r) <= at(next))
      .reduce((n, r) => n + (r.cents ?? 0), 0);
    if (next.balance === (closingRow.balance as number) + upTo) return;
  }
  // A ledger of its own follows (a savings account under the current account): an opening balance
  // row whose figure the next printed balance goes on from. Those are rows of another statement,
  // for `ledger-breaks` to cut, not lines printed after this one's end.
  const opening = rest.find((r) => r.kind === 'balance' && r.labels.includes('opening') && r.balance !== null);
  const chained = opening && rest.find((r) => at(r) > at(opening) && r.balance !== null);
  if (opening && chained) {
    const between = rest.filter((r) => r.kind === 'transaction' && at(r) > at(opening) && at(r) <= at(chained));
    const sum = between.reduce((n, r) => n + (r.cents ?? 0), 0);
    if (between.length && chained.balance === (opening.balance as number) + sum) return;
  }
  for (const r of after) {
    const from = r.kind;
    r.kind = 'none';
    draft.trace.change('after-closing', r.id, 'kind', from, 'none', 'printed after the closing balance');
  }
}

export type { DraftRow };

/**
 * `summary-tables`: a table of balances and no transactions (an account summary printing the
 * beginning and ending balance above the ledger, a table of day balances) is no part of the
 * running chain: its balances are facts the ledger's own rows reach, not rows between them.
 */
export function summaryTables(draft: Draft): void {
  const tables = [...new Set(draft.rows.map((r) => r.raw.table))];
  if (tables.length < 2) return;
  const withTx = new Set(draft.rows.flatMap((r) => (r.kind === 'transaction' ? [r.raw.table] : [])));
  if (!withTx.size) return;
  for (const row of draft.rows) {
    if (row.kind !== 'balance' || withTx.has(row.raw.table)) continue;
    row.kind = 'none';
    draft.trace.change(
      'summary-tables',
      row.id,
      'kind',
      'balance',
      'none',
      `table ${row.raw.table + 1} holds balances and no transaction: a summary, not the ledger`,
    );
  }
}
