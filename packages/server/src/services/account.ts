/**
 * The settings page's account changes: a new e-mail address (verified before it takes effect)
 * and deleting the account with every file (payments stay, as receipts the law needs kept).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { AppError, LIMITS, PRODUCT_NAME } from '@statemint/shared';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db';
import { verifyPassword } from './passwords';
import { revokeAllSessions } from './sessions';
import { findUserByEmail, normalizeEmail, type UserRow } from './users';
import { hashToken } from './verification';

const WRONG_PASSWORD = 'Current password is incorrect';
const LINK_INVALID = 'This confirmation link is invalid or has already been used.';

async function requirePassword(user: UserRow, password: string, field = 'password'): Promise<void> {
  if (!(await verifyPassword(user.password_hash, password)))
    throw new AppError('INVALID_CREDENTIALS', WRONG_PASSWORD, { field });
}

export async function requestEmailChange(
  ctx: AppContext,
  user: UserRow,
  input: { newEmail: string; password: string },
): Promise<{ message: string }> {
  await requirePassword(user, input.password);
  const newEmail = normalizeEmail(input.newEmail);
  if (newEmail === user.email)
    throw new AppError('VALIDATION_FAILED', 'That is already your email address.', { field: 'newEmail' });
  if (await findUserByEmail(ctx, newEmail))
    throw new AppError('EMAIL_TAKEN', 'An account with this email already exists.', { field: 'newEmail' });
  const l = ctx.config.authRateLimits;
  ctx.rateLimiter.check([{ key: `email-change:user:${user.id}`, limit: l.verificationEmails }], l.windowMs);
  const now = ctx.clock.now();
  const token = randomBytes(32).toString('base64url');
  const linkId = randomUUID();
  // One pending change at a time: a newer request retires the older link.
  await ctx.db
    .updateTable('email_changes')
    .set({ used_at: now })
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .execute();
  await ctx.db
    .insertInto('email_changes')
    .values({
      id: linkId,
      user_id: user.id,
      new_email: newEmail,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: now + LIMITS.verificationTokenHours * 3600_000,
      used_at: null,
    })
    .execute();
  const link = `${ctx.config.publicUrl}/verify-email?change=1&token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: newEmail,
    subject: `Confirm your new email for ${PRODUCT_NAME}`,
    text: `Hello ${user.name},\n\nPlease confirm ${newEmail} as the new email address of your ${PRODUCT_NAME} account by opening this link:\n\n${link}\n\nThe link works once and expires in ${LIMITS.verificationTokenHours} hours. Until then your account keeps ${user.email}. If you did not ask for this, ignore this email.\n\n${PRODUCT_NAME}\n`,
    html: `<p>Hello ${escapeHtml(user.name)},</p><p>Please confirm ${escapeHtml(newEmail)} as the new email address of your ${PRODUCT_NAME} account:</p><p><a href="${escapeHtml(link)}">Confirm my new email</a></p><p>The link works once and expires in ${LIMITS.verificationTokenHours} hours. Until then your account keeps ${escapeHtml(user.email)}.</p>`,
  });
  if (ctx.mailer.kind === 'outbox')
    ctx.log.info({ linkId }, `email change e-mail for ${newEmail} written to the outbox`);
  return { message: `We sent a confirmation link to ${newEmail}. Your email changes when you open it.` };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function confirmEmailChange(ctx: AppContext, token: string): Promise<{ success: true; message: string }> {
  const now = ctx.clock.now();
  const row = await ctx.db
    .selectFrom('email_changes')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.used_at !== null) throw new AppError('TOKEN_INVALID', LINK_INVALID);
  if (row.expires_at <= now)
    throw new AppError('TOKEN_EXPIRED', 'This confirmation link has expired. Please ask for the change again.');
  const used = await ctx.db
    .updateTable('email_changes')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new AppError('TOKEN_INVALID', LINK_INVALID);
  const before = await ctx.db
    .selectFrom('users')
    .select(['email', 'name'])
    .where('id', '=', row.user_id)
    .executeTakeFirst();
  if (!before) throw new AppError('TOKEN_INVALID', LINK_INVALID);
  try {
    await ctx.db
      .updateTable('users')
      .set({ email: row.new_email, email_verified: 1, updated_at: now })
      .where('id', '=', row.user_id)
      .execute();
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists.');
    throw e;
  }
  // Signed in elsewhere with the old address: those sessions end.
  await revokeAllSessions(ctx, row.user_id);
  await ctx.mailer.send({
    to: before.email,
    subject: `Your ${PRODUCT_NAME} email was changed`,
    text: `Hello ${before.name},\n\nThe email address of your ${PRODUCT_NAME} account is now ${row.new_email}. If you did not do this, contact support at once.\n\n${PRODUCT_NAME}\n`,
    html: `<p>Hello ${escapeHtml(before.name)},</p><p>The email address of your ${PRODUCT_NAME} account is now ${escapeHtml(row.new_email)}. If you did not do this, contact support at once.</p>`,
  });
  return { success: true, message: `Your email is now ${row.new_email}. Please log in again.` };
}

/**
 * Deletes the account: every file (original, outputs, rows) through `purgeFiles`, keys, sessions,
 * links and usage rows. Payments are kept as receipts (amount, date, e-mail), unlinked from the account.
 * A running subscription is canceled with the processor first.
 */
export async function deleteAccount(
  ctx: AppContext,
  user: UserRow,
  input: { password: string },
  purgeFiles: (userId: string) => Promise<number>,
): Promise<{ message: string; filesDeleted: number }> {
  await requirePassword(user, input.password);
  if (user.subscription_id && user.subscription_status === 'active' && user.current_period_end !== null)
    await ctx.payments.cancelAtPeriodEnd(user.subscription_id, user.current_period_end);
  const filesDeleted = await purgeFiles(user.id);
  await ctx.db
    .updateTable('payments')
    .set({ user_id: null, pending_password_hash: null })
    .where('user_id', '=', user.id)
    .execute();
  await ctx.db.deleteFrom('idempotency_keys').where('scope', '=', `user:${user.id}`).execute();
  const keys = await ctx.db.selectFrom('api_keys').select('id').where('user_id', '=', user.id).execute();
  for (const key of keys) await ctx.db.deleteFrom('idempotency_keys').where('scope', '=', `key:${key.id}`).execute();
  // Sessions, verification and change links, API keys and their deliveries go with the row (foreign keys).
  await ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
  return { message: 'Your account and all your files have been deleted.', filesDeleted };
}
