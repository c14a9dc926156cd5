/**
 * Rules that learn (issue 27): an account's payee and category rules. They are kept per account,
 * made from a row of the review, and applied (shared/rules.ts applyRules) to every later conversion
 * of the account's files (files/jobs.ts loadTask hands them to the conversion).
 */
import { randomUUID } from 'node:crypto';
import { AppError, type NewPayeeRule, type PayeeRule, RULE_LIMITS } from '@statemint/shared';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { PayeeRulesTable } from '../db/schema';

type RuleRow = Selectable<PayeeRulesTable>;

function toRule(row: RuleRow): PayeeRule {
  return {
    id: row.id,
    accountNumber: row.account_number,
    match: row.match,
    payee: row.payee,
    category: row.category,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The account's rules, newest first. */
export async function listRules(ctx: Pick<AppContext, 'db'>, userId: string): Promise<PayeeRule[]> {
  const rows = await ctx.db
    .selectFrom('payee_rules')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toRule);
}

const clean = (text: string | null): string | null => {
  const t = text?.replace(/\s+/g, ' ').trim() ?? '';
  return t === '' ? null : t;
};

export async function createRule(ctx: AppContext, userId: string, input: NewPayeeRule): Promise<PayeeRule> {
  const match = clean(input.match);
  if (!match || match.length < RULE_LIMITS.minMatch)
    throw new AppError(
      'VALIDATION_FAILED',
      `Write at least ${RULE_LIMITS.minMatch} characters the descriptions hold.`,
      {
        field: 'match',
      },
    );
  const payee = clean(input.payee);
  const category = clean(input.category);
  if (!payee && !category)
    throw new AppError('VALIDATION_FAILED', 'Give the rule a payee, a category or both.', { field: 'payee' });
  const count = await ctx.db
    .selectFrom('payee_rules')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= RULE_LIMITS.perUser)
    throw new AppError('VALIDATION_FAILED', `An account keeps up to ${RULE_LIMITS.perUser} rules: delete one first.`);
  const row: RuleRow = {
    id: randomUUID(),
    user_id: userId,
    account_number: clean(input.accountNumber),
    match,
    payee,
    category,
    created_at: ctx.clock.now(),
  };
  await ctx.db.insertInto('payee_rules').values(row).execute();
  return toRule(row);
}

export async function deleteRule(ctx: AppContext, userId: string, id: string): Promise<{ message: string }> {
  const gone = await ctx.db
    .deleteFrom('payee_rules')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) !== 1) throw new AppError('NOT_FOUND', 'Rule not found');
  return { message: 'Rule deleted' };
}
