/**
 * A page whose rows stand far apart (36 points between rows of 9-point text, as a bank's export
 * prints them): the page's pitch is that step, so the rows make one table, not one table per row.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, money, right, tablePdf } from '../../testing/table-pdf';

describe('rows printed far apart', () => {
  it('are one table', async () => {
    const amounts = [2_570_882, 128_811, 23_186, -58_116, 9_430, -25_825, 63_301, 142_544];
    let balance = 0;
    const row = (y: number, cents: number) => {
      balance += cents;
      const sign = (c: number) => (c < 0 ? 'D' : 'C');
      return at(
        y,
        left(20, '01/10/2025'),
        left(180, 'IFOO MC CC'),
        right(480, `${money(Math.abs(cents), ',')} ${sign(cents)}`),
        right(575, `${money(Math.abs(balance), ',')} ${sign(balance)}`),
      );
    };
    const page1 = [
      at(
        40,
        left(20, 'Data Mov.', true),
        left(180, 'Histórico', true),
        right(480, 'Valor', true),
        right(575, 'Saldo', true),
      ),
      at(56, left(180, 'SALDO ANTERIOR'), right(575, '0,00 C')),
      ...amounts.slice(0, 4).map((c, i) => row(92 + i * 36, c)),
    ];
    const page2 = amounts.slice(4).map((c, i) => row(16 + i * 36, c));
    const [s] = await convert(await tablePdf({ pages: [{ lines: page1 }, { lines: page2 }] }), {
      fileName: 'extrato.pdf',
    });
    expect(s?.transactions.map((t) => t.amount)).toEqual(amounts.map((c) => c / 100));
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
