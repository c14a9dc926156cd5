/**
 * `total-rows` on a short statement's foot: "TOTAL DEBIT : .00" and "TOTAL CREDIT : .92" under
 * the closing balance row. A row that names itself a total stays a total, though its one figure
 * could pass for a balance carried to the next page.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, right, tablePdf } from '../../testing/table-pdf';

describe('total-rows', () => {
  it('keeps a labelled total a total, not a carried balance', async () => {
    const lines = [
      at(40, left(40, 'ACCOUNT STATEMENT', true)),
      at(56, left(40, 'A/C NO: 1005521000044819')),
      at(
        80,
        left(40, 'DATE', true),
        left(100, 'REFERENCE NO.', true),
        left(190, 'DETAILS', true),
        right(420, 'DEBIT(-)/CREDIT', true),
        right(530, 'BALANCE', true),
      ),
      at(98, left(40, '30/04/25'), left(190, 'BEGINNING BALANCE'), right(530, '1,453.00')),
      at(
        112,
        left(40, '31/05/25'),
        left(100, '119834'),
        left(190, 'HIBAH/PROFIT'),
        right(420, '.92'),
        right(530, '1,453.92'),
      ),
      at(126, left(40, '31/05/25'), left(190, 'CLOSING BALANCE'), right(530, '1,453.92')),
      at(140, left(190, 'TOTAL DEBIT :'), right(420, '.00')),
      at(154, left(190, 'TOTAL CREDIT :'), right(420, '.92')),
    ];
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(s?.transactions.map((t) => [t.description, t.amount, t.balance])).toEqual([['HIBAH/PROFIT', 0.92, 1453.92]]);
    expect([s?.statement.openingBalance, s?.statement.closingBalance]).toEqual([1453, 1453.92]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
