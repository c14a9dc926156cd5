import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert } from '../convert';
import { pdfOcrSession } from '../ocr/pdf';
import { buildStatementPdf, sampleRows } from '../testing/statement-pdf';
import { readPdf } from './pdf';
import { judgeTextLayer } from './text-layer';

/** Every letter one on in the alphabet (P -> Q, z -> a), as a wrong ToUnicode map reads them. */
const shiftLetters = (text: string, by = 1) =>
  text.replace(/[A-Za-z]/g, (c) => {
    const a = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(a + ((c.charCodeAt(0) - a + by) % 26));
  });

/**
 * A broken ToUnicode map as a real statement had it: every code from '!' to 'Z' (punctuation,
 * digits, capitals) names the character 29 on ('K' reads 'h', '0' reads 'M', ':' reads 'W'); the
 * lower-case letters, and so their frequencies, are right.
 */
const lowCodesOffset = (text: string) => text.replace(/[!-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 29));

const SAMPLES = {
  en: 'Statement of account for the period 01/03/2024 to 31/03/2024. Opening balance 1,500.00. Card payment to Tesco Stores, direct debit British Gas, salary from Acme Ltd, transfer to savings.',
  de: 'Kontoauszug Nr. 3 vom 31.03.2024. Alter Kontostand 1.500,00 EUR. Lastschrift Stadtwerke München, Überweisung Miete März, Gehalt Firma Beispiel GmbH, Kartenzahlung Bäckerei Müller.',
  fr: 'Relevé de compte du 01/03/2024 au 31/03/2024. Solde précédent 1 500,00 EUR. Prélèvement Électricité de France, virement reçu salaire, paiement par carte supermarché, retrait distributeur.',
  pl: 'Wyciąg z rachunku za okres 01.03.2024 - 31.03.2024. Saldo początkowe 1 500,00 PLN. Przelew przychodzący wynagrodzenie, płatność kartą sklep spożywczy, opłata za prowadzenie rachunku.',
  tr: 'Hesap özeti 01.03.2024 - 31.03.2024 dönemi. Devreden bakiye 1.500,00 TL. Maaş ödemesi, kredi kartı ile alışveriş market, elektrik faturası ödemesi, havale gönderilen kira bedeli.',
  id: 'Rekening koran periode 01/03/2024 sampai 31/03/2024. Saldo awal 1.500.000,00. Transfer masuk gaji bulanan, pembayaran kartu debit di toko swalayan, biaya administrasi bulanan bank.',
};

/** A statement page's text: labels with colons, dates, amounts, descriptions with commas and full stops. */
const PAGE = [
  'Statement of account. Account holder: Ms Jane Example, 12 High Street, Leeds.',
  'Sort code: 12-34-56. Account number: 12345678. Statement date: 31/03/2024.',
  'Date: Description: Paid out: Paid in: Balance:',
  '01/03/2024 Opening balance. 1,500.00',
  '02/03/2024 Card payment to Tesco Stores, Leeds. 45.20 1,454.80',
  '04/03/2024 Direct debit British Gas, ref. 99812. 62.00 1,392.80',
  '05/03/2024 Salary from Acme Ltd, March. 2,100.00 3,492.80',
  '08/03/2024 Transfer to savings, monthly. 300.00 3,192.80',
  '11/03/2024 Cash withdrawal at Barclays, Headingley. 50.00 3,142.80',
  '15/03/2024 Standing order to landlord, rent. 850.00 2,292.80',
  '19/03/2024 Refund from Amazon, order 2041. 19.99 2,312.79',
  '22/03/2024 Contactless payment, Costa Coffee. 3.10 2,309.69',
  '27/03/2024 Council tax, instalment. 141.00 2,168.69',
  'Closing balance: 2,168.69. Interest paid: none. Overdraft limit: 500.00.',
  'Please check this statement carefully. Questions: call us on 0345 600 0000, or write to us.',
].join(' ');

