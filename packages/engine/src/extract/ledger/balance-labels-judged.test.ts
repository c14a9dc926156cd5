/**
 * `balance-labels-judged`: a card statement's purchases at "Transport For Nsw-Opal" start with a
 * word that carries a balance forward in Danish and Swedish. Read as balance rows, the statement
 * does not add up; read as transactions, opening + amounts = closing.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, right, tablePdf } from '../../testing/table-pdf';

describe('balance-labels-judged', () => {
  it('reads rows a balance label starts as transactions where the statement then adds up', async () => {
    const rows: [string, string, string][] = [
      ['24 Apr', 'Boating Licence Course Yowie Bay AU', '350.00'],
      ['27 Apr', 'Transport For Nsw-Opal Chippendale AU', '40.00'],
      ['28 Apr', 'Hcf Sydney AU', '529.25'],
      ['06 May', 'Transport For Nsw-Opal Chippendale AU', '40.00'],
      ['08 May', 'Payment Received, Thank You AU', '1,000.00-'],
      ['15 May', 'Transport For Nsw-Opal Chippendale AU', '40.00'],
    ];
    const lines = [
      at(26, left(40, 'Visa Credit Card', true), left(300, 'Credit limit $7,000.00')),
      at(40, left(40, 'Statement period 24 Apr 2015 - 22 May 2015')),
      at(56, left(40, 'Opening balance at 24 Apr'), right(300, '$649.05')),
      at(70, left(40, 'Closing balance at 22 May'), right(300, '$648.30')),
      at(100, left(40, 'Date', true), left(110, 'Transaction Details', true), right(540, 'Amount (A$)', true)),
      ...rows.map(([d, text, amount], i) => at(118 + i * 16, left(40, d), left(110, text), right(540, amount))),
    ];
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'card.pdf' });
    expect(s?.transactions.map((t) => t.amount)).toEqual([-350, -40, -529.25, -40, 1000, -40]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
