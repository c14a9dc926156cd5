/**
 * Stage 5, ledger (roles): which money column is the running balance, which is the amount (one
 * signed column, or a debit and a credit column), and which columns are something else (fees,
 * a foreign amount, points). Every reading the table admits is scored by what it explains:
 *
 * 1. running balances it reproduces (previous balance + amounts = printed balance),
 * 2. printed opening + amounts = printed closing,
 * 3. rows it gives exactly one amount (a debit/credit pair fills one side per row; a fee column
 *    sits beside an amount on the same rows),
 * 4. the header's words, as a prior that only decides between readings the numbers cannot tell.
 *
 * The best reading wins; a table that still does not add up says so in reconciliation.
 */
import type { SignMark } from '../../values/amount';
import { passEnabled } from '../passes';
import type { LabelReading } from '../vocabulary';
import { signReadings } from '../vocabulary';

export interface MoneyCell {
  cents: number;
  mark: SignMark;
  suffix?: string;
  text: string;
}

export interface LedgerRowInput {
  /** Money cells by column key. */
  money: Map<string, MoneyCell>;
  /** Text of the sign column, if the table has one. */
  sign: string | null;
  /** A row that names a balance ("Balance brought forward"): it shows a balance, never an amount. */
  balanceOnly?: boolean;
}

export type AmountReading =
  | { kind: 'signed'; key: string }
  | { kind: 'pair'; debit: string; credit: string }
  /**
   * Every money column but the balance, each signed by its own mark, summed on a row: money in,
   * money out and a fee beside it ("-230.00   -1.00" with the balance down by 231.00).
   */
  | { kind: 'sum'; keys: string[] };

/** What printed totals in and out add to a reading's score where they fit, and take where they do not. */
export const TOTALS_FIT = 15;
export const TOTALS_MISS = 5;

export interface Reading {
  balance: string | null;
  amount: AmountReading;
  /** Sign column letters read as debits (the others are credits). */
  debitSigns: ReadonlySet<string>;
  /**
   * Rows right after a printed balance whose one figure repeats it, with no balance of their own,
   * carry that balance forward ("SALDO ANTERIOR" at the head of every day): no amounts.
   */
  carried: boolean;
  /**
   * The balance column prints an overdrawn account's balances bare, as amounts owed (FNB's
   * "172,579.42" going to "142,579.42" after a credit of 30,000.00): every balance is negative.
   */
  owed: boolean;
  score: number;
  /** What the score is made of, for the trace. */
  explains: {
    balances: number;
    balanceChecks: number;
    total: boolean | null;
    totals: boolean | null;
    coverage: number;
  };
}

export interface ReadingInput {
  rows: LedgerRowInput[];
  keys: string[];
  labels: Map<string, LabelReading[]>;
  /** Printed opening and closing (signed cents), where the statement's facts print them. */
  opening: number | null;
  closing: number | null;
  /** Totals of credits and debits (cents) the statement prints in its summary, where it does. */
  totals?: { credits: number | null; debits: number | null } | null;
  /** Card statement: unsigned amounts are charges (debits). */
  card: boolean;
  /**
   * Whether balances may be read as owed: not where the rows run newest first, as negated
   * balances chain there too (b_k = b_k+1 + a reads as -b_k + a = -b_k+1).
   */
  mayOwe?: boolean;
}

