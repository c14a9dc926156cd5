/**
 * Classes of statements from issue 12, each on a PDF the test draws (testing/table-pdf.ts) and
 * converts through convert(): exact transactions, balances, period and reconciliation.
 * Every layout differs in language, wording and geometry so no test fits one template.
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

/** [date, description, amount, balance] of every transaction. */
const rowsOf = (s: Statement | undefined) =>
  (s?.transactions ?? []).map((t) => [t.date, t.description, t.amount, t.balance] as const);

const factsOf = (s: Statement | undefined) => ({
  periodStart: s?.statement.periodStart,
  periodEnd: s?.statement.periodEnd,
  openingBalance: s?.statement.openingBalance,
  closingBalance: s?.statement.closingBalance,
  status: s?.reconciliation.status,
});

interface Entry {
  /** The date as printed. */
  printed: string;
  iso: string;
  text: string;
  cents: number;
}

/** Running balances of entries from an opening balance (cents). */
function running(opening: number, entries: Entry[]): number[] {
  let b = opening;
  return entries.map((e) => {
    b += e.cents;
    return b;
  });
}

const expectedRows = (opening: number, entries: Entry[], withBalance = true) => {
  const bals = running(opening, entries);
  return entries.map((e, i) => [e.iso, e.text, e.cents / 100, withBalance ? (bals[i] as number) / 100 : null] as const);
};

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

describe('class 1 (failing): the fr-CA abbreviation juill.', () => {
  it('French long abbreviation juill. (5 juill. 2024), one amount column and no balance column', async () => {
    const entries: Entry[] = [
      { printed: '5 juill. 2024', iso: '2024-07-05', text: 'Paiement carte Librairie Papyrus', cents: -2_340 },
      { printed: '9 juill. 2024', iso: '2024-07-09', text: 'Versement de Mme Dubois', cents: 15_000 },
      { printed: '18 juill. 2024', iso: '2024-07-18', text: 'Domiciliation Télécom', cents: -4_599 },
      { printed: '2 août 2024', iso: '2024-08-02', text: 'Frais de tenue de compte', cents: -250 },
    ];
    const opening = 164_420;
    const closing = opening + entries.reduce((a, e) => a + e.cents, 0);
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Banque du Plateau SA', true)),
            line(70, L(40, 'Claire Dubois'), L(320, 'Compte BE68 5390 0754 7034')),
            line(85, L(320, 'Période du 1 juill. 2024 au 2 août 2024')),
            line(100, L(320, 'Solde initial'), R(550, `${money(opening, ',', '.')} EUR`)),
            line(115, L(320, 'Solde final'), R(550, `${money(closing, ',', '.')} EUR`)),
          ],
          160,
          [L(40, 'Date'), L(130, 'Description'), R(550, 'Montant EUR')],
          entries.map((e) => [
            L(40, e.printed),
            L(130, e.text),
            R(550, `${e.cents < 0 ? '-' : '+'}${money(e.cents, ',', '.')}`),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, 'extrait.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
    expect(factsOf(s)).toEqual({
      periodStart: '2024-07-01',
      periodEnd: '2024-08-02',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });
});
