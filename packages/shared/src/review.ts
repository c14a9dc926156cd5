/**
 * The review screen's statement arithmetic, one home for the web app (the balance check updates
 * as the user types) and the server (it recomputes the check of every saved version, never
 * trusting the browser's). Same rules as the engine's reconciliation: each printed running
 * balance must equal the one before plus the row's amount, and opening + all amounts = closing.
 * Money is compared in integer cents.
 */
import type { ErrorCode } from './errors';
import type { FileRecord } from './files-api';
import type {
  PrintedTotals,
  Reconciliation,
  ReconciliationMismatch,
  Statement,
  StatementFacts,
  Transaction,
} from './statement';

export const cents = (value: number): number => Math.round(value * 100);

/**
 * The printed totals of credits and of debits against the rows' sums: one check per total printed,
 * each failing one a mismatch (row -1, `check` naming the total).
 */
export function totalsChecks(
  transactions: Pick<Transaction, 'amount'>[],
  totals: PrintedTotals | undefined,
): { checks: number; mismatches: ReconciliationMismatch[] } {
  const mismatches: ReconciliationMismatch[] = [];
  let checks = 0;
  if (!totals) return { checks, mismatches };
  const { moneyIn, moneyOut } = statementTotals(transactions);
  for (const check of ['credits', 'debits'] as const) {
    const printed = totals[check];
    if (printed === null) continue;
    checks++;
    const sum = check === 'credits' ? moneyIn : moneyOut;
    if (cents(sum) !== cents(printed)) mismatches.push({ row: -1, check, expected: sum, printed });
  }
  return { checks, mismatches };
}

export function reconcileStatement(
  s: Pick<Statement, 'statement' | 'transactions'> & Pick<Partial<Statement>, 'printedTotals'>,
): Reconciliation {
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
  const totals = totalsChecks(s.transactions, s.printedTotals);
  checks += totals.checks;
  mismatches.push(...totals.mismatches);
  const status = checks === 0 ? 'unknown' : mismatches.length ? 'unbalanced' : 'balanced';
  // Balanced means every check holds, the dates too (see rowsOutsidePeriod).
  return { status: status === 'balanced' && rowsOutsidePeriod(s).length ? 'unknown' : status, mismatches };
}

/** Days of grace around the printed period (a card posts a few days after its cut-off). */
export const PERIOD_GRACE_DAYS = 7;

/**
 * The rows dated outside the statement's printed period (a week's grace either side): a statement
 * with such a row is not proven, however its balances check.
 */
export function rowsOutsidePeriod(s: Pick<Statement, 'statement' | 'transactions'>): number[] {
  const { periodStart, periodEnd } = s.statement;
  if (!periodStart || !periodEnd) return [];
  const shift = (iso: string, days: number) =>
    new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const lo = shift(periodStart, -PERIOD_GRACE_DAYS);
  const hi = shift(periodEnd, PERIOD_GRACE_DAYS);
  return s.transactions.flatMap((t, i) => (t.date < lo || t.date > hi ? [i] : []));
}

/**
 * The one balance verdict of a statement, in words: what the review screen shows once per statement
 * and what a file's result shows for all of them.
 */
export function balanceVerdict(
  rec: Pick<Reconciliation, 'status'> & { mismatches?: unknown[] },
  count?: number,
): string {
  if (rec.status === 'balanced') return 'Balanced';
  if (rec.status === 'unknown') return 'Balance check: not available (no balances printed to check against)';
  const n = count ?? rec.mismatches?.length ?? 0;
  return `Does not balance: ${n} ${n === 1 ? 'row does' : 'rows do'} not add up`;
}

/**
 * Rows whose amount the statement's balances prove: a printed running balance that follows from the
 * one before (the row's own check passed), or every row of a statement whose opening and closing
 * balances add up with no running balance disagreeing. An OCR reading of such a row is right whatever
 * its confidence, so it is not flagged for checking.
 */
