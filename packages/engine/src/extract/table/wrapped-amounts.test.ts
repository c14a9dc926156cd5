/**
 * `wrapped-amounts`: a narrow amount column wraps a wide amount's last digits onto the line under
 * it ("1,073,459." over "85", "1,000,000." over "00"). The digits complete the amount; alone they
 * would be a row of their own.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, right, tablePdf } from '../../testing/table-pdf';

describe('wrapped-amounts', () => {
  it('joins the digits wrapped under an amount to it', async () => {
    const lines = [
      at(40, left(40, 'Opening Balance (MYR)'), right(300, '1,000.00')),
      at(56, left(40, 'Closing Balance (MYR)'), right(300, '370,462.39')),
      at(
        80,
        left(40, 'Date', true),
        left(110, 'Description', true),
        right(400, 'Debit', true),
        right(470, 'Credit', true),
        right(550, 'Balance', true),
      ),
      at(98, left(40, '11/09/2025'), left(110, 'CDB CS TO IBFTS3'), right(400, '1.00'), right(550, '999.00')),
      at(
        116,
        left(40, '17/09/2025'),
        left(110, 'CA DR&CR ADVICE'),
        right(470, '1,073,459.'),
        right(550, '1,074,458.85'),
      ),
      at(126, left(110, 'TRF FUND'), right(470, '85')),
      at(144, left(40, '17/09/2025'), left(110, 'CDB CS TO IBFTS3'), right(400, '1,000,000.'), right(550, '74,458.85')),
      at(154, left(110, 'PRINCIPAL GAS'), right(400, '00')),
      at(172, left(40, '18/09/2025'), left(110, 'CA DR ADVICE'), right(400, '4,000.00'), right(550, '70,458.85')),
      at(
        190,
        left(40, '30/09/2025'),
        left(110, 'INW DuitNow Transfer'),
        right(470, '300,000.00'),
        right(550, '370,458.85'),
      ),
      at(208, left(40, '30/09/2025'), left(110, 'PROFIT PAID'), right(470, '3.54'), right(550, '370,462.39')),
    ];
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(s?.transactions.map((t) => t.amount)).toEqual([-1, 1_073_459.85, -1_000_000, -4_000, 300_000, 3.54]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
