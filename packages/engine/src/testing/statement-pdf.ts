/**
 * Builds statement PDFs for tests (pdfkit, standard fonts): a header block with the
 * statement facts, then a transaction table over as many pages as needed.
 * The expected transactions are returned alongside, so tests compare exactly.
 */
import type { Transaction } from '@statemint/shared';
import PDFDocument from 'pdfkit';
import { EMPTY_OWNER_PASSWORD } from '../readers/pdfjs';

export interface StatementRowSpec {
  /** ISO date. */
  date: string;
  description: string[];
  /** Signed amount in cents. */
  cents: number;
}

export interface StatementPdfSpec {
  bank: string;
  holder: string;
  account: string;
  periodStart: string;
  periodEnd: string;
  openingCents: number;
  rows: StatementRowSpec[];
  /** 'debit-credit': Paid out / Paid in columns; 'signed': one Amount column with -; 'drcr': Amount + Dr/Cr. */
  columns?: 'debit-credit' | 'signed' | 'drcr';
  dateStyle?: 'dmy' | 'mdy' | 'named';
  decimal?: '.' | ',';
  rowsPerPage?: number;
  /** Print the column header on every page (default) or only on the first. */
  repeatHeader?: boolean;
  /** Misprint the running balance of this row by +1.00 (reconciliation must catch it). */
  misprintBalanceAt?: number;
  userPassword?: string;
  /**
   * An owner password (print/copy restrictions); alone, the PDF opens without a password. '' is
   * an empty owner password beside a user password (written as the standard's padding string,
   * which pdfkit pads to the same 32 bytes; pdfkit takes '' as none). RC4 and AES-128 only.
   */
  ownerPassword?: string;
  /** The encryption pdfkit writes: 1.3 RC4 40-bit, 1.4 RC4 128-bit, 1.6 AES-128, 1.7ext3 AES-256 (default 1.3). */
  pdfVersion?: '1.3' | '1.4' | '1.6' | '1.7ext3';
  currencyLabel?: string;
  /** TrueType files to embed (subset fonts with a ToUnicode map) instead of Helvetica. */
  fonts?: { regular: string; bold: string };
  /** Pages after the statement with only a watermark turned 45 degrees (no text to read). */
  watermarkPages?: number;
  /** Leave streams uncompressed (tests that rewrite a font's ToUnicode map). */
  uncompressed?: boolean;
}

const fmtMoney = (cents: number, decimal: '.' | ',') => {
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, decimal === '.' ? ',' : '.');
  return `${whole}${decimal}${String(abs % 100).padStart(2, '0')}`;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function fmtDate(iso: string, style: StatementPdfSpec['dateStyle']): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  if (style === 'mdy') return `${m}/${d}/${y}`;
  if (style === 'named') return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
  return `${d}/${m}/${y}`;
}

