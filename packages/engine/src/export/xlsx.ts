/**
 * XLSX with ExcelJS's streaming WorkbookWriter (rows are committed as they are written, so memory stays
 * flat for long statements). Per statement a Transactions sheet (9 columns of DECISIONS.md, real dates,
 * numbers with a money format, bold frozen header, autofilter, fitted widths, totals row, rows that do
 * not add up highlighted) and a Summary sheet (facts, totals, reconciliation, the rows that do not add up).
 */
import type { Writable } from 'node:stream';
import type { Statement, Transaction } from '@statemint/shared';
import ExcelJS from 'exceljs';
import { formatMoneyGrouped, isoToUtcDate } from './money';
import { mismatchRows, RECONCILIATION_LABELS, STANDARD_COLUMNS, statementDigits, statementTotals } from './options';
import { looksLikeFormula } from './safety';

const DATE_FORMAT = 'yyyy-mm-dd';
const TEXT_FORMAT = '@';
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EDF3' } };
const MISMATCH_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFDE2E1' } };
const MAX_DESCRIPTION_WIDTH = 60;
// The full font, not only `bold`: a font without a name falls back to a serif face in LibreOffice.
// Printed: landscape, all columns on one page width.
const PRINT_SETUP: Partial<ExcelJS.PageSetup> = {
  orientation: 'landscape',
  fitToPage: true,
  fitToWidth: 1,
  fitToHeight: 0,
};
const BOLD: Partial<ExcelJS.Font> = { name: 'Calibri', size: 11, family: 2, bold: true };

export function moneyFormat(digits: number): string {
  return digits === 0 ? '#,##0' : `#,##0.${'0'.repeat(digits)}`;
}

/** Excel sheet names: at most 31 characters, none of `[]:*?/\`, no leading/trailing `'`, unique ignoring case. */
export function uniqueSheetName(wanted: string, used: Set<string>): string {
  const clean =
    wanted
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/^'+|'+$/g, '')
      .replace(/\s+/g, ' ')
      .trim() || 'Sheet';
  let name = clean.slice(0, 31).trim();
  for (let n = 2; used.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = `${clean.slice(0, 31 - suffix.length).trim()}${suffix}`;
  }
  used.add(name.toLowerCase());
  return name;
}

function sheetNames(statements: Statement[]): { transactions: string; summary: string }[] {
  const used = new Set<string>();
  return statements.map((s, i) => {
    if (statements.length === 1) {
      return { transactions: uniqueSheetName('Transactions', used), summary: uniqueSheetName('Summary', used) };
    }
    const tail = (s.statement.accountNumber ?? '').replace(/[^0-9A-Za-z]/g, '').slice(-4);
    const label = `${i + 1}${tail ? ` ${tail}` : ''}`;
    return {
      transactions: uniqueSheetName(`Transactions ${label}`, used),
      summary: uniqueSheetName(`Summary ${label}`, used),
    };
  });
}

/** A text cell; text that could read as a formula gets the Text number format so editing keeps it text. */
function setText(cell: ExcelJS.Cell, text: string): void {
  cell.value = text;
  if (looksLikeFormula(text)) cell.numFmt = TEXT_FORMAT;
}

function setMoney(cell: ExcelJS.Cell, value: number | null, format: string): void {
  if (value === null) return;
  cell.value = value;
  cell.numFmt = format;
}

function setDate(cell: ExcelJS.Cell, iso: string | null): void {
  if (iso === null) return;
  const date = isoToUtcDate(iso);
  if (date === null) {
    setText(cell, iso);
    return;
  }
  cell.value = date;
  cell.numFmt = DATE_FORMAT;
  // Left, like the header above it: a right-aligned date runs into the text of the next column.
  cell.alignment = { horizontal: 'left' };
}

/** Columns of what the account's rules gave the rows (issue 27), after the 9 where any row has them. */
const RULE_COLUMNS = ['Payee', 'Category'] as const;
const ruled = (s: Statement) => s.transactions.some((t) => t.payee !== undefined || t.category !== undefined);
const headerOf = (s: Statement): string[] => [...STANDARD_COLUMNS, ...(ruled(s) ? RULE_COLUMNS : [])];

