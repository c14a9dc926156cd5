import { describe, expect, it } from 'vitest';
import type { LayoutDocument, LayoutLine, LayoutPage } from '../layout/model';
import { extractStatements } from './index';

const deadline = () => Date.now() + 60_000;

/** A page of positioned runs: [x, text] cells per line, 14 units apart. */
function page(rows: [number, string, number?][][], source: LayoutPage['source'] = 'pdf'): LayoutPage {
  const lines: LayoutLine[] = rows.map((cells, i) => {
    const y0 = 100 + i * 14;
    return {
      y0,
      y1: y0 + 9,
      runs: cells.map(([x, text, confidence]) => ({
        text,
        x0: x,
        x1: x + text.length * 5,
        y0,
        y1: y0 + 9,
        size: 9,
        ...(confidence === undefined ? {} : { confidence }),
      })),
    };
  });
  return { number: 1, width: 600, height: 800, lines, source };
}

/** An OCR page of lines at the given heights: [y0, [x, text][]] per line. */
function placed(number: number, rows: [number, [number, string][]][]): LayoutPage {
  return {
    number,
    width: 600,
    height: 800,
    source: 'ocr',
    lines: rows.map(([y0, cells]) => ({
      y0,
      y1: y0 + 9,
      runs: cells.map(([x, text]) => ({
        text,
        x0: x,
        x1: x + text.length * 5,
        y0,
        y1: y0 + 9,
        size: 9,
        confidence: 0.9,
      })),
    })),
  };
}

/** An OCR'd March 2024 statement page: the period, these fact lines, a Date/Description/Debit/Credit/Balance header, these rows. */
function ocrLedger(facts: [number, string, number?][][], rows: [number, string, number?][][]): LayoutDocument {
  const header: [number, string][] = [
    [40, 'Date'],
    [120, 'Description'],
    [330, 'Debit'],
    [420, 'Credit'],
    [500, 'Balance'],
  ];
  return { pages: [page([[[40, 'Statement period 01/03/2024 to 31/03/2024']], ...facts, header, ...rows], 'ocr')] };
}

