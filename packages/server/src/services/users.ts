/**
 * The users repository (issue 29, one repository per aggregate): user rows and their API shape
 * (SPEC §3). The only module that queries the users table: accounts, passwords, verification,
 * e-mail changes, retention settings and the subscription columns all change it through the
 * functions here. Functions that may run inside another module's transaction take `db` (the
 * transaction), the others the context.
 */
import { randomUUID } from 'node:crypto';
import { type ApiUser, LIMITS, PLANS, type Plan, SUBSCRIPTION_PLANS } from '@statemint/shared';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { AppContext } from '../context';
import type { DbDialect } from '../db';
import type { Database, UsersTable } from '../db/schema';

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
 * A subscription cancelled at period end whose end has come drops to free; conditional on its
 * state (a compare-and-set), so of two requests at once one makes the change. Whether it did.
 */
export async function endCanceledSubscription(ctx: AppContext, row: UserRow, now: number): Promise<boolean> {
  if (row.cancel_at === null) return false;
  const ended = await ctx.db
    .updateTable('users')
    .set({ plan: 'free', subscription_status: 'canceled', current_period_end: null, updated_at: now })
    .where('id', '=', row.id)
    .where('subscription_status', '=', 'canceling')
    .where('cancel_at', '<=', now)
    .executeTakeFirst();
  return Number(ended.numUpdatedRows) === 1;
}

/**
 * Moves an active subscription's period end from `from` to `to`, conditional on it still being
 * `from`: of two requests at once, one renews (and charges). Whether this one did.
 */
export async function advancePeriodEnd(
  ctx: AppContext,
  userId: string,
  from: number,
  to: number,
  now: number,
): Promise<boolean> {
  const moved = await ctx.db
    .updateTable('users')
    .set({ current_period_end: to, updated_at: now })
    .where('id', '=', userId)
    .where('current_period_end', '=', from)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

export async function findUserBySubscription(ctx: AppContext, subscriptionId: string): Promise<UserRow | undefined> {
  return ctx.db.selectFrom('users').selectAll().where('subscription_id', '=', subscriptionId).executeTakeFirst();
}

/** Whether the account's e-mail is verified (false when there is no such account). */
export async function isVerified(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('email_verified').where('id', '=', userId).executeTakeFirst();
  return row?.email_verified === 1;
}

/** Inserts a new account's row (a checkout sign-up inside its payment's transaction). */
export async function insertUserRow(db: Kysely<Database>, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

/**
 * Locks the account's row until the end of the transaction `trx` (PostgreSQL; SQLite has one
 * writer at a time): checks of a limit and its recording in that transaction are atomic.
 */
export async function lockUser(trx: Kysely<Database>, dialect: DbDialect, userId: string): Promise<void> {
  const user = trx.selectFrom('users').select('id').where('id', '=', userId);
  await (dialect === 'postgres' ? user.forUpdate() : user).execute();
}

/** A new password (a change or a reset); a reset link reached the inbox, so it also proves the address. */
export async function setPassword(
  ctx: AppContext,
  userId: string,
  passwordHash: string,
  options: { verified?: boolean } = {},
): Promise<void> {
  await ctx.db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      ...(options.verified ? { email_verified: 1 } : {}),
      updated_at: ctx.clock.now(),
    })
    .where('id', '=', userId)
    .execute();
}

export async function markEmailVerified(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db
    .updateTable('users')
    .set({ email_verified: 1, updated_at: ctx.clock.now() })
    .where('id', '=', userId)
    .execute();
}

/** The confirmed new address (verified by its link); a unique violation when another account has it. */
export async function changeEmail(ctx: AppContext, userId: string, email: string): Promise<void> {
  await ctx.db
    .updateTable('users')
    .set({ email: normalizeEmail(email), email_verified: 1, updated_at: ctx.clock.now() })
    .where('id', '=', userId)
    .execute();
}

export async function setRetention(
  ctx: AppContext,
  userId: string,
  patch: { auto_delete_enabled?: number; file_retention_days?: number },
): Promise<void> {
  await ctx.db
    .updateTable('users')
    .set({ ...patch, updated_at: ctx.clock.now() })
    .where('id', '=', userId)
    .execute();
}

/** The account's retention settings and plan (null when there is no such account). */
export async function retentionSettings(
  db: Kysely<Database>,
  userId: string,
): Promise<Pick<UserRow, 'auto_delete_enabled' | 'file_retention_days' | 'plan'> | null> {
  const row = await db
    .selectFrom('users')
    .select(['auto_delete_enabled', 'file_retention_days', 'plan'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** The account's row goes; sessions, links, API keys and their deliveries with it (foreign keys). */
export async function deleteUserRow(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.deleteFrom('users').where('id', '=', userId).execute();
}

type SubscriptionColumns = Pick<
  Updateable<UsersTable>,
  | 'plan'
  | 'subscription_status'
  | 'subscription_id'
  | 'provider_customer_id'
  | 'current_period_end'
  | 'cancel_at'
  | 'auto_delete_enabled'
  | 'file_retention_days'
>;

/** Sets the subscription columns of the account `userId`, or of the account holding subscription `subscriptionId`. */
export async function setSubscription(
  ctx: AppContext,
  which: { userId: string } | { subscriptionId: string },
  patch: SubscriptionColumns,
): Promise<void> {
  const update = ctx.db.updateTable('users').set({ ...patch, updated_at: ctx.clock.now() });
  await ('userId' in which
    ? update.where('id', '=', which.userId)
    : update.where('subscription_id', '=', which.subscriptionId)
  ).execute();
}

/**
 * A paid subscription becomes the account's, inside the payment's transaction `db`: a
 * compare-and-set, so an account whose other subscription is running keeps it (false).
 */
export async function takeSubscription(
  db: Kysely<Database>,
  userId: string,
  subscriptionId: string | null,
  patch: SubscriptionColumns & { updated_at: number },
): Promise<boolean> {
  const set = await db
    .updateTable('users')
    .set(patch)
    .where('id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('subscription_id', 'is', null),
        ...(subscriptionId !== null ? [eb('subscription_id', '=', subscriptionId)] : []),
        eb('subscription_status', 'is', null),
        eb('subscription_status', 'not in', ['active', 'canceling']),
        eb('plan', 'not in', [...SUBSCRIPTION_PLANS]),
      ]),
    )
    .executeTakeFirst();
  return Number(set.numUpdatedRows) === 1;
}