describe('judging a text layer', () => {
  it.each(Object.entries(SAMPLES))('%s statement text is usable', (_lang, text) => {
    expect(judgeTextLayer(text)).toEqual({ usable: true });
  });

  it.each(Object.entries(SAMPLES))('%s text with shifted letters is not', (_lang, text) => {
    for (const by of [1, 2, 3]) expect(judgeTextLayer(shiftLetters(text, by)).usable).toBe(false);
  });

  it('private-use and control characters (glyph codes without a map) are not text', () => {
    const codes = SAMPLES.en.replace(/\S/g, (c) => String.fromCharCode(0xe000 + c.charCodeAt(0)));
    expect(judgeTextLayer(codes)).toMatchObject({ usable: false, why: expect.stringContaining('private-use') });
    const shifted29 = SAMPLES.en.replace(/\S/g, (c) => String.fromCharCode(c.charCodeAt(0) + 29));
    expect(judgeTextLayer(shifted29).usable).toBe(false);
  });

  it('an encoding that breaks punctuation, digits and capitals but keeps lower case is not usable', () => {
    expect(judgeTextLayer(PAGE)).toEqual({ usable: true });
    expect(judgeTextLayer(lowCodesOffset(PAGE))).toMatchObject({
      usable: false,
      why: expect.stringContaining('change case mid-word'),
    });
  });

  it('names that change case (GmbH, PayPal, eBay) and anonymised placeholders (xxxx, AAAA) are text', () => {
    const names =
      'Lastschrift Stadtwerke GmbH 12,00 Kartenzahlung PayPal Europe 9,99 eBay GmbH 4,50 VVaG Beitrag 30,00 PayID iOS';
    expect(judgeTextLayer(`${SAMPLES.de} ${names} ${names}`)).toEqual({ usable: true });
    const anonymised = `${SAMPLES.fr} ${'xxxxxxxxxxxxxxxxxxxxxxxx '.repeat(8)} AAAAAAAA AAAAAAAA BBBBBBBBBBBB DDDDDD KKKKKKKK 12,90 CARTE 99999999 PAIEMENT CB 9999 DDDDDD`;
    expect(judgeTextLayer(anonymised)).toEqual({ usable: true });
  });

  it("a bank's code that changes case, repeated with other numbers on every row, is one word", () => {
    const rows = Array.from(
      { length: 12 },
      (_, i) =>
        `0${i % 9}-04-2024 mTFR/${840_000 + i * 37}/ASHIQ IMPEX 1${i}00.00 mTFR/IMPSP2AO/IMPS OUTWRD/4098${i}903`,
    ).join(' ');
    expect(judgeTextLayer(`${SAMPLES.en} cKYC Id: Not Available ${rows}`)).toEqual({ usable: true });
  });

  it("a page of card sales, each row printing the acquirer's letters before its own number, is text", () => {
    // Short uppercase words and consonant codes: counted once per distinct word, the codes'
    // letters (one per row) had put the vowels at 23 % of the page's letters.
    const rows = Array.from(
      { length: 40 },
      (_, i) =>
        `0${(i % 9) + 1}/10 CIELO ${i % 2 ? 'VISA' : 'MAST'} ${i % 5 ? 'DB' : 'CD'}${1_030_723_700 + i * 7919} 91${20 + i} ${i},${10 + i}`,
    ).join(' ');
    expect(judgeTextLayer(`${rows} SALDO FINAL DISP CREDOR 13.496,58 SALDO 13.496,58 TRANSF 0624.59802-5`)).toEqual({
      usable: true,
    });
  });

  it('too little text is no text layer; a few letters beside numbers say nothing against it', () => {
    expect(judgeTextLayer('Page 2 of 4')).toMatchObject({ usable: false, why: 'no text layer' });
    expect(judgeTextLayer('01/03 XQZ 1,234.56 02/03 KWJ 99.00 03/03 QQX 12.00 04/03 ZZK 5.00')).toEqual({
      usable: true,
    });
  });
});

const MIXED_CASE = [
  'Salary: Acme Ltd, March.',
  'Card payment: Tesco Stores, Leeds.',
  'Direct debit: British Gas, ref. 99812.',
  'Transfer to savings, monthly.',
  'Cash withdrawal: Barclays, Headingley.',
  'Standing order: landlord, rent.',
  'Refund: Amazon, order 2041.',
  'Contactless: Costa Coffee, York.',
  'Council tax: instalment, April.',
  'Card payment: Shell Fuel, Leeds.',
  'Salary: Acme Ltd, bonus.',
  'Direct debit: City Water, ref. 118.',
];

