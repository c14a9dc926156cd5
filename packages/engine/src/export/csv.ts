/** CSV per RFC 4180: CRLF line ends, fields quoted when they hold `"`, `,`, CR or LF, UTF-8 (optional BOM). */
import type { Statement, Transaction } from '@statemint/shared';
import { CATEGORY_LABELS, categorise } from './categorise';
import { formatMoney } from './money';
import { type CsvPreset, STANDARD_COLUMNS, statementDigits } from './options';
import { neutraliseCsvText } from './safety';

type Cell = { text: string } | { number: string };

const PRESETS: Record<CsvPreset, { header: readonly string[]; row: (t: Transaction, digits: number) => Cell[] }> = {
  standard: {
    header: STANDARD_COLUMNS,
    row: (t, d) => [
      { text: t.date },
      { text: t.sourceDate },
      { text: t.description },
      { number: formatMoney(t.credit, d) },
      { number: formatMoney(t.debit, d) },
      { number: formatMoney(t.amount, d) },
      { number: formatMoney(t.balance, d) },
      { text: t.reference ?? '' },
      { number: String(t.page) },
    ],
  },
  simple: {
    header: ['Date', 'Description', 'Amount', 'Reference', 'Category'],
    row: (t, d) => [
      { text: t.date },
      { text: t.description },
      { number: formatMoney(t.amount, d) },
      { text: t.reference ?? '' },
      { text: CATEGORY_LABELS[categorise(t.description, t.amount)] },
    ],
  },
  accounting: {
    header: ['Date', 'Description', 'Debit', 'Credit', 'Balance'],
    row: (t, d) => [
      { text: t.date },
      { text: t.description },
      { number: formatMoney(t.debit, d) },
      { number: formatMoney(t.credit, d) },
      { number: formatMoney(t.balance, d) },
    ],
  },
};

function field(raw: string): string {
  return /[",\r\n]/.test(raw) ? `"${raw.replace(/"/g, '""')}"` : raw;
}

function cellText(cell: Cell): string {
  // Text cells that could start a formula get a `'`; numbers (e.g. -54.12) stay numbers.
  return field('text' in cell ? neutraliseCsvText(cell.text) : cell.number);
}

/** Several statements (e.g. from a ZIP) share one header and follow each other in input order. */
export function writeCsv(statements: Statement[], preset: CsvPreset = 'standard', bom = false): string {
  const spec = PRESETS[preset];
  const lines = [spec.header.map(field).join(',')];
  for (const s of statements) {
    const digits = statementDigits(s);
    for (const t of s.transactions) lines.push(spec.row(t, digits).map(cellText).join(','));
  }
  return `${bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}