export function provenRows(s: Pick<Statement, 'statement' | 'transactions'>, rec: Reconciliation): Set<number> {
  const proven = new Set<number>();
  if (rec.status === 'balanced' && s.statement.openingBalance !== null && s.statement.closingBalance !== null) {
    for (let i = 0; i < s.transactions.length; i++) proven.add(i);
    return proven;
  }
  const wrong = new Set(rec.mismatches.map((m) => m.row));
  let known = s.statement.openingBalance !== null;
  let since: number[] = [];
  s.transactions.forEach((t, i) => {
    since.push(i);
    if (t.balance === null) return;
    // Only one row between two printed balances is proven by them (two could hide each other's error).
    if (known && !wrong.has(i) && since.length === 1) proven.add(i);
    known = true;
    since = [];
  });
  return proven;
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
  for (const field of FACT_FIELDS) {
    const problem = factProblem(field, s.statement[field]);
    if (problem) return `${FACT_LABELS[field]}: ${problem}.`;
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

/** PUT and PATCH /api/files/{id}/statements and POST .../statements/restore: the new latest version. */
export interface SavedVersionResponse {
  version: number;
  /** Every version kept, the new one last. */
  versions: StatementVersionInfo[];
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

/** Header fields of a statement the review can edit, with their names on screen. */
export const FACT_LABELS: Record<keyof StatementFacts, string> = {
  bankName: 'Bank',
  accountNumber: 'Account',
  accountHolder: 'Holder',
  currency: 'Currency',
  periodStart: 'Period from',
  periodEnd: 'Period to',
  openingBalance: 'Opening balance',
  closingBalance: 'Closing balance',
};

export const FACT_FIELDS: readonly (keyof StatementFacts)[] = [
  'bankName',
  'accountNumber',
  'accountHolder',
  'currency',
  'periodStart',
  'periodEnd',
  'openingBalance',
  'closingBalance',
];

interface Editable<T extends Transaction> {
  statement: StatementFacts;
  transactions: T[];
}

const negate = (v: number | null): number | null => (v === null || v === 0 ? v : -v);

/**
 * Every sign flipped, for a card statement read as a bank account (charges came out as money in):
 * the amounts (debits and credits trade places), the balances (running, opening and closing), or both.
 */
export type FlipTarget = 'amounts' | 'balances' | 'both';

export function flipSigns<T extends Transaction, S extends Editable<T>>(s: S, target: FlipTarget): S {
  const amounts = target !== 'balances';
  const balances = target !== 'amounts';
  return {
    ...s,
    statement: balances
      ? {
          ...s.statement,
          openingBalance: negate(s.statement.openingBalance),
          closingBalance: negate(s.statement.closingBalance),
        }
      : s.statement,
    transactions: s.transactions.map((t) => ({
      ...t,
      ...(amounts ? { amount: negate(t.amount) ?? 0, debit: t.credit, credit: t.debit } : {}),
      ...(balances ? { balance: negate(t.balance) } : {}),
    })),
  };
}

/** An ISO date moved by whole years (29 February becomes the 28th in a common year). */
export function shiftYear(iso: string, years: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const year = Number(m[1]) + years;
  if (year < 1 || year > 9999) return iso;
  const month = Number(m[2]);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(m[3]), last);
  return `${String(year).padStart(4, '0')}-${m[2]}-${String(day).padStart(2, '0')}`;
}

/**
 * Dates moved by whole years, from row `from` on (0: every row, and the period too). The rows' order
 * is kept: a statement whose year was misread is wrong by the same years on every date.
 */
export function changeYear<T extends Transaction, S extends Editable<T>>(s: S, years: number, from = 0): S {
  if (years === 0) return s;
  const f = s.statement;
  return {
    ...s,
    statement:
      from <= 0
        ? {
            ...f,
            periodStart: f.periodStart && shiftYear(f.periodStart, years),
            periodEnd: f.periodEnd && shiftYear(f.periodEnd, years),
          }
        : f,
    transactions: s.transactions.map((t, i) => (i < from ? t : { ...t, date: shiftYear(t.date, years) })),
  };
}

/** The last printed running balance of these rows (where a statement split off them closes), or null. */
function lastBalance(rows: Transaction[]): number | null {
  for (let i = rows.length - 1; i >= 0; i--) {
    const b = rows[i]?.balance;
    if (b !== null && b !== undefined) return b;
  }
  return null;
}

/**
 * One statement cut into two at row `at` (two accounts read as one): the first keeps the rows above
 * and closes at its last printed balance; the second takes the rest and keeps the closing balance.
 * The second opens where its own first printed balance says (that balance less its amount: another
 * account's rows carry on from their own balance), else where the first closes. Both keep the other
 * facts until the user edits them.
 */
export function splitStatementAt<T extends Transaction, S extends Editable<T>>(s: S, at: number): [S, S] {
  const first = s.transactions.slice(0, at);
  const second = s.transactions.slice(at);
  const cut = lastBalance(first);
  const head = second[0];
  const opening = head && head.balance !== null ? Math.round((head.balance - head.amount) * 100) / 100 : cut;
  return [
    { ...s, statement: { ...s.statement, closingBalance: cut }, transactions: first },
    { ...s, statement: { ...s.statement, openingBalance: opening }, transactions: second },
  ];
}

/** Two statements as one (one account split by mistake): the first's facts, its opening, the second's closing. */
export function mergeStatements<T extends Transaction, S extends Editable<T>>(a: S, b: S): S {
  return {
    ...a,
    statement: {
      ...a.statement,
      periodEnd: b.statement.periodEnd ?? a.statement.periodEnd,
      closingBalance: b.statement.closingBalance,
    },
    transactions: [...a.transactions, ...b.transactions],
  };
}

/** What is wrong with a header field's typed value, or null. */
export function factProblem(field: keyof StatementFacts, value: string | number | null): string | null {
  if (value === null || value === '') return null;
  if (field === 'periodStart' || field === 'periodEnd')
    return DATE_PATTERN.test(String(value)) && !Number.isNaN(Date.parse(String(value)))
      ? null
      : 'Write the date as YYYY-MM-DD';
  if (field === 'currency')
    return /^[A-Z]{3}$/.test(String(value)) ? null : 'Write a 3-letter currency code (USD, EUR)';
  if (field === 'openingBalance' || field === 'closingBalance')
    return typeof value === 'number' && Number.isFinite(value) ? null : 'Enter a number';
  return String(value).length > REVIEW_LIMITS.textLength ? 'This is too long' : null;
}
