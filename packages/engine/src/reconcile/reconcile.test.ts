import { describe, expect, it } from 'vitest';
import {
  fixSingleSignErrors,
  type LedgerRow,
  reconcile,
  recoverSigns,
  repairBalancesByNeighbours,
  restoreAmountsByBalance,
} from './reconcile';

const row = (cents: number, balance: number | null, signKnown = true): LedgerRow => ({
  cents,
  abs: Math.abs(cents),
  signKnown,
  balance,
});

describe('reconcile', () => {
  it('is balanced when every running balance and the closing balance add up', () => {
    const rows = [row(-1000, null), row(2500, 11500), row(-500, 11000)];
    expect(reconcile(rows, 10000, 11000)).toEqual({ status: 'balanced', mismatches: [] });
  });

  it('names the row whose printed balance does not add up, and the closing mismatch', () => {
    const rows = [row(-1000, 9000), row(-500, 8400)];
    const r = reconcile(rows, 10000, 8400);
    expect(r.status).toBe('unbalanced');
    expect(r.mismatches).toEqual([
      { row: 1, expected: 85, printed: 84 },
      { row: -1, expected: 85, printed: 84 },
    ]);
  });

  it('is unknown when nothing can be checked', () => {
    expect(reconcile([row(-1000, null)], null, null).status).toBe('unknown');
  });
});

describe('sign recovery', () => {
  it('decides unknown signs between two printed balances', () => {
    const rows = [row(1000, null, false), row(300, null, false), row(200, 10500, false)];
    recoverSigns(rows, 10000);
    expect(rows.map((r) => r.cents)).toEqual([1000, -300, -200]);
  });

  it('leaves ambiguous stretches alone', () => {
    const rows = [row(100, null, false), row(100, 10000, false)];
    recoverSigns(rows, 10000);
    expect(rows.every((r) => !r.signKnown)).toBe(true);
  });

  it('flips the one row whose sign makes a stretch balance', () => {
    // Printed: 10000 - 10.00 - 2.50 = 8750, but the second amount was read as a credit.
    const rows = [row(-1000, null), row(250, 8750)];
    expect(fixSingleSignErrors(rows, 10000)).toEqual([1]);
    expect(rows[1]?.cents).toBe(-250);
  });
});

describe('amounts OCR could not read', () => {
  const missing = (balance: number | null): LedgerRow & { missing: boolean } => ({
    cents: 0,
    abs: 0,
    signKnown: true,
    balance,
    missing: true,
  });

  it('takes the amount the running balances prove, where it is the only unknown of its stretch', () => {
    // Opening 100.00; -10.00 -> 90.00; unread (+30.00) -> 120.00; unread, then -5.00 -> 145.00.
    const rows = [row(-1000, 9000), missing(12000), missing(null), row(-500, 14500)];
    expect(restoreAmountsByBalance(rows, 10000)).toEqual([1, 2]);
    expect(rows.map((r) => r.cents)).toEqual([-1000, 3000, 3000, -500]);
  });

  it('closes the last stretch with the printed closing balance (statements without running balances)', () => {
    const rows = [row(-1000, null), missing(null), row(2500, null)];
    expect(restoreAmountsByBalance(rows, 10000, 11001)).toEqual([1]);
    expect(rows[1]?.cents).toBe(-499);
    expect(restoreAmountsByBalance([row(-1000, null), missing(null)], 10000, null)).toEqual([]);
  });

  it('leaves a stretch with two unknowns, or with no opening balance before it', () => {
    const two = [row(-1000, 9000), missing(null), missing(null), row(-500, 14500)];
    expect(restoreAmountsByBalance(two, 10000)).toEqual([]);
    const first = [missing(9000), row(-500, 8500)];
    expect(restoreAmountsByBalance(first, null)).toEqual([]);
  });
});

describe('balances OCR misread', () => {
  const ocr = (cents: number, balance: number | null) => ({ ...row(cents, balance), ocr: true });

  it('corrects a balance that puts the stretch before it off by what the stretch after it is off', () => {
    // 321.05 - 63.26 = 257.79, read as 257.19; then 257.79 - 9.78 = 248.01.
    const rows = [ocr(-11724, 32105), ocr(-6326, 25719), ocr(-978, 24801)];
    expect(repairBalancesByNeighbours(rows, 43829)).toEqual([1]);
    expect(rows[1]?.balance).toBe(25779);
  });

  it('leaves balances when the next stretch does not mirror the difference, or on text pages', () => {
    const lone = [ocr(-11724, 32105), ocr(-6326, 25719), ocr(-918, 24801)];
    expect(repairBalancesByNeighbours(lone, 43829)).toEqual([]);
    const text = [row(-11724, 32105), row(-6326, 25719), row(-978, 24801)];
    expect(repairBalancesByNeighbours(text, 43829)).toEqual([]);
  });
});