/** Character widths of the columns, from the longest value (capped for descriptions). */
function fittedWidths(s: Statement, format: (v: number | null) => string): number[] {
  const widths = headerOf(s).map((h) => h.length);
  const fit = (c: number, text: string) => {
    widths[c] = Math.max(widths[c] ?? 0, text.length);
  };
  const totals = statementTotals(s);
  fit(3, format(totals.credits));
  fit(4, format(totals.debits));
  fit(5, format(totals.net));
  for (const t of s.transactions) {
    fit(0, t.date);
    fit(1, t.sourceDate);
    fit(2, t.description);
    fit(3, format(t.credit));
    fit(4, format(t.debit));
    fit(5, format(t.amount));
    fit(6, format(t.balance));
    fit(7, t.reference ?? '');
    fit(8, String(t.page));
    if (widths.length > 9) {
      fit(9, t.payee ?? '');
      fit(10, t.category ?? '');
    }
  }
  return widths.map((w, c) => Math.min(c === 2 ? MAX_DESCRIPTION_WIDTH : 40, w + 2));
}

function writeTransactionsSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, s: Statement, name: string): void {
  const digits = statementDigits(s);
  const money = moneyFormat(digits);
  const grouped = (v: number | null) => formatMoneyGrouped(v, digits);
  const flagged = mismatchRows(s);
  const lastRow = s.transactions.length + 1;
  const ws = wb.addWorksheet(name, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    properties: { defaultRowHeight: 15 },
    pageSetup: PRINT_SETUP,
  });
  ws.columns = fittedWidths(s, grouped).map((width) => ({ width }));
  const columns = headerOf(s);
  ws.autoFilter = `A1:${String.fromCharCode(64 + columns.length)}${lastRow}`;

  const header = ws.addRow(columns);
  header.font = BOLD;
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
  header.commit();

  s.transactions.forEach((t: Transaction, i) => {
    const row = ws.getRow(i + 2);
    setDate(row.getCell(1), t.date);
    setText(row.getCell(2), t.sourceDate);
    setText(row.getCell(3), t.description);
    setMoney(row.getCell(4), t.credit, money);
    setMoney(row.getCell(5), t.debit, money);
    setMoney(row.getCell(6), t.amount, money);
    setMoney(row.getCell(7), t.balance, money);
    if (t.reference !== null) setText(row.getCell(8), t.reference);
    row.getCell(9).value = t.page;
    if (columns.length > 9) {
      if (t.payee) setText(row.getCell(10), t.payee);
      if (t.category) setText(row.getCell(11), t.category);
    }
    if (flagged.has(i)) {
      for (let c = 1; c <= columns.length; c++) row.getCell(c).fill = MISMATCH_FILL;
    }
    row.commit();
  });

  // Totals as formulas with their computed results, so the sheet stays right if a row is edited.
  const totals = statementTotals(s);
  const total = ws.getRow(lastRow + 1);
  total.getCell(1).value = 'Total';
  const sum = (column: string, result: number) => ({
    formula: lastRow >= 2 ? `SUM(${column}2:${column}${lastRow})` : '0',
    result,
  });
  total.getCell(4).value = sum('D', totals.credits);
  total.getCell(5).value = sum('E', totals.debits);
  total.getCell(6).value = sum('F', totals.net);
  for (const c of [4, 5, 6]) total.getCell(c).numFmt = money;
  total.font = BOLD;
  for (let c = 1; c <= columns.length; c++) total.getCell(c).border = { top: { style: 'thin' } };
  total.commit();
  ws.commit();
}

function writeSummarySheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  s: Statement,
  name: string,
  transactionsSheet: string,
): void {
  const f = s.statement;
  const digits = statementDigits(s);
  const money = moneyFormat(digits);
  const totals = statementTotals(s);
  const ws = wb.addWorksheet(name, { pageSetup: PRINT_SETUP });
  ws.columns = [{ width: 22 }, { width: 14 }, { width: 14 }, { width: 48 }, { width: 18 }, { width: 18 }];
  let r = 1;
  const next = () => ws.getRow(r++);
  const label = (row: ExcelJS.Row, text: string) => {
    row.getCell(1).value = text;
    row.getCell(1).font = BOLD;
  };
  const textLine = (text: string, value: string | null) => {
    const row = next();
    label(row, text);
    if (value !== null) setText(row.getCell(2), value);
    row.commit();
  };
  const moneyLine = (text: string, value: number | null) => {
    const row = next();
    label(row, text);
    setMoney(row.getCell(2), value, money);
    row.commit();
  };
  const dateLine = (text: string, value: string | null) => {
    const row = next();
    label(row, text);
    setDate(row.getCell(2), value);
    row.commit();
  };

  if (s.source !== undefined) textLine('Source file', s.source);
  textLine('Bank', f.bankName);
  textLine('Account holder', f.accountHolder);
  textLine('Account number', f.accountNumber);
  textLine('Currency', f.currency);
  dateLine('Period start', f.periodStart);
  dateLine('Period end', f.periodEnd);
  moneyLine('Opening balance', f.openingBalance);
  moneyLine('Closing balance', f.closingBalance);
  moneyLine('Total credits', totals.credits);
  moneyLine('Total debits', totals.debits);
  moneyLine('Net change', totals.net);
  const count = next();
  label(count, 'Transactions');
  count.getCell(2).value = totals.count;
  count.commit();
  const status = next();
  label(status, 'Reconciliation');
  status.getCell(2).value = RECONCILIATION_LABELS[s.reconciliation.status];
  status.getCell(2).font = {
    ...BOLD,
    color: { argb: s.reconciliation.status === 'unbalanced' ? 'FFB42318' : 'FF116329' },
  };
  status.commit();

  if (s.reconciliation.mismatches.length > 0) {
    r++;
    const title = next();
    label(title, `Rows that do not add up (highlighted on ${transactionsSheet})`);
    title.commit();
    const header = next();
    ['Sheet row', 'Date', 'Amount', 'Description', 'Expected balance', 'Printed balance'].forEach((h, c) => {
      header.getCell(c + 1).value = h;
    });
    header.font = BOLD;
    header.commit();
    for (const m of s.reconciliation.mismatches) {
      const row = next();
      const t = m.row >= 0 ? s.transactions[m.row] : undefined;
      if (t) {
        row.getCell(1).value = m.row + 2;
        row.getCell(1).alignment = { horizontal: 'left' };
        setDate(row.getCell(2), t.date);
        setMoney(row.getCell(3), t.amount, money);
        setText(row.getCell(4), t.description);
      } else {
        row.getCell(1).value = 'Closing';
        setText(row.getCell(4), 'Opening balance + transactions vs. closing balance');
      }
      setMoney(row.getCell(5), m.expected, money);
      setMoney(row.getCell(6), m.printed, money);
      row.commit();
    }
  }
  if (s.issues !== undefined && s.issues.length > 0) {
    r++;
    const title = next();
    label(title, 'Conversion notes');
    title.commit();
    for (const issue of s.issues) {
      const row = next();
      setText(row.getCell(1), issue.code);
      if (issue.page !== undefined) row.getCell(2).value = issue.page;
      setText(row.getCell(4), issue.message);
      row.commit();
    }
  }
  ws.commit();
}

/** Streams the workbook into `sink` and resolves once it is fully written. */
export async function writeXlsx(statements: Statement[], sink: Writable): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  wb.creator = 'Statemint';
  if (statements.length === 0) {
    // A workbook needs a sheet: an empty Transactions sheet with its header.
    const ws = wb.addWorksheet('Transactions');
    ws.addRow([...STANDARD_COLUMNS]).commit();
    ws.commit();
  }
  const names = sheetNames(statements);
  statements.forEach((s, i) => {
    const n = names[i]!;
    writeTransactionsSheet(wb, s, n.transactions);
    writeSummarySheet(wb, s, n.summary, n.transactions);
  });
  await wb.commit();
}
