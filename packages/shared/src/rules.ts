/**
 * Rules that learn (issue 27): a user makes a payee and category rule from a row ("always call
 * AMZN Mktp 'Amazon', category Office"); the account's later conversions carry them, and the
 * exports put them in their payee and category fields (CSV, QIF, OFX/QFX/QBO). One home for how a
 * rule matches and how it is applied: the server applies them to each new conversion of the
 * rule's owner, the web app shows which rule a row would get.
 */
import type { Statement, Transaction } from './statement';

export interface PayeeRule {
  id: string;
  /** The statement account number the rule is for (as printed); null for every account. */
  accountNumber: string | null;
  /** Words the description holds (case, accents and spacing ignored). */
  match: string;
  /** The payee to call such rows; null leaves the payee as it is. */
  payee: string | null;
  /** The category to give such rows; null leaves the category to the built-in categoriser. */
  category: string | null;
  /** ISO time the rule was made. */
  createdAt: string;
}

export type NewPayeeRule = Pick<PayeeRule, 'accountNumber' | 'match' | 'payee' | 'category'>;

export const RULE_LIMITS = {
  /** Rules an account keeps. */
  perUser: 500,
  /** Characters of a match, a payee, a category. */
  text: 120,
  /** Shortest match (a letter or two would rename half a statement). */
  minMatch: 3,
} as const;

/** A text as rules compare it: accents off, upper case, runs of spaces as one. */
export function ruleText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase().replace(/\s+/g, ' ').trim();
}

/** An account number as rules compare it: its letters and digits only ('12-34 5678' is '12345678'). */
export function ruleAccount(accountNumber: string | null): string | null {
  const key = accountNumber?.toUpperCase().replace(/[^0-9A-Z]/g, '') ?? '';
  return key === '' ? null : key;
}

/**
 * The rule a row of an account gets: of those whose words its description holds, one made for
 * that account before one for every account, then the longest match (the most specific), then
 * the newest.
 */
export function ruleFor(
  rules: readonly PayeeRule[],
  accountNumber: string | null,
  description: string,
): PayeeRule | null {
  const account = ruleAccount(accountNumber);
  const text = ruleText(description);
  let best: PayeeRule | null = null;
  const rank = (r: PayeeRule) => [
    r.accountNumber === null ? 0 : 1,
    ruleText(r.match).length,
    Date.parse(r.createdAt) || 0,
  ];
  for (const rule of rules) {
    const own = ruleAccount(rule.accountNumber);
    if (own !== null && own !== account) continue;
    const match = ruleText(rule.match);
    if (match === '' || !text.includes(match)) continue;
    if (!best) {
      best = rule;
      continue;
    }
    const [a, b] = [rank(rule), rank(best)];
    for (let i = 0; i < a.length; i++) {
      if (a[i] === b[i]) continue;
      if ((a[i] as number) > (b[i] as number)) best = rule;
      break;
    }
  }
  return best;
}

/** The statements with each row's payee and category set by the rules (rows no rule matches are kept as they are). */
export function applyRules(statements: Statement[], rules: readonly PayeeRule[]): Statement[] {
  if (rules.length === 0) return statements;
  return statements.map((s) => ({
    ...s,
    transactions: s.transactions.map((t): Transaction => {
      const rule = ruleFor(rules, s.statement.accountNumber, t.description);
      if (!rule) return t;
      return {
        ...t,
        ...(rule.payee ? { payee: rule.payee } : {}),
        ...(rule.category ? { category: rule.category } : {}),
      };
    }),
  }));
}
