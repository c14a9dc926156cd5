/**
 * Stable transaction ids for OFX/QFX/QBO (FITID): a hash of account, date, amount, description and the
 * occurrence index among identical rows, so exporting the same statement twice gives the same ids and
 * accounting software does not import it twice, while two identical coffees on one day stay distinct.
 */
import { createHash } from 'node:crypto';
import type { Statement } from '@statemint/shared';
import { formatMoney } from './money';
import { statementDigits } from './options';

export function fitIds(s: Statement): string[] {
  const digits = statementDigits(s);
  const account = s.statement.accountNumber ?? '';
  const seen = new Map<string, number>();
  return s.transactions.map((t) => {
    const key = [account, t.date, formatMoney(t.amount, digits), t.description.replace(/\s+/g, ' ').trim()].join(
      '\u001f',
    );
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    // 24 hex digits (96 bits): unique enough for any account, well inside OFX's 255-character limit.
    return createHash('sha256').update(`${key}\u001f${occurrence}`).digest('hex').slice(0, 24).toUpperCase();
  });
}
