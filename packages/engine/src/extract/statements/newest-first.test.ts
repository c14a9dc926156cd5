/**
 * `newest-first` where both orders add up: the table opens with the opening balance, its rows
 * newest first, and the summary prints the closing one. Read as printed, no running balance
 * chains, but opening + amounts = closing holds all the same; read oldest first (the opening
 * balance first still), every row's balance chains too. The same table may close with its closing
 * balance's row: read oldest first, the rows turn between the two balances.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, money, right, tablePdf } from '../../testing/table-pdf';

async function newestFirstStatement(closingRow: boolean) {
  const amounts = [-1_000_00, 5_000_00, -4_860_35, -1_051_00, -10, 2_500_00];
  const opening = 6_538_60;
  // Oldest first: each row's balance after it.
  const balances: number[] = [];
  amounts.reduce((b, a) => {
    balances.push(b + a);
    return b + a;
  }, opening);
  const closing = balances[balances.length - 1] as number;
  const lines = [
    at(30, left(40, 'Statement Date: 03/06/2025')),
    at(44, left(40, 'Closing Balance:'), right(250, money(closing))),
    at(
      60,
      left(40, 'Date', true),
      left(100, 'Description', true),
      right(380, 'Withdrawal', true),
      right(450, 'Deposits', true),
      right(530, 'Balance', true),
    ),
    at(78, left(100, 'Opening Balance'), right(530, money(opening))),
  ];
  // Printed newest first.
  const order = amounts.map((_, i) => i).reverse();
  order.forEach((i, k) => {
    const cents = amounts[i] as number;
    lines.push(
      at(
        94 + k * 16,
        left(40, `${String(20 + i).padStart(2, '0')}/05/2025`),
        left(100, `TRANSFER ${i + 1}`),
        right(cents < 0 ? 380 : 450, money(Math.abs(cents))),
        right(530, money(balances[i] as number)),
      ),
    );
  });
  if (closingRow) lines.push(at(94 + order.length * 16 + 6, left(250, 'CLOSING BALANCE'), right(530, money(closing))));
  const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
  expect(s?.transactions.map((t) => [t.amount, t.balance])).toEqual(
    order.map((i) => [(amounts[i] as number) / 100, (balances[i] as number) / 100]),
  );
  expect([s?.statement.openingBalance, s?.statement.closingBalance]).toEqual([opening / 100, closing / 100]);
  expect(s?.reconciliation.status).toBe('balanced');
}

describe('newest-first', () => {
  it("reads the rows' running balances where both orders add up", () => newestFirstStatement(false));

  it('keeps the opening balance printed above the rows first, and the closing one under them last', () =>
    newestFirstStatement(true));
});
