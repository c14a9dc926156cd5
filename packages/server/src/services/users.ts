/**
 * User rows as the API shows them (SPEC §3) and a new account's row. The rows are read and
 * written by the users repository (users-repository.ts, `ctx.repos.users`).
 */
import { randomUUID } from 'node:crypto';
import { type ApiUser, LIMITS, PLANS, type Plan } from '@statemint/shared';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema';

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
