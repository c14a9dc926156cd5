/**
 * A saved version sent as only its change (PATCH /api/files/{id}/statements, issue 28): each
 * statement of the new version lists its rows as runs of the base version's rows, kept as they were
 * (with their trace entries and issues), and the rows sent whole (new or changed ones). One cell
 * edited in 4,000 rows sends one row, not 4,000.
 *
 * The review screen and the server split a statement into the same parts (statementParts) and put
 * them together the same way (assembleStatement), so the version the server builds from a patch is
 * the one the screen shows.
 */
import { AppError } from './errors';
import { REVIEW_LIMITS, reconcileStatement } from './review';
import type { ConversionIssue, Statement, StatementFacts, TraceEntry, Transaction } from './statement';

/** Rows `from` to `from + count - 1` of base statement `statement`, as they were. */
export interface RowCopy {
  copy: { statement: number; from: number; count: number };
}

/** One row sent whole, with the trace entries and issues about it (their `row` is ignored). */
export interface RowSent {
  row: Transaction;
  trace?: TraceEntry[];
  issues?: ConversionIssue[];
}

export type RowPiece = RowCopy | RowSent;

/** One statement of the new version. */
export interface StatementPatch {
  statement: StatementFacts;
  source?: string;
  /** The trace entries about the statement as a whole are those of this base statement... */
  traceFrom?: number;
  /** ...or these (none when neither is given). */
  trace?: TraceEntry[];
  /** The same for the issues about the statement as a whole. */
  issuesFrom?: number;
  issues?: ConversionIssue[];
  rows: RowPiece[];
}

/** PATCH /api/files/{id}/statements: the new version as its change from `baseVersion`. */
export interface PatchStatementsRequest {
  baseVersion: number;
  statements: StatementPatch[];
}

/** A row with what the engine said about it. */
export interface RowPart {
  transaction: Transaction;
  trace: TraceEntry[];
  issues: ConversionIssue[];
}

/** A statement taken apart: its rows with their notes, and the notes about the statement as a whole. */
export interface StatementParts {
  rows: RowPart[];
  trace: TraceEntry[];
  issues: ConversionIssue[];
}

/** Whether a trace entry or issue is about transaction `row` of `count` (else about the statement). */
const ofRow = (row: number | undefined, count: number): row is number =>
  row !== undefined && Number.isInteger(row) && row >= 0 && row < count;

export function statementParts(s: Pick<Statement, 'transactions' | 'trace' | 'issues'>): StatementParts {
  const n = s.transactions.length;
  const rows: RowPart[] = s.transactions.map((transaction) => ({ transaction, trace: [], issues: [] }));
  const trace: TraceEntry[] = [];
  const issues: ConversionIssue[] = [];
  for (const e of s.trace ?? []) {
    if (ofRow(e.row, n)) rows[e.row]?.trace.push(e);
    else trace.push(e);
  }
  for (const x of s.issues ?? []) {
    if (ofRow(x.row, n)) rows[x.row]?.issues.push(x);
    else issues.push(x);
  }
  return { rows, trace, issues };
}

/**
 * A statement put together from its parts: the notes about the statement first, then each row's,
 * numbered by the row's place; the balance check computed afresh.
 */
export function assembleStatement<R>(
  head: { statement: StatementFacts; source?: string },
  notes: { trace: readonly TraceEntry[]; issues: readonly ConversionIssue[] },
  rows: readonly R[],
  partOf: (row: R) => RowPart,
): Statement {
  const trace: TraceEntry[] = [...notes.trace];
  const issues: ConversionIssue[] = [...notes.issues];
  const transactions = rows.map((r, i) => {
    const part = partOf(r);
    for (const e of part.trace) trace.push({ ...e, row: i });
    for (const x of part.issues) issues.push({ ...x, row: i });
    return part.transaction;
  });
  const statement: Statement = {
    statement: head.statement,
    transactions,
    reconciliation: { status: 'unknown', mismatches: [] },
    ...(head.source !== undefined ? { source: head.source } : {}),
  };
  statement.reconciliation = reconcileStatement(statement);
  if (issues.length) statement.issues = issues;
  if (trace.length) statement.trace = trace;
  return statement;
}

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message, { field: 'statements' });

/** The new version a patch describes, from the base version's statements. */
export function applyStatementsPatch(base: readonly Statement[], patch: readonly StatementPatch[]): Statement[] {
  const parts = new Map<number, StatementParts>();
  const partsOf = (i: number, what: string): StatementParts => {
    const s = base[i];
    if (!Number.isInteger(i) || !s) throw invalid(`${what} names statement ${i + 1}, which the base version lacks.`);
    let p = parts.get(i);
    if (!p) {
      p = statementParts(s);
      parts.set(i, p);
    }
    return p;
  };
  let total = 0;
  return patch.map((sp, k) => {
    const rows: RowPart[] = [];
    for (const piece of sp.rows) {
      if ('copy' in piece) {
        const { statement, from, count } = piece.copy;
        const source = partsOf(statement, `Statement ${k + 1}`).rows;
        if (
          !Number.isInteger(from) ||
          !Number.isInteger(count) ||
          from < 0 ||
          count < 1 ||
          from + count > source.length
        )
          throw invalid(`Statement ${k + 1}: rows ${from + 1} to ${from + count} are not in the base version.`);
        total += count;
        if (total > REVIEW_LIMITS.transactions)
          throw invalid(`A file holds at most ${REVIEW_LIMITS.transactions} rows.`);
        for (let i = from; i < from + count; i++) rows.push(source[i] as RowPart);
      } else {
        total += 1;
        if (total > REVIEW_LIMITS.transactions)
          throw invalid(`A file holds at most ${REVIEW_LIMITS.transactions} rows.`);
        rows.push({ transaction: piece.row, trace: piece.trace ?? [], issues: piece.issues ?? [] });
      }
    }
    const notes = {
      trace: sp.traceFrom !== undefined ? partsOf(sp.traceFrom, `Statement ${k + 1}`).trace : (sp.trace ?? []),
      issues: sp.issuesFrom !== undefined ? partsOf(sp.issuesFrom, `Statement ${k + 1}`).issues : (sp.issues ?? []),
    };
    return assembleStatement(sp, notes, rows, (r) => r);
  });
}
