/**
 * Classes seen on real statements (issue 25), each on a PDF the test draws: the layouts, words and
 * figures are the test's own, not a copy of any bank's. Each test fails without the mechanism it
 * names.
 */
import type { Statement } from '@statemint/shared';
import { describe, expect, it } from 'vitest';
import { convert } from '../convert';
import { left as L, at as line, money, right as R, tablePdf, textWidth } from '../testing/table-pdf';

const rowsOf = (s: Statement | undefined) => (s?.transactions ?? []).map((t) => [t.date, t.description, t.amount]);

const LOREM =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Cras non iaculis tellus, nam ullamcorper felis id enim';

describe('class 1: years of dates printed without one', () => {
  it('come from the latest labelled date, not the first ("Balance as of" opens and closes the statement)', async () => {
    const rows = [
      ['3 nov', 'TUINCENTRUM DE LINDE', -4_250],
      ['12 nov', 'SALARIS WERKGEVER', 210_000],
      ['29 nov', 'ENERGIE LEVERANCIER', -8_790],
    ] as const;
    const opening = 51_000;
    const closing = opening + rows.reduce((s, r) => s + r[2], 0);
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(40, L(40, 'Rekeningafschrift', true)),
            line(70, L(40, 'IBAN: NL11 ABCD 0123 4567 89')),
            line(95, L(40, 'Balance as of 01.11.2024:'), R(400, `${money(opening, ',')} EUR`)),
            line(110, L(40, 'Balance as of 30.11.2024:'), R(400, `${money(closing, ',')} EUR`)),
            line(150, L(40, 'Date', true), L(120, 'Description', true), R(400, 'Amount', true)),
            ...rows.map((r, i) =>
              line(168 + i * 14, L(40, r[0]), L(120, r[1]), R(400, `${r[2] < 0 ? '-' : ''}${money(r[2], ',')}`)),
            ),
          ],
        },
      ],
    });
    const [s] = await convert(pdf, { fileName: 'afschrift.pdf' });
    expect(rowsOf(s)).toEqual([
      ['2024-11-03', 'TUINCENTRUM DE LINDE', -42.5],
      ['2024-11-12', 'SALARIS WERKGEVER', 2100],
      ['2024-11-29', 'ENERGIE LEVERANCIER', -87.9],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it("come from the statement's own date, not from a range in a fee notice's sentence", async () => {
    const rows = [
      ['05/03', 'FPS TRANSFER TO LANDLORD', -1_200_000, 3_800_000],
      ['14/03', 'SALARY CREDIT', 4_500_000, 8_300_000],
      ['27/03', 'ELECTRICITY BILL', -65_000, 8_235_000],
    ] as const;
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(40, L(40, 'Statement Date', true), L(300, '31/03/2025')),
            line(80, L(40, 'Date', true), L(110, 'Particulars', true), R(420, 'Amount', true), R(540, 'Balance', true)),
            line(98, L(40, '01/03'), L(110, 'BALANCE BROUGHT FORWARD'), R(540, money(5_000_000))),
            ...rows.map((r, i) =>
              line(
                112 + i * 14,
                L(40, r[0]),
                L(110, r[1]),
                R(420, `${r[2] < 0 ? '-' : ''}${money(r[2])}`),
                R(540, money(r[3])),
              ),
            ),
            line(
              200,
              L(
                40,
                'A monthly service fee has been charged based on your average total balance from 1 Sep 2024 to 30 Nov 2024.',
              ),
            ),
            line(213, L(40, 'The monthly service fee of $200.00 was debited from your savings account on 5 Dec 2024.')),
          ],
        },
      ],
    });
    const [s] = await convert(pdf, { fileName: 'statement.pdf' });
    expect(rowsOf(s).map((r) => r[0])).toEqual(['2025-03-05', '2025-03-14', '2025-03-27']);
    expect(s?.statement.periodStart).toBeNull();
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

/** A card statement's first page: summary labels, then the activity. */
function cardPage(opts: {
  opening: number;
  closing: number;
  rows: readonly (readonly [string, string, string])[];
  notice?: boolean;
  openingRow?: string;
}) {
  const lines = [
    line(40, L(40, 'Harbourline Card Services', true)),
    line(60, L(40, 'Payment Due Date'), R(300, '07/24/2025')),
    line(74, L(40, 'Minimum Payment Due'), R(300, '35.00')),
    line(88, L(40, 'Credit Limit'), R(300, '8,000.00')),
  ];
  if (!opts.openingRow) lines.push(line(102, L(40, 'Previous Balance'), R(300, money(opts.opening))));
  lines.push(line(116, L(40, 'New Balance'), R(300, money(opts.closing))));
  lines.push(line(130, L(40, 'Account Number'), L(200, 'XXXX XXXX XXXX 4417')));
  let y = 150;
  if (opts.notice)
    for (let i = 0; i < 6; i++, y += 12) lines.push(line(y, L(40, `${LOREM} ${i}. Quisque a nisl convallis sed.`)));
  y += 14;
  lines.push(line(y, L(40, 'Date', true), L(110, 'Description', true), R(480, 'Amount', true)));
  y += 18;
  if (opts.openingRow) {
    lines.push(line(y, L(110, opts.openingRow), R(480, money(opts.opening))));
    y += 14;
  }
  for (const r of opts.rows) {
    lines.push(line(y, L(40, r[0]), L(110, r[1]), R(480, r[2])));
    y += 14;
  }
  return lines;
}

