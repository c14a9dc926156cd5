/**
 * The review screen's editable model: the statements of a file with a stable key per row (so
 * rows keep their identity, their engine trace and their selection through edits), the edits
 * (set a cell, add, delete, split, merge rows), and an undo/redo history. Pure functions; the
 * balance arithmetic is shared's (reconcileStatement), the same the server checks saves with.
 */
import {
  assembleStatement,
  type ConversionIssue,
  changeYear,
  type EditableField,
  type FlipTarget,
  flipSigns,
  mergeStatements,
  type RowCopy,
  type RowPart,
  type RowPiece,
  type Statement,
  type StatementFacts,
  type StatementPatch,
  setTransactionField,
  splitStatementAt,
  statementParts,
  type TraceEntry,
  type Transaction,
} from '@statemint/shared';

export interface Row extends Transaction {
  _key: string;
  /** What the engine inferred or repaired in this row (its trace entries). */
  _trace: TraceEntry[];
  /** The conversion's issues about this row (such as a corrected sign). */
  _issues: ConversionIssue[];
}

export interface DocStatement extends Omit<Statement, 'transactions' | 'trace' | 'issues'> {
  transactions: Row[];
  /**
   * Trace entries about the statement as a whole: its facts and column roles (no row), and rows the
   * engine did not keep as transactions (a balance or total line: row -1), kept as they came.
   */
  factTrace: TraceEntry[];
  /** Issues about no row of the statement. */
  factIssues: ConversionIssue[];
}

export type Doc = DocStatement[];

let seq = 0;
const newKey = () => `r${(seq++).toString(36)}`;

export function toDoc(statements: Statement[]): Doc {
  return statements.map((s) => {
    const { trace: _t, issues: _i, transactions: _r, ...rest } = s;
    const parts = statementParts(s);
    return {
      ...rest,
      factTrace: parts.trace,
      factIssues: parts.issues,
      transactions: parts.rows.map((p) => ({ ...p.transaction, _key: newKey(), _trace: p.trace, _issues: p.issues })),
    };
  });
}

const partOf = ({ _key, _trace, _issues, ...transaction }: Row): RowPart => ({
  transaction,
  trace: _trace,
  issues: _issues,
});

/** The statements to save: row keys dropped, trace entries and issues renumbered to the rows' new places. */
export function fromDoc(doc: Doc): Statement[] {
  return doc.map((st) =>
    assembleStatement(st, { trace: st.factTrace, issues: st.factIssues }, st.transactions, partOf),
  );
}

/**
 * What saving `present` sends when the server holds `base` (the doc as loaded or last saved): each
 * statement's rows as runs of base rows left as they were (edits never change a row in place, so an
 * unchanged row is the same object) and the rows sent whole. The server builds exactly fromDoc(present).
 */
export function patchOf(base: Doc, present: Doc): StatementPatch[] {
  const where = new Map<Row, [number, number]>();
  base.forEach((st, s) => {
    for (const [i, r] of st.transactions.entries()) where.set(r, [s, i]);
  });
  return present.map((st) => {
    const rows: RowPiece[] = [];
    let run: RowCopy | null = null;
    for (const r of st.transactions) {
      const at = where.get(r);
      if (at && run && run.copy.statement === at[0] && run.copy.from + run.copy.count === at[1]) run.copy.count++;
      else if (at) {
        run = { copy: { statement: at[0], from: at[1], count: 1 } };
        rows.push(run);
      } else {
        run = null;
        const { transaction, trace, issues } = partOf(r);
        rows.push({ row: transaction, ...(trace.length ? { trace } : {}), ...(issues.length ? { issues } : {}) });
      }
    }
    const traceFrom = base.findIndex((b) => b.factTrace === st.factTrace);
    const issuesFrom = base.findIndex((b) => b.factIssues === st.factIssues);
    return {
      statement: st.statement,
      ...(st.source !== undefined ? { source: st.source } : {}),
      ...(traceFrom >= 0 ? { traceFrom } : st.factTrace.length ? { trace: st.factTrace } : {}),
      ...(issuesFrom >= 0 ? { issuesFrom } : st.factIssues.length ? { issues: st.factIssues } : {}),
      rows,
    };
  });
}

/**
 * What a trace entry did to its value: `repaired` changed a value that was read (a flipped sign, an
 * OCR misreading put right); `inferred` supplied one that was not printed or not signed (a sign
 * from its section or from the balances, a missing amount).
 */
export function traceKind(e: TraceEntry): 'repaired' | 'inferred' {
  return e.from === null || e.from === '' ? 'inferred' : 'repaired';
}

const MONEY_TRACE_FIELDS = new Set(['amount', 'debit', 'credit', 'balance', 'openingBalance', 'closingBalance']);

