/**
 * `text-under-labels` where the dated lines agree with a label by chance: every dated line prints
 * "TRANSFER TO ACCOUNT", its last word where the header's centred "Description" starts, while
 * the lines of details under them run through that start at random words. No column starts there.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, money, right, tablePdf, textWidth } from '../../testing/table-pdf';

describe('text-under-labels', () => {
  it('keeps a description whole where only the dated lines, all alike, start a word at a label', async () => {
    const details = [
      'SALARY MAY 2025 PAYROLL',
      'INVOICE NO60398 PARTIAL PAYMENT',
      'RENT OFFICE UNIT 7-1',
      'SUPPLIER QT-004843 MACHINERY',
    ];
    const labelX = 100 + textWidth('TRANSFER TO ');
    let balance = 653_860;
    const lines = [
      at(
        60,
        left(40, 'Date', true),
        left(labelX, 'Description', true),
        right(420, 'Withdrawal', true),
        right(520, 'Balance', true),
      ),
      at(76, left(100, 'Opening Balance'), right(520, money(balance))),
    ];
    details.forEach((text, i) => {
      const cents = 10_000 + i * 4_321;
      balance -= cents;
      const y = 92 + i * 26;
      lines.push(
        at(
          y,
          left(40, `0${i + 1}/05/2025`),
          left(100, 'TRANSFER TO ACCOUNT'),
          right(420, money(cents)),
          right(520, money(balance)),
        ),
        at(y + 11, left(100, text)),
      );
    });
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(s?.transactions.map((t) => t.description)).toEqual(details.map((d) => `TRANSFER TO ACCOUNT ${d}`));
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
