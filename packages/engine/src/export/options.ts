import type { CsvColumn, CsvDateFormat, CsvPreset, OutputFormat, Statement, Transaction } from '@statemint/shared';
import { minorDigits, sumMoney } from './money';

// The preset names are shared with the server and the web app (download links).
export {
  CSV_COLUMNS,
  CSV_DATE_FORMATS,
  CSV_PRESETS,
  type CsvColumn,
  type CsvDateFormat,
  type CsvPreset,
} from '@statemint/shared';

export interface ExportOptions {
  /** CSV column set (DECISIONS.md): `standard` (9 columns, default), `simple`, `accounting`. */
  csvPreset?: CsvPreset;
  /** CSV only: start with a UTF-8 byte-order mark so that Excel reads the file as UTF-8. */
  bom?: boolean;
  /** CSV only: the Date column as `iso` (default), `dmy` (31/12/2024) or `mdy` (12/31/2024). */
  csvDates?: CsvDateFormat;
  /** CSV only: these columns in this order instead of the preset's (issue 27). */
  csvColumns?: readonly CsvColumn[];
  /** OFX/QFX/QBO `DTSERVER`; defaults to now. Fixed in tests so output is byte-stable. */
  generatedAt?: Date;
  /** QFX/QBO `INTU.BID` (the institution id QuickBooks/Quicken look up); see ofx.ts for the default. */
  intuBid?: string;
}

export type { OutputFormat };

/** The 9 columns of DECISIONS.md, in order, shared by XLSX, default CSV, text and HTML. */
export const STANDARD_COLUMNS = [
  'Date',
  'Source Date',
  'Description',
  'Credit',
  'Debit',
  'Amount',
  'Balance',
  'Reference',
  'Page',
] as const;

/** Digits after the decimal point for a statement's currency (2 unless JPY-like or 3-digit). */
export function statementDigits(s: Statement): number {
  return minorDigits(s.statement.currency);
}

/** 0-based transaction indexes that reconciliation says do not add up. */
export function mismatchRows(s: Statement): Set<number> {
  return new Set(s.reconciliation.mismatches.map((m) => m.row).filter((r) => r >= 0));
}

export const RECONCILIATION_LABELS: Record<Statement['reconciliation']['status'], string> = {
  balanced: 'Balanced',
  unbalanced: 'Does not add up',
  unknown: 'Not checked (no balances printed)',
};

export interface StatementTotals {
  credits: number;
  debits: number;
  /** Credits minus debits. */
  net: number;
  count: number;
}

export function statementTotals(s: Statement): StatementTotals {
  const digits = statementDigits(s);
  const credits = sumMoney(
    s.transactions.map((t: Transaction) => t.credit),
    digits,
  );
  const debits = sumMoney(
    s.transactions.map((t: Transaction) => t.debit),
    digits,
  );
  return { credits, debits, net: sumMoney([credits, -debits], digits), count: s.transactions.length };
}
