/**
 * Each row's description printed on the lines above and below its date and amount, the dated
 * line holding no word ("CIELO-CARTAO DE DEBITO" / "03/11 ... 1.015,86" / "CIELO S.A. - MAESTRO").
 * The columns came from the dated lines alone: a date and an amount, no text column, so no table:
 * the statement was refused with NO_TRANSACTIONS. A page where one row in twelve (a fee) prints its
 * words on the date line made its description column of that row's words alone: a day's balance
 * line, its label right of them, was read as a transaction with no description.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, right, type TableLine, tablePdf } from '../../testing/table-pdf';

describe('descriptions off the date line', () => {
  it('makes the text column from the lines around the dated ones', async () => {
    const rows: [string, string, number][] = [
      ['CIELO-CARTAO DE DEBITO', 'CIELO S.A. - VISA ELECTRON', 101_586],
      ['CIELO-CARTAO DE DEBITO', 'CIELO S.A. - MAESTRO', 98_899],
      ['SAFRA - CARTAO DE CREDITO', 'SAFRA CREDENCIADORA - MASTERCARD', 2_592],
      ['PIX RECEBIDO', 'FARMACIA CENTRAL LTDA', 53_670],
      ['CIELO-CARTAO DE DEBITO', 'CIELO S.A. - MAESTRO', 241_730],
    ];
    const brl = (cents: number) =>
      `${Math.floor(cents / 100).toLocaleString('de-DE')},${String(cents % 100).padStart(2, '0')}`;
    const lines: TableLine[] = [
      at(40, left(50, 'Extrato Detalhado')),
      at(60, left(50, 'Periodo 01/11/2025 a 05/11/2025')),
      at(90, left(50, 'Data'), left(120, 'Lancamento'), right(560, 'Valor (R$)')),
    ];
    rows.forEach(([above, below, cents], i) => {
      const y = 120 + i * 48;
      lines.push(at(y, left(120, above)));
      lines.push(at(y + 11, left(50, `0${i + 1}/11`), right(560, brl(cents))));
      lines.push(at(y + 22, left(120, below)));
    });
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'extrato.pdf' });
    expect(s?.trace?.some((t) => t.pass === 'text-off-the-date-line')).toBe(true);
    expect(s?.transactions.map((t) => [t.description, Math.abs(t.amount)])).toEqual(
      rows.map(([above, below, cents]) => [`${above} ${below}`, cents / 100]),
    );
  });

  it('keeps making them so where one dated line in ten holds words', async () => {
    const brl = (cents: number) =>
      `${Math.floor(cents / 100).toLocaleString('de-DE')},${String(cents % 100).padStart(2, '0')}`;
    const lines: TableLine[] = [
      at(40, left(50, 'Extrato Detalhado')),
      at(60, left(50, 'Periodo 01/11/2025 a 12/11/2025')),
      at(75, left(50, 'Saldo anterior'), right(300, brl(1_000_000))),
      at(100, left(50, 'Data'), left(120, 'Lancamento'), right(560, 'Saldo (R$)')),
    ];
    let balance = 1_000_000;
    const expected: [string, number][] = [];
    let y = 125;
    for (let i = 0; i < 12; i++) {
      const date = `${String(i + 1).padStart(2, '0')}/11`;
      if (i === 6) {
        lines.push(at(y, left(50, date), left(120, 'TARIFA DE MANUTENCAO DE C/C'), right(560, '- 41,55')));
        balance -= 4_155;
        expected.push(['TARIFA DE MANUTENCAO DE C/C', -41.55]);
        y += 30;
        continue;
      }
      const cents = 10_000 + i * 1_234;
      lines.push(at(y, left(120, 'CIELO-CARTAO DE DEBITO')));
      lines.push(at(y + 7, left(50, date), right(560, brl(cents))));
      lines.push(at(y + 14, left(120, i % 2 ? 'CIELO S.A. - MAESTRO' : 'CIELO S.A. - VISA ELECTRON')));
      balance += cents;
      expected.push([
        `CIELO-CARTAO DE DEBITO ${i % 2 ? 'CIELO S.A. - MAESTRO' : 'CIELO S.A. - VISA ELECTRON'}`,
        cents / 100,
      ]);
      y += 45;
    }
    lines.push(at(y, left(380, 'Saldo em 12/11/2025'), right(560, brl(balance))));
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'extrato.pdf' });
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual(expected);
    expect(s?.statement.closingBalance).toBe(balance / 100);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
