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
import { revokeAllApiKeys } from './api-keys';
import { hasLinkSince } from './email-links';
import { retireResetLinks } from './password-reset';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { checkLimits, RateLimitedError, tooManyAttempts } from './rate-limit';
import { createSession } from './sessions';
import { refreshSubscription } from './subscriptions';
import { normalizeEmail, toApiUser, type UserRow, userPlan } from './users';
import { sendVerificationEmail } from './verification';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Please log in instead.';
const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

/** Failed logins of one (account, IP) pair allowed before each further try must wait (1 s, 2 s, 4 s, ...). */
export const LOGIN_BACKOFF_AFTER = 5;
/**
 * Failed logins of one account from all addresses in a window: a wide net against distributed
 * guessing. It holds for addresses the account has not logged in from (issue 29, L5: 105 bad
 * passwords from 21 addresses locked the owner out everywhere for 15 minutes); from elsewhere the
 * owner proves themself by the password reset link.
 */
export const LOGIN_FAILURES_PER_ACCOUNT = 100;
/** How long an address an account logged in from stays known to it (past the account-wide net). */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;

/** What the account-wide net's refusal adds: the owner's way in meanwhile. */
export const LOGIN_LINK_HINT = "Or log in with a link sent to your email: choose 'Email me a login link'.";

const loginKeys = (ip: string, email: string) => {
  const e = normalizeEmail(email);
  return {
    ip: `login-fail:ip:${ip}`,
    pair: `login-fail:pair:${e}|${ip}`,
    account: `login-fail:account:${e}`,
    known: `login-ok:${e}|${ip}`,
  };
};

/**
 * Login limits count failures only (a successful login never uses them up), and mostly per
 * (account, IP): ten bad passwords from one address do not lock the owner out elsewhere.
 * Past LOGIN_BACKOFF_AFTER failures a pair waits 2^(n-k) seconds between tries.
 */
export async function checkLoginAllowed(ctx: AppContext, ip: string, email: string): Promise<void> {
  const l = ctx.config.authRateLimits;
  const keys = loginKeys(ip, email);
  const now = ctx.clock.now();
  let waitMs = 0;
  const ipFails = await ctx.limits.peek(keys.ip, l.windowMs);
  if (ipFails.count >= l.loginPerIp) waitMs = Math.max(waitMs, ipFails.resetsAt - now);
  const pair = await ctx.limits.peek(keys.pair, l.windowMs);
  if (pair.count >= l.loginPerEmail) waitMs = Math.max(waitMs, pair.resetsAt - now);
  else if (pair.count >= LOGIN_BACKOFF_AFTER) {
    const backoff = Math.min(2 ** (pair.count - LOGIN_BACKOFF_AFTER) * 1000, l.windowMs);
    waitMs = Math.max(waitMs, pair.last + backoff - now);
  }
  const account = await ctx.limits.peek(keys.account, l.windowMs);
  const known = (await ctx.limits.peek(keys.known, KNOWN_ADDRESS_MS)).count > 0;
  if (account.count >= LOGIN_FAILURES_PER_ACCOUNT && !known && account.resetsAt - now > waitMs) {
    // A guesser spread over many addresses: the owner, from a new one, gets in by an e-mailed link.
    const tooMany = tooManyAttempts(account.resetsAt - now);
    throw new RateLimitedError(`${tooMany.message} ${LOGIN_LINK_HINT}`, tooMany.retryAfterSeconds);
  }
  if (waitMs > 0) throw tooManyAttempts(waitMs);
}

/**
 * The owner logged in from `ip` (with the password, or a login link): its failures there are
 * forgotten, and the account-wide net does not hold this address from now on.
 */
export async function rememberOwnerAddress(ctx: AppContext, ip: string, email: string): Promise<void> {
  const keys = loginKeys(ip, email);
  await ctx.limits.clear(keys.pair);
  await ctx.limits.hit(keys.known, Number.POSITIVE_INFINITY, KNOWN_ADDRESS_MS);
}

