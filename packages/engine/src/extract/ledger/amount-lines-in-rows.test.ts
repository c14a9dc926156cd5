/**
 * A top-up row and, on the line under it, "Fee: £0.17" with the gross £10.17 in the money-in
 * column and no balance. Read as a row of its own, it put 10.17 into a ledger whose balances
 * chain without it. Beside it, a summary prints "Closing" over "balance", the row's other labels
 * on the line between them: that closing balance was not read.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, money, right, type TableLine, tablePdf } from '../../testing/table-pdf';

const gbp = (cents: number) => `£${money(cents)}`;

describe('an undated line with a figure under a row', () => {
  it('joins the row where the balances chain without its figure, and a two-line label is read', async () => {
    const rows: [string, string | null, number][] = [
      ['Top-up by *0642', 'From: *0642', 1_000],
      ['Card Delivery Fee', 'Card: 416549******6115', -499],
      ['Payment from ACME LTD', 'Reference: SALARY', 200_000],
      ['Top-up by *0642', null, 1_000],
      ['Wasabi Sushi & Bento', 'To: Wasabi, London', -795],
      ['To Living Residential', 'Reference: 8TVL', -92_307],
      ['Euston Metro', 'To: Euston Metro, London', -149],
    ];
    let balance = 0;
    for (const [, , c] of rows) balance += c;
    const lines: TableLine[] = [
      at(60, left(40, 'Balance summary')),
      at(80, left(380, 'Closing')),
      at(86, left(40, 'Product'), left(150, 'Opening balance'), left(260, 'Money out'), left(320, 'Money in')),
      at(92, left(380, 'balance')),
      at(
        110,
        left(40, 'Account (Current Account)'),
        left(150, gbp(0)),
        left(260, gbp(93_750)),
        left(320, gbp(202_000)),
        left(380, gbp(balance)),
      ),
      at(150, left(40, 'Account transactions from 1 April 2026 to 30 April 2026')),
      at(
        170,
        left(40, 'Date'),
        left(110, 'Description'),
        right(400, 'Money out'),
        right(470, 'Money in'),
        right(550, 'Balance'),
      ),
    ];
    let y = 190;
    let running = 0;
    const expected: number[] = [];
    rows.forEach(([text, second, cents], i) => {
      running += cents;
      expected.push(cents / 100);
      const figure = cents < 0 ? right(400, gbp(-cents)) : right(470, gbp(cents));
      lines.push(at(y, left(40, `${3 + i} Apr 2026`), left(110, text), figure, right(550, gbp(running))));
      if (second === null) {
        // The fee line: its words and the gross in the money-in column, no balance.
        lines.push(at(y + 10, left(110, 'Fee: £0.17'), right(470, gbp(cents + 17))));
        lines.push(at(y + 18, left(110, 'From: *0642')));
      } else lines.push(at(y + 10, left(110, second)));
      y += 30;
    });
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(s?.transactions.map((t) => t.amount)).toEqual(expected);
    expect(s?.transactions[3]?.description).toContain('Fee: £0.17');
    expect(s?.statement.closingBalance).toBe(balance / 100);
    // Read from its label, not worked out from the last running balance.
    expect(s?.trace?.find((e) => e.field === 'closingBalance')?.pass).toBe('printed-balances');
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
