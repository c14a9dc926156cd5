/**
 * Each row's description printed on the lines above and below its date and amount, the dated
 * line holding no word ("CIELO-CARTAO DE DEBITO" / "03/11 ... 1.015,86" / "CIELO S.A. - MAESTRO").
 * The columns came from the dated lines alone: a date and an amount, no text column, so no table:
 * the statement was refused with NO_TRANSACTIONS.
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
});
