/**
 * Statement layouts beyond the usual one-table statement: sectioned US statements with
 * unsigned amounts, European column words and balance rows, merged date columns.
 */
import { describe, expect, it } from 'vitest';
import type { LayoutDocument, LayoutLine, LayoutPage } from '../layout/model';
import { extractStatements } from './index';
import { headingDirection } from './vocabulary';

const deadline = () => Date.now() + 60_000;
type Cell = [number, string];

/** A page of positioned runs: [x, text] cells per line, 14 units apart, 5 units per character. */
function page(rows: Cell[][], number = 1): LayoutPage {
  const lines: LayoutLine[] = rows.map((cells, i) => {
    const y0 = 60 + i * 14;
    return {
      y0,
      y1: y0 + 9,
      runs: cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * 5, y0, y1: y0 + 9, size: 9 })),
    };
  });
  return { number, width: 612, height: 792, lines, source: 'pdf' };
}

/** A right-aligned amount ending at x = 530. */
const amt = (text: string): Cell => [530 - text.length * 5, text];

function section(title: string | null, rows: [string, string, string][], total: string | null): Cell[][] {
  return [
    ...(title ? [[[40, title]] as Cell[]] : []),
    [[40, 'DATE'], [90, 'DESCRIPTION'], amt('AMOUNT')],
    ...rows.map(([d, text, a]): Cell[] => [[40, d], [90, text], amt(a)]),
    ...(total ? [[[40, `Total ${title ?? ''}`.trim()], amt(total)] as Cell[]] : []),
  ];
}

const summary: Cell[][] = [
  [[40, 'FIRST EXAMPLE BANK, N.A.']],
  [[340, 'March 1, 2025 through March 31, 2025']],
  [[340, 'Account Number: 000000123456789']],
  [[40, 'CHECKING SUMMARY']],
  [[40, 'Beginning Balance'], amt('$1,000.00')],
  [[40, 'Deposits and Additions'], amt('2,500.00')],
  [[40, 'Checks Paid'], amt('-150.00')],
  [[40, 'ATM & Debit Card Withdrawals'], amt('-75.50')],
  [[40, 'Fees'], amt('-12.00')],
  [[40, 'Ending Balance'], amt('$3,262.50')],
];

describe('sectioned statements with unsigned amounts', () => {
  it('signs each table by its section heading and checks opening + sum = closing', () => {
    const doc: LayoutDocument = {
      pages: [
        page([
          ...summary,
          ...section('DEPOSITS AND ADDITIONS', [['03/03', 'PAYROLL ACME CORP', '2,500.00']], '$2,500.00'),
          [[40, 'CHECKS PAID']],
          [[40, 'CHECK NO.'], [110, 'DESCRIPTION'], [300, 'DATE PAID'], amt('AMOUNT')],
          [[40, '1201'], [300, '03/05'], amt('$150.00')],
          [[40, 'Total Checks Paid'], amt('$150.00')],
          ...section('ATM & DEBIT CARD WITHDRAWALS', [['03/07', 'CARD PURCHASE CAFE LUNA', '55.50']], null),
        ]),
        // The card section goes on over the page under a repeated header, then the fees.
        page(
          [
            [[480, 'Page 2 of 2']],
            ...section(null, [['03/09', 'CARD PURCHASE BOOKS', '20.00']], null),
            ...section('FEES', [['03/31', 'MONTHLY SERVICE FEE', '12.00']], '$12.00'),
          ],
          2,
        ),
      ],
    };
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount, t.reference])).toEqual([
      ['2025-03-03', 'PAYROLL ACME CORP', 2500, null],
      ['2025-03-05', '', -150, '1201'],
      ['2025-03-07', 'CARD PURCHASE CAFE LUNA', -55.5, null],
      ['2025-03-09', 'CARD PURCHASE BOOKS', -20, null],
      ['2025-03-31', 'MONTHLY SERVICE FEE', -12, null],
    ]);
    expect(s?.statement.openingBalance).toBe(1000);
    expect(s?.statement.closingBalance).toBe(3262.5);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('continues a section on the next page and lets the balances decide headings it cannot read', () => {
    const doc: LayoutDocument = {
      pages: [
        page([
          [[40, 'Statement Period: 04/01/2025 - 04/30/2025']],
          [[40, 'Previous Balance'], amt('100.00')],
          [[40, 'New Balance'], amt('300.00')],
          // "Other activity" names no direction: only opening + sum = closing can sign it.
          ...section('OTHER ACTIVITY', [['04/02', 'TRANSFER FROM SAVINGS', '250.00']], null),
          ...section('WITHDRAWALS', [['04/03', 'GROCERY STORE', '20.00']], null),
        ]),
        page([[[40, 'Account Number ****7731']], ...section(null, [['04/20', 'FUEL STATION', '30.00']], null)], 2),
      ],
    };
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => t.amount)).toEqual([250, -20, -30]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('reads direction words of headings in several languages, and none from mixed or long lines', () => {
    expect(headingDirection('DEPOSITS AND ADDITIONS')).toBe(1);
    expect(headingDirection('Payments and other credits')).toBe(1);
    expect(headingDirection('ATM & DEBIT CARD WITHDRAWALS (continued)')).toBe(-1);
    expect(headingDirection('Checks paid')).toBe(-1);
    expect(headingDirection('Gutschriften')).toBe(1);
    expect(headingDirection('Prélèvements')).toBe(-1);
    expect(headingDirection('Deposits and withdrawals')).toBeNull();
    expect(headingDirection('Transaction details')).toBeNull();
    expect(headingDirection('Deposits 1,234.56')).toBeNull();
  });
});

