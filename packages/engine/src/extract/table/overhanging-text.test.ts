/**
 * `overhanging-text` on a page the test draws: the day's date printed on its first line only, the
 * rows under it undated, one row's description line running on under the Debit column.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { left as L, at as line, money, right as R, tablePdf } from '../../testing/table-pdf';

describe('overhanging-text', () => {
  it("a description line reaching under the amounts' columns does not end the table: the rows after it are read", async () => {
    const rows: [string, string, number][] = [
      ['GIRO PAYMENT 0411', 'WATER AUTHORITY', -31_695],
      ['FUND TRANSFER 0412', 'REPLACEMENT PRESSURE GAUGES, WORKSHOP CALIBRATIONS', -285_120],
      ['FUND TRANSFER 0413', 'VEHICLE INSTALMENT APRIL', -113_700],
      ['DEPOSIT 0414', 'CUSTOMER PAYMENT INVOICE 88', 500_000],
    ];
    let balance = 1_875_829;
    const lines = [
      line(40, L(60, 'Current Account Statement', true)),
      line(
        90,
        L(60, 'DATE', true),
        L(100, 'TRANSACTION', true),
        R(360, 'DEBIT', true),
        R(450, 'CREDIT', true),
        R(550, 'BALANCE', true),
      ),
      line(108, L(60, '07/04'), L(100, 'Balance B/F'), R(550, money(balance))),
    ];
    let y = 124;
    for (const [first, second, cents] of rows) {
      balance += cents;
      lines.push(
        line(y, L(100, first), R(cents < 0 ? 360 : 450, money(Math.abs(cents))), R(550, money(balance))),
        line(y + 12, L(100, second)),
      );
      y += 28;
    }
    lines.push(line(y, L(100, 'Balance C/F'), R(550, money(balance))));
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual(
      rows.map(([a, b, cents]) => [`${a} ${b}`, cents / 100]),
    );
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
