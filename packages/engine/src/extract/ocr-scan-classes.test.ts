/**
 * Classes seen on real scans and screenshots (issue 26), each on an OCR page the test lays out
 * itself: the words, figures and positions are the test's own. Each test fails without the
 * mechanism it names.
 */
import { describe, expect, it } from 'vitest';
import type { LayoutDocument, LayoutLine } from '../layout/model';
import { findPeriod } from './facts/period';
import { extractStatements } from './index';
import { tokeniseLine } from './tokens/tokenise';

const deadline = () => Date.now() + 60_000;

type Cell = [x: number, text: string, confidence?: number, digitConfidence?: number];

/** One OCR page of lines 14 units apart (a blank entry leaves a line's space empty). */
function ocrPage(rows: (Cell[] | null)[]): LayoutDocument {
  const lines: LayoutLine[] = [];
  rows.forEach((cells, i) => {
    if (!cells) return;
    const y0 = 100 + i * 14;
    lines.push({
      y0,
      y1: y0 + 9,
      runs: cells.map(([x, text, confidence = 0.9, digitConfidence]) => ({
        text,
        x0: x,
        x1: x + text.length * 5,
        y0,
        y1: y0 + 9,
        size: 9,
        confidence,
        ...(digitConfidence === undefined ? {} : { digitConfidence }),
      })),
    });
  });
  return { pages: [{ number: 1, width: 600, height: 800, source: 'ocr', lines }] };
}

/**
 * A card statement's page as a low-resolution scan reads: tiles of labels over values, a table
 * of reference, sold and posted dates (month/day), description and amount, and a summary.
 * `posted` and `sold` are the date cells as OCR gave them; `amounts` the amount cells.
 */
function cardScan(opts: { sold: string[]; posted: string[]; amounts: string[]; dueValueX?: number }): LayoutDocument {
  const rows = [
    ['Q7X1125', 'PAYMENT RECEIVED - THANK YOU'],
    ['K2M4471', 'CORNER BOOKSHOP RIVERTON'],
    ['P9T3308', 'HILLSIDE PHARMACY RIVERTON'],
    ['B4W6612', 'LAKEVIEW CINEMA PORTSIDE'],
    ['Z8R2290', 'MAPLE STREET BAKERY RIVERTON'],
    ['H1C5547', 'NORTHERN RAIL TICKETS'],
  ];
  return ocrPage([
    [[200, 'CARD STATEMENT']],
    null,
    [
      [40, 'CARD ACCOUNT'],
      [160, 'HOLDER'],
      [300, 'STATEMENT DATE'],
      [440, 'PAYMENT DUE DATE'],
    ],
    [
      [40, '7731-402-118'],
      [160, 'Jane Roe'],
      [300, '3/14/11'],
      [440, '4/08/11'],
    ],
    [
      [40, 'CREDIT LINE'],
      [160, 'AVAILABLE'],
      [300, 'NEW BALANCE'],
      [440, 'MINIMUM PAYMENT DUE'],
    ],
    // The new balance lost its decimal mark; the minimum payment's box starts a little left of its label.
    [
      [40, '$2500.00'],
      [160, '$2310.17'],
      [300, '$18983'],
      [opts.dueValueX ?? 440, '$25.00'],
    ],
    null,
    [
      [40, 'REFERENCE'],
      [120, 'SOLD'],
      [170, 'POSTED'],
      [230, 'ACTIVITY SINCE LAST STATEMENT'],
      [470, 'AMOUNT'],
    ],
    ...rows.map((r, i): Cell[] => [
      [40, r[0] as string],
      ...(opts.sold[i] ? ([[125, opts.sold[i], 0.6]] as Cell[]) : []),
      [175, opts.posted[i] as string, 0.6],
      [230, r[1] as string],
      [480, opts.amounts[i] as string, 0.8],
    ]),
    null,
    [
      [40, 'Previous Balance'],
      [150, '(+)'],
      [200, '212.40'],
      [330, 'Current Amount Due'],
      [480, '189.83'],
    ],
    [
      [40, 'Purchases'],
      [150, '(+)'],
      [200, '189.83'],
      [330, 'Minimum Payment Due'],
      [480, '25.00'],
    ],
    [
      [40, 'Payments'],
      [150, '(-)'],
      [200, '212.40'],
    ],
    [
      [40, 'NEW BALANCE'],
      [150, '(=)'],
      [200, '189.83'],
    ],
  ]);
}

// The truth of cardScan: posted dates, amounts as the holder sees them (purchases are debits).
const TRUTH = [
  ['2011-02-25', 212.4],
  ['2011-02-15', -21.05],
  ['2011-02-15', -64.4],
  ['2011-02-18', -18.5],
  ['2011-02-21', -9.75],
  ['2011-03-09', -76.13],
];
const SOUND = {
  sold: ['', '2/12', '2/13', '2/18', '2/20', '3/09'],
  posted: ['2/25', '2/15', '2/15', '2/18', '2/21', '3/09'],
  amounts: ['-212.40', '21.05', '64.40', '18.50', '9.75', '76.13'],
};
const dated = (s: { transactions: { date: string; amount: number }[] } | undefined) =>
  (s?.transactions ?? []).map((t) => [t.date, t.amount]);

