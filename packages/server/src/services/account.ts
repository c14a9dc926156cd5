/**
 * The settings page's account changes: a new e-mail address (verified before it takes effect)
 * and deleting the account with every file (payments stay, as receipts the law needs kept).
 */
import { AppError, LIMITS, PRODUCT_NAME } from '@statemint/shared';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db';
import { escapeHtml, issueLink, useLink } from './email-links';
import { verifyPassword } from './passwords';
import { checkLimits } from './rate-limit';
import { normalizeEmail, type UserRow } from './users';

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
  if (await ctx.repos.users.findByEmail(newEmail))
    throw new AppError('EMAIL_TAKEN', 'An account with this email already exists.', { field: 'newEmail' });
  const l = ctx.config.authRateLimits;
  await checkLimits(ctx.limits, [{ key: `email-change:user:${user.id}`, limit: l.verificationEmails }], l.windowMs);
  // One pending change at a time: a newer request retires the older link.
  const { id: linkId, token } = await issueLink(ctx, 'emailChange', user.id, LIMITS.verificationTokenHours * 3600_000, {
    new_email: newEmail,
  });
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

export async function confirmEmailChange(ctx: AppContext, token: string): Promise<{ success: true; message: string }> {
  const link = await useLink(ctx, 'emailChange', token, {
    invalid: LINK_INVALID,
    expired: 'This confirmation link has expired. Please ask for the change again.',
  });
  const row = { user_id: link.userId, new_email: link.newEmail as string };
  const before = await ctx.repos.users.find(row.user_id);
  if (!before) throw new AppError('TOKEN_INVALID', LINK_INVALID);
  try {
    await ctx.repos.users.changeEmail(row.user_id, row.new_email);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists.');
    throw e;
  }
  // Signed in elsewhere with the old address: those sessions end.
  await ctx.repos.users.revokeAllSessions(row.user_id);
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
  await ctx.repos.payments.unlinkFromUser(user.id);
  const keyIds = await ctx.repos.apiKeys.idsOfUser(user.id);
  await ctx.repos.idempotency.deleteOfScopes([`user:${user.id}`, ...keyIds.map((id) => `key:${id}`)]);
  // Sessions, verification and change links, API keys and their deliveries go with the row (foreign keys).
  await ctx.repos.users.delete(user.id);
  return { message: 'Your account and all your files have been deleted.', filesDeleted };
}
