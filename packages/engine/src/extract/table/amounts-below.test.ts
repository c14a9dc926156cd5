/**
 * Rows of two lines, the date and the first words of the description above, the rest of the
 * description and the amounts on the indented line below; now and then a one-line row (a fee).
 * Pages after the first print no header. There the one-line rows alone made the columns, and the
 * other rows' lines fitted none of them: each page was cut after its one one-line row.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, money, right, type TableLine, tablePdf } from '../../testing/table-pdf';

const PAYEES = ['ASHIQ HUSSAIN', 'HILAL AHMAD DAR', 'MD SABIR TRADERS', 'RAMEEZ AHMAD MIR', 'AAMIR AHMAD GANIE'];

describe('amounts on the line under the date', () => {
  it('keeps every row of a page without a header', async () => {
    let balance = 9_654_321;
    const opening = balance;
    const amounts: number[] = [];
    let day = 1;
    const page = (header: boolean, start: number): { lines: TableLine[] } => {
      const lines: TableLine[] = [at(40, left(200, 'STATEMENT OF ACCOUNT FOR THE PERIOD 01-10-2024 TO 31-10-2024'))];
      let y = 70;
      if (header) {
        lines.push(
          at(
            y,
            left(40, 'DATE'),
            left(110, 'PARTICULARS'),
            right(390, 'WITHDRAWALS'),
            right(470, 'DEPOSITS'),
            right(550, 'BALANCE'),
          ),
        );
        y += 22;
        if (start === 0) {
          lines.push(at(y, left(110, 'OPENING BALANCE'), right(550, `${money(balance)}Cr`)));
          y += 18;
        }
      }
      for (let i = 0; i < 9; i++) {
        const n = start + i;
        const date = `${String(day).padStart(2, '0')}-10-2024`;
        if (n % 2 === 0) day++;
        const credit = i > 1 && n % 3 === 1;
        const cents = credit ? 1_500_000 + n * 1_000 : 150_000 + n * 700;
        balance += credit ? cents : -cents;
        amounts.push(credit ? cents / 100 : -cents / 100);
        const figures = [
          credit ? right(470, money(cents)) : right(390, money(cents)),
          right(550, `${money(balance)}Cr`),
        ];
        if (i === 1) {
          // A page's one one-line row: a fee.
          lines.push(at(y, left(40, date), left(110, 'CHRGS/IMPS/MBK'), ...figures));
          y += 18;
        } else {
          lines.push(at(y, left(40, date), left(110, `mTFR/${437036 + n}/${credit ? 'INWARD' : 'OUTWARD'}`)));
          lines.push(at(y + 11, left(116, PAYEES[n % PAYEES.length] as string), ...figures));
          y += 29;
        }
      }
      return { lines };
    };
    const pages = [page(true, 0), page(false, 9), page(false, 18)];
    const [s] = await convert(await tablePdf({ pages }), { fileName: 'statement.pdf' });
    expect(s?.trace?.some((t) => t.pass === 'amounts-below')).toBe(true);
    expect(s?.transactions.map((t) => t.amount)).toEqual(amounts);
    expect(s?.transactions[0]?.description).toBe(`mTFR/437036/OUTWARD ${PAYEES[0]}`);
    expect(s?.statement.openingBalance).toBe(opening / 100);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
