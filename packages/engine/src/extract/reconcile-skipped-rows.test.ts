/**
 * Reconciliation is of the statement as it comes out: a row the engine had to skip (no date it
 * can read, none above to inherit) leaves its amount out of the sums, so the statement cannot
 * say "balanced" (issue 12: no statement balanced while a row is wrong).
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Statement } from '@statemint/shared';
import { describe, expect, it } from 'vitest';
import { convert } from '../convert';
import {
  left as L,
  at as line,
  money,
  right as R,
  type TableCell,
  type TableLine,
  tablePdf,
} from '../testing/table-pdf';

/** Converts a drawn PDF; CLASSES_PDF_DIR keeps a copy for `bin/statemint convert --trace`. */
async function run(pdf: Uint8Array, fileName: string): Promise<Statement[]> {
  const dir = process.env.CLASSES_PDF_DIR;
  if (dir) writeFileSync(join(dir, fileName), pdf);
  return convert(pdf, { fileName });
}

interface Entry {
  /** The date as printed. */
  printed: string;
  iso: string;
  text: string;
  cents: number;
}

/** One page: the lines above the table, then the header and the rows `step` points apart. */
function tablePage(head: TableLine[], headerY: number, header: TableCell[], rows: TableCell[][], step = 14) {
  return {
    lines: [
      ...head,
      line(headerY, ...header.map((c) => ({ ...c, bold: true }))),
      ...rows.map((cells, i) => line(headerY + 18 + i * step, ...cells)),
    ],
  };
}

describe('reconciliation: a statement is not balanced without rows it skipped', () => {
  it('a first row whose date the engine cannot read is skipped, and the statement says it does not balance', async () => {
    const entries: Entry[] = [
      // Not a date anyone reads, on the first row, so there is no date above to inherit: the row is skipped.
      { printed: '5 ~~ 7', iso: '', text: 'TRANSFER FROM SAVINGS', cents: 20_000 },
      { printed: '03/03/2025', iso: '2025-03-03', text: 'CARD PAYMENT BAKERY', cents: -450 },
      { printed: '12/03/2025', iso: '2025-03-12', text: 'DIRECT DEBIT PHONE', cents: -2_500 },
    ];
    const opening = 10_000;
    const closing = opening + entries.reduce((a, e) => a + e.cents, 0);
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Harbour Street Bank', true)),
            line(70, L(320, 'Account number 12345678')),
            line(85, L(320, 'Opening balance'), R(550, money(opening))),
            line(100, L(320, 'Closing balance'), R(550, money(closing))),
          ],
          140,
          [L(40, 'Date'), L(130, 'Description'), R(550, 'Amount')],
          entries.map((e) => [L(40, e.printed), L(130, e.text), R(550, `${e.cents < 0 ? '-' : ''}${money(e.cents)}`)]),
        ),
      ],
    });
    const [s] = await run(pdf, 'skipped-row.pdf');
    const kept = s?.transactions.reduce((a, t) => a + Math.round(t.amount * 100), 0) ?? 0;
    expect(s?.issues?.map((i) => i.code)).toContain('ROW_WITHOUT_DATE');
    expect(s?.transactions).toHaveLength(2);
    expect(opening + kept).not.toBe(closing);
    expect(s?.reconciliation.status).toBe('unbalanced');
  });
});
