/**
 * A money column's label standing left of its right-aligned figures, over nothing: on a page of
 * narrow credits ("11,178.00") the label "Credit" is further from them than a label's usual
 * reach, on a page of wide ones it is within it. Both pages are one table with one credit column.
 * A service fee column prints figures the balances do not include, so only debit and credit explain them.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, money, right, type TableCell, tablePdf } from '../../testing/table-pdf';

const small = (c: TableCell): TableCell => ({ ...c, size: 7 });

describe('a label left of its amounts', () => {
  it("names the column of figures right of it on every page, so the pages' credits are one column", async () => {
    // [description, debit, credit] in cents; page 1's credits are narrow, page 2's wide.
    const pages: [string, number, number][][] = [
      [
        ['TRANSFER TO SUPPLIER', 9_271, 0],
        ['PAYMENT FROM CUSTOMER', 0, 1_117_800],
        ['MONTHLY FEE', 14_500, 0],
        ['PAYMENT FROM CUSTOMER', 0, 545_008],
      ],
      [
        ['PAYMENT FROM CUSTOMER', 0, 153_899_785],
        ['TRANSFER TO SUPPLIER', 4_000_000, 0],
        ['PAYMENT FROM CUSTOMER', 0, 255_505_319],
        ['SERVICE FEE', 9_500, 0],
      ],
    ];
    let balance = 653_680_666;
    const opening = balance;
    let day = 1;
    const drawn = pages.map((rows, p) => {
      const lines = [
        at(
          60,
          small(left(52, 'Details', true)),
          small(left(205, 'Service Fee', true)),
          small(left(290, 'Debit', true)),
          small(left(330, 'Credit', true)),
          small(left(417, 'Date', true)),
          small(right(532, 'Balance', true)),
        ),
      ];
      if (p === 0) lines.push(at(78, small(left(52, 'BALANCE BROUGHT FORWARD')), small(right(532, money(balance)))));
      rows.forEach(([text, debit, credit], i) => {
        balance += credit - debit;
        lines.push(
          at(
            96 + i * 18,
            small(left(52, text)),
            small(right(238, i % 2 ? '19.00' : '0.00')),
            small(right(323, debit ? `-${money(debit)}` : '0.00')),
            small(right(406, money(credit))),
            small(left(417, `${String(day++).padStart(2, '0')}/03/2024`)),
            small(right(532, money(balance))),
          ),
        );
      });
      return { lines };
    });
    const [s] = await convert(await tablePdf({ pages: drawn }), { fileName: 'statement.pdf' });
    const expected = pages.flat().map(([, debit, credit]) => (credit - debit) / 100);
    expect(s?.transactions.map((t) => t.amount)).toEqual(expected);
    expect(s?.statement.openingBalance).toBe(opening / 100);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
