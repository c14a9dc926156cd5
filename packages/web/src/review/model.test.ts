import { applyStatementsPatch, reconcileStatement, type Statement } from '@statemint/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  type DocStatement,
  describeTrace,
  type Edit,
  fromDoc,
  historyReducer,
  parseCell,
  parseMoney,
  patchOf,
  readingSummary,
  toDoc,
  traceKind,
} from './model';

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
      { past: [], present: toDoc([statement()]), future: [], base: [] },
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
    // Dates typed as the statement prints them: its day order decides 03/04.
    expect(parseCell('date', '03/04/2024', 'DMY')).toEqual({ value: '2024-04-03' });
    expect(parseCell('date', '03/04/2024', 'MDY')).toEqual({ value: '2024-03-04' });
    expect(parseCell('date', '31.12.24', 'DMY')).toEqual({ value: '2024-12-31' });
    expect(parseCell('date', '31/12/2024')).toEqual({ value: '2024-12-31' });
    expect(parseCell('date', '31/02/2024', 'DMY')).toEqual({ error: 'Write the date as DD/MM/YYYY or YYYY-MM-DD' });
    expect(parseCell('date', '2024-02-30')).toEqual({ error: 'Write the date as YYYY-MM-DD' });
  });

  it('flips every sign of a card statement read as a bank account: it balances again, and undo brings it back', () => {
    // A card: owed 100, two charges of 40 and 10 and a payment of 30, owed 120; read with the charges as money out.
    const card: Statement = {
      ...statement(),
      statement: { ...statement().statement, openingBalance: 100, closingBalance: 120 },
      transactions: [row('2024-01-02', -40, null), row('2024-01-03', 30, null), row('2024-01-04', -10, null)],
    };
    const doc = toDoc([card]);
    expect(reconcileStatement(doc[0] as DocStatement).status).toBe('unbalanced');
    const flipped = applyEdit(doc, { type: 'flip', statement: 0, target: 'amounts' });
    expect(flipped[0]?.transactions.map((r) => [r.amount, r.debit, r.credit])).toEqual([
      [40, null, 40],
      [-30, 30, null],
      [10, null, 10],
    ]);
    expect(fromDoc(flipped)[0]?.reconciliation.status).toBe('balanced');
    const both = applyEdit(doc, { type: 'flip', statement: 0, target: 'both' });
    expect(both[0]?.statement).toMatchObject({ openingBalance: -100, closingBalance: -120 });
    const h = historyReducer(
      historyReducer(
        { past: [], present: doc, future: [], base: doc },
        { type: 'edit', edit: { type: 'flip', statement: 0, target: 'amounts' } },
      ),
      { type: 'undo' },
    );
    expect(h.present).toBe(doc);
  });

  it('changes the year of every date and the period, or of the rows from one on', () => {
    const s: Statement = {
      ...statement(),
      statement: { ...statement().statement, periodStart: '2023-12-01', periodEnd: '2024-02-29' },
      transactions: [row('2023-12-30', 50, 150), row('2024-01-03', -10, 140), row('2024-02-29', -10, 130)],
    };
    const all = applyEdit(toDoc([s]), { type: 'year', statement: 0, years: 1, from: 0 });
    expect(all[0]?.transactions.map((r) => r.date)).toEqual(['2024-12-30', '2025-01-03', '2025-02-28']);
    expect(all[0]?.statement).toMatchObject({ periodStart: '2024-12-01', periodEnd: '2025-02-28' });
    const later = applyEdit(toDoc([s]), { type: 'year', statement: 0, years: -1, from: 1 });
    expect(later[0]?.transactions.map((r) => r.date)).toEqual(['2023-12-30', '2023-01-03', '2023-02-28']);
    expect(later[0]?.statement.periodStart).toBe('2023-12-01');
  });

  it('deletes a set of rows in one edit, edits the header, and re-checks the balance', () => {
    const doc = toDoc([statement()]);
    const fewer = applyEdit(doc, { type: 'deleteRows', statement: 0, rows: [1, 2] });
    expect(fewer[0]?.transactions.map((r) => r.description)).toEqual(['Pay']);
    const fixed = applyEdit(fewer, {
      type: 'facts',
      statement: 0,
      facts: { closingBalance: 150, bankName: 'My Bank' },
    });
    expect(fromDoc(fixed)[0]).toMatchObject({
      statement: { bankName: 'My Bank', closingBalance: 150 },
      reconciliation: { status: 'balanced' },
    });
  });

  it('splits a statement of two accounts into two that each balance, and merges them back', () => {
    const s: Statement = {
      ...statement(),
      statement: { ...statement().statement, openingBalance: 100, closingBalance: 1010 },
      transactions: [row('2024-01-02', 50, 150), row('2024-01-03', -10, 140), row('2024-01-02', 10, 1010)],
    };
    s.transactions[2] = { ...(s.transactions[2] as Statement['transactions'][number]), balance: 1010 };
    const doc = toDoc([s]);
    expect(reconcileStatement(doc[0] as DocStatement).status).toBe('unbalanced');
    const two = applyEdit(doc, { type: 'splitStatement', statement: 0, row: 2 });
    expect(two).toHaveLength(2);
    expect(two[0]?.statement.closingBalance).toBe(140);
    // The second account opens where its own first balance says, not where the first account closes.
    expect(two[1]?.statement.openingBalance).toBe(1000);
    const fixed = applyEdit(two, { type: 'facts', statement: 1, facts: { accountNumber: '2' } });
    expect(fromDoc(fixed).map((x) => x.reconciliation.status)).toEqual(['balanced', 'balanced']);
    expect(fromDoc(fixed)[1]?.trace).toEqual([
      { pass: 'facts', field: 'closingBalance', from: null, to: 130, why: 'printed' },
    ]);
    const one = applyEdit(two, { type: 'mergeStatements', statement: 0 });
    expect(one).toHaveLength(1);
    expect(one[0]?.statement).toMatchObject({ openingBalance: 100, closingBalance: 1010 });
    expect(one[0]?.transactions).toHaveLength(3);
  });
});