/** The signed amount a reading gives a row: `known` false when nothing on the row tells its sign. */
export function rowAmount(
  row: LedgerRowInput,
  reading: Pick<Reading, 'amount' | 'debitSigns'>,
  card: boolean,
): { cents: number; known: boolean } | null {
  const a = reading.amount;
  if (a.kind === 'sum') {
    const cells = a.keys.flatMap((k) => row.money.get(k) ?? []);
    if (!cells.length) return null;
    const cents = cells.reduce((n, c) => n + (c.mark === 'minus' || c.mark === 'debit' ? -c.cents : c.cents), 0);
    return { cents: card ? -cents : cents, known: true };
  }
  if (a.kind === 'pair') {
    const d = row.money.get(a.debit);
    const c = row.money.get(a.credit);
    if (d && c) return { cents: c.cents - d.cents, known: true };
    if (d) return { cents: d.mark === 'plus' || d.mark === 'credit' ? d.cents : -d.cents, known: true };
    if (c) return { cents: c.mark === 'minus' || c.mark === 'debit' ? -c.cents : c.cents, known: true };
    return null;
  }
  const cell = row.money.get(a.key);
  if (!cell) return null;
  if (card) {
    // A card statement prints charges unmarked; payments and refunds carry a minus or CR.
    if (cell.mark === 'minus' || cell.mark === 'credit') return { cents: cell.cents, known: true };
    if (cell.mark === 'debit' || cell.mark === 'plus') return { cents: -cell.cents, known: true };
  } else {
    if (cell.mark === 'minus' || cell.mark === 'debit') return { cents: -cell.cents, known: true };
    if (cell.mark === 'plus' || cell.mark === 'credit') return { cents: cell.cents, known: true };
  }
  if (row.sign) {
    const s = row.sign.trim().toLowerCase();
    return { cents: reading.debitSigns.has(s) ? -cell.cents : cell.cents, known: true };
  }
  return { cents: card ? -cell.cents : cell.cents, known: card };
}

export function balanceOf(cell: MoneyCell | undefined, card: boolean, owed = false): number | null {
  if (!cell) return null;
  const negative = cell.mark === 'minus' || cell.mark === 'debit' || (owed && cell.mark === null);
  const v = negative ? -cell.cents : cell.cents;
  return card ? -v : v;
}

/** Between two printed balances, can unknown signs make the amounts add up? (subset sum, small) */
function stretchFits(known: number, unknown: number[], delta: number): boolean {
  const target = delta - known;
  if (!unknown.length) return target === 0;
  // A long stretch is not searched (2^n): it fits where its unsigned amounts are all of one side,
  // the way default-signs reads them (a day of card sales settling into an account).
  if (unknown.length > 14) {
    const all = unknown.reduce((s, v) => s + v, 0);
    return target === all || target === -all;
  }
  // The usual stretch, one row between two balances, without building sets (most of a long ledger).
  if (unknown.length === 1) return Math.abs(target) === unknown[0];
  const total = unknown.reduce((s, v) => s + v, 0);
  // Choose a subset to be credits: credits - (total - credits) = target.
  if ((target + total) % 2 !== 0) return false;
  const want = (target + total) / 2;
  if (want < 0 || want > total) return false;
  if (want === 0) return true;
  // The sums of subsets so far, in one growing array (repeats kept: at most 2^14), not a copied Set
  // per value: the 100-page statement's wrong readings bring ~300 stretches of 8-14 unknown signs.
  const sums = [0];
  for (const v of unknown) {
    const n = sums.length;
    for (let i = 0; i < n; i++) {
      const s = (sums[i] as number) + v;
      if (s === want) return true;
      if (s < want) sums.push(s);
    }
  }
  return false;
}

/**
 * Whether a row carries the balance printed just before it: no amount since that balance, no
 * balance of its own in the reading's balance column, and its one figure that balance.
 */
export function carriesBalance(
  row: LedgerRowInput,
  reading: Pick<Reading, 'amount' | 'debitSigns' | 'balance'>,
  card: boolean,
  prev: number | null,
  amountsSince: boolean,
): boolean {
  if (prev === null || prev === 0 || amountsSince || row.balanceOnly || row.money.size !== 1) return false;
  if (reading.balance && row.money.has(reading.balance)) return false;
  const amt = rowAmount(row, reading, card);
  return amt !== null && Math.abs(amt.cents) === Math.abs(prev);
}

