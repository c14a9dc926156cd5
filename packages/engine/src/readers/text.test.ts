import { describe, expect, it } from 'vitest';
import { convert } from '../convert';
import { GRID, type LayoutPage } from '../layout/model';
import { decodeText } from './decode';
import { detectInputKind } from './detect';
import { detectDelimiter, readCsv, readTxt } from './text';

/** Each line as its runs: `[x0]text` joined by ' | ', for exact and readable assertions. */
function show(page: LayoutPage): string[] {
  return page.lines.map((l) => l.runs.map((r) => `[${r.x0}]${r.text}`).join(' | '));
}

const utf8 = (s: string) => new TextEncoder().encode(s);
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
function utf16(s: string, le: boolean, bom = true): Uint8Array {
  const out = new Uint8Array((s.length + (bom ? 1 : 0)) * 2);
  const units = bom ? `\ufeff${s}` : s;
  for (let i = 0; i < units.length; i++) {
    const c = units.charCodeAt(i);
    out[2 * i] = le ? c & 0xff : c >> 8;
    out[2 * i + 1] = le ? c >> 8 : c & 0xff;
  }
  return out;
}

describe('decodeText', () => {
  const text = 'Datum;Betrag\nÜberweisung;-1.234,56 €';
  it.each([
    ['UTF-8 with BOM', new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)])],
    ['UTF-8 without BOM', utf8(text)],
    ['UTF-16LE with BOM', utf16(text, true)],
    ['UTF-16BE with BOM', utf16(text, false)],
    ['UTF-16LE without BOM', utf16(text, true, false)],
  ])('%s', (_name, bytes) => {
    expect(decodeText(bytes)).toBe(text);
  });

  it('falls back to Windows-1252 for bytes that are not UTF-8', () => {
    // 0x80 is the euro sign in Windows-1252, 0xDC is Ü.
    expect(decodeText(new Uint8Array([0xdc, 0x62, 0x65, 0x72, 0x20, 0x80]))).toBe('Über €');
  });
});

