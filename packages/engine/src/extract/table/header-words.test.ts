/**
 * Every page repeats the customer's address block; only the first prints the column header. On
 * the next pages the lines of the address ("M/S. ACME TEXTILES LIMITED   City : PUNE") stood
 * where a header would, close enough above the rows to be read as theirs: those pages became a
 * table of their own, and the first page's rows, in other columns, were no transactions at all.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left, money, right, type TableLine, tablePdf } from '../../testing/table-pdf';
import type { Token } from '../tokens/tokenise';
import { namesColumn } from './regions';

describe('a header names columns', () => {
  it('does not take an address block for the header of a page', async () => {
    let balance = 9_071_700;
    const opening = balance;
    const amounts: number[] = [];
    let day = 1;
    const page = (first: boolean) => {
      const lines: TableLine[] = [
        at(30, left(40, 'Statement of account'), left(320, 'Statement From : 01/04/2025 To : 30/04/2025')),
        at(90, left(400, 'Address'), left(460, ': GROUND FLOOR, MAIN ROAD')),
        at(102, left(40, 'M/S. ACME TEXTILES LIMITED'), left(400, 'City'), left(460, ': PUNE')),
        at(114, left(40, 'C/O RAJ KUMAR'), left(400, 'State'), left(460, ': MAHARASHTRA')),
        at(126, left(40, 'PUNE 411001'), left(400, 'Branch'), left(460, ': CENTRAL')),
      ];
      let y = 140;
      if (first) {
        lines.push(
          at(
            y,
            left(40, 'Date'),
            left(90, 'Narration'),
            left(280, 'Ref.No.'),
            left(345, 'Value Dt'),
            right(430, 'Withdrawal'),
            right(500, 'Deposit'),
            right(570, 'Balance'),
          ),
        );
        y += 24;
      } else {
        // The last row of the page before wraps onto this one.
        lines.push(at(y, left(90, 'DAHA-HDFCR52025050567603985')));
        y += 24;
      }
      for (let i = 0; i < 6; i++) {
        const credit = (day + i) % 3 === 0;
        const cents = credit ? 50_000_000 : 1_200_000 + day * 1_000;
        balance += credit ? cents : -cents;
        amounts.push((credit ? cents : -cents) / 100);
        lines.push(
          at(
            y,
            left(40, `${String(day++).padStart(2, '0')}/04/25`),
            left(90, credit ? 'RTGS CR-CBIN0282791-SUPPLIER' : 'NEFT DR-SBIN0001522-TRADER'),
            left(280, `000000000000${100 + day}`),
            left(345, `${String(day).padStart(2, '0')}/04/25`),
            credit ? right(500, money(cents)) : right(430, money(cents)),
            right(570, money(balance)),
          ),
        );
        lines.push(at(y + 12, left(90, `HDFCR5202504${String(day).padStart(2, '0')}67603985`)));
        y += 36;
      }
      return { lines };
    };
    const pages = [page(true), page(false), page(false)];
    const [s] = await convert(await tablePdf({ pages }), { fileName: 'statement.pdf' });
    expect(s?.trace?.some((t) => t.pass === 'header-words')).toBe(true);
    expect(s?.transactions.map((t) => t.amount)).toEqual(amounts);
    expect(s?.transactions.map((t) => t.page)).toEqual([...Array(6).fill(1), ...Array(6).fill(2), ...Array(6).fill(3)]);
    expect(s?.statement.openingBalance).toBe(opening / 100);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('keeps a header whose line nearest the rows names only units, its words on the line above', async () => {
    let balance = 22_736_894;
    const lines: TableLine[] = [
      at(40, left(40, 'ACCOUNT STATEMENT'), left(330, 'STATEMENT DATE : 31/12/25')),
      at(
        80,
        left(40, 'DATE'),
        left(100, 'DESCRIPTION'),
        right(330, 'DEBIT'),
        right(440, 'CREDIT'),
        right(550, 'BALANCE'),
      ),
      at(91, right(330, '(RM)'), right(440, '(RM)'), right(550, '(RM)')),
      at(110, left(90, 'BAL B/F'), right(550, money(balance))),
    ];
    for (let i = 0; i < 6; i++) {
      const cents = i % 2 ? 78_305 : -(50 + i * 1_000);
      balance += cents;
      lines.push(
        at(
          128 + i * 16,
          left(40, `0${i + 1}/12/25`),
          left(100, cents > 0 ? 'HSE CHQ DEP - CR' : 'CHQ PRCSG FEE'),
          cents > 0 ? right(440, money(cents)) : right(330, money(-cents)),
          right(550, money(balance)),
        ),
      );
    }
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(s?.trace?.find((t) => t.pass === 'table')?.why).toContain(
      'money "DEBIT (RM)", money "CREDIT (RM)", money "BALANCE (RM)"',
    );
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('a word that names a column', () => {
  const text = (s: string) => ({ kind: 'text', text: s }) as Token;
  it('is a column word, or a short one only as the whole label', () => {
    expect(namesColumn(text('Date'))).toBe(true);
    expect(namesColumn(text('Amount (DR)'))).toBe(true);
    expect(namesColumn(text('N'))).toBe(true);
    // Words of a wrapped description ("KLANG RUBBER Mat n Stepper") under which the next rows start.
    expect(namesColumn(text('Mat n Stepper'))).toBe(false);
    expect(namesColumn(text('State'))).toBe(false);
  });
});
