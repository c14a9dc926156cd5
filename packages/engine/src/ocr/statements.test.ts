/**
 * Whole statements from OCR, on pages the test draws: the row model, the language and the amounts
 * come out of the same pipeline as text PDFs. One OCR engine serves all tests; it is shut down at
 * the end so vitest can exit.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { convert } from '../convert';
import { shutdownOcr } from './index';
import { type LedgerRow, renderLedger } from './test-fixtures';

afterAll(async () => {
  await shutdownOcr();
});

const row = (date: string, lines: string[], anchor: number, amount: string, balance: string): LedgerRow => ({
  date,
  lines,
  anchor,
  amount,
  balance,
});

describe('OCR statements', () => {
  it('gives a description printed above its date line to its own row, where rows are set apart only by padding', async () => {
    // Each row's first line stands above the line with the date and amounts; the lines of a row
    // are 1.25 font sizes apart, rows 1.45: box middles (moved by brackets, commas and capitals)
    // cannot tell the two apart, baselines can.
    const png = await renderLedger({
      title: ['Cedar Ridge Bank', 'Current Account Statement', 'Statement period 01/08/2025 to 31/08/2025'],
      header: ['Date', 'Details', 'Amount', 'Balance'],
      rows: [
        row('01/08/2025', ['Opening balance'], 0, '', '330.13'),
        row('14/08/2025', ['CHECK 2374'], 0, '(300.55)', '29.58'),
        row('15/08/2025', ['DIRECT DEPOSIT', 'BLUE RIVER HEALTH'], 1, '1,202.48', '1,232.06'),
        row('19/08/2025', ['ATM DEPOSIT', 'BRANCH TAMPA'], 1, '190.00', '1,422.06'),
        row('20/08/2025', ['ACH DEBIT', 'SPECTRUM'], 1, '(115.74)', '1,306.32'),
        row('26/08/2025', ['CHECK 2375'], 0, '(215.96)', '1,090.36'),
        row('27/08/2025', ['POS', 'WHOLE FOODS MKT 53289'], 1, '(70.37)', '1,019.99'),
        row('29/08/2025', ['SALARY', 'BLUE RIVER HEALTH'], 1, '641.84', '1,661.83'),
        row('30/08/2025', ['RECURRING TRANSFER', 'LINDA ANDERSON'], 1, '(1,000.00)', '661.83'),
      ],
      linePitch: 1.25,
      rowGap: 0.2,
      rules: true,
    });
    const [s] = await convert(png, { fileName: 'photo.png' });
    expect(s?.transactions.map((t) => [t.amount, t.description])).toEqual([
      [-300.55, 'CHECK 2374'],
      [1202.48, 'DIRECT DEPOSIT BLUE RIVER HEALTH'],
      [190, 'ATM DEPOSIT BRANCH TAMPA'],
      [-115.74, 'ACH DEBIT SPECTRUM'],
      [-215.96, 'CHECK 2375'],
      [-70.37, 'POS WHOLE FOODS MKT 53289'],
      [641.84, 'SALARY BLUE RIVER HEALTH'],
      [-1000, 'RECURRING TRANSFER LINDA ANDERSON'],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  }, 120_000);

  it('reads a Polish page with its own letters, and space-grouped amounts in a wide typeface whole', async () => {
    // The English model reads "Ł" as "t" or "£": the page's words tell franc it is Polish, and
    // the page is read again with Polish. Words are spaced by most of a font size, as wide as the
    // thousands space of "2 672,00".
    const png = await renderLedger({
      title: [
        'Bank Spółdzielczy Kaszuby',
        'Historia rachunku za okres od 01.03.2025 do 31.03.2025',
        'Właściciel rachunku: Zuzanna Wójcik, ulica Piękna 12, Łódź',
        'Saldo początkowe 9 064,56 zł. Prosimy o sprawdzenie operacji i zgłoszenie błędów w ciągu 14 dni.',
      ],
      header: ['Data', 'Opis operacji', 'Kwota', 'Saldo'],
      rows: [
        row('01.03.2025', ['SALDO POCZĄTKOWE'], 0, '', '9 064,56'),
        row('03.03.2025', ['PRZELEW WYCHODZĄCY DO ALEKSANDRA KAMIŃSKA'], 0, '-2 300,85', '6 763,71'),
        row('05.03.2025', ['PŁATNOŚĆ KARTĄ LIDL ŁÓDŹ'], 0, '-169,73', '6 593,98'),
        row('10.03.2025', ['WYNAGRODZENIE SOFTWARE KASZUBY'], 0, '12 907,04', '19 501,02'),
        row('14.03.2025', ['WYPŁATA GOTÓWKI ODDZIAŁ ŁÓDŹ'], 0, '-1 120,00', '18 381,02'),
        row('17.03.2025', ['PRZELEW NATYCHMIASTOWY DO ŻANETA NOWAK'], 0, '-2 672,00', '15 709,02'),
        row('21.03.2025', ['OPŁATA ZA KARTĘ MIESIĘCZNA'], 0, '-14,08', '15 694,94'),
      ],
      wordGap: 0.75,
    });
    const [s] = await convert(png, { fileName: 'scan.png' });
    expect(s?.transactions.map((t) => [t.amount, t.description])).toEqual([
      [-2300.85, 'PRZELEW WYCHODZĄCY DO ALEKSANDRA KAMIŃSKA'],
      [-169.73, 'PŁATNOŚĆ KARTĄ LIDL ŁÓDŹ'],
      [12907.04, 'WYNAGRODZENIE SOFTWARE KASZUBY'],
      [-1120, 'WYPŁATA GOTÓWKI ODDZIAŁ ŁÓDŹ'],
      [-2672, 'PRZELEW NATYCHMIASTOWY DO ŻANETA NOWAK'],
      [-14.08, 'OPŁATA ZA KARTĘ MIESIĘCZNA'],
    ]);
    expect(s?.reconciliation.status).toBe('balanced');
  }, 120_000);
});