describe('European layouts', () => {
  it('reads an Af/Bij column and Dutch month names', () => {
    const doc: LayoutDocument = {
      pages: [
        page([
          [[330, 'Periode 1 mrt 2025 t/m 31 mrt 2025']],
          [[330, 'Beginsaldo 1.000,00']],
          [[330, 'Eindsaldo 1.140,00']],
          [
            [40, 'Datum'],
            [110, 'Omschrijving'],
            [420, 'Bedrag (EUR)'],
            [500, 'Af/Bij'],
          ],
          [
            [40, '3 mrt 2025'],
            [110, 'ALBERT HEIJN 1234'],
            [445, '60,00'],
            [500, 'Af'],
          ],
          [
            [40, '5 mrt 2025'],
            [110, 'SALARIS ACME BV'],
            [435, '200,00'],
            [500, 'Bij'],
          ],
        ]),
      ],
    };
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount])).toEqual([
      ['2025-03-03', 'ALBERT HEIJN 1234', -60],
      ['2025-03-05', 'SALARIS ACME BV', 200],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('takes French balance rows as opening and closing, a debit balance as overdrawn', () => {
    const doc: LayoutDocument = {
      pages: [
        page([
          [[330, 'du 01/03/2025 au 31/03/2025']],
          [
            [40, 'Date'],
            [100, 'Libellé'],
            [440, 'Débit'],
            [515, 'Crédit'],
          ],
          [
            [100, 'Solde débiteur au 01/03/2025'],
            [440, '50,00'],
          ],
          [
            [40, '02/03/2025'],
            [100, 'VIR SEPA SALAIRE'],
            [505, '1 500,00'],
          ],
          [
            [40, '04/03/2025'],
            [100, 'CB CARREFOUR'],
            [445, '25,50'],
          ],
          [
            [100, 'Total des opérations'],
            [445, '25,50'],
            [505, '1 500,00'],
          ],
          [
            [100, 'Nouveau solde créditeur au 31/03/2025'],
            [505, '1 424,50'],
          ],
        ]),
      ],
    };
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.amount])).toEqual([
      ['2025-03-02', 1500],
      ['2025-03-04', -25.5],
    ]);
    expect(s?.statement.openingBalance).toBe(-50);
    expect(s?.statement.closingBalance).toBe(1424.5);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('splits a booking date and a value date merged into one run, whichever column they lean to', () => {
    // Tight columns: the date run reaches under the value-date header.
    const doc: LayoutDocument = {
      pages: [
        page([
          [
            [40, 'Fecha'],
            [92, 'Fecha valor'],
            [160, 'Concepto'],
            [430, 'Importe'],
            [500, 'Saldo'],
          ],
          [
            [40, '03/05/2025 04/05/2025'],
            [160, 'COMPRA TARJ MERCADONA'],
            [440, '-46,92'],
            [500, '1.493,28'],
          ],
          [
            [40, '08/05/2025 07/05/2025 NOMINA ACME SA'],
            [440, '575,91'],
            [500, '2.069,19'],
          ],
        ]),
      ],
    };
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.sourceDate, t.description, t.amount])).toEqual([
      ['2025-05-03', '03/05/2025', 'COMPRA TARJ MERCADONA', -46.92],
      ['2025-05-08', '08/05/2025', 'NOMINA ACME SA', 575.91],
    ]);
  });
});

