/**
 * Invoices, receipts and letters are refused with NOT_A_STATEMENT; statements of every kind,
 * those without balances or with invoice words in their rows included, still convert.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../convert';
import {
  buildInvoicePdf,
  buildLetterPdf,
  buildReceiptPdf,
  INVOICE_WORDS,
  LETTER_PARAGRAPHS,
} from '../testing/documents';
import { buildStatementPdf, sampleRows } from '../testing/statement-pdf';

const NOT_A_STATEMENT = { code: 'NOT_A_STATEMENT', message: 'This document does not look like a bank statement.' };
const text = (s: string) => new TextEncoder().encode(s);

describe('documents that are not statements', () => {
  it.each([
    ['an invoice with line items, quantities, unit prices, subtotal, VAT and total', () => buildInvoicePdf()],
    ['a German Rechnung (Menge, Einzelpreis, MwSt.)', () => buildInvoicePdf(INVOICE_WORDS.de)],
    [
      'an invoice whose items carry dates (read as 11 "transactions" before)',
      () => buildInvoicePdf(INVOICE_WORDS.en, true),
    ],
    ['a Rechnung with dated items', () => buildInvoicePdf(INVOICE_WORDS.de, true)],
    ['a till receipt', () => buildReceiptPdf()],
    ['a letter from a bank', () => buildLetterPdf()],
    ['a letter in Spanish', () => buildLetterPdf(LETTER_PARAGRAPHS.es)],
  ])('%s is NOT_A_STATEMENT', async (_name, build) => {
    await expect(convert(await build(), { fileName: 'document.pdf' })).rejects.toMatchObject(NOT_A_STATEMENT);
  });

  it('a letter as plain text is NOT_A_STATEMENT too', async () => {
    await expect(convert(text(LETTER_PARAGRAPHS.en.join('\n\n')), { fileName: 'letter.txt' })).rejects.toMatchObject(
      NOT_A_STATEMENT,
    );
  });
});

describe('statements are never refused', () => {
  const base = {
    bank: 'Example Savings Bank plc',
    holder: 'MS JANE EXAMPLE',
    account: '12345678',
    periodStart: '2024-03-01',
    periodEnd: '2024-03-31',
    openingCents: 150_000,
  };

  it('a statement whose rows pay invoices and receipts (their words are in its rows) converts', async () => {
    const rows = sampleRows(8).map((r, i) => ({
      ...r,
      description: [
        ['INVOICE 2024-0117 NORTHWIND', 'VAT RETURN Q1', 'RECEIPT 5531 GREENGROCER', 'QUOTE 77 ACME'][i % 4] as string,
      ],
    }));
    const { pdf, expected } = await buildStatementPdf({ ...base, rows });
    const [s] = await convert(pdf, { fileName: 'statement.pdf' });
    expect(s?.transactions.map(({ bbox, ...t }) => t)).toEqual(expected);
  });

  it('a bank export without balances, account, period or date order, with invoice words in its rows, converts', async () => {
    const csv = [
      'Date,Description,Amount',
      '25/03/2024,INVOICE 2024-0117 NORTHWIND PLUMBING,-796.76',
      '04/03/2024,SALARY ACME LTD,2500.00',
      '07/03/2024,RECEIPT 5531 GREENGROCER,-22.41',
      '11/03/2024,HMRC VAT PAYMENT,-1200.00',
      '15/03/2024,QUOTE 77 DEPOSIT ACME BUILDERS,-150.00',
      '20/03/2024,TESCO STORES 5037,-45.20',
    ].join('\n');
    const [s] = await convert(text(csv), { fileName: 'export.csv' });
    expect(s?.transactions).toHaveLength(6);
  });

  it('a statement without transactions (only its balances) is NO_TRANSACTIONS, not refused', async () => {
    const { pdf } = await buildStatementPdf({ ...base, rows: [] });
    await expect(convert(pdf, { fileName: 'quiet-month.pdf' })).rejects.toMatchObject({ code: 'NO_TRANSACTIONS' });
  });
});
