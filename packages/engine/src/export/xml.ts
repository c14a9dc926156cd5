/**
 * XML with the content of the JSON output; validates against statement.xsd (same folder).
 * A null field is left out (the XSD marks those elements optional); `sourceDate` is always present.
 */
import type { Statement, StatementFacts, Transaction } from '@statemint/shared';
import { formatMoney } from './money';
import { statementDigits } from './options';
import { stripXmlInvalid } from './safety';

export const XML_NAMESPACE = 'urn:statemint:statement:1';

/** Escapes element text and attribute values; CR and tab are kept as character references so parsers keep them. */
export function escapeXml(text: string): string {
  return stripXmlInvalid(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;');
}

function element(indent: string, name: string, value: string | null): string {
  return value === null ? '' : `${indent}<${name}>${escapeXml(value)}</${name}>\n`;
}

function money(value: number | null, digits: number): string | null {
  return value === null ? null : formatMoney(value, digits);
}

function factsXml(f: StatementFacts, digits: number): string {
  const i = '      ';
  return (
    '    <statement>\n' +
    element(i, 'bankName', f.bankName) +
    element(i, 'accountHolder', f.accountHolder) +
    element(i, 'accountNumber', f.accountNumber) +
    element(i, 'currency', f.currency) +
    element(i, 'periodStart', f.periodStart) +
    element(i, 'periodEnd', f.periodEnd) +
    element(i, 'openingBalance', money(f.openingBalance, digits)) +
    element(i, 'closingBalance', money(f.closingBalance, digits)) +
    '    </statement>\n'
  );
}

function transactionXml(t: Transaction, digits: number): string {
  const i = '        ';
  return (
    '      <transaction>\n' +
    element(i, 'date', t.date) +
    element(i, 'sourceDate', t.sourceDate) +
    element(i, 'description', t.description) +
    element(i, 'credit', money(t.credit, digits)) +
    element(i, 'debit', money(t.debit, digits)) +
    element(i, 'amount', money(t.amount, digits)) +
    element(i, 'balance', money(t.balance, digits)) +
    element(i, 'reference', t.reference) +
    element(i, 'page', String(t.page)) +
    element(i, 'confidence', t.confidence === undefined ? null : String(Math.round(t.confidence * 1e4) / 1e4)) +
    element(i, 'corrected', t.corrected === undefined ? null : String(t.corrected)) +
    '      </transaction>\n'
  );
}

function statementXml(s: Statement): string {
  const digits = statementDigits(s);
  const source = s.source === undefined ? '' : ` source="${escapeXml(s.source)}"`;
  const parts = [`  <convertedStatement${source}>\n`, factsXml(s.statement, digits)];
  parts.push(`    <transactions count="${s.transactions.length}">\n`);
  for (const t of s.transactions) parts.push(transactionXml(t, digits));
  parts.push('    </transactions>\n');
  const { status, mismatches } = s.reconciliation;
  if (mismatches.length === 0) {
    parts.push(`    <reconciliation status="${status}"/>\n`);
  } else {
    parts.push(`    <reconciliation status="${status}">\n`);
    for (const m of mismatches) {
      parts.push(
        `      <mismatch row="${m.row}" expected="${formatMoney(m.expected, digits)}" printed="${formatMoney(m.printed, digits)}"/>\n`,
      );
    }
    parts.push('    </reconciliation>\n');
  }
  if (s.issues !== undefined) {
    parts.push('    <issues>\n');
    for (const issue of s.issues) {
      const page = issue.page === undefined ? '' : ` page="${issue.page}"`;
      const row = issue.row === undefined ? '' : ` row="${issue.row}"`;
      parts.push(`      <issue code="${escapeXml(issue.code)}"${page}${row}>${escapeXml(issue.message)}</issue>\n`);
    }
    parts.push('    </issues>\n');
  }
  parts.push('  </convertedStatement>\n');
  return parts.join('');
}

/** Always one `<statements>` root holding one `<convertedStatement>` per statement. */
export function writeXml(statements: Statement[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<statements xmlns="${XML_NAMESPACE}">\n${statements.map(statementXml).join('')}</statements>\n`;
}
