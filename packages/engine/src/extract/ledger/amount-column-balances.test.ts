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

  it('a last row no label calls a balance, whose amount the rows above come to, is a transaction where the closing says so (a sweep back to zero)', async () => {
    const rows: [string, string, number][] = [
      ['14/11/2018', 'Resg.BB Fundos Exclusivos', 300_000_000],
      ['14/11/2018', 'Transferencia enviada', -272_020_977],
      ['14/11/2018', 'Apl.BB Fundos Exclusivos', -27_979_023],
      ['30/11/2018', 'Resg.BB Fundos Exclusivos', 1_499_536_967],
      ['30/11/2018', 'Apl.BB Fundos Exclusivos', -1_499_536_967],
    ];
    const mark = (c: number) => `${money(Math.abs(c), ',')} ${c < 0 ? 'D' : 'C'}`;
    const lines = [
      line(40, L(40, 'Extrato conta corrente', true)),
      line(56, L(40, 'Periodo do extrato 11/2018')),
      line(
        80,
        L(40, 'Dt. movimento', true),
        L(120, 'Historico', true),
        R(440, 'Valor R$', true),
        R(550, 'Saldo', true),
      ),
      line(96, L(40, '18/10/2018'), L(120, 'Saldo Anterior'), R(550, '0,00 C')),
      ...rows.map(([d, text, cents], i) =>
        line(112 + i * 14, L(40, d), L(120, text), R(440, mark(cents)), ...(i === 2 ? [R(550, '0,00 C')] : [])),
      ),
      line(112 + rows.length * 14, L(40, '30/11/2018'), L(120, 'SALDO'), R(550, '0,00 C')),
    ];
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'extrato.pdf' });
    expect(s?.transactions.map((t) => t.amount)).toEqual(rows.map((r) => r[2] / 100));
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