describe('rows under the header', () => {
  it('does not take a first row without an amount for a second header line', () => {
    const doc: LayoutDocument = {
      pages: [
        page([
          [[40, 'Statement period 01/03/2025 to 31/03/2025']],
          [
            [40, 'Date'],
            [110, 'Details'],
            [360, 'Paid out'],
            [447, 'Paid in'],
            [517, 'Balance'],
          ],
          [
            [40, '02/03/2025'],
            [110, 'NETFLIX.COM'],
          ],
          [
            [110, 'AUTH CODE 792852'],
            [375, '30.78'],
            [515, '969.22'],
          ],
          [
            [40, '03/03/2025'],
            [110, 'PAYROLL'],
            [450, '100.00'],
            [515, '1,069.22'],
          ],
        ]),
      ],
    };
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount])).toEqual([
      ['2025-03-02', 'NETFLIX.COM AUTH CODE 792852', -30.78],
      ['2025-03-03', 'PAYROLL', 100],
    ]);
  });
});

describe('more layouts', () => {
  it('signs rows by section headings printed inside one table', () => {
    const doc: LayoutDocument = {
      pages: [
        page([
          [[40, 'Statement Period 03/01/2025 to 03/31/2025']],
          [
            [40, 'Beginning Balance $500.00'],
            [300, 'Ending Balance $1,180.00'],
          ],
          [[40, 'Date'], [100, 'Description'], amt('Amount')],
          [[40, 'Deposits and Other Credits']],
          [[40, '03/03'], [100, 'PAYROLL ACME'], amt('1,000.00')],
          [[40, 'Total Deposits and Other Credits'], amt('1,000.00')],
          [[40, 'Withdrawals and Other Debits']],
          [[40, '03/05'], [100, 'GROCERY STORE'], amt('120.00')],
          [[40, '03/09'], [100, 'FUEL'], amt('200.00')],
        ]),
      ],
    };
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual([
      ['PAYROLL ACME', 1000],
      ['GROCERY STORE', -120],
      ['FUEL', -200],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('keeps a title above the header out of the column labels', () => {
    const doc: LayoutDocument = {
      pages: [
        page([
          [[40, 'Statement Period 02/10/2025 - 03/09/2025']],
          // Close above the header and as wide as two of its labels.
          [[40, 'YOUR ACCOUNT ACTIVITY']],
          [[40, 'Trans Date'], [100, 'Post Date'], [160, 'Description'], amt('Amount')],
          [[40, '02/12'], [100, '02/13'], [160, 'SPOTIFY USA'], amt('9.99')],
          [[40, '02/14'], [100, '02/16'], [160, 'BOOK SHOP'], amt('20.00')],
        ]),
      ],
    };
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.description])).toEqual([
      ['2025-02-13', 'SPOTIFY USA'],
      ['2025-02-16', 'BOOK SHOP'],
    ]);
  });

  it('takes an unknown word between dates and amounts for the description, and skips known unused columns', () => {
    const doc: LayoutDocument = {
      pages: [
        page([
          [
            [40, 'Datum'],
            [110, 'Buchungsinfo'],
            [300, 'Rekening'],
            [420, 'Soll'],
            [480, 'Haben'],
            [540, 'Status'],
          ],
          [
            [40, '03.03.2025'],
            [110, 'MIETE MAERZ'],
            [300, 'NL20INGB0001234567'],
            [420, '800,00'],
            [540, 'OK'],
          ],
          [
            [40, '05.03.2025'],
            [110, 'LOHN ACME'],
            [300, 'NL20INGB0001234567'],
            [480, '2.500,00'],
            [540, 'OK'],
          ],
        ]),
      ],
    };
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual([
      ['MIETE MAERZ', -800],
      ['LOHN ACME', 2500],
    ]);
  });

  it('reads decimal commas where day.month dates outnumber the amounts, and OD balances', () => {
    const doc: LayoutDocument = {
      pages: [
        page([
          [[40, 'Relevé du 15 décembre 2024 au 14 janvier 2025']],
          [[40, 'SOLDE PRÉCÉDENT AU 14/12/2024 1 500,00']],
          [
            [40, 'DATE'],
            [90, 'LIBELLÉ DES OPÉRATIONS'],
            [330, 'VALEUR'],
            [396, 'DÉBIT EUROS'],
            [480, 'CRÉDIT EUROS'],
          ],
          [
            [40, '15.12'],
            [90, 'PRLV SEPA EDF'],
            [330, '15.12'],
            [436, '13,34'],
          ],
          [
            [40, '02.01'],
            [90, 'VIR CAF'],
            [330, '03.01'],
            [510, '1 041,23'],
          ],
        ]),
      ],
    };
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.amount])).toEqual([
      ['2024-12-15', -13.34],
      ['2025-01-02', 1041.23],
    ]);
    expect(s?.statement.openingBalance).toBe(1500);

    const od: LayoutDocument = {
      pages: [
        page([
          [
            [40, 'Date'],
            [110, 'Description'],
            [380, 'Amount'],
            [470, 'Balance'],
          ],
          [
            [40, '03/01/2025'],
            [110, 'OPENING BALANCE'],
            [480, '50.00'],
          ],
          [
            [40, '03/02/2025'],
            [110, 'UBER TRIP'],
            [380, '- $73.10'],
            [480, '23.10 OD'],
          ],
          [
            [40, '03/03/2025'],
            [110, 'DEPOSIT'],
            [380, '$100.00'],
            [480, '76.90'],
          ],
        ]),
      ],
    };
    const [t] = extractStatements(od, { deadline: deadline() });
    expect(t?.transactions.map((x) => [x.amount, x.balance, x.description])).toEqual([
      [-73.1, -23.1, 'UBER TRIP'],
      [100, 76.9, 'DEPOSIT'],
    ]);
    expect(t?.reconciliation.status).toBe('balanced');
  });

  it('reads a card statement: charges unmarked, payments with a minus, the owed balance negative', () => {
    const doc: LayoutDocument = {
      pages: [
        page([
          [[40, 'Opening/Closing Date 02/10/25 - 03/09/25']],
          [[40, 'Previous Balance $500.00']],
          [[40, 'New Balance $420.00']],
          [
            [40, 'Minimum Payment Due $35.00'],
            [300, 'Credit Limit $5,000'],
          ],
          [[40, 'Trans Date'], [100, 'Post Date'], [160, 'Description'], amt('Amount')],
          [[40, '02/12'], [100, '02/13'], [160, 'PAYMENT THANK YOU'], amt('-200.00')],
          [[40, '02/14'], [100, '02/16'], [160, 'BOOK SHOP'], amt('120.00')],
        ]),
      ],
    };
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual([
      ['PAYMENT THANK YOU', 200],
      ['BOOK SHOP', -120],
    ]);
    expect([s?.statement.openingBalance, s?.statement.closingBalance]).toEqual([-500, -420]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('knows a card statement by its masked card number on a line that goes on with the bank address, and by one OCR read with a mask character short', () => {
    for (const number of ['XXXX XXXX XXXX 5594', '5316 **** *** 2819']) {
      const doc: LayoutDocument = {
        pages: [
          page([
            [[40, 'Period Jun 2, 2025 through Jul 1, 2025']],
            [
              [40, 'Card no.'],
              [120, number],
              [300, 'Granite Peak Bank & Trust - P.O. Box 7698, Portland, OR 97228'],
            ],
            [[40, 'Previous statement balance $1,247.75']],
            [[40, 'Statement balance $1,123.84']],
            [[40, 'Minimum payment due $42.95']],
            [[40, 'Date'], [100, 'Posting date'], [160, 'Description'], amt('Amount')],
            [[40, '06-01-2025'], [100, '06-02-2025'], [160, 'TRADER JOES #575'], amt('50.26')],
            [[40, '06-12-2025'], [100, '06-13-2025'], [160, 'ONLINE PAYMENT THANK YOU'], amt('174.17 CR')],
          ]),
        ],
      };
      const [s] = extractStatements(doc, { deadline: deadline() });
      expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual([
        ['TRADER JOES #575', -50.26],
        ['ONLINE PAYMENT THANK YOU', 174.17],
      ]);
      expect([s?.statement.openingBalance, s?.statement.closingBalance]).toEqual([-1247.75, -1123.84]);
    }
  });

  it('joins details wrapped from the date column, but not notes or section headings', () => {
    const tight = (rows: Cell[][]): LayoutPage => {
      const p = page(rows);
      // Lines 11 units apart, as a tight table prints them.
      p.lines.forEach((l, i) => {
        const y0 = 60 + i * 11;
        l.y0 = y0;
        l.y1 = y0 + 9;
      });
      return p;
    };
    const doc: LayoutDocument = {
      pages: [
        tight([
          [[40, 'Statement period 01/03/2025 to 31/03/2025']],
          [
            [40, 'Date'],
            [100, 'Description'],
            [350, 'Debit'],
            [420, 'Credit'],
            [500, 'Balance'],
          ],
          [
            [40, '01/03/2025'],
            [100, 'OPENING BALANCE'],
            [500, '1,000.00'],
          ],
          [
            [40, '02/03/2025'],
            [100, 'CITY UTILITIES'],
            [350, '127.06'],
            [500, '872.94'],
          ],
          [[40, 'AUTH CODE 777662']],
          [[40, 'TRACE NO 393090']],
          [[40, 'Withdrawals']],
          [
            [40, '06/03/2025'],
            [100, 'CAFE LUNA'],
            [355, '2.94'],
            [500, '870.00'],
          ],
          [[40, 'Continued on next page']],
        ]),
      ],
    };
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => t.description)).toEqual([
      'CITY UTILITIES AUTH CODE 777662 TRACE NO 393090',
      'CAFE LUNA',
    ]);
  });
});
