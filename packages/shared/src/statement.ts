/** The shape of one converted statement: ../shared/bench/SCHEMA.md plus reconciliation. */

export interface StatementFacts {
  bankName: string | null;
  accountHolder: string | null;
  accountNumber: string | null;
  /** ISO 4217 code, null where only an ambiguous symbol such as `$` is printed. */
  currency: string | null;
  /** ISO dates `YYYY-MM-DD`. */
  periodStart: string | null;
  periodEnd: string | null;
  openingBalance: number | null;
  closingBalance: number | null;
}

/** Facts of a statement that prints none of them. */
export function emptyStatementFacts(): StatementFacts {
  return {
    bankName: null,
    accountHolder: null,
    accountNumber: null,
    currency: null,
    periodStart: null,
    periodEnd: null,
    openingBalance: null,
    closingBalance: null,
  };
}

export interface Transaction {
  /** ISO `YYYY-MM-DD` posting date. */
  date: string;
  /** The date text exactly as printed; empty when the row inherits the date above. */
  sourceDate: string;
  description: string;
  credit: number | null;
  debit: number | null;
  /** Signed: credit positive, debit negative. */
  amount: number;
  balance: number | null;
  reference: string | null;
  /** 1-based page (or sheet / image) on which the row starts. */
  page: number;
  /** OCR only: 0..1 confidence of the row's values. */
  confidence?: number;
  /** OCR only: set when the row balances only after a character fix. */
  corrected?: boolean;
  /** Where the row is printed: its page and the box around all its lines, in page units (PDF points, image pixels). */
  bbox?: TransactionBox;
  /** Who the row was paid to or by, as the user's rules call it (shared/rules.ts); exports fall back to the description. */
  payee?: string;
  /** The category the user's rules give the row; exports fall back to the built-in categoriser. */
  category?: string;
}

export interface TransactionBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Size of the page the box is measured on, in the same units. */
  pageWidth: number;
  pageHeight: number;
}

export interface ReconciliationMismatch {
  /** 0-based index into `transactions`; -1 for a statement-level check (the closing, or a printed total). */
  row: number;
  expected: number;
  printed: number;
  /** A statement-level check other than the closing balance: the printed total of credits or of debits. */
  check?: 'credits' | 'debits';
}

/** Totals a statement prints for its money in and out ("Total credits (6)  5,490.51"), as positive sums. */
export interface PrintedTotals {
  credits: number | null;
  debits: number | null;
}

export type ReconciliationStatus = 'balanced' | 'unbalanced' | 'unknown';

export interface Reconciliation {
  status: ReconciliationStatus;
  mismatches: ReconciliationMismatch[];
}

export interface Statement {
  statement: StatementFacts;
  transactions: Transaction[];
  reconciliation: Reconciliation;
  /** Problems found while converting that did not stop it. */
  issues?: ConversionIssue[];
  /** Name of the input (or ZIP entry) this statement came from. */
  source?: string;
  /** The totals of credits and debits the statement prints, checked against its rows where present. */
  printedTotals?: PrintedTotals;
  /** What the engine's passes inferred or changed, in order (see the engine's pipeline). */
  trace?: TraceEntry[];
}

/**
 * One change an engine pass made: which pass, which row (0-based index into `transactions`;
 * absent for a statement-level fact), which field, the value before and after, and the evidence.
 */
export interface TraceEntry {
  pass: string;
  row?: number;
  field: string;
  from: string | number | null;
  to: string | number | null;
  why: string;
}

export interface ConversionIssue {
  code: string;
  message: string;
  page?: number;
  row?: number;
}
