/**
 * `amount-column-balances` on a statement the test draws: each day closes with a line naming a
 * balance under the amounts (the part available, less what is blocked) and the day's balance under
 * the balances.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { left as L, at as line, money, right as R, tablePdf } from '../../testing/table-pdf';

describe('amount-column-balances', () => {
  it('a balance line printed under the amounts that the running balances do not pass through is no balance', async () => {
    const days: [string, [string, number][]][] = [
      [
        '01/04',
        [
          ['FT 0568.57539-3 TRUSTEE', -4_205_819],
          ['MOV TIT COB DISP 01/04S', 6_144_167],
          ['MOV TIT COBRANCA 01/04S', 175_000],
        ],
      ],
      [
        '02/04',
        [
          ['SISPAG KOVI TECNOLOGIA', 38_430_000],
          ['TED 237.3380 PNEUS', -588_900],
        ],
      ],
    ];
    let balance = 4_205_819;
    const amount = (c: number) => `${money(Math.abs(c), ',')}${c < 0 ? ' -' : ''}`;
    const lines = [
      line(40, L(40, 'Extrato de 01/04/2019 até 30/04/2019', true)),
      line(70, L(40, 'Data', true), L(100, 'Lançamento', true), R(440, 'Valor (R$)', true), R(550, 'Saldo (R$)', true)),
      line(88, L(40, '29/03'), L(100, 'SALDO ANTERIOR'), R(550, money(balance, ','))),
    ];
    let y = 104;
    for (const [date, rows] of days) {
      for (const [text, cents] of rows) {
        balance += cents;
        lines.push(line(y, L(40, date), L(100, text), R(440, amount(cents))));
        y += 16;
      }
      // What is free to draw: the balance less the day's last credit, still blocked.
      const available = balance - (rows[rows.length - 1]?.[1] ?? 0);
      lines.push(line(y, L(40, date), L(100, 'SALDO FINAL DISP CREDOR'), R(440, money(available, ','))));
      lines.push(line(y + 16, L(40, date), L(100, 'SALDO'), R(550, money(balance, ','))));
      y += 32;
    }
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'extrato.pdf' });
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual(
      days.flatMap(([, rows]) => rows.map(([text, cents]) => [text, cents / 100])),
    );
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
