/**
 * `page-counters` on a statement the test draws: thirteen pages, each numbered "Folha n/13" in its
 * corner, rows dated day first with days and months all up to 12. Read as dates, the page numbers
 * of pages 1 to 12 say "month first" twelve times.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { left as L, at as line, money, right as R, tablePdf } from '../../testing/table-pdf';

describe('page-counters', () => {
  it('page numbers printed as "2/13" are no dates: they do not turn the day order', async () => {
    let balance = 1_000_000;
    const expected: [string, number][] = [];
    const pages = Array.from({ length: 13 }, (_, p) => {
      const lines = [
        line(30, L(40, 'Extrato de conta corrente', true), R(550, `Folha ${p + 1}/13`)),
        line(
          70,
          L(40, 'Data', true),
          L(110, 'Historico', true),
          R(430, 'Valor (R$)', true),
          R(550, 'Saldo (R$)', true),
        ),
      ];
      if (p === 0) lines.push(line(86, L(40, '01/03/2025'), L(110, 'SALDO ANTERIOR'), R(550, money(balance, ','))));
      for (let k = 0; k < 2; k++) {
        // Day and month both up to 12: 2 to 12 March, then 1 to 12 April.
        const day = p * 2 + k;
        const [d, m] = day < 11 ? [day + 2, 3] : [day - 10, 4];
        const cents = (k === 0 ? 1 : -1) * (10_000 + p * 1_000 + k * 7);
        balance += cents;
        const date = `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/2025`;
        expected.push([`2025-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`, cents / 100]);
        lines.push(
          line(
            100 + k * 14,
            L(40, date),
            L(110, k === 0 ? 'PIX RECEBIDO' : 'PAGAMENTO BOLETO'),
            R(430, `${cents < 0 ? '-' : ''}${money(cents, ',')}`),
            R(550, money(balance, ',')),
          ),
        );
      }
      return { lines };
    });
    const [s] = await convert(await tablePdf({ pages }), { fileName: 'extrato.pdf' });
    expect(s?.transactions.map((t) => [t.date, t.amount])).toEqual(expected);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
