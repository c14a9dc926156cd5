/**
 * QIF (Quicken Interchange Format), bank account type. Dates are MM/DD/YYYY (the US form Quicken and
 * most importers expect), amounts signed with `.` decimals, `P` payee = description, `N` = reference,
 * `L` = category from the categoriser. Several statements each get an `!Account` block first.
 */
import type { Statement } from '@statemint/shared';
import { CATEGORY_LABELS, categorise } from './categorise';
import { formatMoney } from './money';
import { statementDigits } from './options';
import { singleLine } from './safety';

function qifDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

/** QIF reads `/` in `L` as category/class and `:` as category:subcategory. */
function qifCategoryText(category: string): string {
  return singleLine(category).replace(/[/:]/g, ' and ');
}

function qifCategory(description: string, amount: number): string {
  return qifCategoryText(CATEGORY_LABELS[categorise(description, amount)]);
}

export function writeQif(statements: Statement[]): string {
  const out: string[] = [];
  for (const s of statements) {
    const digits = statementDigits(s);
    if (statements.length > 1) {
      const name =
        singleLine([s.statement.bankName, s.statement.accountNumber].filter(Boolean).join(' ')) || 'Statement';
      out.push('!Account', `N${name}`, 'TBank', '^');
    }
    out.push('!Type:Bank');
    for (const t of s.transactions) {
      out.push(`D${qifDate(t.date)}`, `T${formatMoney(t.amount, digits)}`);
      const reference = t.reference === null ? '' : singleLine(t.reference);
      if (reference) out.push(`N${reference}`);
      // The account's rules (issue 27) give a payee (the description stays as the memo) and a category.
      const payee = singleLine(t.payee ?? '');
      if (payee) out.push(`P${payee}`, `M${singleLine(t.description)}`);
      else out.push(`P${singleLine(t.description)}`);
      out.push(`L${t.category ? qifCategoryText(t.category) : qifCategory(t.description, t.amount)}`, '^');
    }
  }
  return `${out.join('\r\n')}\r\n`;
}
