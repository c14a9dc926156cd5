/** Registration, login, password change and retention settings. */
import {
  AppError,
  isSubscriptionPlan,
  type LoginResponse,
  PLAN_LIMITS,
  type RegisterResponse,
  TEXTS,
} from '@statemint/shared';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { createSession, revokeAllSessions } from './sessions';
import {
  findUserByEmail,
  insertUser,
  normalizeEmail,
  refreshSubscription,
  toApiUser,
  type UserRow,
  userPlan,
} from './users';
import { sendVerificationEmail } from './verification';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Please log in instead.';
const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

/** Counts an attempt per IP and per e-mail; throws RATE_LIMITED over either limit. */
export function limitAttempts(ctx: AppContext, action: 'login' | 'register', ip: string, email: string): void {
  const l = ctx.config.authRateLimits;
  ctx.rateLimiter.check(
    [
      { key: `${action}:ip:${ip}`, limit: action === 'login' ? l.loginPerIp : l.registerPerIp },
      {
        key: `${action}:email:${normalizeEmail(email)}`,
        limit: action === 'login' ? l.loginPerEmail : l.registerPerEmail,
      },
    ],
    l.windowMs,
  );
}

export async function register(
  ctx: AppContext,
  input: { email: string; password: string; name: string },
): Promise<RegisterResponse> {
  const name = input.name.trim();
  if (!name) throw new AppError('VALIDATION_FAILED', TEXTS.nameRequired, { field: 'name' });
  const passwordHash = await hashPassword(input.password);
  let user: UserRow;
  try {
    user = await insertUser(ctx, { email: input.email, name, passwordHash });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE, { field: 'email' });
    throw e;
  }
  await sendVerificationEmail(ctx, user);
  return {
    user: toApiUser(user),
    requiresVerification: true,
    message: 'Registration successful! Please check your email to verify your account.',
  };
}

export async function login(ctx: AppContext, input: { email: string; password: string }): Promise<LoginResponse> {
  const found = await findUserByEmail(ctx, input.email);
  // Same work for an unknown e-mail as for a wrong password: one argon2 verification.
  const ok = await verifyPassword(found?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!found || !ok) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  if (found.email_verified !== 1) {
    return {
      requiresVerification: true,
      message: 'Please verify your email before logging in. Check your inbox for the verification link.',
    };
  }
  const user = await refreshSubscription(ctx, found);
  const token = await createSession(ctx, user.id);
  return { token, user: toApiUser(user), requiresVerification: false, message: 'Login successful' };
}

/** Revokes every session of the user (all devices) and returns a fresh one for this device. */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  input: { currentPassword: string; newPassword: string },
): Promise<{ token: string; message: string }> {
  if (!(await verifyPassword(user.password_hash, input.currentPassword)))
    throw new AppError('INVALID_CREDENTIALS', 'Current password is incorrect', { field: 'currentPassword' });
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: ctx.clock.now() })
    .where('id', '=', user.id)
    .execute();
  await revokeAllSessions(ctx, user.id);
  return { token: await createSession(ctx, user.id), message: 'Password changed. Other sessions were signed out.' };
}

export async function updateRetention(
  ctx: AppContext,
  user: UserRow,
  input: { autoDeleteEnabled?: boolean; fileRetentionDays?: number },
): Promise<{ autoDeleteEnabled: boolean; fileRetentionDays: number }> {
  const plan = userPlan(user);
  if (!isSubscriptionPlan(plan) && plan !== 'starter')
    throw new AppError('SUBSCRIPTION_REQUIRED', 'File retention settings are available on the Pro and Business plans.');
  const days = input.fileRetentionDays;
  if (days !== undefined && days > PLAN_LIMITS[plan].maxRetentionDays)
    throw new AppError(
      'VALIDATION_FAILED',
      `Your plan keeps files for at most ${PLAN_LIMITS[plan].maxRetentionDays} days`,
      { field: 'fileRetentionDays' },
    );
  const patch = {
    ...(input.autoDeleteEnabled !== undefined ? { auto_delete_enabled: input.autoDeleteEnabled ? 1 : 0 } : {}),
    ...(days !== undefined ? { file_retention_days: days } : {}),
    updated_at: ctx.clock.now(),
  };
  await ctx.db.updateTable('users').set(patch).where('id', '=', user.id).execute();
  return {
    autoDeleteEnabled: input.autoDeleteEnabled ?? user.auto_delete_enabled === 1,
    fileRetentionDays: days ?? user.file_retention_days,
  };
}
