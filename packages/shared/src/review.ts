/**
 * The review screen's statement arithmetic, one home for the web app (the balance check updates
 * as the user types) and the server (it recomputes the check of every saved version, never
 * trusting the browser's). Same rules as the engine's reconciliation: each printed running
 * balance must equal the one before plus the row's amount, and opening + all amounts = closing.
 * Money is compared in integer cents.
 */
import type { ErrorCode } from './errors';
import type { FileRecord } from './files-api';
import type { Reconciliation, ReconciliationMismatch, Statement, Transaction } from './statement';

export const cents = (value: number): number => Math.round(value * 100);

export function reconcileStatement(s: Pick<Statement, 'statement' | 'transactions'>): Reconciliation {
  const mismatches: ReconciliationMismatch[] = [];
  let checks = 0;
  const opening = s.statement.openingBalance === null ? null : cents(s.statement.openingBalance);
  const closing = s.statement.closingBalance === null ? null : cents(s.statement.closingBalance);
  let running = opening;
  let total = opening ?? 0;
  s.transactions.forEach((t, i) => {
    const amount = cents(t.amount);
    total += amount;
    if (running !== null) running += amount;
    if (t.balance !== null) {
      const printed = cents(t.balance);
      if (running !== null) {
        checks++;
        if (running !== printed) mismatches.push({ row: i, expected: running / 100, printed: printed / 100 });
      }
      running = printed;
    }
  });
  if (opening !== null && closing !== null) {
    checks++;
    if (total !== closing) mismatches.push({ row: -1, expected: total / 100, printed: closing / 100 });
  }
  return { status: checks === 0 ? 'unknown' : mismatches.length ? 'unbalanced' : 'balanced', mismatches };
}

/** Money in and out of a statement (sums of positive and of negative amounts, as positive numbers). */
export function statementTotals(transactions: Pick<Transaction, 'amount'>[]): { moneyIn: number; moneyOut: number } {
  let moneyIn = 0;
  let moneyOut = 0;
  for (const t of transactions) {
    const c = cents(t.amount);
    if (c > 0) moneyIn += c;
    else moneyOut -= c;
  }
  return { moneyIn: moneyIn / 100, moneyOut: moneyOut / 100 };
}

export type EditableField = 'date' | 'description' | 'debit' | 'credit' | 'amount' | 'balance';
export const EDITABLE_FIELDS: readonly EditableField[] = [
  'date',
  'description',
  'debit',
  'credit',
  'amount',
  'balance',
];

/**
 * A row after one field is set, with debit, credit and amount kept consistent: a debit or a
 * credit sets the signed amount; an amount sets the debit or the credit of its sign.
 */
export function setTransactionField(t: Transaction, field: EditableField, value: string | number | null): Transaction {
  if (field === 'date' || field === 'description') return { ...t, [field]: String(value ?? '') };
  const n = value === null || value === '' ? null : Number(value);
  const v = n === null || !Number.isFinite(n) ? null : Math.round(n * 100) / 100;
  switch (field) {
    case 'balance':
      return { ...t, balance: v };
    case 'amount': {
      const amount = v ?? 0;
      return { ...t, amount, credit: amount > 0 ? amount : null, debit: amount < 0 ? -amount : null };
    }
    case 'debit': {
      const debit = v === null ? null : Math.abs(v);
      return { ...t, debit, credit: debit ? null : t.credit, amount: debit ? -debit : (t.credit ?? 0) };
    }
    case 'credit': {
      const credit = v === null ? null : Math.abs(v);
      return { ...t, credit, debit: credit ? null : t.debit, amount: credit ? credit : -(t.debit ?? 0) };
    }
  }
}

/** Limits of a saved version (the server refuses larger ones with VALIDATION_FAILED). */
export const REVIEW_LIMITS = {
  statements: 200,
  transactions: 50_000,
  textLength: 2000,
} as const;

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with an edited statement, or null: dates must be ISO dates, amounts finite numbers. */
export function statementProblem(s: Statement): string | null {
  for (const [i, t] of s.transactions.entries()) {
    if (!DATE_PATTERN.test(t.date) || Number.isNaN(Date.parse(t.date)))
      return `Row ${i + 1}: the date must be written YYYY-MM-DD.`;
    if (!Number.isFinite(t.amount)) return `Row ${i + 1}: the amount must be a number.`;
  }
  return null;
}

/** One saved state of a file's statements: 0 is the conversion; edits and restores add versions. */
export interface StatementVersionInfo {
  version: number;
  kind: 'conversion' | 'edit' | 'restore';
  createdAt: string;
  /** restore: the version that was brought back. */
  restoredFrom?: number | null;
}

/** GET /api/files/{id}/statements: the latest version, and how to fetch page pictures. */
export interface StatementsResponse {
  version: number;
  versions: StatementVersionInfo[];
  statements: Statement[];
  /**
   * Page pictures: replace `{page}` (1-based) and add `&source=` (ZIP entries) when the statement
   * has a source. Null when the input has no pages (spreadsheets, text, documents).
   */
  pageUrl: string | null;
}

/** PUT /api/files/{id}/statements: a new version, based on the version the edits started from. */
export interface SaveStatementsRequest {
  baseVersion: number;
  statements: Statement[];
}

/** PUT /api/files/{id}/statements and POST .../statements/restore: the new latest version. */
export interface SavedVersionResponse {
  version: number;
  file: FileRecord;
}

/** POST /api/files/{id}/statements/restore */
export interface RestoreVersionRequest {
  version: number;
}

/** POST /api/files/{id}/retry: the conversion runs again (with the PDF's password), without a second charge. */
export interface RetryRequest {
  password?: string;
}

/** Files one server-sent event stream (GET /api/files/events) follows at most. */
export const MAX_STREAM_FILES = 20;

/** Conversion failures a password can fix. */
export const PASSWORD_ERRORS: readonly ErrorCode[] = ['PDF_ENCRYPTED', 'PDF_PASSWORD_INCORRECT'];