async function recordLoginFailure(ctx: AppContext, ip: string, email: string): Promise<void> {
  const { windowMs } = ctx.config.authRateLimits;
  const keys = loginKeys(ip, email);
  for (const key of [keys.ip, keys.pair, keys.account]) await ctx.limits.hit(key, Number.POSITIVE_INFINITY, windowMs);
}

/** Counts an attempt per IP and per e-mail; throws RATE_LIMITED over either limit. */
export async function limitAttempts(
  ctx: AppContext,
  action: 'login' | 'register',
  ip: string,
  email: string,
): Promise<void> {
  const l = ctx.config.authRateLimits;
  await checkLimits(
    ctx.limits,
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
    user = await ctx.repos.users.create({ email: input.email, name, passwordHash });
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

export async function login(
  ctx: AppContext,
  input: { email: string; password: string },
  ip = 'unknown',
): Promise<LoginResponse> {
  await checkLoginAllowed(ctx, ip, input.email);
  const found = await ctx.repos.users.findByEmail(input.email);
  // Same work for an unknown e-mail as for a wrong password: one argon2 verification.
  const ok = await verifyPassword(found?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!found || !ok) {
    await recordLoginFailure(ctx, ip, input.email);
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  }
  await ctx.limits.clear(loginKeys(ip, input.email).pair);
  if (found.email_verified !== 1) return unverifiedLogin(ctx, found);
  await rememberOwnerAddress(ctx, ip, found.email);
  const user = await refreshSubscription(ctx, found);
  const token = await createSession(ctx, user.id);
  return { token, user: toApiUser(user), requiresVerification: false, message: 'Login successful' };
}

/** A link younger than this is not replaced on login: the one in the inbox keeps working. */
export const RECENT_VERIFICATION_MS = 10 * 60_000;

/**
 * Login with the right password on an unverified e-mail: a new link is sent unless one went out
 * in the last minutes (or too many did), and the answer says which, so the toast never claims
 * an e-mail that was not sent.
 */
async function unverifiedLogin(ctx: AppContext, user: UserRow): Promise<LoginResponse> {
  const recent = await hasLinkSince(ctx, 'verification', user.id, ctx.clock.now() - RECENT_VERIFICATION_MS);
  const l = ctx.config.authRateLimits;
  const allowed =
    !recent && (await ctx.limits.hit(`verify-mail:user:${user.id}`, l.verificationEmails, l.windowMs)) === 0;
  if (allowed) {
    await sendVerificationEmail(ctx, user);
    return {
      requiresVerification: true,
      verificationSent: true,
      message: `Please verify your email before logging in. We have sent a new verification link to ${user.email}.`,
    };
  }
  return {
    requiresVerification: true,
    verificationSent: false,
    message: recent
      ? `Please verify your email before logging in. We sent a verification link to ${user.email} a few minutes ago: please check your inbox and spam folder.`
      : 'Please verify your email before logging in. Too many verification emails were sent; please use the latest link, or try again later.',
  };
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
  await ctx.repos.users.setPassword(user.id, passwordHash);
  await ctx.repos.users.revokeAllSessions(user.id);
  await revokeAllApiKeys(ctx, user.id);
  await retireResetLinks(ctx, user.id);
  return {
    token: await createSession(ctx, user.id),
    message: 'Password changed. Other sessions were signed out and API keys revoked.',
  };
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
  await ctx.repos.users.setRetention(user.id, {
    ...(input.autoDeleteEnabled !== undefined ? { auto_delete_enabled: input.autoDeleteEnabled ? 1 : 0 } : {}),
    ...(days !== undefined ? { file_retention_days: days } : {}),
  });
  return {
    autoDeleteEnabled: input.autoDeleteEnabled ?? user.auto_delete_enabled === 1,
    fileRetentionDays: days ?? user.file_retention_days,
  };
}
