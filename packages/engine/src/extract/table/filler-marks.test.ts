/**
 * Leader dots in the empty date cells of a row's wrapped lines ("   .       .    RTGS FROM ..."):
 * the value-date and posting-date columns held more dots than dates, read as text columns, and
 * the statement had no date column: no transactions at all.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, money, right, type TableLine, tablePdf } from '../../testing/table-pdf';

describe('leader dots in date columns', () => {
  it('reads the columns by their dates', async () => {
    let balance = 107_546_966;
    const opening = balance;
    const amounts: number[] = [];
    const lines: TableLine[] = [
      at(40, left(40, 'Statement From 01/04/2022 to 30/04/2022')),
      at(
        70,
        left(40, 'Value'),
        left(95, 'Post'),
        left(150, 'Details'),
        right(390, 'Debit'),
        right(470, 'Credit'),
        right(560, 'Balance'),
      ),
      at(80, left(40, 'Date'), left(95, 'Date')),
      at(96, left(150, 'BROUGHT FORWARD :'), right(560, `${money(balance)}Cr`)),
    ];
    let y = 112;
    for (let i = 0; i < 8; i++) {
      const date = `${String(3 + i * 3).padStart(2, '0')}/04/22`;
      const credit = i % 2 === 0;
      const cents = credit ? 4_358_600_00 + i * 1_000 : 4_259_618_00 + i * 700;
      balance += credit ? cents : -cents;
      amounts.push((credit ? cents : -cents) / 100);
      lines.push(
        at(
          y,
          left(40, date),
          left(95, date),
          left(150, credit ? 'BY TRF.' : 'TO TRF.'),
          credit ? right(470, money(cents)) : right(390, money(cents)),
          right(560, `${money(balance)}Cr`),
        ),
      );
      lines.push(
        at(y + 11, left(60, '.'), left(115, '.'), left(155, credit ? 'RTGS FROM SUPPLIER' : `38161SN20221${i}`)),
      );
      if (credit) lines.push(at(y + 22, left(60, '.'), left(115, '.'), left(150, 'TRF FROM 59116232661')));
      y += credit ? 36 : 25;
    }
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(s?.trace?.some((t) => t.pass === 'filler-marks')).toBe(true);
    expect(s?.transactions.map((t) => t.amount)).toEqual(amounts);
    expect(s?.transactions[0]?.description).toBe('BY TRF. RTGS FROM SUPPLIER TRF FROM 59116232661');
    expect(s?.statement.openingBalance).toBe(opening / 100);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
