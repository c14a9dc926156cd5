/**
 * IIF (Intuit Interchange Format) for QuickBooks Desktop: tab-separated, Windows-1252, CRLF. Each
 * transaction is a TRNS line on the statement's bank account and one SPL line that balances it (a
 * DEPOSIT into Uncategorized Income, a CHECK out of Uncategorized Expense: accounts every company
 * file has, so an import creates none), ended by ENDTRNS. Dates MM/DD/YYYY; the description is the
 * memo; a reference of up to 11 characters is the document number (longer ones join the memo).
 * The bank account is named after the bank and the account's last four digits ("Example Bank
 * 4821"); QuickBooks asks which of its accounts that is if none has the name.
 */
import type { Statement } from '@statemint/shared';
import { formatMoney } from './money';
import { encodeCp1252 } from './ofx';
import { statementDigits } from './options';
import { singleLine } from './safety';

const HEADER = [
  '!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tAMOUNT\tDOCNUM\tMEMO',
  '!SPL\tSPLID\tTRNSTYPE\tDATE\tACCNT\tAMOUNT\tDOCNUM\tMEMO',
  '!ENDTRNS',
];

/** A field: no tab, no line break, no double quote (QuickBooks reads quotes as field delimiters). */
const field = (text: string): string => singleLine(text).replace(/\t/g, ' ').replace(/"/g, "'");

function iifDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

/** The statement's bank account as QuickBooks lists it. */
export function iifAccount(s: Statement): string {
  const tail = (s.statement.accountNumber ?? '').replace(/[^0-9A-Za-z]/g, '').slice(-4);
  return field([s.statement.bankName, tail].filter(Boolean).join(' ')) || 'Bank statement';
}

export function writeIif(statements: Statement[]): Uint8Array {
  const out = [...HEADER];
  for (const s of statements) {
    const digits = statementDigits(s);
    const account = iifAccount(s);
    for (const t of s.transactions) {
      const deposit = t.amount > 0;
      const type = deposit ? 'DEPOSIT' : 'CHECK';
      const date = iifDate(t.date);
      const reference = t.reference === null ? '' : field(t.reference);
      const docnum = reference.length <= 11 ? reference : '';
      const memo = field([t.description, docnum ? '' : reference].filter(Boolean).join(' '));
      const other = deposit ? 'Uncategorized Income' : 'Uncategorized Expense';
      out.push(
        ['TRNS', '', type, date, account, formatMoney(t.amount, digits), docnum, memo].join('\t'),
        ['SPL', '', type, date, other, formatMoney(-t.amount, digits), docnum, memo].join('\t'),
        'ENDTRNS',
      );
    }
  }
  return encodeCp1252(`${out.join('\r\n')}\r\n`);
}
