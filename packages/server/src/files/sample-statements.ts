/**
 * Generated statements for tests and demos: plain CSV bank exports whose running balance
 * adds up, so a working engine converts them completely and reconciles them.
 */
export interface SampleRow {
  date: string;
  description: string;
  amountCents: number;
}

export function sampleRows(count: number, seed = 1): SampleRow[] {
  const rows: SampleRow[] = [];
  let x = seed;
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const day = String((i % 28) + 1).padStart(2, '0');
    const credit = i % 4 === 0;
    const cents = ((x % 90000) + 1000) * (credit ? 1 : -1);
    rows.push({
      date: `2024-03-${day}`,
      description: credit ? `Salary payment ${i}` : `Card purchase shop ${i}`,
      amountCents: cents,
    });
  }
  return rows;
}

const money = (cents: number) => (cents / 100).toFixed(2);

/** A CSV export with Date, Description, Debit, Credit, Balance and an opening balance row. */
export function sampleCsvStatement(count = 12, openingCents = 100_000, seed = 1): string {
  const lines = ['Date,Description,Debit,Credit,Balance', `2024-03-01,Opening balance,,,${money(openingCents)}`];
  let balance = openingCents;
  for (const row of sampleRows(count, seed)) {
    balance += row.amountCents;
    const debit = row.amountCents < 0 ? money(-row.amountCents) : '';
    const credit = row.amountCents > 0 ? money(row.amountCents) : '';
    lines.push(`${row.date},${row.description},${debit},${credit},${money(balance)}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A one-page text PDF of the same statement (Helvetica, one positioned text run per cell),
 * written by hand so tests need no PDF library.
 */
export function samplePdfStatement(count = 10, openingCents = 100_000, seed = 1): Buffer {
  const cells: Array<[number, number, string]> = [];
  const columns = [50, 120, 330, 400, 470];
  let y = 760;
  cells.push([50, 800, 'Account statement'], [50, 786, 'Period: 2024-03-01 to 2024-03-31']);
  for (const [i, h] of ['Date', 'Description', 'Debit', 'Credit', 'Balance'].entries())
    cells.push([columns[i] as number, y, h]);
  y -= 16;
  cells.push([50, y, '2024-03-01'], [120, y, 'Opening balance'], [470, y, money(openingCents)]);
  let balance = openingCents;
  for (const row of sampleRows(count, seed)) {
    y -= 16;
    balance += row.amountCents;
    cells.push([50, y, row.date], [120, y, row.description]);
    cells.push([row.amountCents < 0 ? 330 : 400, y, money(Math.abs(row.amountCents))], [470, y, money(balance)]);
  }
  return textPdf(cells);
}

/**
 * A document that is not a bank statement: an invoice with dates and amounts but no
 * transactions table, as a one-page text PDF or as plain text.
 */
export const LETTER_LINES = [
  'Acme Plumbing Ltd',
  '12 High Street, Springfield',
  'INVOICE No. 2024-0117',
  'Invoice date: 14 March 2024',
  'Dear Ms Jones,',
  'Thank you for choosing us for the repair of your boiler on 12 March 2024.',
  'Please find the details of the work below and pay within 30 days.',
  'Labour (3 hours) and replacement valve, total due: 245.00 EUR',
  'Kind regards,',
  'John Smith',
];

export function sampleLetterPdf(): Buffer {
  return textPdf(LETTER_LINES.map((line, i) => [50, 800 - i * 18, line] as [number, number, string]));
}

export function sampleLetterText(): string {
  return `${LETTER_LINES.join('\n\n')}\n`;
}

/** A one-page PDF with one positioned Helvetica text run per cell ([x, y, text]). */
export function textPdf(cells: Array<[number, number, string]>): Buffer {
  const pdfString = (t: string) => t.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = cells.map(([x, cy, t]) => `BT /F1 10 Tf ${x} ${cy} Td (${pdfString(t)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) pdf += `${String(o).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