describe("class 3: a card statement's sign convention is the one its balances prove", () => {
  it("purchases printed with a minus and payments plain (the holder's view) are debits and credits", async () => {
    const rows = [
      ['06/02', 'CORNER GROCERY', '-82.40'],
      ['06/05', 'ONLINE PAYMENT THANK YOU', '1,200.00'],
      ['06/11', 'CITY PARKING', '-15.18'],
      ['06/20', 'BOOKSHOP', '-44.10'],
    ] as const;
    // Owed 1,500.00 before; 82.40 + 15.18 + 44.10 charged, 1,200.00 paid: 441.68 owed after.
    const pdf = await tablePdf({ pages: [{ lines: cardPage({ opening: 150_000, closing: 44_168, rows }) }] });
    const [s] = await convert(pdf, { fileName: 'card.pdf' });
    expect(s?.transactions.map((t) => t.amount)).toEqual([-82.4, 1200, -15.18, -44.1]);
    expect([s?.statement.openingBalance, s?.statement.closingBalance]).toEqual([-1500, -441.68]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('class 2: real statements are not refused', () => {
  it('a card statement with placeholder notice text, a total amount due and a subtotal converts', async () => {
    const rows = [
      ['02/07', 'PAYMENT BY INTERNET', '(250.00)'],
      ['03/07', 'MORNING CAFE', '4.20'],
      ['09/07', 'RAIL TICKET OFFICE', '61.30'],
      ['18/07', 'HARDWARE STORE', '120.45'],
    ] as const;
    const lines = cardPage({
      opening: 25_000,
      closing: 18_595,
      rows,
      notice: true,
      openingRow: "LAST MONTH'S BALANCE",
    });
    const y = (lines.at(-1)?.y ?? 0) + 16;
    lines.push(
      line(y, L(110, 'SUBTOTAL'), R(480, '185.95')),
      line(y + 14, L(110, 'TOTAL AMOUNT DUE'), R(480, '185.95')),
    );
    const pdf = await tablePdf({ pages: [{ lines }] });
    const [s] = await convert(pdf, { fileName: 'card.pdf' });
    expect(s?.transactions.map((t) => t.amount)).toEqual([250, -4.2, -61.3, -120.45]);
    // The undated first row's figure, as the opening, brings the amounts to the closing.
    expect([s?.statement.openingBalance, s?.statement.closingBalance]).toEqual([-250, -185.95]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('class 7: text that belongs to a description', () => {
  it('columns with no label of their own right of the description are more of it (city, country)', async () => {
    const rows = [
      ['03/07', 'SUNRISE BAKERY', 'LISBOA', 'PT', '4.20'],
      ['06/07', 'URBAN TRANSIT CO.', 'PORTO', 'PT', '1.38'],
      ['07/07', 'MUSEUM SHOP', 'MADRID', 'ES', '12.00'],
    ] as const;
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(40, L(40, 'Statement of account', true)),
            line(80, L(40, 'DATE', true), L(110, 'DESCRIPTION', true), R(520, 'AMOUNT (EUR)', true)),
            ...rows.map((r, i) =>
              line(98 + i * 14, L(40, r[0]), L(110, r[1]), L(300, r[2]), L(400, r[3]), R(520, r[4])),
            ),
          ],
        },
      ],
    });
    const [s] = await convert(pdf, { fileName: 'statement.pdf' });
    expect(s?.transactions.map((t) => t.description)).toEqual([
      'SUNRISE BAKERY LISBOA PT',
      'URBAN TRANSIT CO. PORTO PT',
      'MUSEUM SHOP MADRID ES',
    ]);
  });
});

describe('class 6: carried balances are no transactions', () => {
  it("a day's first row repeating the balance before it (in words no vocabulary has) carries it", async () => {
    const days: [string, [string, string, number][]][] = [
      [
        '02/06/2025',
        [
          ['PIX RECEBIDO JOAO', '100200', 150_000],
          ['PAGTO BOLETO ENERGIA', '100201', -23_450],
        ],
      ],
      ['03/06/2025', [['COMPRA CARTAO MERCADO', '100202', -8_990]]],
      [
        '05/06/2025',
        [
          ['TED ENVIADA ALUGUEL', '100203', -120_000],
          ['TARIFA PACOTE', '100204', -3_590],
        ],
      ],
    ];
    let balance = 250_000;
    const lines = [
      line(40, L(40, 'Banco Horizonte S.A.', true)),
      line(
        100,
        L(40, 'Data', true),
        L(120, 'Historico', true),
        L(330, 'Documento', true),
        R(460, 'Valor', true),
        R(550, 'Saldo', true),
      ),
    ];
    let y = 118;
    for (const [date, txs] of days) {
      lines.push(line(y, L(40, date), L(120, 'SLD ANTER.'), R(460, money(balance, ','))));
      y += 14;
      for (const [text, doc, cents] of txs) {
        balance += cents;
        lines.push(
          line(y, L(40, date), L(120, text), L(330, doc), R(460, `${cents < 0 ? '-' : ''}${money(cents, ',')}`)),
        );
        y += 14;
      }
      lines.push(line(y, L(40, date), L(120, 'SLD DIA'), R(550, money(balance, ','))));
      y += 14;
    }
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'extrato.pdf' });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount])).toEqual([
      ['2025-06-02', 'PIX RECEBIDO JOAO', 1500],
      ['2025-06-02', 'PAGTO BOLETO ENERGIA', -234.5],
      ['2025-06-03', 'COMPRA CARTAO MERCADO', -89.9],
      ['2025-06-05', 'TED ENVIADA ALUGUEL', -1200],
      ['2025-06-05', 'TARIFA PACOTE', -35.9],
    ]);
    expect([s?.statement.openingBalance, s?.statement.closingBalance]).toEqual([2500, 2439.7]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('class 6: a day of card sales settling into an account, its balance on a line of its own', () => {
  it('reads the unsigned sales as credits where the day balances, and keeps the last day after its closing line', async () => {
    // Each day sweeps the balance out (marked minus), then takes more unsigned sales than a
    // search of every sign would try, prints a labelled closing in the amount column and the
    // day's balance alone in the balance column. The last day has no closing line.
    const lines = [
      line(40, L(40, 'Merchant account statement', true)),
      line(100, L(40, 'Date', true), L(110, 'Entry', true), R(440, 'Amount', true), R(540, 'Balance', true)),
    ];
    let y = 118;
    let balance = 412_377;
    lines.push(line(y, L(40, '30/09/2025'), L(110, 'Balance brought forward'), R(540, money(balance))));
    y += 12;
    const expected: [string, string, number][] = [];
    for (const [d, day] of [
      ['01', 0],
      ['02', 1],
      ['03', 2],
    ] as const) {
      const date = `${d}/10/2025`;
      const iso = `2025-10-${d}`;
      lines.push(line(y, L(40, date), L(110, 'SWEEP TO MAIN ACCOUNT'), R(440, `-${money(balance)}`)));
      expected.push([iso, 'SWEEP TO MAIN ACCOUNT', -balance / 100]);
      y += 12;
      balance = 0;
      for (let i = 0; i < 17; i++) {
        const cents = 1_000 + ((i * 7_919 + day * 3_331) % 250_000);
        const text = `CARD SETTLEMENT ${i % 3 ? 'VS' : 'MC'}${48_210_000 + i * 37 + day}`;
        lines.push(line(y, L(40, date), L(110, text), R(440, money(cents))));
        expected.push([iso, text, cents / 100]);
        balance += cents;
        y += 12;
      }
      if (day < 2) {
        lines.push(line(y, L(40, date), L(110, 'Closing balance'), R(440, money(balance))));
        y += 12;
      }
      lines.push(line(y, L(40, date), L(110, 'B A L A N C E'), R(540, money(balance))));
      y += 12;
    }
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(rowsOf(s)).toEqual(expected);
    expect([s?.statement.openingBalance, s?.statement.closingBalance]).toEqual([4123.77, balance / 100]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('class 9: rows three lines high, the date set above the line of amounts', () => {
  it('a table whose dated lines hold only the date (and a time under it) reads its cells from the amount lines beside them', async () => {
    const rows: [string, string, string, number][] = [
      ['31/01/2026', 'Profit/Hibah', '23:59:59', 142],
      ['25/02/2026', 'CA DEBIT', '14:24:31', -1_000],
      ['28/02/2026', 'Profit/Hibah', '23:59:59', 128],
      ['01/03/2026', 'DTB TRANSFER', '07:22:01', -90_000],
      ['31/03/2026', 'Profit/Hibah', '23:59:59', 15],
    ];
    let balance = 101_136;
    const lines = [
      line(40, L(40, 'Transaction Details', true)),
      line(56, L(40, 'Statement Period : 02/01/2026-31/03/2026')),
      line(
        90,
        L(40, 'Date', true),
        L(100, 'Remarks', true),
        R(400, 'Payment Amount', true),
        R(460, 'Credit Amount', true),
        R(530, 'Balance', true),
      ),
    ];
    let y = 108;
    for (const [date, text, time, cents] of rows) {
      balance += cents;
      lines.push(line(y, L(40, date)));
      lines.push(
        line(
          y + 6,
          L(100, text),
          R(cents < 0 ? 400 : 460, money(Math.abs(cents))),
          R(530, money(balance)),
          L(540, '05025'),
        ),
      );
      lines.push(line(y + 12, L(40, time)));
      y += 30;
    }
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'details.pdf' });
    expect(rowsOf(s)).toEqual(
      rows.map(([d, text, , cents]) => [`${d.slice(6)}-${d.slice(3, 5)}-${d.slice(0, 2)}`, text, cents / 100]),
    );
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('class 2: a date column right of the amounts', () => {
  it("dates printed as digits alone under the header's Date label, between the amounts and the balance, date the rows", async () => {
    const rows: [string, string, number][] = [
      ['20240222', 'ELECTRONIC BANKING TRANSFER TO', -9_271],
      ['20240226', 'ELECTRONIC BANKING PAYMENT FR', 1_117_800],
      ['20240228', 'ELECTRONIC BANKING PAYMENT TO', -52_028_376],
      ['20240229', 'MONTHLY MANAGEMENT FEE', -14_500],
    ];
    let balance = 653_689_937;
    const lines = [
      line(40, L(40, 'CURRENT ACCOUNT - STATEMENT DETAILS', true)),
      line(
        80,
        L(40, 'Page', true),
        L(60, 'Details', true),
        R(320, 'Debit', true),
        R(400, 'Credit', true),
        L(420, 'Date', true),
        R(540, 'Balance', true),
      ),
    ];
    let y = 98;
    for (const [date, text, cents] of rows) {
      balance += cents;
      lines.push(
        line(
          y,
          L(40, '10'),
          L(60, text),
          R(320, cents < 0 ? `-${money(-cents)}` : '0.00'),
          R(400, cents > 0 ? money(cents) : '0.00'),
          L(420, date),
          R(540, money(balance)),
        ),
      );
      y += 14;
    }
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(rowsOf(s)).toEqual(
      rows.map(([d, text, cents]) => [`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`, text, cents / 100]),
    );
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('text a viewer does not show', () => {
  it('a digit or bracket painted white beside each amount is left out, where the statement then adds up', async () => {
    // A bank paints a small digit before some amounts and a bracket after its debits in white:
    // copied text reads "70.04" where the page shows 0.04.
    const rows: [string, string, number, string][] = [
      ['01/06/2024', 'CREDIT INTEREST', 4, '7'],
      ['03/06/2024', 'LOAN REPAYMENT 2410', -64_200, ''],
      ['09/06/2024', 'NETBANK TRANSFER', 80_000, '0'],
      ['12/06/2024', 'ELECTRICITY DIRECT DEBIT', -4_890, '2'],
      ['15/06/2024', 'SALARY PAYMENT', 360_700, '9'],
    ];
    let balance = 163_733;
    const lines = [
      line(40, L(40, 'Everyday account statement', true)),
      line(
        90,
        L(40, 'Date', true),
        L(110, 'Transaction', true),
        R(380, 'Debit', true),
        R(450, 'Credit', true),
        R(550, 'Balance', true),
      ),
      line(106, L(40, '01/06/2024'), L(110, 'OPENING BALANCE'), R(550, money(balance))),
    ];
    let y = 122;
    for (const [date, text, cents, hidden] of rows) {
      balance += cents;
      const x = cents < 0 ? 380 : 450;
      const shown = money(Math.abs(cents));
      const cells = [L(40, date), L(110, text), R(x, shown), R(550, money(balance))];
      // The white glyph sits right before the amount, in a smaller font; a white bracket after debits.
      if (hidden) cells.push({ x: x - textWidth(shown) - 0.5, text: hidden, align: 'right', size: 6, color: 'white' });
      if (cents < 0) cells.push({ x: x + 3, text: ')', size: 6, color: 'white' });
      lines.push(line(y, ...cells));
      y += 16;
    }
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(rowsOf(s)).toEqual(
      rows.map(([d, text, cents]) => [`${d.slice(6)}-${d.slice(3, 5)}-${d.slice(0, 2)}`, text, cents / 100]),
    );
    expect(s?.reconciliation.status).toBe('balanced');
    expect(s?.trace?.some((e) => e.pass === 'unseen-glyphs')).toBe(true);
  });

  it('white text that the statement needs (a header on a dark band) stays', async () => {
    const lines = [
      line(40, L(40, 'Everyday account statement', true)),
      line(
        90,
        { ...L(40, 'Date', true), color: 'white' },
        { ...L(110, 'Transaction', true), color: 'white' },
        { ...R(450, 'Amount', true), color: 'white' },
        { ...R(550, 'Balance', true), color: 'white' },
      ),
      line(106, L(40, '01/06/2024'), L(110, 'OPENING BALANCE'), R(550, '1,000.00')),
      line(122, L(40, '03/06/2024'), L(110, 'CARD PURCHASE GROCER'), R(450, '-20.00'), R(550, '980.00')),
      line(138, L(40, '05/06/2024'), L(110, 'REFUND GROCER'), R(450, '5.00'), R(550, '1,000.00')),
    ];
    const boxes = [{ x: 36, y: 86, width: 520, height: 14 }];
    const [s] = await convert(await tablePdf({ pages: [{ lines, boxes }] }), { fileName: 'statement.pdf' });
    expect(rowsOf(s)).toEqual([
      ['2024-06-03', 'CARD PURCHASE GROCER', -20],
      ['2024-06-05', 'REFUND GROCER', 5],
    ]);
    expect(s?.reconciliation.status).toBe('unbalanced');
  });
});

describe("class 9: the last row at a page's foot", () => {
  it('a date line whose description runs on past its column, over the line of its amount, is a row; the text past the column is its description', async () => {
    const lines = [
      line(40, L(40, 'Streamline account', true)),
      line(
        90,
        L(40, 'Date', true),
        L(90, 'Transaction', true),
        R(390, 'Debit', true),
        R(450, 'Credit', true),
        R(550, 'Balance', true),
      ),
      line(106, L(40, '01 Jun'), L(90, 'OPENING BALANCE'), R(550, '$1,637.33 CR')),
      line(122, L(40, '03 Jun'), L(90, 'LAVERTY PATHOLOGY'), R(390, '85.50'), R(550, '$1,551.83 CR')),
      line(138, L(40, '07 Jun'), L(90, 'APUS CORPORATION')),
      line(150, L(90, 'NETBANK BPAY'), R(390, '144.90'), R(550, '$1,406.93 CR')),
      line(166, L(40, '15 Jul'), L(90, 'ATM STORE OCEANVIEW'), L(245, 'NSW'), L(276, 'AU')),
      line(178, L(90, '009501'), R(390, '200.00')),
      line(200, L(40, '$1,206.93/$1,637.33/$0.00'), L(300, 'BALANCE CARRIED FORWARD'), R(550, '$1,206.93 CR')),
    ];
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual([
      ['LAVERTY PATHOLOGY', -85.5],
      ['APUS CORPORATION NETBANK BPAY', -144.9],
      ['ATM STORE OCEANVIEW NSW AU 009501', -200],
    ]);
  });
});

describe('class 8: a card summary and a minimum payment', () => {
  it("the closing is the label's figure the opening and the charges come to, not the amount due a line under 'Minimum'", async () => {
    const lines = [
      line(24, L(40, 'Visa Statement', true), L(330, 'Credit limit $2,000')),
      line(40, L(330, 'Payment due date'), L(470, '17 August 2010')),
      line(56, L(330, 'Minimum')),
      line(66, L(330, 'amount due'), R(550, '$92.00')),
      line(100, L(40, 'Opening Balance'), L(160, 'New Charges'), L(280, 'Payments/Refunds'), L(420, 'Closing Balance')),
      line(114, L(40, '$1,433.64'), L(160, '+ $263.62'), L(280, '- $0.00'), L(420, '='), L(430, '$1,697.26')),
      line(140, L(40, 'Date', true), L(100, 'Transaction Details', true), R(550, 'Amount (A$)', true)),
      line(156, L(40, '5 Jul'), L(100, 'Kery Practice Bondi AU'), R(550, '158.00')),
      line(170, L(40, '7 Jul'), L(100, 'Moshtix Pty Ltd Sydney AU'), R(550, '67.80')),
      line(184, L(40, '4 Jul'), L(100, 'Discountasp.Net CA'), R(550, '12.49')),
      line(196, L(100, '##0186 10.00US DOLLAR'), R(550, '0.00')),
      line(210, L(40, '22 Jul'), L(100, 'Late Charge'), R(550, '25.33')),
    ];
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'visa.pdf' });
    expect([s?.statement.openingBalance, s?.statement.closingBalance]).toEqual([-1433.64, -1697.26]);
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual([
      ['Kery Practice Bondi AU', -158],
      ['Moshtix Pty Ltd Sydney AU', -67.8],
      ['Discountasp.Net CA ##0186 10.00US DOLLAR', -12.49],
      ['Late Charge', -25.33],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('class 7: description lines a figure inside them cut off', () => {
  it("lines under a transaction's description, one with a fee in its text, stay that description", async () => {
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(40, L(40, 'Kontoauszug', true), L(330, 'Alter Saldo'), R(550, '1.000,00')),
            line(54, L(330, 'Neuer Saldo'), R(550, '769,10')),
            line(90, L(40, 'Buchung', true), L(130, 'Buchung / Verwendungszweck', true), R(550, 'Betrag (EUR)', true)),
            line(108, L(40, '07.12.2021'), L(130, 'Gutschrift MARIA MUSTER'), R(550, '183,68')),
            line(120, L(130, 'Referenz: ZV0100323804')),
            line(136, L(40, '09.12.2021'), L(130, 'Lastschrift STADTWERKE'), R(550, '-414,58')),
            line(148, L(130, 'Folgenr.000 Verfalld. 2024-12 Entgelt'), L(340, '5,90EUR')),
            line(160, L(130, 'Mandat: 175720')),
            line(176, L(40, '30.12.2021'), L(130, 'Abschluss'), R(550, '0,00')),
          ],
        },
      ],
    });
    const [s] = await convert(pdf, { fileName: 'auszug.pdf' });
    expect(s?.transactions.map((t) => t.description)).toContain(
      'Lastschrift STADTWERKE Folgenr.000 Verfalld. 2024-12 Entgelt 5,90EUR Mandat: 175720',
    );
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe("class 9: the table's foot", () => {
  it("a line set apart under the last row, left of the descriptions, is not that row's", async () => {
    const rows = [
      ['22 avr.', 'DEPOT DIRECT SALAIRE', '', '22,05 $', '7 147,51 $'],
      ['23 avr.', 'PROVIGO', '567,79 $', '', '6 579,72 $'],
      ['29 avr.', 'STM MONTREAL', '1 253,23 $', '', '5 326,49 $'],
    ] as const;
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(40, L(40, 'Solde au 1 avril: 7 125,46 $')),
            line(80, L(40, 'Détails', true), R(340, 'Débits', true), R(440, 'Crédits', true), R(550, 'Solde', true)),
            ...rows.map((r, i) =>
              line(98 + i * 16, L(40, r[0]), L(90, r[1]), R(340, r[2]), R(440, r[3]), R(550, r[4])),
            ),
            line(98 + 2 * 16 + 18, L(40, 'Frais sur compte:', true), L(125, '23,00 $', true)),
          ],
        },
      ],
    });
    const [s] = await convert(pdf, { fileName: 'releve.pdf' });
    expect(s?.transactions.map((t) => t.description)).toEqual(['DEPOT DIRECT SALAIRE', 'PROVIGO', 'STM MONTREAL']);
  });
});

describe('class 8: several accounts in one PDF', () => {
  it('an account number after an em dash ("Current Account — 817-...") starts its own statement', async () => {
    const account = (y: number, title: string, opening: number, rows: [string, string, number][]) => {
      let b = opening;
      return [
        line(y, L(40, title, true)),
        line(
          y + 18,
          L(40, 'Date', true),
          L(110, 'Transaction Details', true),
          R(380, 'Deposit', true),
          R(460, 'Withdrawal', true),
          R(550, 'Balance', true),
        ),
        line(y + 36, L(40, '01 Jul'), L(110, 'B/F BALANCE'), R(550, money(b))),
        ...rows.map((r, i) => {
          b += r[2];
          return line(
            y + 50 + i * 14,
            L(40, r[0]),
            L(110, r[1]),
            R(r[2] > 0 ? 380 : 460, money(r[2])),
            R(550, money(b)),
          );
        }),
      ];
    };
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(30, L(40, 'Statement Date 31/07/2025')),
            ...account(70, 'HKD Current Account — 817-890692-838', 4_258_000, [
              ['02 Jul', 'FASTER PAYMENT TO MOBILE', -63_466],
              ['09 Jul', 'SALARY CREDIT', 5_299_928],
            ]),
            ...account(220, 'HKD Savings Account — 817-890692-001', 12_500_000, [
              ['05 Jul', 'TRANSFER TO CURRENT', -1_000_000],
              ['20 Jul', 'INTEREST EARNED', 23_061],
            ]),
          ],
        },
      ],
    });
    const statements = await convert(pdf, { fileName: 'statement.pdf' });
    expect(statements.map((s) => [s.statement.accountNumber, s.transactions.length, s.reconciliation.status])).toEqual([
      ['817-890692-838', 2, 'balanced'],
      ['817-890692-001', 2, 'balanced'],
    ]);
  });
});

describe('class 4: two lists side by side', () => {
  it('a card bill printing its purchases in two lists next to each other reads the left list, then the right', async () => {
    const leftRows = [
      ['05/12', 'PADARIA PAO QUENTE', 1_250],
      ['07/12', 'POSTO IPIRANGA', 18_990],
      ['09/12', 'FARMACIA SAO JOAO', 4_560],
    ] as const;
    const rightRows = [
      ['14/12', 'NETFLIX.COM', 5_590],
      ['18/12', 'UBER TRIP', 2_345],
      ['21/12', 'LIVRARIA CULTURA', 8_900],
    ] as const;
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(40, L(40, 'Cartao Horizonte Visa', true)),
            // The only full date is the due date, in January: the purchases stay in December.
            line(60, L(40, 'Vencimento 10/01/2026'), L(300, 'Limite de credito R$ 5.000,00')),
            line(75, L(40, 'Pagamento minimo R$ 50,00')),
            line(
              110,
              L(40, 'Data', true),
              L(80, 'Estabelecimento', true),
              R(280, 'Valor R$', true),
              L(310, 'Data', true),
              L(350, 'Estabelecimento', true),
              R(550, 'Valor R$', true),
            ),
            ...leftRows.map((r, i) => {
              const o = rightRows[i] as (typeof rightRows)[number];
              return line(
                128 + i * 14,
                L(40, r[0]),
                L(80, r[1]),
                R(280, money(r[2], ',')),
                L(310, o[0]),
                L(350, o[1]),
                R(550, money(o[2], ',')),
              );
            }),
          ],
        },
      ],
    });
    const [s] = await convert(pdf, { fileName: 'fatura.pdf' });
    expect(rowsOf(s)).toEqual([
      ['2025-12-05', 'PADARIA PAO QUENTE', -12.5],
      ['2025-12-07', 'POSTO IPIRANGA', -189.9],
      ['2025-12-09', 'FARMACIA SAO JOAO', -45.6],
      ['2025-12-14', 'NETFLIX.COM', -55.9],
      ['2025-12-18', 'UBER TRIP', -23.45],
      ['2025-12-21', 'LIVRARIA CULTURA', -89],
    ]);
  });
});

describe('class 7: a batch-number column is no description', () => {
  it('numbers alone in a column, repeated or not, labelled or not, are references', async () => {
    const rows = [
      ['02/06/2025', 'PIX RECEBIDO JOAO', '5410', 150_000],
      ['02/06/2025', 'PAGTO BOLETO ENERGIA', '5410', -23_450],
      ['03/06/2025', 'COMPRA CARTAO MERCADO', '7722', -8_990],
      ['05/06/2025', 'TED ENVIADA ALUGUEL', '5410', -120_000],
    ] as const;
    let balance = 250_000;
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(100, L(40, 'Data', true), L(170, 'Historico', true), R(460, 'Valor', true), R(550, 'Saldo', true)),
            line(118, L(40, '01/06/2025'), L(170, 'SALDO ANTERIOR'), R(550, money(balance, ','))),
            ...rows.map((r, i) => {
              balance += r[3];
              const amount = `${r[3] < 0 ? '-' : ''}${money(r[3], ',')}`;
              return line(
                132 + i * 14,
                L(40, r[0]),
                L(170, r[1]),
                L(330, r[2]),
                R(460, amount),
                R(550, money(balance, ',')),
              );
            }),
          ],
        },
      ],
    });
    const [s] = await convert(pdf, { fileName: 'extrato.pdf' });
    expect(s?.transactions.map((t) => [t.description, t.reference])).toEqual(rows.map((r) => [r[1], r[2]]));
  });
});