function evaluate(input: ReadingInput, reading: Omit<Reading, 'score' | 'explains'>): Reading {
  let balances = 0;
  let checks = 0;
  let prev: number | null = input.opening;
  let known = 0;
  let unknown: number[] = [];
  let withAmount = 0;
  let doubled = 0;
  let sum = 0;
  let credits = 0;
  let debits = 0;
  let allKnown = true;
  const amountKeys = keysOf(reading.amount);
  // A printed balance checks the amounts since the one before (when there are any) and starts anew.
  const printedBalance = (bal: number) => {
    if (prev !== null && (known !== 0 || unknown.length)) {
      checks++;
      if (stretchFits(known, unknown, bal - prev)) balances++;
    }
    prev = bal;
    known = 0;
    unknown = [];
  };
  for (const row of input.rows) {
    if (reading.carried && carriesBalance(row, reading, input.card, prev, known !== 0 || unknown.length > 0)) continue;
    if (row.balanceOnly) {
      // Its balance: in the balance column, else its one value; its sums of columns are no amounts.
      const only = row.money.size === 1 ? [...row.money.values()][0] : undefined;
      const bal = reading.balance
        ? balanceOf(row.money.get(reading.balance), input.card, reading.owed)
        : balanceOf(only, input.card);
      // A balance printed after amounts ("Balance at end of period", a page's carried balance)
      // checks them as a running balance does, with or without a balance column.
      if (bal !== null) printedBalance(bal);
      continue;
    }
    const amt = rowAmount(row, reading, input.card);
    if (amt) {
      withAmount++;
      if (reading.amount.kind === 'pair' && amountKeys.every((k) => row.money.has(k))) doubled++;
      if (amt.known) {
        known += amt.cents;
        if (amt.cents > 0) credits += amt.cents;
        else debits -= amt.cents;
      } else {
        unknown.push(Math.abs(amt.cents));
        allKnown = false;
      }
      sum += amt.cents;
    }
    const bal = reading.balance ? balanceOf(row.money.get(reading.balance), input.card, reading.owed) : null;
    if (bal !== null) printedBalance(bal);
  }
  const rowsWithMoney = input.rows.filter((r) => r.money.size > 0).length || 1;
  const coverage = (withAmount - doubled) / rowsWithMoney;
  let total: boolean | null = null;
  if (input.opening !== null && input.closing !== null && allKnown) total = input.opening + sum === input.closing;
  // `totals-judged`: the summary's printed totals in and out tell credits from debits where no
  // balance does (two columns both called an amount, the opening not labelled as such).
  let totals: boolean | null = null;
  const printed = input.totals;
  if (printed && allKnown && withAmount > 0)
    totals =
      (printed.credits === null || printed.credits === credits) &&
      (printed.debits === null || printed.debits === debits);
  let prior = 0;
  const roleOf = (key: string) => input.labels.get(key)?.[0]?.role ?? null;
  const likes = (key: string, roles: string[]) => {
    const r = roleOf(key);
    if (r === null) return 0;
    return roles.includes(r) ? 1 : r === 'unused' ? -2 : -0.5;
  };
  if (reading.balance) prior += likes(reading.balance, ['balance']);
  if (reading.amount.kind === 'signed') prior += likes(reading.amount.key, ['amount']);
  else if (reading.amount.kind === 'sum')
    prior += reading.amount.keys.reduce((n, k) => n + Math.min(0, likes(k, ['amount', 'debit', 'credit', 'fee'])), 0);
  else {
    // A column called just an amount ("Importo ...") may be either side of a pair: neither for nor against.
    const side = (key: string, role: string) => (roleOf(key) === 'amount' ? 0 : likes(key, [role]));
    prior += side(reading.amount.debit, 'debit') + side(reading.amount.credit, 'credit');
  }
  // Columns left out that the header calls an amount or a balance count against a reading.
  for (const k of input.keys) {
    if (k === reading.balance || amountKeys.includes(k)) continue;
    const r = roleOf(k);
    if (r === 'amount' || r === 'debit' || r === 'credit' || r === 'balance') prior -= 1;
  }
  const score =
    // Carried rows and owed balances are read only where they explain more: as read plainly first.
    (reading.carried ? -1 : 0) +
    (reading.owed ? -1 : 0) +
    balances * 10 -
    (checks - balances) * 6 +
    (total === true ? 15 : total === false ? -5 : 0) +
    (totals === true ? TOTALS_FIT : totals === false ? -TOTALS_MISS : 0) +
    coverage * 20 +
    prior * 3;
  return { ...reading, score, explains: { balances, balanceChecks: checks, total, totals, coverage } };
}