describe('moving rows between statements', () => {
  it('moves rows to another statement where their dates fit, and undo brings them back', () => {
    const a: Statement = {
      ...statement(),
      transactions: [row('2024-01-02', 5, null, 'A1'), row('2024-01-09', 7, null, 'B2')],
    };
    const b: Statement = {
      ...statement(),
      transactions: [row('2024-01-01', 1, null, 'B1'), row('2024-01-10', 2, null, 'B3')],
    };
    const doc = toDoc([a, b]);
    const moved = applyEdit(doc, { type: 'moveRows', statement: 0, rows: [1], to: 1 });
    expect(moved[0]?.transactions.map((r) => r.description)).toEqual(['A1']);
    expect(moved[1]?.transactions.map((r) => r.description)).toEqual(['B1', 'B2', 'B3']);
    expect(moved[1]?.transactions[1]?._key).toBe(doc[0]?.transactions[1]?._key);
    const h = historyReducer(
      historyReducer(
        { past: [], present: doc, future: [], base: doc },
        { type: 'edit', edit: { type: 'moveRows', statement: 0, rows: [1], to: 1 } },
      ),
      { type: 'undo' },
    );
    expect(h.present).toBe(doc);
  });
});

describe('saving only the change', () => {
  // Two statements with trace entries and issues about rows and about the statement as a whole.
  const twoStatements = (): Statement[] => {
    const a = statement();
    const b: Statement = {
      ...statement(),
      statement: { ...statement().statement, accountNumber: '2' },
      source: 'b.csv',
      issues: [
        { code: 'SIGN_CORRECTED', message: 'sign', row: 0 },
        { code: 'NOTE', message: 'about the statement' },
      ],
    };
    return [a, b];
  };

  it('sends one row for one edited cell, and the server builds the same statements', () => {
    const base = toDoc(twoStatements());
    const present = applyEdit(base, { type: 'set', statement: 0, row: 1, field: 'description', value: 'Checked' });
    const patch = patchOf(base, present);
    expect(patch[0]?.rows).toEqual([
      { copy: { statement: 0, from: 0, count: 1 } },
      {
        row: expect.objectContaining({ description: 'Checked' }),
        trace: [expect.objectContaining({ pass: 'signs', field: 'amount' })],
      },
      { copy: { statement: 0, from: 2, count: 1 } },
    ]);
    expect(patch[1]).toMatchObject({
      traceFrom: 1,
      issuesFrom: 1,
      rows: [{ copy: { statement: 1, from: 0, count: 3 } }],
    });
    expect(applyStatementsPatch(fromDoc(base), patch)).toEqual(fromDoc(present));
  });

  it('builds the same statements as the screen after any edits (split, merge, move, flip, year, deletes)', () => {
    const edit: fc.Arbitrary<Edit> = fc.oneof(
      fc.record({
        type: fc.constant('set' as const),
        statement: fc.nat(2),
        row: fc.nat(4),
        field: fc.constantFrom('description' as const, 'amount' as const, 'balance' as const),
        value: fc.oneof(fc.integer({ min: -500, max: 500 }), fc.constant(null)),
      }),
      fc.record({ type: fc.constant('add' as const), statement: fc.nat(2), after: fc.nat(4) }),
      fc.record({ type: fc.constant('delete' as const), statement: fc.nat(2), row: fc.nat(4) }),
      fc.record({ type: fc.constant('split' as const), statement: fc.nat(2), row: fc.nat(4) }),
      fc.record({ type: fc.constant('merge' as const), statement: fc.nat(2), row: fc.nat(4) }),
      fc.record({ type: fc.constant('flip' as const), statement: fc.nat(2), target: fc.constant('both' as const) }),
      fc.record({ type: fc.constant('year' as const), statement: fc.nat(2), years: fc.constant(1), from: fc.nat(3) }),
      fc.record({ type: fc.constant('deleteRows' as const), statement: fc.nat(2), rows: fc.array(fc.nat(4)) }),
      fc.record({ type: fc.constant('splitStatement' as const), statement: fc.nat(2), row: fc.nat(4) }),
      fc.record({ type: fc.constant('mergeStatements' as const), statement: fc.nat(2) }),
      fc.record({
        type: fc.constant('moveRows' as const),
        statement: fc.nat(2),
        rows: fc.array(fc.nat(4), { minLength: 1 }),
        to: fc.nat(2),
      }),
    );
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 8 }), fc.array(edit, { maxLength: 8 }), (first, second) => {
        // A save after the first edits, then another after the second: each patch is from the doc saved last.
        let h = historyReducer(
          { past: [], present: [], future: [], base: [] },
          { type: 'reset', doc: toDoc(twoStatements()) },
        );
        let server = fromDoc(h.base);
        for (const edits of [first, second]) {
          for (const e of edits) h = historyReducer(h, { type: 'edit', edit: e });
          server = applyStatementsPatch(server, patchOf(h.base, h.present));
          expect(server).toEqual(fromDoc(h.present));
          h = historyReducer(h, { type: 'saved', doc: h.present });
          expect(h.present).toBe(h.base);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a patch naming rows the base version lacks', () => {
    const base = fromDoc(toDoc(twoStatements()));
    const facts = base[0]?.statement as Statement['statement'];
    expect(() =>
      applyStatementsPatch(base, [{ statement: facts, rows: [{ copy: { statement: 0, from: 2, count: 2 } }] }]),
    ).toThrow('rows 3 to 4 are not in the base version');
    expect(() =>
      applyStatementsPatch(base, [{ statement: facts, rows: [{ copy: { statement: 5, from: 0, count: 1 } }] }]),
    ).toThrow('names statement 6');
    expect(() =>
      applyStatementsPatch(base, [{ statement: facts, rows: [{ copy: { statement: 0, from: 0, count: 3 } }] }]),
    ).not.toThrow();
  });
});

describe('readingSummary', () => {
  it('says in plain words how the statement was read, leaving the engine notes to the details', () => {
    expect(
      readingSummary([
        { pass: 'tokens', field: 'decimalMark', from: null, to: '.', why: 'the amounts' },
        { pass: 'values', field: 'dayOrder', from: null, to: 'DMY', why: 'a day above 12' },
        { pass: 'rows', field: 'bands', from: null, to: 'rules', why: 'page 2' },
        { pass: 'money-roles', field: 'columns', from: null, to: 'debit "debit", balance "balance"', why: 'x' },
        { pass: 'labelled-balance-rows', row: -1, field: 'kind', from: 'transaction', to: 'balance', why: 'a label' },
        { pass: 'labelled-balance-rows', row: -1, field: 'kind', from: 'transaction', to: 'balance', why: 'a label' },
      ]),
    ).toEqual([
      'Decimal mark: “.”.',
      'Dates read day first (04/05 is 4 May): a day above 12.',
      'Money columns: debit "debit", balance "balance".',
      '2 lines read as a balance, not as transactions.',
    ]);
  });
});
