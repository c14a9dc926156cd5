/**
 * `undated-pages` on a statement the test draws: the day's date printed on its first row only, the
 * day running on over the next page, which prints no header and no date.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { left as L, at as line, money, right as R, tablePdf } from '../../testing/table-pdf';

describe('undated-pages', () => {
  it("a page of the day's rows without a date or a header continues the table; its rows take the day's date", async () => {
    const first: [string, number][] = [
      ['DEP DINHEIRO 5 - LOJA CENTRO', 176_400],
      ['DEP DINHEIRO 14 - LOJA NORTE', 246_200],
      ['DEP DINHEIRO 26 - LOJA SUL', 676_200],
    ];
    const second: [string, number][] = [
      ['DEP DINHEIRO 40 - LOJA LESTE', 237_500],
      ['DEP DINHEIRO 58 - LOJA OESTE', 183_200],
      ['TARIFA BANCARIA', -4_550],
      ['DEP DINHEIRO 61 - LOJA PORTO', 315_000],
    ];
    let balance = 49_551_407;
    const row = (y: number, text: string, cents: number, date = '') => {
      balance += cents;
      return line(
        y,
        ...(date ? [L(40, date)] : []),
        L(110, text),
        R(cents < 0 ? 450 : 380, `${cents < 0 ? '-' : ''}${money(Math.abs(cents), ',')}`),
        R(550, money(balance, ',')),
      );
    };
    const page1 = [
      line(40, L(40, 'Extrato de: Ag: 3099 | CC: 0002588-7 | Entre 01/10/2025 e 05/10/2025')),
      line(
        70,
        L(40, 'Data', true),
        L(110, 'Lançamento', true),
        R(380, 'Crédito (R$)', true),
        R(450, 'Débito (R$)', true),
        R(550, 'Saldo (R$)', true),
      ),
      line(88, L(40, '30/09/2025'), L(110, 'SALDO ANTERIOR'), R(550, money(balance, ','))),
      ...first.map(([text, cents], i) => row(104 + i * 16, text, cents, i === 0 ? '01/10/2025' : '')),
    ];
    const page2 = [
      line(40, L(40, 'Extrato Mensal / Por Período')),
      ...second.map(([text, cents], i) => row(80 + i * 16, text, cents)),
    ];
    const [s] = await convert(await tablePdf({ pages: [{ lines: page1 }, { lines: page2 }] }), {
      fileName: 'extrato.pdf',
    });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount])).toEqual(
      [...first, ...second].map(([text, cents]) => ['2025-10-01', text, cents / 100]),
    );
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
