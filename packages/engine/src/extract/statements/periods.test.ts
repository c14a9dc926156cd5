/**
 * `statement-periods` on a PDF the test draws: two months of one account, one page each, each
 * with its period, its summary (beginning and ending balance) and its table.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { left as L, at as line, money, right as R, tablePdf } from '../../testing/table-pdf';

describe('statement-periods', () => {
  it('months of one account printed one after the other are a statement each, closed by their own summary', async () => {
    const months: [string, string, [string, string, number][]][] = [
      [
        'October',
        '31',
        [
          ['01-10-2024', 'INWARD IBG STRIPE', 414_620],
          ['09-10-2024', 'REFLEX FUNDS TFR DR', -1_200_000],
          ['28-10-2024', 'RPP INWARD INST TRF', 300_000],
        ],
      ],
      [
        'November',
        '30',
        [
          ['04-11-2024', 'RFLX INSTANT TRF DR', -250_000],
          ['15-11-2024', 'INWARD IBG STRIPE', 987_654],
        ],
      ],
    ];
    let balance = 9_148_015;
    const pages = months.map(([month, last, rows]) => {
      const opening = balance;
      const closing = opening + rows.reduce((n, r) => n + r[2], 0);
      const lines = [
        line(40, L(40, 'TRANSACTION STATEMENT', true)),
        line(56, L(40, 'Reflex Cash Management'), L(300, '25212100005758')),
        line(72, L(300, 'Statement Period')),
        line(86, L(300, `01 ${month} 2024   To   ${last} ${month} 2024`)),
        line(110, L(60, `Beginning Balance as of 01 ${month} 2024`), R(500, `${money(opening)}+`)),
        line(124, L(60, `Ending Balance as of ${last} ${month} 2024`), R(500, `${money(closing)}+`)),
        line(
          150,
          L(40, 'Date', true),
          L(120, 'Description', true),
          R(380, 'Amount (DR)', true),
          R(460, 'Amount (CR)', true),
          R(550, 'Balance', true),
        ),
        ...rows.map(([date, text, cents], i) => {
          balance += cents;
          return line(
            168 + i * 14,
            L(40, date),
            L(120, text),
            R(cents < 0 ? 380 : 460, money(Math.abs(cents))),
            R(550, `${money(balance)}+`),
          );
        }),
      ];
      return { lines };
    });
    const statements = await convert(await tablePdf({ pages }), { fileName: 'statement.pdf' });
    expect(
      statements.map((s) => [
        s.statement.periodStart,
        s.statement.openingBalance,
        s.statement.closingBalance,
        s.reconciliation.status,
      ]),
    ).toEqual([
      ['2024-10-01', 91_480.15, 86_626.35, 'balanced'],
      ['2024-11-01', 86_626.35, 94_002.89, 'balanced'],
    ]);
    expect(statements.map((s) => s.transactions.length)).toEqual([3, 2]);
  });
});
