import { reconcileStatement, type Statement } from '@statemint/shared';
import { describe, expect, it } from 'vitest';
import { applyEdit, describeTrace, fromDoc, historyReducer, parseCell, parseMoney, toDoc, traceKind } from './model';

const row = (date: string, amount: number, balance: number | null, description = 'x') => ({
  date,
  sourceDate: date,
  description,
  credit: amount > 0 ? amount : null,
  debit: amount < 0 ? -amount : null,
  amount,
  balance,
  reference: null,
  page: 1,
});

function statement(): Statement {
  const s: Statement = {
    statement: {
      bankName: 'Bank',
      accountHolder: null,
      accountNumber: '1',
      currency: 'USD',
      periodStart: null,
      periodEnd: null,
      openingBalance: 100,
      closingBalance: 130,
    },
    transactions: [row('2024-01-02', 50, 150, 'Pay'), row('2024-01-03', -10, 141, 'Shop'), row('2024-01-04', -10, 130)],
    reconciliation: { status: 'unknown', mismatches: [] },
    trace: [
      { pass: 'signs', row: 1, field: 'amount', from: 10, to: -10, why: 'balance falls' },
      { pass: 'facts', field: 'closingBalance', from: null, to: 130, why: 'printed' },
    ],
  };
  s.reconciliation = reconcileStatement(s);
  return s;
}

describe('review model', () => {
  it('finds the row that breaks the running balance, and fixing it balances the statement', () => {
    const s = statement();
    expect(s.reconciliation.status).toBe('unbalanced');
    expect(s.reconciliation.mismatches.map((m) => m.row)).toEqual([1, 2]);
    const doc = applyEdit(toDoc([s]), { type: 'set', statement: 0, row: 1, field: 'balance', value: 140 });
    expect(fromDoc(doc)[0]?.reconciliation).toEqual({ status: 'balanced', mismatches: [] });
  });

  it('keeps trace entries with their rows through deletes and renumbers them on save', () => {
    const doc = applyEdit(toDoc([statement()]), { type: 'delete', statement: 0, row: 0 });
    const saved = fromDoc(doc)[0] as Statement;
    expect(saved.trace).toEqual([
      { pass: 'facts', field: 'closingBalance', from: null, to: 130, why: 'printed' },
      { pass: 'signs', row: 0, field: 'amount', from: 10, to: -10, why: 'balance falls' },
    ]);
    expect(saved.transactions[0]).not.toHaveProperty('_key');
  });

  it('keeps what the engine says about lines that are not transactions (row -1) and renumbers row issues', () => {
    const s = statement();
    s.trace = [
      { pass: 'labelled-balance-rows', row: -1, field: 'kind', from: 'transaction', to: 'balance', why: 'a label' },
      { pass: 'sign-flips', row: 2, field: 'amount', from: 10, to: -10, why: 'the balances need it' },
      { pass: 'money-roles', field: 'columns', from: null, to: 'amount "amount"', why: 'explains 2 of 2' },
    ];
    s.issues = [
      { code: 'SIGN_CORRECTED', message: 'corrected', row: 2 },
      { code: 'DATE_GUESSED', message: 'statement-wide' },
    ];
    const doc = toDoc([s]);
    expect(doc[0]?.factTrace.map((t) => t.pass)).toEqual(['labelled-balance-rows', 'money-roles']);
    expect(doc[0]?.transactions[2]?._trace.map((t) => t.pass)).toEqual(['sign-flips']);
    const saved = fromDoc(applyEdit(doc, { type: 'delete', statement: 0, row: 0 }))[0] as Statement;
    expect(saved.trace).toEqual([
      { pass: 'labelled-balance-rows', row: -1, field: 'kind', from: 'transaction', to: 'balance', why: 'a label' },
      { pass: 'money-roles', field: 'columns', from: null, to: 'amount "amount"', why: 'explains 2 of 2' },
      { pass: 'sign-flips', row: 1, field: 'amount', from: 10, to: -10, why: 'the balances need it' },
    ]);
    expect(saved.issues).toEqual([
      { code: 'DATE_GUESSED', message: 'statement-wide' },
      { code: 'SIGN_CORRECTED', message: 'corrected', row: 1 },
    ]);
  });

  it('tells a repaired value from an inferred one, and says what changed and why', () => {
    const flip = { pass: 'sign-flips', row: 2, field: 'amount', from: 113.88, to: -113.88, why: 'the balances' };
    const section = { pass: 'section-signs', row: 0, field: 'amount', from: null, to: 100, why: 'its section' };
    const ocr = {
      pass: 'ocr-cells',
      row: 1,
      field: 'date',
      from: '2O24-04-0l',
      to: '2024-04-01',
      why: 'a date column',
    };
    expect([flip, section, ocr].map(traceKind)).toEqual(['repaired', 'inferred', 'repaired']);
    expect(describeTrace(flip)).toBe('amount: 113.88 → -113.88 (the balances)');
    expect(describeTrace(section)).toBe('amount: 100.00 (its section)');
    expect(describeTrace(ocr)).toBe('date: 2O24-04-0l → 2024-04-01 (a date column)');
  });

  it('splits a row (the balance moves to the new second row) and merges it back', () => {
    const doc = toDoc([statement()]);
    const split = applyEdit(doc, { type: 'split', statement: 0, row: 1 });
    expect(split[0]?.transactions.map((r) => [r.amount, r.balance])).toEqual([
      [50, 150],
      [-10, null],
      [0, 141],
      [-10, 130],
    ]);
    const moved = applyEdit(applyEdit(split, { type: 'set', statement: 0, row: 1, field: 'amount', value: -4 }), {
      type: 'set',
      statement: 0,
      row: 2,
      field: 'debit',
      value: 6,
    });
    expect(moved[0]?.transactions[2]).toMatchObject({ amount: -6, debit: 6, credit: null });
    const merged = applyEdit(moved, { type: 'merge', statement: 0, row: 1 });
    expect(merged[0]?.transactions[1]).toMatchObject({ amount: -10, debit: 10, balance: 141, description: 'Shop' });
  });

  it('undoes and redoes edits', () => {
    let h = historyReducer(
      { past: [], present: toDoc([statement()]), future: [] },
      { type: 'reset', doc: toDoc([statement()]) },
    );
    h = historyReducer(h, { type: 'edit', edit: { type: 'add', statement: 0, after: 0 } });
    expect(h.present[0]?.transactions).toHaveLength(4);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present[0]?.transactions).toHaveLength(3);
    h = historyReducer(h, { type: 'redo' });
    expect(h.present[0]?.transactions).toHaveLength(4);
  });

  it('reads typed cells', () => {
    expect(parseMoney('1,234.50')).toBe(1234.5);
    expect(parseMoney('(12.00)')).toBe(-12);
    expect(parseMoney('')).toBeNull();
    expect(parseCell('debit', 'abc')).toEqual({ error: 'Enter a number' });
    expect(parseCell('date', '03/04/2024')).toEqual({ error: 'Write the date as YYYY-MM-DD' });
    expect(parseCell('date', '2024-04-03')).toEqual({ value: '2024-04-03' });
  });
});