describe('class 4: one list with a value date between its amount and its balance', () => {
  it('is not two lists', async () => {
    let balance = 100_000;
    const rows = [
      ['02/03/2024', 'RENT', -95_000, '03/03/2024'],
      ['15/03/2024', 'SALARY', 250_000, '15/03/2024'],
      ['20/03/2024', 'GROCER', -4_210, '21/03/2024'],
    ] as const;
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(
              80,
              L(40, 'Date', true),
              L(120, 'Details', true),
              R(380, 'Amount', true),
              L(400, 'Value date', true),
              R(550, 'Balance', true),
            ),
            line(98, L(120, 'Opening balance'), R(550, money(balance))),
            ...rows.map((r, i) => {
              balance += r[2];
              return line(
                112 + i * 14,
                L(40, r[0]),
                L(120, r[1]),
                R(380, `${r[2] < 0 ? '-' : ''}${money(r[2])}`),
                L(400, r[3]),
                R(550, money(balance)),
              );
            }),
          ],
        },
      ],
    });
    const [s] = await convert(pdf, { fileName: 'statement.pdf' });
    expect(rowsOf(s)).toEqual([
      ['2024-03-02', 'RENT', -950],
      ['2024-03-15', 'SALARY', 2500],
      ['2024-03-20', 'GROCER', -42.1],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('class 5: boxes that are no transactions', () => {
  it("a later table of what is still to come (the next instalments) is not this statement's, nor does it move its year", async () => {
    const rows = [
      ['02/06', 'PADARIA PAO QUENTE', 1_250],
      ['04/06', 'POSTO IPIRANGA', 18_990],
      ['25/06', 'LOJA TECH 03/10', 30_000],
    ] as const;
    const next = [
      ['25/07', 'LOJA TECH 04/10', 30_000],
      ['25/08', 'LOJA TECH 05/10', 30_000],
      ['25/09', 'LOJA TECH 06/10', 30_000],
    ] as const;
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(40, L(40, 'Cartao Horizonte Visa', true)),
            line(60, L(40, 'Fatura de junho - vencimento 10/07/2025')),
            line(100, L(40, 'Data', true), L(120, 'Descricao', true), R(460, 'Valor R$', true)),
            ...rows.map((r, i) => line(118 + i * 14, L(40, r[0]), L(120, r[1]), R(460, money(r[2], ',')))),
            line(240, L(40, 'Compras parceladas - proximas faturas', true)),
            line(258, L(40, 'Data', true), L(120, 'Descricao', true), R(460, 'Valor R$', true)),
            ...next.map((r, i) => line(276 + i * 14, L(40, r[0]), L(120, r[1]), R(460, money(r[2], ',')))),
          ],
        },
      ],
    });
    const [s] = await convert(pdf, { fileName: 'fatura.pdf' });
    expect(rowsOf(s)).toEqual([
      ['2025-06-02', 'PADARIA PAO QUENTE', -12.5],
      ['2025-06-04', 'POSTO IPIRANGA', -189.9],
      ['2025-06-25', 'LOJA TECH 03/10', -300],
    ]);
  });
});

