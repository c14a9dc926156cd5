/** The statement facts as label/value pairs, shared by the XLSX Summary sheet, text and HTML. */
import type { Statement } from '@statemint/shared';
import { formatMoneyGrouped } from './money';
import { RECONCILIATION_LABELS, statementDigits, statementTotals } from './options';

export interface SummaryLine {
  label: string;
  /** Text as shown; money already formatted with grouping. */
  text: string;
  /** The number behind money lines, for writers that keep numbers as numbers. */
  money?: number | null;
}

export function period(s: Statement): string {
  const { periodStart, periodEnd } = s.statement;
  if (periodStart && periodEnd) return `${periodStart} to ${periodEnd}`;
  return periodStart ?? periodEnd ?? '';
}

export function summaryLines(s: Statement): SummaryLine[] {
  const f = s.statement;
  const digits = statementDigits(s);
  const totals = statementTotals(s);
  const money = (label: string, value: number | null): SummaryLine => ({
    label,
    text: formatMoneyGrouped(value, digits),
    money: value,
  });
  const lines: SummaryLine[] = [];
  if (s.source !== undefined) lines.push({ label: 'Source file', text: s.source });
  lines.push(
    { label: 'Bank', text: f.bankName ?? '' },
    { label: 'Account holder', text: f.accountHolder ?? '' },
    { label: 'Account number', text: f.accountNumber ?? '' },
    { label: 'Currency', text: f.currency ?? '' },
    { label: 'Period', text: period(s) },
    money('Opening balance', f.openingBalance),
    money('Closing balance', f.closingBalance),
    money('Total credits', totals.credits),
    money('Total debits', totals.debits),
    money('Net change', totals.net),
    { label: 'Transactions', text: String(totals.count) },
    { label: 'Reconciliation', text: RECONCILIATION_LABELS[s.reconciliation.status] },
  );
  return lines;
}

/** One readable line per reconciliation mismatch (row numbers 1-based, as a person counts them). */
export function mismatchLines(s: Statement): string[] {
  const digits = statementDigits(s);
  return s.reconciliation.mismatches.map((m) => {
    const amounts = `expected ${formatMoneyGrouped(m.expected, digits)}, printed ${formatMoneyGrouped(m.printed, digits)}`;
    if (m.row < 0) return `Closing balance: ${amounts}`;
    const t = s.transactions[m.row];
    return `Row ${m.row + 1}${t ? ` (${t.date} ${t.description})` : ''}: balance ${amounts}`;
  });
}

/** Problems the conversion noted without stopping (`issues`), one line each. */
export function issueLines(s: Statement): string[] {
  return (s.issues ?? []).map((i) => `${i.page === undefined ? '' : `Page ${i.page}: `}${i.message} (${i.code})`);
}
