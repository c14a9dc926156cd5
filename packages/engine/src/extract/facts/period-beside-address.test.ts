/**
 * The statement period printed in a box beside the holder's address, on the same lines ("22041-001
 * Rio de Janeiro - RJ" far left of "Período do extrato: 1 de agosto de 2025 a 31 de agosto de
 * 2025"). The line's words together are many, but they are two cells apart, not a sentence of
 * notices, so the period is read and gives the rows printed without a year their year. A notice
 * dated months later must not.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, money, right, tablePdf } from '../../testing/table-pdf';

describe('a period beside the address', () => {
  it('is read, and dates the rows', async () => {
    const rows: [string, string, number][] = [
      ['01/08', 'ORDEM PERMANENTE PEDRO LIMA', -360_000],
      ['04/08', 'CINEMARK', -4_277],
      ['05/08', 'VENCIMENTO TECNOLOGIA ARAUCARIA LTDA', 465_050],
      ['06/08', 'COMPRA ASSAI ATACADISTA', -36_299],
    ];
    const opening = 426_647;
    let balance = opening;
    const lines = [
      at(40, left(30, 'Pedro Gomes'), left(330, 'Nº de conta: 83577-2')),
      at(52, left(30, 'Rua XV de Novembro, 1260 - Apto 92 Copacabana'), left(330, 'Cliente: Pedro Gomes')),
      at(
        64,
        left(30, '22041-001 Rio de Janeiro - RJ'),
        left(330, 'Período do extrato: 1 de agosto de 2025 a 31 de agosto de 2025'),
      ),
      at(84, left(30, 'Saldo anterior'), right(300, money(opening, ','))),
      at(100, left(30, 'Ganhe até 1,38% ao ano na Poupança Mais. Campanha válida até 6 de novembro de 2025.')),
      at(
        124,
        left(30, 'Data', true),
        left(90, 'Descrição', true),
        right(430, 'Valor', true),
        right(530, 'Saldo', true),
      ),
      ...rows.map(([d, text, cents], i) => {
        balance += cents;
        return at(
          140 + i * 14,
          left(30, d),
          left(90, text),
          right(430, money(cents, ',').replace(/^/, cents < 0 ? '-' : '')),
          right(530, money(balance, ',')),
        );
      }),
    ];
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'extrato.pdf' });
    expect([s?.statement.periodStart, s?.statement.periodEnd]).toEqual(['2025-08-01', '2025-08-31']);
    expect(s?.transactions.map((t) => t.date)).toEqual(['2025-08-01', '2025-08-04', '2025-08-05', '2025-08-06']);
  });
});