describe('a low-resolution card scan (month/day dates, tiles of labels over values)', () => {
  it('reads as printed when OCR reads every cell', () => {
    const [s] = extractStatements(cardScan(SOUND), { deadline: deadline() });
    expect(dated(s)).toEqual(TRUTH);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('reads back dates whose slash OCR lost or read as a digit, by the shape the column prints (ocr-cells)', () => {
    // "2/25" read "225", "2/18" read "2718" (the slash as a 7), "2/21" read "2121" (as a 1).
    const posted = ['225', '2/15', '2/15', '2718', '2121', '3/09'];
    const sold = ['', '2/12', '2/13', '2718', '2120', '3/09'];
    const [s] = extractStatements(cardScan({ ...SOUND, posted, sold }), { deadline: deadline() });
    expect(dated(s)).toEqual(TRUTH);
  });

  it('takes a date column\'s run-together letters ("m6": "1/1" read as one letter) for a damaged date, not description words (ocr-damaged-dates)', () => {
    // A January statement: "1/16" read "m6" lies between its neighbours' dates; "1/18" read "Ms".
    const jan = cardScan({
      sold: ['', '1/11', 'm4', 'Ms', '1/20', '2/09'],
      posted: ['1/25', '1/12', 'm6', '1/18', '1/21', '2/09'],
      amounts: SOUND.amounts,
    });
    for (const l of jan.pages[0]?.lines ?? [])
      for (const r of l.runs) r.text = r.text.replace('3/14/11', '2/14/11').replace('4/08/11', '3/08/11');
    const [s] = extractStatements(jan, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.description])).toEqual([
      ['2011-01-25', 'PAYMENT RECEIVED - THANK YOU'],
      ['2011-01-12', 'CORNER BOOKSHOP RIVERTON'],
      ['2011-01-16', 'HILLSIDE PHARMACY RIVERTON'],
      ['2011-01-18', 'LAKEVIEW CINEMA PORTSIDE'],
      ['2011-01-21', 'MAPLE STREET BAKERY RIVERTON'],
      ['2011-02-09', 'NORTHERN RAIL TICKETS'],
    ]);
  });

  it('reads amounts whose decimal mark OCR read as a space ("-212 40") (ocr-cells)', () => {
    // Two of them: the balances alone cannot give both back.
    const amounts = ['-212 40', '21 05', ...SOUND.amounts.slice(2)];
    const [s] = extractStatements(cardScan({ ...SOUND, amounts }), { deadline: deadline() });
    expect(dated(s)).toEqual(TRUTH);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it('takes no range from two dates of two tiles on one line (statement date, payment due date)', () => {
    const lines = (cells: Cell[]) =>
      ocrPage([cells]).pages.flatMap((p) =>
        p.lines.map((line, index) => ({
          page: 1,
          index,
          y0: line.y0,
          y1: line.y1,
          tokens: tokeniseLine(line, { decimal: '.', integers: false }),
          line,
        })),
      );
    // Two tiles' values, a column gap apart: a statement date and a payment due date.
    expect(
      findPeriod(
        lines([
          [40, 'Jane Roe'],
          [300, '3/14/11'],
          [440, '4/08/11'],
        ]),
        'MDY',
      ),
    ).toBeNull();
    // A range whose dash OCR lost leaves a space: still a range.
    expect(
      findPeriod(
        lines([
          [40, 'Jane Roe'],
          [300, '2/15/11'],
          [345, '3/14/11'],
        ]),
        'MDY',
      ),
    ).toEqual({
      start: '2011-02-15',
      end: '2011-03-14',
    });
  });

  it("gives a tile's value to its own label when its box starts a little left of it (closing balance)", () => {
    const [s] = extractStatements(cardScan({ ...SOUND, dueValueX: 436 }), { deadline: deadline() });
    expect(s?.statement.closingBalance).toBe(-189.83);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

/**
 * A card's transactions page as a screenshot reads: no balances printed, a section of payments
 * whose amounts print a minus (the card's view) and a section of purchases printed bare, closed by
 * a total whose label follows the holder's name.
 */
function cardScreenshot(opts: {
  payments: string[];
  transDates?: string[];
  posted?: string;
  postedConfidence?: number;
  /** Confidence of the transaction dates' days (their month names are read at 0.7). */
  transDayConfidence?: number;
}): LayoutDocument {
  const purchases: [string, string, string][] = [
    ['Sep 3', 'GREENLEAF GROCERS PORTLANDOR', '$64.18'],
    ['Sep 9', 'CITY PARKING 0042PORTLANDOR', '$12.00'],
    ['Sep 14', 'RIVERSIDE HARDWARE 77PORTLANDOR', '$139.95'],
    ['Sep 22', 'BLUE DOOR CAFE PORTLANDOR', '$8.40'],
  ];
  const trans = opts.transDates ?? ['Sep 1', 'Sep 17', 'Sep 2', 'Sep 8', 'Sep 13', 'Sep 21'];
  return ocrPage([
    [[380, 'Visa Signature ending in 4417']],
    [[380, 'Aug 28, 2023 - Sep 27, 2023']],
    [[230, 'Transactions']],
    [[40, '#4417: Payments, Credits and Adjustments']],
    [
      [40, 'Trans Date'],
      [110, 'Post Date'],
      [180, 'Description'],
      [520, 'Amount'],
    ],
    ...opts.payments.map((amount, i): Cell[] => [
      [40, trans[i] as string, 0.7, opts.transDayConfidence],
      [110, i ? (opts.posted ?? 'Sep 18') : 'Sep 1', i ? (opts.postedConfidence ?? 0.9) : 0.9],
      [180, 'ONLINE PAYMENT THANK YOU'],
      [510, amount],
    ]),
    [[40, 'SAM RIVERA #4417: Transactions']],
    [
      [40, 'Trans Date'],
      [110, 'Post Date'],
      [180, 'Description'],
      [520, 'Amount'],
    ],
    ...purchases.map(([posted, description, amount], i): Cell[] => [
      [40, trans[i + 2] as string, 0.7],
      [110, posted],
      [180, description],
      [515, amount],
    ]),
    [
      [40, 'SAM RIVERA #4417: Total Transactions'],
      [515, '$224.53'],
    ],
    null,
    [
      [40, 'Total Transactions for This Period'],
      [515, '$224.53'],
    ],
  ]);
}

describe('a card screenshot without balances (sections of payments and purchases)', () => {
  const truth = [
    ['2023-09-01', 'ONLINE PAYMENT THANK YOU', 150],
    ['2023-09-18', 'ONLINE PAYMENT THANK YOU', 45],
    ['2023-09-03', 'GREENLEAF GROCERS PORTLANDOR', -64.18],
    ['2023-09-09', 'CITY PARKING 0042PORTLANDOR', -12],
    ['2023-09-14', 'RIVERSIDE HARDWARE 77PORTLANDOR', -139.95],
    ['2023-09-22', 'BLUE DOOR CAFE PORTLANDOR', -8.4],
  ];
  const rows = (doc: LayoutDocument) =>
    (extractStatements(doc, { deadline: deadline() })[0]?.transactions ?? []).map((t) => [
      t.date,
      t.description,
      t.amount,
    ]);

  it('takes the minus printed under a heading of credits for the credits, and bare amounts for debits; the section total is no row (section-signs, total-rows)', () => {
    // One payment's minus lost by OCR: the heading still makes it a credit.
    expect(rows(cardScreenshot({ payments: ['- $150.00', '$45.00'] }))).toEqual(truth);
    expect(rows(cardScreenshot({ payments: ['- $150.00', '- $45.00'] }))).toEqual(truth);
  });

  it('reads a transaction date whose month name OCR misread by a letter as the name its column prints ("hug 7") (ocr-cells)', () => {
    const transDates = ['Sep 1', 'Sep 17', 'Sep 2', 'Sep 8', 'Sep 13', 'Scp 21'];
    expect(rows(cardScreenshot({ payments: ['- $150.00', '- $45.00'], transDates }))).toEqual(truth);
  });

  it("reads a posting date whose day OCR read as letters of like shape ('Sep 1B') (ocr-cells)", () => {
    expect(rows(cardScreenshot({ payments: ['- $150.00', '- $45.00'], posted: 'Sep 1B' }))).toEqual(truth);
  });

  it("reads a posting date OCR read before its row's transaction date ('Sep 13' posted, 'Sep 17' sold) as the one date a digit of like shape gives on or after it (ocr-posted-before-sold)", () => {
    const payments = ['- $150.00', '- $45.00'];
    expect(rows(cardScreenshot({ payments, posted: 'Sep 13', postedConfidence: 0.5 }))).toEqual(truth);
    // Where OCR is surer of the posting date than of the transaction date, neither is known wrong.
    expect(rows(cardScreenshot({ payments, posted: 'Sep 13', postedConfidence: 0.8 }))[1]?.[0]).toBe('2023-09-13');
    // A transaction date whose month name OCR was unsure of, but not of its day.
    expect(
      rows(cardScreenshot({ payments, posted: 'Sep 13', postedConfidence: 0.8, transDayConfidence: 0.95 })),
    ).toEqual(truth);
  });
});

describe('a running balance printed once a day', () => {
  it('proves which amount of the day OCR misread, where one digit read as one of like shape makes it hold (ocr-amount-repair)', () => {
    const doc = ocrPage([
      [[40, 'Statement period 01/03/2024 to 31/03/2024']],
      [[40, 'Opening balance 1,000.00']],
      [
        [40, 'Date'],
        [110, 'Description'],
        [330, 'Paid out'],
        [420, 'Paid in'],
        [500, 'Balance'],
      ],
      [
        [40, '04/03/2024'],
        [110, 'TESCO STORES 2241'],
        [335, '12.40'],
      ],
      // 5.53 read as 5.58: the day's balance is 5 pence off; 2.95 as 2.90 would fit too, but 5 and 0 look nothing alike.
      [
        [40, '04/03/2024'],
        [110, 'COFFEE CORNER'],
        [340, '5.58', 0.7],
      ],
      [
        [40, '04/03/2024'],
        [110, 'BUS TICKET'],
        [340, '2.95'],
        [500, '979.12'],
      ],
      [
        [40, '05/03/2024'],
        [110, 'SALARY ACME LTD'],
        [420, '500.00'],
        [495, '1,479.12'],
      ],
      [[40, 'Closing balance 1,479.12']],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual([
      ['TESCO STORES 2241', -12.4],
      ['COFFEE CORNER', -5.53],
      ['BUS TICKET', -2.95],
      ['SALARY ACME LTD', 500],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
    expect(s?.issues?.map((i) => i.code)).toContain('AMOUNT_CORRECTED');
  });
});

describe('amounts whose decimal mark OCR read as the other one', () => {
  it('are read with the mark the document prints ("44,27 $" among "83.85 $") (ocr-cells)', () => {
    // Two of them between the same two balances: the balances alone cannot give them back.
    const doc = ocrPage([
      [[40, 'Période du 1 sept. 2025 au 30 sept. 2025']],
      [[40, 'Solde précédent 1,000.00 $']],
      [
        [40, 'Date'],
        [110, 'Description'],
        [330, 'Retraits'],
        [420, 'Dépôts'],
        [500, 'Solde'],
      ],
      [
        [40, '12 sept.'],
        [110, 'ACHAT ULTRAMAR 32834'],
        [330, '83.85 $'],
        [495, '916.15 $'],
      ],
      [
        [40, '12 sept.'],
        [110, 'JEAN COUTU 477 GATINEAU'],
        [330, '44,27 $', 0.3],
      ],
      [
        [40, '15 sept.'],
        [110, 'SALAIRE LES INDUSTRIES'],
        [415, '1,593,08 $', 0.4],
      ],
      [
        [40, '16 sept.'],
        [110, 'CINEPLEX GATINEAU'],
        [330, '23.53 $'],
        [490, '2,441.43 $'],
      ],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual([
      ['ACHAT ULTRAMAR 32834', -83.85],
      ['JEAN COUTU 477 GATINEAU', -44.27],
      ['SALAIRE LES INDUSTRIES', 1593.08],
      ['CINEPLEX GATINEAU', -23.53],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

/** A statement whose every amount carries its side ('128,00 D', '12,71 C'), without running balances. */
function markedStatement(
  cells: [date: string, text: string, amount: string][],
  closing = '1.408,96 C',
): LayoutDocument {
  return ocrPage([
    [[40, 'Período: de 10/06/2024 a 09/07/2024']],
    [
      [40, 'DATA'],
      [110, 'DESCRITIVO'],
      [430, 'VALOR (BRL)'],
    ],
    [
      [40, '10/06'],
      [110, 'Saldo inicial'],
      [430, '1.000,00 C'],
    ],
    ...cells.map(([date, text, amount]): Cell[] => [
      [40, date],
      [110, text],
      [430, amount],
    ]),
    [
      [110, 'Saldo atual'],
      [430, closing],
    ],
  ]);
}

const markedTruth: [string, string, number][] = [
  ['2024-06-13', 'DEBITO AUTOMATICO FIXO', -128],
  ['2024-06-15', 'FARMACIA CENTRO', -194.25],
  ['2024-06-16', 'PADARIA SILVA', -14.49],
  ['2024-06-18', 'REEMBOLSO FARMACIA', 12.71],
  ['2024-06-20', 'SALARIO EMPRESA', 800],
  ['2024-06-21', 'TRANSFERENCIA ENVIADA', -60.99],
  ['2024-06-24', 'SUPERMERCADO BAIRRO', -6.02],
];

describe('a debit mark OCR read as a digit', () => {
  it("is the mark, where the column marks every amount ('14,490' for 14,49 D; '194250' for 194,25 D) (ocr-cells)", () => {
    const doc = markedStatement([
      ['13/06', 'DEBITO AUTOMATICO FIXO', '128,00 D'],
      ['15/06', 'FARMACIA CENTRO', '194250'],
      ['16/06', 'PADARIA SILVA', '14,490'],
      ['18/06', 'REEMBOLSO FARMACIA', '12,71 C'],
      ['20/06', 'SALARIO EMPRESA', '800,00 C'],
      ['21/06', 'TRANSFERENCIA ENVIADA', '60,99 D'],
      ['24/06', 'SUPERMERCADO BAIRRO', '6,02 D'],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount])).toEqual(markedTruth);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('specks OCR read around the side word of a marked amount', () => {
  it("are noise, where the column marks every amount ('12,71:C-' for 12,71 C, '60,99.D' for 60,99 D) (ocr-cells)", () => {
    const doc = markedStatement([
      ['13/06', 'DEBITO AUTOMATICO FIXO', '128,00 D'],
      ['15/06', 'FARMACIA CENTRO', '194,25 D'],
      ['16/06', 'PADARIA SILVA', '14,49 D'],
      ['18/06', 'REEMBOLSO FARMACIA', '12,71:C-'],
      ['20/06', 'SALARIO EMPRESA', '800,00 C'],
      ['21/06', 'TRANSFERENCIA ENVIADA', '60,99.D'],
      ['24/06', 'SUPERMERCADO BAIRRO', '6,02 D'],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount])).toEqual(markedTruth);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('a date OCR read with one digit of like shape', () => {
  it('takes the one date inside the period, between its neighbours, that the digit read back gives (ocr-look-alike-dates)', () => {
    // '15/08': the 6 of June closed into an 8, which puts the row two months past the period's end.
    const doc = markedStatement([
      ['13/06', 'DEBITO AUTOMATICO FIXO', '128,00 D'],
      ['15/08', 'FARMACIA CENTRO', '194,25 D'],
      ['16/06', 'PADARIA SILVA', '14,49 D'],
      ['18/06', 'REEMBOLSO FARMACIA', '12,71 C'],
      ['20/06', 'SALARIO EMPRESA', '800,00 C'],
      ['21/06', 'TRANSFERENCIA ENVIADA', '60,99 D'],
      ['24/06', 'SUPERMERCADO BAIRRO', '6,02 D'],
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount])).toEqual(markedTruth);
  });
});

describe('a statement off by a leading 1', () => {
  it('repairs no amount where a 1 lost on one row explains it as well as a digit read on another (ocr-amount-repair)', () => {
    // '17,75 D' was 117,75 D: dropping the 1 of '127,08 C' would make the totals hold as well.
    const doc = markedStatement(
      [
        ['13/06', 'DEBITO AUTOMATICO FIXO', '128,00 D'],
        ['15/06', 'FARMACIA CENTRO', '117,75 D'],
        ['16/06', 'PADARIA SILVA', '14,49 D'],
        ['18/06', 'ESTORNO FARMACIA', '127,08 C'],
        ['20/06', 'SALARIO EMPRESA', '800,00 C'],
        ['21/06', 'TRANSFERENCIA ENVIADA', '17,75 D'],
        ['24/06', 'SUPERMERCADO BAIRRO', '6,02 D'],
      ],
      '1.543,07 C',
    );
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => t.amount)).toEqual([-128, -117.75, -14.49, 127.08, 800, -17.75, -6.02]);
    expect(s?.issues?.map((i) => i.code) ?? []).not.toContain('AMOUNT_CORRECTED');
  });
});

/** A day-first statement with running balances ('CAD' after each): `dates` and `amounts` as OCR read them. */
function balancedScan(dates: string[], amounts: string[], balances: string[], opening = '1000,00 CAD'): LayoutDocument {
  const descriptions = [
    'EPICERIE DU COIN',
    'PHARMACIE CENTRALE',
    'REMBOURSEMENT LIBRAIRIE',
    'STATION SERVICE',
    'CAFE DE LA GARE',
  ];
  return ocrPage([
    [[40, 'Période du 01/10/2023 au 31/10/2023']],
    [[40, `Solde précédent ${opening}`]],
    [
      [40, 'Date'],
      [110, 'Description'],
      [330, 'Retraits'],
      [400, 'Dépôts'],
      [480, 'Solde'],
    ],
    ...dates.map((d, i): Cell[] => [
      [40, d],
      [110, descriptions[i] as string],
      [i === 2 ? 405 : 335, amounts[i] as string],
      [480, balances[i] as string],
    ]),
  ]);
}

const balancedTruth = [
  ['2023-10-02', -12.4, 987.6],
  ['2023-10-05', -7.58, 980.02],
  ['2023-10-11', 21.9, 1001.92],
  ['2023-10-16', -40, 961.92],
  ['2023-10-20', -3.55, 958.37],
];
const balancedAsPrinted = {
  dates: ['02/10/23', '05/10/23', '11/10/23', '16/10/23', '20/10/23'],
  amounts: ['12,40', '7,58', '21,90', '40,00', '3,55'],
  balances: ['987,60 CAD', '980,02 CAD', '1001,92 CAD', '961,92 CAD', '958,37 CAD'],
};
const balancedRows = (doc: LayoutDocument) => {
  const [s] = extractStatements(doc, { deadline: deadline() });
  return s?.transactions.map((t) => [t.date, t.amount, t.balance]);
};

describe('figures and dates a scan damaged, on a statement with running balances', () => {
  it('reads it as printed when OCR reads every cell', () => {
    const { dates, amounts, balances } = balancedAsPrinted;
    expect(balancedRows(balancedScan(dates, amounts, balances))).toEqual(balancedTruth);
  });

  it("reads a decimal mark read as a colon ('3:55') and one lost before a currency code ('100192 CAD') (ocr-cells)", () => {
    const { dates, amounts, balances } = balancedAsPrinted;
    const damaged = balancedScan(
      dates,
      amounts.map((a, i) => (i === 4 ? '3:55' : a)),
      balances.map((b, i) => (i === 2 ? '100192 CAD' : b)),
    );
    expect(balancedRows(damaged)).toEqual(balancedTruth);
    // Read, not taken from the balances around them (which the review shows as such).
    const [s] = extractStatements(damaged, { deadline: deadline() });
    expect(s?.issues?.map((i) => i.code) ?? []).toEqual([]);
  });

  it("reads a whole number among amounts with decimals as one whose decimal mark OCR lost ('758') (ocr-cells, not integer-amounts)", () => {
    const { dates, amounts, balances } = balancedAsPrinted;
    expect(
      balancedRows(
        balancedScan(
          dates,
          amounts.map((a, i) => (i === 1 ? '758' : a)),
          balances,
        ),
      ),
    ).toEqual(balancedTruth);
  });

  it("decides a date the document's day order cannot read ('11/16/23': the 0 read as a 6) from its neighbours (ocr-damaged-dates)", () => {
    const { dates, amounts, balances } = balancedAsPrinted;
    expect(
      balancedRows(
        balancedScan(
          dates.map((d, i) => (i === 2 ? '11/16/23' : d)),
          amounts,
          balances,
        ),
      ),
    ).toEqual(balancedTruth);
  });

  it("takes the one date between its neighbours one digit from a date read far outside the period ('11/11/23' for 11/10/23) (ocr-look-alike-dates)", () => {
    const { dates, amounts, balances } = balancedAsPrinted;
    expect(
      balancedRows(
        balancedScan(
          dates.map((d, i) => (i === 2 ? '11/11/23' : d)),
          amounts,
          balances,
        ),
      ),
    ).toEqual(balancedTruth);
  });
});

describe('figures a photo read with a digit too many, on a statement with running balances', () => {
  it("reads a running balance with a leading digit too many ('1980,02 CAD' for 980,02: a shaded row's edge) as the one the balances before and after it agree on (ocr-balance-repair)", () => {
    const { dates, amounts, balances } = balancedAsPrinted;
    const doc = balancedScan(
      dates,
      amounts,
      balances.map((b, i) => (i === 1 ? '1980,02 CAD' : b)),
    );
    expect(balancedRows(doc)).toEqual(balancedTruth);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.reconciliation.status).toBe('balanced');
    expect(s?.issues?.map((i) => i.code)).toContain('BALANCE_CORRECTED');
  });

  it("reads a running balance a speck gave a minus ('-980,02 CAD' for 980,02) as the one the balances before and after it agree on (ocr-balance-repair)", () => {
    const { dates, amounts, balances } = balancedAsPrinted;
    const doc = balancedScan(
      dates,
      amounts,
      balances.map((b, i) => (i === 1 ? `-${b}` : b)),
    );
    expect(balancedRows(doc)).toEqual(balancedTruth);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.reconciliation.status).toBe('balanced');
    expect(s?.issues?.map((i) => i.code)).toContain('BALANCE_CORRECTED');
  });

  it("reads a printed opening with a leading digit too many ('21000,00 CAD': its currency sign read as a 2) as what the first running balances come to (ocr-opening)", () => {
    const { dates, amounts, balances } = balancedAsPrinted;
    const [s] = extractStatements(balancedScan(dates, amounts, balances, '21000,00 CAD'), { deadline: deadline() });
    expect(s?.statement.openingBalance).toBe(1000);
    expect(s?.transactions.map((t) => [t.date, t.amount, t.balance])).toEqual(balancedTruth);
    expect(s?.reconciliation.status).toBe('balanced');
    expect(s?.trace?.some((e) => e.pass === 'ocr-opening')).toBe(true);
  });

  it('keeps a printed opening more than one character from what the running balances come to', () => {
    const { dates, amounts, balances } = balancedAsPrinted;
    const [s] = extractStatements(balancedScan(dates, amounts, balances, '3500,00 CAD'), { deadline: deadline() });
    expect(s?.statement.openingBalance).toBe(3500);
    expect(s?.trace?.some((e) => e.pass === 'ocr-opening')).toBe(false);
  });
});

describe('a sign column of letters (B for debits, A for credits) OCR read a letter of as a digit', () => {
  const rows: [string, string, string, string, string | null][] = [
    ['06/05/2024', 'SHELL BURSA', '829,96', '8', null],
    ['06/05/2024', 'POS SATIS ALIEXPRESS', '1.034,16', '8B', null],
    ['06/05/2024', 'IPTAL OPET', '1.552,78', 'A', null],
    ['06/05/2024', 'FATURA TURKCELL', '284,38', 'B', '25.768,91'],
    ['07/05/2024', 'IPTAL ISTANBULKART', '107,94', 'A', '25.876,85'],
    ['08/05/2024', 'GIDEN HAVALE', '224,00', 'B', '25.652,85'],
  ];
  const doc = (signs: string[]) =>
    ocrPage([
      [[40, 'Hesap Ozeti Donemi: 06/05/2024 - 05/06/2024']],
      [[40, '06/05/2024 Tarihli Bakiye 26.364,63']],
      [
        [40, 'TARIH'],
        [110, 'ACIKLAMA'],
        [330, 'TUTAR'],
        [400, 'B/A'],
        [470, 'BAKIYE'],
      ],
      ...rows.map(([date, text, amount, , balance], i): Cell[] => [
        [40, date],
        [110, text],
        [330, amount],
        [405, signs[i] as string],
        ...(balance ? [[470, balance] as Cell] : []),
      ]),
    ]);

  it("takes the sign of rows whose letter it read as a digit ('8', '8B' for B) from the balances, not as credits (signs-from-balances)", () => {
    const [s] = extractStatements(doc(rows.map((r) => r[3])), { deadline: deadline() });
    expect(s?.transactions.map((t) => t.amount)).toEqual([-829.96, -1034.16, 1552.78, -284.38, 107.94, -224]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('an amount whose trailing sign OCR read glued to the currency after it', () => {
  it("reads '201,73-TL' as 201,73- among '95,32- TL' (ocr-cells)", () => {
    const amounts = ['201,73-TL', '95,32-', '283,86-', '13.801,62+', '46,94-'];
    const doc = ocrPage([
      [[40, 'Donem: 20/02/2025 - 19/03/2025']],
      [[40, 'Devreden Bakiye 97.206,80 TL']],
      [
        [40, 'Tarih'],
        [110, 'Aciklama'],
        [400, 'Tutar'],
      ],
      ...amounts.map((a, i): Cell[] => [
        [40, `${String(21 + i).padStart(2, '0')}/02/2025`],
        [110, `ISLEM ${i + 1} ANTALYA`],
        [400, a],
        ...(a.endsWith('TL') ? [] : [[400 + a.length * 5 + 6, 'TL'] as Cell]),
      ]),
    ]);
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => t.amount)).toEqual([-201.73, -95.32, -283.86, 13801.62, -46.94]);
  });
});

describe('dates printed without zero padding (3/1/24) whose slashes OCR lost', () => {
  // A Kontoauszug-like page: booking date d/m/yy without padding, text, amount, balance.
  const scan = (dates: string[]) =>
    ocrPage([
      [[40, 'Kontoauszug vom 28/12/2023 bis 10/01/2024']],
      [[40, 'Alter Kontostand 500,00']],
      [
        [40, 'Datum'],
        [110, 'Buchungstext'],
        [380, 'Betrag'],
        [470, 'Saldo'],
      ],
      ...dates.map((d, i): Cell[] => [
        [40, d],
        [
          110,
          ['Kartenzahlung Markt', 'Miete Januar', 'Überweisung Schmidt', 'Bäckerei Kamps', 'Tankstelle Nord'][
            i
          ] as string,
        ],
        [380, ['12,50-', '400,00-', '25,00-', '3,20-', '50,00-'][i] as string],
        [470, ['487,50', '87,50', '62,50', '59,30', '9,30'][i] as string],
      ]),
      [[40, 'Neuer Kontostand 9,30']],
    ]);
  const dates = (doc: LayoutDocument) =>
    extractStatements(doc, { deadline: deadline() })[0]?.transactions.map((t) => t.date);
  const truth = ['2023-12-30', '2024-01-01', '2024-01-02', '2024-01-03', '2024-01-05'];

  it('reads as printed', () => {
    expect(dates(scan(['30/12/23', '1/1/24', '2/1/24', '3/1/24', '5/1/24']))).toEqual(truth);
  });

  it("takes the one date between its neighbours whose unpadded digits were read ('11124' for 1/1/24, '2124' for 2/1/24) (ocr-damaged-dates)", () => {
    expect(dates(scan(['30/12/23', '11124', '2124', '3/1/24', '5/1/24']))).toEqual(truth);
  });
});

describe('a period printed in a tile beside other tiles on one OCR line', () => {
  const scan = () =>
    ocrPage([
      [[40, 'Harbour Savings Union']],
      [
        [40, 'Account: 7310 2254'],
        [160, 'Customer name: Olivia Marshfield'],
        [330, 'For the period: 1 Mar 2024 - 31 Mar 2024'],
      ],
      [
        [40, 'Opening balance $500.00'],
        [330, 'Closing balance $432.50'],
      ],
      [
        [40, 'Date'],
        [100, 'Description'],
        [380, 'Withdrawal'],
        [470, 'Balance'],
      ],
      [
        [40, '04 MAR'],
        [100, 'CARD PURCHASE GROCER'],
        [380, '42.50'],
        [470, '457.50'],
      ],
      [
        [40, '18 MAR'],
        [100, 'ATM WITHDRAWAL'],
        [380, '25.00'],
        [470, '432.50'],
      ],
    ]);

  it("takes its dates as the period, though the line's words together count like a sentence's (isRunningText by cells)", () => {
    const [s] = extractStatements(scan(), { deadline: deadline() });
    expect([s?.statement.periodStart, s?.statement.periodEnd]).toEqual(['2024-03-01', '2024-03-31']);
    expect(s?.transactions.map((t) => t.date)).toEqual(['2024-03-04', '2024-03-18']);
  });
});

describe('a summary line whose items a dash separates', () => {
  const scan = () =>
    ocrPage([
      [[40, 'Période du relevé / Period: 1 mai 2025 - 31 mai 2025']],
      [
        [
          40,
          'Solde au 30 avr. 2025 Previous balance 1,000.00 - Total des opérations créditrices / Money in + 50.00 - Money out - 30.00',
        ],
      ],
      [
        [40, 'Date'],
        [100, 'Description'],
        [330, 'Débits'],
        [400, 'Crédits'],
        [480, 'Solde'],
      ],
      [
        [40, '2025-05-02'],
        [100, 'ACHAT EPICERIE'],
        [330, '30.00'],
        [480, '970.00'],
      ],
      [
        [40, '2025-05-09'],
        [100, 'DEPOT SALAIRE'],
        [400, '50.00'],
        [480, '1,020.00'],
      ],
      [[40, 'Solde final / New balance 1,020.00']],
    ]);

  it("reads the opening balance before ' - Total ...' as printed, not as one with a trailing minus (tokens)", () => {
    const [s] = extractStatements(scan(), { deadline: deadline() });
    expect(s?.statement.openingBalance).toBe(1000);
    expect(s?.transactions.map((t) => t.amount)).toEqual([-30, 50]);
  });
});

describe('a ruled table whose first description line stands tight under its header', () => {
  /** Header, then rows of a description line over the date line, a rule under the header and each row. */
  function ruledScan(): LayoutDocument {
    const line = (y: number, cells: [number, string][]): LayoutLine => ({
      y0: y,
      y1: y + 9,
      runs: cells.map(([x, text]) => ({
        text,
        x0: x,
        x1: x + text.length * 5,
        y0: y,
        y1: y + 9,
        size: 9,
        confidence: 0.9,
      })),
    });
    const rows: [string, string, string, string, string][] = [
      ['CASH MACHINE CITY CENTRE', '2023-08-12', 'REF 6HES02XB', '-3.41', '996.59'],
      ['CARD PURCHASE', '2023-08-14', 'CORNER SHOP', '-5.36', '991.23'],
      ['CARD PAYMENT', '2023-08-20', 'BAR BRUNO', '-5.78', '985.45'],
      ['TRANSFER IN', '2023-08-22', 'FROM SAVINGS', '100.00', '1,085.45'],
    ];
    const lines: LayoutLine[] = [
      line(60, [[40, 'Opening balance 1,000.00']]),
      line(100, [
        [40, 'Date'],
        [150, 'Details'],
        [400, 'Amount'],
        [480, 'Balance'],
      ]),
    ];
    const rules = [{ y: 111, x0: 30, x1: 560 }];
    rows.forEach(([above, date, text, amount, balance], k) => {
      lines.push(line(112 + 26 * k, [[150, above]]));
      lines.push(
        line(124 + 26 * k, [
          [40, date],
          [150, text],
          [400, amount],
          [480, balance],
        ]),
      );
      rules.push({ y: 135 + 26 * k, x0: 30, x1: 560 });
    });
    return { pages: [{ number: 1, width: 600, height: 800, source: 'ocr', lines, rules }] };
  }

  it('gives that line to the first row, not to the header: the rule under the header ends it (table)', () => {
    const [s] = extractStatements(ruledScan(), { deadline: deadline() });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount])).toEqual([
      ['2023-08-12', 'CASH MACHINE CITY CENTRE REF 6HES02XB', -3.41],
      ['2023-08-14', 'CARD PURCHASE CORNER SHOP', -5.36],
      ['2023-08-20', 'CARD PAYMENT BAR BRUNO', -5.78],
      ['2023-08-22', 'TRANSFER IN FROM SAVINGS', 100],
    ]);
  });
});

describe('rows of one to three lines, the amount on the middle one, breaks only a fifth wider than lines', () => {
  it('splits the rows at the gaps where every stretch between amounts has one gap wider than a cut, though no two gap sizes stand a clear step apart (rows)', () => {
    const line = (mid: number, cells: [number, string][]): LayoutLine => ({
      y0: mid - 4.5,
      y1: mid + 4.5,
      runs: cells.map(([x, text]) => ({
        text,
        x0: x,
        x1: x + text.length * 5,
        y0: mid - 4.5,
        y1: mid + 4.5,
        size: 9,
        confidence: 0.9,
      })),
    });
    // Each row: lines above its amount line, the amount line, lines below it.
    const rows: [string[], [string, string, string, string], string[]][] = [
      [['CARD PURCHASE'], ['02.05', 'SHOP ONE', '-10,00', '990,00'], ['CARD 1234']],
      [['TRANSFER'], ['03.05', 'TO SAVINGS', '-20,00', '970,00'], []],
      [[], ['04.05', 'ACCOUNT FEE', '-1,00', '969,00'], []],
      [['CARD PURCHASE'], ['05.05', 'SHOP TWO', '-5,00', '964,00'], ['REF 998']],
      [['SALARY'], ['06.05', 'ACME LTD', '100,00', '1.064,00'], []],
    ];
    // OCR's line positions jitter: gaps inside rows 10 to 11.6, breaks 12.2 to 13.5.
    const inside = [10, 11.6, 10.5, 11, 10.2];
    const breaks = [12.2, 13.5, 13, 12.6];
    const lines: LayoutLine[] = [
      line(60, [[40, 'Opening balance 1.000,00']]),
      line(86, [
        [40, 'Date'],
        [120, 'Text'],
        [400, 'Amount'],
        [480, 'Balance'],
      ]),
    ];
    let y = 100;
    let k = 0;
    rows.forEach(([above, [date, text, amount, balance], below], r) => {
      if (r > 0) y += breaks[(r - 1) % breaks.length] as number;
      const put = (cells: [number, string][], last: boolean) => {
        lines.push(line(y, cells));
        if (!last) y += inside[k++ % inside.length] as number;
      };
      for (const t of above) put([[120, t]], false);
      put(
        [
          [40, date],
          [120, text],
          [400, amount],
          [480, balance],
        ],
        below.length === 0,
      );
      below.forEach((t, j) => {
        put([[120, t]], j === below.length - 1);
      });
    });
    const doc: LayoutDocument = { pages: [{ number: 1, width: 600, height: 800, source: 'ocr', lines }] };
    const [s] = extractStatements(doc, { deadline: deadline() });
    expect(s?.transactions.map((t) => t.description)).toEqual([
      'CARD PURCHASE SHOP ONE CARD 1234',
      'TRANSFER TO SAVINGS',
      'ACCOUNT FEE',
      'CARD PURCHASE SHOP TWO REF 998',
      'SALARY ACME LTD',
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
