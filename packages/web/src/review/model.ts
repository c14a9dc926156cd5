/**
 * The review screen's editable model: the statements of a file with a stable key per row (so
 * rows keep their identity, their engine trace and their selection through edits), the edits
 * (set a cell, add, delete, split, merge rows), and an undo/redo history. Pure functions; the
 * balance arithmetic is shared's (reconcileStatement), the same the server checks saves with.
 */
import {
  type EditableField,
  reconcileStatement,
  type Statement,
  setTransactionField,
  type TraceEntry,
  type Transaction,
} from '@statemint/shared';

export interface Row extends Transaction {
  _key: string;
  /** What the engine inferred or repaired in this row (its trace entries). */
  _trace: TraceEntry[];
}

export interface DocStatement extends Omit<Statement, 'transactions' | 'trace'> {
  transactions: Row[];
  /** Trace entries about the statement's facts (no row). */
  factTrace: TraceEntry[];
}

export type Doc = DocStatement[];

let seq = 0;
const newKey = () => `r${(seq++).toString(36)}`;

export function toDoc(statements: Statement[]): Doc {
  return statements.map(({ trace, transactions, ...rest }) => ({
    ...rest,
    factTrace: (trace ?? []).filter((t) => t.row === undefined),
    transactions: transactions.map((t, i) => ({
      ...t,
      _key: newKey(),
      _trace: (trace ?? []).filter((e) => e.row === i),
    })),
  }));
}

/** The statements to save: row keys dropped, trace entries renumbered to the rows' new places. */
export function fromDoc(doc: Doc): Statement[] {
  return doc.map(({ factTrace, transactions, ...rest }) => {
    const trace: TraceEntry[] = [...factTrace];
    const rows: Transaction[] = transactions.map(({ _key, _trace, ...t }, i) => {
      for (const e of _trace) trace.push({ ...e, row: i });
      return t;
    });
    const statement: Statement = { ...rest, transactions: rows };
    statement.reconciliation = reconcileStatement(statement);
    if (trace.length) statement.trace = trace;
    return statement;
  });
}

export type Edit =
  | { type: 'set'; statement: number; row: number; field: EditableField; value: string | number | null }
  | { type: 'add'; statement: number; after: number }
  | { type: 'delete'; statement: number; row: number }
  | { type: 'split'; statement: number; row: number }
  | { type: 'merge'; statement: number; row: number };

function withRows(doc: Doc, s: number, change: (rows: Row[]) => Row[]): Doc {
  return doc.map((st, i) => (i === s ? { ...st, transactions: change(st.transactions) } : st));
}

function blankAfter(row: Row | undefined): Row {
  return {
    date: row?.date ?? new Date().toISOString().slice(0, 10),
    sourceDate: '',
    description: '',
    credit: null,
    debit: null,
    amount: 0,
    balance: null,
    reference: null,
    page: row?.page ?? 1,
    ...(row?.bbox ? { bbox: row.bbox } : {}),
    _key: newKey(),
    _trace: [],
  };
}

export function applyEdit(doc: Doc, edit: Edit): Doc {
  switch (edit.type) {
    case 'set':
      return withRows(doc, edit.statement, (rows) =>
        rows.map((r, i) => (i === edit.row ? { ...r, ...setTransactionField(r, edit.field, edit.value) } : r)),
      );
    case 'add':
      return withRows(doc, edit.statement, (rows) => [
        ...rows.slice(0, edit.after + 1),
        blankAfter(rows[edit.after]),
        ...rows.slice(edit.after + 1),
      ]);
    case 'delete':
      return withRows(doc, edit.statement, (rows) => rows.filter((_, i) => i !== edit.row));
    case 'split':
      // One printed line that holds two transactions: the new row after it takes the running
      // balance (printed after both); the amount stays on the first until the user moves part of it.
      return withRows(doc, edit.statement, (rows) => {
        const row = rows[edit.row];
        if (!row) return rows;
        const second: Row = { ...blankAfter(row), balance: row.balance };
        return [...rows.slice(0, edit.row), { ...row, balance: null }, second, ...rows.slice(edit.row + 1)];
      });
    case 'merge':
      // A transaction read as two rows: one row with both descriptions and amounts, the later balance.
      return withRows(doc, edit.statement, (rows) => {
        const a = rows[edit.row];
        const b = rows[edit.row + 1];
        if (!a || !b) return rows;
        const merged: Row = {
          ...setTransactionField(a, 'amount', Math.round((a.amount + b.amount) * 100) / 100),
          _key: a._key,
          _trace: [...a._trace, ...b._trace],
          description: [a.description, b.description].filter(Boolean).join(' '),
          balance: b.balance ?? a.balance,
        };
        return [...rows.slice(0, edit.row), merged, ...rows.slice(edit.row + 2)];
      });
  }
}

export interface History {
  past: Doc[];
  present: Doc;
  future: Doc[];
}

export type HistoryAction =
  | { type: 'edit'; edit: Edit }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; doc: Doc };

const MAX_UNDO = 200;

export function historyReducer(h: History, action: HistoryAction): History {
  switch (action.type) {
    case 'edit': {
      const next = applyEdit(h.present, action.edit);
      if (next === h.present) return h;
      return { past: [...h.past.slice(-MAX_UNDO + 1), h.present], present: next, future: [] };
    }
    case 'undo': {
      const prev = h.past.at(-1);
      if (!prev) return h;
      return { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] };
    }
    case 'redo': {
      const [next, ...rest] = h.future;
      if (!next) return h;
      return { past: [...h.past, h.present], present: next, future: rest };
    }
    case 'reset':
      return { past: [], present: action.doc, future: [] };
  }
}

/** Text shown in a cell for a field. */
export function cellText(row: Transaction, field: EditableField): string {
  const v = row[field];
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return v.toFixed(2);
  return v;
}

/** Parses what was typed into a money cell: '1,234.56', '-12', '(12.00)'; null for empty, NaN for nonsense. */
export function parseMoney(text: string): number | null {
  const t = text.trim().replace(/[\s,$€£]/g, '');
  if (t === '') return null;
  const negative = /^\(.*\)$/.test(t);
  const n = Number(negative ? t.slice(1, -1) : t);
  if (!Number.isFinite(n)) return Number.NaN;
  return negative ? -n : n;
}

export const MONEY_FIELDS: readonly EditableField[] = ['debit', 'credit', 'amount', 'balance'];

/** What a typed value becomes, or an error text for the cell. */
export function parseCell(field: EditableField, text: string): { value: string | number | null } | { error: string } {
  if (field === 'description') return { value: text };
  if (field === 'date') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text.trim()) || Number.isNaN(Date.parse(text.trim())))
      return { error: 'Write the date as YYYY-MM-DD' };
    return { value: text.trim() };
  }
  const n = parseMoney(text);
  if (Number.isNaN(n)) return { error: 'Enter a number' };
  if (field === 'amount' && n === null) return { value: 0 };
  return { value: n };
}

/** Low OCR confidence: below this, a row is flagged for checking. */
export const LOW_CONFIDENCE = 0.8;
