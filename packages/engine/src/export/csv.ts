/** CSV per RFC 4180: CRLF line ends, fields quoted when they hold `"`, `,`, CR or LF, UTF-8 (optional BOM). */
import { type CsvDateFormat, formatCsvDate, type Statement, type Transaction } from '@statemint/shared';
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
): string {
  const spec = PRESETS[preset];
  const several = statements.length > 1;
  const ruled =
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
