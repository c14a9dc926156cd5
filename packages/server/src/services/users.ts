/** User rows and their API shape (SPEC §3). */
import { randomUUID } from 'node:crypto';
import { type ApiUser, LIMITS, PLANS, type Plan } from '@statemint/shared';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { UsersTable } from '../db/schema';
import { recordRenewal } from './receipts';

export type UserRow = Selectable<UsersTable>;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function asPlan(value: string): Plan {
  return (PLANS as readonly string[]).includes(value) ? (value as Plan) : 'free';
}

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

export function toApiUser(row: UserRow): ApiUser {
  const status = row.subscription_status;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    plan: asPlan(row.plan),
    emailVerified: row.email_verified === 1,
    autoDeleteEnabled: row.auto_delete_enabled === 1,
    fileRetentionDays: row.file_retention_days,
    subscriptionStatus: status === 'active' || status === 'canceling' || status === 'canceled' ? status : null,
    currentPeriodEnd: iso(row.current_period_end),
    cancelAt: iso(row.cancel_at),
  };
}

export function userPlan(row: UserRow): Plan {
  return asPlan(row.plan);
}

export async function findUserById(ctx: AppContext, id: string): Promise<UserRow | undefined> {
  return ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  return ctx.db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

/** A new account's row: free plan, unverified, auto-delete off with the default retention. */
export function newUserRow(input: { email: string; name: string; passwordHash: string }, now: number): UserRow {
  return {
    id: randomUUID(),
    email: normalizeEmail(input.email),
    name: input.name.trim(),
    password_hash: input.passwordHash,
    plan: 'free',
    email_verified: 0,
    auto_delete_enabled: 0,
    file_retention_days: LIMITS.defaultRetentionDays,
    subscription_status: null,
    subscription_id: null,
    provider_customer_id: null,
    current_period_end: null,
    cancel_at: null,
    created_at: now,
    updated_at: now,
  };
}

export async function insertUser(
  ctx: AppContext,
  input: { email: string; name: string; passwordHash: string },
): Promise<UserRow> {
  const row = newUserRow(input, ctx.clock.now());
  await ctx.db.insertInto('users').values(row).execute();
  return row;
}

/**
 * Applies time to the subscription: a canceled subscription past its end drops to free;
 * a test-mode subscription past its period renews (the test processor "charges" again).
 * Returns the current row.
 */
export async function refreshSubscription(ctx: AppContext, row: UserRow): Promise<UserRow> {
  const now = ctx.clock.now();
  if (row.subscription_status === 'canceling' && row.cancel_at !== null && row.cancel_at <= now) {
    const patch = { plan: 'free', subscription_status: 'canceled', current_period_end: null, updated_at: now };
    await ctx.db.updateTable('users').set(patch).where('id', '=', row.id).execute();
    return { ...row, ...patch };
  }
  if (
    ctx.payments.mode === 'test' &&
    row.subscription_status === 'active' &&
    row.current_period_end !== null &&
    row.current_period_end <= now
  ) {
    let end = row.current_period_end;
    const period = 30 * 24 * 3600_000;
    const renewals: number[] = [];
    while (end <= now) {
      renewals.push(end);
      end += period;
    }
    // Conditional on the old period end: two requests at once renew (and charge) once.
    const moved = await ctx.db
      .updateTable('users')
      .set({ current_period_end: end, updated_at: now })
      .where('id', '=', row.id)
      .where('current_period_end', '=', row.current_period_end)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) {
      const account = {
        userId: row.id,
        email: row.email,
        type: row.plan === 'business' ? ('business' as const) : ('pro' as const),
        subscriptionId: row.subscription_id,
        customerId: row.provider_customer_id,
      };
      for (const paidAt of renewals) await recordRenewal(ctx, account, { paidAt });
    }
    return { ...row, current_period_end: end, updated_at: now };
  }
  return row;
}