describe("'Balanced' means every check holds", () => {
  it('a row dated outside the printed period leaves the statement unproven, and says which row', async () => {
    const rows = [
      ['04/03/2024', 'RENT MARCH', -95_000],
      ['15/03/2024', 'SALARY', 250_000],
      ['28/05/2024', 'GROCER', -4_210],
    ] as const;
    let balance = 100_000;
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(40, L(40, 'Statement period 01/03/2024 to 31/03/2024')),
            line(80, L(40, 'Date', true), L(120, 'Details', true), R(460, 'Amount', true), R(550, 'Balance', true)),
            line(98, L(40, '01/03/2024'), L(120, 'Opening balance'), R(550, money(balance))),
            ...rows.map((r, i) => {
              balance += r[2];
              return line(
                112 + i * 14,
                L(40, r[0]),
                L(120, r[1]),
                R(460, `${r[2] < 0 ? '-' : ''}${money(r[2])}`),
                R(550, money(balance)),
              );
            }),
          ],
        },
      ],
    });
    const [s] = await convert(pdf, { fileName: 'statement.pdf' });
    expect(s?.transactions).toHaveLength(3);
    expect(s?.reconciliation.status).not.toBe('balanced');
    expect(s?.issues?.find((i) => i.code === 'DATE_OUTSIDE_PERIOD')?.row).toBe(2);
  });
});

