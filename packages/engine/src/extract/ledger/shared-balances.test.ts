/**
 * A day's two charges printed each with the balance after both ("SDB_GST 53.82 10,547.18",
 * "ANNUAL DEBIT CARD CHARGES 299.00 10,547.18"): the first row's balance did not chain, and the
 * statement said unbalanced with every row right.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, money, right, type TableLine, tablePdf } from '../../testing/table-pdf';

describe("a day's balance printed on each of its rows", () => {
  it('is the balance after the last of them', async () => {
    const rows: [string, string, number, number][] = [
      ['28-Nov-2024', 'UPI/433332914522/From:amit', 1_100_000, 1_100_000],
      ['28-Nov-2024', 'UPI/433361617534/To:lahapiyali', -10_000, 1_090_000],
      ['30-Nov-2024', 'SDB_GST', -5_382, 1_054_718],
      ['30-Nov-2024', 'ANNUAL DEBIT CARD CHARGES NOV 2024', -29_900, 1_054_718],
      ['18-Dec-2024', 'IMPS/Cashfree Private Lim', 100, 1_054_818],
      ['20-Dec-2024', 'UPI/435512345678/To:grocer', -2_500, 1_052_318],
    ];
    const lines: TableLine[] = [
      at(50, left(40, 'Statement period 28-Nov-2024 to 31-Dec-2024')),
      at(65, left(40, 'Opening Balance'), right(300, money(0))),
      at(
        90,
        left(40, 'Date'),
        left(120, 'Description'),
        right(420, 'Debit'),
        right(490, 'Credit'),
        right(560, 'Balance'),
      ),
    ];
    rows.forEach(([date, text, cents, balance], i) => {
      lines.push(
        at(
          110 + i * 16,
          left(40, date),
          left(120, text),
          cents < 0 ? right(420, money(-cents)) : right(490, money(cents)),
          right(560, money(balance)),
        ),
      );
    });
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(s?.transactions.map((t) => t.amount)).toEqual(rows.map(([, , c]) => c / 100));
    expect(s?.reconciliation.status).toBe('balanced');
    // Each row keeps the balance as printed.
    expect(s?.transactions[2]?.balance).toBe(10_547.18);
    expect(s?.transactions[3]?.balance).toBe(10_547.18);
  });
});