function traceValue(field: string, v: string | number | null): string {
  if (v === null || v === '') return '–';
  if (typeof v === 'number' && MONEY_TRACE_FIELDS.has(field)) return v.toFixed(2);
  return String(v);
}

/** One line for a trace entry: what changed and why ("amount: 113.88 → -113.88 (the balances …)"). */
export function describeTrace(e: TraceEntry): string {
  if (traceKind(e) === 'inferred') return `${e.field}: ${traceValue(e.field, e.to)} (${e.why})`;
  return `${e.field}: ${traceValue(e.field, e.from)} → ${traceValue(e.field, e.to)} (${e.why})`;
}

export type Edit =
  | { type: 'set'; statement: number; row: number; field: EditableField; value: string | number | null }
  | { type: 'add'; statement: number; after: number }
  | { type: 'delete'; statement: number; row: number }
  | { type: 'split'; statement: number; row: number }
  | { type: 'merge'; statement: number; row: number }
  // Statement-level fixes: the header, every sign, the year, a set of rows, one statement into two or two into one.
  | { type: 'facts'; statement: number; facts: Partial<StatementFacts> }
  | { type: 'flip'; statement: number; target: FlipTarget }
  | { type: 'year'; statement: number; years: number; from: number }
  | { type: 'deleteRows'; statement: number; rows: number[] }
  | { type: 'splitStatement'; statement: number; row: number }
  | { type: 'mergeStatements'; statement: number }
  | { type: 'moveRows'; statement: number; rows: number[]; to: number };

function withStatement(doc: Doc, s: number, change: (st: DocStatement) => DocStatement): Doc {
  return doc.map((st, i) => (i === s ? change(st) : st));
}

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
    _issues: [],
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
          _issues: [...a._issues, ...b._issues],
          description: [a.description, b.description].filter(Boolean).join(' '),
          balance: b.balance ?? a.balance,
        };
        return [...rows.slice(0, edit.row), merged, ...rows.slice(edit.row + 2)];
      });
    case 'facts':
      return withStatement(doc, edit.statement, (st) => ({ ...st, statement: { ...st.statement, ...edit.facts } }));
    case 'flip':
      return withStatement(doc, edit.statement, (st) => flipSigns(st, edit.target));
    case 'year':
      return withStatement(doc, edit.statement, (st) => changeYear(st, edit.years, edit.from));
    case 'deleteRows': {
      const gone = new Set(edit.rows);
      if (gone.size === 0) return doc;
      return withRows(doc, edit.statement, (rows) => rows.filter((_, i) => !gone.has(i)));
    }
    case 'splitStatement': {
      const st = doc[edit.statement];
      if (!st || edit.row <= 0 || edit.row >= st.transactions.length) return doc;
      const [a, b] = splitStatementAt(st, edit.row);
      // Notes about the statement as a whole stay with the first part.
      return [...doc.slice(0, edit.statement), a, { ...b, factIssues: [] }, ...doc.slice(edit.statement + 1)];
    }
    case 'moveRows': {
      // Rows of one account that landed in another's statement: they go to the statement chosen, each
      // before the first of its rows dated later (the rows there keep their order).
      const from = doc[edit.statement];
      const target = doc[edit.to];
      const moving = new Set(edit.rows);
      if (!from || !target || edit.to === edit.statement || moving.size === 0) return doc;
      const moved = from.transactions.filter((_, i) => moving.has(i));
      const rows = [...target.transactions];
      for (const r of moved) {
        const at = rows.findIndex((x) => x.date > r.date);
        rows.splice(at < 0 ? rows.length : at, 0, r);
      }
      return doc.map((st, i) =>
        i === edit.statement
          ? { ...st, transactions: st.transactions.filter((_, k) => !moving.has(k)) }
          : i === edit.to
            ? { ...st, transactions: rows }
            : st,
      );
    }
    case 'mergeStatements': {
      const a = doc[edit.statement];
      const b = doc[edit.statement + 1];
      if (!a || !b) return doc;
      const merged = { ...mergeStatements(a, b), factIssues: [...a.factIssues, ...b.factIssues] };
      return [...doc.slice(0, edit.statement), merged, ...doc.slice(edit.statement + 2)];
    }
  }
}

export interface History {
  past: Doc[];
  present: Doc;
  future: Doc[];
  /** The doc as the server holds it (loaded or last saved): what a save sends its change from. */
  base: Doc;
}

export type HistoryAction =
  | { type: 'edit'; edit: Edit }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; doc: Doc }
  /** `doc` was saved: the server holds it now (edits made while it was being saved stay). */
  | { type: 'saved'; doc: Doc };

const MAX_UNDO = 200;

