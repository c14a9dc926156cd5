/**
 * Two money columns whose labels both say only "amount", no running balance, the opening not
 * labelled as one the engine knows: only the summary's printed totals in and out tell credits from
 * debits. Read the other way round, the statement balanced just as well (its opening worked out
 * from the closing) and every sign was wrong.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, money, right, type TableLine, tablePdf } from '../../testing/table-pdf';

describe('printed totals judge the money columns', () => {
  it('reads credits and debits as the totals printed say', async () => {
    // [description, cents]: positive are credits.
    const rows: [string, number][] = [
      ['DIRECT DEBIT WATER COMPANY', -2_297],
      ['CARD PAYMENT FUEL STATION', -3_676],
      ['SALARY ACME LTD', 245_000],
      ['CARD PAYMENT SUPERMARKET', -6_042],
      ['TRANSFER FROM SAVINGS', 12_000],
      ['CASH WITHDRAWAL', -9_000],
    ];
    const credits = rows.reduce((n, [, c]) => n + Math.max(0, c), 0);
    const debits = rows.reduce((n, [, c]) => n + Math.max(0, -c), 0);
    const opening = 503_078;
    const closing = opening + credits - debits;
    const lines: TableLine[] = [
      at(40, left(330, 'Account statement 1 Nov 2023 - 30 Nov 2023')),
      at(70, left(330, 'Starting book value')),
      at(70, right(550, money(opening))),
      at(84, left(330, 'Total debits')),
      at(84, right(550, `- ${money(debits)}`)),
      at(98, left(330, 'Total credits')),
      at(98, right(550, `+ ${money(credits)}`)),
      at(112, left(330, 'Closing balance')),
      at(112, right(550, money(closing))),
      at(150, left(40, 'Date'), left(110, 'Description'), right(450, 'Amount'), right(550, 'Amount')),
    ];
    rows.forEach(([text, cents], i) => {
      lines.push(
        at(
          168 + i * 16,
          left(40, `${String(2 + i * 4).padStart(2, '0')}/11/23`),
          left(110, text),
          cents > 0 ? right(450, money(cents)) : right(550, money(-cents)),
        ),
      );
    });
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(s?.trace?.some((t) => t.pass === 'totals-judged')).toBe(true);
    expect(s?.transactions.map((t) => t.amount)).toEqual(rows.map(([, c]) => c / 100));
    expect(s?.statement.closingBalance).toBe(closing / 100);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
