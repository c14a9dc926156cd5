/**
 * A statement while the pipeline builds it: its rows with everything read from them, and the
 * facts decided so far. Passes read and change a draft; every change goes to the tracer.
 */
import type { ConversionIssue } from '@statemint/shared';
import type { DateToken } from '../values/dates';
import type { Period } from './facts/period';
import type { MoneyCell, Reading } from './ledger/readings';
import type { RawRow } from './rows/assemble';
import type { Tracer } from './trace';
import type { LabelReading, RowLabel } from './vocabulary';

export type RowKind = 'transaction' | 'balance' | 'total' | 'none';

export interface DraftRow {
  id: number;
  raw: RawRow;
  kind: RowKind;
  /** Date as printed in the posting-date column, and its ISO reading (null: inherits the row above). */
  dateToken: DateToken | null;
  dateText: string;
  date: string | null;
  description: string;
  /** All the row's text outside the money columns (labels of balance and total rows may stand in the date column). */
  text: string;
  reference: string | null;
  /** Money cells by column key. */
  money: Map<string, MoneyCell>;
  /** Text of the sign column. */
  sign: string | null;
  /** What the row's text says it is ("Opening balance", "Total"). */
  labels: RowLabel[];
  /** Signed amount in cents (transactions), with whether its sign is known. */
  cents: number | null;
  signKnown: boolean;
  /** The running balance printed on the row (signed cents). */
  balance: number | null;
  /** OCR: lowest confidence of the row's tokens. */
  confidence: number | null;
  /** A value of the row was repaired or inferred. */
  corrected: boolean;
  /** OCR: a dated row whose amount could not be read, held (at 0) until the balances prove it. */
  missing?: boolean;
  /** OCR: the text of a date OCR damaged ("0/14"), decided from the rows around it. */
  damagedDate?: string;
  /** Its printed balance is the one after the later rows of its day too (shared-balances): no check of its own. */
  groupBalance?: boolean;
  /** A balance row whose figure stands in an amount column, not in the table's balance column. */
  balanceInAmountColumn?: boolean;
}

export interface Printed {
  cents: number;
  /** Where the value comes from ("label 'Previous balance'", "balance row", "running balance"). */
  source: string;
  /** Worked out from the first running balance, not printed: that balance proves nothing of it. */
  inferred?: boolean;
}

export interface Draft {
  table: number;
  rows: DraftRow[];
  /** Money column keys of the table, and what their labels say. */
  keys: string[];
  labels: Map<string, LabelReading[]>;
  reading: Reading | null;
  period: Period | null;
  opening: Printed | null;
  closing: Printed | null;
  /** Opening and closing printed outside the table (summary boxes). */
  labelledOpening: number | null;
  labelledClosing: number | null;
  /** The other figures on the labelled opening's and closing's lines, signed alike (see LabelledBalance). */
  labelledAlternatives: { opening: number[]; closing: number[] };
  /** Totals of credits and debits (cents) printed in the statement's summary, where it prints them. */
  printedTotals: { credits: number | null; debits: number | null } | null;
  /** Every other figure printed outside the table, in print order, signed as balances are (summary boxes). */
  factFigures: number[];
  card: boolean;
  source: 'pdf' | 'ocr' | 'grid' | 'text';
  issues: ConversionIssue[];
  trace: Tracer;
}

export type Pass = (draft: Draft) => void;

/**
 * Each row's place in the ledger's order, by one lookup (ids follow print order, which a statement
 * read newest first reverses; indexOf per row is quadratic on a long ledger).
 */
export function ledgerPlaces(draft: Draft): (row: DraftRow) => number {
  const place = new Map(draft.rows.map((r, i) => [r, i]));
  return (row) => place.get(row) ?? -1;
}

/**
 * The transaction printed straight above row `i`: the row before it (rows read as nothing
 * skipped), in its region, no more than a line apart. Null where there is none.
 */
export function transactionStraightAbove(draft: Draft, i: number): DraftRow | null {
  const row = draft.rows[i];
  let k = i - 1;
  while (k >= 0 && draft.rows[k]?.kind === 'none') k--;
  const prev = draft.rows[k];
  if (!row || prev?.kind !== 'transaction' || prev.raw.region !== row.raw.region) return null;
  return row.raw.box.y0 - prev.raw.box.y1 > row.raw.region.pitch * 1.2 ? null : prev;
}
