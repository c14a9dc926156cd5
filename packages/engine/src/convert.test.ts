import type { Statement, Transaction } from '@statemint/shared';
import { zipSync } from 'fflate';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { convert } from './convert';
import { buildStatementPdf, sampleRows } from './testing/statement-pdf';

const base = {
  bank: 'Example Savings Bank plc',
  holder: 'MS JANE EXAMPLE',
  account: '12345678',
  periodStart: '2024-03-01',
  periodEnd: '2024-03-31',
  openingCents: 150_000,
};

/** The transactions without their boxes, after checking that every box lies on its page. */
function rows(s: Statement | undefined): Omit<Transaction, 'bbox'>[] {
  return (s?.transactions ?? []).map(({ bbox, ...t }) => {
    expect(bbox?.page).toBe(t.page);
    expect(
      bbox &&
        bbox.x >= 0 &&
        bbox.y >= 0 &&
        bbox.x + bbox.width <= bbox.pageWidth &&
        bbox.y + bbox.height <= bbox.pageHeight,
    ).toBe(true);
    return t;
  });
}

async function pdfOf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((r) => doc.on('end', () => r()));
  draw(doc);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

describe('convert: text PDFs end to end', () => {
  it.each([
    ['debit and credit columns, DD/MM/YYYY', { columns: 'debit-credit', dateStyle: 'dmy' }],
    ['one signed amount column, MM/DD/YYYY', { columns: 'signed', dateStyle: 'mdy' }],
    ['amount with a Dr/Cr column, named months', { columns: 'drcr', dateStyle: 'named' }],
    ['decimal commas', { columns: 'signed', dateStyle: 'dmy', decimal: ',', currencyLabel: 'EUR' }],
  ] as const)('%s: every transaction exactly, balanced', async (_name, layout) => {
    const { pdf, expected, closingCents } = await buildStatementPdf({ ...base, ...layout, rows: sampleRows(18) });
    const [s] = await convert(pdf, { fileName: 'statement.pdf' });
    expect(rows(s)).toEqual(expected);
    expect(s?.reconciliation).toEqual({ status: 'balanced', mismatches: [] });
    expect(s?.statement).toMatchObject({
      accountNumber: '12345678',
      periodStart: '2024-03-01',
      periodEnd: '2024-03-31',
      openingBalance: 1500,
      closingBalance: closingCents / 100,
    });
  });

  it('follows a table over pages, with and without a repeated header', async () => {
    for (const repeatHeader of [true, false]) {
      const { pdf, expected } = await buildStatementPdf({
        ...base,
        rows: sampleRows(60),
        rowsPerPage: 20,
        repeatHeader,
      });
      const [s] = await convert(pdf, { fileName: 'long.pdf' });
      expect(rows(s)).toEqual(expected);
      expect(s?.transactions.at(-1)?.page).toBe(3);
      expect(s?.reconciliation.status).toBe('balanced');
    }
  });

  it('reports the row whose printed running balance does not add up', async () => {
    const { pdf } = await buildStatementPdf({ ...base, rows: sampleRows(8), misprintBalanceAt: 3 });
    const [s] = await convert(pdf, { fileName: 'misprint.pdf' });
    expect(s?.transactions).toHaveLength(8);
    expect(s?.reconciliation.status).toBe('unbalanced');
    expect(s?.reconciliation.mismatches.map((m) => m.row)).toContain(3);
  });
});

describe('convert: ZIP batches', () => {
  it('converts each statement of a ZIP into its own statement and lists what it skipped', async () => {
    const a = await buildStatementPdf({ ...base, rows: sampleRows(5) });
    const b = await buildStatementPdf({ ...base, account: '99990000', rows: sampleRows(7) });
    const zip = zipSync({
      'march.pdf': a.pdf,
      'statements/april.pdf': b.pdf,
      'readme.md': new TextEncoder().encode('not a statement'),
    });
    const statements = await convert(zip, { fileName: 'batch.zip' });
    expect(statements.map((s) => [s.source, s.transactions.length, s.reconciliation.status])).toEqual([
      ['march.pdf', 5, 'balanced'],
      ['statements/april.pdf', 7, 'balanced'],
    ]);
    expect(statements[0]?.issues?.map((i) => i.code)).toContain('ZIP_ENTRY_SKIPPED');
  });
});

describe('convert: errors carry codes', () => {
  it('PDF_ENCRYPTED without a password, PDF_PASSWORD_INCORRECT with a wrong one, converts with the right one', async () => {
    const { pdf, expected } = await buildStatementPdf({ ...base, rows: sampleRows(5), userPassword: 'secret' });
    await expect(convert(pdf, { fileName: 'locked.pdf' })).rejects.toMatchObject({ code: 'PDF_ENCRYPTED' });
    await expect(convert(pdf, { fileName: 'locked.pdf', password: 'nope' })).rejects.toMatchObject({
      code: 'PDF_PASSWORD_INCORRECT',
    });
    const [s] = await convert(pdf, { fileName: 'locked.pdf', password: 'secret' });
    expect(rows(s)).toEqual(expected);
  });

  it('UNREADABLE_FILE for a truncated PDF', async () => {
    const { pdf } = await buildStatementPdf({ ...base, rows: sampleRows(5) });
    await expect(convert(pdf.subarray(0, 400), { fileName: 'cut.pdf' })).rejects.toMatchObject({
      code: 'UNREADABLE_FILE',
    });
  });

  it('NOT_A_STATEMENT for a letter', async () => {
    const pdf = await pdfOf((doc) => {
      doc.fontSize(12).text('Dear customer, thank you for banking with us. Your new card is on its way. '.repeat(5));
    });
    await expect(convert(pdf, { fileName: 'letter.pdf' })).rejects.toMatchObject({ code: 'NOT_A_STATEMENT' });
  });

  it('UNSUPPORTED_FILE_TYPE for bytes that are no document', async () => {
    await expect(convert(new Uint8Array([0, 1, 2, 3, 255, 254]), { fileName: 'x.bin' })).rejects.toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
    });
  });

  it('TIMEOUT when the time limit is spent', async () => {
    const { pdf } = await buildStatementPdf({ ...base, rows: sampleRows(5) });
    await expect(convert(pdf, { fileName: 'a.pdf', timeoutMs: -1 })).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});
