import { describe, expect, it } from 'vitest';
import { balanceVerdict, provenRows, reconcileStatement } from './review';
import type { PrintedTotals, Statement, Transaction } from './statement';

const row = (amount: number, balance: number | null): Transaction => ({
  date: '2024-01-02',
  sourceDate: '',
  description: 'x',
  credit: amount > 0 ? amount : null,
  debit: amount < 0 ? -amount : null,
  amount,
  balance,
  reference: null,
  page: 1,
});

function statement(opening: number | null, closing: number | null, rows: Transaction[]) {
  const s: Pick<Statement, 'statement' | 'transactions'> = {
    statement: {
      bankName: null,
      accountHolder: null,
      accountNumber: null,
      currency: null,
      periodStart: null,
      periodEnd: null,
      openingBalance: opening,
      closingBalance: closing,
    },
    transactions: rows,
  };
  return { s, rec: reconcileStatement(s) };
}

describe('provenRows', () => {
  it('proves a row its own running balance confirms, not one whose balance disagrees or is not printed', () => {
    // Row 1 prints no balance, so rows 1 and 2 share one check and neither is proven alone; row 3 is wrong.
    const { s, rec } = statement(100, null, [row(10, 110), row(5, null), row(5, 120), row(1, 999)]);
    expect([...provenRows(s, rec)]).toEqual([0]);
  });

  it('proves every row of a statement whose opening and closing add up', () => {
    const { s, rec } = statement(100, 115, [row(10, null), row(5, null)]);
    expect(rec.status).toBe('balanced');
    expect([...provenRows(s, rec)]).toEqual([0, 1]);
  });

  it('proves nothing where no balance is known before a row', () => {
    const { s, rec } = statement(null, null, [row(10, 110), row(5, 115)]);
    expect([...provenRows(s, rec)]).toEqual([1]);
  });
});

describe('balanceVerdict', () => {
  it('says one verdict in words', () => {
    expect(balanceVerdict({ status: 'balanced' })).toBe('Balanced');
    expect(balanceVerdict({ status: 'unbalanced', mismatches: [1] })).toBe('Does not balance: 1 row does not add up');
    expect(balanceVerdict({ status: 'unbalanced' }, 3)).toBe('Does not balance: 3 rows do not add up');
  });
});

describe('printed totals', () => {
  const totalsOf = (totals: PrintedTotals, rows: Transaction[]) =>
    reconcileStatement({ ...statement(100, 112, rows).s, printedTotals: totals });

  it('are checks of their own: the sums of credits and of debits must be the totals printed', () => {
    const rows = [row(10, null), row(-3, null), row(5, null)];
    expect(totalsOf({ credits: 15, debits: 3 }, rows)).toEqual({ status: 'balanced', mismatches: [] });
    // Opening + sum = closing still holds with two rows' amounts traded between sides; the totals do not.
    const traded = [row(13, null), row(-6, null), row(5, null)];
    expect(totalsOf({ credits: 15, debits: 3 }, traded)).toEqual({
      status: 'unbalanced',
      mismatches: [
        { row: -1, check: 'credits', expected: 18, printed: 15 },
        { row: -1, check: 'debits', expected: 6, printed: 3 },
      ],
    });
  });
});
