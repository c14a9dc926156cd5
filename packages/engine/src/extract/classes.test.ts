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
  textWidth,
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

/** [date, description, reference, amount] of every transaction. */
const referencedOf = (s: Statement | undefined) =>
  (s?.transactions ?? []).map((t) => [t.date, t.description, t.reference, t.amount] as const);

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

describe('class 1: named months in other separators and languages', () => {
  it('Spanish DD/MMM/YYYY upper-case abbreviations (01/ENE/2025), signed amounts with decimal commas', async () => {
    const entries: Entry[] = [
      { printed: '02/ENE/2025', iso: '2025-01-02', text: 'TRANSFERENCIA RECIBIDA NOMINA EMPRESA', cents: 185_000 },
      { printed: '07/ENE/2025', iso: '2025-01-07', text: 'RECIBO LUZ IBERICA ENERGIA', cents: -6_432 },
      { printed: '15/ENE/2025', iso: '2025-01-15', text: 'COMPRA TARJETA SUPERMERCADO SOL', cents: -4_518 },
      { printed: '28/ENE/2025', iso: '2025-01-28', text: 'DISPOSICION CAJERO', cents: -10_000 },
      { printed: '03/FEB/2025', iso: '2025-02-03', text: 'BIZUM DE MARTA', cents: 2_500 },
    ];
    const opening = 120_075;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(40, L(40, 'Caja Rural del Norte', true)),
            line(70, L(40, 'Titular: JAVIER ROMERO PARDO'), L(330, 'Cuenta: ES12 3456 7890 1234 5678 9012')),
            line(85, L(330, 'Periodo: 01/ENE/2025 - 05/FEB/2025')),
            line(100, L(330, `Saldo anterior: ${money(opening, ',')} EUR`)),
            line(115, L(330, `Saldo final: ${money(closing, ',')} EUR`)),
            line(160, L(40, 'Fecha', true), L(110, 'Concepto', true), R(450, 'Importe', true), R(550, 'Saldo', true)),
            ...entries.map((e, i) =>
              line(
                178 + i * 14,
                L(40, e.printed),
                L(110, e.text),
                R(450, `${e.cents < 0 ? '-' : ''}${money(e.cents, ',')}`),
                R(550, money(bals[i] as number, ',')),
              ),
            ),
          ],
        },
      ],
    });
    const [s] = await run(pdf, 'extracto.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2025-01-01',
      periodEnd: '2025-02-05',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('German DD-MMM-YY with upper-case MRZ and OKT (15-MRZ-24), debit and credit columns', async () => {
    const entries: Entry[] = [
      { printed: '04-MRZ-24', iso: '2024-03-04', text: 'Lastschrift Stadtwerke Abschlag', cents: -8_900 },
      { printed: '15-MRZ-24', iso: '2024-03-15', text: 'Gehalt Maerz Firma Kessler GmbH', cents: 312_450 },
      { printed: '18-MRZ-24', iso: '2024-03-18', text: 'Kartenzahlung Baeckerei Huber', cents: -735 },
      { printed: '28-MRZ-24', iso: '2024-03-28', text: 'Dauerauftrag Miete', cents: -95_000 },
      { printed: '02-APR-24', iso: '2024-04-02', text: 'Bargeldauszahlung Automat', cents: -20_000 },
    ];
    const opening = 48_210;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Volksbank Mittelland eG', true)),
            line(70, L(40, 'Herrn Tobias Brandt'), L(320, 'Kontonummer 0004711815')),
            line(85, L(320, 'Zeitraum 01-MRZ-24 bis 02-APR-24')),
            line(100, L(320, 'Alter Kontostand'), R(550, `${money(opening, ',')} EUR`)),
            line(115, L(320, 'Neuer Kontostand'), R(550, `${money(closing, ',')} EUR`)),
          ],
          160,
          [L(40, 'Datum'), L(110, 'Buchungstext'), R(380, 'Soll'), R(460, 'Haben'), R(550, 'Kontostand')],
          entries.map((e, i) => [
            L(40, e.printed),
            L(110, e.text),
            R(e.cents < 0 ? 380 : 460, money(e.cents, ',')),
            R(550, money(bals[i] as number, ',')),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, 'kontoauszug.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2024-03-01',
      periodEnd: '2024-04-02',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('French day, abbreviated month with a dot and year (3 févr. 2025), space-grouped thousands', async () => {
    const entries: Entry[] = [
      { printed: '3 févr. 2025', iso: '2025-02-03', text: 'PRLV SEPA ASSURANCE HABITATION', cents: -3_890 },
      { printed: '11 févr. 2025', iso: '2025-02-11', text: 'VIR RECU SALAIRE FEVRIER', cents: 241_800 },
      { printed: '14 févr. 2025', iso: '2025-02-14', text: 'CB BOULANGERIE DU PORT', cents: -640 },
      { printed: '27 févr. 2025', iso: '2025-02-27', text: 'CHEQUE 0001234', cents: -125_000 },
      { printed: '3 mars 2025', iso: '2025-03-03', text: 'RETRAIT DAB PLACE CENTRALE', cents: -6_000 },
    ];
    const opening = 305_512;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const eur = (c: number) => money(c, ',', ' ');
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Crédit Maritime du Littoral', true)),
            line(70, L(40, 'M. Olivier Garnier'), L(320, 'Compte n° 00012345678')),
            line(85, L(320, 'Relevé du 1 févr. 2025 au 4 mars 2025')),
            line(100, L(320, 'Ancien solde'), R(550, eur(opening))),
            line(115, L(320, 'Nouveau solde'), R(550, eur(closing))),
          ],
          160,
          [L(40, 'Date'), L(120, 'Libellé'), R(390, 'Débit'), R(470, 'Crédit'), R(550, 'Solde')],
          entries.map((e, i) => [
            L(40, e.printed),
            L(120, e.text),
            R(e.cents < 0 ? 390 : 470, eur(e.cents)),
            R(550, eur(bals[i] as number)),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, 'releve.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2025-02-01',
      periodEnd: '2025-03-04',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('German day and month with a dot and no year (12 Okt.), the year from a numeric period', async () => {
    const entries: Entry[] = [
      { printed: '1 Okt.', iso: '2024-10-01', text: 'Überweisung Hausverwaltung Miete', cents: -87_500 },
      { printed: '12 Okt.', iso: '2024-10-12', text: 'Kartenzahlung Tankstelle Nord', cents: -6_215 },
      { printed: '25 Okt.', iso: '2024-10-25', text: 'Gutschrift Lohn Oktober', cents: 276_020 },
      { printed: '4 Nov.', iso: '2024-11-04', text: 'Lastschrift Mobilfunk', cents: -2_999 },
    ];
    const opening = 191_304;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Sparkasse am See', true)),
            line(70, L(40, 'Frau Petra Lindner'), L(320, 'IBAN DE44 5001 0517 5407 3249 31')),
            line(85, L(320, 'Kontoauszug vom 01.10.2024 bis 05.11.2024')),
            line(100, L(320, 'Kontostand am 30.09.2024'), R(550, money(opening, ','))),
            line(115, L(320, 'Kontostand am 05.11.2024'), R(550, money(closing, ','))),
          ],
          160,
          [L(40, 'Buchung'), L(100, 'Verwendungszweck'), R(450, 'Betrag EUR'), R(550, 'Saldo EUR')],
          entries.map((e, i) => [
            L(40, e.printed),
            L(100, e.text),
            R(450, `${e.cents < 0 ? '-' : '+'}${money(e.cents, ',')}`),
            R(550, money(bals[i] as number, ',')),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, 'auszug.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2024-10-01',
      periodEnd: '2024-11-05',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  // One table per language: a month name as CLDR (or the bank) abbreviates it, in that
  // language's own date shape. [printed date, ISO date, description, cents].
  type Named = [string, string, string, number];
  it.each<{
    name: string;
    labels: [string, string, string, string];
    open: string;
    close: string;
    period: [string, string, string];
    decimal: '.' | ',';
    rows: Named[];
  }>([
    {
      name: 'Italian 07-gen-2025 (hyphens, lower case)',
      labels: ['Data', 'Descrizione', 'Importo', 'Saldo'],
      open: 'Saldo iniziale',
      close: 'Saldo finale',
      period: ['Periodo dal 01-gen-2025 al 05-feb-2025', '2025-01-01', '2025-02-05'],
      decimal: ',',
      rows: [
        ['07-gen-2025', '2025-01-07', 'BONIFICO DA ESPOSITO MARCO', 30_000],
        ['15-gen-2025', '2025-01-15', 'PAGAMENTO POS TABACCHERIA', -1_250],
        ['03-feb-2025', '2025-02-03', 'ADDEBITO RATA MUTUO', -64_312],
      ],
    },
    {
      name: 'Dutch 3 mrt 2025 (CLDR abbreviation, no dot)',
      labels: ['Datum', 'Omschrijving', 'Bedrag', 'Saldo'],
      open: 'Beginsaldo',
      close: 'Eindsaldo',
      period: ['Periode 1 mrt 2025 - 1 apr 2025', '2025-03-01', '2025-04-01'],
      decimal: ',',
      rows: [
        ['3 mrt 2025', '2025-03-03', 'Betaling Bol.com', -2_999],
        ['17 mrt 2025', '2025-03-17', 'Teruggave Belastingdienst', 41_200],
        ['1 apr 2025', '2025-04-01', 'Incasso Vattenfall', -11_800],
      ],
    },
    {
      name: 'Danish 3. feb. 2025 (ordinal dot, dotted month)',
      labels: ['Dato', 'Tekst', 'Beløb', 'Saldo'],
      open: 'Indgående saldo',
      close: 'Udgående saldo',
      period: ['Kontoudskrift 1. feb. 2025 - 28. feb. 2025', '2025-02-01', '2025-02-28'],
      decimal: ',',
      rows: [
        ['3. feb. 2025', '2025-02-03', 'Dankort Netto Vesterbro', -8_745],
        ['14. feb. 2025', '2025-02-14', 'Løn februar', 2_845_000],
        ['27. feb. 2025', '2025-02-27', 'Husleje marts', -950_000],
      ],
    },
    {
      name: 'Portuguese 3 de fev. de 2025 (joining words)',
      labels: ['Data', 'Descrição', 'Montante', 'Saldo'],
      open: 'Saldo inicial',
      close: 'Saldo final',
      period: ['De 1 de fev. de 2025 a 28 de fev. de 2025', '2025-02-01', '2025-02-28'],
      decimal: ',',
      rows: [
        ['3 de fev. de 2025', '2025-02-03', 'COMPRA CONTINENTE MATOSINHOS', -4_388],
        ['10 de fev. de 2025', '2025-02-10', 'TRF RECEBIDA PEDRO NUNES', 12_000],
        ['24 de fev. de 2025', '2025-02-24', 'DD ELETRICIDADE', -5_611],
      ],
    },
    {
      name: 'Polish 3 sty 2025 (abbreviations without dots)',
      labels: ['Data operacji', 'Opis', 'Kwota', 'Saldo'],
      open: 'Saldo poczatkowe',
      close: 'Saldo koncowe',
      period: ['Okres od 1 sty 2025 do 31 sty 2025', '2025-01-01', '2025-01-31'],
      decimal: ',',
      rows: [
        ['3 sty 2025', '2025-01-03', 'Przelew przychodzacy Kowalski Jan', 150_000],
        ['9 sty 2025', '2025-01-09', 'Platnosc karta Biedronka', -6_733],
        ['28 sty 2025', '2025-01-28', 'Oplata za prowadzenie rachunku', -900],
      ],
    },
    {
      name: 'Romanian 3 ian. 2025',
      labels: ['Data', 'Descriere', 'Suma', 'Sold'],
      open: 'Sold initial',
      close: 'Sold final',
      period: ['Extras de cont 1 ian. 2025 - 31 ian. 2025', '2025-01-01', '2025-01-31'],
      decimal: ',',
      rows: [
        ['3 ian. 2025', '2025-01-03', 'Plata card Kaufland', -15_620],
        ['10 ian. 2025', '2025-01-10', 'Incasare salariu', 612_000],
        ['20 ian. 2025', '2025-01-20', 'Transfer catre Ionescu', -50_000],
      ],
    },
    {
      name: 'Austrian 15. Jän. 2025 (CLDR de-AT)',
      labels: ['Buchungsdatum', 'Text', 'Betrag', 'Saldo'],
      open: 'Alter Kontostand',
      close: 'Neuer Kontostand',
      period: ['Kontoauszug 1. Jän. 2025 bis 3. Feb. 2025', '2025-01-01', '2025-02-03'],
      decimal: ',',
      rows: [
        ['2. Jän. 2025', '2025-01-02', 'Bezahlung Karte Billa Filiale 0815', -3_456],
        ['15. Jän. 2025', '2025-01-15', 'Gutschrift Gehalt Jänner', 245_000],
        ['3. Feb. 2025', '2025-02-03', 'Kontoführung', -650],
      ],
    },
    {
      name: 'English (UK) 3 Sept 2024 (four-letter abbreviation)',
      labels: ['Date', 'Description', 'Amount', 'Balance'],
      open: 'Opening balance',
      close: 'Closing balance',
      period: ['1 Sept 2024 to 30 Sept 2024', '2024-09-01', '2024-09-30'],
      decimal: '.',
      rows: [
        ['3 Sept 2024', '2024-09-03', 'CONTACTLESS PRET A MANGER', -645],
        ['12 Sept 2024', '2024-09-12', 'BACS CREDIT NORTHWIND LTD', 231_000],
        ['30 Sept 2024', '2024-09-30', 'MONTHLY ACCOUNT FEE', -300],
      ],
    },
    {
      name: 'US Sept. 3, 2024 (month first, dotted, comma before the year)',
      labels: ['Date', 'Description', 'Amount', 'Balance'],
      open: 'Beginning balance',
      close: 'Ending balance',
      period: ['Sept. 1, 2024 through Sept. 30, 2024', '2024-09-01', '2024-09-30'],
      decimal: '.',
      rows: [
        ['Sept. 3, 2024', '2024-09-03', 'DEBIT CARD TRADER JOES', -5_412],
        ['Sept. 13, 2024', '2024-09-13', 'ACH DEPOSIT PAYROLL', 187_500],
        ['Sept. 27, 2024', '2024-09-27', 'CHECK 1043', -40_000],
      ],
    },
  ])('$name', async ({ labels, open, close, period, decimal, rows }) => {
    const entries: Entry[] = rows.map(([printed, iso, text, cents]) => ({ printed, iso, text, cents }));
    const opening = 503_150;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const fmt = (c: number) => `${c < 0 ? '-' : ''}${money(c, decimal)}`;
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Example Regional Bank', true)),
            line(70, L(40, 'A. N. Customer'), L(320, 'IBAN GB33 BUKB 2020 1555 5555 55')),
            line(85, L(320, period[0])),
            line(100, L(320, open), R(550, fmt(opening))),
            line(115, L(320, close), R(550, fmt(closing))),
          ],
          160,
          [L(40, labels[0]), L(130, labels[1]), R(450, labels[2]), R(550, labels[3])],
          entries.map((e, i) => [
            L(40, e.printed),
            L(130, e.text),
            R(450, fmt(e.cents)),
            R(550, fmt(bals[i] as number)),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, `named-${labels[0]}-${period[1]}.pdf`);
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: period[1],
      periodEnd: period[2],
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it.each([
    ['03FEB2025', '2025-02-03'],
    ['2025-FEB-03', '2025-02-03'],
    ['03 FEVR 2025', '2025-02-03'],
    ['3-Feb-2025', '2025-02-03'],
    ['03.Feb.25', '2025-02-03'],
  ])('other shapes of a date with a month name: %s', async (printed, iso) => {
    const entries: Entry[] = [
      { printed, iso, text: 'PAYMENT RECEIVED', cents: 10_000 },
      { printed, iso, text: 'SERVICE CHARGE', cents: -250 },
    ];
    const opening = 1_000;
    const bals = running(opening, entries);
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [line(40, L(40, 'Harbour Street Bank', true)), line(70, L(320, 'Account 12345678'))],
          120,
          [L(40, 'Date'), L(130, 'Description'), R(450, 'Amount'), R(550, 'Balance')],
          entries.map((e, i) => [
            L(40, e.printed),
            L(130, e.text),
            R(450, `${e.cents < 0 ? '-' : ''}${money(e.cents)}`),
            R(550, money(bals[i] as number)),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, `compact-${iso}-${printed.length}.pdf`);
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it.each([
    ['1er mars 2025', '2025-03-01'],
    ['15 de enero de 2025', '2025-01-15'],
    ['2. Oktober 2024', '2024-10-02'],
    ['3 Haziran 2024', '2024-06-03'],
    ['5 lug 2024', '2024-07-05'],
  ])('day, month name and year in words: %s', async (printed, iso) => {
    const entries: Entry[] = [
      { printed, iso, text: 'VIREMENT', cents: 10_000 },
      { printed, iso, text: 'FRAIS', cents: -250 },
    ];
    const opening = 1_000;
    const bals = running(opening, entries);
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [line(40, L(40, 'Harbour Street Bank', true)), line(70, L(320, 'Account 12345678'))],
          120,
          [L(40, 'Date'), L(140, 'Description'), R(450, 'Amount'), R(550, 'Balance')],
          entries.map((e, i) => [
            L(40, e.printed),
            L(140, e.text),
            R(450, `${e.cents < 0 ? '-' : ''}${money(e.cents, ',')}`),
            R(550, money(bals[i] as number, ',')),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, `words-${iso}.pdf`);
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('class 2: a distractor money column beside the real amount column', () => {
  it('English: the last row of a page, undated, prints a foreign amount in its description wider than any dated row', async () => {
    const entries: Entry[] = [
      { printed: '24 Sep', iso: '2024-09-24', text: 'GROCER 14', cents: -5_410 },
      { printed: '', iso: '2024-09-24', text: 'FUEL STOP 2', cents: -31_832 },
      { printed: '', iso: '2024-09-24', text: 'COFFEE', cents: -314 },
      { printed: '25 Sep', iso: '2024-09-25', text: 'PHARMACY', cents: -2_836 },
      {
        printed: '',
        iso: '2024-09-25',
        text: 'CARD PURCHASE HOTEL CENTRAL LONDON USD 204.75 @ 1.3727',
        cents: -28_107,
      },
    ];
    const opening = 522_000;
    const bals = running(opening, entries);
    const lines: TableLine[] = [
      line(40, L(40, 'Saguenay Trust', true)),
      line(70, L(40, 'Mr Paul Roy'), L(320, 'Account number 00358-699-2296106')),
      line(85, L(320, 'Statement period 20 September 2024 to 30 September 2024')),
      line(100, L(320, 'Opening balance'), R(550, money(opening))),
      line(115, L(320, 'Closing balance'), R(550, money(bals.at(-1) as number))),
      line(150, L(40, 'Date', true), L(100, 'Description', true), R(470, 'Withdrawals', true), R(550, 'Balance', true)),
      ...entries.map((e, i) =>
        line(166 + i * 13, L(40, e.printed), L(100, e.text), R(470, money(e.cents)), R(550, money(bals[i] as number))),
      ),
      line(800, L(40, '1/1')),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'foreign-amount-last-row.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
  });

  it('Dutch: a foreign-currency amount left of the euro amount; the euro column adds up to the balances', async () => {
    const entries: Entry[] = [
      { printed: '03-06-2024', iso: '2024-06-03', text: 'Betaalpas Hotel Alpina Zermatt', cents: -21_460 },
      { printed: '05-06-2024', iso: '2024-06-05', text: 'Overschrijving huur juni', cents: -110_000 },
      { printed: '10-06-2024', iso: '2024-06-10', text: 'Betaalpas Amazon US', cents: -5_488 },
      { printed: '14-06-2024', iso: '2024-06-14', text: 'Bijschrijving salaris', cents: 295_012 },
      { printed: '20-06-2024', iso: '2024-06-20', text: 'Betaalpas Albert Heijn', cents: -4_215 },
    ];
    // What the card was charged in its own currency (CHF, USD); blank for euro payments.
    const foreign = ['208,95', '', '59,90', '', ''];
    const opening = 184_377;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Polderbank N.V.', true)),
            line(70, L(40, 'Dhr. S. de Vries'), L(320, 'Rekeningnummer NL91 ABNA 0417 1643 00')),
            line(85, L(320, 'Periode 01-06-2024 t/m 30-06-2024')),
            line(100, L(320, 'Beginsaldo'), R(550, money(opening, ','))),
            line(115, L(320, 'Eindsaldo'), R(550, money(closing, ','))),
          ],
          160,
          [L(40, 'Datum'), L(105, 'Omschrijving'), R(370, 'Vreemde valuta'), R(460, 'Bedrag EUR'), R(550, 'Saldo')],
          entries.map((e, i) => [
            L(40, e.printed),
            L(105, e.text),
            R(370, foreign[i] as string),
            R(460, `${e.cents < 0 ? '-' : '+'}${money(e.cents, ',')}`),
            R(550, money(bals[i] as number, ',')),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, 'afschrift.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2024-06-01',
      periodEnd: '2024-06-30',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('English: a cashback column between the amount and the balance on every row', async () => {
    const entries: Entry[] = [
      { printed: '02/09/2024', iso: '2024-09-02', text: 'WOOLWORTHS METRO 1102', cents: -8_645 },
      { printed: '04/09/2024', iso: '2024-09-04', text: 'BP CONNECT HIGHWAY 1', cents: -7_120 },
      { printed: '09/09/2024', iso: '2024-09-09', text: 'DIRECT CREDIT PAYROLL HARBOUR PTY', cents: 198_400 },
      { printed: '13/09/2024', iso: '2024-09-13', text: 'KMART 2200', cents: -3_950 },
      { printed: '21/09/2024', iso: '2024-09-21', text: 'JB HI FI ONLINE', cents: -24_900 },
      { printed: '27/09/2024', iso: '2024-09-27', text: 'INTERNET TRANSFER TO SAVINGS', cents: -50_000 },
    ];
    // Cashback is credited once a month elsewhere; these figures never touch the balance.
    const cashback = ['0.86', '0.71', '0.00', '0.40', '2.49', '0.00'];
    const opening = 312_088;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Southern Cross Mutual', true)),
            line(70, L(40, 'MR DANIEL OKAFOR'), L(320, 'BSB 633-000  Account 1452 7788')),
            line(85, L(320, 'Statement period 1 Sep 2024 - 30 Sep 2024')),
            line(100, L(320, 'Opening balance'), R(550, `$${money(opening)}`)),
            line(115, L(320, 'Closing balance'), R(550, `$${money(closing)}`)),
          ],
          160,
          [L(40, 'Date'), L(110, 'Transaction'), R(390, 'Amount'), R(460, 'Cashback'), R(550, 'Balance')],
          entries.map((e, i) => [
            L(40, e.printed),
            L(110, e.text),
            R(390, `${e.cents < 0 ? '-' : ''}${money(e.cents)}`),
            R(460, cashback[i] as string),
            R(550, money(bals[i] as number)),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, 'cashback.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2024-09-01',
      periodEnd: '2024-09-30',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('Portuguese: a charges column beside debit and credit, judged by the running balance', async () => {
    const entries: Entry[] = [
      { printed: '02.05.2025', iso: '2025-05-02', text: 'TRF SEPA RECEBIDA CLIENTE ALVES', cents: 75_000 },
      { printed: '06.05.2025', iso: '2025-05-06', text: 'PAGAMENTO SERVICOS AGUA', cents: -2_874 },
      { printed: '12.05.2025', iso: '2025-05-12', text: 'TRF SEPA EMITIDA FORNECEDOR', cents: -41_230 },
      { printed: '19.05.2025', iso: '2025-05-19', text: 'LEVANTAMENTO ATM LISBOA', cents: -6_000 },
      { printed: '30.05.2025', iso: '2025-05-30', text: 'DEPOSITO NUMERARIO', cents: 12_500 },
    ];
    // Charges accrued on each movement, collected at the end of the quarter: not in the balance.
    const charges = ['', '0,50', '1,20', '', '0,80'];
    const opening = 207_540;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Banco Atlantico Central', true)),
            line(70, L(40, 'Ana Sofia Moreira'), L(320, 'Conta 0045.1234.5678.9')),
            line(85, L(320, 'Periodo 01.05.2025 a 31.05.2025')),
            line(100, L(320, 'Saldo inicial'), R(550, money(opening, ',', '.'))),
            line(115, L(320, 'Saldo final'), R(550, money(closing, ',', '.'))),
          ],
          160,
          [
            L(40, 'Data'),
            L(100, 'Descritivo'),
            R(330, 'Debito'),
            R(400, 'Credito'),
            R(470, 'Encargos'),
            R(550, 'Saldo'),
          ],
          entries.map((e, i) => [
            L(40, e.printed),
            L(100, e.text),
            R(e.cents < 0 ? 330 : 400, money(e.cents, ',', '.')),
            R(470, charges[i] as string),
            R(550, money(bals[i] as number, ',', '.')),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, 'extrato.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2025-05-01',
      periodEnd: '2025-05-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });
  it('Italian: a commission column right of the amount and no balance column; opening + amounts = closing decides', async () => {
    const entries: Entry[] = [
      { printed: '03/03/2025', iso: '2025-03-03', text: 'BONIFICO A FAVORE DI ROSSI LUCA', cents: -45_000 },
      { printed: '07/03/2025', iso: '2025-03-07', text: 'ACCREDITO STIPENDIO', cents: 221_560 },
      { printed: '12/03/2025', iso: '2025-03-12', text: 'PAGAMENTO POS FARMACIA CENTRALE', cents: -1_890 },
      { printed: '18/03/2025', iso: '2025-03-18', text: 'ADDEBITO SDD UTENZA GAS', cents: -9_312 },
      { printed: '26/03/2025', iso: '2025-03-26', text: 'PRELIEVO BANCOMAT', cents: -25_000 },
    ];
    // Commissions listed per movement but charged in one quarterly row elsewhere.
    const commissions = ['1,50', '', '0,35', '0,35', '2,00'];
    const opening = 98_020;
    const closing = opening + entries.reduce((a, e) => a + e.cents, 0);
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Cassa di Risparmio della Valle', true)),
            line(70, L(40, 'Sig.ra Giulia Ferri'), L(320, 'Conto corrente n. 000012345678')),
            line(85, L(320, 'Periodo dal 01/03/2025 al 31/03/2025')),
            line(100, L(320, 'Saldo iniziale'), R(550, money(opening, ',', '.'))),
            line(115, L(320, 'Saldo finale'), R(550, money(closing, ',', '.'))),
          ],
          160,
          [L(40, 'Data'), L(110, 'Descrizione operazione'), R(450, 'Importo'), R(550, 'Commissioni')],
          entries.map((e, i) => [
            L(40, e.printed),
            L(110, e.text),
            R(450, `${e.cents < 0 ? '-' : ''}${money(e.cents, ',', '.')}`),
            R(550, commissions[i] as string),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, 'estratto.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
    expect(factsOf(s)).toEqual({
      periodStart: '2025-03-01',
      periodEnd: '2025-03-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('English: a foreign amount and its rate beside a "Value" column marked Dr, balances only in an opening and a closing row', async () => {
    // A few card payments abroad among many rows (a foreign amount on most rows would not pass for a side of a pair).
    const abroad = (i: number) => i % 16 === 9;
    const entries: Entry[] = Array.from({ length: 48 }, (_, i) => ({
      printed: `${String(1 + Math.floor(i / 2)).padStart(2, '0')}/08/2024`,
      iso: `2024-08-${String(1 + Math.floor(i / 2)).padStart(2, '0')}`,
      text: abroad(i) ? `DEBIT CARD WEB SHOP ${i}` : i % 5 === 2 ? `SALARY CREDIT ${i}` : `POS PURCHASE STORE ${i}`,
      cents: i % 5 === 2 ? 185_000 + i * 3 : -(4_000 + i * 2_311),
    }));
    // Card payments abroad print the foreign amount and its rate; their sum is no amount of the account.
    const foreign = (i: number) =>
      i % 4 === 1 ? [`USD ${money(Math.round((entries[i] as Entry).cents / -83), '.')}`, '83.0000'] : ['', ''];
    const opening = 2_134_355;
    const closing = opening + entries.reduce((n, e) => n + e.cents, 0);
    const value = (cents: number) => `${money(Math.abs(cents), '.')}${cents < 0 ? ' Dr' : ''}`;
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Example Co-operative Bank', true)),
            line(70, L(40, 'Account 77359213399545'), L(320, 'From 1 August 2024 to 31 August 2024')),
          ],
          110,
          [
            L(40, 'Txn Date'),
            L(110, 'Transaction Description'),
            R(380, 'Orig. Amount'),
            R(450, 'FX Rate'),
            R(550, 'Value'),
          ],
          [
            [L(110, 'Opening balance'), R(550, money(opening, '.'))],
            ...entries.map((e, i) => [
              L(40, e.printed),
              L(110, e.text),
              R(380, foreign(i)[0] as string),
              R(450, foreign(i)[1] as string),
              R(550, value(e.cents)),
            ]),
            [L(110, 'Balance at end of period'), R(550, money(closing, '.'))],
          ],
        ),
      ],
    });
    const [s] = await run(pdf, 'fx-value-dr.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
    expect(factsOf(s)).toMatchObject({
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('German: an unknown "Bonuspunkte" column of decimals between the text and the amount, no balance column', async () => {
    const entries: Entry[] = [
      { printed: '02.04.2025', iso: '2025-04-02', text: 'Einkauf Drogerie Sonnenschein', cents: -2_480 },
      { printed: '08.04.2025', iso: '2025-04-08', text: 'Gutschrift Rückerstattung', cents: 4_999 },
      { printed: '16.04.2025', iso: '2025-04-16', text: 'Einkauf Baumarkt Heimwerk', cents: -13_950 },
      { printed: '29.04.2025', iso: '2025-04-29', text: 'Einkauf Tankstelle Süd', cents: -6_612 },
    ];
    const punkte = ['24,80', '0,00', '139,50', '66,12'];
    const opening = 55_000;
    const closing = opening + entries.reduce((a, e) => a + e.cents, 0);
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Kreissparkasse Talheim', true)),
            line(70, L(40, 'Herr Lukas Maier'), L(320, 'Kontonummer 1234567890')),
            line(85, L(320, 'Zeitraum 01.04.2025 - 30.04.2025')),
            line(100, L(320, 'Saldo alt'), R(550, money(opening, ','))),
            line(115, L(320, 'Saldo neu'), R(550, money(closing, ','))),
          ],
          160,
          [L(40, 'Datum'), L(110, 'Umsatz'), R(420, 'Bonuspunkte'), R(550, 'EUR')],
          entries.map((e, i) => [
            L(40, e.printed),
            L(110, e.text),
            R(420, punkte[i] as string),
            R(550, `${e.cents < 0 ? '-' : '+'}${money(e.cents, ',')}`),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, 'bonuspunkte.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
    expect(factsOf(s)).toEqual({
      periodStart: '2025-04-01',
      periodEnd: '2025-04-30',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });
});

describe('class 3: a description printed partly above the line of the date and amounts', () => {
  it('Polish style: a row\'s wrapped line at the foot of a page reads like a page number ("ROSSMANN 083") and stays with its row', async () => {
    const entries: Entry[] = Array.from({ length: 40 }, (_, i) => ({
      printed: `${String(1 + Math.floor(i / 3)).padStart(2, '0')}/04/2023`,
      iso: `2023-04-${String(1 + Math.floor(i / 3)).padStart(2, '0')}`,
      text: i === 25 ? 'Card payment ROSSMANN 083' : `Card payment SHOP NUMBER ${i}`,
      cents: -(1_000 + i * 97),
    }));
    const opening = 2_000_000;
    const bals = running(opening, entries);
    const header = line(
      60,
      L(40, 'Date', true),
      L(120, 'Description', true),
      R(450, 'Amount', true),
      R(550, 'Balance', true),
    );
    const rowLines = (e: Entry, i: number, y: number) => {
      const [first, ...rest] = e.text.split(' ');
      const head = `${first} ${rest.slice(0, 1).join(' ')}`;
      return [
        line(
          y,
          L(40, e.printed),
          L(120, head),
          R(450, `-${money(e.cents, ',')}`),
          R(550, money(bals[i] as number, ',')),
        ),
        line(y + 11, L(120, rest.slice(1).join(' '))),
      ];
    };
    const page1 = [
      line(30, L(40, 'Kashubia Test Bank', true), L(330, 'Opening balance'), R(550, money(opening, ','))),
      header,
      ...entries.slice(0, 26).flatMap((e, i) => rowLines(e, i, 80 + i * 26)),
      line(800, L(280, 'Page 1 of 2')),
    ];
    const page2 = [
      header,
      ...entries.slice(26).flatMap((e, i) => rowLines(e, i + 26, 80 + i * 26)),
      line(800, L(280, 'Page 2 of 2')),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines: page1 }, { lines: page2 }] }), 'foot-wrapped-line.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
  });

  it('Portuguese: rows wrapped below their date line, daily totals; a footer "1/2 UC789296/428" after a row break starts no row on the next page', async () => {
    // (On page 1 only: a footer repeated on every page is furniture, removed before rows are read.)
    // Every third row wraps one line below its date line; the others fit on it.
    const short = (i: number) => i % 3 !== 0;
    const entries: Entry[] = Array.from({ length: 30 }, (_, i) => ({
      printed: `${String(1 + Math.floor(i / 2)).padStart(2, '0')}.03.2023`,
      iso: `2023-03-${String(1 + Math.floor(i / 2)).padStart(2, '0')}`,
      text: short(i) ? `PIX RECEBIDO ${i}` : `COMPRA CARTAO LOJA ${100 + i * 7}`,
      cents: i % 7 === 3 ? 125_000 + i : -(2_000 + i * 131),
    }));
    const opening = 350_000;
    const closing = opening + entries.reduce((n, e) => n + e.cents, 0);
    const signed = (cents: number) => `${cents < 0 ? '-' : ''}${money(Math.abs(cents), ',')}`;
    const header = line(
      60,
      L(40, 'Data', true),
      L(110, 'Histórico', true),
      L(330, 'Valor', true),
      L(420, 'Cód.', true),
      R(550, 'Montante', true),
    );
    /** The page's lines from `from` to `to` (exclusive), and the y under the last one. */
    const rowsFrom = (from: number, to: number) => {
      let y = 80;
      const out: TableLine[] = [];
      for (let i = from; i < to; i++) {
        const e = entries[i] as Entry;
        const words = e.text.split(' ');
        const first = short(i) ? e.text : words.slice(0, 2).join(' ');
        out.push(
          line(
            y,
            L(40, e.printed),
            L(110, first),
            L(330, e.printed),
            L(420, short(i) ? 'TFR' : 'POS'),
            R(550, signed(e.cents)),
          ),
        );
        if (!short(i)) out.push(line(y + 11, L(110, words.slice(2).join(' '))));
        y += short(i) ? 18 : 29;
        // Each day (two rows) closes with its total, as the statement prints it.
        if (i % 2 === 1) {
          out.push(line(y, L(40, 'Total do dia'), R(550, signed((entries[i - 1] as Entry).cents + e.cents))));
          y += 18;
        }
      }
      return { out, y };
    };
    const p1 = rowsFrom(0, 16);
    const p2 = rowsFrom(16, 30);
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(30, L(40, 'Cooperativa Teste', true), L(330, 'Saldo anterior'), R(550, money(opening, ','))),
            header,
            ...p1.out,
            line(p1.y + 10, L(40, '1/2'), L(130, 'UC789296/428')),
          ],
        },
        {
          lines: [header, ...p2.out, line(p2.y, L(330, 'Saldo final'), R(550, money(closing, ',')))],
        },
      ],
    });
    const [s] = await run(pdf, 'footer-after-row-break.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
  });

  it('German: description lines centred on the date line (one, two or three lines per booking)', async () => {
    const rows = [
      { printed: '02.07.2024', iso: '2024-07-02', lines: ['Kartenzahlung Rewe Markt'], cents: -3_412 },
      {
        printed: '04.07.2024',
        iso: '2024-07-04',
        lines: ['SEPA-Lastschrift', 'Stadtwerke Rheinau GmbH', 'Abschlag Juli Strom'],
        cents: -9_800,
      },
      { printed: '09.07.2024', iso: '2024-07-09', lines: ['Gutschrift', 'Lohn Juli Weber & Co KG'], cents: 268_044 },
      {
        printed: '15.07.2024',
        iso: '2024-07-15',
        lines: ['Dauerauftrag', 'Miete Wohnung 3 OG', 'Hausverwaltung Kern'],
        cents: -112_000,
      },
      { printed: '22.07.2024', iso: '2024-07-22', lines: ['Bargeld Geldautomat', 'Hauptstrasse 5'], cents: -15_000 },
    ];
    const entries: Entry[] = rows.map((r) => ({
      printed: r.printed,
      iso: r.iso,
      text: r.lines.join(' '),
      cents: r.cents,
    }));
    const opening = 153_210;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const lines: TableLine[] = [
      line(40, L(40, 'Rheintal Bank AG', true)),
      line(70, L(40, 'Herr Jonas Keller'), L(320, 'IBAN DE12 6005 0101 0001 2345 67')),
      line(85, L(320, 'Auszugszeitraum 01.07.2024 - 31.07.2024')),
      line(100, L(320, 'Anfangssaldo'), R(550, money(opening, ','))),
      line(115, L(320, 'Endsaldo'), R(550, money(closing, ','))),
      line(160, L(40, 'Datum', true), L(110, 'Buchungstext', true), R(450, 'Betrag', true), R(550, 'Saldo', true)),
    ];
    rows.forEach((r, i) => {
      const y = 195 + i * 40;
      // The text block is centred vertically on the line of the date and the amounts.
      r.lines.forEach((text, k) => {
        lines.push(line(y + (k - (r.lines.length - 1) / 2) * 10, L(110, text)));
      });
      lines.push(
        line(
          y,
          L(40, r.printed),
          R(450, `${r.cents < 0 ? '-' : ''}${money(r.cents, ',')}`),
          R(550, money(bals[i] as number, ',')),
        ),
      );
    });
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'zentriert.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2024-07-01',
      periodEnd: '2024-07-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('Canadian bilingual: a label line above each date line (PAIEMENT / PAYMENT), details on the date line', async () => {
    const rows = [
      {
        printed: 'JAN 03',
        iso: '2025-01-03',
        label: 'ACHAT DIRECT / DIRECT PURCHASE',
        text: 'METRO 411 LAVAL',
        cents: -6_734,
      },
      {
        printed: 'JAN 06',
        iso: '2025-01-06',
        label: 'DEPOT / DEPOSIT',
        text: 'PAIE EMPLOYEUR NORDIQUE',
        cents: 184_250,
      },
      {
        printed: 'JAN 10',
        iso: '2025-01-10',
        label: 'PAIEMENT DE FACTURE / BILL PAYMENT',
        text: 'HYDRO QUEBEC',
        cents: -14_120,
      },
      {
        printed: 'JAN 17',
        iso: '2025-01-17',
        label: 'RETRAIT / WITHDRAWAL',
        text: 'GAB 0231 RUE ST-DENIS',
        cents: -8_000,
      },
      {
        printed: 'JAN 24',
        iso: '2025-01-24',
        label: 'VIREMENT / TRANSFER',
        text: 'INTERAC A M TREMBLAY',
        cents: -25_000,
      },
    ];
    const entries: Entry[] = rows.map((r) => ({
      printed: r.printed,
      iso: r.iso,
      text: `${r.label} ${r.text}`,
      cents: r.cents,
    }));
    const opening = 72_311;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const lines: TableLine[] = [
      line(40, L(40, 'Caisse Populaire des Laurentides', true)),
      line(70, L(40, 'GENEVIEVE TREMBLAY'), L(320, 'Folio / Account 81523-004')),
      line(85, L(320, 'Du / From 2025-01-01 Au / To 2025-01-31')),
      line(100, L(320, "Solde d'ouverture / Opening balance"), R(550, money(opening))),
      line(115, L(320, 'Solde de fermeture / Closing balance'), R(550, money(closing))),
      line(
        160,
        L(40, 'Date', true),
        L(100, 'Description', true),
        R(370, 'Retraits / Debits', true),
        R(460, 'Depots / Credits', true),
        R(550, 'Solde / Balance', true),
      ),
    ];
    rows.forEach((r, i) => {
      const y = 195 + i * 30;
      lines.push(line(y - 11, L(100, r.label)));
      lines.push(
        line(
          y,
          L(40, r.printed),
          L(100, r.text),
          R(r.cents < 0 ? 370 : 460, money(r.cents)),
          R(550, money(bals[i] as number)),
        ),
      );
    });
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'bilingue.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2025-01-01',
      periodEnd: '2025-01-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('English: a type line above each date line at the same pitch as the lines of a row', async () => {
    const rows = [
      { printed: '04/03/2025', label: 'Card purchase', text: 'COSTA COFFEE LEEDS', cents: -420 },
      { printed: '05/03/2025', label: 'Direct debit', text: 'YORKSHIRE WATER', cents: -3_850 },
      { printed: '07/03/2025', label: 'Bank credit', text: 'HMRC TAX REFUND', cents: 24_512 },
      { printed: '10/03/2025', label: 'Standing order', text: 'RENT FLAT 2', cents: -72_500 },
      { printed: '12/03/2025', label: 'Card purchase', text: 'ALDI STORES 442', cents: -2_318 },
    ];
    const entries: Entry[] = rows.map((r) => ({
      printed: r.printed,
      iso: r.printed.split('/').reverse().join('-'),
      text: `${r.label} ${r.text}`,
      cents: r.cents,
    }));
    const opening = 180_000;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const lines: TableLine[] = [
      line(40, L(40, 'Pennine Bank', true)),
      line(70, L(40, 'Mr Ian Walsh'), L(320, 'Account number 55667788')),
      line(85, L(320, '1 March 2025 to 31 March 2025')),
      line(100, L(320, 'Opening balance'), R(550, money(opening))),
      line(115, L(320, 'Closing balance'), R(550, money(closing))),
      line(
        160,
        L(40, 'Date', true),
        L(110, 'Details', true),
        R(380, 'Paid out', true),
        R(460, 'Paid in', true),
        R(550, 'Balance', true),
      ),
    ];
    rows.forEach((r, i) => {
      const y = 176 + i * 22;
      lines.push(line(y, L(110, r.label)));
      lines.push(
        line(
          y + 11,
          L(40, r.printed),
          L(110, r.text),
          R(r.cents < 0 ? 380 : 460, money(r.cents)),
          R(550, money(bals[i] as number)),
        ),
      );
    });
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'type-line.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2025-03-01',
      periodEnd: '2025-03-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('English: a type line above each date line, some of them exactly midway, under an opening row with none', async () => {
    const rows = [
      { printed: '02/06', label: 'CARD PURCHASE', text: 'GREENGROCER 14', cents: -1_412 },
      { printed: '03/06', label: 'DIRECT DEBIT', text: 'CITY WATER', cents: -4_120 },
      { printed: '05/06', label: 'CARD PURCHASE', text: 'BOOKSHOP CENTRAL', cents: -2_399 },
      { printed: '06/06', label: 'SALARY', text: 'HARBOUR WORKS LTD', cents: 245_000 },
      { printed: '09/06', label: 'CARD PURCHASE', text: 'PETROL STATION 9', cents: -6_050 },
      { printed: '11/06', label: 'TRANSFER OUT', text: 'SAVINGS POT', cents: -20_000 },
      { printed: '12/06', label: 'CARD PURCHASE', text: 'PHARMACY NORTH', cents: -1_875 },
      { printed: '15/06', label: 'REFUND', text: 'BOOKSHOP CENTRAL', cents: 2_399 },
    ];
    const entries: Entry[] = rows.map((r) => ({
      printed: r.printed,
      iso: `2025-06-${r.printed.slice(0, 2)}`,
      text: `${r.label} ${r.text}`,
      cents: r.cents,
    }));
    const opening = 96_500;
    const closing = running(opening, entries).at(-1) as number;
    const lines: TableLine[] = [
      line(40, L(40, 'Lowland Bank', true)),
      line(70, L(40, 'Ms Ada Blake'), L(320, 'Account number 44332211')),
      line(85, L(320, 'Statement period 1 June 2025 to 30 June 2025')),
      line(100, L(320, 'Opening balance'), R(550, money(opening))),
      line(115, L(320, 'Closing balance'), R(550, money(closing))),
      line(150, L(40, 'Date', true), L(110, 'Description', true), R(550, 'Amount', true)),
      line(166, L(40, '01/06'), L(110, 'Opening balance'), R(550, money(opening))),
    ];
    // The type line hugs its date line (13.5 pt after the row above, 12 pt before its own), but
    // for two rows it stands exactly midway: only the rest of the table tells where it belongs.
    let y = 166;
    rows.forEach((r, i) => {
      const [up, down] = i === 2 || i === 5 ? [12.75, 12.75] : [13.5, 12];
      lines.push(line(y + up, L(110, r.label)));
      y += up + down;
      lines.push(line(y, L(40, r.printed), L(110, r.text), R(550, `${r.cents < 0 ? '-' : ''}${money(r.cents)}`)));
    });
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'type-line-midway.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
    expect(factsOf(s)).toMatchObject({
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('English: page 1 prints a type line above each row; page 2 rows of one, two and three lines around their amounts split at clear gaps', async () => {
    // [lines above the amount line, text on it, lines below it]
    const shapes: [string[], string, string[]][] = [
      [['CARD PURCHASE'], 'GROCER ONE', []],
      [['BILL PAYMENT'], 'POWER CO', []],
      [['TRANSFER'], 'TO A LEE', []],
      [['CARD PURCHASE'], 'BOOKSHOP', []],
      [['CASH WITHDRAWAL'], 'ATM 0042', ['CARD XX1234']],
      [['MERCHANT REFUND'], 'SHOP TWO', []],
      [[], 'COFFEE HOUSE', []],
      [['GIRO'], 'TOWN COUNCIL', ['AUTH 8MKGM']],
      [[], 'INTEREST EARNED', []],
      [['ATM WITHDRAWAL'], 'ATM 0078', ['****1234']],
    ];
    const entries: Entry[] = shapes.map(([above, on, below], i) => ({
      printed: `${String(2 + i * 2).padStart(2, '0')} JAN 2026`,
      iso: `2026-01-${String(2 + i * 2).padStart(2, '0')}`,
      text: [...above, on, ...below].join(' '),
      cents: i === 5 || i === 8 ? 1_228 + i : -(2_500 + i * 617),
    }));
    const opening = 250_000;
    const bals = running(opening, entries);
    const header = line(
      70,
      L(40, 'Date', true),
      L(130, 'Description', true),
      R(420, 'Amount', true),
      R(470, 'Dr/Cr', true),
      R(550, 'Balance', true),
    );
    const rowsOn = (from: number, to: number) => {
      let y = 95;
      const out: TableLine[] = [];
      for (let i = from; i < to; i++) {
        const [above, on, below] = shapes[i] as [string[], string, string[]];
        const e = entries[i] as Entry;
        for (const a of above) {
          out.push(line(y, L(130, a)));
          y += 11;
        }
        out.push(
          line(
            y,
            L(40, e.printed),
            L(130, on),
            R(420, money(Math.abs(e.cents))),
            L(455, e.cents < 0 ? 'Dr' : 'Cr'),
            R(550, money(bals[i] as number)),
          ),
        );
        for (const b of below) {
          y += 11;
          out.push(line(y, L(130, b)));
        }
        y += 18;
      }
      return out;
    };
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(40, L(40, 'Harbour Test Bank', true)),
            line(55, L(40, '1 January 2026 - 31 January 2026')),
            header,
            ...rowsOn(0, 4),
          ],
        },
        { lines: [header, ...rowsOn(4, 10)] },
      ],
    });
    const [s] = await run(pdf, 'page2-clear-gaps.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
  });

  it('German: centred text blocks packed tight (10 pt lines, 4 pt between rows)', async () => {
    const rows = [
      { printed: '01.08.2024', lines: ['Überweisung', 'Finanzamt Nord'], cents: -45_000 },
      { printed: '02.08.2024', lines: ['Kartenzahlung'], cents: -1_299 },
      { printed: '05.08.2024', lines: ['Lastschrift', 'Allianz Versicherung', 'Police 4471-22'], cents: -8_812 },
      { printed: '06.08.2024', lines: ['Gutschrift', 'Rückzahlung Darlehen'], cents: 50_000 },
      { printed: '09.08.2024', lines: ['Zinsen'], cents: 412 },
      { printed: '12.08.2024', lines: ['Dauerauftrag', 'Sparplan ETF', 'Depot 778812', 'Monatsrate'], cents: -20_000 },
    ];
    const entries: Entry[] = rows.map((r) => ({
      printed: r.printed,
      iso: r.printed.split('.').reverse().join('-'),
      text: r.lines.join(' '),
      cents: r.cents,
    }));
    const opening = 210_000;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const lines: TableLine[] = [
      line(40, L(40, 'Nordbank Kiel', true)),
      line(70, L(40, 'Herr Ole Jensen'), L(320, 'Kontonummer 0123456789')),
      line(85, L(320, 'Zeitraum 01.08.2024 - 31.08.2024')),
      line(100, L(320, 'Anfangssaldo'), R(550, money(opening, ','))),
      line(115, L(320, 'Endsaldo'), R(550, money(closing, ','))),
      line(150, L(40, 'Datum', true), L(110, 'Buchungstext', true), R(450, 'Betrag', true), R(550, 'Saldo', true)),
    ];
    let top = 168;
    rows.forEach((r, i) => {
      const h = r.lines.length * 10;
      const mid = top + (h - 10) / 2;
      r.lines.forEach((t, k) => {
        lines.push(line(top + k * 10, L(110, t)));
      });
      lines.push(
        line(
          mid,
          L(40, r.printed),
          R(450, `${r.cents < 0 ? '-' : ''}${money(r.cents, ',')}`),
          R(550, money(bals[i] as number, ',')),
        ),
      );
      top += h + 4;
    });
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'zentriert-eng.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2024-08-01',
      periodEnd: '2024-08-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });
});

describe('class 4: two text columns, details and a reference', () => {
  it('English: a wrapped narration beside a Chq./Ref. No. column of codes', async () => {
    const rows = [
      {
        printed: '01/08/24',
        iso: '2024-08-01',
        text: ['UPI/PAYMENT TO KIRANA', 'STORES/OKAXIS'],
        ref: '421455871203',
        cents: -84_000,
      },
      {
        printed: '03/08/24',
        iso: '2024-08-03',
        text: ['NEFT CR SALARY AUG', 'MERIDIAN SOFTECH PVT LTD'],
        ref: 'N216240077',
        cents: 9_540_000,
      },
      { printed: '07/08/24', iso: '2024-08-07', text: ['CHQ PAID CLEARING'], ref: '000184', cents: -1_250_000 },
      {
        printed: '12/08/24',
        iso: '2024-08-12',
        text: ['ATM WDL SECTOR 17', 'CHANDIGARH'],
        ref: '422511009876',
        cents: -500_000,
      },
      { printed: '19/08/24', iso: '2024-08-19', text: ['ACH D ELECTRICITY BOARD'], ref: 'ACH7781234', cents: -312_600 },
    ];
    const opening = 2_410_055;
    const entries: Entry[] = rows.map((r) => ({
      printed: r.printed,
      iso: r.iso,
      text: r.text.join(' '),
      cents: r.cents,
    }));
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const lines: TableLine[] = [
      line(40, L(40, 'Northern Plains Co-operative Bank', true)),
      line(70, L(40, 'MR ARJUN MEHTA'), L(330, 'Account No : 50100234567812')),
      line(85, L(330, 'From : 01/08/24  To : 31/08/24')),
      line(100, L(330, 'Opening Balance'), R(555, money(opening))),
      line(115, L(330, 'Closing Balance'), R(555, money(closing))),
      line(
        160,
        L(40, 'Date', true),
        L(90, 'Narration', true),
        L(250, 'Chq./Ref.No.', true),
        R(405, 'Withdrawal Amt.', true),
        R(480, 'Deposit Amt.', true),
        R(555, 'Closing Balance', true),
      ),
    ];
    let y = 180;
    rows.forEach((r, i) => {
      lines.push(
        line(
          y,
          L(40, r.printed),
          L(90, r.text[0] as string),
          L(250, r.ref),
          R(r.cents < 0 ? 405 : 480, money(r.cents)),
          R(555, money(bals[i] as number)),
        ),
      );
      for (const more of r.text.slice(1)) {
        y += 11;
        lines.push(line(y, L(90, more)));
      }
      y += 16;
    });
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'narration.pdf');
    expect(referencedOf(s)).toEqual(rows.map((r) => [r.iso, r.text.join(' '), r.ref, r.cents / 100]));
    expect(s?.transactions.map((t) => t.balance)).toEqual(bals.map((b) => b / 100));
    expect(factsOf(s)).toEqual({
      periodStart: '2024-08-01',
      periodEnd: '2024-08-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('English: a transaction-code column printed a space after the date, the header words a space apart', async () => {
    // "Booking Code Narrative" reads as one header run, "12/06/25 741" as one body run: the
    // header's words still name their own columns, and the code stays out of the description.
    const rows = [
      {
        printed: '12/06/25',
        iso: '2025-06-12',
        code: '741',
        text: ['TRANSFER FROM ISLA WILLIAMS', 'INVOICE 6793'],
        cents: 118_200,
      },
      { printed: '12/06/25', iso: '2025-06-12', code: '459', text: ['BPAY', 'SYDNEY WATER'], cents: -16_926 },
      { printed: '13/06/25', iso: '2025-06-13', code: '131', text: ['ALDI STORES'], cents: -1_600 },
      {
        printed: '16/06/25',
        iso: '2025-06-16',
        code: '025',
        text: ['SALARY CREDIT', 'DEPT OF EDUCATION'],
        cents: 102_039,
      },
      { printed: '18/06/25', iso: '2025-06-18', code: '131', text: ['JB HI-FI FREMANTLE'], cents: -6_006 },
    ];
    const opening = 228_200;
    const entries = rows.map((r) => ({ printed: r.printed, iso: r.iso, text: r.text.join(' '), cents: r.cents }));
    const bals = running(opening, entries);
    const codeX = 40 + textWidth('12/06/25 ');
    const header = ['Booking', 'Code', 'Narrative'];
    const headerXs = header.map((_, i) => 40 + textWidth(`${header.slice(0, i).join(' ')} `.trimStart(), 9, true));
    const lines: TableLine[] = [
      line(40, L(40, 'Blue Wattle Mutual', true)),
      line(70, L(330, 'Account: 5063 8867')),
      line(85, L(330, 'Period covered: 12 June 2025 to 11 July 2025')),
      line(
        140,
        ...header.map((h, i) => L(headerXs[i] as number, h, true)),
        R(430, 'Amount', true),
        R(520, 'Balance', true),
      ),
      line(151, L(45, 'Date', true)),
      line(168, L(40, 'OPENING BALANCE'), R(520, money(opening))),
    ];
    let y = 182;
    rows.forEach((r, i) => {
      lines.push(
        line(
          y,
          L(40, r.printed),
          L(codeX, r.code),
          L(110, r.text[0] as string),
          R(430, `${r.cents < 0 ? '-' : ''}${money(r.cents)}`),
          R(520, money(bals[i] as number)),
        ),
      );
      for (const more of r.text.slice(1)) {
        y += 11;
        lines.push(line(y, L(110, more)));
      }
      y += 15;
    });
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'code-after-date.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('Polish: a code column printed a space before the details, wrapped details under the details', async () => {
    // "397 ZLECENIE STAŁE" reads as one run of two pieces (drawn apart: details first, as some
    // banks' PDFs do), and so does the header "Kod Szczegóły": every row's second piece starts
    // where the header's does.
    const rows = [
      {
        printed: '02-01-2025',
        iso: '2025-01-02',
        code: '397',
        text: ['ZLECENIE STALE SZYMON KAMINSKI', 'CZYNSZ STYCZEN'],
        cents: -194_000,
      },
      {
        printed: '03-01-2025',
        iso: '2025-01-03',
        code: '517',
        text: ['ZAKUP KARTA ALIEXPRESS HANGZHOU', 'USD 5,78 @ 4,0840'],
        cents: -2_361,
      },
      {
        printed: '07-01-2025',
        iso: '2025-01-07',
        code: '123',
        text: ['PENSJA PRZEDSIEBIORSTWO', 'BUDOWLANE MAZUR SP. Z O.O.'],
        cents: 337_093,
      },
      {
        printed: '08-01-2025',
        iso: '2025-01-08',
        code: '822',
        text: ['OBCIAZENIE ORANGE POLSKA ID 999573'],
        cents: -6_712,
      },
      {
        printed: '13-01-2025',
        iso: '2025-01-13',
        code: '555',
        text: ['PRZELEW NATYCHMIASTOWY DO', 'KACPER KOWALCZYK'],
        cents: -12_571,
      },
    ];
    const opening = 267_435;
    const entries = rows.map((r) => ({ printed: r.printed, iso: r.iso, text: r.text.join(' '), cents: r.cents }));
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const details = 110 + textWidth('397 ');
    const lines: TableLine[] = [
      line(40, L(40, 'Warmia Bank Spoldzielczy', true)),
      line(70, L(330, 'Numer rachunku 89 4382 2458 5769 8551 1446 1740')),
      line(85, L(330, 'Okres: od 01-01-2025 do 31-01-2025')),
      line(100, L(330, 'Saldo poczatkowe'), R(555, money(opening, ','))),
      line(115, L(330, 'Saldo koncowe'), R(555, money(closing, ','))),
      line(
        160,
        L(40, 'Data', true),
        L(110 + textWidth('Kod ', 9, true), 'Szczegoly', true),
        L(110, 'Kod', true),
        R(440, 'Kwota', true),
        R(520, 'Saldo', true),
      ),
    ];
    let y = 180;
    rows.forEach((r, i) => {
      lines.push(
        line(
          y,
          L(40, r.printed),
          L(details, r.text[0] as string),
          L(110, r.code),
          R(440, `${r.cents < 0 ? '-' : ''}${money(r.cents, ',')}`),
          R(520, money(bals[i] as number, ',')),
        ),
      );
      for (const more of r.text.slice(1)) {
        y += 11;
        lines.push(line(y, L(details, more)));
      }
      y += 15;
    });
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'code-before-details.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2025-01-01',
      periodEnd: '2025-01-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('Swedish: a Referens column of several words, some rows without one', async () => {
    const rows = [
      { printed: '2025-04-01', text: 'Kortköp ICA Kvantum Solna', ref: '', cents: -45_230 },
      { printed: '2025-04-03', text: 'Bankgiro Telia Sverige', ref: 'OCR 5512 0087 3', cents: -39_900 },
      { printed: '2025-04-10', text: 'Insättning lön april', ref: 'Lön 2025-04', cents: 3_150_000 },
      { printed: '2025-04-14', text: 'Swish till Erik Lund', ref: '', cents: -25_000 },
      { printed: '2025-04-25', text: 'Autogiro Hyresvärden Bostad AB', ref: 'Avi 778 1204', cents: -912_000 },
    ];
    const opening = 1_204_410;
    const entries: Entry[] = rows.map((r) => ({ printed: r.printed, iso: r.printed, text: r.text, cents: r.cents }));
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const kr = (c: number) => `${c < 0 ? '-' : ''}${money(c, ',', ' ')}`;
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Mälardalens Sparbank', true)),
            line(70, L(40, 'Karin Berg'), L(320, 'Kontonummer 8327-9, 912 345 678-1')),
            line(85, L(320, 'Kontoutdrag 2025-04-01 - 2025-04-30')),
            line(100, L(320, 'Ingående saldo'), R(550, kr(opening))),
            line(115, L(320, 'Utgående saldo'), R(550, kr(closing))),
          ],
          160,
          [L(40, 'Bokföringsdag'), L(115, 'Text'), L(290, 'Referens'), R(460, 'Belopp'), R(550, 'Saldo')],
          entries.map((e, i) => [
            L(40, e.printed),
            L(115, e.text),
            L(290, (rows[i] as { ref: string }).ref),
            R(460, kr(e.cents)),
            R(550, kr(bals[i] as number)),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, 'kontoutdrag.pdf');
    expect(referencedOf(s)).toEqual(rows.map((r) => [r.printed, r.text, r.ref || null, r.cents / 100]));
    expect(s?.transactions.map((t) => t.balance)).toEqual(bals.map((b) => b / 100));
    expect(factsOf(s)).toEqual({
      periodStart: '2025-04-01',
      periodEnd: '2025-04-30',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('Spanish: the reference column left of the concept, concepts wrapped over two lines', async () => {
    const rows = [
      {
        printed: '04/11/2024',
        ref: 'REF 0098812',
        text: ['RECIBO COMUNIDAD', 'PROPIETARIOS C/ MAYOR 12'],
        cents: -8_500,
      },
      { printed: '08/11/2024', ref: 'REF 0098876', text: ['TRANSFERENCIA DE', 'LOPEZ GARCIA SL'], cents: 142_075 },
      { printed: '15/11/2024', ref: 'REF 0099102', text: ['PAGO CON TARJETA', 'FARMACIA ORTEGA'], cents: -2_315 },
      { printed: '22/11/2024', ref: 'REF 0099455', text: ['ADEUDO SEGURO HOGAR'], cents: -21_980 },
    ];
    const opening = 56_730;
    const entries: Entry[] = rows.map((r) => ({
      printed: r.printed,
      iso: r.printed.split('/').reverse().join('-'),
      text: r.text.join(' '),
      cents: r.cents,
    }));
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const eur = (c: number) => `${c < 0 ? '-' : ''}${money(c, ',')}`;
    const lines: TableLine[] = [
      line(40, L(40, 'Banca Levante', true)),
      line(70, L(40, 'MARIA JOSE NAVARRO'), L(320, 'IBAN ES91 2100 0418 4502 0005 1332')),
      line(85, L(320, 'Del 01/11/2024 al 30/11/2024')),
      line(100, L(320, 'Saldo inicial'), R(550, eur(opening))),
      line(115, L(320, 'Saldo final'), R(550, eur(closing))),
      line(
        160,
        L(40, 'F. Operación', true),
        L(110, 'Referencia', true),
        L(190, 'Concepto', true),
        R(460, 'Importe', true),
        R(550, 'Saldo', true),
      ),
    ];
    let y = 180;
    rows.forEach((r, i) => {
      lines.push(
        line(
          y,
          L(40, r.printed),
          L(110, r.ref),
          L(190, r.text[0] as string),
          R(460, eur(r.cents)),
          R(550, eur(bals[i] as number)),
        ),
      );
      for (const more of r.text.slice(1)) {
        y += 11;
        lines.push(line(y, L(190, more)));
      }
      y += 17;
    });
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'referencia.pdf');
    expect(referencedOf(s)).toEqual(
      entries.map((e, i) => [e.iso, e.text, (rows[i] as { ref: string }).ref, e.cents / 100]),
    );
    expect(s?.transactions.map((t) => t.balance)).toEqual(bals.map((b) => b / 100));
    expect(factsOf(s)).toEqual({
      periodStart: '2024-11-01',
      periodEnd: '2024-11-30',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });
  it('Turkish: an "İşlem Kategorisi" column (the transaction\'s category: head word last, possessive suffix) is no part of the description', async () => {
    // Drawn in ASCII (the test font has no Turkish letters); labels are read without diacritics anyway.
    const categories = ['Market', 'Fatura', 'Market', 'Ulasim', 'Maas', 'Market', 'Fatura', 'Ulasim'];
    const entries: Entry[] = categories.map((c, i) => ({
      printed: `${String(2 + i * 3).padStart(2, '0')}.06.2024`,
      iso: `2024-06-${String(2 + i * 3).padStart(2, '0')}`,
      text: ['MIGROS KADIKOY', 'IGDAS DOGALGAZ', 'A101 MODA', 'ISTANBULKART DOLUM', 'SIRKET ODEMESI'][i % 5] as string,
      cents: c === 'Maas' ? 4_250_000 : -(3_500 + i * 1_175),
    }));
    const opening = 1_200_000;
    const bals = running(opening, entries);
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Ornek Katilim Bankasi', true)),
            line(60, L(40, 'Hesap Ozeti Donemi: 01.06.2024 - 30.06.2024')),
          ],
          100,
          [L(40, 'Tarih'), L(110, 'Aciklama'), L(300, 'Islem Kategorisi'), R(470, 'Tutar'), R(550, 'Bakiye')],
          entries.map((e, i) => [
            L(40, e.printed),
            L(110, e.text),
            L(300, categories[i] as string),
            R(470, `${e.cents < 0 ? '-' : ''}${money(e.cents)}`),
            R(550, money(bals[i] as number)),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, 'islem-kategorisi.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
  });

  it('English: a "Transaction" column of reference codes left of the "Narration" column is the reference, not description', async () => {
    const entries: Entry[] = Array.from({ length: 9 }, (_, i) => ({
      printed: `${String(2 + i * 3).padStart(2, '0')}/12/2024`,
      iso: `2024-12-${String(2 + i * 3).padStart(2, '0')}`,
      text: ['POS PURCHASE FUEL 3625', 'DEBIT CARD SUPERMART', 'NEFT CREDIT ACME LTD'][i % 3] as string,
      cents: i % 3 === 2 ? 150_000 + i : -(2_090 + i * 1_411),
    }));
    const codes = entries.map((_, i) => `TX${(48_271 + i * 7_919).toString(36).toUpperCase()}Q${i}`);
    const opening = 4_455_000;
    const bals = running(opening, entries);
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [line(40, L(40, 'Deccan Test Bank', true)), line(60, L(40, 'Statement 01/12/2024 to 31/12/2024'))],
          100,
          [
            L(40, 'Date'),
            L(110, 'Transaction'),
            L(200, 'Narration'),
            R(420, 'Debit'),
            R(480, 'Credit'),
            R(550, 'Running'),
          ],
          entries.map((e, i) => [
            L(40, e.printed),
            L(110, codes[i] as string),
            L(200, e.text),
            R(420, e.cents < 0 ? money(-e.cents) : ''),
            R(480, e.cents > 0 ? money(e.cents) : ''),
            R(550, money(bals[i] as number)),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, 'reference-codes-column.pdf');
    expect(referencedOf(s)).toEqual(entries.map((e, i) => [e.iso, e.text, codes[i], e.cents / 100]));
  });

  it('Dutch: details and a Kenmerk column both wrapping, to different depths', async () => {
    const rows = [
      {
        printed: '02-12-2024',
        text: ['Incasso Zorgverzekeraar', 'Premie december'],
        ref: ['Machtiging ZV-88120', 'Incassant NL12ZZZ'],
        cents: -13_875,
      },
      {
        printed: '05-12-2024',
        text: ['Overboeking van', 'J. Bakker', 'Terugbetaling etentje'],
        ref: ['TRN 4471'],
        cents: 4_250,
      },
      { printed: '11-12-2024', text: ['Pinbetaling Jumbo Utrecht'], ref: ['Pas 017', 'Terminal 55A1'], cents: -6_321 },
      { printed: '23-12-2024', text: ['Salaris december', 'Gemeente Utrecht'], ref: ['Loonstrook 12'], cents: 318_940 },
    ];
    const opening = 97_420;
    const entries: Entry[] = rows.map((r) => ({
      printed: r.printed,
      iso: r.printed.split('-').reverse().join('-'),
      text: r.text.join(' '),
      cents: r.cents,
    }));
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const eur = (c: number) => `${c < 0 ? '-' : '+'}${money(c, ',')}`;
    const lines: TableLine[] = [
      line(40, L(40, 'Domstad Bank', true)),
      line(70, L(40, 'Mevr. L. Visser'), L(320, 'Rekening NL20 DOMB 0123 4567 89')),
      line(85, L(320, 'Afschrift 01-12-2024 tot en met 31-12-2024')),
      line(100, L(320, 'Vorig saldo'), R(550, money(opening, ','))),
      line(115, L(320, 'Nieuw saldo'), R(550, money(closing, ','))),
      line(
        160,
        L(40, 'Boekdatum', true),
        L(105, 'Omschrijving', true),
        L(265, 'Kenmerk', true),
        R(460, 'Bedrag', true),
        R(550, 'Saldo', true),
      ),
    ];
    let y = 180;
    rows.forEach((r, i) => {
      lines.push(line(y, L(40, r.printed), R(460, eur(r.cents)), R(550, money(bals[i] as number, ','))));
      const depth = Math.max(r.text.length, r.ref.length);
      for (let k = 0; k < depth; k++) {
        const cells = [
          ...(r.text[k] ? [L(105, r.text[k] as string)] : []),
          ...(r.ref[k] ? [L(265, r.ref[k] as string)] : []),
        ];
        lines.push(line(y + k * 11, ...cells));
      }
      y += depth * 11 + 7;
    });
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'kenmerk.pdf');
    expect(referencedOf(s)).toEqual(entries.map((e, i) => [e.iso, e.text, rows[i]?.ref.join(' '), e.cents / 100]));
    expect(s?.transactions.map((t) => t.balance)).toEqual(bals.map((b) => b / 100));
    expect(factsOf(s)).toEqual({
      periodStart: '2024-12-01',
      periodEnd: '2024-12-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });
  it('Dutch: one description column under "Naam" and "Omschrijving" printed apart (OCR lost the "/" between them); descriptions run through the second word', async () => {
    const rows = [
      { printed: '11-09-2023', text: 'Overschrijving van Sophie de Jong', cents: 4_300 },
      { printed: '11-09-2023', text: 'Betaalautomaat CAFE DE VISSER', cents: -2_184 },
      { printed: '12-09-2023', text: 'SEPA Overboeking naar SEM DE BOER', cents: -1_800 },
      { printed: '13-09-2023', text: 'Online bankieren naar LEVI DE BOER', cents: -42_300 },
      { printed: '14-09-2023', text: 'Pinbetaling ETOS EINDHOVEN', cents: -1_103 },
      { printed: '15-09-2023', text: 'CAFE DE DE VRIES EINDHOVEN', cents: -2_111 },
    ];
    const opening = 108_716;
    const entries: Entry[] = rows.map((r) => ({
      printed: r.printed,
      iso: r.printed.split('-').reverse().join('-'),
      text: r.text,
      cents: r.cents,
    }));
    const bals = running(opening, entries);
    const lines: TableLine[] = [
      line(40, L(40, 'Drenthe Bank', true)),
      line(70, L(40, 'Afschriftperiode: 09-09-2023 t/m 08-10-2023')),
      line(
        100,
        L(40, 'Transactiedatum', true),
        L(130, 'Naam', true),
        L(162, 'Omschrijving', true),
        R(460, 'Bedrag', true),
        R(550, 'Saldo', true),
      ),
      ...rows.map((r, i) =>
        line(
          120 + i * 16,
          L(40, r.printed),
          L(130, r.text),
          R(460, `${r.cents < 0 ? '-' : ''}${money(r.cents, ',')}`),
          R(550, money(bals[i] as number, ',')),
        ),
      ),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'naam-omschrijving.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(s?.trace?.some((e) => e.pass === 'text-under-labels')).toBe(true);
  });
});

describe('class 5: dates without a year across a year end, the period printed only as a date or a month', () => {
  it('Polish style: two-digit years last (6/12/23), the period printed the same way: day first, not year first', async () => {
    const entries: Entry[] = [
      { printed: '6/12/23', iso: '2023-12-06', text: 'BLIK PAYMENT', cents: -24_960 },
      { printed: '8/12/23', iso: '2023-12-08', text: 'CARD 2951', cents: -2_066 },
      { printed: '15/12/23', iso: '2023-12-15', text: 'SALARY', cents: 921_211 },
      { printed: '2/1/24', iso: '2024-01-02', text: 'RENT', cents: -300_000 },
    ];
    const opening = 789_688;
    const closing = running(opening, entries).at(-1) as number;
    const lines: TableLine[] = [
      line(40, L(40, 'Roztocze Test Bank', true)),
      line(70, L(330, 'Statement period'), R(550, 'from 6/12/23 to 5/1/24')),
      line(85, L(330, 'Opening balance'), R(550, money(opening, ','))),
      line(100, L(330, 'Closing balance'), R(550, money(closing, ','))),
      line(140, L(40, 'DATE', true), L(110, 'DESCRIPTION', true), R(450, 'CREDIT', true), R(550, 'DEBIT', true)),
      ...entries.map((e, i) =>
        line(158 + i * 14, L(40, e.printed), L(110, e.text), R(e.cents > 0 ? 450 : 550, money(e.cents, ','))),
      ),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'day-first-two-digit.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
  });

  for (const withPeriod of [true, false])
    it(`Swedish style: two-digit dates year first (25-12-03), ${withPeriod ? 'the period printed year first too' : 'no period printed'}`, async () => {
      const entries: Entry[] = [
        { printed: '25-12-03', iso: '2025-12-03', text: 'PHARMACY UPPSALA', cents: -19_056 },
        { printed: '25-12-05', iso: '2025-12-05', text: 'FURNITURE STORE', cents: -153_120 },
        { printed: '25-12-12', iso: '2025-12-12', text: 'BURGER BAR', cents: -19_900 },
        { printed: '25-12-25', iso: '2025-12-25', text: 'SALARY', cents: 3_412_000 },
        { printed: '26-01-02', iso: '2026-01-02', text: 'RENT JANUARY', cents: -1_150_000 },
      ];
      const opening = 6_028_936;
      const bals = running(opening, entries);
      const lines: TableLine[] = [
        line(40, L(40, 'Norrland Savings', true)),
        line(70, L(40, 'Lars Berg'), L(330, 'Account 2093-3, 604 898 845-5')),
        ...(withPeriod ? [line(85, L(330, 'Statement period'), R(550, '25-12-03 – 26-01-02'))] : []),
        line(130, L(40, 'BOOKED', true), L(110, 'DESCRIPTION', true), R(450, 'AMOUNT', true), R(550, 'BALANCE', true)),
        line(148, L(40, 'Opening balance'), R(550, money(opening, ','))),
        ...entries.map((e, i) =>
          line(
            162 + i * 14,
            L(40, e.printed),
            L(110, e.text),
            R(450, `${e.cents < 0 ? '-' : ''}${money(e.cents, ',')}`),
            R(550, money(bals[i] as number, ',')),
          ),
        ),
      ];
      const [s] = await run(await tablePdf({ pages: [{ lines }] }), `year-first-${withPeriod}.pdf`);
      expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    });

  it('English: "Statement date 05/01/2025" and rows "28 Dec" .. "04 Jan"', async () => {
    const entries: Entry[] = [
      { printed: '28 Dec', iso: '2024-12-28', text: 'CARD PAYMENT TO GREENGROCER LTD', cents: -1_845 },
      { printed: '30 Dec', iso: '2024-12-30', text: 'DIRECT DEBIT COUNCIL TAX', cents: -14_200 },
      { printed: '31 Dec', iso: '2024-12-31', text: 'INTEREST PAID', cents: 312 },
      { printed: '02 Jan', iso: '2025-01-02', text: 'FASTER PAYMENT FROM R PATEL', cents: 60_000 },
      { printed: '04 Jan', iso: '2025-01-04', text: 'CASH MACHINE HIGH ST', cents: -4_000 },
    ];
    const opening = 45_690;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Thames Valley Building Society', true)),
            line(70, L(40, 'Mrs Helen Clarke'), L(320, 'Account number 40-11-22 71234567')),
            line(85, L(320, 'Statement date 05/01/2025')),
            line(100, L(320, 'Balance brought forward'), R(550, money(opening))),
            line(115, L(320, 'Balance carried forward'), R(550, money(closing))),
          ],
          160,
          [L(40, 'Date'), L(100, 'Details'), R(380, 'Money out'), R(460, 'Money in'), R(550, 'Balance')],
          entries.map((e, i) => [
            L(40, e.printed),
            L(100, e.text),
            R(e.cents < 0 ? 380 : 460, money(e.cents)),
            R(550, money(bals[i] as number)),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, 'statement-date.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      // A statement date is no printed period's start (it may be days after the last booking), but the
      // statement runs to it: its end, as real statements' truth reads "as at 30/06/2025".
      periodStart: null,
      periodEnd: '2025-01-05',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('French: the period only as "janvier 2025", rows "30/12" .. "29/01"', async () => {
    const entries: Entry[] = [
      { printed: '30/12', iso: '2024-12-30', text: 'CB SUPERMARCHE DES HALLES', cents: -5_612 },
      { printed: '31/12', iso: '2024-12-31', text: 'PRLV EDF ECHEANCE', cents: -7_400 },
      { printed: '03/01', iso: '2025-01-03', text: 'VIR SALAIRE DECEMBRE', cents: 215_030 },
      { printed: '15/01', iso: '2025-01-15', text: 'PRLV LOYER JANVIER', cents: -82_000 },
      { printed: '29/01', iso: '2025-01-29', text: 'RETRAIT DAB GARE', cents: -4_000 },
    ];
    const opening = 31_207;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const eur = (c: number) => money(c, ',', ' ');
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Banque Régionale de Loire', true)),
            line(70, L(40, 'Mme Sophie Martin'), L(320, 'Compte courant n° 30004 01234 00012345678 42')),
            line(85, L(320, 'Relevé de compte - janvier 2025')),
            line(100, L(320, 'Solde précédent'), R(550, eur(opening))),
            line(115, L(320, 'Nouveau solde'), R(550, eur(closing))),
          ],
          160,
          [L(40, 'Date'), L(100, 'Opération'), R(390, 'Débit'), R(470, 'Crédit'), R(550, 'Solde')],
          entries.map((e, i) => [
            L(40, e.printed),
            L(100, e.text),
            R(e.cents < 0 ? 390 : 470, eur(e.cents)),
            R(550, eur(bals[i] as number)),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, 'janvier.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2025-01-01',
      periodEnd: '2025-01-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('US: "Statement Closing Date 01/06/25" and month/day rows "12/28" .. "01/05"', async () => {
    const entries: Entry[] = [
      { printed: '12/09', iso: '2024-12-09', text: 'ONLINE TRANSFER FROM SAVINGS', cents: 50_000 },
      { printed: '12/18', iso: '2024-12-18', text: 'POS PURCHASE HARDWARE DEPOT', cents: -12_788 },
      { printed: '12/28', iso: '2024-12-28', text: 'CHECK 2041', cents: -30_000 },
      { printed: '01/03', iso: '2025-01-03', text: 'DIRECT DEP ACME LOGISTICS', cents: 162_500 },
      { printed: '01/05', iso: '2025-01-05', text: 'POS PURCHASE CORNER DELI', cents: -1_375 },
    ];
    const opening = 87_015;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const pdf = await tablePdf({
      size: 'LETTER',
      pages: [
        tablePage(
          [
            line(40, L(40, 'Prairie State Credit Union', true)),
            line(70, L(40, 'ROBERT J HOLLOWAY'), L(330, 'Member Number 0088123')),
            line(85, L(330, 'Statement Closing Date 01/06/25')),
            line(100, L(330, 'Previous Balance'), R(570, money(opening))),
            line(115, L(330, 'New Balance'), R(570, money(closing))),
          ],
          160,
          [L(40, 'Date'), L(90, 'Description'), R(400, 'Withdrawals'), R(485, 'Deposits'), R(570, 'Balance')],
          entries.map((e, i) => [
            L(40, e.printed),
            L(90, e.text),
            R(e.cents < 0 ? 400 : 485, money(e.cents)),
            R(570, money(bals[i] as number)),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, 'closing-date.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      // A statement date is no printed period's start (it may be days after the last booking), but the
      // statement runs to it: its end, as real statements' truth reads "as at 30/06/2025".
      periodStart: null,
      periodEnd: '2025-01-06',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('English: "Statement date: 5 January 2025" in words, rows "28 Dec" .. "03 Jan"', async () => {
    const entries: Entry[] = [
      { printed: '28 Dec', iso: '2024-12-28', text: 'POS BOOTS 0041', cents: -1_299 },
      { printed: '31 Dec', iso: '2024-12-31', text: 'SALARY', cents: 190_000 },
      { printed: '03 Jan', iso: '2025-01-03', text: 'DD VODAFONE', cents: -2_500 },
    ];
    const opening = 20_000;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Lothian Savings Bank', true)),
            line(70, L(40, 'Ms Fiona Grant'), L(320, 'Account No 10203040')),
            line(85, L(320, 'Statement date: 5 January 2025')),
            line(100, L(320, 'Previous balance'), R(550, money(opening))),
            line(115, L(320, 'New balance'), R(550, money(closing))),
          ],
          160,
          [L(40, 'Date'), L(100, 'Details'), R(450, 'Amount'), R(550, 'Balance')],
          entries.map((e, i) => [
            L(40, e.printed),
            L(100, e.text),
            R(450, `${e.cents < 0 ? '-' : ''}${money(e.cents)}`),
            R(550, money(bals[i] as number)),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, 'statement-date-words.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: null,
      periodEnd: '2025-01-05',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('German: "Auszug 1/2025 erstellt am 03.01.2025", rows "27.12." .. "02.01."', async () => {
    const entries: Entry[] = [
      { printed: '27.12.', iso: '2024-12-27', text: 'Kartenzahlung Lidl', cents: -3_322 },
      { printed: '30.12.', iso: '2024-12-30', text: 'Gutschrift Gehalt Dezember', cents: 301_000 },
      { printed: '02.01.', iso: '2025-01-02', text: 'Lastschrift Versicherung', cents: -12_000 },
    ];
    const opening = 40_000;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [
            line(40, L(40, 'Stadtsparkasse Nordhafen', true)),
            line(70, L(40, 'Frau Anke Voss'), L(320, 'Kontonummer 7788990011')),
            line(85, L(320, 'Auszug 1/2025 erstellt am 03.01.2025')),
            line(100, L(320, 'Alter Kontostand'), R(550, money(opening, ','))),
            line(115, L(320, 'Neuer Kontostand'), R(550, money(closing, ','))),
          ],
          160,
          [L(40, 'Datum'), L(100, 'Erläuterung'), R(450, 'Betrag'), R(550, 'Saldo')],
          entries.map((e, i) => [
            L(40, e.printed),
            L(100, e.text),
            R(450, `${e.cents < 0 ? '-' : '+'}${money(e.cents, ',')}`),
            R(550, money(bals[i] as number, ',')),
          ]),
        ),
      ],
    });
    const [s] = await run(pdf, 'erstellt-am.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: null,
      periodEnd: '2025-01-03',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });
});

describe('class 6: header labels wrapped over two lines, and header words the vocabulary lacks', () => {
  it('Italian: two columns both labelled as an amount ("Importo ..."), the second empty on page 1, make a debit/credit pair', async () => {
    const day = (d: number) => `${String(d).padStart(2, '0')}/12/2023`;
    const entries: Entry[] = Array.from({ length: 14 }, (_, i) => ({
      printed: day(i + 2),
      iso: `2023-12-${String(i + 2).padStart(2, '0')}`,
      text: i >= 9 && i % 2 === 1 ? `BONIFICO RICEVUTO ${i}` : `PAGAMENTO POS NEGOZIO ${i}`,
      cents: i >= 9 && i % 2 === 1 ? 12_100 + i : -(900 + i * 131),
    }));
    const opening = 382_202;
    const closing = running(opening, entries).at(-1) as number;
    const it = (c: number) => money(c, ',');
    const header = line(
      80,
      L(40, 'Data contabile', true),
      L(120, 'Descrizione', true),
      R(450, 'Importo addebitato', true),
      R(550, 'Importo accreditato', true),
    );
    const row = (e: Entry, i: number) =>
      line(100 + i * 15, L(40, e.printed), L(120, e.text), R(e.cents < 0 ? 450 : 550, it(e.cents)));
    const page1 = [
      line(40, L(40, 'Banca di Prova', true)),
      line(55, L(40, 'Periodo: dal 01/12/2023 al 31/12/2023'), L(330, 'Saldo finale'), R(550, it(closing))),
      header,
      ...entries.slice(0, 8).map(row),
    ];
    const page2 = [header, ...entries.slice(8).map(row)];
    const [s] = await run(await tablePdf({ pages: [{ lines: page1 }, { lines: page2 }] }), 'importo-pair.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
  });

  it('English: two-word labels wider than their right-aligned amounts ("Credit Amount" over "78.00") stay whole', async () => {
    const entries: Entry[] = [
      { printed: '10 SEPT', iso: '2024-09-10', text: 'VISA DEBIT BAKERY', cents: -335 },
      { printed: '11 SEPT', iso: '2024-09-11', text: 'FASTER PAYMENT FROM GEORGE', cents: 7_800 },
      { printed: '12 SEPT', iso: '2024-09-12', text: 'BILL PAYMENT TO GEORGE', cents: -27_700 },
      { printed: '16 SEPT', iso: '2024-09-16', text: 'REFUND SANDWICH BAR', cents: 278 },
    ];
    const opening = 78_493;
    const bals = running(opening, entries);
    const lines: TableLine[] = [
      line(40, L(40, 'Pennine Bank plc', true)),
      line(55, L(40, 'Account number: 55807314'), L(250, 'Period: 10 Sept 2024 through 9 Oct 2024')),
      line(
        90,
        L(40, 'Booking Date', true),
        L(110, 'Transaction Description', true),
        R(400, 'Credit Amount', true),
        R(470, 'Debit Amount', true),
        R(550, 'Ledger Balance', true),
      ),
      line(106, L(40, '10 SEPT'), L(110, 'Starting balance'), R(550, money(opening))),
      ...entries.map((e, i) =>
        line(
          120 + i * 14,
          L(40, e.printed),
          L(110, e.text),
          R(e.cents > 0 ? 400 : 470, money(e.cents)),
          R(550, money(bals[i] as number)),
        ),
      ),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'credit-amount-labels.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
  });

  it('English: "Debits" and "Credits" drawn close enough to read as one run, over a page of debits only', async () => {
    const day = (d: number) => `${String(d).padStart(2, '0')} Jun`;
    const entries: Entry[] = Array.from({ length: 16 }, (_, i) => ({
      printed: day(i + 1),
      iso: `2023-06-${String(i + 1).padStart(2, '0')}`,
      text: i === 3 ? 'TRANSFER FROM SAVINGS' : `CARD PURCHASE SHOP ${101 + i}`,
      // Page 2 (rows 9 to 16) holds debits only.
      cents: i === 3 ? 50_000 : -(1_000 + i * 317),
    }));
    const opening = 450_000;
    const bals = running(opening, entries);
    const header = () =>
      line(
        80,
        L(40, 'POST DATE', true),
        L(105, 'DETAILS', true),
        R(390, 'DEBITS', true),
        R(434, 'CREDITS', true),
        R(550, 'CLOSING BALANCE', true),
      );
    const row = (e: Entry, i: number, y: number) =>
      line(
        y,
        L(40, e.printed),
        L(105, e.text),
        R(e.cents < 0 ? 390 : 434, money(e.cents)),
        R(550, money(bals[i] as number)),
      );
    const page1 = [
      line(40, L(40, 'Wattle Mutual', true)),
      line(
        55,
        L(40, 'Statement period 1 June 2023 to 30 June 2023'),
        L(320, 'Opening balance'),
        R(550, money(opening)),
      ),
      header(),
      ...entries.slice(0, 8).map((e, i) => row(e, i, 100 + i * 16)),
    ];
    const page2 = [header(), ...entries.slice(8).map((e, i) => row(e, i + 8, 100 + i * 16))];
    const [s] = await run(await tablePdf({ pages: [{ lines: page1 }, { lines: page2 }] }), 'debits-credits-joined.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
  });

  it('English: "Trans. / Date", "Value / Date", "Accrued Bank / Charges" each over two lines', async () => {
    const rows = [
      {
        printed: '02-10-2024',
        value: '01-10-2024',
        text: 'MPESA PAYBILL 247247 KPLC',
        cents: -350_000,
        accrued: '33.00',
      },
      {
        printed: '04-10-2024',
        value: '04-10-2024',
        text: 'SALARY TRANSFER HIGHLANDS TEA LTD',
        cents: 12_500_000,
        accrued: '',
      },
      {
        printed: '09-10-2024',
        value: '07-10-2024',
        text: 'ATM CASH WITHDRAWAL KIMATHI ST',
        cents: -1_000_000,
        accrued: '35.00',
      },
      { printed: '15-10-2024', value: '15-10-2024', text: 'CHEQUE DEPOSIT 000451', cents: 2_340_050, accrued: '' },
      {
        printed: '28-10-2024',
        value: '26-10-2024',
        text: 'POS PURCHASE NAIVAS WESTLANDS',
        cents: -781_220,
        accrued: '0.00',
      },
    ];
    const entries: Entry[] = rows.map((r) => ({
      printed: r.printed,
      iso: r.printed.split('-').reverse().join('-'),
      text: r.text,
      cents: r.cents,
    }));
    const opening = 4_377_510;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const B = (x: number, text: string, align: 'left' | 'right' = 'left'): TableCell => ({
      x,
      text,
      align,
      bold: true,
    });
    const lines: TableLine[] = [
      line(40, L(40, 'Savannah Commercial Bank', true)),
      line(70, L(40, 'WANJIRU KAMAU'), L(330, 'Account No. 0110234567890')),
      line(85, L(330, 'Period: 01-10-2024 to 31-10-2024')),
      line(100, L(330, 'Opening Balance'), R(560, money(opening))),
      line(115, L(330, 'Closing Balance'), R(560, money(closing))),
      line(
        155,
        B(35, 'Trans.'),
        B(90, 'Value'),
        B(145, 'Narrative'),
        B(375, 'Debit', 'right'),
        B(435, 'Credit', 'right'),
        B(500, 'Accrued Bank', 'right'),
        B(560, 'Balance', 'right'),
      ),
      line(165, B(35, 'Date'), B(90, 'Date'), B(500, 'Charges', 'right')),
      ...entries.map((e, i) =>
        line(
          185 + i * 14,
          L(35, e.printed),
          L(90, (rows[i] as { value: string }).value),
          L(145, e.text),
          R(e.cents < 0 ? 375 : 435, money(e.cents)),
          R(500, (rows[i] as { accrued: string }).accrued),
          R(560, money(bals[i] as number)),
        ),
      ),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'accrued.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2024-10-01',
      periodEnd: '2024-10-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('Finnish (no vocabulary): hyphen-wrapped labels "Kirjaus- / päivä", "Arvo- / päivä", signed amounts', async () => {
    const rows = [
      { printed: '03.02.2025', value: '01.02.2025', text: 'KORTTIOSTO K-MARKET KALLIO', cents: -2_784 },
      { printed: '05.02.2025', value: '05.02.2025', text: 'PALKKA TAMMIKUU OY POHJOIS', cents: 287_455 },
      { printed: '10.02.2025', value: '10.02.2025', text: 'E-LASKU HELEN SAHKO', cents: -6_120 },
      { printed: '17.02.2025', value: '14.02.2025', text: 'TILISIIRTO VUOKRA HELMIKUU', cents: -95_000 },
      { printed: '26.02.2025', value: '26.02.2025', text: 'KATEISNOSTO OTTO', cents: -4_000 },
    ];
    const entries: Entry[] = rows.map((r) => ({
      printed: r.printed,
      iso: r.printed.split('.').reverse().join('-'),
      text: r.text,
      cents: r.cents,
    }));
    const opening = 61_238;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const eur = (c: number) => `${c < 0 ? '-' : '+'}${money(c, ',', ' ')}`;
    const B = (x: number, text: string, align: 'left' | 'right' = 'left'): TableCell => ({
      x,
      text,
      align,
      bold: true,
    });
    const lines: TableLine[] = [
      line(40, L(40, 'Järvisuomen Osuuspankki', true)),
      line(70, L(40, 'Aino Virtanen'), L(330, 'Tilinumero FI21 1234 5600 0007 85')),
      line(85, L(330, 'Tiliote ajalta 01.02.2025 - 28.02.2025')),
      line(100, L(330, 'Alkusaldo'), R(555, money(opening, ',', ' '))),
      line(115, L(330, 'Loppusaldo'), R(555, money(closing, ',', ' '))),
      line(
        155,
        B(40, 'Kirjaus-'),
        B(100, 'Arvo-'),
        B(160, 'Tapahtuman'),
        B(470, 'Summa', 'right'),
        B(555, 'Tilin', 'right'),
      ),
      line(165, B(40, 'päivä'), B(100, 'päivä'), B(160, 'selite'), B(470, 'EUR', 'right'), B(555, 'saldo', 'right')),
      ...entries.map((e, i) =>
        line(
          185 + i * 14,
          L(40, e.printed),
          L(100, (rows[i] as { value: string }).value),
          L(160, e.text),
          R(470, eur(e.cents)),
          R(555, money(bals[i] as number, ',', ' ')),
        ),
      ),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'tiliote.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2025-02-01',
      periodEnd: '2025-02-28',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('Finnish: no header row at all; columns from geometry, roles from the balances', async () => {
    const entries: Entry[] = [
      { printed: '03.02.2025', iso: '2025-02-03', text: 'KORTTIOSTO PRISMA', cents: -5_212 },
      { printed: '05.02.2025', iso: '2025-02-05', text: 'PALKKA', cents: 250_000 },
      { printed: '11.02.2025', iso: '2025-02-11', text: 'E-LASKU VAKUUTUS', cents: -9_900 },
      { printed: '20.02.2025', iso: '2025-02-20', text: 'TILISIIRTO KORHONEN', cents: -15_000 },
    ];
    const opening = 30_000;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const lines: TableLine[] = [
      line(40, L(40, 'Pohjolan Pankki', true)),
      line(70, L(40, 'Matti Korhonen'), L(320, 'FI21 1234 5600 0007 85')),
      line(85, L(320, '01.02.2025 - 28.02.2025')),
      ...entries.map((e, i) =>
        line(
          140 + i * 14,
          L(40, e.printed),
          L(110, e.text),
          R(450, `${e.cents < 0 ? '-' : '+'}${money(e.cents, ',')}`),
          R(550, money(bals[i] as number, ',')),
        ),
      ),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'no-header.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2025-02-01',
      periodEnd: '2025-02-28',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('English: labels wrapped over three lines (Withdrawal / Amount / (INR))', async () => {
    const entries: Entry[] = [
      { printed: '01-04-2024', iso: '2024-04-01', text: 'UPI/DR/409112/SWIGGY', cents: -45_600 },
      { printed: '03-04-2024', iso: '2024-04-03', text: 'NEFT/CR/SALARY/INFOSYSTEMS', cents: 8_500_000 },
      { printed: '09-04-2024', iso: '2024-04-09', text: 'ATM/CASH/MG ROAD', cents: -1_000_000 },
    ];
    const opening = 1_234_500;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const B = (x: number, t: string, align: 'left' | 'right' = 'left'): TableCell => ({
      x,
      text: t,
      align,
      bold: true,
    });
    const lines: TableLine[] = [
      line(40, L(40, 'Deccan Urban Bank', true)),
      line(70, L(40, 'PRIYA SHARMA'), L(330, 'A/c No 001234567890')),
      line(85, L(330, 'Statement from 01-04-2024 to 30-04-2024')),
      line(100, L(330, 'Opening Balance'), R(560, money(opening))),
      line(115, L(330, 'Closing Balance'), R(560, money(closing))),
      line(
        150,
        B(40, 'Txn'),
        B(110, 'Description'),
        B(390, 'Withdrawal', 'right'),
        B(470, 'Deposit', 'right'),
        B(560, 'Balance', 'right'),
      ),
      line(160, B(40, 'Date'), B(390, 'Amount', 'right'), B(470, 'Amount', 'right'), B(560, '(INR)', 'right')),
      line(170, B(390, '(INR)', 'right'), B(470, '(INR)', 'right')),
      ...entries.map((e, i) =>
        line(
          190 + i * 14,
          L(40, e.printed),
          L(110, e.text),
          R(e.cents < 0 ? 390 : 470, money(e.cents)),
          R(560, money(bals[i] as number)),
        ),
      ),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'three-line-header.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2024-04-01',
      periodEnd: '2024-04-30',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });
});

describe('class 7: two accounts in one PDF are two statements', () => {
  /** One account's block: title lines, balances, header and rows from `y`; returns the lines and the next free y. */
  function accountBlock(
    y: number,
    title: TableCell[][],
    labels: { open: string; close: string; header: TableCell[] },
    opening: number,
    entries: Entry[],
    fmt: (c: number) => string,
  ): { lines: TableLine[]; next: number } {
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const lines: TableLine[] = title.map((cells, i) => line(y + i * 15, ...cells));
    y += title.length * 15 + 5;
    lines.push(line(y, L(40, labels.open), R(550, fmt(opening))));
    lines.push(line(y + 15, L(40, labels.close), R(550, fmt(closing))));
    y += 45;
    lines.push(line(y, ...labels.header.map((c) => ({ ...c, bold: true }))));
    entries.forEach((e, i) => {
      lines.push(
        line(y + 18 + i * 14, L(40, e.printed), L(110, e.text), R(450, fmt(e.cents)), R(550, fmt(bals[i] as number))),
      );
    });
    return { lines, next: y + 18 + entries.length * 14 + 30 };
  }

  it('English: a current account on page 1 and a savings account on page 2', async () => {
    const current: Entry[] = [
      { printed: '03/02/2025', iso: '2025-02-03', text: 'CARD PAYMENT SAINSBURYS', cents: -4_312 },
      { printed: '07/02/2025', iso: '2025-02-07', text: 'STANDING ORDER TO SAVINGS', cents: -20_000 },
      { printed: '14/02/2025', iso: '2025-02-14', text: 'BANK GIRO CREDIT WESTFIELD LTD', cents: 198_765 },
      { printed: '21/02/2025', iso: '2025-02-21', text: 'DIRECT DEBIT BRITISH GAS', cents: -8_900 },
    ];
    const savings: Entry[] = [
      { printed: '07/02/2025', iso: '2025-02-07', text: 'STANDING ORDER FROM CURRENT', cents: 20_000 },
      { printed: '28/02/2025', iso: '2025-02-28', text: 'GROSS INTEREST', cents: 1_437 },
    ];
    const gbp = (c: number) => `${c < 0 ? '-' : ''}${money(c)}`;
    const header = [L(40, 'Date'), L(110, 'Description'), R(450, 'Amount'), R(550, 'Balance')];
    const labels = { open: 'Opening balance', close: 'Closing balance', header };
    const a = accountBlock(
      40,
      [
        [L(40, 'Severn Valley Bank', true)],
        [L(40, 'Mr Thomas Reed')],
        [L(40, 'Classic Current Account')],
        [L(40, 'Account number 31415926'), L(300, 'Sort code 20-45-77')],
        [L(40, 'Statement period 01/02/2025 to 28/02/2025')],
      ],
      labels,
      102_050,
      current,
      gbp,
    );
    const b = accountBlock(
      40,
      [
        [L(40, 'Severn Valley Bank', true)],
        [L(40, 'Mr Thomas Reed')],
        [L(40, 'Instant Saver')],
        [L(40, 'Account number 27182818'), L(300, 'Sort code 20-45-77')],
        [L(40, 'Statement period 01/02/2025 to 28/02/2025')],
      ],
      labels,
      1_150_000,
      savings,
      gbp,
    );
    const [s1, s2, more] = await run(
      await tablePdf({ pages: [{ lines: a.lines }, { lines: b.lines }] }),
      'two-accounts.pdf',
    );
    expect(more).toBeUndefined();
    expect(s1?.statement.accountNumber).toBe('31415926');
    expect(s2?.statement.accountNumber).toBe('27182818');
    expect(rowsOf(s1)).toEqual(expectedRows(102_050, current));
    expect(rowsOf(s2)).toEqual(expectedRows(1_150_000, savings));
    const period = { periodStart: '2025-02-01', periodEnd: '2025-02-28', status: 'balanced' };
    expect(factsOf(s1)).toEqual({ ...period, openingBalance: 1020.5, closingBalance: 2676.03 });
    expect(factsOf(s2)).toEqual({ ...period, openingBalance: 11500, closingBalance: 11714.37 });
  });

  it('English: the second account named after another account word ("Savings Account · A/C No."), a client number beside the holder', async () => {
    const current: Entry[] = [
      { printed: '04-Jul-2024', iso: '2024-07-04', text: 'POS PURCHASE GROCER', cents: -42_900 },
      { printed: '11-Jul-2024', iso: '2024-07-11', text: 'NEFT CR EMPLOYER', cents: 1_382_283 },
    ];
    const savings: Entry[] = [
      { printed: '17-Jul-2024', iso: '2024-07-17', text: 'IMPS CR TRANSFER', cents: 5_544_400 },
      { printed: '26-Jul-2024', iso: '2024-07-26', text: 'UPI RENT SHARE', cents: -3_668_600 },
    ];
    const inr = (c: number) => `${c < 0 ? '-' : ''}${money(c)}`;
    const header = [L(40, 'Date'), L(110, 'Description'), R(450, 'Amount'), R(550, 'Balance')];
    const labels = { open: 'Opening balance', close: 'Closing balance', header };
    const a = accountBlock(
      40,
      [
        [L(40, 'Narmada Bank Ltd', true)],
        [L(40, 'Statement period 01/07/2024 to 31/07/2024'), L(330, 'Client ID'), R(550, '49092372')],
        [L(40, 'Name: Kiran Rao')],
        [L(40, 'Account number 75449519978698')],
      ],
      labels,
      4_554_447,
      current,
      inr,
    );
    const b = accountBlock(40, [[L(40, 'Savings Account · A/C No. 46680165208209')]], labels, 1_428_400, savings, inr);
    const [s1, s2, more] = await run(
      await tablePdf({ pages: [{ lines: a.lines }, { lines: b.lines }] }),
      'two-accounts-ac-no.pdf',
    );
    expect(more).toBeUndefined();
    expect(s1?.statement).toMatchObject({ accountNumber: '75449519978698', accountHolder: 'Kiran Rao' });
    expect(s2?.statement.accountNumber).toBe('46680165208209');
    expect(rowsOf(s1)).toEqual(expectedRows(4_554_447, current));
    expect(rowsOf(s2)).toEqual(expectedRows(1_428_400, savings));
  });

  it('German: a Girokonto and a Tagesgeldkonto one after the other on the same page', async () => {
    const giro: Entry[] = [
      { printed: '01.03.2024', iso: '2024-03-01', text: 'Miete März Hausverwaltung Engel', cents: -78_000 },
      { printed: '05.03.2024', iso: '2024-03-05', text: 'Umbuchung auf Tagesgeld', cents: -50_000 },
      { printed: '27.03.2024', iso: '2024-03-27', text: 'Gehalt März Lorenz Maschinenbau', cents: 341_275 },
    ];
    const tagesgeld: Entry[] = [
      { printed: '05.03.2024', iso: '2024-03-05', text: 'Umbuchung von Girokonto', cents: 50_000 },
      { printed: '28.03.2024', iso: '2024-03-28', text: 'Zinsgutschrift', cents: 2_188 },
      { printed: '29.03.2024', iso: '2024-03-29', text: 'Kapitalertragsteuer', cents: -577 },
    ];
    const eur = (c: number) => `${c < 0 ? '-' : ''}${money(c, ',')}`;
    const header = [L(40, 'Buchungstag'), L(110, 'Vorgang'), R(450, 'Betrag EUR'), R(550, 'Saldo EUR')];
    const labels = { open: 'Alter Saldo', close: 'Neuer Saldo', header };
    const top = [
      line(40, L(40, 'Hansebank Lübeck', true)),
      line(55, L(40, 'Frau Miriam Schulte')),
      line(70, L(40, 'Finanzstatus vom 01.03.2024 bis 31.03.2024')),
    ];
    const a = accountBlock(
      100,
      [[L(40, 'Girokonto', true)], [L(40, 'Kontonummer 1002003001')]],
      labels,
      27_410,
      giro,
      eur,
    );
    const b = accountBlock(
      a.next,
      [[L(40, 'Tagesgeldkonto', true)], [L(40, 'Kontonummer 1002003099')]],
      labels,
      800_000,
      tagesgeld,
      eur,
    );
    const pdf = await tablePdf({ pages: [{ lines: [...top, ...a.lines, ...b.lines] }] });
    const [s1, s2, more] = await run(pdf, 'zwei-konten.pdf');
    expect(more).toBeUndefined();
    expect(s1?.statement.accountNumber).toBe('1002003001');
    expect(s2?.statement.accountNumber).toBe('1002003099');
    expect(rowsOf(s1)).toEqual(expectedRows(27_410, giro));
    expect(rowsOf(s2)).toEqual(expectedRows(800_000, tagesgeld));
    const period = { periodStart: '2024-03-01', periodEnd: '2024-03-31', status: 'balanced' };
    expect(factsOf(s1)).toEqual({ ...period, openingBalance: 274.1, closingBalance: 2406.85 });
    expect(factsOf(s2)).toEqual({ ...period, openingBalance: 8000, closingBalance: 8516.11 });
  });
  it('Portuguese: accounts named by their kind between the label and the number ("Conta corrente 07051-4")', async () => {
    const corrente: Entry[] = [
      { printed: '01/03/24', iso: '2024-03-01', text: 'COMPRA CARTAO MAGAZINE LUIZA', cents: -9_273 },
      { printed: '20/03/24', iso: '2024-03-20', text: 'TED ENVIADA JULIANA SILVA', cents: -53_200 },
    ];
    const poupanca: Entry[] = [
      { printed: '06/03/24', iso: '2024-03-06', text: 'TED RECEBIDA RAFAEL OLIVEIRA', cents: 245_000 },
      { printed: '29/03/24', iso: '2024-03-29', text: 'JUROS', cents: 100 },
    ];
    const brl = (c: number) => `${c < 0 ? '-' : ''}${money(c, ',')}`;
    const header = [L(40, 'Data'), L(110, 'Histórico'), R(450, 'Valor'), R(550, 'Saldo')];
    const labels = { open: 'Saldo anterior', close: 'Saldo final', header };
    const top = [
      line(40, L(40, 'Serra Verde Banco S.A.', true)),
      line(55, L(40, 'Periodo do extrato: 01/03/24 a 31/03/24')),
    ];
    const a = accountBlock(80, [[L(40, 'Conta corrente 30805-7', true)]], labels, 391_412, corrente, brl);
    const b = accountBlock(80, [[L(40, 'Conta poupança 07051-4', true)]], labels, 86_331, poupanca, brl);
    const pdf = await tablePdf({ pages: [{ lines: [...top, ...a.lines] }, { lines: b.lines }] });
    const [s1, s2, more] = await run(pdf, 'conta-corrente.pdf');
    expect(more).toBeUndefined();
    expect(s1?.statement.accountNumber).toBe('30805-7');
    expect(s2?.statement.accountNumber).toBe('07051-4');
    expect(rowsOf(s1)).toEqual(expectedRows(391_412, corrente));
    expect(rowsOf(s2)).toEqual(expectedRows(86_331, poupanca));
    expect(s2?.reconciliation.status).toBe('balanced');
  });
  it('Spanish: the first account runs over two pages under a repeated page header, the second on page 3', async () => {
    const day = (d: number) => `${String(d).padStart(2, '0')}/06/2025`;
    const first: Entry[] = Array.from({ length: 14 }, (_, i) => ({
      printed: day(i * 2 + 1),
      iso: `2025-06-${String(i * 2 + 1).padStart(2, '0')}`,
      text: i % 4 === 0 ? `TRANSFERENCIA RECIBIDA CLIENTE ${100 + i}` : `PAGO TARJETA COMERCIO ${200 + i}`,
      cents: i % 4 === 0 ? 40_000 + i * 111 : -(1_000 + i * 237),
    }));
    const second: Entry[] = [
      { printed: '10/06/2025', iso: '2025-06-10', text: 'APORTACION PERIODICA', cents: 15_000 },
      { printed: '30/06/2025', iso: '2025-06-30', text: 'LIQUIDACION INTERESES', cents: 934 },
    ];
    const eur = (c: number) => `${c < 0 ? '-' : ''}${money(c, ',')}`;
    const header = (y: number) =>
      line(y, L(40, 'Fecha', true), L(110, 'Concepto', true), R(450, 'Importe', true), R(550, 'Saldo', true));
    const rowsAt = (y: number, entries: Entry[], bals: number[], from: number) =>
      entries.map((e, i) =>
        line(y + i * 14, L(40, e.printed), L(110, e.text), R(450, eur(e.cents)), R(550, eur(bals[from + i] as number))),
      );
    const b1 = running(310_000, first);
    const b2 = running(2_000_000, second);
    const close1 = b1.at(-1) as number;
    const close2 = b2.at(-1) as number;
    const pages = [
      {
        lines: [
          line(40, L(40, 'Banco Mediterráneo de Ahorro', true)),
          line(60, L(40, 'Cuenta Corriente'), L(300, 'Cuenta ES76 0182 1111 2222 3333 4444')),
          line(75, L(40, 'LUCIA FERNANDEZ RUIZ'), L(300, 'Periodo 01/06/2025 - 30/06/2025')),
          line(95, L(40, 'Saldo anterior'), R(550, eur(310_000))),
          line(110, L(40, 'Saldo final'), R(550, eur(close1))),
          header(140),
          ...rowsAt(160, first.slice(0, 9), b1, 0),
        ],
      },
      {
        lines: [
          line(40, L(40, 'Cuenta ES76 0182 1111 2222 3333 4444'), R(550, 'Página 2')),
          header(70),
          ...rowsAt(90, first.slice(9), b1, 9),
        ],
      },
      {
        lines: [
          line(40, L(40, 'Banco Mediterráneo de Ahorro', true)),
          line(60, L(40, 'Cuenta Ahorro Plus'), L(300, 'Cuenta ES21 0182 5555 6666 7777 8888')),
          line(75, L(40, 'LUCIA FERNANDEZ RUIZ'), L(300, 'Periodo 01/06/2025 - 30/06/2025')),
          line(95, L(40, 'Saldo anterior'), R(550, eur(2_000_000))),
          line(110, L(40, 'Saldo final'), R(550, eur(close2))),
          header(140),
          ...rowsAt(160, second, b2, 0),
        ],
      },
    ];
    const [s1, s2, more] = await run(await tablePdf({ pages }), 'dos-cuentas.pdf');
    expect(more).toBeUndefined();
    expect(s1?.statement.accountNumber).toBe('ES76 0182 1111 2222 3333 4444');
    expect(s2?.statement.accountNumber).toBe('ES21 0182 5555 6666 7777 8888');
    expect(rowsOf(s1)).toEqual(expectedRows(310_000, first));
    expect(s1?.transactions.map((t) => t.page)).toEqual(first.map((_, i) => (i < 9 ? 1 : 2)));
    expect(rowsOf(s2)).toEqual(expectedRows(2_000_000, second));
    expect(s2?.transactions.map((t) => t.page)).toEqual([3, 3]);
    const period = { periodStart: '2025-06-01', periodEnd: '2025-06-30', status: 'balanced' };
    expect(factsOf(s1)).toEqual({ ...period, openingBalance: 3100, closingBalance: close1 / 100 });
    expect(factsOf(s2)).toEqual({ ...period, openingBalance: 20000, closingBalance: close2 / 100 });
  });

  it('English: three accounts, the second over a page break, the third on the page where it ends', async () => {
    const mk = (n: number, day0: number, base: number): Entry[] =>
      Array.from({ length: n }, (_, i) => ({
        printed: `${String(day0 + i).padStart(2, '0')}/10/2024`,
        iso: `2024-10-${String(day0 + i).padStart(2, '0')}`,
        text: i % 2 ? `CARD PURCHASE STORE ${base + i}` : `TRANSFER IN ${base + i}`,
        cents: i % 2 ? -(500 + i * 77) : 10_000 + i,
      }));
    const A = mk(3, 1, 100),
      B = mk(12, 5, 200),
      C = mk(2, 20, 300);
    const header = (y: number) =>
      line(y, L(40, 'Date', true), L(110, 'Description', true), R(450, 'Amount', true), R(550, 'Balance', true));
    const rowsAt = (y: number, es: Entry[], bals: number[], from: number) =>
      es.map((e, i) =>
        line(
          y + i * 14,
          L(40, e.printed),
          L(110, e.text),
          R(450, `${e.cents < 0 ? '-' : ''}${money(e.cents)}`),
          R(550, money(bals[from + i] as number)),
        ),
      );
    const bA = running(1_000, A),
      bB = running(50_000, B),
      bC = running(7_000, C);
    const intro = (y: number, name: string, acct: string, o: number, c: number) => [
      line(y, L(40, name, true)),
      line(y + 15, L(40, `Account number ${acct}`)),
      line(y + 30, L(40, 'Opening balance'), R(550, money(o))),
      line(y + 45, L(40, 'Closing balance'), R(550, money(c))),
    ];
    const pages = [
      {
        lines: [
          line(40, L(40, 'Redwood Community Bank', true)),
          line(55, L(40, 'Statement period 01/10/2024 to 31/10/2024')),
          ...intro(80, 'Everyday Account', '11112222', 1_000, bA.at(-1) as number),
          header(145),
          ...rowsAt(163, A, bA, 0),
          ...intro(230, 'Bills Account', '33334444', 50_000, bB.at(-1) as number),
          header(295),
          ...rowsAt(313, B.slice(0, 6), bB, 0),
        ],
      },
      {
        lines: [
          line(40, L(40, 'Account number 33334444 (continued)')),
          header(60),
          ...rowsAt(78, B.slice(6), bB, 6),
          ...intro(180, 'Holiday Saver', '55556666', 7_000, bC.at(-1) as number),
          header(245),
          ...rowsAt(263, C, bC, 0),
        ],
      },
    ];
    const out = await run(await tablePdf({ pages }), 'three-accounts.pdf');
    expect(out.map((s) => s.statement.accountNumber)).toEqual(['11112222', '33334444', '55556666']);
    expect(rowsOf(out[0])).toEqual(expectedRows(1_000, A));
    expect(rowsOf(out[1])).toEqual(expectedRows(50_000, B));
    expect(rowsOf(out[2])).toEqual(expectedRows(7_000, C));
    expect(out.map((s) => s.reconciliation.status)).toEqual(['balanced', 'balanced', 'balanced']);
  });
});

describe('class 8: only a value-date column, carried balances at page breaks, a last page of totals', () => {
  it('English card statement: an undated last line under the last row adds up the purchases less the CR payments', async () => {
    const entries: Entry[] = [
      { printed: '22 Dec', iso: '2025-12-22', text: 'GROCERY STORES 7246', cents: -6_198 },
      { printed: '30 Dec', iso: '2025-12-30', text: 'AUTOPAY PAYMENT', cents: 107_100 },
      { printed: '02 Jan', iso: '2026-01-02', text: 'BAKERY CENTRAL', cents: -231 },
      { printed: '09 Jan', iso: '2026-01-09', text: 'FURNITURE WAREHOUSE', cents: -118_450 },
      { printed: '20 Jan', iso: '2026-01-20', text: 'PURCHASE RETURN', cents: 5_031 },
      { printed: '22 Jan', iso: '2026-01-22', text: 'ONLINE SUBSCRIPTION', cents: -1_758 },
    ];
    const owedBefore = 124_694;
    const purchases = entries.filter((e) => e.cents < 0).reduce((n, e) => n - e.cents, 0);
    const payments = entries.filter((e) => e.cents > 0).reduce((n, e) => n + e.cents, 0);
    const owedAfter = owedBefore + purchases - payments;
    const lines: TableLine[] = [
      line(40, L(40, 'Wensum Building Society', true)),
      line(70, L(40, 'Harriet Walker'), L(320, 'Card no.'), R(550, '4264 **** **** 0664')),
      line(85, L(320, 'For the period 23/12/2025 through 22/01/2026')),
      line(100, L(320, 'Previous balance'), R(550, money(owedBefore))),
      line(115, L(320, 'New balance'), R(550, money(owedAfter))),
      line(130, L(320, 'Minimum payment due'), R(550, money(4_102))),
      line(165, L(40, 'Date', true), L(110, 'Description', true), R(550, 'Amount', true)),
      ...entries.map((e, i) =>
        line(181 + i * 14, L(40, e.printed), L(110, e.text), R(550, `${money(e.cents)}${e.cents > 0 ? ' CR' : ''}`)),
      ),
      line(181 + entries.length * 14, L(110, 'Net movement'), R(550, money(purchases - payments))),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'card-net-line.pdf');
    expect(rowsOf(s).map((r) => r.slice(0, 3))).toEqual(expectedRows(0, entries, false).map((r) => r.slice(0, 3)));
    expect(factsOf(s)).toMatchObject({ status: 'balanced' });
  });

  it('English card statement: the summary names its balances in words no vocabulary has; its own sums say which they are', async () => {
    const entries: Entry[] = [
      { printed: '2025-12-29', iso: '2025-12-29', text: 'HARDWARE SHOP HAARLEM', cents: -401 },
      { printed: '2026-01-03', iso: '2026-01-03', text: 'TRAIN TICKETS', cents: -72_600 },
      { printed: '2026-01-05', iso: '2026-01-05', text: 'THANK YOU FOR YOUR PAYMENT', cents: 25_533 },
      { printed: '2026-01-12', iso: '2026-01-12', text: 'GARDEN CENTRE', cents: -80_257 },
    ];
    const before = 30_389;
    const payments = 25_533;
    const purchases = 401 + 72_600 + 80_257;
    const after = before - payments + purchases;
    const lines: TableLine[] = [
      line(40, L(40, 'Polder Savings Bank', true)),
      line(70, L(40, 'Anna Dijkstra'), L(320, 'Card'), R(550, '2078 **** **** 7261')),
      line(85, L(320, 'Period 27 December 2025 - 26 January 2026')),
      line(115, L(40, 'Figure from the last overview'), R(300, money(before))),
      line(130, L(40, 'Received from you'), R(300, money(payments))),
      line(145, L(40, 'Spent'), R(300, money(purchases))),
      line(160, L(40, 'Figure of this overview'), R(300, money(after))),
      line(175, L(40, 'Minimum payment due'), R(300, money(4_731))),
      line(190, L(40, 'Credit limit'), R(300, money(300_000))),
      line(225, L(40, 'Date', true), L(120, 'Description', true), R(550, 'Amount', true)),
      ...entries.map((e, i) =>
        line(241 + i * 14, L(40, e.printed), L(120, e.text), R(550, `${e.cents > 0 ? '-' : ''}${money(e.cents)}`)),
      ),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'card-summary-sums.pdf');
    expect(rowsOf(s).map((r) => r.slice(0, 3))).toEqual(expectedRows(0, entries, false).map((r) => r.slice(0, 3)));
    expect(factsOf(s)).toMatchObject({
      openingBalance: -before / 100,
      closingBalance: -after / 100,
      status: 'balanced',
    });
  });

  it('English: value dates out of order, B/F and C/F rows on every page, totals alone on page 3', async () => {
    const entries: Entry[] = [
      { printed: '02/05/2024', iso: '2024-05-02', text: 'FAST TRANSFER FROM LIM WEI MING', cents: 85_000 },
      { printed: '01/05/2024', iso: '2024-05-01', text: 'NETS PURCHASE COLD STORAGE', cents: -6_245 },
      { printed: '03/05/2024', iso: '2024-05-03', text: 'GIRO SP SERVICES', cents: -13_870 },
      { printed: '06/05/2024', iso: '2024-05-06', text: 'ATM WITHDRAWAL TAMPINES', cents: -20_000 },
      { printed: '05/05/2024', iso: '2024-05-05', text: 'PAYNOW TO TAN AH KOW', cents: -4_500 },
      { printed: '08/05/2024', iso: '2024-05-08', text: 'SALARY HARBOURFRONT PTE LTD', cents: 512_300 },
      { printed: '10/05/2024', iso: '2024-05-10', text: 'CARD PURCHASE GRAB RIDES', cents: -2_380 },
      { printed: '09/05/2024', iso: '2024-05-09', text: 'GIRO TOWN COUNCIL', cents: -9_100 },
      { printed: '14/05/2024', iso: '2024-05-14', text: 'INTEREST CREDIT', cents: 417 },
      { printed: '13/05/2024', iso: '2024-05-13', text: 'NETS PURCHASE FAIRPRICE', cents: -7_733 },
    ];
    const opening = 268_115;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const header = (y: number) =>
      line(
        y,
        L(40, 'Value Date', true),
        L(110, 'Particulars', true),
        R(380, 'Withdrawals', true),
        R(460, 'Deposits', true),
        R(550, 'Balance', true),
      );
    const row = (y: number, i: number) => {
      const e = entries[i] as Entry;
      return line(
        y,
        L(40, e.printed),
        L(110, e.text),
        R(e.cents < 0 ? 380 : 460, money(e.cents)),
        R(550, money(bals[i] as number)),
      );
    };
    const pageTop = (n: number) => line(40, L(40, 'Straits Harbour Bank', true), R(550, `Page ${n} of 3`));
    const out = entries.filter((e) => e.cents < 0).reduce((a, e) => a - e.cents, 0);
    const inn = entries.filter((e) => e.cents > 0).reduce((a, e) => a + e.cents, 0);
    const pages = [
      {
        lines: [
          pageTop(1),
          line(70, L(40, 'MS NUR AISYAH BINTE RAHMAN'), L(320, 'Account No. 123-45678-9')),
          line(85, L(320, 'Statement Period 01/05/2024 to 31/05/2024')),
          header(120),
          line(138, L(110, 'BALANCE B/F'), R(550, money(opening))),
          ...[0, 1, 2, 3, 4].map((i) => row(152 + i * 14, i)),
          line(152 + 5 * 14, L(110, 'BALANCE C/F'), R(550, money(bals[4] as number))),
        ],
      },
      {
        lines: [
          pageTop(2),
          header(70),
          line(88, L(110, 'BALANCE B/F'), R(550, money(bals[4] as number))),
          ...[5, 6, 7, 8, 9].map((i) => row(102 + (i - 5) * 14, i)),
          line(102 + 5 * 14, L(110, 'BALANCE C/F'), R(550, money(closing))),
        ],
      },
      {
        lines: [
          pageTop(3),
          header(70),
          line(88, L(110, 'TOTAL'), R(380, money(out)), R(460, money(inn)), R(550, money(closing))),
        ],
      },
    ];
    const [s] = await run(await tablePdf({ pages }), 'value-dates.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(s?.transactions.map((t) => t.page)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    expect(factsOf(s)).toEqual({
      periodStart: '2024-05-01',
      periodEnd: '2024-05-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('German: only a "Wert" column out of order, Übertrag rows at page breaks, a Summe row alone on the last page', async () => {
    const entries: Entry[] = [
      { printed: '02.09.', iso: '2024-09-02', text: 'Lastschrift Telekom Deutschland', cents: -3_995 },
      { printed: '30.08.', iso: '2024-08-30', text: 'Gutschrift Rente August', cents: 164_210 },
      { printed: '03.09.', iso: '2024-09-03', text: 'Kartenzahlung Edeka Neumann', cents: -5_478 },
      { printed: '05.09.', iso: '2024-09-05', text: 'Überweisung Zahnarztpraxis Dr. Roth', cents: -21_000 },
      { printed: '04.09.', iso: '2024-09-04', text: 'Kartenzahlung Apotheke am Markt', cents: -1_290 },
      { printed: '10.09.', iso: '2024-09-10', text: 'Dauerauftrag Miete September', cents: -64_000 },
      { printed: '09.09.', iso: '2024-09-09', text: 'Gutschrift Erstattung Krankenkasse', cents: 8_645 },
      { printed: '12.09.', iso: '2024-09-12', text: 'Bargeldauszahlung', cents: -10_000 },
    ];
    const opening = 102_733;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const eur = (c: number) => `${money(c, ',')} ${c < 0 ? 'S' : 'H'}`;
    const header = (y: number) =>
      line(y, L(40, 'Wert', true), L(100, 'Erläuterung', true), R(450, 'Umsatz', true), R(550, 'Kontostand', true));
    const row = (y: number, i: number) => {
      const e = entries[i] as Entry;
      return line(y, L(40, e.printed), L(100, e.text), R(450, eur(e.cents)), R(550, eur(bals[i] as number)));
    };
    const sumOut = entries.filter((e) => e.cents < 0).reduce((a, e) => a + e.cents, 0);
    const sumIn = entries.filter((e) => e.cents > 0).reduce((a, e) => a + e.cents, 0);
    const pages = [
      {
        lines: [
          line(40, L(40, 'Raiffeisenbank Oberland eG', true), R(550, 'Blatt 1')),
          line(70, L(40, 'Herrn Walter Huber'), L(320, 'Konto-Nr. 7712 3456 00')),
          line(85, L(320, 'Kontoauszug vom 02.09.2024 bis 13.09.2024')),
          header(120),
          line(138, L(100, 'Kontostand alt'), R(550, eur(opening))),
          ...[0, 1, 2, 3].map((i) => row(152 + i * 14, i)),
          line(152 + 4 * 14, L(100, 'Übertrag auf Blatt 2'), R(550, eur(bals[3] as number))),
        ],
      },
      {
        lines: [
          line(40, L(40, 'Raiffeisenbank Oberland eG', true), R(550, 'Blatt 2')),
          header(70),
          line(88, L(100, 'Übertrag von Blatt 1'), R(550, eur(bals[3] as number))),
          ...[4, 5, 6, 7].map((i) => row(102 + (i - 4) * 14, i)),
          line(102 + 4 * 14, L(100, 'Übertrag auf Blatt 3'), R(550, eur(closing))),
        ],
      },
      {
        lines: [
          line(40, L(40, 'Raiffeisenbank Oberland eG', true), R(550, 'Blatt 3')),
          header(70),
          line(88, L(100, 'Summe Umsätze'), R(380, eur(sumOut)), R(450, eur(sumIn)), R(550, eur(closing))),
        ],
      },
    ];
    const [s] = await run(await tablePdf({ pages }), 'wertstellung.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(s?.transactions.map((t) => t.page)).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
    expect(factsOf(s)).toEqual({
      periodStart: '2024-09-02',
      periodEnd: '2024-09-13',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('Turkish: a first row whose label follows the date it is for ("01.02.2025 Tarihli Bakiye"), signed amounts, no balance column', async () => {
    const entries: Entry[] = Array.from({ length: 9 }, (_, i) => ({
      printed: `${String(3 + i * 3).padStart(2, '0')}.02.2025`,
      iso: `2025-02-${String(3 + i * 3).padStart(2, '0')}`,
      text: ['POS Harcama MARKET ANKARA', 'Gelen Havale AYSE KAYA', 'Fatura Odeme ELEKTRIK', 'ATM Para Cekme'][
        i % 4
      ] as string,
      cents: i % 4 === 1 ? 120_000 + i : -(2_750 + i * 1_913),
    }));
    const opening = 2_177_577;
    const closing = opening + entries.reduce((n, e) => n + e.cents, 0);
    const signed = (cents: number) => `${cents < 0 ? '-' : ''}${money(Math.abs(cents), ',')}`;
    const pdf = await tablePdf({
      pages: [
        tablePage(
          [line(40, L(40, 'Ornek Bankasi', true)), line(60, L(40, 'Donem: 01.02.2025 - 28.02.2025'))],
          100,
          [L(40, 'Muhasebe Tarihi'), L(150, 'Aciklamalar'), R(550, 'Tutar (TRY)')],
          [
            [L(40, '01.02.2025'), L(150, '01.02.2025 Tarihli Bakiye'), R(550, money(opening, ','))],
            ...entries.map((e) => [L(40, e.printed), L(150, e.text), R(550, signed(e.cents))]),
            [L(150, 'Son Bakiye'), R(550, money(closing, ','))],
          ],
        ),
      ],
    });
    const [s] = await run(pdf, 'tarihli-bakiye.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
    expect(factsOf(s)).toMatchObject({
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('English: paid out / paid in without a balance column, BALANCE C/F at each page foot and BROUGHT FORWARD at the next page head', async () => {
    const entries: Entry[] = Array.from({ length: 30 }, (_, i) => ({
      printed: `${String(1 + Math.floor(i / 2)).padStart(2, '0')}/01/26`,
      iso: `2026-01-${String(1 + Math.floor(i / 2)).padStart(2, '0')}`,
      text: ['BPAY ENERGY CO', 'POS PURCHASE GROCER', 'SALARY ACME PTY', 'ATM WITHDRAWAL CITY', 'TRANSFER TO J LEE'][
        i % 5
      ] as string,
      cents: i % 5 === 2 ? 210_000 + i : -(3_150 + i * 977),
    }));
    const opening = 367_368;
    const bals = running(opening, entries);
    const header = line(
      90,
      L(40, 'Date', true),
      L(110, 'Transaction', true),
      R(470, 'Paid out', true),
      R(550, 'Paid in', true),
    );
    const rows = (from: number, to: number, y0: number) =>
      entries
        .slice(from, to)
        .map((e, k) =>
          line(
            y0 + k * 16,
            L(40, e.printed),
            L(110, e.text),
            R(470, e.cents < 0 ? money(-e.cents) : ''),
            R(550, e.cents > 0 ? money(e.cents) : ''),
          ),
        );
    const carried = (i: number) => `$${money(bals[i] as number)} Cr`;
    const pages = [
      [
        line(40, L(40, 'Coral Coast Bank', true)),
        line(60, L(40, 'Statement period 01/01/26 to 31/01/26')),
        header,
        line(110, L(40, '01/01/26'), L(110, 'PREVIOUS BALANCE'), R(550, `$${money(opening)} Cr`)),
        ...rows(0, 12, 126),
        line(126 + 12 * 16, L(110, 'BALANCE C/F'), R(550, carried(11))),
      ],
      [
        header,
        line(110, L(110, 'BROUGHT FORWARD'), R(550, carried(11))),
        ...rows(12, 24, 126),
        line(126 + 12 * 16, L(110, 'BALANCE C/F'), R(550, carried(23))),
      ],
      [header, line(110, L(110, 'BROUGHT FORWARD'), R(550, carried(23))), ...rows(24, 30, 126)],
    ];
    const [s] = await run(await tablePdf({ pages: pages.map((lines) => ({ lines })) }), 'cf-bf-no-balance-column.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
  });

  it('English: type codes beside the details, one date a day; a page whose dated line prints its amount a line below, a page whose dated rows are all "CR"', async () => {
    // [type, details, second line or '', cents, dated]: a day's first row carries the date.
    type Row = [string, string, string, number, boolean];
    const pageRows: Row[][] = [
      [
        ['VIS', 'GROCER ONE', '', -1_286, true],
        ['BP', 'A SMITH WAGES WK 1', '', -50_064, false],
        ['CR', 'CARD SETTLEMENT 1001', '', 42_685, false],
        ['DD', 'POWER CO', '', -5_028, true],
        ['CHQ', '100507', '', -9_464, false],
      ],
      [
        ['TFR', '19-20-29 95254545', 'INTERNET TRANSFER', 55_000, true],
        ['CR', 'CARD SETTLEMENT 1002', '', 31_220, false],
        ['BP', 'FOOD SUPPLIES INV 8', '', -22_618, false],
        ['VIS', 'BAKERY TWO', '', -286, false],
        ['DD', 'INSURER LTD', '', -3_370, false],
      ],
      [
        ['CR', 'CARD SETTLEMENT 1003', '', 46_256, true],
        ['BP', 'B JONES', 'BILLS', -23_200, false],
        ['CR', 'CASH DEPOSIT BRANCH', '', 48_666, true],
        ['VIS', 'COFFEE SHOP', '', -822, false],
        ['BP', 'LINEN CO INV 3', '', -42_961, false],
      ],
    ];
    let day = 6;
    const entries: Entry[] = [];
    const dated: string[] = [];
    for (const rows of pageRows)
      for (const [type, details, more, cents, isDated] of rows) {
        if (isDated) day += 2;
        const printed = `${String(day).padStart(2, '0')} May 24`;
        dated.push(isDated ? printed : '');
        entries.push({
          printed,
          iso: `2024-05-${String(day).padStart(2, '0')}`,
          text: [type, details, more].filter(Boolean).join(' '),
          cents,
        });
      }
    const opening = 2_316_493;
    const bals = running(opening, entries);
    const header = line(
      90,
      L(40, 'Date', true),
      L(110, 'Payment type and details', true),
      R(420, 'Paid out', true),
      R(480, 'Paid in', true),
      R(550, 'Balance', true),
    );
    let k = 0;
    const pages = pageRows.map((rows, p) => {
      let y = 126;
      const lines: TableLine[] = [
        header,
        line(
          108,
          L(110, p === 0 ? 'BALANCE BROUGHT FORWARD' : 'BALANCE BROUGHT FORWARD'),
          R(550, money(p === 0 ? opening : (bals[k - 1] as number))),
        ),
      ];
      for (const [type, details, more, cents] of rows) {
        const amounts = [R(420, cents < 0 ? money(-cents) : ''), R(480, cents > 0 ? money(cents) : '')];
        const last = rows.indexOf(rows.find((r) => r[1] === details) as Row) === rows.length - 1;
        const balance = last ? [R(550, money(bals[k] as number))] : [];
        if (more) {
          lines.push(line(y, L(40, dated[k] as string), L(110, type), L(150, details)));
          y += 12;
          lines.push(line(y, L(150, more), ...amounts, ...balance));
        } else lines.push(line(y, L(40, dated[k] as string), L(110, type), L(150, details), ...amounts, ...balance));
        y += 14;
        k++;
      }
      lines.push(line(y + 4, L(110, 'BALANCE CARRIED FORWARD'), R(550, money(bals[k - 1] as number))));
      return { lines };
    });
    const [s] = await run(await tablePdf({ pages }), 'type-codes-three-pages.pdf');
    expect(rowsOf(s).map(([d, t, a]) => [d, t, a])).toEqual(entries.map((e) => [e.iso, e.text, e.cents / 100]));
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('English: dated BALANCE BROUGHT FORWARD / CARRIED FORWARD rows and a CLOSING BALANCE row', async () => {
    const entries: Entry[] = [
      { printed: '02 MAY', iso: '2024-05-02', text: 'CHQ DEP 100233', cents: 45_000 },
      { printed: '01 MAY', iso: '2024-05-01', text: 'POS LIDL', cents: -2_210 },
      { printed: '06 MAY', iso: '2024-05-06', text: 'DD INSURANCE', cents: -3_300 },
      { printed: '08 MAY', iso: '2024-05-08', text: 'SALARY', cents: 220_000 },
      { printed: '07 MAY', iso: '2024-05-07', text: 'ATM', cents: -10_000 },
      { printed: '10 MAY', iso: '2024-05-10', text: 'POS TESCO', cents: -4_560 },
    ];
    const opening = 10_000;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const header = (y: number) =>
      line(
        y,
        L(40, 'Value Date', true),
        L(110, 'Transaction Details', true),
        R(380, 'Debit', true),
        R(460, 'Credit', true),
        R(550, 'Balance', true),
      );
    const row = (y: number, i: number) => {
      const e = entries[i] as Entry;
      return line(
        y,
        L(40, e.printed),
        L(110, e.text),
        R(e.cents < 0 ? 380 : 460, money(e.cents)),
        R(550, money(bals[i] as number)),
      );
    };
    const pages = [
      {
        lines: [
          line(40, L(40, 'Emerald Isle Bank', true)),
          line(70, L(40, 'MR SEAN MURPHY'), L(320, 'Account 99887766')),
          line(85, L(320, 'Statement 01 MAY 2024 to 31 MAY 2024')),
          header(120),
          line(138, L(40, '01 MAY'), L(110, 'BALANCE BROUGHT FORWARD'), R(550, money(opening))),
          ...[0, 1, 2].map((i) => row(152 + i * 14, i)),
          line(152 + 3 * 14, L(40, '06 MAY'), L(110, 'BALANCE CARRIED FORWARD'), R(550, money(bals[2] as number))),
        ],
      },
      {
        lines: [
          header(70),
          line(88, L(40, '06 MAY'), L(110, 'BALANCE BROUGHT FORWARD'), R(550, money(bals[2] as number))),
          ...[3, 4, 5].map((i) => row(102 + (i - 3) * 14, i)),
          line(102 + 3 * 14, L(40, '31 MAY'), L(110, 'CLOSING BALANCE'), R(550, money(closing))),
        ],
      },
    ];
    const [s] = await run(await tablePdf({ pages }), 'dated-bf.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2024-05-01',
      periodEnd: '2024-05-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('English: no header on page 2, a last page holding only a Total row without a header', async () => {
    const entries: Entry[] = Array.from({ length: 8 }, (_, i) => ({
      printed: `${String(i + 2).padStart(2, '0')}/04/2024`,
      iso: `2024-04-${String(i + 2).padStart(2, '0')}`,
      text: i % 3 === 0 ? `TRANSFER IN REF ${7000 + i}` : `POS PURCHASE SHOP ${i}`,
      cents: i % 3 === 0 ? 12_345 + i : -(999 + i * 101),
    }));
    const opening = 77_700;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const row = (y: number, i: number) => {
      const e = entries[i] as Entry;
      return line(
        y,
        L(40, e.printed),
        L(110, e.text),
        R(380, e.cents < 0 ? money(e.cents) : ''),
        R(460, e.cents > 0 ? money(e.cents) : ''),
        R(550, money(bals[i] as number)),
      );
    };
    const out = entries.filter((e) => e.cents < 0).reduce((a, e) => a - e.cents, 0);
    const inn = entries.filter((e) => e.cents > 0).reduce((a, e) => a + e.cents, 0);
    const pages = [
      {
        lines: [
          line(40, L(40, 'Gulf Coast Bank', true)),
          line(70, L(40, 'MARIA GONZALEZ'), L(320, 'Account 4455667788')),
          line(85, L(320, 'Period 01/04/2024 - 30/04/2024')),
          line(100, L(320, 'Opening balance'), R(550, money(opening))),
          line(
            120,
            L(40, 'Date', true),
            L(110, 'Description', true),
            R(380, 'Debit', true),
            R(460, 'Credit', true),
            R(550, 'Balance', true),
          ),
          ...[0, 1, 2, 3].map((i) => row(138 + i * 14, i)),
        ],
      },
      { lines: [line(40, R(550, 'Page 2')), ...[4, 5, 6, 7].map((i) => row(70 + (i - 4) * 14, i))] },
      {
        lines: [
          line(40, R(550, 'Page 3')),
          line(
            70,
            L(110, 'Total', true),
            R(380, money(out), true),
            R(460, money(inn), true),
            R(550, money(closing), true),
          ),
        ],
      },
    ];
    const [s] = await run(await tablePdf({ pages }), 'no-header-total.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toEqual({
      periodStart: '2024-04-01',
      periodEnd: '2024-04-30',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });
});

describe('class 8: carried balances in words no vocabulary has, long descriptions in a wide column', () => {
  it('English card: the opening printed above, the last row prints the closing in words no vocabulary has, a price list after it', async () => {
    const entries: Entry[] = [
      { printed: '2025-06-14', iso: '2025-06-14', text: 'ESPRESSO BAR', cents: -9_400 },
      { printed: '2025-06-17', iso: '2025-06-17', text: 'PAYMENT THANK YOU', cents: 919_600 },
      { printed: '2025-06-20', iso: '2025-06-20', text: 'HARDWARE STORE', cents: -251_922 },
      { printed: '2025-07-13', iso: '2025-07-13', text: 'INTEREST', cents: -23_210 },
    ];
    const owed = 1_378_178;
    const figure = owed - entries.reduce((n, e) => n + e.cents, 0);
    const lines: TableLine[] = [
      line(40, L(40, 'Osterlen Card Services', true)),
      line(70, L(40, 'Oskar Berg'), L(320, 'Card number'), R(550, '9410 **** **** 9606')),
      line(85, L(320, 'Minimum payment due'), R(550, money(109_430))),
      line(100, L(320, 'Credit limit'), R(550, money(5_000_000))),
      line(115, L(320, 'Previous balance'), R(550, money(owed))),
      line(130, L(40, 'Period 14 June 2025 - 13 July 2025')),
      line(160, L(40, 'Date', true), L(120, 'Description', true), R(550, 'Amount', true)),
      ...entries.map((e, i) =>
        line(176 + i * 14, L(40, e.printed), L(120, e.text), R(550, `${money(e.cents)}${e.cents > 0 ? ' CR' : ''}`)),
      ),
      line(176 + entries.length * 14, L(40, '2025-07-13'), L(120, 'Position 13 July 2025'), R(550, money(figure))),
      line(240, L(40, 'Price list', true)),
      line(256, L(40, 'Paper statement'), R(300, money(14_413))),
      line(270, L(40, 'Replacement card'), R(300, money(34_396))),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'closing-row-only.pdf');
    expect(rowsOf(s).map((r) => r.slice(0, 3))).toEqual(expectedRows(0, entries, false).map((r) => r.slice(0, 3)));
    expect(factsOf(s)).toMatchObject({
      openingBalance: -owed / 100,
      closingBalance: -figure / 100,
      status: 'balanced',
    });
  });

  it('English: a day-total row after each day, a page break inside a day with a figure carried over in words no vocabulary has', async () => {
    const days = [
      [{ printed: '01-01-2024', iso: '2024-01-01', text: 'BAKERY CENTRAL', cents: -2_192 }],
      [
        { printed: '02-01-2024', iso: '2024-01-02', text: 'RENT TRANSFER', cents: -1_043_000 },
        { printed: '02-01-2024', iso: '2024-01-02', text: 'SALARY', cents: 2_845_000 },
      ],
      [
        { printed: '03-01-2024', iso: '2024-01-03', text: 'GROCER 365', cents: -4_718 },
        { printed: '03-01-2024', iso: '2024-01-03', text: 'KIOSK 3813', cents: -2_882 },
      ],
      [{ printed: '04-01-2024', iso: '2024-01-04', text: 'PHARMACY', cents: -13_150 }],
    ] as Entry[][];
    const entries = days.flat();
    const opening = 1_339_848;
    const closing = running(opening, entries).at(-1) as number;
    const signedMoney = (c: number) => `${c < 0 ? '-' : ''}${money(c, ',')}`;
    const header = line(90, L(40, 'Booked', true), L(130, 'Text', true), R(550, 'Amount', true));
    const rowsOfPage: TableCell[][] = [];
    const page2: TableCell[][] = [];
    let target = rowsOfPage;
    let sofar = opening;
    days.forEach((day, d) => {
      day.forEach((e, i) => {
        target.push([L(40, e.printed), L(130, e.text), R(550, signedMoney(e.cents))]);
        sofar += e.cents;
        if (d === 2 && i === 0) {
          // The page ends inside day 3: the next page starts with the figure so far.
          target = page2;
          target.push([L(130, 'Moved over from page 1'), R(550, signedMoney(sofar))]);
        }
      });
      target.push([L(130, 'Daily figure'), R(550, signedMoney(day.reduce((n, e) => n + e.cents, 0)))]);
    });
    const head = [
      line(40, L(40, 'Funen Savings', true)),
      line(
        55,
        L(40, 'Period 1 January 2024 - 31 January 2024'),
        L(330, 'Opening balance'),
        R(550, signedMoney(opening)),
      ),
      line(70, L(330, 'Closing balance'), R(550, signedMoney(closing))),
    ];
    const page = (lines: TableCell[][], top: TableLine[]) => ({
      lines: [...top, header, ...lines.map((cells, i) => line(108 + i * 14, ...cells))],
    });
    const [s] = await run(
      await tablePdf({ pages: [page(rowsOfPage, head), page(page2, [])] }),
      'day-totals-carried.pdf',
    );
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
    expect(factsOf(s)).toMatchObject({
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it("English: an undated first row prints the summary's opening balance in words no vocabulary has, in the credit column", async () => {
    const entries: Entry[] = [
      { printed: '13/12/2024', iso: '2024-12-13', text: 'CHEQUE 1729', cents: -8_480 },
      { printed: '14/12/2024', iso: '2024-12-14', text: 'CASH MACHINE', cents: -15_300 },
      { printed: '27/12/2024', iso: '2024-12-27', text: 'SALARY DECEMBER', cents: 343_272 },
      { printed: '06/01/2025', iso: '2025-01-06', text: 'TRANSFER FROM ANDREA', cents: 15_000 },
      { printed: '09/01/2025', iso: '2025-01-09', text: 'ELECTRONICS STORE', cents: -9_993 },
    ];
    const opening = 136_623;
    const closing = running(opening, entries).at(-1) as number;
    const lines: TableLine[] = [
      line(40, L(40, 'Valtellina Cooperative Bank', true)),
      line(70, L(320, 'Period 13/12/2024 - 12/01/2025')),
      line(100, L(40, 'Opening balance'), R(200, money(opening)), L(320, 'Closing balance'), R(480, money(closing))),
      line(140, L(40, 'Date', true), L(110, 'Details', true), R(450, 'Paid out', true), R(550, 'Paid in', true)),
      line(158, L(110, 'Position at the outset'), R(550, money(opening))),
      ...entries.map((e, i) =>
        line(172 + i * 14, L(40, e.printed), L(110, e.text), R(e.cents < 0 ? 450 : 550, money(e.cents))),
      ),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'undated-opening-row.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
    expect(factsOf(s)).toMatchObject({
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it("English: page 2 starts with a balance brought over, then rows whose balance stands only on each day's last row", async () => {
    const entries: Entry[] = Array.from({ length: 12 }, (_, i) => ({
      printed: `2025-11-${String(2 + Math.floor(i / 2)).padStart(2, '0')}`,
      iso: `2025-11-${String(2 + Math.floor(i / 2)).padStart(2, '0')}`,
      text: `CARD PURCHASE STORE ${40 + i}`,
      cents: -(1_000 + i * 379),
    }));
    const opening = 5_929_438;
    const bals = running(opening, entries);
    const cells = (e: Entry, i: number) => {
      // The balance only on the day's last row.
      const lastOfDay = entries[i + 1]?.printed !== e.printed;
      return [
        L(40, e.printed),
        L(130, e.text),
        R(450, `-${money(e.cents, ',')}`),
        ...(lastOfDay ? [R(550, money(bals[i] as number, ','))] : []),
      ];
    };
    const header = line(
      90,
      L(40, 'Booked', true),
      L(130, 'Description', true),
      R(450, 'Amount', true),
      R(550, 'Balance', true),
    );
    const page1 = [
      line(40, L(40, 'Malar Savings', true)),
      line(55, L(40, 'Period 2025-11-01 - 2025-11-30')),
      header,
      line(108, L(130, 'Previous balance'), R(550, money(opening, ','))),
      ...entries.slice(0, 8).map((e, i) => line(122 + i * 14, ...cells(e, i))),
    ];
    const page2 = [
      header,
      line(108, L(130, 'Balance as of 2025-11-05'), R(550, money(bals[7] as number, ','))),
      ...entries.slice(8).map((e, i) => line(122 + i * 14, ...cells(e, i + 8))),
    ];
    const [s] = await run(
      await tablePdf({ pages: [{ lines: page1 }, { lines: page2 }] }),
      'brought-over-day-balances.pdf',
    );
    expect(rowsOf(s).map((r) => r.slice(0, 3))).toEqual(expectedRows(opening, entries).map((r) => r.slice(0, 3)));
  });

  it("English: the first row, dated the period's first day, prints the summary's opening in words no vocabulary has", async () => {
    const entries: Entry[] = [
      { printed: '01/02/2023', iso: '2023-02-01', text: 'STANDING ORDER LORENZO', cents: -92_500 },
      { printed: '02/02/2023', iso: '2023-02-02', text: 'DEBIT CARD PURCHASE', cents: -6_380 },
      { printed: '10/02/2023', iso: '2023-02-10', text: 'SALARY FEBRUARY', cents: 250_000 },
    ];
    const opening = 149_179;
    const closing = running(opening, entries).at(-1) as number;
    const signed = (c: number) => `${c < 0 ? '-' : ''}${money(c)}`;
    const lines: TableLine[] = [
      line(40, L(40, 'Lario Test Bank', true)),
      line(70, L(320, 'Period 01/02/2023 - 28/02/2023')),
      line(100, L(40, 'Opening balance'), R(200, money(opening)), L(320, 'Closing balance'), R(480, money(closing))),
      line(140, L(40, 'Date', true), L(110, 'Details', true), R(550, 'Amount', true)),
      line(158, L(40, '01/02/2023'), L(110, 'Position at the outset'), R(550, money(opening))),
      ...entries.map((e, i) => line(172 + i * 14, L(40, e.printed), L(110, e.text), R(550, signed(e.cents)))),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'dated-opening-row.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
  });

  it('English card: the card number masked whole but its last four ("XXXX XXXX XXXX 6308") and a minimum payment make it a card', async () => {
    const entries: Entry[] = [
      { printed: 'JUL 02', iso: '2024-07-02', text: 'COFFEE SHOP', cents: -3_748 },
      { printed: 'JUL 05', iso: '2024-07-05', text: 'PAYMENT THANK YOU', cents: 23_693 },
      { printed: 'JUL 09', iso: '2024-07-09', text: 'HARDWARE STORE', cents: -12_500 },
    ];
    const lines: TableLine[] = [
      line(40, L(40, 'Summit Test Bank', true)),
      line(70, L(40, 'Robert Garcia'), L(320, 'Card no.: XXXX XXXX XXXX 6308')),
      line(85, L(320, 'Statement period: July 2, 2024 - August 1, 2024')),
      line(115, L(40, 'Minimum payment due $53.02 · Due date August 20, 2024')),
      line(150, L(40, 'Date', true), L(110, 'Payment type and details', true), R(550, 'Amount', true)),
      ...entries.map((e, i) =>
        line(168 + i * 14, L(40, e.printed), L(110, e.text), R(550, `${e.cents > 0 ? '-' : ''}$${money(e.cents)}`)),
      ),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'masked-card.pdf');
    expect(rowsOf(s).map((r) => r.slice(0, 3))).toEqual(expectedRows(0, entries, false).map((r) => r.slice(0, 3)));
  });

  it('English: the first and last rows print the balance under a word no vocabulary has, with no balance column', async () => {
    const entries: Entry[] = [
      { printed: '02/01', iso: '2023-01-02', text: 'CARD PURCHASE BAKERY', cents: -90_687 },
      { printed: '03/01', iso: '2023-01-03', text: 'STANDING ORDER RENT', cents: -1_033_500 },
      { printed: '09/01', iso: '2023-01-09', text: 'SALARY NORTHERN MILLS', cents: 1_412_300 },
      { printed: '15/01', iso: '2023-01-15', text: 'CASH WITHDRAWAL', cents: -136_500 },
      { printed: '25/01', iso: '2023-01-25', text: 'REFUND ONLINE SHOP', cents: 11_099 },
    ];
    const opening = 3_727_008;
    const closing = running(opening, entries).at(-1) as number;
    const cell = (c: number) => R(c < 0 ? 420 : 540, money(c));
    const lines: TableLine[] = [
      line(40, L(40, 'Fenland Savings Bank', true)),
      line(70, L(40, 'Ms Ruth Hale'), L(320, 'Account number 8932 1589 9920')),
      line(85, L(320, 'Statement period 1 January 2023 to 31 January 2023')),
      line(130, L(40, 'Date', true), L(110, 'Details', true), R(420, 'Paid out', true), R(540, 'Paid in', true)),
      line(148, L(40, '31/12'), L(110, 'POSITION 31 Dec 2022'), R(540, money(opening))),
      ...entries.map((e, i) => line(162 + i * 14, L(40, e.printed), L(110, e.text), cell(e.cents))),
      line(162 + entries.length * 14, L(40, '31/01'), L(110, 'POSITION 31 Jan 2023'), R(540, money(closing))),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'bracketing-rows.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
    expect(factsOf(s)).toMatchObject({
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('Spanish (MX): a "Pasa a la página siguiente" figure under the credit column, the first page with one credit', async () => {
    const entries: Entry[] = [
      { printed: '01/03', iso: '2023-03-01', text: 'DISPOSICION EFECTIVO', cents: -87_500 },
      { printed: '02/03', iso: '2023-03-02', text: 'ADEUDO RECIBO IZZI TELECOM', cents: -70_986 },
      { printed: '03/03', iso: '2023-03-03', text: 'TRANSFERENCIA DE FERNANDA LOPEZ', cents: 36_000 },
      { printed: '06/03', iso: '2023-03-06', text: 'COMPRA CHEDRAUI 365', cents: -95_414 },
      { printed: '08/03', iso: '2023-03-08', text: 'TACOS EL GUERO', cents: -6_900 },
      { printed: '09/03', iso: '2023-03-09', text: 'PAGO CON TARJETA OXXO', cents: -18_446 },
      { printed: '10/03', iso: '2023-03-10', text: 'DEPOSITO EN EFECTIVO', cents: 250_000 },
      { printed: '14/03', iso: '2023-03-14', text: 'COMPRA LIVERPOOL', cents: -120_050 },
      { printed: '20/03', iso: '2023-03-20', text: 'ORDEN PERMANENTE RENTA', cents: -748_000 },
    ];
    const opening = 2_468_751;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const header = (y: number) =>
      line(y, L(40, 'Fecha', true), L(100, 'Concepto', true), R(420, 'Cargos', true), R(500, 'Abonos', true));
    const row = (y: number, i: number) => {
      const e = entries[i] as Entry;
      return line(y, L(40, e.printed), L(100, e.text), R(e.cents < 0 ? 420 : 500, money(e.cents)));
    };
    const pages = [
      {
        lines: [
          line(40, L(40, 'Banco Sierra Madre', true), L(330, 'Cuenta: 3684704362')),
          line(55, L(330, 'Periodo: 01/03/2023 al 31/03/2023')),
          header(100),
          line(118, L(40, '01/03'), L(100, 'Saldo inicial'), R(500, money(opening))),
          ...[0, 1, 2, 3, 4].map((i) => row(132 + i * 14, i)),
          line(132 + 5 * 14, L(100, 'Pasa a la pagina siguiente'), R(500, money(bals[4] as number))),
          line(800, R(550, '1/2')),
        ],
      },
      {
        lines: [
          header(60),
          line(78, L(100, 'Viene de la pagina anterior'), R(420, money(bals[4] as number))),
          ...[5, 6, 7, 8].map((i) => row(92 + (i - 5) * 14, i)),
          line(92 + 4 * 14, L(40, '31/03'), L(100, 'Saldo final'), R(500, money(closing))),
          line(800, R(550, '2/2')),
        ],
      },
    ];
    const [s] = await run(await tablePdf({ pages }), 'pasa-a-la-pagina.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
    expect(factsOf(s)).toEqual({
      periodStart: '2023-03-01',
      periodEnd: '2023-03-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('English (US): descriptions wider than half the page, the date once per day, a card number in a description', async () => {
    const long = (s: string) => `${s} RALEIGH NC PURCHASE AUTHORIZED`;
    const entries: Entry[] = [
      {
        printed: '12/26/2024',
        iso: '2024-12-26',
        text: long('CARD PAYMENT TO WHOLE FOODS MKT #65442'),
        cents: -12_235,
      },
      { printed: '', iso: '2024-12-26', text: long('VISA DEBIT SHELL OIL 15117655'), cents: -4_500 },
      { printed: '12/27/2024', iso: '2024-12-27', text: long('VISA DEBIT KROGER #491'), cents: -11_150 },
      { printed: '', iso: '2024-12-27', text: long('DIRECT DEPOSIT BLUE RIVER HEALTH SALARY'), cents: 90_332 },
      {
        printed: '',
        iso: '2024-12-27',
        text: 'CARD PAYMENT TO AMC THEATRES 7484 RALEIGH NC CARD NO. XXXX1200',
        cents: -1_555,
      },
      { printed: '12/30/2024', iso: '2024-12-30', text: long('ONLINE TRANSFER FROM CARLOS SMITH GIFT'), cents: 29_800 },
      { printed: '', iso: '2024-12-30', text: long('HOME DEPOT #0415'), cents: -8_017 },
    ];
    const opening = 122_602;
    const closing = running(opening, entries).at(-1) as number;
    const lines: TableLine[] = [
      line(40, L(40, 'Prairie Wind Savings', true), R(590, 'Account No. 385942780140')),
      line(55, L(40, 'Statement period 12/11/2024 to 01/10/2025')),
      line(70, L(40, 'Beginning balance'), R(590, money(opening))),
      line(85, L(40, 'Ending balance'), R(590, money(closing))),
      line(120, L(40, 'Txn Date', true), L(90, 'Particulars', true), R(560, 'Amount', true), L(568, 'D/C', true)),
      ...entries.map((e, i) =>
        line(
          138 + i * 14,
          ...(e.printed ? [L(40, e.printed)] : []),
          L(90, e.text),
          R(560, money(e.cents)),
          L(570, e.cents < 0 ? 'D' : 'C'),
        ),
      ),
    ];
    const statements = await run(await tablePdf({ pages: [{ lines }], size: 'LETTER' }), 'wide-descriptions.pdf');
    expect(statements).toHaveLength(1);
    expect(rowsOf(statements[0])).toEqual(expectedRows(opening, entries, false));
    expect(statements[0]?.reconciliation.status).toBe('balanced');
  });
});

describe('class 13: opening and closing balances only in a summary box above a table without balances', () => {
  it('English: dated summary balances read as rows above the table do not end it before its first transaction', async () => {
    const entries: Entry[] = [
      { printed: '02/09/2024', iso: '2024-09-02', text: 'RENT SEPTEMBER', cents: -120_000 },
      { printed: '10/09/2024', iso: '2024-09-10', text: 'SALARY', cents: 284_550 },
    ];
    const lines: TableLine[] = [
      line(40, L(40, 'Bosphorus Bank', true)),
      line(85, L(320, 'Period 01/09/2024 - 30/09/2024')),
      line(110, L(250, '01/09/2024'), L(308, 'Statement balance'), R(460, money(165_897))),
      line(125, L(250, '30/09/2024'), L(308, 'Statement balance'), R(460, money(330_447))),
      line(160, L(40, 'Date', true), L(120, 'Description', true), R(550, 'Amount', true)),
      ...entries.map((e, i) =>
        line(176 + i * 14, L(40, e.printed), L(120, e.text), R(550, `${e.cents < 0 ? '-' : ''}${money(e.cents)}`)),
      ),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'summary-rows-above.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(0, entries, false));
  });

  it('English: both summary balances under one closing word, each dated before its label: the dates decide', async () => {
    const entries: Entry[] = [
      { printed: '02/09/2024', iso: '2024-09-02', text: 'RENT SEPTEMBER', cents: -120_000 },
      { printed: '10/09/2024', iso: '2024-09-10', text: 'SALARY', cents: 284_550 },
      { printed: '18/09/2024', iso: '2024-09-18', text: 'GROCERIES', cents: -6_412 },
    ];
    const opening = 165_897;
    const closing = running(opening, entries).at(-1) as number;
    const lines: TableLine[] = [
      line(40, L(40, 'Bosphorus Bank', true)),
      line(70, L(40, 'Zeynep Aydin'), L(320, 'Account number 3316-3788273')),
      line(85, L(320, 'Period 01/09/2024 - 30/09/2024')),
      line(110, L(380, '01/09/2024'), L(438, 'Statement balance'), R(585, money(opening))),
      line(125, L(380, '30/09/2024'), L(438, 'Statement balance'), R(585, money(closing))),
      line(160, L(40, 'Date', true), L(120, 'Description', true), R(550, 'Amount', true)),
      ...entries.map((e, i) =>
        line(176 + i * 14, L(40, e.printed), L(120, e.text), R(550, `${e.cents < 0 ? '-' : ''}${money(e.cents)}`)),
      ),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'dated-summary-balances.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
    expect(factsOf(s)).toMatchObject({
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('English: a box of four tiles, labels over values; every row kept, opening + amounts = closing', async () => {
    const entries: Entry[] = [
      { printed: 'Mar 01', iso: '2025-03-01', text: 'ONLINE TRANSFER TO CHECKING 4471', cents: -50_000 },
      { printed: 'Mar 04', iso: '2025-03-04', text: 'ZELLE FROM CHRIS P', cents: 7_500 },
      { printed: 'Mar 11', iso: '2025-03-11', text: 'MONTHLY MAINTENANCE FEE', cents: -500 },
      { printed: 'Mar 11', iso: '2025-03-11', text: 'FEE REVERSAL', cents: 500 },
      { printed: 'Mar 19', iso: '2025-03-19', text: 'MOBILE DEPOSIT CHECK 1182', cents: 125_000 },
      { printed: 'Mar 31', iso: '2025-03-31', text: 'INTEREST EARNED', cents: 73 },
    ];
    const opening = 1_020_044;
    const closing = opening + entries.reduce((a, e) => a + e.cents, 0);
    const credits = entries.filter((e) => e.cents > 0).reduce((a, e) => a + e.cents, 0);
    const debits = entries.filter((e) => e.cents < 0).reduce((a, e) => a - e.cents, 0);
    const lines: TableLine[] = [
      line(40, L(40, 'Lakeshore Federal Savings', true)),
      line(60, L(40, 'PRIYA RAMANATHAN'), L(330, 'Account ending in 0815')),
      line(75, L(330, 'March 1, 2025 - March 31, 2025')),
      line(
        110,
        ...[0, 1, 2, 3].map((k) =>
          L(48 + k * 135, ['Beginning balance', 'Deposits', 'Withdrawals', 'Ending balance'][k] as string),
        ),
      ),
      line(126, ...[opening, credits, debits, closing].map((v, k) => R(167 + k * 135, `$${money(v)}`, true))),
      line(
        170,
        L(40, 'Date', true),
        L(100, 'Description', true),
        R(440, 'Withdrawals', true),
        R(540, 'Deposits', true),
      ),
      ...entries.map((e, i) =>
        line(188 + i * 14, L(40, e.printed), L(100, e.text), R(e.cents < 0 ? 440 : 540, money(e.cents))),
      ),
    ];
    const boxes = [0, 1, 2, 3].map((k) => ({ x: 40 + k * 135, y: 100, width: 135, height: 42 }));
    const [s] = await run(await tablePdf({ size: 'LETTER', pages: [{ lines, boxes }] }), 'summary-tiles.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
    expect(s?.issues ?? []).toEqual([]);
    expect(factsOf(s)).toEqual({
      periodStart: '2025-03-01',
      periodEnd: '2025-03-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('Brazilian Portuguese: a boxed summary beside the header, amounts with D/C suffixes', async () => {
    const entries: Entry[] = [
      { printed: '02/10/2024', iso: '2024-10-02', text: 'PIX RECEBIDO JOAO SOUZA', cents: 35_000 },
      { printed: '03/10/2024', iso: '2024-10-03', text: 'PAGTO BOLETO CONDOMINIO', cents: -78_940 },
      { printed: '07/10/2024', iso: '2024-10-07', text: 'COMPRA CARTAO DEBITO PADARIA', cents: -2_315 },
      { printed: '10/10/2024', iso: '2024-10-10', text: 'TARIFA PACOTE SERVICOS', cents: -3_290 },
      { printed: '15/10/2024', iso: '2024-10-15', text: 'SALARIO EMPRESA XINGU LTDA', cents: 612_800 },
      { printed: '21/10/2024', iso: '2024-10-21', text: 'SAQUE 24H', cents: -20_000 },
    ];
    const opening = 148_512;
    const closing = opening + entries.reduce((a, e) => a + e.cents, 0);
    const brl = (c: number) => `${money(c, ',', '.')} ${c < 0 ? 'D' : 'C'}`;
    const lines: TableLine[] = [
      line(40, L(40, 'Banco Cerrado S.A.', true)),
      line(60, L(40, 'FERNANDA OLIVEIRA COSTA')),
      line(75, L(40, 'Agência 0321  Conta 45678-9')),
      line(90, L(40, 'Extrato de 01/10/2024 a 31/10/2024')),
      line(60, L(340, 'Resumo', true)),
      line(78, L(340, 'Saldo anterior'), R(545, brl(opening))),
      line(93, L(340, 'Saldo atual'), R(545, brl(closing))),
      line(140, L(40, 'Data', true), L(110, 'Histórico', true), R(545, 'Valor (R$)', true)),
      ...entries.map((e, i) => line(158 + i * 14, L(40, e.printed), L(110, e.text), R(545, brl(e.cents)))),
    ];
    const boxes = [{ x: 332, y: 52, width: 222, height: 58 }];
    const [s] = await run(await tablePdf({ pages: [{ lines, boxes }] }), 'extrato-resumo.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
    expect(s?.issues ?? []).toEqual([]);
    expect(factsOf(s)).toEqual({
      periodStart: '2024-10-01',
      periodEnd: '2024-10-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('Indonesian: Saldo Awal / Saldo Akhir tiles above a Mutasi column with DB/CR, a row with a long wrapped description', async () => {
    const rows = [
      { printed: '01/07', iso: '2024-07-01', text: ['TRSF E-BANKING DB', 'KE BUDI SANTOSO'], cents: -250_000_000 },
      { printed: '03/07', iso: '2024-07-03', text: ['SETORAN TUNAI'], cents: 1_500_000_000 },
      {
        printed: '05/07',
        iso: '2024-07-05',
        text: ['BYR VIA E-BANKING', 'PLN PASCABAYAR', 'IDPEL 531234567890'],
        cents: -48_750_000,
      },
      { printed: '12/07', iso: '2024-07-12', text: ['BIAYA ADM'], cents: -1_500_000 },
      { printed: '25/07', iso: '2024-07-25', text: ['GAJI JULI PT NUSANTARA'], cents: 980_000_000 },
    ];
    const entries: Entry[] = rows.map((r) => ({
      printed: r.printed,
      iso: r.iso,
      text: r.text.join(' '),
      cents: r.cents,
    }));
    const opening = 731_250_000;
    const closing = opening + entries.reduce((a, e) => a + e.cents, 0);
    const idr = (c: number) => money(c, '.', ',');
    const lines: TableLine[] = [
      line(40, L(40, 'Bank Kepulauan Nusantara', true)),
      line(60, L(40, 'DEWI LESTARI'), L(330, 'No. Rekening 0987654321')),
      line(75, L(330, 'Periode Juli 2024')),
      line(105, L(48, 'Saldo Awal'), L(228, 'Saldo Akhir'), L(408, 'Mata Uang')),
      line(121, R(210, idr(opening), true), R(390, idr(closing), true), L(408, 'IDR', true)),
      line(165, L(40, 'Tanggal', true), L(100, 'Keterangan', true), R(460, 'Mutasi', true)),
    ];
    let y = 183;
    rows.forEach((r) => {
      lines.push(
        line(y, L(40, r.printed), L(100, r.text[0] as string), R(460, idr(r.cents)), L(466, r.cents < 0 ? 'DB' : 'CR')),
      );
      for (const more of r.text.slice(1)) {
        y += 11;
        lines.push(line(y, L(100, more)));
      }
      y += 16;
    });
    const boxes = [0, 1, 2].map((k) => ({ x: 40 + k * 180, y: 96, width: 180, height: 42 }));
    const [s] = await run(await tablePdf({ pages: [{ lines, boxes }] }), 'rekening.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
    expect(s?.issues ?? []).toEqual([]);
    expect(factsOf(s)).toEqual({
      periodStart: '2024-07-01',
      periodEnd: '2024-07-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('French: amounts on the last line of wrapped rows, balances only in a boxed summary', async () => {
    const rows = [
      {
        printed: '02/06/2025',
        text: ['Virement SEPA recu', 'DE: SARL MARTIN', 'MOTIF: FACTURE 2025-118'],
        cents: 84_000,
      },
      { printed: '09/06/2025', text: ['Prelevement', 'URSSAF'], cents: -31_250 },
      { printed: '16/06/2025', text: ['Paiement CB LEROY MERLIN'], cents: -18_990 },
      { printed: '27/06/2025', text: ['Commission', 'tenue de compte'], cents: -1_500 },
    ];
    const entries: Entry[] = rows.map((r) => ({
      printed: r.printed,
      iso: r.printed.split('/').reverse().join('-'),
      text: r.text.join(' '),
      cents: r.cents,
    }));
    const opening = 412_030;
    const closing = opening + entries.reduce((a, e) => a + e.cents, 0);
    const eur = (c: number) => money(c, ',', ' ');
    const lines: TableLine[] = [
      line(40, L(40, 'Banque des Artisans', true)),
      line(60, L(40, 'SARL ATELIER BOIS'), L(330, 'Compte 00123 45678901')),
      line(75, L(330, 'Du 01/06/2025 au 30/06/2025')),
      line(105, L(48, 'Solde au 01/06/2025'), R(300, eur(opening), true)),
      line(120, L(48, 'Solde au 30/06/2025'), R(300, eur(closing), true)),
      line(160, L(40, 'Date', true), L(110, 'Libellé', true), R(460, 'Débit', true), R(550, 'Crédit', true)),
    ];
    let y = 178;
    rows.forEach((r) => {
      r.text.forEach((t, k) => {
        const last = k === r.text.length - 1;
        lines.push(
          line(
            y + k * 11,
            ...(k === 0 ? [L(40, r.printed)] : []),
            L(110, t),
            ...(last ? [R(r.cents < 0 ? 460 : 550, eur(r.cents))] : []),
          ),
        );
      });
      y += r.text.length * 11 + 6;
    });
    const boxes = [{ x: 40, y: 97, width: 270, height: 38 }];
    const [s] = await run(await tablePdf({ pages: [{ lines, boxes }] }), 'last-line-amounts.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
    expect(factsOf(s)).toEqual({
      periodStart: '2025-06-01',
      periodEnd: '2025-06-30',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('English: an overdraft limit and an available balance in the box beside opening and closing', async () => {
    const entries: Entry[] = [
      { printed: '02/08/2024', iso: '2024-08-02', text: 'CARD PURCHASE BUNNINGS', cents: -8_920 },
      { printed: '09/08/2024', iso: '2024-08-09', text: 'TRANSFER FROM J SMITH', cents: 40_000 },
      { printed: '23/08/2024', iso: '2024-08-23', text: 'DIRECT DEBIT GYM', cents: -2_995 },
    ];
    const opening = 15_075;
    const closing = opening + entries.reduce((a, e) => a + e.cents, 0);
    const lines: TableLine[] = [
      line(40, L(40, 'Tasman Bank', true)),
      line(60, L(40, 'JORDAN SMITH'), L(330, 'Account 062-000 1234 5678')),
      line(75, L(330, 'Statement period 1 Aug 2024 to 31 Aug 2024')),
      line(105, L(48, 'Opening balance'), R(290, money(opening)), L(318, 'Overdraft limit'), R(545, money(100_000))),
      line(
        120,
        L(48, 'Closing balance'),
        R(290, money(closing)),
        L(318, 'Available balance'),
        R(545, money(closing + 100_000)),
      ),
      line(160, L(40, 'Date', true), L(110, 'Transaction', true), R(450, 'Debit', true), R(545, 'Credit', true)),
      ...entries.map((e, i) =>
        line(178 + i * 14, L(40, e.printed), L(110, e.text), R(e.cents < 0 ? 450 : 545, money(e.cents))),
      ),
    ];
    const boxes = [{ x: 40, y: 97, width: 515, height: 38 }];
    const [s] = await run(await tablePdf({ pages: [{ lines, boxes }] }), 'overdraft-box.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries, false));
    expect(factsOf(s)).toEqual({
      periodStart: '2024-08-01',
      periodEnd: '2024-08-31',
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });
});

describe('class 1: a long abbreviation, juill.', () => {
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

describe('class 4: an amount ending a description, its rate on the line below', () => {
  it('German: "... SEATTLE USD 12,50" in the description run with "Kurs 1,0841" under it is description, not a money column', async () => {
    const entries: Entry[] = [
      { printed: '03.03.2025', iso: '2025-03-03', text: 'LASTSCHRIFT STADTWERKE KIEL', cents: -8_640 },
      { printed: '04.03.2025', iso: '2025-03-04', text: 'GUTSCHRIFT GEHALT NORDLICHT GMBH', cents: 284_500 },
      {
        printed: '06.03.2025',
        iso: '2025-03-06',
        text: 'KARTENZAHLUNG AMAZON.COM SEATTLE USD 12,50 Kurs 1,0841',
        cents: -1_153,
      },
      { printed: '07.03.2025', iso: '2025-03-07', text: 'BARGELDAUSZAHLUNG GAARDEN', cents: -10_000 },
      { printed: '10.03.2025', iso: '2025-03-10', text: 'DAUERAUFTRAG MIETE FOERDESTR', cents: -72_000 },
    ];
    const opening = 105_233;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const de = (c: number) => `${c < 0 ? '-' : ''}${money(c, ',')}`;
    const rows: TableLine[] = [];
    let y = 158;
    entries.forEach((e, i) => {
      const [first, rest] = e.text.includes(' Kurs ') ? e.text.split(' Kurs ') : [e.text, null];
      rows.push(line(y, L(40, e.printed), L(110, first as string), R(470, de(e.cents)), R(550, de(bals[i] as number))));
      if (rest) {
        y += 11;
        rows.push(line(y, L(110, `Kurs ${rest}`)));
      }
      y += 14;
    });
    const lines: TableLine[] = [
      line(40, L(40, 'Foerde Sparkasse', true)),
      line(70, L(40, 'Jonas Petersen'), L(320, 'Kontonummer 4471 2209 18')),
      line(85, L(320, 'Kontoauszug vom 01.03.2025 bis 10.03.2025')),
      line(120, L(40, 'Datum', true), L(110, 'Verwendungszweck', true), R(470, 'Betrag', true), R(550, 'Saldo', true)),
      line(138, L(110, 'Alter Saldo'), R(550, de(opening))),
      ...rows,
      line(y + 4, L(110, 'Neuer Saldo'), R(550, de(closing))),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'amount-ending-description.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toMatchObject({
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });
});

describe('class 8: a last page of one dated row and its undated neighbours, no header', () => {
  it('English (Singapore): payments and receipts columns, page 2 holds three rows of one day and the totals', async () => {
    const entries: Entry[] = [
      { printed: '03/02/2025', iso: '2025-02-03', text: 'GIRO PAYMENT TOWN COUNCIL', cents: -9_120 },
      { printed: '05/02/2025', iso: '2025-02-05', text: 'SALARY KAMPONG LABS PTE LTD', cents: 412_000 },
      { printed: '05/02/2025', iso: '2025-02-05', text: 'NETS PURCHASE SHENG SIONG', cents: -4_317 },
      { printed: '10/02/2025', iso: '2025-02-10', text: 'PAYNOW TO LIM BEE HOON', cents: -15_000 },
      { printed: '17/02/2025', iso: '2025-02-17', text: 'CARD PURCHASE KOPITIAM', cents: -1_245 },
      { printed: '17/02/2025', iso: '2025-02-17', text: 'CARD PURCHASE POPULAR BOOKSTORE', cents: -3_890 },
      { printed: '17/02/2025', iso: '2025-02-17', text: 'SERVICE CHARGE', cents: -500 },
    ];
    const opening = 66_412;
    const out = entries.filter((e) => e.cents < 0).reduce((a, e) => a - e.cents, 0);
    const inn = entries.filter((e) => e.cents > 0).reduce((a, e) => a + e.cents, 0);
    const closing = opening - out + inn;
    const row = (y: number, e: Entry, dated: boolean) =>
      line(y, ...(dated ? [L(40, e.printed)] : []), L(130, e.text), R(e.cents < 0 ? 460 : 550, money(e.cents)));
    const pageTop = (n: number) => line(40, L(40, 'Kampong Savings Bank', true), R(550, `Page ${n} of 2`));
    const pages = [
      {
        lines: [
          pageTop(1),
          line(70, L(40, 'TAN WEI LING'), L(320, 'Account 301-55821-4')),
          line(85, L(320, 'Statement period 18/01/2025 to 17/02/2025')),
          line(100, L(320, 'Beginning balance'), R(550, money(opening))),
          line(
            130,
            L(40, 'Date', true),
            L(130, 'Description', true),
            R(460, 'Payments', true),
            R(550, 'Receipts', true),
          ),
          ...entries.slice(0, 4).map((e, i) => row(148 + i * 14, e, i === 0 || e.printed !== entries[i - 1]?.printed)),
        ],
      },
      {
        lines: [
          pageTop(2),
          ...entries.slice(4).map((e, i) => row(70 + i * 14, e, i === 0)),
          line(70 + 3 * 14, L(130, 'Total for period'), R(460, money(out)), R(550, money(inn))),
          line(70 + 4 * 14, L(130, 'Ending balance'), R(550, money(closing))),
        ],
      },
    ];
    const [s] = await run(await tablePdf({ pages }), 'last-page-one-dated-row.pdf');
    expect(rowsOf(s).map((r) => r.slice(0, 3))).toEqual(
      expectedRows(opening, entries, false).map((r) => r.slice(0, 3)),
    );
    expect(s?.transactions.map((t) => t.page)).toEqual([1, 1, 1, 1, 2, 2, 2]);
    expect(factsOf(s)).toMatchObject({
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });
});

describe('class 2: sign words after amounts, rates and charges beside them', () => {
  it('Swiss German: debits print "16.05 Soll", credits print bare amounts, right-aligned as one cell', async () => {
    const entries: Entry[] = [
      { printed: '03.06.2024', iso: '2024-06-03', text: 'Kartenzahlung Migros Bern', cents: -1_605 },
      { printed: '03.06.2024', iso: '2024-06-03', text: 'Vergütung ANNA MEIER', cents: 6_600 },
      { printed: '04.06.2024', iso: '2024-06-04', text: 'Dauerauftrag Miete Juni', cents: -215_200 },
      { printed: '05.06.2024', iso: '2024-06-05', text: 'Bancomat Bern Bahnhof', cents: -523 },
      { printed: '07.06.2024', iso: '2024-06-07', text: 'Lohn Aare Technik AG', cents: 512_035 },
      { printed: '10.06.2024', iso: '2024-06-10', text: 'SBB CFF FFS Bern', cents: -1_201 },
    ];
    const opening = 391_247;
    const closing = running(opening, entries).at(-1) as number;
    const ch = (c: number) => money(c, '.', '\u2019');
    const lines: TableLine[] = [
      line(40, L(40, 'Ersparniskasse Aaretal', true)),
      line(70, L(40, 'Nina Brunner'), L(320, 'Konto-Nr.'), R(550, 'CH93 0076 2011 6238 5295 7')),
      line(85, L(320, 'Zeitraum: 3. Juni 2024 bis 10. Juni 2024')),
      line(120, L(40, 'Buchung', true), L(110, 'Umsatzdetails', true), R(550, 'Betrag', true)),
      line(138, L(40, 'Saldo Vortrag'), R(550, ch(opening))),
      ...entries.map((e, i) =>
        line(152 + i * 14, L(40, e.printed), L(110, e.text), R(550, e.cents < 0 ? `${ch(e.cents)} Soll` : ch(e.cents))),
      ),
      line(152 + entries.length * 14, L(40, 'Kontostand am 10. Juni 2024'), R(550, ch(closing))),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'soll-after-amounts.pdf');
    expect(rowsOf(s).map((r) => r.slice(0, 3))).toEqual(
      expectedRows(opening, entries, false).map((r) => r.slice(0, 3)),
    );
    expect(factsOf(s)).toMatchObject({
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });

  it('English (South Africa): a charges column filled only by the undated first row of page 2', async () => {
    const entries: Entry[] = [
      { printed: '2024-08-05', iso: '2024-08-05', text: 'DEBIT ORDER RENT AUGUST', cents: -1_088_100 },
      { printed: '2024-08-09', iso: '2024-08-09', text: 'DEBIT ORDER DSTV', cents: -52_724 },
      { printed: '2024-08-20', iso: '2024-08-20', text: 'SALARY KAROO LOGISTICS', cents: 2_215_082 },
      { printed: '2024-08-26', iso: '2024-08-26', text: 'ATM CASH JOHANNESBURG', cents: -37_000 },
      { printed: '2024-08-29', iso: '2024-08-29', text: 'IB PAYMENT TO RIAAN', cents: -38_000 },
      { printed: '2024-08-30', iso: '2024-08-30', text: 'MONTHLY SERVICE FEE', cents: -16_620 },
    ];
    const opening = 2_569_365;
    const closing = running(opening, entries).at(-1) as number;
    const amt = (c: number) => `${c < 0 ? '-' : ''}${money(c, '.', '')}`;
    const header = (y: number) =>
      line(
        y,
        L(40, 'Date', true),
        L(120, 'Description', true),
        R(420, 'Amount', true),
        R(480, 'Charges', true),
        L(495, 'Reference', true),
      );
    const row = (y: number, e: Entry, dated: boolean, charge?: string) =>
      line(
        y,
        ...(dated ? [L(40, e.printed)] : []),
        L(120, e.text),
        R(420, amt(e.cents)),
        ...(charge ? [R(480, charge)] : []),
        L(495, `REF${e.cents.toString().slice(-4)}`),
      );
    const pages = [
      {
        lines: [
          line(40, L(40, 'Limpopo Savings Bank', true)),
          line(70, L(40, 'Naledi Mahlangu'), L(320, 'Account No. 8665933755')),
          line(85, L(320, 'For the period 01 Aug 2024 - 31 Aug 2024')),
          line(100, L(320, 'Beginning balance'), R(550, money(opening, '.', ''))),
          line(115, L(320, 'New balance'), R(550, money(closing, '.', ''))),
          header(150),
          ...entries.slice(0, 3).map((e, i) => row(168 + i * 14, e, true, i === 1 ? '23.51' : undefined)),
        ],
      },
      {
        lines: [
          line(40, L(40, 'Limpopo Savings Bank', true)),
          header(70),
          // The day's second row: its date is the row above's, on page 1.
          row(88, { ...(entries[3] as Entry) }, false, '61.08'),
          ...entries.slice(4).map((e, i) => row(102 + i * 14, e, true)),
        ],
      },
    ];
    const [s] = await run(await tablePdf({ pages }), 'charges-on-an-undated-first-row.pdf');
    const got = rowsOf(s).map((r) => [r[1], r[2]]);
    expect(got).toEqual(entries.map((e) => [e.text, e.cents / 100]));
    expect(factsOf(s)).toMatchObject({ status: 'balanced' });
  });

  it('Portuguese: a table of interest rates ("Até 50.000,00", "0,13 %") under a one-row statement is no transactions', async () => {
    const lines: TableLine[] = [
      line(40, L(40, 'Banco Serra Azul', true)),
      line(70, L(40, 'Conta: 69294-3'), L(320, 'FERNANDA SOUZA')),
      line(85, L(40, 'Período do extrato: 26/12/2023 a 25/01/2024')),
      line(100, L(40, 'Saldo em 26/12/2023'), R(300, '2.990,07')),
      line(115, L(40, 'Saldo atual'), R(300, '6.801,13')),
      line(
        150,
        L(40, 'DT. MOV.', true),
        L(110, 'LANÇAMENTO', true),
        R(470, 'IMPORTÂNCIA', true),
        R(550, 'SALDO', true),
      ),
      line(168, L(40, '05/01/2024'), L(110, 'PAGAMENTO SALÁRIO'), R(470, '3.811,06'), R(550, '6.801,13')),
      line(179, L(110, 'INDUSTRIAS PLANALTO LTDA')),
      line(215, L(40, 'Taxas de juro', true)),
      line(232, L(40, 'Em vigor desde', true), L(180, 'Escalão', true), R(420, 'Taxa anual', true)),
      line(248, L(40, '28/08/2023'), L(180, 'Até 50.000,00'), R(420, '0,13 %')),
      line(262, L(40, '28/08/2023'), L(180, 'Acima de 50.000,00'), R(420, '1,34 %')),
      line(276, L(40, '30/12/2023'), L(180, 'Acima de 125.000,00'), R(420, '2,60 %')),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'rates-table.pdf');
    expect(rowsOf(s)).toEqual([['2024-01-05', 'PAGAMENTO SALÁRIO INDUSTRIAS PLANALTO LTDA', 3811.06, 6801.13]]);
    expect(factsOf(s)).toMatchObject({ openingBalance: 2990.07, closingBalance: 6801.13, status: 'balanced' });
  });
});

describe('class 8: a carried balance in words no vocabulary has, and a rates table after the rows', () => {
  it('English: "Balance from the page before" rows (opening plus the amounts above) are balances, not credits', async () => {
    const entries: Entry[] = [
      { printed: '01-Nov-2024', iso: '2024-11-01', text: 'SAINSBURYS YORK', cents: -4_624 },
      { printed: '04-Nov-2024', iso: '2024-11-04', text: 'SALARY MINSTER LTD', cents: 184_500 },
      { printed: '06-Nov-2024', iso: '2024-11-06', text: 'RENT STANDING ORDER', cents: -95_000 },
      { printed: '11-Nov-2024', iso: '2024-11-11', text: 'GREGGS YORK', cents: -317 },
      { printed: '12-Nov-2024', iso: '2024-11-12', text: 'TRAINLINE.COM', cents: -4_303 },
      { printed: '15-Nov-2024', iso: '2024-11-15', text: 'GIFT FROM MUM', cents: 31_300 },
    ];
    const opening = 273_263;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const header = (y: number) =>
      line(
        y,
        L(40, 'TXN DATE', true),
        L(130, 'TRANSACTION DESCRIPTION', true),
        R(500, 'NET AMOUNT', true),
        L(515, '+/-', true),
      );
    const row = (y: number, e: Entry) =>
      line(y, L(40, e.printed), L(130, e.text), R(500, money(e.cents)), L(515, e.cents < 0 ? 'DR' : 'CR'));
    const carried = (y: number, cents: number) =>
      line(y, L(40, 'Balance from the page before'), R(500, money(cents)), L(515, 'CR'));
    const pages = [
      {
        lines: [
          line(40, L(40, 'Minster Bank', true)),
          line(70, L(40, 'ISLA MORGAN'), L(320, 'Account 40-11-22 31926475')),
          line(85, L(320, '1 November 2024 - 30 November 2024')),
          header(120),
          line(138, L(40, 'Balance on 1 November 2024'), R(500, money(opening)), L(515, 'CR')),
          ...entries.slice(0, 3).map((e, i) => row(152 + i * 14, e)),
        ],
      },
      {
        lines: [
          line(40, L(40, 'Minster Bank', true)),
          header(70),
          carried(88, bals[2] as number),
          ...entries.slice(3).map((e, i) => row(102 + i * 14, e)),
          line(
            102 + 3 * 14,
            L(40, '30-Nov-2024'),
            L(130, 'Balance at end of period'),
            R(500, money(closing)),
            L(515, 'CR'),
          ),
          line(190, L(40, 'Your interest rates', true)),
          line(206, L(40, 'Effective from', true), L(200, 'Balance', true), R(500, 'Rate p.a.', true)),
          line(222, L(40, '2 October 2024'), L(200, 'Up to 790.00'), R(500, '0.81 %')),
          line(236, L(40, '2 October 2024'), L(200, 'Over 790.00'), R(500, '2.69 %')),
        ],
      },
    ];
    const [s] = await run(await tablePdf({ pages }), 'carried-from-page-before.pdf');
    expect(rowsOf(s).map((r) => r.slice(0, 3))).toEqual(
      expectedRows(opening, entries, false).map((r) => r.slice(0, 3)),
    );
    expect(factsOf(s)).toMatchObject({
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });
});

describe('class 13: balances in a sentence under the table', () => {
  it('Italian: "Saldo contabile iniziale 2.059,67 · Totale addebiti ... · Saldo contabile finale 2.106,11" is no row', async () => {
    const entries: Entry[] = [
      { printed: '11/12/2023', iso: '2023-12-11', text: 'BONIFICO DA MARCO BIANCHI', cents: 45_000 },
      { printed: '12/12/2023', iso: '2023-12-12', text: 'PAGAMENTO POS ESSELUNGA', cents: -6_218 },
      { printed: '15/12/2023', iso: '2023-12-15', text: 'ADDEBITO SDD ENEL ENERGIA', cents: -11_402 },
      { printed: '20/12/2023', iso: '2023-12-20', text: 'PRELIEVO BANCOMAT', cents: -25_000 },
      { printed: '10/01/2024', iso: '2024-01-10', text: 'INTERESSI', cents: 2 },
    ];
    const opening = 205_967;
    const bals = running(opening, entries);
    const closing = bals.at(-1) as number;
    const it = (c: number) => `€ ${money(c, ',')}`;
    const out = entries.filter((e) => e.cents < 0).reduce((a, e) => a - e.cents, 0);
    const inn = entries.filter((e) => e.cents > 0).reduce((a, e) => a + e.cents, 0);
    const lines: TableLine[] = [
      line(40, L(40, 'Credito Cooperativo Valdelsa', true)),
      line(70, L(40, 'LORENZO GRECO'), L(320, 'IBAN IT30 G298 9865 9302 9195 0872 389')),
      line(85, L(320, 'Periodo dal 11/12/2023 al 10/01/2024')),
      line(
        120,
        L(40, 'Data', true),
        L(110, 'Descrizione', true),
        R(400, 'Dare', true),
        R(470, 'Avere', true),
        R(550, 'Saldo contabile', true),
      ),
      ...entries.map((e, i) =>
        line(
          138 + i * 14,
          L(40, e.printed),
          L(110, e.text),
          R(e.cents < 0 ? 400 : 470, it(e.cents)),
          R(550, it(bals[i] as number)),
        ),
      ),
      line(
        138 + entries.length * 14,
        L(
          110,
          `Saldo contabile iniziale ${money(opening, ',')} · Totale addebiti ${money(out, ',')} · Totale entrate ${money(inn, ',')} · Saldo contabile finale ${money(closing, ',')}`,
        ),
      ),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'balances-in-a-sentence.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
    expect(factsOf(s)).toMatchObject({
      openingBalance: opening / 100,
      closingBalance: closing / 100,
      status: 'balanced',
    });
  });
});

describe('class 6: a header label joined to its neighbour on a later page', () => {
  it('Spanish card: "TIPO DE CAMBIO" and "CANTIDAD" print as one label on page 2, where no rate is printed', async () => {
    const entries: Entry[] = [
      { printed: '19/12/25', iso: '2025-12-19', text: 'COMPRA AMAZON', cents: -2_722 },
      { printed: '21/12/25', iso: '2025-12-21', text: 'FARMACIA LÓPEZ BILBAO', cents: -1_429 },
      { printed: '27/12/25', iso: '2025-12-27', text: 'EL CORTE INGLES', cents: -19_200 },
      { printed: '03/01/26', iso: '2026-01-03', text: 'TELEPIZZA BILBAO', cents: -2_034 },
      { printed: '07/01/26', iso: '2026-01-07', text: 'COMPRA DIA 3594', cents: -1_892 },
      { printed: '10/01/26', iso: '2026-01-10', text: 'PAGO RECIBIDO GRACIAS', cents: 8_800 },
      { printed: '12/01/26', iso: '2026-01-12', text: 'RENFE VIAJEROS BILBAO', cents: -1_060 },
    ];
    const es = (c: number) => `${c > 0 ? '-' : ''}${money(c, ',')}`;
    // Page 1's header has the two labels apart (a rate under the first); page 2's, drawn as one
    // text, reads as one label over the amounts.
    const header1 = (y: number) =>
      line(
        y,
        L(40, 'FECHA OPER.', true),
        L(110, 'MOVIMIENTO', true),
        R(380, 'MONTO ORIGINAL', true),
        L(392, 'TIPO DE CAMBIO', true),
        R(550, 'CANTIDAD', true),
      );
    const header2 = (y: number) =>
      line(
        y,
        L(40, 'FECHA OPER.', true),
        L(110, 'MOVIMIENTO', true),
        R(380, 'MONTO ORIGINAL', true),
        R(550, 'TIPO DE CAMBIO CANTIDAD', true),
      );
    const row = (y: number, e: Entry, i: number) =>
      line(
        y,
        L(40, e.printed),
        L(110, e.text),
        ...(i === 0 ? [R(380, 'USD 30,27'), L(392, '0,89920')] : []),
        R(550, es(e.cents)),
      );
    const pages = [
      {
        lines: [
          line(40, L(40, 'Caja Rural del Nervión', true)),
          line(70, L(40, 'María Rodríguez Martín'), L(320, 'Número de tarjeta: 0765 **** **** 9129')),
          line(85, L(320, 'Periodo de consulta: 19/12/25 - 18/01/26')),
          header1(120),
          ...entries.slice(0, 4).map((e, i) => row(138 + i * 14, e, i)),
        ],
      },
      {
        lines: [
          line(40, L(40, 'Caja Rural del Nervión', true)),
          header2(70),
          ...entries.slice(4).map((e, i) => row(88 + i * 14, e, i + 4)),
        ],
      },
    ];
    const [s] = await run(await tablePdf({ pages }), 'label-joined-on-page-2.pdf');
    // No balance is printed to tell the card's sign convention: every row with its amount is the point.
    expect(rowsOf(s).map((r) => [r[0], r[1], Math.abs(r[2])])).toEqual(
      entries.map((e) => [e.iso, e.text, Math.abs(e.cents) / 100]),
    );
  });
});

describe('class 4: one run over three columns on a page of few rows', () => {
  it('English (South Africa): value date, code and description print as one run; the description keeps every word', async () => {
    const entries: Entry[] = [
      { printed: '2026-01-23', iso: '2026-01-23', text: 'CREDIT TRANSFER LERATO VENTER', cents: 535_800 },
      { printed: '2026-01-24', iso: '2026-01-24', text: 'POS PURCHASE SHELL ULTRA CITY PRETORIA', cents: -47_303 },
      { printed: '2026-01-24', iso: '2026-01-24', text: 'MONTHLY SERVICE FEE', cents: -2_672 },
    ];
    const opening = 3_221_468;
    const bals = running(opening, entries);
    const za = (c: number) => `${c < 0 ? '-' : ''}${money(c)}`;
    const codes = ['175', '613', '708'];
    const lines: TableLine[] = [
      line(40, L(40, 'Karoo Mutual Bank', true)),
      line(70, L(40, 'Riaan Venter'), L(320, 'Account number 2090208234')),
      line(85, L(320, 'Statement period 2026-01-23 to 2026-01-24')),
      line(
        120,
        L(40, 'Posting Date', true),
        L(110, 'Value Dt', true),
        L(165, 'TC', true),
        L(188, 'Transaction', true),
        R(420, 'Debit', true),
        R(480, 'Credit', true),
        R(550, 'Balance', true),
      ),
      line(136, L(40, 'Previous balance'), R(550, za(opening))),
      ...entries.map((e, i) =>
        line(
          150 + i * 14,
          L(40, e.printed),
          // One text from the value date on: the reader gets it as one run over three columns.
          L(110, `${e.printed} ${codes[i]} ${e.text}`),
          R(e.cents < 0 ? 420 : 480, za(e.cents)),
          R(550, za(bals[i] as number)),
        ),
      ),
    ];
    const [s] = await run(await tablePdf({ pages: [{ lines }] }), 'one-run-over-three-columns.pdf');
    expect(rowsOf(s)).toEqual(expectedRows(opening, entries));
  });
});

describe('class 5: facts wrapped in narrow cells, dates without a year across a year end', () => {
  it('Dutch card: "Afschriftperiode: 21" / "december 2023 - 20 januari" / "2024", and a card number cut after its mask', async () => {
    const entries: Entry[] = [
      { printed: '21-12', iso: '2023-12-21', text: 'Betaling JUMBO AMSTERDAM', cents: -7_949 },
      { printed: '22-12', iso: '2023-12-22', text: 'Betaalpas ALBERT HEIJN 3767', cents: -1_936 },
      { printed: '28-12', iso: '2023-12-28', text: 'KRUIDVAT 3507 AMSTERDAM', cents: -531 },
      { printed: '02-01', iso: '2024-01-02', text: 'Incasso creditcard', cents: 8_900 },
      { printed: '09-01', iso: '2024-01-09', text: 'Betaalautomaat SHELL AMSTERDAM', cents: -6_652 },
      { printed: '15-01', iso: '2024-01-15', text: 'BOL.COM UTRECHT', cents: -2_499 },
    ];
    const nl = (c: number) => `${c < 0 ? '-' : ''}${money(c, ',')}`;
    const header = (y: number) =>
      line(y, L(40, 'BOEKDATUM', true), L(110, 'BESCHRIJVING', true), R(550, 'BEDRAG (EUR)', true));
    const row = (y: number, e: Entry) => line(y, L(40, e.printed), L(110, e.text), R(550, nl(e.cents)));
    const pages = [
      {
        lines: [
          line(40, L(40, 'Bank Dinkelland', true), R(550, 'Creditcardoverzicht')),
          line(
            60,
            L(40, 'Kaartnummer: 5897 **** ****'),
            L(220, 'Aanmaakdatum: 24 januari'),
            L(400, 'Afschrift nr.: 11/2024'),
          ),
          line(71, L(40, '3453'), L(220, '2024')),
          line(86, L(40, 'Ten name van: Emma Smit'), L(220, 'Munteenheid: EUR')),
          line(101, L(40, 'Afschriftperiode: 21'), L(220, 'Relatienummer: 1095404579')),
          line(112, L(40, 'december 2023 - 20 januari')),
          line(123, L(40, '2024')),
          header(160),
          ...entries.slice(0, 3).map((e, i) => row(178 + i * 14, e)),
        ],
      },
      {
        lines: [
          line(40, L(40, 'Bank Dinkelland', true), R(550, 'Kaartnummer 5897 **** **** 3453')),
          header(70),
          ...entries.slice(3).map((e, i) => row(88 + i * 14, e)),
        ],
      },
    ];
    const statements = await run(await tablePdf({ pages }), 'wrapped-facts-year-end.pdf');
    expect(statements).toHaveLength(1);
    const [s] = statements;
    expect(rowsOf(s).map((r) => [r[0], r[1], Math.abs(r[2])])).toEqual(
      entries.map((e) => [e.iso, e.text, Math.abs(e.cents) / 100]),
    );
    expect(factsOf(s)).toMatchObject({ periodStart: '2023-12-21', periodEnd: '2024-01-20' });
  });
});
