/**
 * More statement files for the review journeys, generated here: one account per page section
 * (a multi-account PDF), a misprinted running balance, a password-protected PDF, CSV exports
 * and a ZIP of them.
 */
import { zipSync } from 'fflate';
import PDFDocument from 'pdfkit';
import { FIXTURE_OPENING_CENTS, type FixtureRow, fixtureRows } from './fixtures';

export interface AccountSection {
  account: string;
  currency: string;
  rows: FixtureRow[];
  openingCents?: number;
  /** Print this row's running balance 1.00 too high (0-based). */
  misprintAt?: number;
  /** Print this row's amount under the other column (a debit as a credit): its balance still follows the real sign (0-based). */
  wrongColumnAt?: number;
}

const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A text PDF with one page per account: header facts, then Date | Description | Debit | Credit | Balance. */
export async function accountsPdf(
  sections: AccountSection[],
  opts: { userPassword?: string; bank?: string } = {},
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    ...(opts.userPassword ? { userPassword: opts.userPassword, ownerPassword: `${opts.userPassword}-owner` } : {}),
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  sections.forEach((section, index) => {
    if (index > 0) doc.addPage();
    doc
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(opts.bank ?? 'Example Savings Bank', 40, 40);
    doc.font('Helvetica').fontSize(10);
    doc.text('Account statement', 40, 62);
    doc.text(`Account number: ${section.account}`, 40, 76);
    doc.text('Statement period: 2024-04-01 to 2024-04-30', 40, 90);
    doc.text(`Currency: ${section.currency}`, 40, 104);
    const cols = { date: 40, description: 120, debit: 330, credit: 410, balance: 490 };
    let y = 140;
    doc.font('Helvetica-Bold');
    doc.text('Date', cols.date, y);
    doc.text('Description', cols.description, y);
    doc.text('Debit', cols.debit, y, { width: 60, align: 'right' });
    doc.text('Credit', cols.credit, y, { width: 60, align: 'right' });
    doc.text('Balance', cols.balance, y, { width: 65, align: 'right' });
    doc.font('Helvetica');
    y += 20;
    let balance = section.openingCents ?? FIXTURE_OPENING_CENTS;
    doc.text('2024-04-01', cols.date, y);
    doc.text('Opening balance', cols.description, y);
    doc.text(money(balance), cols.balance, y, { width: 65, align: 'right' });
    section.rows.forEach((r, i) => {
      y += 18;
      balance += r.cents;
      doc.text(r.date, cols.date, y);
      doc.text(r.description, cols.description, y);
      const asDebit = r.cents < 0 !== (i === section.wrongColumnAt);
      doc.text(money(Math.abs(r.cents)), asDebit ? cols.debit : cols.credit, y, { width: 60, align: 'right' });
      const printed = i === section.misprintAt ? balance + 100 : balance;
      doc.text(money(printed), cols.balance, y, { width: 65, align: 'right' });
    });
    y += 24;
    doc.text('Closing balance', cols.description, y);
    doc.text(money(balance), cols.balance, y, { width: 65, align: 'right' });
  });
  doc.end();
  return done;
}

/** A bank's CSV export: Date, Description, Amount, Balance. */
export function csvExport(rows: FixtureRow[], openingCents = FIXTURE_OPENING_CENTS): string {
  let balance = openingCents;
  const lines = ['Date,Description,Amount,Balance'];
  for (const r of rows) {
    balance += r.cents;
    lines.push(`${r.date},${r.description},${(r.cents / 100).toFixed(2)},${(balance / 100).toFixed(2)}`);
  }
  return `${lines.join('\n')}\n`;
}

export function zipOf(files: Record<string, string | Uint8Array>): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, data] of Object.entries(files))
    entries[name] = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return Buffer.from(zipSync(entries));
}

export { fixtureRows };

/**
 * A text PDF that prints no running balance and no signs: deposits and withdrawals under their own
 * headings, opening and closing balance in the header (the engine signs each amount by its section).
 */
export async function sectionsPdf(
  deposits: FixtureRow[],
  withdrawals: FixtureRow[],
  openingCents = FIXTURE_OPENING_CENTS,
  /** Print this closing balance instead of the one the rows add up to (a misprint or misread). */
  closingCents?: number,
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const closing = closingCents ?? [...deposits, ...withdrawals].reduce((sum, r) => sum + r.cents, openingCents);
  doc.font('Helvetica-Bold').fontSize(16).text('Example Savings Bank', 40, 40);
  doc.font('Helvetica').fontSize(10);
  doc.text('Account number: 12345678', 40, 76);
  doc.text('Statement period: 2024-04-01 to 2024-04-30', 40, 90);
  doc.text(`Opening balance ${money(openingCents)}`, 40, 104);
  doc.text(`Closing balance ${money(closing)}`, 40, 118);
  let y = 150;
  const section = (title: string, rows: FixtureRow[]) => {
    doc.font('Helvetica-Bold').text(title, 40, y);
    y += 18;
    doc.text('Date', 40, y);
    doc.text('Description', 120, y);
    doc.text('Amount', 410, y, { width: 60, align: 'right' });
    y += 18;
    doc.font('Helvetica');
    for (const r of rows) {
      doc.text(r.date, 40, y);
      doc.text(r.description, 120, y);
      doc.text(money(Math.abs(r.cents)), 410, y, { width: 60, align: 'right' });
      y += 18;
    }
    y += 10;
  };
  section('Deposits', deposits);
  section('Withdrawals', withdrawals);
  doc.end();
  return done;
}

/**
 * A credit card statement as its issuer prints it: what is owed is positive (previous and new balance
 * in the header), charges are printed plain and payments with a minus, no running balance.
 */
export async function cardPdf(rows: FixtureRow[], previousCents: number): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  // Charges (r.cents < 0 as money out) raise what is owed.
  const owed = rows.reduce((sum, r) => sum - r.cents, previousCents);
  doc.font('Helvetica-Bold').fontSize(16).text('Example Card Services', 40, 40);
  doc.font('Helvetica').fontSize(10);
  doc.text('Account number: 99887766', 40, 76);
  doc.text('Statement period: 2024-04-01 to 2024-04-30', 40, 90);
  doc.text(`Opening balance ${money(previousCents)}`, 40, 104);
  doc.text(`Closing balance ${money(owed)}`, 40, 118);
  let y = 150;
  doc.font('Helvetica-Bold');
  doc.text('Date', 40, y);
  doc.text('Description', 120, y);
  doc.text('Amount', 410, y, { width: 60, align: 'right' });
  doc.font('Helvetica');
  for (const r of rows) {
    y += 18;
    doc.text(r.date, 40, y);
    doc.text(r.description, 120, y);
    doc.text(money(-r.cents), 410, y, { width: 60, align: 'right' });
  }
  doc.end();
  return done;
}
