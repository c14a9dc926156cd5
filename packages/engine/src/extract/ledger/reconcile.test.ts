/**
 * `reconcile`: a check counts only where it proves a row. A daily balance line printed straight
 * under another proves nothing of the transactions around it.
 */
import { describe, expect, it } from 'vitest';
import type { Draft, DraftRow, RowKind } from '../draft';
import { reconcile } from './reconcile';

const row = (id: number, kind: RowKind, cents: number | null, balance: number | null): DraftRow =>
  ({ id, kind, cents, balance }) as DraftRow;
const draft = (rows: DraftRow[], opening: number | null = null, closing: number | null = null): Draft =>
  ({
    rows,
    opening: opening === null ? null : { cents: opening, source: 'test' },
    closing: closing === null ? null : { cents: closing, source: 'test' },
  }) as Draft;

describe('reconcile', () => {
  it('does not call balanced a statement whose only check is one balance line under another', () => {
    const rows = [row(1, 'balance', null, 100_000), row(2, 'balance', null, 100_000)];
    rows.push(row(3, 'transaction', 500, null), row(4, 'transaction', -300, null));
    expect(reconcile(draft(rows), (id) => id).status).toBe('unknown');
  });

  it('still reports two different balance lines with no row between as a mismatch', () => {
    const rows = [
      row(1, 'balance', null, 100_000),
      row(2, 'balance', null, 90_000),
      row(3, 'transaction', 500, 90_500),
    ];
    const rec = reconcile(draft(rows), (id) => id);
    expect(rec.status).toBe('unbalanced');
    expect(rec.mismatches).toHaveLength(1);
  });

  it('calls balanced a running balance that follows from the rows', () => {
    const rows = [
      row(1, 'balance', null, 100_000),
      row(2, 'transaction', 500, null),
      row(3, 'transaction', -300, 100_200),
    ];
    expect(reconcile(draft(rows), (id) => id).status).toBe('balanced');
  });

  it('does not call balanced a statement whose opening is worked out from its only balance', () => {
    const rows = [row(1, 'transaction', 275_504, null), row(2, 'transaction', -1_101, null)];
    rows.push(row(3, 'balance', null, 274_403));
    const d = draft(rows, 0, 274_403);
    (d.opening as { inferred?: boolean }).inferred = true;
    expect(reconcile(d, (id) => id).status).toBe('unknown');
  });

  it('counts the balances after the one an inferred opening comes from', () => {
    const rows = [row(1, 'transaction', -1_101, 100_000), row(2, 'transaction', 500, 100_500)];
    const d = draft(rows, 101_101, 100_500);
    (d.opening as { inferred?: boolean }).inferred = true;
    expect(reconcile(d, (id) => id).status).toBe('balanced');
  });

  it('calls balanced a statement without rows whose opening is its closing', () => {
    expect(reconcile(draft([], 100_000, 100_000), (id) => id).status).toBe('balanced');
  });
});
