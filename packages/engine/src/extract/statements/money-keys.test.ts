/**
 * Money-column keys across a table's pages (assignMoneyKeys), on a statement the test draws: no
 * labels over the amounts, the first page with debits, credits and balances, the second with
 * debits and balances only. The second page's balance column is its second money column, but it
 * stands where the first page's third one does.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { left as L, at as line, money, right as R, tablePdf } from '../../testing/table-pdf';

describe('money-column keys', () => {
  it("a later page without the credit column keeps its balances in the balance column's key", async () => {
    const rows: [string, string, number][][] = [
      [
        ['02-04-2024', 'BY CASH 34', 10_000_000],
        ['03-04-2024', 'UPI/SBIN/409473320', 4_000_000],
        ['07-04-2024', 'IMPS OUTWARD 40981903695', -10_000_000],
        ['07-04-2024', 'CHARGES IMPS', -590],
      ],
      [
        ['08-04-2024', 'TRANSFER 8420641706', -44_444_400],
        ['08-04-2024', 'TRANSFER 8420641707', -15_555_600],
        ['13-04-2024', 'IMPS OUTWARD 41050024860', -300_000],
      ],
    ];
    let balance = 85_498_265;
    const pages = rows.map((page, p) => ({
      lines: [
        line(40, L(40, 'STATEMENT OF ACCOUNT FOR THE PERIOD OF 01-04-2024 to 30-04-2024')),
        line(60, L(40, '-'.repeat(90))),
        ...(p === 0 ? [line(76, L(110, 'B/F'), R(550, `${money(balance)}Cr`))] : []),
        ...page.map(([date, text, cents], i) => {
          balance += cents;
          return line(
            92 + i * 14,
            L(40, date),
            L(110, text),
            R(cents < 0 ? 380 : 450, money(Math.abs(cents))),
            R(550, `${money(balance)}Cr`),
          );
        }),
      ],
    }));
    const [s] = await convert(await tablePdf({ pages }), { fileName: 'statement.pdf' });
    expect(s?.transactions.map((t) => t.amount)).toEqual(rows.flat().map((r) => r[2] / 100));
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