describe('class 9: a row cut by the page break', () => {
  it('the line at the top of the next page continues the last row; a reference tag before the closing label; a page with one more column continues the table', async () => {
    const header = (y: number) =>
      line(
        y,
        L(40, 'Date', true),
        L(100, 'Date valeur', true),
        L(170, 'Operation', true),
        R(470, 'Debit euros', true),
        R(550, 'Credit euros', true),
      );
    const row = (y: number, d: string, text: string, debit: string, credit = '') =>
      line(y, L(40, d), L(100, d), L(170, text), R(470, debit), R(550, credit));
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(40, L(40, 'RELEVE DE COMPTE', true)),
            header(80),
            line(98, L(170, 'SOLDE CREDITEUR AU 01/10/2012'), R(550, '1.000,00')),
            row(112, '04/10/2012', 'PAIEMENT CB 1234 BOULANGERIE', '12,90'),
            line(123, L(170, 'CARTE 99991234')),
            row(137, '09/10/2012', 'PAIEMENT CB 1234 LIBRAIRIE', '35,80'),
            line(148, L(170, 'CARTE 99991234')),
            row(162, '15/10/2012', 'VIR SALAIRE ENTREPRISE', '', '2.000,00'),
            line(173, L(170, 'OCTOBRE 2012')),
            row(187, '28/10/2012', 'PRLV ASSURANCE HABITATION', '41,20'),
          ],
        },
        {
          lines: [
            header(60),
            line(78, L(170, 'REF 55501234')),
            line(92, L(40, '30/10/2012'), L(100, '30/10/2012'), L(170, 'CHEQUE'), L(300, '7654321'), R(470, '100,00')),
            line(106, L(40, 'Ref : 009'), L(170, 'SOLDE CREDITEUR AU 31/10/2012'), R(550, '2.810,10')),
          ],
        },
      ],
    });
    const [s, ...more] = await convert(pdf, { fileName: 'releve.pdf' });
    expect(more).toHaveLength(0);
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual([
      ['PAIEMENT CB 1234 BOULANGERIE CARTE 99991234', -12.9],
      ['PAIEMENT CB 1234 LIBRAIRIE CARTE 99991234', -35.8],
      ['VIR SALAIRE ENTREPRISE OCTOBRE 2012', 2000],
      ['PRLV ASSURANCE HABITATION REF 55501234', -41.2],
      ['CHEQUE 7654321', -100],
    ]);
    expect([s?.statement.openingBalance, s?.statement.closingBalance, s?.reconciliation.status]).toEqual([
      1000,
      2810.1,
      'balanced',
    ]);
  });
});

describe('class 8: facts read where the statement prints them', () => {
  it("a closing line printing the columns' totals before the balance closes on the balance, as the arithmetic shows", async () => {
    const rows = [
      ['02/05/2025', 'GIRO PAYMENT UTILITIES', -18_220],
      ['09/05/2025', 'INCOMING TRANSFER SALARY', 412_000],
      ['17/05/2025', 'CARD PURCHASE BOOKSHOP', -4_590],
      ['28/05/2025', 'ATM WITHDRAWAL', -30_000],
    ] as const;
    const opening = 902_150;
    let balance = opening;
    const debits = rows.reduce((s, r) => s + (r[2] < 0 ? -r[2] : 0), 0);
    const credits = rows.reduce((s, r) => s + (r[2] > 0 ? r[2] : 0), 0);
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(40, L(40, 'Savings Account 2208-4410-93', true)),
            line(
              80,
              L(40, 'Date', true),
              L(120, 'Description', true),
              R(380, 'Withdrawal', true),
              R(460, 'Deposit', true),
              R(550, 'Balance', true),
            ),
            line(98, L(120, 'Balance Brought Forward'), R(550, money(opening))),
            ...rows.map((r, i) => {
              balance += r[2];
              return line(
                112 + i * 14,
                L(40, r[0]),
                L(120, r[1]),
                R(r[2] < 0 ? 380 : 460, money(Math.abs(r[2]))),
                R(550, money(balance)),
              );
            }),
            line(
              180,
              L(120, 'Balance Carried Forward:'),
              R(380, money(debits)),
              R(460, money(credits)),
              R(550, money(balance)),
            ),
          ],
        },
      ],
    });
    const [s] = await convert(pdf, { fileName: 'savings.pdf' });
    expect(rowsOf(s)).toHaveLength(4);
    expect(s?.statement.openingBalance).toBe(opening / 100);
    expect(s?.statement.closingBalance).toBe(balance / 100);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('class 8: the period, where the statement prints it', () => {
  const table = (y: number) => [
    line(y, L(40, 'Date', true), L(120, 'Description', true), R(420, 'Amount', true), R(540, 'Balance', true)),
    line(y + 18, L(40, '04/03/2024'), L(120, 'STANDING ORDER RENT'), R(420, '-850.00'), R(540, '1,150.00')),
    line(y + 32, L(40, '15/03/2024'), L(120, 'PAYROLL ACME LTD'), R(420, '2,400.00'), R(540, '3,550.00')),
    line(y + 46, L(40, '27/03/2024'), L(120, 'CARD PAYMENT GROCER'), R(420, '-61.20'), R(540, '3,488.80')),
  ];
  const convertLines = async (lines: ReturnType<typeof line>[]) => {
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'statement.pdf' });
    return s?.statement;
  };

  it('from a start and an end date labelled on one line', async () => {
    const s = await convertLines([
      line(40, L(40, 'Start Date : 01-Mar-2024   End Date : 31-Mar-2024')),
      line(60, L(40, 'Opening balance'), R(540, '2,000.00')),
      ...table(90),
    ]);
    expect([s?.periodStart, s?.periodEnd]).toEqual(['2024-03-01', '2024-03-31']);
  });

  it('from the dates of the balances it opens and closes with', async () => {
    const s = await convertLines([
      line(40, L(40, 'Balance as of 01.03.2024:'), R(540, '2,000.00')),
      line(54, L(40, 'Balance as of 31.03.2024:'), R(540, '3,488.80')),
      ...table(90),
    ]);
    expect([s?.periodStart, s?.periodEnd]).toEqual(['2024-03-01', '2024-03-31']);
  });

  it("not from a range that ends after the statement's own date; the statement then runs to that date", async () => {
    const s = await convertLines([
      line(40, L(40, 'Statement date'), L(200, '29.03.2024')),
      line(60, L(40, 'Opening balance'), R(540, '2,000.00')),
      ...table(90),
      line(170, L(40, 'Interest settlement 01.01.2024 - 31.03.2024'), R(540, '0.00')),
    ]);
    expect([s?.periodStart, s?.periodEnd]).toEqual([null, '2024-03-29']);
  });
});

describe("'Balanced' means every check holds: printed totals", () => {
  const pdfWith = (credits: string, debits: string) =>
    tablePdf({
      pages: [
        {
          lines: [
            line(40, L(40, 'Kontoauszug', true)),
            line(60, L(40, 'Opening balance'), R(300, '1.000,00')),
            line(74, L(40, 'Total incoming'), R(300, credits)),
            line(88, L(40, 'Total outgoing'), R(300, debits)),
            line(102, L(40, 'Closing balance'), R(300, '1.245,50')),
            line(140, L(40, 'Date', true), L(120, 'Description', true), R(420, 'Amount', true)),
            line(158, L(40, '03.06.2024'), L(120, 'GEHALT'), R(420, '300,00')),
            line(172, L(40, '10.06.2024'), L(120, 'SUPERMARKT'), R(420, '-54,50')),
            line(186, L(40, '21.06.2024'), L(120, 'ERSTATTUNG'), R(420, '0,00')),
          ],
        },
      ],
    });

  it('are checked against the sums of credits and debits', async () => {
    const [s] = await convert(await pdfWith('300,00', '54,50'), { fileName: 'ok.pdf' });
    expect(s?.printedTotals).toEqual({ credits: 300, debits: 54.5 });
    expect(s?.reconciliation).toEqual({ status: 'balanced', mismatches: [] });
  });

  it('a total the rows do not come to leaves the statement unbalanced, and says which', async () => {
    const [s] = await convert(await pdfWith('310,00', '54,50'), { fileName: 'off.pdf' });
    expect(s?.reconciliation.status).toBe('unbalanced');
    expect(s?.reconciliation.mismatches).toEqual([{ row: -1, check: 'credits', expected: 300, printed: 310 }]);
  });
});

