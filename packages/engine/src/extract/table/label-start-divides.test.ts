/**
 * A header's "Date" and "Transaction" a few points apart, the dates of some rows ("08 Oct 2016")
 * reaching past where the descriptions start. Most rows print their date and first words on one
 * line and the rest and the amounts on the line under it, so few lines are one-line rows, and one
 * of those ran past the end of the text column (what more lines than the noise cover): the
 * "Transaction" label's start, which should divide the dates from the descriptions, found one
 * description starting under it, not two, and dates and descriptions made one column: no table.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, money, right, type TableLine, tablePdf } from '../../testing/table-pdf';

describe("a label's start inside a column of dates and text", () => {
  it('divides them where descriptions start under it', async () => {
    let owed = 91_137;
    const lines: TableLine[] = [
      at(60, left(354, 'Statement Period 8 Oct 2016 - 31 Oct 2016')),
      at(
        140,
        left(56, 'Date'),
        left(88, 'Transaction'),
        right(387, 'Debit'),
        right(440, 'Credit'),
        right(538, 'Balance'),
      ),
      at(160, left(56, '08 Oct 2016'), left(117, 'OPENING BALANCE'), right(538, `$${money(owed)} DR`)),
    ];
    const expected: number[] = [];
    const rows: [string, string | null, number][] = [
      ['Loan Repayment', 'LN REPAY 241094909', -48_600],
      ['Direct Debit 348045 AGL SALES P/L', '040004710299', -31_989],
      ['Wdl ATM CBA ATM NEWTOWN NORTH BRANCH NSW 2212', null, -11_000],
      ['Direct Debit 044952 OPTUS', '10478488000192', -9_860],
      ['Transfer from xx4909 CommBank app', null, 100_000],
      ['Loan Repayment', 'LN REPAY 241094909', -48_600],
      ['Direct Debit 005901 CGU INSURANCE', '123A52701391826A21', -4_932],
      ['Loan Repayment', 'LN REPAY 241094909', -48_600],
    ];
    let y = 178;
    rows.forEach(([first, second, cents], i) => {
      owed -= cents;
      expected.push(cents / 100);
      const figures = [
        cents < 0 ? right(387, money(-cents)) : right(440, `$${money(cents)}`),
        right(538, `$${money(owed)} DR`),
      ];
      const date = `${String(11 + i * 2).padStart(2, '0')} Oct`;
      if (second === null) {
        lines.push(at(y, left(56, date), left(88, first), ...figures));
        y += 16;
      } else {
        lines.push(at(y, left(56, date), left(88, first)));
        lines.push(at(y + 10, left(88, second), ...figures));
        y += 26;
      }
    });
    lines.push(at(y, left(56, '31 Oct 2016'), left(117, 'CLOSING BALANCE'), right(538, `$${money(owed)} DR`)));
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(s?.transactions.map((t) => t.amount)).toEqual(expected);
    expect(s?.transactions[0]?.description).toBe('Loan Repayment LN REPAY 241094909');
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
