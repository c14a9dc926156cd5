/**
 * A page without a header: a column of a transaction's type ("REFLEX SERVICE CHARG", wrapped over
 * three lines) left of a column of counterparties and references. The one with more letters was
 * taken as the description and the type column, named by nothing, was dropped.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, money, right, type TableLine, tablePdf } from '../../testing/table-pdf';

describe('a column of words left of the description', () => {
  it('is the first part of the description', async () => {
    let balance = 14_338_335;
    const kinds = [
      ['REFLEX', 'SERVICE', 'CHARG'],
      ['RFLX', 'INSTANT', 'TRF DR'],
    ];
    const payees = ['YONG KOK SHENG', 'HEALTHSTREAM MEDICAL SDN BHD', 'SRI PAANDI RESTAURANT'];
    const lines: TableLine[] = [at(40, left(15, 'STATEMENT OF ACCOUNT 01-03-2025 TO 31-03-2025'))];
    const expected: string[] = [];
    let y = 70;
    for (let i = 0; i < 8; i++) {
      const kind = kinds[i % 2] as string[];
      const payee = payees[i % 3] as string;
      const cents = 1_000 + i * 29_700;
      balance -= cents;
      lines.push(
        at(
          y,
          left(15, `${String(3 + i).padStart(2, '0')}-03-2025`),
          left(64, i % 2 ? '980' : '037'),
          left(91, kind[0] as string),
          left(143, payee),
          left(250, `CM10${i}/`),
          left(308, `0000${5330 + i * 7}`),
          right(427, money(cents)),
          right(503, '-'),
          right(581, `${money(balance)}+`),
        ),
      );
      lines.push(at(y + 10, left(91, kind[1] as string)));
      lines.push(at(y + 20, left(91, kind[2] as string)));
      expected.push(`${kind.join(' ')} ${payee} CM10${i}/`);
      y += 40;
    }
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(s?.trace?.some((t) => t.pass === 'text-left-of-description')).toBe(true);
    expect(s?.transactions.map((t) => t.description)).toEqual(expected);
  });
});
