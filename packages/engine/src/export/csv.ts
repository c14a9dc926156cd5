/** CSV per RFC 4180: CRLF line ends, fields quoted when they hold `"`, `,`, CR or LF, UTF-8 (optional BOM). */
import {
  CSV_COLUMN_LABELS,
  type CsvColumn,
  type CsvDateFormat,
  formatCsvDate,
  type Statement,
  type Transaction,
} from '@statemint/shared';
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
      { text: t.category ?? CATEGORY_LABELS[categorise(t.description, t.amount)] },
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

/** Each column a download may choose (issue 27), as a cell of a row. */
const COLUMN_CELLS: Record<CsvColumn, (t: Transaction, digits: number) => Cell> = {
  date: (t) => ({ text: t.date }),
  sourceDate: (t) => ({ text: t.sourceDate }),
  description: (t) => ({ text: t.description }),
  payee: (t) => ({ text: t.payee ?? '' }),
  category: (t) => ({ text: t.category ?? CATEGORY_LABELS[categorise(t.description, t.amount)] }),
  credit: (t, d) => ({ number: formatMoney(t.credit, d) }),
  debit: (t, d) => ({ number: formatMoney(t.debit, d) }),
  amount: (t, d) => ({ number: formatMoney(t.amount, d) }),
  balance: (t, d) => ({ number: formatMoney(t.balance, d) }),
  reference: (t) => ({ text: t.reference ?? '' }),
  page: (t) => ({ number: String(t.page) }),
};

function field(raw: string): string {
  return /[",\r\n]/.test(raw) ? `"${raw.replace(/"/g, '""')}"` : raw;
}

function cellText(cell: Cell): string {
  // Text cells that could start a formula get a `'`; numbers (e.g. -54.12) stay numbers.
  return field('text' in cell ? neutraliseCsvText(cell.text) : cell.number);
}

/** Columns that say which statement a row is from, when a file holds several. */
export const STATEMENT_COLUMNS = ['Source', 'Account', 'Currency'] as const;

/**
 * Columns of what the account's rules gave the rows (issue 27), after the preset's own where any
 * row has a payee or category from them; `simple` has its Category already.
 */
export const RULE_COLUMNS = ['Payee', 'Category'] as const;

/**
 * Several statements (a ZIP, two accounts in one PDF) share one header and follow each other in
 * input order, each row ending with its statement's source file, account and currency.
 */
export function writeCsv(
  statements: Statement[],
  preset: CsvPreset = 'standard',
  bom = false,
  dates: CsvDateFormat = 'iso',
  columns?: readonly CsvColumn[],
): string {
  // Chosen columns in their order replace the preset's (and say themselves whether Payee and Category show).
  const spec = columns
    ? {
        header: columns.map((c) => CSV_COLUMN_LABELS[c]),
        row: (t: Transaction, d: number) => columns.map((c) => COLUMN_CELLS[c](t, d)),
      }
    : PRESETS[preset];
  const several = statements.length > 1;
  const ruled =
    !columns &&
    preset !== 'simple' &&
    statements.some((s) => s.transactions.some((t) => t.payee !== undefined || t.category !== undefined));
  const lines = [
    [...spec.header, ...(ruled ? RULE_COLUMNS : []), ...(several ? STATEMENT_COLUMNS : [])].map(field).join(','),
  ];
  for (const s of statements) {
    const digits = statementDigits(s);
    const which: Cell[] = several
      ? [{ text: s.source ?? '' }, { text: s.statement.accountNumber ?? '' }, { text: s.statement.currency ?? '' }]
      : [];
    for (const t of s.transactions) {
      const row = dates === 'iso' ? t : { ...t, date: formatCsvDate(t.date, dates) };
      const rules: Cell[] = ruled ? [{ text: t.payee ?? '' }, { text: t.category ?? '' }] : [];
      lines.push([...spec.row(row, digits), ...rules, ...which].map(cellText).join(','));
    }
  }
  return `${bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}
