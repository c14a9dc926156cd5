/**
 * `ledger-breaks` on a statement the test draws: a current account's rows, then, in the same
 * table, the same customer's second currency with its own opening line.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { left as L, at as line, money, right as R, tablePdf } from '../../testing/table-pdf';

describe('ledger-breaks', () => {
  it('a second ledger printed under the first, from its own opening balance, is a statement of its own', async () => {
    const ledgers: [string, number, [string, string, number][]][] = [
      [
        'Opening Balance',
        4_210_050,
        [
          ['03/07/2025', 'TRANSFER OUT SUPPLIER A', -1_250_000],
          ['09/07/2025', 'INCOMING TRANSFER CLIENT B', 3_400_000],
          ['21/07/2025', 'TRANSFER OUT PAYROLL', -2_100_000],
        ],
      ],
      [
        'Beginning Balance',
        90_050,
        [
          ['08/07/2025', 'OVERBOOKING TO SAVINGS', -90_000],
          ['25/07/2025', 'ACCOUNT INTEREST', 3],
        ],
      ],
    ];
    const lines = [
      line(30, L(40, 'CURRENT ACCOUNT STATEMENT', true)),
      line(46, L(40, 'Period: 01/07/2025 - 31/07/2025')),
      line(
        80,
        L(40, 'Date', true),
        L(120, 'Description', true),
        R(330, 'Debit', true),
        R(430, 'Credit', true),
        R(550, 'Balance', true),
      ),
    ];
    let y = 98;
    for (const [label, opening, rows] of ledgers) {
      if (opening === 90_050) {
        lines.push(line(y, L(120, 'Currency Code : USD')));
        y += 14;
      }
      let balance = opening;
      lines.push(line(y, L(120, label), R(550, money(balance))));
      y += 14;
      for (const [date, text, cents] of rows) {
        balance += cents;
        lines.push(
          line(
            y,
            L(40, date),
            L(120, text),
            R(330, cents < 0 ? money(-cents) : '0.00'),
            R(430, cents > 0 ? money(cents) : '0.00'),
            R(550, money(balance)),
          ),
        );
        y += 14;
      }
    }
    const statements = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(statements.map((s) => s.transactions.map((t) => t.amount))).toEqual([
      [-12_500, 34_000, -21_000],
      [-900, 0.03],
    ]);
    expect(statements.map((s) => [s.statement.openingBalance, s.reconciliation.status])).toEqual([
      [42_100.5, 'balanced'],
      [900.5, 'balanced'],
    ]);
  });
});