describe('extractStatements on the layout model', () => {
  it('fixes OCR confusions in money and date columns and marks the rows', () => {
    const doc = ocrLedger(
      [[[40, 'Opening balance 1,000.00']]],
      [
        [
          [40, '02/03/2024', 0.95],
          [120, 'CARD PAYMENT CAFE', 0.9],
          [335, '1O.5O', 0.6],
          [490, '989.50', 0.93],
        ],
        [
          [40, 'O4/03/2024', 0.7],
          [120, 'SALARY', 0.96],
          [420, '2,000.00', 0.97],
          [480, '2,989.50', 0.95],
        ],
      ],
    );
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.amount, t.corrected ?? false])).toEqual([
      ['2024-03-02', -10.5, true],
      ['2024-03-04', 2000, true],
    ]);
    expect(s?.transactions[0]?.confidence).toBe(0.6);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('reads amounts whose currency sign OCR misread, in a money column no label names, with the balances', () => {
    // '₹' has no glyph in the OCR's models: read as a stray letter, or as a digit that takes the
    // minus beside it along; 'S$' as '5$' or '58$'. Most of the column's cells are damaged.
    const header: [number, string][] = [
      [40, 'Date'],
      [120, 'Description'],
      [500, 'Balance'],
    ];
    const doc: LayoutDocument = {
      pages: [
        page(
          [
            [[40, 'Statement period 01/03/2024 to 31/03/2024']],
            [[40, 'Opening balance 10,000.00']],
            header,
            [
              [40, '02/03/2024', 0.9],
              [120, 'POS APOLLO PHARMACY', 0.9],
              [380, '3842.00', 0.8],
              [490, '9,158.00', 0.9],
            ],
            [
              [40, '03/03/2024', 0.9],
              [120, 'INDIAN OIL', 0.9],
              [380, '-X803.00', 0.7],
              [490, '8,355.00', 0.9],
            ],
            [
              [40, '04/03/2024', 0.9],
              [120, 'SALARY', 0.9],
              [380, '7,138.00', 0.9],
              [480, '15,493.00', 0.9],
            ],
            [
              [40, '05/03/2024', 0.9],
              [120, 'ATM CASH', 0.9],
              [380, '-5$91.00', 0.7],
              [480, '15,402.00', 0.9],
            ],
            [
              [40, '06/03/2024', 0.9],
              [120, 'GIRO SINGTEL', 0.9],
              [380, '-58$105.61', 0.7],
              [480, '15,296.39', 0.9],
            ],
          ],
          'ocr',
        ),
      ],
    };
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => t.amount)).toEqual([-842, -803, 7138, -91, -105.61]);
    expect(s?.trace?.map((e) => e.pass)).toEqual(expect.arrayContaining(['ocr-cells', 'ocr-amount-repair']));
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('takes a running balance OCR damaged past reading from the balance before it, where the next one agrees', () => {
    const doc = ocrLedger(
      [[[40, 'Opening balance 1,000.00']]],
      [
        [
          [40, '02/03/2024', 0.9],
          [120, 'CARD PAYMENT CAFE', 0.9],
          [335, '10.50', 0.9],
          [490, '989.50', 0.9],
        ],
        [
          [40, '04/03/2024', 0.9],
          [120, 'SALARY', 0.9],
          [420, '2,000.00', 0.9],
          [480, '2,9#9.5 0', 0.4],
        ],
        [
          [40, '07/03/2024', 0.9],
          [120, 'BOOKSHOP', 0.9],
          [335, '9.50', 0.9],
          [480, '2,980.00', 0.9],
        ],
      ],
    );
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.amount, t.balance])).toEqual([
      [-10.5, 989.5],
      [2000, 2989.5],
      [-9.5, 2980],
    ]);
    expect(s?.trace?.filter((e) => e.pass === 'ocr-missing-balances').map((e) => e.row)).toEqual([1]);
  });

  it('reads OCR dates whose month runs into the day, with O for 0', () => {
    const doc = ocrLedger(
      [[[40, 'Opening balance 1,000.00']]],
      [
        [
          [40, 'MARO4', 0.8],
          [120, 'CARD PAYMENT CAFE', 0.9],
          [335, '10.50', 0.93],
          [490, '989.50', 0.93],
        ],
        [
          [40, '06MAR', 0.8],
          [120, 'SALARY', 0.96],
          [420, '2,000.00', 0.97],
          [480, '2,989.50', 0.95],
        ],
        [
          [40, 'MAR 07', 0.9],
          [120, 'BOOKSHOP', 0.96],
          [335, '9.50', 0.97],
          [480, '2,980.00', 0.95],
        ],
      ],
    );
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.amount])).toEqual([
      ['2024-03-04', -10.5],
      ['2024-03-06', 2000],
      ['2024-03-07', -9.5],
    ]);
  });

  it('reads OCR dates with specks at their ends and brackets for letters in month names', () => {
    const doc = ocrLedger(
      [[[40, 'Opening balance 1,000.00']]],
      [
        [
          [40, '04 MAR,', 0.8],
          [120, 'CARD PAYMENT CAFE', 0.9],
          [335, '10.50', 0.93],
          [490, '989.50', 0.93],
        ],
        [
          [40, '06 MAR;', 0.8],
          [120, 'SALARY', 0.96],
          [420, '2,000.00', 0.97],
          [480, '2,989.50', 0.95],
        ],
        [
          [40, '07 MAR', 0.9],
          [120, 'BOOKSHOP', 0.96],
          [335, '9.50', 0.97],
          [480, '2,980.00', 0.95],
        ],
      ],
    );
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.amount])).toEqual([
      ['2024-03-04', -10.5],
      ['2024-03-06', 2000],
      ['2024-03-07', -9.5],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('takes an unreadable OCR amount from the running balances, and drops an unreadable row they cannot prove', () => {
    const doc = ocrLedger(
      [[[40, 'Opening balance 1,000.00']]],
      [
        [
          [40, '02/03/2024', 0.95],
          [120, 'CARD PAYMENT CAFE', 0.9],
          [335, '10.50', 0.9],
          [490, '989.50', 0.93],
        ],
        [
          [40, '03/03/2024', 0.95],
          [120, 'TRANSFER FROM SAVINGS', 0.9],
          [420, '~~~', 0.2],
          [480, '1,289.50', 0.95],
        ],
        [
          [40, '04/03/2024', 0.95],
          [120, 'SALARY', 0.96],
          [420, '2,000.00', 0.97],
          [480, '3,289.50', 0.95],
        ],
      ],
    );
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.amount, t.corrected ?? false])).toEqual([
      ['2024-03-02', -10.5, false],
      ['2024-03-03', 300, true],
      ['2024-03-04', 2000, false],
    ]);
    expect(s?.issues).toContainEqual(expect.objectContaining({ code: 'AMOUNT_FROM_BALANCE', row: 1 }));
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('decides an OCR date that lost a character from its neighbours and the period, or flags it', () => {
    const doc = ocrLedger(
      [[[40, 'Opening balance 1,000.00']]],
      [
        [
          [40, '02/03/2024', 0.95],
          [120, 'CARD PAYMENT CAFE', 0.9],
          [335, '10.50', 0.9],
          [490, '989.50', 0.93],
        ],
        // A day lost: 02/03 and 03/03 (between the neighbours) both fit "0/03/2024".
        [
          [40, '0/03/2024', 0.4],
          [120, 'BOOKSHOP', 0.9],
          [335, '9.50', 0.9],
          [490, '980.00', 0.93],
        ],
        [
          [40, '05/03/2024', 0.95],
          [120, 'RENT', 0.9],
          [335, '500.00', 0.9],
          [490, '480.00', 0.93],
        ],
        // 31/03/24 with the month's 3 lost: only the 31st, between the 5th and the period's end, fits.
        [
          [40, '31/0/24', 0.5],
          [120, 'SALARY', 0.96],
          [420, '2,000.00', 0.97],
          [480, '2,480.00', 0.95],
        ],
      ],
    );
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.sourceDate, t.amount])).toEqual([
      ['2024-03-02', '02/03/2024', -10.5],
      ['2024-03-02', '0/03/2024', -9.5],
      ['2024-03-05', '05/03/2024', -500],
      ['2024-03-31', '31/0/24', 2000],
    ]);
    expect(s?.issues).toContainEqual(expect.objectContaining({ code: 'DATE_UNREADABLE' }));
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('reads an OCR opening balance whose decimal mark was lost after thousands separators', () => {
    const doc = ocrLedger(
      [
        [
          [40, 'Opening balance', 0.9],
          [200, '1,00000', 0.6],
        ],
      ],
      [
        [
          [40, '02/03/2024', 0.95],
          [120, 'CARD PAYMENT CAFE', 0.9],
          [335, '10.50', 0.9],
        ],
      ],
    );
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.statement.openingBalance).toBe(1000);
  });

  it('takes the last running balance for an OCR closing balance one character away from it', () => {
    const doc = ocrLedger(
      [[[40, 'Opening balance 1,000.00']], [[40, 'Closing balance 2,989.5']]],
      [
        [
          [40, '02/03/2024', 0.95],
          [120, 'CARD PAYMENT CAFE', 0.9],
          [335, '10.50', 0.9],
          [490, '989.50', 0.93],
        ],
        [
          [40, '04/03/2024', 0.95],
          [120, 'SALARY', 0.96],
          [420, '1,999.55', 0.97],
          [480, '2,989.05', 0.95],
        ],
      ],
    );
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.statement.closingBalance).toBe(2989.05);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('joins wrapped lines, skips brought-forward and total rows, and inherits the date printed once per day', () => {
    const doc: LayoutDocument = {
      pages: [
        page([
          [[40, '01 March to 31 March 2024']],
          [
            [40, 'Date'],
            [120, 'Details'],
            [330, 'Paid out'],
            [420, 'Paid in'],
            [500, 'Balance'],
          ],
          [
            [40, '01 Mar 24'],
            [120, 'BALANCE BROUGHT FORWARD'],
            [505, '500.00'],
          ],
          [
            [40, '02 Mar 24'],
            [120, 'CARD PAYMENT TO'],
            [345, '20.00'],
          ],
          [[120, 'GROCER LTD']],
          [
            [120, 'DIRECT DEBIT WATER'],
            [345, '30.00'],
            [505, '450.00'],
          ],
          [
            [120, 'TOTALS'],
            [345, '50.00'],
            [425, '0.00'],
          ],
        ]),
      ],
    };
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.sourceDate, t.description, t.amount, t.balance])).toEqual([
      ['2024-03-02', '02 Mar 24', 'CARD PAYMENT TO GROCER LTD', -20, null],
      ['2024-03-02', '', 'DIRECT DEBIT WATER', -30, 450],
    ]);
    expect(s?.statement.openingBalance).toBe(500);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('decides unknown signs of an unsigned amount column from the running balance', () => {
    const doc: LayoutDocument = {
      pages: [
        page([
          [
            [40, 'Date'],
            [120, 'Description'],
            [380, 'Amount'],
            [500, 'Balance'],
          ],
          [
            [40, '2024-05-01'],
            [120, 'OPENING BALANCE'],
            [505, '100.00'],
          ],
          [
            [40, '2024-05-02'],
            [120, 'REFUND SHOP'],
            [385, '25.00'],
            [505, '125.00'],
          ],
          [
            [40, '2024-05-03'],
            [120, 'COFFEE'],
            [390, '5.00'],
            [505, '120.00'],
          ],
        ]),
      ],
    };
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => t.amount)).toEqual([25, -5]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('splits a document with two accounts into two statements', () => {
    const doc: LayoutDocument = {
      pages: [
        page([
          [[40, 'Statement period 01/04/2024 to 30/04/2024']],
          [
            [40, 'Current Account'],
            [330, 'Account Number 11112222'],
          ],
          [
            [40, 'Date'],
            [120, 'Description'],
            [330, 'Debit'],
            [420, 'Credit'],
            [500, 'Balance'],
          ],
          [
            [40, '02/04/2024'],
            [120, 'OPENING BALANCE'],
            [495, '100.00'],
          ],
          [
            [40, '03/04/2024'],
            [120, 'GROCERIES'],
            [335, '10.00'],
            [500, '90.00'],
          ],
          [
            [40, 'Savings Account'],
            [330, 'Account Number 33334444'],
          ],
          [
            [40, 'Date'],
            [120, 'Description'],
            [330, 'Debit'],
            [420, 'Credit'],
            [500, 'Balance'],
          ],
          [
            [40, '01/04/2024'],
            [120, 'OPENING BALANCE'],
            [490, '5,000.00'],
          ],
          [
            [40, '30/04/2024'],
            [120, 'INTEREST'],
            [425, '4.17'],
            [490, '5,004.17'],
          ],
        ]),
      ],
    };
    const statements = extractStatements(doc, { deadline: deadline() });
    expect(
      statements.map((s) => [s.statement.accountNumber, s.statement.openingBalance, s.transactions.length]),
    ).toEqual([
      ['11112222', 100, 1],
      ['33334444', 5000, 1],
    ]);
    expect(statements.every((s) => s.reconciliation.status === 'balanced')).toBe(true);
    expect(statements[1]?.statement.periodStart).toBe('2024-04-01');
  });

  it('keeps times out of descriptions and joins a Dr/Cr marker printed apart from its amount', () => {
    const doc: LayoutDocument = {
      pages: [
        page([
          [
            [40, 'Date'],
            [160, 'Description'],
            [380, 'Amount'],
            [500, 'Balance'],
          ],
          [
            [40, '2024-06-01'],
            [95, '09:15'],
            [160, 'OPENING BALANCE'],
            [480, '1,000.00'],
            [530, 'CR'],
          ],
          [
            [40, '2024-06-02'],
            [95, '10:32'],
            [160, 'SHOP'],
            [385, '25.00'],
            [420, 'DR'],
            [485, '975.00'],
            [530, 'CR'],
          ],
          [
            [40, '2024-06-03'],
            [95, '18:01'],
            [160, 'REFUND'],
            [385, '5.00'],
            [420, 'CR'],
            [485, '980.00'],
            [530, 'CR'],
          ],
        ]),
      ],
    };
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.description, t.amount, t.balance])).toEqual([
      ['SHOP', -25, 975],
      ['REFUND', 5, 980],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('OCR classes seen on fresh random scans and photos', () => {
  /** OCR pages of positioned runs, lines 14 units apart, numbered from 1. */
  const ocrDoc = (...pages: [number, string, number?][][][]): LayoutDocument => ({
    pages: pages.map((rows, i) => ({ ...page(rows, 'ocr'), number: i + 1 })),
  });
  const header = (...labels: [number, string][]) => labels;

  it('keeps undated last rows whose amount lost its decimal mark before a euro sign ("243€" for 2,43 €) (ocr-cells)', () => {
    const doc = ocrDoc([
      [[40, 'Periodo 01/09/2024 - 30/09/2024']],
      [[40, 'Saldo inicial 1.000,00 €']],
      header([40, 'Fecha'], [120, 'Concepto'], [400, 'Importe']),
      [
        [40, '03/09/2024', 0.9],
        [120, 'RECIBO CANAL DE ISABEL II', 0.9],
        [400, '-42,74 €', 0.9],
      ],
      [
        [40, '26/09/2024', 0.9],
        [120, 'CARGO VODAFONE', 0.9],
        [400, '-31,26 €', 0.9],
      ],
      [
        [120, 'INTERESES A FAVOR', 0.9],
        [410, '243€', 0.6],
      ],
      [
        [120, 'COMISION MANTENIMIENTO', 0.9],
        [400, '-3,24 €', 0.9],
      ],
      [[40, 'Saldo final 925,19 €']],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount])).toEqual([
      ['2024-09-03', 'RECIBO CANAL DE ISABEL II', -42.74],
      ['2024-09-26', 'CARGO VODAFONE', -31.26],
      ['2024-09-26', 'INTERESES A FAVOR', 2.43],
      ['2024-09-26', 'COMISION MANTENIMIENTO', -3.24],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('reads a balance column whose figures mostly lost their decimal mark after a thousands group behind "R$" ("R$ 3.31331 C") (ocr-cells)', () => {
    const doc = ocrDoc([
      [[40, 'Periodo do extrato: 01/03/24 a 31/03/24']],
      [[40, 'Saldo anterior R$ 863,31 C']],
      header([40, 'Data'], [120, 'Histórico'], [380, 'Valor'], [470, 'Saldo']),
      [
        [40, '06/03/24', 0.9],
        [120, 'TED RECEBIDA RAFAEL OLIVEIRA', 0.9],
        [380, '2.450,00', 0.9],
        [470, 'R$ 3.31331 C', 0.6],
      ],
      [
        [40, '07/03/24', 0.9],
        [120, 'TRANSFERENCIA DE RAFAEL OLIVEIRA', 0.9],
        [390, '875,00', 0.9],
        [470, 'R$ 4.18831 C', 0.6],
      ],
      [
        [40, '21/03/24', 0.9],
        [120, 'TED RECEBIDA MARIA OLIVEIRA', 0.9],
        [380, '3.060,00', 0.9],
        [470, 'R$ 7.24831 C', 0.6],
      ],
      [
        [40, '26/03/24', 0.9],
        [120, 'PIX RECEBIDO GABRIEL RODRIGUES', 0.9],
        [390, '115,00', 0.9],
        [470, 'R$ 7.363,31 C', 0.9],
      ],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.amount, t.balance])).toEqual([
      [2450, 3313.31],
      [875, 4188.31],
      [3060, 7248.31],
      [115, 7363.31],
    ]);
    expect(s?.trace?.filter((e) => e.pass === 'ocr-cells').length).toBe(3);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('splits rows at the rules a ruled table draws between them, where descriptions start above the date line and the line pitch is even (rules)', () => {
    const doc = ocrDoc([
      [[40, 'Statement period 01/03/2024 to 31/03/2024']],
      [[40, 'Opening balance 1,000.00']],
      header([40, 'Date'], [120, 'Description'], [380, 'Amount'], [470, 'Balance']),
      [[120, 'Card purchase', 0.9]],
      [
        [40, '02/03/2024', 0.9],
        [120, 'IKEA KIEL', 0.9],
        [380, '-69.13', 0.9],
        [470, '930.87', 0.9],
      ],
      [[120, 'Ref B7JNSIJA', 0.9]],
      [[120, 'Transfer to Jonas Becker', 0.9]],
      [
        [40, '09/03/2024', 0.9],
        [120, 'Invoice 1670', 0.9],
        [380, '-11.00', 0.9],
        [470, '919.87', 0.9],
      ],
      [[120, 'Mandate 3199393374', 0.9]],
      [
        [40, '14/03/2024', 0.9],
        [120, 'ALDI KIEL', 0.9],
        [385, '-6.65', 0.9],
        [470, '913.22', 0.9],
      ],
      [[120, 'Card payment', 0.9]],
      [
        [40, '16/03/2024', 0.9],
        [120, 'MEDIAMARKT', 0.9],
        [380, '-73.07', 0.9],
        [470, '840.15', 0.9],
      ],
      [[120, 'Bakery Kamps Kiel', 0.9]],
      [
        [40, '25/03/2024', 0.9],
        [120, 'Card 7971', 0.9],
        [385, '-6.59', 0.9],
        [470, '833.56', 0.9],
      ],
    ]);
    // Lines sit 14 apart from y = 100; a rule runs in the gap above each row's first line.
    const ruleAbove = (line: number) => ({ y: 100 + line * 14 - 2.5, x0: 35, x1: 540 });
    (doc.pages[0] as LayoutPage).rules = [3, 6, 9, 10, 12, 14].map(ruleAbove);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount])).toEqual([
      ['2024-03-02', 'Card purchase IKEA KIEL Ref B7JNSIJA', -69.13],
      ['2024-03-09', 'Transfer to Jonas Becker Invoice 1670 Mandate 3199393374', -11],
      ['2024-03-14', 'ALDI KIEL', -6.65],
      ['2024-03-16', 'Card payment MEDIAMARKT', -73.07],
      ['2024-03-25', 'Bakery Kamps Kiel Card 7971', -6.59],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('reads a header whose three money labels OCR joined into one run of six words ("Transaction Amount Closing Balance Service Fee")', () => {
    const doc = ocrDoc([
      [[40, 'Statement period: From 01/12/2025 to 31/12/2025']],
      header([40, 'Date'], [120, 'Particulars'], [300, 'Transaction Amount Closing Balance Service Fee']),
      [
        [40, '30/11/2025', 0.9],
        [120, 'Balance brought forward', 0.9],
        [400, '23969.47', 0.9],
      ],
      [
        [40, '01/12/2025', 0.9],
        [120, 'SCHEDULED PAYMENT RENT', 0.9],
        [315, '-8928.00', 0.9],
        [400, '15041.47', 0.9],
      ],
      [
        [40, '12/12/2025', 0.9],
        [120, 'DIGITAL PAYMENT TICKETS', 0.9],
        [315, '-9382.69', 0.9],
        [405, '5658.78', 0.9],
        [480, '15.00', 0.9],
      ],
      [
        [40, '16/12/2025', 0.9],
        [120, 'BRANCH DEPOSIT', 0.9],
        [310, '27063.00', 0.9],
        [400, '32721.78', 0.9],
      ],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    const table = s?.trace?.find((e) => e.pass === 'table');
    expect(table?.why).toContain('money "Transaction Amount", money "Closing Balance", money "Service Fee"');
    expect(s?.transactions.map((t) => [t.date, t.amount, t.balance])).toEqual([
      ['2025-12-01', -8928, 15041.47],
      ['2025-12-12', -9382.69, 5658.78],
      ['2025-12-16', 27063, 32721.78],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('joins pages whose header OCR read with different marks ("Withdrawals/" and "Withdrawals!") into one table', () => {
    const head = (withdrawals: string) =>
      header(
        [40, 'Date'],
        [100, 'Check Number'],
        [180, 'Description'],
        [360, withdrawals],
        [470, 'Deposits/ Additions'],
      );
    const doc = ocrDoc(
      [
        [[40, 'Statement period 11/01/2022 to 11/30/2022']],
        [[40, 'Beginning balance on 11/01 1,000.00']],
        head('Withdrawals/ Subtractions'),
        [
          [40, '11/02', 0.9],
          [180, 'PURCHASE SQ LUCKY NOODLE', 0.9],
          [380, '7.71', 0.9],
        ],
        [
          [40, '11/03', 0.9],
          [180, 'ONLINE TRANSFER FROM SAVINGS', 0.9],
          [490, '250.00', 0.9],
        ],
      ],
      [
        head('Withdrawals! Subtractions'),
        [
          [40, '11/14', 0.9],
          [100, '1043', 0.9],
          [180, 'CHECK', 0.9],
          [380, '120.00', 0.9],
        ],
        [
          [40, '11/20', 0.9],
          [100, '1044', 0.9],
          [180, 'CHECK', 0.9],
          [385, '60.00', 0.9],
        ],
        [[40, 'Ending balance on 11/30 1,062.29']],
      ],
    );
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.trace?.filter((e) => e.pass === 'table').length).toBe(1);
    expect(s?.transactions.map((t) => [t.date, t.amount])).toEqual([
      ['2022-11-02', -7.71],
      ['2022-11-03', 250],
      ['2022-11-14', -120],
      ['2022-11-20', -60],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('joins a later page whose header OCR garbled in half its labels, in the same columns, into the table (no rows lost to a table of its own)', () => {
    const head = (debit: string, credit: string, balance: string) =>
      header(
        [40, 'Transaction Date'],
        [130, 'Details'],
        [260, 'Category'],
        [340, debit],
        [420, credit],
        [500, balance],
      );
    const doc = ocrDoc(
      [
        [[40, 'Statement period 01/03/2024 to 31/03/2024']],
        head('Debit Amount', 'Credit Amount', 'Running Balance'),
        [
          [40, '01/03/2024', 0.9],
          [130, 'BALANCE B/F', 0.9],
          [505, '1,000.00', 0.9],
        ],
        [
          [40, '02/03/2024', 0.9],
          [130, 'POS PURCHASE SHOPEE', 0.9],
          [260, 'Shopping', 0.9],
          [350, '56.76', 0.9],
          [510, '943.24', 0.9],
        ],
        [
          [40, '03/03/2024', 0.9],
          [130, 'CARD PURCHASE COLD STORAGE', 0.9],
          [260, 'Groceries', 0.9],
          [350, '24.00', 0.9],
          [510, '919.24', 0.9],
        ],
      ],
      [
        head('nam] Amount', 'se]', 'aie) Balance'),
        [
          [40, '05/03/2024', 0.9],
          [130, 'SALARY ACME PTE LTD', 0.9],
          [260, 'Income', 0.9],
          [425, '2,500.00', 0.9],
          [505, '3,419.24', 0.9],
        ],
        [
          [40, '06/03/2024', 0.9],
          [130, 'GRAB TRIP', 0.9],
          [260, 'Transport', 0.9],
          [350, '12.50', 0.9],
          [505, '3,406.74', 0.9],
        ],
      ],
    );
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.trace?.filter((e) => e.pass === 'table').length).toBe(1);
    expect(s?.transactions.map((t) => [t.date, t.amount, t.balance])).toEqual([
      ['2024-03-02', -56.76, 943.24],
      ['2024-03-03', -24, 919.24],
      ['2024-03-05', 2500, 3419.24],
      ['2024-03-06', -12.5, 3406.74],
    ]);
  });

  it('reads amounts with the cell rule OCR glued to them ("-69,13|") as money (ocr-cells)', () => {
    const doc = ocrDoc([
      [[40, 'Auszugszeitraum 01.03.2024 - 31.03.2024']],
      [[40, 'Alter Kontostand 1.000,00']],
      header([40, 'Datum'], [120, 'Verwendungszweck'], [380, 'Betrag'], [490, 'Stand']),
      [
        [40, '02.03.2024', 0.9],
        [120, 'IKEA KIEL', 0.9],
        [380, '-69,13|', 0.8],
        [490, '930,87', 0.9],
      ],
      [
        [40, '05.03.2024', 0.9],
        [120, 'GEHALT', 0.9],
        [380, '+1.265,21|', 0.8],
        [480, '2.196,08', 0.9],
      ],
      [
        [40, '07.03.2024', 0.9],
        [120, 'ROSSMANN', 0.9],
        [380, '|-15,49', 0.8],
        [480, '2.180,59', 0.9],
      ],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.amount, t.balance])).toEqual([
      [-69.13, 930.87],
      [1265.21, 2196.08],
      [-15.49, 2180.59],
    ]);
    expect(s?.trace?.filter((e) => e.pass === 'ocr-cells').length).toBe(3);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('drops the first digit of several amounts of one stretch where a currency sign was read as it (ocr-amount-repair)', () => {
    // '₹956.11' as '2956.11' and '₹165.00' as '2165.00'; only the third row prints a balance.
    const doc = ocrLedger(
      [[[40, 'Opening balance 10,000.00']]],
      [
        [
          [40, '02/03/2024', 0.9],
          [120, 'AIRTEL POSTPAID', 0.9],
          [335, '2956.11', 0.8],
        ],
        [
          [40, '03/03/2024', 0.9],
          [120, 'APOLLO PHARMACY', 0.9],
          [335, '2165.00', 0.8],
        ],
        [
          [40, '04/03/2024', 0.9],
          [120, 'ACT FIBERNET', 0.9],
          [335, '876.34', 0.9],
          [490, '8,002.55', 0.9],
        ],
        [
          [40, '05/03/2024', 0.9],
          [120, 'SALARY', 0.9],
          [420, '500.00', 0.9],
          [490, '8,502.55', 0.9],
        ],
      ],
    );
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => t.amount)).toEqual([-956.11, -165, -876.34, 500]);
    expect(s?.trace?.filter((e) => e.pass === 'ocr-amount-repair').map((e) => e.row)).toEqual([0, 1]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('drops a trailing digit that was the side mark after the cents ("37,84 D" read as "37840") where the balances prove it (ocr-amount-repair)', () => {
    const doc = ocrLedger(
      [[[40, 'Opening balance 1,000.00']]],
      [
        [
          [40, '02/03/2024', 0.9],
          [120, 'IFOOD PORTO ALEGRE', 0.9],
          [335, '63.98', 0.9],
        ],
        [
          [40, '03/03/2024', 0.9],
          [120, 'PADARIA RIBEIRO', 0.9],
          [335, '37840', 0.6],
          [490, '898.18', 0.9],
        ],
        [
          [40, '05/03/2024', 0.9],
          [120, 'SALARY', 0.9],
          [420, '500.00', 0.9],
          [480, '1,398.18', 0.9],
        ],
      ],
    );
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => t.amount)).toEqual([-63.98, -37.84, 500]);
    expect(s?.trace?.filter((e) => e.pass === 'ocr-amount-repair').map((e) => [e.row, e.to])).toEqual([[1, -37.84]]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('repairs an amount alone between two printed balances that OCR read a digit short ("-1.45" for -11.45) or with one cents digit ("6.4" for -6.11) (ocr-amount-repair)', () => {
    const doc = ocrLedger(
      [[[40, 'Opening balance 1,000.00']]],
      [
        [
          [40, '02/03/2024', 0.9],
          [120, 'LIDL ROTTERDAM', 0.9],
          [335, '1.45', 0.7],
          [490, '988.55', 0.9],
        ],
        [
          [40, '03/03/2024', 0.9],
          [120, 'BEA ACTION 9700', 0.9],
          [335, '6.4', 0.6],
          [490, '982.44', 0.9],
        ],
        [
          [40, '04/03/2024', 0.9],
          [120, 'SALARY', 0.9],
          [420, '500.00', 0.9],
          [480, '1,482.44', 0.9],
        ],
      ],
    );
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => t.amount)).toEqual([-11.45, -6.11, 500]);
    expect(s?.trace?.filter((e) => e.pass === 'ocr-amount-repair').map((e) => e.row)).toEqual([0, 1]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('reads dates of a date column that OCR framed or glued ("(26-Feb-2023", "©2-Dec-2024", "100CT") (ocr-cells)', () => {
    const doc = ocrDoc([
      [[40, 'Statement period 25-Sep-2024 to 24-Dec-2024']],
      [[40, 'Opening balance 1,000.00']],
      header([40, 'Date'], [120, 'Posted'], [200, 'Description'], [400, 'Amount'], [490, 'Balance']),
      [
        [40, '09 Oct', 0.9],
        [120, '100CT', 0.7],
        [200, 'CARD PURCHASE TAKEALOT', 0.9],
        [400, '-318.79', 0.9],
        [485, '681.21', 0.9],
      ],
      [
        [40, '26 Nov', 0.9],
        [120, '(26-Nov-2024', 0.7],
        [200, 'POS DMART KOLKATA', 0.9],
        [400, '-118.00', 0.9],
        [485, '563.21', 0.9],
      ],
      [
        [40, '01 Dec', 0.9],
        [120, '©2-Dec-2024', 0.7],
        [200, 'POS SHOPEE SINGAPORE', 0.9],
        [405, '-24.36', 0.9],
        [485, '538.85', 0.9],
      ],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.description])).toEqual([
      ['2024-10-10', 'CARD PURCHASE TAKEALOT'],
      ['2024-11-26', 'POS DMART KOLKATA'],
      ['2024-12-02', 'POS SHOPEE SINGAPORE'],
    ]);
  });

  it('reads "020ct2023" at the start of a row as its date (ocr-leading-date)', () => {
    const doc = ocrDoc([
      [[40, 'For the period 1 October 2023 to 31 October 2023']],
      [[40, 'Opening balance 1 000,00']],
      header([40, 'DATE'], [120, 'DETAILS'], [380, 'AMOUNT']),
      [
        [40, '020ct2023', 0.7],
        [120, 'CARD PURCHASE SHELL', 0.9],
        [380, '-156,73', 0.9],
      ],
      [
        [40, '03 oct 2023', 0.9],
        [120, 'POS ENGEN', 0.9],
        [380, '-67,63', 0.9],
      ],
      [
        [40, '15 oct 2023', 0.9],
        [120, 'REFUND', 0.9],
        [380, '74,17', 0.9],
      ],
      [[40, 'Closing balance 849,81']],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.amount])).toEqual([
      ['2023-10-02', -156.73],
      ['2023-10-03', -67.63],
      ['2023-10-15', 74.17],
    ]);
  });

  it("keeps a wrapped line with its row where a total's label in the date column follows it (label-rows)", () => {
    const doc = ocrLedger(
      [[[40, 'Opening balance 1,000.00']]],
      [
        [[120, 'SCHEDULED PAYMENT']],
        [
          [40, '02/03/2024'],
          [120, 'ONG JUN JIE'],
          [335, '100.00'],
          [490, '900.00'],
        ],
        [[120, 'RENT MARCH']],
        [
          [40, 'Daily total'],
          [335, '100.00'],
        ],
        [[120, 'CARD PURCHASE']],
        [
          [40, '05/03/2024'],
          [120, 'GROCER'],
          [335, '20.00'],
          [490, '880.00'],
        ],
        [[120, 'REF 123']],
        [
          [40, 'Daily total'],
          [335, '20.00'],
        ],
      ],
    );
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual([
      ['SCHEDULED PAYMENT ONG JUN JIE RENT MARCH', -100],
      ['CARD PURCHASE GROCER REF 123', -20],
    ]);
    expect(s?.trace?.filter((e) => e.pass === 'label-rows').map((e) => e.to)).toEqual(['RENT MARCH', 'REF 123']);
  });

  it('finds the balance carried between pages where OCR lost a minus in the money-out column (total-rows)', () => {
    const head = header([40, 'Date'], [120, 'Transaction'], [330, 'Money out'], [420, 'Money in']);
    const doc = ocrDoc(
      [
        [[40, 'Statement period 01/03/2024 to 31/03/2024']],
        [[40, 'Previous balance 1,000.00']],
        head,
        [
          [40, '02/03/2024'],
          [120, 'TARGET'],
          [330, '-10.00'],
        ],
        [
          [40, '03/03/2024'],
          [120, 'KROGER'],
          [330, '20.00'],
        ],
        [
          [40, '04/03/2024'],
          [120, 'SALARY'],
          [420, '500.00'],
        ],
        [
          [40, '04/03/2024'],
          [120, 'CHEVRON'],
          [330, '-5.00'],
        ],
        [
          [40, 'Sheet 1 ends with'],
          [420, '1,465.00'],
        ],
      ],
      [
        head,
        [
          [40, 'Sheet 2 starts with'],
          [420, '1,465.00'],
        ],
        [
          [40, '05/03/2024'],
          [120, 'STARBUCKS'],
          [330, '-30.00'],
        ],
        [
          [40, '06/03/2024'],
          [120, 'AMC THEATRES'],
          [330, '-9.58'],
        ],
        [[40, 'Closing balance 1,425.42']],
      ],
    );
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => t.amount)).toEqual([-10, -20, 500, -5, -30, -9.58]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('reads a balance label whose year OCR cut into a run of its own by its date ("Balance on 31 Mar" "2024")', () => {
    const doc = ocrDoc([
      [[40, 'For the period: 1 March 2024 through 31 March 2024']],
      header([40, 'Date'], [120, 'Details'], [380, 'Amount'], [490, 'Balance']),
      [
        [40, '01/03/2024'],
        [120, 'Beginning balance'],
        [490, '1,000.00'],
      ],
      [
        [40, '02/03/2024'],
        [120, 'UNIQLO'],
        [380, '-53.05'],
        [490, '946.95'],
      ],
      [
        [40, '28/03/2024'],
        [120, 'INTEREST PAID'],
        [380, '2.04'],
        [490, '948.99'],
      ],
      [[40, 'Please examine this statement promptly and notify us of any errors within 30 days.']],
      [
        [40, 'Balance on 31 Mar'],
        [125, '2024'],
        [490, '948.99'],
      ],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect([s?.statement.openingBalance, s?.statement.closingBalance]).toEqual([1000, 948.99]);
    expect(s?.transactions.map((t) => t.amount)).toEqual([-53.05, 2.04]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('dates "2204." between the 21st and the 23rd the 22nd: the digits read whole beat dates one digit off (ocr-damaged-dates)', () => {
    const doc = ocrDoc([
      [[40, 'Kontoauszug 10.04.2023 - 09.05.2023']],
      [[40, 'Alter Saldo 1.000,00']],
      header([40, 'Datum'], [120, 'Vorgang'], [380, 'Umsatz'], [490, 'Stand']),
      [
        [40, '21.04.'],
        [120, 'IKEA'],
        [380, '-163,34'],
        [490, '836,66'],
      ],
      [
        [40, '2204.', 0.6],
        [120, 'ROSSMANN'],
        [380, '-3,98'],
        [490, '832,68'],
      ],
      [
        [40, '23.04.'],
        [120, 'MediaMarkt'],
        [380, '-30,00'],
        [490, '802,68'],
      ],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => t.date)).toEqual(['2023-04-21', '2023-04-22', '2023-04-23']);
    expect(s?.trace?.filter((e) => e.pass === 'ocr-damaged-dates').map((e) => e.to)).toEqual(['2023-04-22']);
  });

  it('keeps a column of day-month dates ("04.06") a date column where the decimal mark is a comma (ocr-cells)', () => {
    // With the comma put in, '04.06' reads as the amount 4,06: the column must not turn into money.
    const doc = ocrDoc([
      [[40, 'Período do extrato: 3/06/2025 - 2/07/2025']],
      [[40, 'Saldo inicial 717,75']],
      header([40, 'DATA'], [120, 'LANÇAMENTO'], [330, 'DÉBITO'], [420, 'CRÉDITO'], [490, 'SALDO']),
      [
        [40, '04.06'],
        [120, 'ORDEM PERMANENTE'],
        [330, '500,00'],
        [490, '217,75'],
      ],
      [
        [40, '11.06'],
        [120, 'DEVOLUÇÃO LIDL'],
        [420, '7,04'],
        [490, '224,79'],
      ],
      [
        [40, '26.06'],
        [120, 'PAGAMENTO SALÁRIO'],
        [420, '1798,32'],
        [480, '2023,11'],
      ],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.amount])).toEqual([
      ['2025-06-04', -500],
      ['2025-06-11', 7.04],
      ['2025-06-26', 1798.32],
    ]);
  });

  it('takes lines above the first clean row whose amounts or dates OCR damaged into the table (columns)', () => {
    // The first rows print '1023' (10,23 with its comma lost) and '01.022024'; only later rows read
    // cleanly, so the table's columns come from those and the first rows must still fit them.
    const doc = ocrDoc([
      [[40, 'Période 1 février 2024 - 29 février 2024']],
      header([40, 'Date'], [120, 'Opération'], [330, 'Débits'], [420, 'Crédits'], [490, 'Solde']),
      [
        [40, 'Solde au 31 janvier 2024'],
        [490, '4 261,69'],
      ],
      [
        [40, '01.022024', 0.6],
        [120, 'ACHAT CB UGC CINE'],
        [330, '1023', 0.6],
        [490, '425146', 0.6],
      ],
      [
        [40, '05.02', 0.6],
        [120, 'ROSSMANN'],
        [330, '-351', 0.6],
        [490, '4 247,95'],
      ],
      [
        [40, '09.02.2024'],
        [120, 'UGC CINE CITE'],
        [330, '9,46'],
        [490, '4 238,49'],
      ],
      [
        [40, '10.02.2024'],
        [120, 'VERSEMENT ESPECES'],
        [420, '405,00'],
        [490, '4 643,49'],
      ],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => t.amount)).toEqual([-10.23, -3.51, -9.46, 405]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it("reads a later page's rows the way the table's first page runs its descriptions, not by gaps (table-direction)", () => {
    const head: [number, string][] = [
      [40, 'Datum'],
      [120, 'Vorgang'],
      [380, 'Umsatz'],
      [490, 'Stand'],
    ];
    // Page 1: each row's two description lines stand above its date line, a clear gap under it.
    let balance = 100_000;
    let day = 10;
    const page1: [number, [number, string][]][] = [
      [60, [[40, 'Kontoauszug 10.04.2023 - 09.05.2023']]],
      [80, [[40, 'Alter Saldo 1.000,00']]],
      [100, head],
    ];
    let y = 120;
    for (let i = 0; i < 5; i++) {
      balance -= 1_000 + i * 100;
      page1.push([y, [[120, `Kartenzahlung ${i}`]]]);
      page1.push([y + 11, [[120, `Markt ${i}`]]]);
      page1.push([
        y + 22,
        [
          [40, `${day++}.04.`],
          [120, `Ref. A${i}`],
          [380, `-${(10 + i).toFixed(2).replace('.', ',')}`],
          [490, (balance / 100).toFixed(2).replace('.', ',')],
        ],
      ]);
      y += 22 + 16;
    }
    // Page 2: OCR put two rows' breaks as close as their lines: by gaps they would split mid-row.
    const page2: [number, [number, string][]][] = [[60, head]];
    y = 80;
    for (const [i, gaps] of [
      [5, [13, 11, 11]],
      [6, [13, 10, 11]],
      [7, [10, 14, 11]],
      [8, [10, 14, 10]],
    ] as [number, number[]][]) {
      balance -= 1_000 + i * 100;
      y += gaps[0] as number;
      page2.push([y, [[120, `Lastschrift ${i}`]]]);
      y += gaps[1] as number;
      page2.push([y, [[120, `Stadtwerke ${i}`]]]);
      y += gaps[2] as number;
      page2.push([
        y,
        [
          [40, `${day++}.04.`],
          [120, `Ref. B${i}`],
          [380, `-${(10 + i).toFixed(2).replace('.', ',')}`],
          [490, (balance / 100).toFixed(2).replace('.', ',')],
        ],
      ]);
    }
    const [s] = extractStatements({ pages: [placed(1, page1), placed(2, page2)] }, { deadline: deadline() });
    expect(s?.transactions.slice(5).map((t) => t.description)).toEqual([
      'Lastschrift 5 Stadtwerke 5 Ref. B5',
      'Lastschrift 6 Stadtwerke 6 Ref. B6',
      'Lastschrift 7 Stadtwerke 7 Ref. B7',
      'Lastschrift 8 Stadtwerke 8 Ref. B8',
    ]);
    expect(s?.trace?.filter((e) => e.pass === 'table-direction').map((e) => e.to)).toEqual(['allAbove']);
  });

  it("reads a later page by its gaps where they stand well apart, though a few rows there run below their date line against the table's direction", () => {
    const head: [number, string][] = [
      [40, 'Date'],
      [120, 'Libellé'],
      [380, 'Montant'],
      [490, 'Solde'],
    ];
    let balance = 100_000;
    let day = 10;
    const dated = (text: string, cents: number): [number, string][] => {
      balance -= cents;
      return [
        [40, `${day++}/04/2023`],
        [120, text],
        [380, `-${(cents / 100).toFixed(2).replace('.', ',')}`],
        [490, (balance / 100).toFixed(2).replace('.', ',')],
      ];
    };
    // Page 1: a type line above each date line, a clear gap under it: descriptions start above.
    const page1: [number, [number, string][]][] = [
      [60, [[40, 'Période du 10/04/2023 au 09/05/2023']]],
      [80, [[40, 'Solde précédent 1.000,00']]],
      [100, head],
    ];
    let y = 120;
    for (let i = 0; i < 5; i++) {
      page1.push([y, [[120, `PAIEMENT CB ${i}`]]]);
      page1.push([y + 10, dated(`MAGASIN ${i}`, 1_000 + i * 100)]);
      y += 10 + 16;
    }
    // Page 2: the same, but two rows print a line under their date line too; gaps 16 against 10.
    const page2: [number, [number, string][]][] = [[60, head]];
    y = 80;
    for (let i = 5; i < 10; i++) {
      page2.push([y, [[120, `RETRAIT ${i}`]]]);
      page2.push([y + 10, dated(`DAB ${i}`, 1_000 + i * 100)]);
      y += 10;
      if (i === 6 || i === 8) {
        page2.push([y + 10, [[120, `CARTE XX475${i}`]]]);
        y += 10;
      }
      y += 16;
    }
    const [s] = extractStatements({ pages: [placed(1, page1), placed(2, page2)] }, { deadline: deadline() });
    expect(s?.transactions.slice(5).map((t) => t.description)).toEqual([
      'RETRAIT 5 DAB 5',
      'RETRAIT 6 DAB 6 CARTE XX4756',
      'RETRAIT 7 DAB 7',
      'RETRAIT 8 DAB 8 CARTE XX4758',
      'RETRAIT 9 DAB 9',
    ]);
  });

  it("reads balances whose 'S$' OCR read as '$$' before a side marker, and lost decimal marks before one (ocr-cells)", () => {
    const doc = ocrDoc([
      [[40, 'For the period: From 01/05/2024 to 31/05/2024']],
      [[40, 'Balance brought forward 4,866.69 Cr']],
      header([40, 'Date'], [120, 'Transaction Description'], [380, 'Transaction Amount'], [480, 'Ledger Balance']),
      [
        [40, '01/05/2024'],
        [120, 'PAYNOW TRANSFER'],
        [380, '-66.94'],
        [480, '$$4,799.75 Cr', 0.6],
      ],
      [
        [40, '03/05/2024'],
        [120, 'BRANCH DEPOSIT'],
        [380, '203.00'],
        [480, 'S$$5,002.75 Cr', 0.6],
      ],
      [
        [40, '03/05/2024'],
        [120, 'GOLDEN VILLAGE'],
        [380, '-19.75'],
        [480, '498300 Cr', 0.6],
      ],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.amount, t.balance])).toEqual([
      [-66.94, 4799.75],
      [203, 5002.75],
      [-19.75, 4983],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it("takes the table's balance row for a summary's opening one digit longer: a misread 'S$' (ocr-labelled-balances)", () => {
    const doc = ocrDoc([
      [[40, 'Period covered 16/12/2025 through 15/01/2026']],
      [
        [40, 'Opening balance'],
        [200, '$81,254.53', 0.7],
      ],
      header([40, 'Date'], [120, 'Transaction'], [380, 'Amount'], [480, 'D/C']),
      [
        [40, '16/12/2025', 0.9],
        [120, 'Balance on 16/12/2025', 0.9],
        [380, '1,254.53', 0.9],
        [480, 'CR', 0.9],
      ],
      [
        [40, '16/12/2025'],
        [120, 'GUARDIAN HEALTH'],
        [380, 'S$30.18'],
        [480, 'DR'],
      ],
      [
        [40, '18/12/2025'],
        [120, 'ATM DEPOSIT'],
        [380, 'S$70.00'],
        [480, 'CR'],
      ],
      // No closing printed: the amounts cannot judge between the label and the row (as
      // balance-rows-judged does); the misread sign alone tells.
      [[40, 'Please examine this statement promptly and notify us of any errors within 30 days.']],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.statement.openingBalance).toBe(1254.53);
    expect(s?.trace?.filter((e) => e.pass === 'ocr-labelled-balances').map((e) => e.to)).toEqual([1254.53]);
    // The opening agrees with the balance row, but no printed balance follows a row: nothing proves them.
    expect(s?.reconciliation.status).toBe('unknown');
  });

  it('takes lines with an amount whose currency sign OCR misread ("S$$299.00") above the first clean row into the table', () => {
    const doc = ocrDoc([
      [[40, 'Period covered 16/12/2025 through 15/01/2026']],
      [[40, 'Opening balance 1,000.00']],
      header([40, 'Date'], [120, 'Transaction'], [380, 'Amount'], [480, 'D/C']),
      [
        [40, '26/12/2025'],
        [120, 'ATM WITHDRAWAL'],
        [380, 'S$$299.00', 0.6],
        [480, 'DR'],
      ],
      [
        [40, '27/12/2025'],
        [120, 'SHOPEE'],
        [380, 'S$64.21'],
        [480, 'DR'],
      ],
      [
        [40, '28/12/2025'],
        [120, 'NTUC FAIRPRICE'],
        [380, 'S$11.44'],
        [480, 'DR'],
      ],
      [[40, 'Please examine this statement promptly and notify us of any errors within 30 days.']],
      [[40, 'Closing balance 625.35']],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => t.amount)).toEqual([-299, -64.21, -11.44]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
