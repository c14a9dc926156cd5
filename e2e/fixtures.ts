/** Statement files for the browser journeys, generated here (never taken from the benchmark corpus). */
import PDFDocument from 'pdfkit';

export interface FixtureRow {
  date: string;
  description: string;
  cents: number;
}

export const FIXTURE_OPENING_CENTS = 250_000;

export function fixtureRows(count = 8): FixtureRow[] {
  const rows: FixtureRow[] = [];
  for (let i = 0; i < count; i++) {
    const credit = i % 3 === 0;
    const cents = (credit ? 1 : -1) * (1234 + i * 5077);
    rows.push({
      date: `2024-04-${String(i * 3 + 2).padStart(2, '0')}`,
      description: credit ? `Salary deposit ${i + 1}` : `Grocery store purchase ${i + 1}`,
      cents,
    });
  }
  return rows;
}

const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A one-page text PDF: header facts, then Date | Description | Debit | Credit | Balance, balances that add up. */
export async function statementPdf(rows: FixtureRow[] = fixtureRows()): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(16).text('Example Savings Bank', 40, 40);
  doc.font('Helvetica').fontSize(10);
  doc.text('Account statement', 40, 62);
  doc.text('Account number: 12345678', 40, 76);
  doc.text('Statement period: 2024-04-01 to 2024-04-30', 40, 90);
  doc.text('Currency: USD', 40, 104);
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
  let balance = FIXTURE_OPENING_CENTS;
  doc.text('2024-04-01', cols.date, y);
  doc.text('Opening balance', cols.description, y);
  doc.text(money(balance), cols.balance, y, { width: 65, align: 'right' });
  for (const r of rows) {
    y += 18;
    balance += r.cents;
    doc.text(r.date, cols.date, y);
    doc.text(r.description, cols.description, y);
    if (r.cents < 0) doc.text(money(-r.cents), cols.debit, y, { width: 60, align: 'right' });
    else doc.text(money(r.cents), cols.credit, y, { width: 60, align: 'right' });
    doc.text(money(balance), cols.balance, y, { width: 65, align: 'right' });
  }
  y += 24;
  doc.text('Closing balance', cols.description, y);
  doc.text(money(balance), cols.balance, y, { width: 65, align: 'right' });
  doc.end();
  return done;
}
