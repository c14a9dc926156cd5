/**
 * A header of three lines: the money columns' names on a line of their own above the main one
 * ("Withdrawals  Deposits  Balance" over "S.No  Txn Date  Description  Cheque No") and their
 * marks under it ("(Dr)  (Cr)  (INR)"). Only the main line was the header: the cheque number's
 * label fell on the withdrawals and the other money columns had none; where the running balances
 * did not settle the reading (an IDBI statement, newest first), the balances were read as the
 * amounts.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, right, type TableLine, tablePdf } from '../../testing/table-pdf';

describe('header lines over the figures', () => {
  it('name the money columns the main header line leaves unnamed', async () => {
    let balance = 8_573_516;
    // Oldest first here; printed newest first, each row's balance the one after it.
    const rows: { date: string; cents: number; balance: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const cents = i % 3 === 1 ? 3_700_000 : -(455_493 + i * 1_000);
      balance += cents;
      rows.push({ date: `${String(2 + i * 2).padStart(2, '0')}/04/2024`, cents, balance });
    }
    rows.reverse();
    const plain = (c: number) => (Math.abs(c) / 100).toFixed(2);
    const lines: TableLine[] = [
      at(40, left(36, 'Transaction Date From 01-Apr-2024 to 30-Apr-2024')),
      at(80, left(387, 'Withdrawals'), left(451, 'Deposits'), left(517, 'Balance')),
      at(
        91,
        left(40, 'S.No'),
        left(83, 'Txn Date'),
        left(148, 'Value Date'),
        left(235, 'Description'),
        left(329, 'Cheque No'),
      ),
      at(102, left(404, '(Dr)'), left(460, '(Cr)'), left(523, '(INR)')),
      ...rows.map((r, i) =>
        at(
          120 + i * 14,
          left(47, String(i + 1)),
          left(67, r.date),
          left(105, `1${i % 10}:27:01`),
          left(151, r.date),
          left(200, r.cents > 0 ? 'CASH RECEIPT' : `UPI/4096934969${i}/SHOP`),
          r.cents > 0 ? right(484, plain(r.cents)) : right(423, plain(r.cents)),
          right(536, plain(r.balance)),
        ),
      ),
    ];
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(s?.trace?.some((t) => t.pass === 'labels-over-figures')).toBe(true);
    expect(s?.transactions.map((t) => t.amount)).toEqual(rows.map((r) => r.cents / 100));
    expect(s?.transactions.map((t) => t.balance)).toEqual(rows.map((r) => r.balance / 100));
    // The trace names the table's columns as its header does.
    const table = s?.trace?.find((t) => t.pass === 'table')?.why ?? '';
    expect(table).toContain('money "Withdrawals (Dr)", money "Deposits (Cr)", money "Balance (INR)"');
  });
});