describe('class 9: a row cut by the page break, rows set apart by gaps', () => {
  it("the counterparty's second line at the top of the next page (no header there) is that row's, and the column stays a description", async () => {
    type R = [string, string, string, string, string];
    const rows: R[] = [
      ['2 mei', 'BAKKERIJ DE ZON', 'NL12ZONB0123456789', 'PINBETALING', '-4,35'],
      ['6 mei', 'J VAN DIJK', 'NL34DIJK9876543210', 'OVERBOEKING', '120,00'],
      ['9 mei', 'GEMEENTE', 'NL56GEME1122334455', 'INCASSO', '-61,10'],
      ['14 mei', 'BOEKHANDEL', 'NL78BOEK5566778899', 'IDEAL BETALING', '-23,99'],
      ['20 mei', 'STICHTING', 'NL90STIC9988776655', 'GIFT', '-15,00'],
      ['27 mei', 'ENERGIEBEDRIJF', 'NL21ENER4433221100', 'SEPA INCASSO', '-88,40'],
    ];
    // 7-point text, two lines a row 9 points apart, rows 31 points apart: the gap between rows is
    // wider than a region reaches above its first row.
    const small = (c: ReturnType<typeof L>) => ({ ...c, size: 7 });
    const drawn = (y: number, r: R, second = true) => [
      line(y, ...[L(40, r[0]), L(130, r[1]), L(260, r[3]), R(550, `${r[4]} EUR`)].map(small)),
      ...(second ? [line(y + 9, small(L(130, r[2])))] : []),
    ];
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(40, L(40, 'Rekeningafschrift', true)),
            line(60, L(40, 'Saldo per 01-05-2024:'), R(300, '500,00 EUR')),
            line(74, L(40, 'Saldo per 31-05-2024:'), R(300, '427,16 EUR')),
            line(
              110,
              L(40, 'Datum', true),
              L(130, 'Tegenpartij', true),
              L(260, 'Omschrijving', true),
              R(550, 'Bedrag', true),
            ),
            ...rows.slice(0, 4).flatMap((r, i) => drawn(130 + i * 31, r, i < 3)),
            line(810, L(40, 'Aan dit overzicht kunnen geen rechten worden ontleend.')),
          ],
        },
        {
          lines: [
            line(40, small(L(130, rows[3]?.[2] as string))),
            ...rows.slice(4).flatMap((r, i) => drawn(62 + i * 31, r)),
            line(810, L(40, 'Aan dit overzicht kunnen geen rechten worden ontleend.')),
          ],
        },
      ],
    });
    const [s] = await convert(pdf, { fileName: 'afschrift.pdf' });
    expect(s?.transactions.map((t) => [t.description, t.amount, t.reference])).toEqual(
      rows.map((r) => [`${r[1]} ${r[2]} ${r[3]}`, Number(r[4].replace(',', '.')), null]),
    );
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('class 9: rows whose lines stand above their amounts', () => {
  it("a dated line without an amount starts the row under it: each row's lines above its amount are its own", async () => {
    const blocks = [
      ['IMPS7781200345', 'RAVI KUMAR', 'Paid via wallet', '82.00', '', '918.00'],
      ['IMPS7781200399', 'ANITA DAS', 'PAY BY CHAT', '2,000.00', '', '-1,082.00'],
      ['IMPS7781200410', 'SALARY ACME', 'Credit transfer', '', '3,500.00', '2,418.00'],
    ];
    const lines = [
      line(40, L(40, 'Statement of Account', true)),
      line(
        70,
        L(40, 'Date', true),
        L(110, 'Details', true),
        R(400, 'Withdrawals', true),
        R(480, 'Deposits', true),
        R(560, 'Balance', true),
      ),
      line(86, L(40, '26Jun2025'), L(110, 'BALANCE BROUGHT FORWARD'), R(560, '1,000.00')),
    ];
    let y = 100;
    blocks.forEach((b, k) => {
      lines.push(line(y, ...(k === 0 ? [L(40, '27Jun2025')] : []), L(110, b[0] as string)));
      lines.push(line(y + 11, L(110, b[1] as string)));
      lines.push(
        line(y + 22, L(110, b[2] as string), R(400, b[3] as string), R(480, b[4] as string), R(560, b[5] as string)),
      );
      y += 33;
    });
    lines.push(line(y, L(110, 'CLOSING BALANCE'), R(560, '2,418.00')));
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'upi.pdf' });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount])).toEqual([
      ['2025-06-27', 'IMPS7781200345 RAVI KUMAR Paid via wallet', -82],
      ['2025-06-27', 'IMPS7781200399 ANITA DAS PAY BY CHAT', -2000],
      ['2025-06-27', 'IMPS7781200410 SALARY ACME Credit transfer', 3500],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('ledgers of banks the generator never drew', () => {
  const convertPages = async (pages: ReturnType<typeof line>[][]) =>
    (await convert(await tablePdf({ pages: pages.map((lines) => ({ lines })) }), { fileName: 'statement.pdf' }))[0];

  it("money in, money out and a fee beside it are summed on the row (the balance proves it); a footnote mark after an amount; a labelled date is a fact, not a row; a pending payment under the ledger is not this statement's", async () => {
    // [date, description, in, out, fee] in cents; out and fee printed with a minus.
    const rows: [string, string, number, number, number][] = [
      ['04/10/2025', 'Transfer to Credit Card', 0, 50_000, 0],
      ['07/10/2025', 'Immediate Payment: Judy', 0, 23_000, 100],
      ['08/10/2025', 'Prepaid Purchase: Cell C', 0, 3_000, 50],
      ['20/10/2025', 'Payment Received: Salary', 1_727_192, 0, 0],
      ['21/10/2025', 'SMS Notification Fee', 0, 0, 70],
      ['22/10/2025', 'External Payment: K Botha', 0, 20_000, 200],
    ];
    const opening = 210_135;
    let balance = opening;
    const lines = [
      line(40, L(40, 'Main Account Statement', true)),
      line(
        70,
        L(40, 'From Date:'),
        L(130, '01/10/2025'),
        L(300, 'Opening Balance:'),
        R(540, `R${money(opening, '.', ' ')}`),
      ),
      line(84, L(40, 'To Date:'), L(130, '31/10/2025'), L(300, 'Closing Balance:'), R(540, 'CLOSING')),
      line(
        120,
        ...['Date', 'Description'].map((t, i) => L(40 + i * 70, t, true)),
        R(330, 'Money In', true),
        R(400, 'Money Out', true),
        R(460, 'Fee*', true),
        R(540, 'Balance', true),
      ),
      ...rows.map((r, k) => {
        balance += r[2] - r[3] - r[4];
        return line(
          138 + k * 14,
          L(40, r[0]),
          L(110, r[1]),
          R(330, r[2] ? money(r[2], '.', ' ') : ''),
          R(400, r[3] ? `-${money(r[3], '.', ' ')}${r[1].startsWith('Prepaid') ? '*' : ''}` : ''),
          R(460, r[4] ? `-${money(r[4], '.', ' ')}` : ''),
          R(540, money(balance, '.', ' ')),
        );
      }),
      line(222, L(40, '26/10/2025'), L(110, 'Panda Stores (Card 5521)'), R(540, '-R120.97')),
    ];
    const closingLine = lines[2] as ReturnType<typeof line>;
    closingLine.cells[3] = R(540, `R${money(balance, '.', ' ')}`);
    const s = await convertPages([lines]);
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual(
      rows.map((r) => [r[1], (r[2] - r[3] - r[4]) / 100]),
    );
    expect([s?.statement.periodStart, s?.statement.openingBalance, s?.statement.closingBalance]).toEqual([
      '2025-10-01',
      opening / 100,
      balance / 100,
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });

  it("a column marking credits 'Cr' prints debits bare, balances too (overdrawn); a summary heading's own line is no balance", async () => {
    const rows: [string, string, number][] = [
      ['14 Nov', 'FNB App Transfer From', 30_000],
      ['15 Nov', 'POS Purchase Grocer', -20_000],
      ['18 Nov', 'Payment To Home Loan', -901_549],
      ['20 Nov', 'Payment Received Salary', 4_990_003],
      ['25 Nov', 'DebiCheck Insurer', -64_656],
    ];
    const opening = 49_635;
    let balance = opening;
    const cr = (cents: number) => `${money(cents)}${cents > 0 ? ' Cr' : ''}`;
    const closing = opening + rows.reduce((n, r) => n + r[2], 0);
    const s = await convertPages([
      [
        line(40, L(40, 'Cheque Account : 62514285346', true)),
        line(60, L(40, 'Statement Period : 13 November 2025 to 13 December 2025')),
        line(90, L(120, 'Statement Balances', true), L(330, 'Bank Charges', true)),
        line(104, L(40, 'Opening Balance'), R(260, cr(opening)), L(330, 'Service Fees'), R(520, '279.99 Dr')),
        line(118, L(40, 'Closing Balance'), R(260, cr(closing)), L(330, 'Other Fees'), R(520, '134.10 Dr')),
        line(150, L(40, 'Date', true), L(100, 'Description', true), R(440, 'Amount', true), R(540, 'Balance', true)),
        ...rows.map((r, k) => {
          balance += r[2];
          return line(168 + k * 14, L(40, r[0]), L(100, r[1]), R(440, cr(r[2])), R(540, cr(balance)));
        }),
      ],
    ]);
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual(rows.map((r) => [r[1], r[2] / 100]));
    expect(s?.transactions[2]?.balance).toBe((opening + 30_000 - 20_000 - 901_549) / 100);
    expect([s?.statement.openingBalance, s?.statement.closingBalance, s?.reconciliation.status]).toEqual([
      opening / 100,
      closing / 100,
      'balanced',
    ]);
  });

  it("an overdrawn account's balances printed bare chain as owed; credits marked 'Kt'; a total of one side at the table's foot is no row", async () => {
    const rows: [string, string, number][] = [
      ['17 Aug', 'Bank u kleingeld', -1_083],
      ['19 Aug', 'Smart-Ap Oorplasing Van Mielies', 3_000_000],
      ['19 Aug', 'Smart-Ap Betaling Na Edrich', -150_000],
      ['20 Aug', 'Debiet Order Krediet Nutun', 2_080_132],
      ['21 Aug', 'Interne Debiet Order Fnblife', -71_119],
      ['22 Aug', 'POS Aankope Yoco', -32_300],
    ];
    let balance = -17_256_859;
    const kt = (cents: number) => `${money(cents)}${cents > 0 ? ' Kt' : ''}`;
    const credits = rows.reduce((n, r) => n + Math.max(r[2], 0), 0);
    const s = await convertPages([
      [
        line(40, L(40, 'Tjekrekening 60215148615', true)),
        line(60, L(40, 'Staatperiode : 14 Augustus 2024 tot 14 September 2024')),
        line(100, L(40, 'Datum', true), L(100, 'Beskrywing', true), R(440, 'Bedrag', true), R(540, 'Saldo', true)),
        ...rows.map((r, k) => {
          balance += r[2];
          return line(118 + k * 14, L(40, r[0]), L(100, r[1]), R(440, kt(r[2])), R(540, money(-balance)));
        }),
        line(210, L(100, 'Nr. Krediet Transaksies: 2'), R(440, kt(credits))),
      ],
    ]);
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual(rows.map((r) => [r[1], r[2] / 100]));
    expect(s?.transactions.map((t) => t.balance)).toEqual(
      rows.map((_, k) => (-17_256_859 + rows.slice(0, k + 1).reduce((n, r) => n + r[2], 0)) / 100),
    );
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('class 5: a status line is no balance', () => {
  it('a row without an amount printing 0.00 where the balances stand is passed over by the ledger', async () => {
    const lines = [
      line(40, L(40, 'Savings Account Statement', true)),
      line(60, L(40, 'Opening Balance'), R(300, '1 254.32')),
      line(
        90,
        L(40, 'Date', true),
        L(110, 'Description', true),
        R(400, 'Money In', true),
        R(470, 'Money Out', true),
        R(550, 'Balance', true),
      ),
      line(108, L(40, '08/06/2023'), L(110, 'Capitec Pay Payment: RAIN'), R(470, '-201.61'), R(550, '1 052.71')),
      line(122, L(40, '08/06/2023'), L(110, 'Capitec Pay Fee'), R(470, '-1.00'), R(550, '1 051.71')),
      line(136, L(40, '08/06/2023'), L(110, 'Acc Status Enq Google Hold'), R(550, '0.00')),
      line(150, L(40, '08/06/2023'), L(110, 'International Processing Fee'), R(470, '-2.00'), R(550, '1 049.71')),
      line(164, L(40, '09/06/2023'), L(110, 'Payment Received M Smith'), R(400, '250.00'), R(550, '1 299.71')),
    ];
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'status.pdf' });
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual([
      ['Capitec Pay Payment: RAIN', -201.61],
      ['Capitec Pay Fee', -1],
      ['International Processing Fee', -2],
      ['Payment Received M Smith', 250],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('class 9: a row printed as two lines, its date between them', () => {
  it('a dated line overlapping the line of its amounts seeds the table, under a header wrapped over two lines', async () => {
    const rows: [string, string, string, number][] = [
      ['08/02/2026', 'NEFT/AXO3946080186/RUSSA', 'SEAL/PUNJAB BANK', -2_300_000],
      ['08/02/2026', 'NEFT/AXO3946081495/DHARM', 'A SARKAR/HDFC BANK', -1_650_000],
      ['09/02/2026', 'NEFT/AXO4055825661/RAGILL', 'Y TECHNOLOGIES', 100_000],
      ['10/02/2026', 'NEFT/AXO4055826613/PRAKA', 'SH KUMAR/SBI', -2_000_000],
    ];
    let balance = 53_000_000;
    const small = (c: ReturnType<typeof L>) => ({ ...c, size: 5.5 });
    const lines = [
      line(40, L(40, 'Account Statement Report', true)),
      line(60, L(40, 'Opening Balance: INR 530,000.00')),
      line(
        94,
        ...[
          L(10, 'S.NO'),
          L(40, 'Transaction'),
          L(85, 'Value'),
          L(120, 'Particulars'),
          R(330, 'Amount(INR)'),
          L(350, 'Dr/Cr'),
          R(450, 'Balance(INR)'),
        ].map(small),
      ),
      line(100, ...[L(40, 'Date'), L(85, 'Date')].map(small)),
    ];
    rows.forEach((r, k) => {
      balance += r[3];
      const y = 112 + k * 18;
      lines.push(
        line(
          y,
          ...[L(120, r[1]), R(330, money(Math.abs(r[3]))), L(350, r[3] < 0 ? 'DR' : 'CR'), R(450, money(balance))].map(
            small,
          ),
        ),
      );
      lines.push(line(y + 3, ...[L(10, String(k + 1)), L(40, r[0]), L(85, r[0]), L(120, r[2])].map(small)));
    });
    lines.push(line(112 + 4 * 18, ...[L(40, 'TRANSACTION TOTAL DR/CR'), R(330, '59,500.00/1,000.00')].map(small)));
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'axis.pdf' });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount])).toEqual(
      rows.map((r) => [`${r[0].slice(6)}-${r[0].slice(3, 5)}-${r[0].slice(0, 2)}`, `${r[1]} ${r[2]}`, r[3] / 100]),
    );
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('class 7: a column counting the rows', () => {
  it('is no reference (S.NO 1, 2, 3), where a column of cheque numbers is', async () => {
    const lines = [
      line(40, L(40, 'Account Statement', true)),
      line(60, L(40, 'Opening Balance'), R(300, '1,000.00')),
      line(
        90,
        L(30, 'S.NO', true),
        L(60, 'Date', true),
        L(120, 'Particulars', true),
        L(300, 'Cheque', true),
        R(420, 'Amount', true),
        R(520, 'Balance', true),
      ),
      line(108, L(30, '1'), L(60, '02/03/2025'), L(120, 'NEFT RENT'), R(420, '-400.00'), R(520, '600.00')),
      line(
        122,
        L(30, '2'),
        L(60, '05/03/2025'),
        L(120, 'CHEQUE PAID'),
        L(300, '000412'),
        R(420, '-100.00'),
        R(520, '500.00'),
      ),
      line(136, L(30, '3'), L(60, '09/03/2025'), L(120, 'SALARY'), R(420, '2,000.00'), R(520, '2,500.00')),
      line(
        150,
        L(30, '4'),
        L(60, '12/03/2025'),
        L(120, 'CHEQUE PAID'),
        L(300, '000413'),
        R(420, '-50.00'),
        R(520, '2,450.00'),
      ),
    ];
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'sno.pdf' });
    expect(s?.transactions.map((t) => [t.description, t.reference])).toEqual([
      ['NEFT RENT', null],
      ['CHEQUE PAID', '000412'],
      ['SALARY', null],
      ['CHEQUE PAID', '000413'],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('class 7: cells printed empty with a dash', () => {
  it("a dash alone under Debit, Credit or a reference is an empty cell, not a sign: a page of debits only does not lose the next page's credits", async () => {
    const head = line(
      80,
      L(40, 'Txn Date', true),
      L(120, 'Description', true),
      L(300, 'Ref No', true),
      R(400, 'Debit', true),
      R(470, 'Credit', true),
      R(550, 'Balance', true),
    );
    const row = (y: number, date: string, text: string, debit: string, credit: string, balance: string) =>
      line(y, L(40, date), L(120, text), L(300, '-'), R(400, debit), R(470, credit), R(550, balance));
    const pages = [
      {
        lines: [
          line(40, L(40, 'Statement of Account', true)),
          line(60, L(40, 'Opening Balance'), R(300, '500.00')),
          head,
          row(98, '02/02/2026', 'UPI GROCER', '40.00', '-', '460.00'),
          row(112, '03/02/2026', 'UPI PHARMACY', '60.00', '-', '400.00'),
          row(126, '04/02/2026', 'ATM CASH', '100.00', '-', '300.00'),
        ],
      },
      {
        lines: [
          head,
          row(98, '05/02/2026', 'NEFT SALARY', '-', '1,000.00', '1,300.00'),
          row(112, '06/02/2026', 'UPI RENT', '700.00', '-', '600.00'),
          row(126, '07/02/2026', 'UPI REFUND', '-', '25.00', '625.00'),
          line(150, L(40, 'Closing Balance'), R(300, '625.00')),
        ],
      },
    ];
    const [s] = await convert(await tablePdf({ pages }), { fileName: 'dashes.pdf' });
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual([
      ['UPI GROCER', -40],
      ['UPI PHARMACY', -60],
      ['ATM CASH', -100],
      ['NEFT SALARY', 1000],
      ['UPI RENT', -700],
      ['UPI REFUND', 25],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('class 5: a summary box is no part of the ledger', () => {
  it('an account summary printing the beginning and ending balance above the activity does not break the running balances', async () => {
    const lines = [
      line(40, L(40, 'Checking Account', true)),
      line(70, L(40, 'Date', true), L(110, 'Description', true), R(400, 'Amount', true)),
      line(84, L(40, '03/01/2024'), L(110, 'Beginning Balance'), R(400, '$2,000.00')),
      line(98, L(110, '1 Credit(s) This Period'), R(400, '$500.00')),
      line(112, L(110, '2 Debit(s) This Period'), R(400, '$350.00')),
      line(126, L(40, '03/31/2024'), L(110, 'Ending Balance'), R(400, '$2,150.00')),
      line(
        170,
        L(40, 'Post Date', true),
        L(110, 'Description', true),
        R(380, 'Debits', true),
        R(460, 'Credits', true),
        R(550, 'Balance', true),
      ),
      line(184, L(40, '03/01/2024'), L(110, 'Beginning Balance'), R(550, '$2,000.00')),
      line(198, L(40, '03/04/2024'), L(110, 'GROCERY STORE'), R(380, '$150.00'), R(550, '$1,850.00')),
      line(212, L(40, '03/15/2024'), L(110, 'PAYROLL DEPOSIT'), R(460, '$500.00'), R(550, '$2,350.00')),
      line(226, L(40, '03/20/2024'), L(110, 'ELECTRIC COMPANY'), R(380, '$200.00'), R(550, '$2,150.00')),
      line(240, L(40, '03/31/2024'), L(110, 'Ending Balance'), R(550, '$2,150.00')),
    ];
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'summary.pdf' });
    expect(s?.transactions.map((t) => [t.description, t.amount])).toEqual([
      ['GROCERY STORE', -150],
      ['PAYROLL DEPOSIT', 500],
      ['ELECTRIC COMPANY', -200],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('ledgers printed newest first, amounts without decimals', () => {
  it("rows printed newest first chain their balances read oldest first, and stay in printed order; whole numbers under an amount's label are amounts", async () => {
    const head = (y: number) =>
      line(
        y,
        L(40, 'Posting Date', true),
        L(120, 'Description', true),
        R(400, 'Debit Amount', true),
        R(480, 'Credit Amount', true),
        R(560, 'Balance', true),
      );
    const row = (y: number, date: string, text: string, debit: string, credit: string, balance: string) =>
      line(y, L(40, date), L(120, text), R(400, debit), R(480, credit), R(560, balance));
    const pages = [
      {
        lines: [
          line(40, L(40, 'Account Statement', true)),
          line(56, L(40, 'Statement Period: From 01/11/2024 to 30/11/2024')),
          line(72, L(40, 'Opening Balance:'), R(300, '1,000.00 AED')),
          line(86, L(40, 'Closing Balance:'), R(300, '1,454.25 AED')),
          head(110),
          row(128, '29/11/2024', 'CARD PURCHASE GROCER', '20', '0.00', '1,454.25'),
          row(142, '27/11/2024', 'FOREIGN TRANSACTION FEE', '0.75', '0.00', '1,474.25'),
          row(156, '25/11/2024', 'SALARY CREDIT', '0.00', '1,500.00', '1,475.00'),
        ],
      },
      {
        lines: [
          head(60),
          row(78, '12/11/2024', 'TRANSFER TO SAVINGS', '900', '0.00', '-25.00'),
          row(92, '05/11/2024', 'MOBILE RECHARGE', '125', '0.00', '875.00'),
        ],
      },
    ];
    const [s] = await convert(await tablePdf({ pages }), { fileName: 'newest.pdf' });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount, t.balance])).toEqual([
      ['2024-11-29', 'CARD PURCHASE GROCER', -20, 1454.25],
      ['2024-11-27', 'FOREIGN TRANSACTION FEE', -0.75, 1474.25],
      ['2024-11-25', 'SALARY CREDIT', 1500, 1475],
      ['2024-11-12', 'TRANSFER TO SAVINGS', -900, -25],
      ['2024-11-05', 'MOBILE RECHARGE', -125, 875],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('class 9: dates printed as digits alone', () => {
  it('are read where no other dates give rows (and only there: six digits elsewhere are references)', async () => {
    const row = (y: number, date: string, text: string, debit: string, credit: string, balance: string) =>
      line(y, L(40, date), L(90, text), R(400, debit), R(470, credit), R(550, balance));
    const lines = [
      line(40, L(40, 'Statement of Account', true)),
      line(56, L(40, 'Statement Date: 31/01/2026')),
      line(
        80,
        L(40, 'Date', true),
        L(150, 'Transaction Details', true),
        R(400, 'Debit', true),
        R(470, 'Credit', true),
        R(550, 'Balance', true),
      ),
      row(98, '010126', 'BEGINNING BALANCE', '', '', '2,000.00'),
      row(112, '020126', 'TRANSFER TO LOAN ACCOUNT', '590.00', '', '1,410.00'),
      row(126, '050126', 'CHEQUE DEPOSIT 913837', '', '1,556.10', '2,966.10'),
      row(140, '090126', 'INSTANT TRANSFER SUPPLIER', '1,525.90', '', '1,440.20'),
    ];
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'compact.pdf' });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount])).toEqual([
      ['2026-01-02', 'TRANSFER TO LOAN ACCOUNT', -590],
      ['2026-01-05', 'CHEQUE DEPOSIT 913837', 1556.1],
      ['2026-01-09', 'INSTANT TRANSFER SUPPLIER', -1525.9],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});

describe('class 7: a description label printed right of where its cells start', () => {
  it('names the whole cell: the words left of the label are the start of the description, not a column', async () => {
    const row = (y: number, date: string, a: string, b: string, amount: string, balance: string) =>
      line(y, L(40, date), R(168.5, a), L(170, b), R(420, amount), R(520, balance));
    const lines = [
      line(40, L(40, 'Account Statement', true)),
      line(56, L(40, 'Opening Balance'), R(300, '500.00')),
      line(80, L(40, 'Date', true), L(170, 'Description', true), R(420, 'Amount', true), R(520, 'Balance', true)),
      row(98, '02/03/2025', 'PUR 01/03', 'CITY GROCER', '-20.00', '480.00'),
      row(112, '04/03/2025', 'PUR 03/03', 'RIDE HAILING', '-12.50', '467.50'),
      row(126, '06/03/2025', 'SALARY', 'ACME TRADING', '1,000.00', '1,467.50'),
      row(140, '09/03/2025', 'FEE', 'CARD SERVICE', '-0.75', '1,466.75'),
    ];
    const [s] = await convert(await tablePdf({ pages: [{ lines }] }), { fileName: 'cut.pdf' });
    expect(s?.transactions.map((t) => t.description)).toEqual([
      'PUR 01/03 CITY GROCER',
      'PUR 03/03 RIDE HAILING',
      'SALARY ACME TRADING',
      'FEE CARD SERVICE',
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  });
});