/** The two readings of a sign column's letters: as the vocabulary reads them, and the other way. */
function signPolarities(rows: LedgerRowInput[]): ReadonlySet<string>[] {
  const values = [...new Set(rows.flatMap((r) => (r.sign ? [r.sign.trim().toLowerCase()] : [])))];
  if (!values.length) return [new Set()];
  const vocab = new Set(
    values.filter((v) => {
      const r = signReadings(v);
      return r ? r.debit > r.credit : v === '-' || v.startsWith('d');
    }),
  );
  // Two letters, one of each side, read either way round; the numbers choose.
  if (values.length === 2 && vocab.size !== 1) return [new Set([values[0] as string]), new Set([values[1] as string])];
  const flipped = new Set(values.filter((v) => !vocab.has(v)));
  return [vocab, flipped];
}

function mayCarry(input: ReadingInput): boolean {
  let before: number[] = input.opening === null ? [] : [Math.abs(input.opening)];
  for (const row of input.rows) {
    const cells = [...row.money.values()].map((c) => c.cents);
    if (cells.length === 1 && !row.balanceOnly && cells[0] !== 0 && before.includes(cells[0] as number)) return true;
    before = cells;
  }
  return false;
}

/** Scores every reading of the money columns and returns them, best first. */
export function readings(input: ReadingInput): Reading[] {
  const keys = input.keys;
  const out: Reading[] = [];
  const polarities = signPolarities(input.rows);
  const amounts: AmountReading[] = [];
  for (const k of keys) amounts.push({ kind: 'signed', key: k });
  for (const d of keys) for (const c of keys) if (d !== c) amounts.push({ kind: 'pair', debit: d, credit: c });
  const sums = passEnabled('summed-columns') && !input.card && keys.length >= 4;
  // Rows that carry a balance forward are looked for only where some row's one figure repeats a
  // figure of the row before it (or the printed opening): a long ledger pays for no second pass.
  const carriedReadings = mayCarry(input) ? [false, true] : [false];
  // A balance column whose figures carry no mark but a debit one may print every balance as owed.
  const bare = (k: string) => input.rows.every((r) => [null, 'debit'].includes(r.money.get(k)?.mark ?? null));
  for (const balance of [null, ...keys]) {
    const owedReadings =
      balance !== null && input.mayOwe !== false && passEnabled('owed-balances') && bare(balance)
        ? [false, true]
        : [false];
    // Three or more columns of amounts beside the balance: their sum is a reading too.
    const summed: AmountReading[] =
      sums && balance !== null ? [{ kind: 'sum', keys: keys.filter((k) => k !== balance) }] : [];
    for (const amount of [...amounts, ...summed]) {
      const used = keysOf(amount);
      if (balance !== null && used.includes(balance)) continue;
      for (const debitSigns of amount.kind === 'signed' ? polarities : [new Set<string>()])
        for (const carried of carriedReadings)
          for (const owed of owedReadings) out.push(evaluate(input, { balance, amount, debitSigns, carried, owed }));
    }
  }
  return out.sort((a, b) => b.score - a.score);
}

function keysOf(a: AmountReading): string[] {
  return a.kind === 'pair' ? [a.debit, a.credit] : a.kind === 'sum' ? a.keys : [a.key];
}

export function describeReading(r: Reading): string {
  const a =
    r.amount.kind === 'pair'
      ? `debit "${r.amount.debit}", credit "${r.amount.credit}"`
      : r.amount.kind === 'sum'
        ? `the sum of ${r.amount.keys.map((k) => `"${k}"`).join(', ')}`
        : `amount "${r.amount.key}"`;
  return `${a}${r.balance ? `, balance "${r.balance}"${r.owed ? ' (owed)' : ''}` : ''}${r.carried ? ', rows that repeat the balance before carry it' : ''}`;
}
