/**
 * `after-closing` and a second account's ledger under the first: the current account's rows reach
 * the closing balance its summary prints; a savings account follows with its own opening balance
 * row and rows that go on from it. Those rows are another statement (for `ledger-breaks` to cut),
 * not lines printed after this one's end; a fee table after the closing balance still is.
 */
import { describe, expect, it } from 'vitest';
import type { Draft, DraftRow, RowKind } from '../draft';
import { Tracer } from '../trace';
import type { RowLabel } from '../vocabulary';
import { afterClosing } from './special-rows';

let id = 0;
const pageOne = {};
const row = (
  kind: RowKind,
  cents: number | null,
  balance: number | null,
  labels: RowLabel[] = [],
  region: object = pageOne,
): DraftRow => ({ id: id++, kind, cents, balance, labels, money: new Map(), raw: { region } }) as unknown as DraftRow;
const draft = (rows: DraftRow[], labelledClosing: number | null): Draft =>
  ({ rows, labelledClosing, opening: null, closing: null, trace: new Tracer() }) as unknown as Draft;

const current = () => [
  row('balance', null, 911_600, ['opening']),
  row('transaction', -11_638, 899_962),
  row('transaction', 831_904, 1_731_866),
  row('transaction', -832_154, 899_712),
  row('transaction', -10_000, 889_712),
  row('transaction', 20_000, 909_712),
  row('transaction', -10_000, 899_712),
  row('total', null, null, ['total']),
];

describe('after-closing', () => {
  it("leaves a second account's ledger after the first's closing balance in the statement", () => {
    const rows = [
      ...current(),
      row('balance', null, 355_677, ['opening']),
      row('transaction', 13_000, 368_677),
      row('transaction', -9_085, 359_592),
    ];
    const kinds = rows.map((r) => r.kind);
    const d = draft(rows, 899_712);
    afterClosing(d);
    expect(d.rows.map((r) => r.kind)).toEqual(kinds);
  });

  it('keeps the rows under a label that names either balance at the head of the last page ("Transport")', () => {
    const lastPage = {};
    const rows = [
      ...current().slice(0, -1),
      row('balance', null, 899_712, ['opening', 'closing'], lastPage),
      row('transaction', -40_736, null, [], lastPage),
      row('transaction', -17_809, null, [], lastPage),
    ];
    const kinds = rows.map((r) => r.kind);
    const d = draft(rows, null);
    afterClosing(d);
    expect(d.rows.map((r) => r.kind)).toEqual(kinds);
  });

  it('drops a table of fees printed after the closing balance', () => {
    const rows = [...current(), row('transaction', -1_500, null), row('transaction', -250, null)];
    const d = draft(rows, 899_712);
    afterClosing(d);
    expect(d.rows.slice(-2).map((r) => r.kind)).toEqual(['none', 'none']);
  });
});
