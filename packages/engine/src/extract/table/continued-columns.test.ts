/**
 * Rows whose details run on under the date line in several columns of short words ("INWARD   AN
 * PENGURUS   equipment"): such a line looks like a header's labels, but it names no column. It
 * continues the rows above and does not end the table, so the page's last row, under it, stays.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, money, right, tablePdf } from '../../testing/table-pdf';

describe('a row continued in several columns', () => {
  it('keeps the table going, and the last row under it', async () => {
    const rows: [string, string, string, string, number][] = [
      ['RPP', 'BADAN', 'Prima one', 'INWARD,PENGURUS,equipment', 605_800],
      ['RFLX', 'WISE', 'Transport', 'TRF DR,CARRY,Charges', -30_000],
      ['REFLEX', 'CATIS', 'Purchase', 'FUNDS TFR,MALAYSIA,Payment', -1_000_000],
      ['RPP', 'PERBADAN', 'IV-00013592', 'INWARD,PENGURUS,UNIT PULLEY', 38_800],
      ['REFLEX', 'SERVICE', 'CM107', '', -10],
    ];
    let balance = 17_910_130;
    const lines = [
      at(
        60,
        left(20, 'Date', true),
        left(90, 'Description', true),
        left(160, "Sender's Name", true),
        left(250, 'Reference', true),
        right(430, 'Amount (DR)', true),
        right(500, 'Amount (CR)', true),
        right(580, 'Balance', true),
      ),
    ];
    let y = 80;
    rows.forEach(([a, b, c, more, cents], i) => {
      balance += cents;
      lines.push(
        at(
          y,
          left(20, `${String(14 + i)}-01-2025`),
          left(90, a),
          left(160, b),
          left(250, c),
          right(430, cents < 0 ? money(-cents) : '-'),
          right(500, cents > 0 ? money(cents) : '-'),
          right(580, money(balance)),
        ),
      );
      const [m1, m2, m3] = more.split(',');
      if (m1) lines.push(at(y + 10, left(90, m1), left(160, m2 ?? ''), left(250, m3 ?? '')));
      y += 30;
    });
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(s?.transactions.map((t) => t.amount)).toEqual(rows.map((r) => r[4] / 100));
    expect(s?.transactions[0]?.description).toContain('PENGURUS');
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