export function historyReducer(h: History, action: HistoryAction): History {
  switch (action.type) {
    case 'edit': {
      const next = applyEdit(h.present, action.edit);
      if (next === h.present) return h;
      return { ...h, past: [...h.past.slice(-MAX_UNDO + 1), h.present], present: next, future: [] };
    }
    case 'undo': {
      const prev = h.past.at(-1);
      if (!prev) return h;
      return { ...h, past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] };
    }
    case 'redo': {
      const [next, ...rest] = h.future;
      if (!next) return h;
      return { ...h, past: [...h.past, h.present], present: next, future: rest };
    }
    case 'reset':
      return { past: [], present: action.doc, future: [], base: action.doc };
    case 'saved':
      return { ...h, base: action.doc };
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

/** The order of day, month and year in a statement's printed dates, as the engine read them. */
export type DayOrder = 'DMY' | 'MDY' | 'YMD';

export function dayOrderOf(st: Pick<DocStatement, 'factTrace'> | undefined): DayOrder | null {
  const e = st?.factTrace.find((t) => t.field === 'dayOrder');
  return e?.to === 'DMY' || e?.to === 'MDY' || e?.to === 'YMD' ? e.to : null;
}

/**
 * A typed date as ISO, or null: ISO itself, or day, month and year in the statement's own order
 * (31/12/2024, 31.12.24 on a day-first statement; 12/31/2024 on a month-first one). Without a known
 * order only a day above 12 tells which is which.
 */
export function parseDate(text: string, order: DayOrder | null): string | null {
  const t = text.trim();
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const printed = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(t);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (printed) {
    const a = Number(printed[1]);
    const b = Number(printed[2]);
    y = printed[3]?.length === 2 ? 2000 + Number(printed[3]) : Number(printed[3]);
    if (order === 'MDY' || (order !== 'DMY' && b > 12 && a <= 12)) [m, d] = [a, b];
    else if (order === 'DMY' || a > 12) [d, m] = [a, b];
    else return null;
  } else return null;
  if (m < 1 || m > 12 || d < 1 || d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const DATE_HINTS: Record<DayOrder, string> = {
  DMY: 'Write the date as DD/MM/YYYY or YYYY-MM-DD',
  MDY: 'Write the date as MM/DD/YYYY or YYYY-MM-DD',
  YMD: 'Write the date as YYYY-MM-DD',
};

/** What a typed value becomes, or an error text for the cell; dates also in the statement's own order. */
export function parseCell(
  field: EditableField,
  text: string,
  order: DayOrder | null = null,
): { value: string | number | null } | { error: string } {
  if (field === 'description') return { value: text };
  if (field === 'date') {
    const iso = parseDate(text, order);
    return iso ? { value: iso } : { error: order ? DATE_HINTS[order] : 'Write the date as YYYY-MM-DD' };
  }
  const n = parseMoney(text);
  if (Number.isNaN(n)) return { error: 'Enter a number' };
  if (field === 'amount' && n === null) return { value: 0 };
  return { value: n };
}

/** Low OCR confidence: below this, a row is flagged for checking. */
export const LOW_CONFIDENCE = 0.8;

const KIND_WORDS: Record<string, string> = {
  balance: 'a balance',
  total: 'a total',
  carried: 'a balance carried forward',
  'carried-forward': 'a balance carried forward',
};

/**
 * "How this statement was read" in plain words: the money columns, the day order, the decimal mark,
 * the period, the lines set aside as balances or totals. The engine's other notes (row bands, tables,
 * labels) stay in the details, with their pass names.
 */
export function readingSummary(trace: TraceEntry[]): string[] {
  const lines: string[] = [];
  const setAside = new Map<string, number>();
  for (const e of trace) {
    const to = e.to === null ? '' : String(e.to);
    if (e.field === 'columns') lines.push(`Money columns: ${to}.`);
    else if (e.field === 'dayOrder')
      lines.push(
        `Dates read ${to === 'MDY' ? 'month first (04/05 is April 5)' : to === 'YMD' ? 'year first' : 'day first (04/05 is 4 May)'}: ${e.why}.`,
      );
    else if (e.field === 'decimalMark') lines.push(`Decimal mark: “${to}”.`);
    else if (e.field === 'period') lines.push(`Statement period: ${to.replace('..', ' to ')}.`);
    else if (e.field === 'kind' && e.from === 'transaction' && to !== 'transaction')
      setAside.set(to, (setAside.get(to) ?? 0) + 1);
  }
  for (const [kind, n] of setAside)
    lines.push(
      `${n} ${n === 1 ? 'line' : 'lines'} read as ${KIND_WORDS[kind] ?? kind}, not as ${n === 1 ? 'a transaction' : 'transactions'}.`,
    );
  return lines;
}