describe('readCsv', () => {
  it('reads a comma CSV with quoted delimiters, doubled quotes and an embedded newline', async () => {
    const csv =
      'Date,Description,Amount\r\n01/02/2024,"Shop, Inc ""Main""",-12.50\r\n02/02/2024,"two\nlines",100.00\r\n';
    const doc = await readCsv(utf8(csv));
    expect(doc.pages).toHaveLength(1);
    const page = doc.pages[0] as LayoutPage;
    expect(page.number).toBe(1);
    expect(page.source).toBe('grid');
    expect(show(page)).toEqual([
      '[0]Date | [100]Description | [200]Amount',
      '[0]01/02/2024 | [100]Shop, Inc "Main" | [200]-12.50',
      '[0]02/02/2024 | [100]two lines | [200]100.00',
    ]);
    const run = page.lines[1]?.runs[1];
    expect(run?.x1).toBe(GRID.CELL * 2 - GRID.GAP);
  });

  it('keeps preamble lines as rows and detects the delimiter past them', async () => {
    const csv = [
      'From: 02/07/2025 to 01/08/2025',
      '',
      'Account: MR A TEST 12-34-56 12345678',
      '',
      'Date,Description,Amount,Balance',
      '02/07/2025,"CARD PAYMENT TO SHOP, LONDON",-20.57,845.20',
      '03/07/2025,"SALARY",1000.00,1845.20',
    ].join('\n');
    const page = (await readCsv(utf8(csv))).pages[0] as LayoutPage;
    expect(show(page)).toEqual([
      '[0]From: 02/07/2025 to 01/08/2025',
      '[0]Account: MR A TEST 12-34-56 12345678',
      '[0]Date | [100]Description | [200]Amount | [300]Balance',
      '[0]02/07/2025 | [100]CARD PAYMENT TO SHOP, LONDON | [200]-20.57 | [300]845.20',
      '[0]03/07/2025 | [100]SALARY | [200]1000.00 | [300]1845.20',
    ]);
    // Blank preamble lines keep their vertical space.
    expect(page.lines[1]?.y0).toBe(2 * GRID.LINE);
  });

  it('reads a Latin-1 semicolon export with decimal commas and trailing delimiters', async () => {
    const csv = [
      '"Kontonummer:";"DE00 1234 5678 / Girokonto";',
      '',
      '"Buchungstag";"Buchungstext";"Auftraggeber / Begünstigter";"Betrag (EUR)";',
      '"02.07.2024";"Gutschrift";"Jörg Müller";"1.044,71";',
      '"03.07.2024";"Lastschrift";"Stadtwerke, Strom";"-32,21";',
    ].join('\r\n');
    const page = (await readCsv(latin1(csv))).pages[0] as LayoutPage;
    expect(show(page)).toEqual([
      '[0]Kontonummer: | [100]DE00 1234 5678 / Girokonto',
      '[0]Buchungstag | [100]Buchungstext | [200]Auftraggeber / Begünstigter | [300]Betrag (EUR)',
      '[0]02.07.2024 | [100]Gutschrift | [200]Jörg Müller | [300]1.044,71',
      '[0]03.07.2024 | [100]Lastschrift | [200]Stadtwerke, Strom | [300]-32,21',
    ]);
  });

  it('reads UTF-16LE tab-separated exports', async () => {
    const tsv = 'Date\tDetails\tAmount\n2024-01-02\tCoffee, large\t-3.20\n2024-01-03\tRefund\t3.20\n';
    // The zero bytes of UTF-16 do not make it binary to the detector.
    expect(detectInputKind(utf16(tsv, true), 'export.txt')).toBe('txt');
    expect(detectInputKind(utf16(tsv, true), 'export')).toBe('csv');
    expect(detectInputKind(utf16(tsv, false), 'export.csv')).toBe('csv');
    // Without a BOM too: the zero bytes of mostly-ASCII UTF-16 give it away.
    expect(detectInputKind(utf16(tsv, true, false), 'export.csv')).toBe('csv');
    expect(detectInputKind(utf16(tsv, false, false), 'export')).toBe('csv');
    const page = (await readCsv(utf16(tsv, true))).pages[0] as LayoutPage;
    expect(show(page)).toEqual([
      '[0]Date | [100]Details | [200]Amount',
      '[0]2024-01-02 | [100]Coffee, large | [200]-3.20',
      '[0]2024-01-03 | [100]Refund | [200]3.20',
    ]);
  });

  it.each([
    ['a,b,c\n1,2,3\n', ','],
    ['a;b;c\n"1,5";"2,5";3\n"x";"y";"z"\n', ';'],
    ['a\tb\n"x, y"\t1\n"p, q"\t2\n', '\t'],
    ['a|b|c\n1|2|3\n', '|'],
    ['Account: 1;2\nDate,Text,Amount\n1,"a;b",3\n2,"c;d",4\n3,e,5\n', ','],
  ])('detects the delimiter of %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });

  it('unwraps ="..." cells that exports write to keep leading zeros', async () => {
    const page = (await readCsv(utf8('Account,Amount\n="00012345",="-1.50"\n'))).pages[0] as LayoutPage;
    expect(show(page)).toEqual(['[0]Account | [100]Amount', '[0]00012345 | [100]-1.50']);
  });

  it('writes ISO 8601 date-time cells as date and time, so the date reads as the row date', async () => {
    const csv = [
      'Date|Description|Amount|Balance',
      '2025-03-03T00:00:00|Card payment|-45.12|1475.21',
      '2025-03-04T14:22:10.000Z|Salary|2540.00|4015.21',
      '2025-03-05T09:30+01:00|Cafe|-12.50|4002.71',
    ].join('\n');
    const bytes = utf8(csv);
    expect(show((await readCsv(bytes)).pages[0] as LayoutPage)).toEqual([
      '[0]Date | [100]Description | [200]Amount | [300]Balance',
      '[0]2025-03-03 | [100]Card payment | [200]-45.12 | [300]1475.21',
      '[0]2025-03-04 14:22:10 | [100]Salary | [200]2540.00 | [300]4015.21',
      '[0]2025-03-05 09:30 | [100]Cafe | [200]-12.50 | [300]4002.71',
    ]);
    const [s] = await convert(bytes, { fileName: 'export.csv' });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount])).toEqual([
      ['2025-03-03', 'Card payment', -45.12],
      ['2025-03-04', 'Salary', 2540],
      ['2025-03-05', 'Cafe', -12.5],
    ]);
  });

  it('writes YYYYMMDD date columns as YYYY-MM-DD, but not an eight-digit account number', async () => {
    const csv = [
      'Account;20150712',
      'Datum;Omschrijving;Bedrag;Referentie',
      '20250303;Albert Heijn;-45,12;10000001',
      '20250304;Salaris;2540,00;20250304',
      '20250305;Huur;-1234,56;99999999',
    ].join('\n');
    expect(show((await readCsv(utf8(csv))).pages[0] as LayoutPage)).toEqual([
      '[0]Account | [100]20150712',
      '[0]Datum | [100]Omschrijving | [200]Bedrag | [300]Referentie',
      '[0]2025-03-03 | [100]Albert Heijn | [200]-45,12 | [300]10000001',
      '[0]2025-03-04 | [100]Salaris | [200]2540,00 | [300]20250304',
      '[0]2025-03-05 | [100]Huur | [200]-1234,56 | [300]99999999',
    ]);
  });

  it('leaves out placeholder cells such as "*"', async () => {
    const page = (await readCsv(utf8('"03/03/2025","-45.12","*","","SHOP"\n'))).pages[0] as LayoutPage;
    expect(show(page)).toEqual(['[0]03/03/2025 | [100]-45.12 | [400]SHOP']);
  });

  it('gives whole amounts cents in a column of minimally written numbers, not whole references', async () => {
    const csv = [
      'Date,Reference,Amount,Balance',
      '2025-03-03,101,-45.12,1475.21',
      '2025-03-04,102,2540,4015.21',
      '2025-03-05,103,-12.5,4002.71',
    ].join('\n');
    const bytes = utf8(csv);
    expect(show((await readCsv(bytes)).pages[0] as LayoutPage)).toEqual([
      '[0]Date | [100]Reference | [200]Amount | [300]Balance',
      '[0]2025-03-03 | [100]101 | [200]-45.12 | [300]1475.21',
      '[0]2025-03-04 | [100]102 | [200]2540.00 | [300]4015.21',
      '[0]2025-03-05 | [100]103 | [200]-12.5 | [300]4002.71',
    ]);
    const [s] = await convert(bytes, { fileName: 'export.csv' });
    expect(s?.transactions.map((t) => [t.date, t.amount, t.balance])).toEqual([
      ['2025-03-03', -45.12, 1475.21],
      ['2025-03-04', 2540, 4015.21],
      ['2025-03-05', -12.5, 4002.71],
    ]);
  });

  it('honours an Excel sep= line', async () => {
    const page = (await readCsv(utf8('sep=|\nA|B\n1,5|2,5\n'))).pages[0] as LayoutPage;
    expect(show(page)).toEqual(['[0]A | [100]B', '[0]1,5 | [100]2,5']);
  });

  it('salvages a file cut off inside a quoted field', async () => {
    const page = (await readCsv(utf8('Date,Text,Amount\n01/01/2024,Rent,-500.00\n02/01/2024,"Cut off'))).pages[0];
    expect(show(page as LayoutPage)).toEqual([
      '[0]Date | [100]Text | [200]Amount',
      '[0]01/01/2024 | [100]Rent | [200]-500.00',
      '[0]02/01/2024 | [100]Cut off',
    ]);
  });

  it('answers an empty file with one page without lines', async () => {
    for (const bytes of [new Uint8Array(0), utf8('\r\n\r\n'), new Uint8Array([0xef, 0xbb, 0xbf])]) {
      const doc = await readCsv(bytes);
      expect(doc.pages).toHaveLength(1);
      expect(doc.pages[0]?.lines).toEqual([]);
    }
  });
});

