/**
 * Tall rows far apart: each row's day and month on a line of its own, the description and amounts
 * on a line overlapping it, the year alone under the day, rows 32 points apart at a size of 7.
 * The page's line pitch is the step inside a row, and every step from one row to the next was a
 * gap wide enough to end the table: the statement was cut after its first row (then every row a
 * statement of its own).
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, right, type TableCell, type TableLine, tablePdf } from '../../testing/table-pdf';

const MONTHS = ['Aug', 'Sep'];
const euros = (cents: number) =>
  `€${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

describe('evenly spaced rows', () => {
  it('reads rows printed far apart at one step as one table', async () => {
    let balance = 0;
    const amounts: number[] = [];
    const small = (c: TableCell): TableCell => ({ ...c, size: 7 });
    const pages = [0, 1].map((p) => {
      const lines: TableLine[] = [];
      if (p === 0) {
        lines.push(at(60, small(left(40, 'ACCOUNT STATEMENT')), small(left(400, 'DATE 01 Aug 2025 - 30 Sep 2025'))));
        lines.push(at(90, small(left(40, 'OPENING BALANCE')), small(right(550, euros(0)))));
      }
      lines.push(
        at(
          130,
          ...[
            left(40, 'DATE'),
            left(80, 'TYPE'),
            left(130, 'DESCRIPTION'),
            right(400, 'MONEY IN'),
            right(470, 'MONEY OUT'),
            right(550, 'BALANCE'),
          ].map(small),
        ),
      );
      for (let i = 0; i < 12; i++) {
        const n = p * 12 + i;
        const y = 150 + i * 32;
        const credit = n % 4 === 0;
        const cents = credit ? 150_000 + n * 100 : 9_000 + n * 37;
        balance += credit ? cents : -cents;
        amounts.push(credit ? cents / 100 : -cents / 100);
        lines.push(at(y, small(left(40, `${String((n % 28) + 1).padStart(2, '0')} ${MONTHS[p]}`))));
        lines.push(
          at(
            y + 4,
            small(left(80, credit ? 'Transfer' : 'Card')),
            small(left(130, credit ? `Incoming transfer ${n}` : `Card payment shop ${n}`)),
            small(right(credit ? 400 : 470, euros(cents))),
            small(right(550, euros(balance))),
          ),
        );
        lines.push(at(y + 10, small(left(40, '2025'))));
      }
      return { lines };
    });
    const [s, ...rest] = await convert(await tablePdf({ pages }), { fileName: 'statement.pdf' });
    expect(rest).toHaveLength(0);
    expect(s?.transactions.map((t) => t.amount)).toEqual(amounts);
    expect(s?.transactions[13]?.date).toBe('2025-09-14');
    expect(s?.reconciliation.status).toBe('balanced');
    expect(s?.trace?.some((t) => t.pass === 'evenly-spaced-rows')).toBe(true);
  });
});