describe('a page whose font encoding is broken is read by OCR', () => {
  const fonts = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
  const statement = (rows = sampleRows(12)) =>
    buildStatementPdf({
      bank: 'Postbank Example',
      holder: 'MS JANE EXAMPLE',
      account: '12345678',
      periodStart: '2024-03-01',
      periodEnd: '2024-03-31',
      openingCents: 150_000,
      rows,
      // Embedded subset fonts carry a ToUnicode map, written plainly so the test can break it.
      fonts: { regular: join(fonts, 'LiberationSans-Regular.ttf'), bold: join(fonts, 'LiberationSans-Bold.ttf') },
      uncompressed: true,
    });

  /** The same PDF with its ToUnicode maps naming other characters (`wrong`): the glyphs drawn stay right. */
  function breakToUnicode(pdf: Uint8Array, wrong: (c: string) => string = shiftLetters): Uint8Array {
    const text = Buffer.from(pdf).toString('latin1');
    const broken = text.replace(/beginbfrange[\s\S]*?endbfrange/g, (ranges) =>
      ranges.replace(/\[([^\]]*)\]/g, (_all, targets: string) => {
        const shifted = targets.replace(/<([0-9a-f]{4})>/gi, (_m, hex: string) => {
          const c = String.fromCharCode(Number.parseInt(hex, 16));
          return `<${wrong(c).charCodeAt(0).toString(16).padStart(4, '0')}>`;
        });
        return `[${shifted}]`;
      }),
    );
    expect(broken).not.toBe(text);
    expect(broken).toHaveLength(text.length); // same byte offsets: the cross-reference table holds
    return new Uint8Array(Buffer.from(broken, 'latin1'));
  }

  it('converts the statement exactly from the page image, and never OCRs the intact one', async () => {
    const { pdf, expected } = await statement();
    const [intact] = await convert(pdf, { fileName: 'intact.pdf' });
    const fromText = intact?.transactions.map(({ bbox, ...t }) => t);
    expect(fromText).toEqual(expected);
    // Rows read from a text layer carry no OCR confidence.
    expect(intact?.transactions.every((t) => t.confidence === undefined)).toBe(true);

    const [broken] = await convert(breakToUnicode(pdf), { fileName: 'broken-font.pdf' });
    expect(broken?.transactions.every((t) => typeof t.confidence === 'number')).toBe(true);
    expect(broken?.transactions.map(({ bbox, confidence, ...t }) => t)).toEqual(expected);
    expect(broken?.statement).toMatchObject({ accountNumber: '12345678', openingBalance: 1500 });
  });

  it('reads the page image where punctuation, digits and capitals are broken and lower case reads as text', async () => {
    // Descriptions in mixed case with punctuation, as many banks print them.
    const rows = sampleRows(12).map((r, i) => ({ ...r, description: [MIXED_CASE[i] as string] }));
    const { pdf, expected } = await statement(rows);
    const [broken] = await convert(breakToUnicode(pdf, lowCodesOffset), { fileName: 'broken-digits.pdf' });
    expect(broken?.transactions.every((t) => typeof t.confidence === 'number')).toBe(true);
    expect(broken?.transactions.map(({ bbox, confidence, ...t }) => t)).toEqual(expected);
  });

  it('tells OCR the language from the words the broken layer still reads right (its lower case)', async () => {
    const german = [
      'Lastschrift: Stadtwerke, Abschlag für den Strom und das Gas im laufenden Monat.',
      'Überweisung: Miete für die Wohnung in der dritten Etage, laufender Monat.',
      'Gehalt: Firma Beispiel, die Zahlung für den laufenden Monat mit Zulage.',
      'Kartenzahlung: Bäckerei, ein Einkauf vom letzten Wochenende mit der Karte.',
      'Dauerauftrag: Sparkonto, die monatliche Überweisung auf das eigene Konto.',
      'Lastschrift: Versicherung, der Beitrag für das laufende Quartal und die Gebühr.',
      'Gutschrift: Erstattung, die Rückzahlung aus der letzten Abrechnung des Vermieters.',
      'Abbuchung: Rundfunkbeitrag, für das zweite Quartal des laufenden Jahres.',
    ];
    const rows = sampleRows(8).map((r, i) => ({ ...r, description: [german[i] as string] }));
    const seen: string[][] = [];
    const read = async (pdf: Uint8Array) =>
      readPdf(pdf, {
        deadline: Date.now() + 60_000,
        ocrPages: async (_doc, _pages, textWords) => {
          seen.push(textWords);
          return [];
        },
      });
    await read(breakToUnicode((await statement(rows)).pdf, lowCodesOffset));
    expect(pdfOcrSession({ deadline: 0, textWords: seen[0] }).langs).toEqual(['eng', 'deu']);
    // An English statement's broken layer says nothing against English.
    await read(
      breakToUnicode(
        (await statement(sampleRows(12).map((r, i) => ({ ...r, description: [MIXED_CASE[i] as string] })))).pdf,
        lowCodesOffset,
      ),
    );
    expect(pdfOcrSession({ deadline: 0, textWords: seen[1] }).langs).toEqual(['eng']);
  });
});
