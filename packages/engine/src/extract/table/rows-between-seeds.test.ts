/**
 * Rows of three interleaved lines, 3 points apart at a size of 6: the description's first line
 * with the amount, DR/CR, balance and branch; the serial number and two dates; the description's
 * second line with the branch's second line far right. A second line holding a word some header
 * uses ("FERDOUS/STATE BANK OF INDIA//ATTN/TRF" ... "RJT WB": "state") was taken for a header
 * repeated between the rows, and ended the table: the row after it was lost.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, right, type TableCell, type TableLine, tablePdf } from '../../testing/table-pdf';

const small = (c: TableCell): TableCell => ({ ...c, size: 6 });
const inr = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

describe('a row line holding a header word between dated rows', () => {
  it('continues the rows', async () => {
    let balance = 88_433_636;
    const lines: TableLine[] = [
      at(
        40,
        small(
          left(15, 'Statement of Account No : 923020007685387 for the period ( From : 01-05-2025 To : 18-06-2025 )'),
        ),
      ),
      at(55, small(left(15, `Opening Balance: INR ${inr(balance)}`))),
      at(
        75,
        ...[
          left(15, 'S. NO.'),
          left(48, 'Tran Date'),
          left(110, 'Value Date'),
          left(172, 'Transaction Particulars'),
          left(367, 'Amount (INR)'),
          left(429, 'DR/CR'),
          left(462, 'Balance (INR)'),
          left(524, 'Branch Name'),
        ].map(small),
      ),
    ];
    const rows: [string, string, number][] = [
      ['INB/NEFT/AXOIC12468625988/Sabir Ali', 'Mollah/X624781/ICICI', -10_000_000],
      ['NEFT/SBIN525160112403/HASUNATUL', 'FERDOUS/STATE BANK OF INDIA//ATTN/TRF', 10_000_000],
      ['INB/RTGS/UTIBR62025061007923445/Asrarul', 'Islam/STATE BANK OF INDIA/', -30_000_000],
      ['IMPS/P2A/512617938525/MD', 'MAINUDDIN/X567867/ICICIBANKLTD/loan', -5_000_590],
      ['UPI/P2A/553068434666/MANJARUL /State', 'Ban/UPI/', 5_000_000],
      ['INB/IFT/SabirAxis/TPARTY TRANSFER', 'SabirAxis', -7_000_000],
    ];
    const expected: number[] = [];
    rows.forEach(([first, second, cents], i) => {
      balance += cents;
      expected.push(cents / 100);
      const y = 95 + i * 18;
      const date = `${String(4 + i).padStart(2, '0')}-06-2025`;
      lines.push(
        at(
          y,
          ...[
            left(172, first),
            right(423, inr(Math.abs(cents))),
            left(447, cents < 0 ? 'DR' : 'CR'),
            right(518, inr(balance)),
            left(524, 'RAJARHAT BISHNU'),
          ].map(small),
        ),
      );
      lines.push(at(y + 3, ...[left(15, String(i + 1)), left(48, date), left(110, date)].map(small)));
      lines.push(at(y + 6, ...[left(172, second), left(558, 'RJT WB')].map(small)));
    });
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(s?.transactions.map((t) => t.amount)).toEqual(expected);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
