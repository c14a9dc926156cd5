/**
 * `table-direction` on a table's first page: its rows are two lines, the amounts' line and a line
 * of details under it, evenly spaced, so no gap tells where a row ends. The page opens with the
 * details of a row printed before it and ends with its last row's details: read either way, one
 * line is left over. The table's next page opens with a row and runs its details below, and the
 * first page is the same layout.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, money, right, tablePdf } from '../../testing/table-pdf';

describe('table-direction', () => {
  it("reads a first page that reads either way as the table's later pages run", async () => {
    let balance = 500_000;
    let n = 0;
    const header = at(
      60,
      left(40, 'Date', true),
      left(110, 'Details', true),
      right(420, 'Amount', true),
      right(520, 'Balance', true),
    );
    const rowLines = (y: number, cents: number) => {
      balance += cents;
      n++;
      return [
        at(
          y,
          left(40, `${String(n).padStart(2, '0')}/03/2024`),
          left(110, `PAYMENT ${n}`),
          right(420, money(cents)),
          right(520, money(balance)),
        ),
        at(y + 10, left(110, `DETAILS OF ${n}`)),
      ];
    };
    const page1 = [header, at(80, left(110, 'DETAILS OF AN EARLIER ROW'))];
    for (let i = 0; i < 5; i++) page1.push(...rowLines(90 + i * 20, -(1_000 + i * 137)));
    const page2 = [header];
    for (let i = 0; i < 5; i++) page2.push(...rowLines(80 + i * 20, 2_000 + i * 211));
    const [s] = await convert(await tablePdf({ pages: [{ lines: page1 }, { lines: page2 }] }), {
      fileName: 'statement.pdf',
    });
    expect(s?.transactions.map((t) => t.description)).toEqual(
      Array.from({ length: 10 }, (_, i) => `PAYMENT ${i + 1} DETAILS OF ${i + 1}`),
    );
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
