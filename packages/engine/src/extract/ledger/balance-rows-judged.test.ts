/**
 * `balance-rows-judged` on a statement the test draws: its summary prints the balance at the
 * period's end ("Solde au 01/03/20"); its table opens with the previous balance and closes with
 * the new one.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { left as L, at as line, money, right as R, tablePdf } from '../../testing/table-pdf';

describe('balance-rows-judged', () => {
  it("the ledger's opening row, not a summary's balance at the end, opens the statement where the amounts say so", async () => {
    const rows: [string, string, number][] = [
      ['06/02', 'VIR SEPA MAGASIN SPORT', 22_765],
      ['13/02', 'VIR SEPA MAGASIN SPORT', 6_127],
      ['21/02', 'PRLV SEPA ASSURANCE HABITATION', -4_812],
      ['27/02', 'VIR SEPA VERS COMPTE EPARGNE', -100_000],
    ];
    const opening = 416_182;
    const closing = opening + rows.reduce((n, r) => n + r[2], 0);
    const lines = [
      line(40, L(40, 'SYNTHESE de votre compte en euros', true)),
      line(
        60,
        L(40, 'COMPTE DE DEPOT'),
        L(200, 'N° 16275 00800 04012186142'),
        L(380, 'Solde au 01/03/20'),
        R(550, `+${money(closing, ',', ' ')}`),
      ),
      line(
        100,
        L(40, 'Date', true),
        L(90, 'Détail des opérations en euros', true),
        R(450, 'Débit', true),
        R(550, 'Crédit', true),
      ),
      line(116, L(90, 'SOLDE PRECEDENT AU 01/02/20'), R(550, money(opening, ',', ' '))),
      ...rows.map(([d, text, cents], i) =>
        line(132 + i * 14, L(40, d), L(90, text), R(cents < 0 ? 450 : 550, money(Math.abs(cents), ',', ' '))),
      ),
      line(200, L(90, 'NOUVEAU SOLDE CREDITEUR AU 01/03/20'), R(550, money(closing, ',', ' '))),
    ];
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'releve.pdf' });
    expect(s?.transactions.map((t) => t.amount)).toEqual(rows.map((r) => r[2] / 100));
    expect([s?.statement.openingBalance, s?.statement.closingBalance]).toEqual([opening / 100, closing / 100]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