describe('readTxt', () => {
  it('splits pages at form feeds and keeps fixed-width columns', async () => {
    const page1 = [
      'BANK                      PAGE 1 OF 2',
      'DATE        DETAILS          AMOUNT',
      '01/02/2024  Coffee shop        3.20',
    ];
    const page2 = ['BANK                      PAGE 2 OF 2', '02/02/2024  Salary         1,000.00'];
    const text = `${page1.join('\r\n')}\r\n\f${page2.join('\r\n')}\r\n\f`;
    const doc = await readTxt(utf8(text));
    expect(doc.pages.map((p) => p.number)).toEqual([1, 2]);
    expect(doc.pages.map((p) => p.source)).toEqual(['text', 'text']);
    const c = GRID.CHAR;
    expect(show(doc.pages[0] as LayoutPage)).toEqual([
      `[0]BANK | [${26 * c}]PAGE 1 OF 2`,
      `[0]DATE | [${12 * c}]DETAILS | [${29 * c}]AMOUNT`,
      `[0]01/02/2024 | [${12 * c}]Coffee shop | [${31 * c}]3.20`,
    ]);
    expect(show(doc.pages[1] as LayoutPage)).toEqual([
      `[0]BANK | [${26 * c}]PAGE 2 OF 2`,
      `[0]02/02/2024 | [${12 * c}]Salary | [${27 * c}]1,000.00`,
    ]);
    // Right edges of the amounts line up, as in the printed column.
    const amounts = doc.pages.map((p) => p.lines.at(-1)?.runs.at(-1)?.x1);
    expect(amounts[0]).toBe(amounts[1]);
  });

  it('erases vertical column rules so ruled columns split into runs', async () => {
    const text = [
      '| DATE       | DETAILS        |   AMOUNT |',
      '|------------+----------------+----------|',
      '| 01/02/2024 | Coffee|Tea     |     3.20 |',
      '| 02/02/2024 | Salary         | 1,000.00 |',
    ].join('\n');
    const c = GRID.CHAR;
    const page = (await readTxt(utf8(text))).pages[0] as LayoutPage;
    expect(show(page)).toEqual([
      `[${2 * c}]DATE | [${15 * c}]DETAILS | [${34 * c}]AMOUNT`,
      `[${c}]------------+----------------+----------`,
      `[${2 * c}]01/02/2024 | [${15 * c}]Coffee|Tea | [${36 * c}]3.20`,
      `[${2 * c}]02/02/2024 | [${15 * c}]Salary | [${32 * c}]1,000.00`,
    ]);
  });

  it('reads mostly tab-separated text as grid rows', async () => {
    const text = 'Statement\nDate\tText\tAmount\n01.02.2024\tMiete\t-500,00\n\f02.02.2024\tLohn\t2.000,00\n';
    const doc = await readTxt(utf8(text));
    expect(doc.pages.map((p) => p.source)).toEqual(['grid', 'grid']);
    expect(show(doc.pages[0] as LayoutPage)).toEqual([
      '[0]Statement',
      '[0]Date | [100]Text | [200]Amount',
      '[0]01.02.2024 | [100]Miete | [200]-500,00',
    ]);
    expect(show(doc.pages[1] as LayoutPage)).toEqual(['[0]02.02.2024 | [100]Lohn | [200]2.000,00']);
  });

  it('reads a delimited export named .txt as CSV, but not a fixed-width report with commas', async () => {
    const delimited =
      'Konto;DE00 1234\nDatum;Text;Betrag\n01.02.2024;Miete, Februar;-500,00\n02.02.2024;Lohn;2.000,00\n';
    expect(show((await readTxt(utf8(delimited))).pages[0] as LayoutPage)).toEqual([
      '[0]Konto | [100]DE00 1234',
      '[0]Datum | [100]Text | [200]Betrag',
      '[0]01.02.2024 | [100]Miete, Februar | [200]-500,00',
      '[0]02.02.2024 | [100]Lohn | [200]2.000,00',
    ]);
    const report = [
      'DATE        DESCRIPTION            AMOUNT     BALANCE',
      '01/02/2024  RENT, FEBRUARY       1,500.00    3,210.50',
      '02/02/2024  SALARY, ACME         2,000.00    5,210.50',
    ].join('\n');
    expect((await readTxt(utf8(report))).pages[0]?.source).toBe('text');
  });

  it('reads an export of "Field: value" blocks as a table, one row per block', async () => {
    const blocks = [
      ['03/03/2025', 'CARD PAYMENT TO SHOP: LONDON', '-45.12', '1475.21'],
      ['04/03/2025', 'SALARY', '2540.00', '4015.21'],
      ['05/03/2025', 'CAFE', '-12.50', '4002.71'],
    ];
    const text = [
      'From: 01/03/2025 to 31/03/2025',
      '',
      'Account: 1234 5678',
      '',
      ...blocks.flatMap(([date, text, amount, balance]) => [
        `Date:\u00a0${date}`,
        `Description:\u00a0${text}`,
        `Amount:\u00a0${amount}\u00a0`,
        `Balance:\u00a0${balance}\u00a0`,
        '',
      ]),
    ].join('\r\n');
    const bytes = utf8(text);
    expect(show((await readTxt(bytes)).pages[0] as LayoutPage)).toEqual([
      '[0]From: 01/03/2025 to 31/03/2025',
      '[0]Account: 1234 5678',
      '[0]Date | [100]Description | [200]Amount | [300]Balance',
      '[0]03/03/2025 | [100]CARD PAYMENT TO SHOP: LONDON | [200]-45.12 | [300]1475.21',
      '[0]04/03/2025 | [100]SALARY | [200]2540.00 | [300]4015.21',
      '[0]05/03/2025 | [100]CAFE | [200]-12.50 | [300]4002.71',
    ]);
    const [s] = await convert(bytes, { fileName: 'statement.txt' });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount, t.balance])).toEqual([
      ['2025-03-03', 'CARD PAYMENT TO SHOP: LONDON', -45.12, 1475.21],
      ['2025-03-04', 'SALARY', 2540, 4015.21],
      ['2025-03-05', 'CAFE', -12.5, 4002.71],
    ]);
    expect(s?.statement).toMatchObject({ periodStart: '2025-03-01', periodEnd: '2025-03-31', openingBalance: 1520.33 });
  });

  it('leaves a report with a few "Field: value" lines as text', async () => {
    const text = ['Account: 1234', 'Period: March 2025', 'Currency: EUR', '', '03/03/2025  SHOP    -45.12'].join('\n');
    expect((await readTxt(utf8(text))).pages[0]?.source).toBe('text');
  });

  it('answers an empty file with one page without lines', async () => {
    const doc = await readTxt(new Uint8Array(0));
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0]?.lines).toEqual([]);
  });
});