export async function buildStatementPdf(
  spec: StatementPdfSpec,
): Promise<{ pdf: Uint8Array; expected: Transaction[]; closingCents: number }> {
  const columns = spec.columns ?? 'debit-credit';
  const decimal = spec.decimal ?? '.';
  const rowsPerPage = spec.rowsPerPage ?? 25;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    ...(spec.uncompressed ? { compress: false } : {}),
    ...(spec.pdfVersion ? { pdfVersion: spec.pdfVersion } : {}),
    ...(spec.userPassword || spec.ownerPassword !== undefined
      ? {
          userPassword: spec.userPassword,
          ownerPassword:
            spec.ownerPassword === '' ? EMPTY_OWNER_PASSWORD : (spec.ownerPassword ?? `${spec.userPassword}-owner`),
          permissions: { printing: 'lowResolution' as const, copying: false, modifying: false },
        }
      : {}),
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  let regular = 'Helvetica';
  let bold = 'Helvetica-Bold';
  if (spec.fonts) {
    doc.registerFont('Body', spec.fonts.regular);
    doc.registerFont('BodyBold', spec.fonts.bold);
    [regular, bold] = ['Body', 'BodyBold'];
  }

  const expected: Transaction[] = [];
  let balance = spec.openingCents;
  const x = { date: 40, desc: 120, c1: 330, c2: 420, bal: 500 };
  const header = () => {
    doc.font(bold).fontSize(9);
    doc.text('Date', x.date, doc.y, { lineBreak: false });
    const y = doc.y;
    doc.text('Description', x.desc, y, { lineBreak: false });
    if (columns === 'debit-credit') {
      doc.text('Paid out', x.c1, y, { width: 70, align: 'right', lineBreak: false });
      doc.text('Paid in', x.c2, y, { width: 70, align: 'right', lineBreak: false });
    } else {
      doc.text(spec.currencyLabel ? `Amount (${spec.currencyLabel})` : 'Amount', x.c1, y, {
        width: 70,
        align: 'right',
        lineBreak: false,
      });
      if (columns === 'drcr') doc.text('Dr/Cr', x.c2 + 10, y, { lineBreak: false });
    }
    doc.text('Balance', x.bal, y, { width: 60, align: 'right', lineBreak: false });
    doc.moveDown(1.5);
    doc.font(regular).fontSize(9);
  };

  doc.font(bold).fontSize(16).text(spec.bank, 40, 40);
  doc.font(regular).fontSize(10);
  doc.text(spec.holder, 40, 80);
  doc.text(`Account Number ${spec.account}`, 330, 80);
  doc.text(
    `Statement period ${fmtDate(spec.periodStart, spec.dateStyle)} to ${fmtDate(spec.periodEnd, spec.dateStyle)}`,
    330,
    95,
  );
  doc.text(`Opening balance ${fmtMoney(spec.openingCents, decimal)}`, 330, 110);
  const closingCents = spec.openingCents + spec.rows.reduce((s, r) => s + r.cents, 0);
  doc.text(`Closing balance ${fmtMoney(closingCents, decimal)}`, 330, 125);
  doc.y = 170;
  header();

  let pageNumber = 1;
  spec.rows.forEach((row, i) => {
    if (i > 0 && i % rowsPerPage === 0) {
      doc.addPage();
      pageNumber++;
      doc.font(regular).fontSize(8).text(`Page ${pageNumber} continued`, 40, 40);
      doc.y = 70;
      if (spec.repeatHeader !== false) header();
      else doc.font(regular).fontSize(9);
    }
    balance += row.cents;
    const y = doc.y;
    const dateText = fmtDate(row.date, spec.dateStyle);
    doc.text(dateText, x.date, y, { lineBreak: false });
    doc.text(row.description[0] ?? '', x.desc, y, { lineBreak: false });
    const money = fmtMoney(row.cents, decimal);
    if (columns === 'debit-credit') {
      doc.text(money, row.cents < 0 ? x.c1 : x.c2, y, { width: 70, align: 'right', lineBreak: false });
    } else if (columns === 'signed') {
      doc.text(row.cents < 0 ? `-${money}` : money, x.c1, y, { width: 70, align: 'right', lineBreak: false });
    } else {
      doc.text(money, x.c1, y, { width: 70, align: 'right', lineBreak: false });
      doc.text(row.cents < 0 ? 'DR' : 'CR', x.c2 + 10, y, { lineBreak: false });
    }
    const printed = i === spec.misprintBalanceAt ? balance + 100 : balance;
    doc.text(fmtMoney(printed, decimal) + (printed < 0 ? '-' : ''), x.bal, y, {
      width: 60,
      align: 'right',
      lineBreak: false,
    });
    doc.y = y + 12;
    for (const more of row.description.slice(1)) {
      doc.text(more, x.desc, doc.y, { lineBreak: false });
      doc.y += 11;
    }
    doc.y += 3;
    expected.push({
      date: row.date,
      sourceDate: dateText,
      description: row.description.join(' '),
      credit: row.cents > 0 ? row.cents / 100 : null,
      debit: row.cents <= 0 ? -row.cents / 100 : null,
      amount: row.cents / 100,
      balance: printed / 100,
      reference: null,
      page: pageNumber,
    });
  });
  for (let i = 0; i < (spec.watermarkPages ?? 0); i++) {
    doc.addPage();
    doc
      .save()
      .rotate(-45, { origin: [300, 420] })
      .font(bold)
      .fontSize(48)
      .fillColor('#dddddd');
    doc.text('SPECIMEN', 180, 400, { lineBreak: false });
    doc.restore().fillColor('black');
  }
  doc.end();
  await done;
  return { pdf: new Uint8Array(Buffer.concat(chunks)), expected, closingCents };
}

/** A small deterministic list of rows (salary, rent, card payments with wrapped lines). */
export function sampleRows(count: number, start = '2024-03-01'): StatementRowSpec[] {
  const merchants = [
    'TESCO STORES 2231',
    'SHELL FUEL 88',
    'NETFLIX.COM',
    'CITY WATER UTILITY',
    'CAFE LUNA',
    'AMAZON MKTPLACE',
  ];
  const rows: StatementRowSpec[] = [];
  const base = Date.parse(`${start}T00:00:00Z`);
  for (let i = 0; i < count; i++) {
    const date = new Date(base + Math.floor(i / 3) * 86_400_000).toISOString().slice(0, 10);
    if (i % 10 === 0) rows.push({ date, description: ['SALARY ACME LTD', `REF PAY${1000 + i}`], cents: 250_000 + i });
    else if (i % 10 === 5) rows.push({ date, description: ['RENT PAYMENT'], cents: -120_000 });
    else
      rows.push({
        date,
        description: [`CARD PAYMENT ${merchants[i % merchants.length]}`],
        cents: -((i * 137) % 9000) - 101,
      });
  }
  return rows;
}
