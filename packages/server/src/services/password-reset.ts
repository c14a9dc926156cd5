/**
 * Password reset by e-mail: a single-use token (only its sha256 is stored) valid for one
 * hour. Using it sets the new password, proves the address (the account becomes verified)
 * and ends every session of the account, so whoever held it before is signed out.
 */
import { LIMITS, type MessageResponse, PRODUCT_NAME } from '@statemint/shared';
import type { AppContext } from '../context';
import { revokeAllApiKeys } from './api-keys';
import { afterAnswer, escapeHtml, issueLink, retireLinks, useLink } from './email-links';
import { hashPassword } from './passwords';
import { checkLimits } from './rate-limit';
import { normalizeEmail, type UserRow } from './users';

export const RESET_REQUESTED_MESSAGE =
  'If an account with that email exists, we have sent a link to reset its password. The link works for 1 hour.';
export const RESET_DONE_MESSAGE = 'Your password has been reset. You can now log in with your new password.';
const INVALID_MESSAGE = 'This password reset link is invalid or has already been used.';
const EXPIRED_MESSAGE = 'This password reset link has expired. Please request a new one.';

export function resetLink(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * Retires every unused link that signs in or sets the password (reset and login links): a new
 * password, by change or reset, leaves none of them working.
 */
export async function retireResetLinks(ctx: AppContext, userId: string): Promise<void> {
  await retireLinks(ctx, 'reset', userId);
  await retireLinks(ctx, 'login', userId);
}

async function sendResetEmail(ctx: AppContext, user: UserRow): Promise<void> {
  const { id: linkId, token } = await issueLink(ctx, 'reset', user.id, LIMITS.passwordResetTokenHours * 3600_000);
  const link = resetLink(ctx, token);
  const greeting = user.name ? `Hello ${user.name},` : 'Hello,';
  const hours = LIMITS.passwordResetTokenHours;
  const validity = `The link works once and expires in ${hours} hour${hours === 1 ? '' : 's'}.`;
  await ctx.mailer.send({
    to: user.email,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `${greeting}\n\nSomeone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link:\n\n${link}\n\n${validity} Resetting signs out every device that is signed in. If you did not ask for this, ignore this email: your password stays as it is.\n\n${PRODUCT_NAME}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account.</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>${validity} Resetting signs out every device that is signed in. If you did not ask for this, ignore this email: your password stays as it is.</p><p>${PRODUCT_NAME}</p>`,
  });
  if (ctx.mailer.kind === 'outbox')
    ctx.log.info({ linkId }, `password reset e-mail for ${user.email} written to the outbox`);
}

/**
 * POST /api/auth/forgot-password: the same answer whether or not the account exists, in the same
 * time (the account is looked up and mailed after the answer). Limited per IP (RATE_LIMITED) and,
 * silently, per address, so nobody can flood an inbox.
 */
export async function requestPasswordReset(ctx: AppContext, rawEmail: string, ip: string): Promise<MessageResponse> {
  const l = ctx.config.authRateLimits;
  await checkLimits(ctx.limits, [{ key: `reset-mail:ip:${ip}`, limit: l.verificationEmails * 4 }], l.windowMs);
  const email = normalizeEmail(rawEmail);
  const overLimit = (await ctx.limits.hit(`reset-mail:email:${email}`, l.verificationEmails, l.windowMs)) > 0;
  if (!overLimit)
    afterAnswer(ctx, 'password reset e-mail', async () => {
      const user = await ctx.repos.users.findByEmail(email);
      if (user) await sendResetEmail(ctx, user);
    });
  return { message: RESET_REQUESTED_MESSAGE };
}

/** POST /api/auth/reset-password: sets the new password once per link and signs out everywhere. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<MessageResponse> {
  // Single use even under concurrent submissions: only the request that takes the link resets
  // (and only it pays for hashing the password: a made-up token costs no argon2).
  const link = await useLink(ctx, 'reset', token, { invalid: INVALID_MESSAGE, expired: EXPIRED_MESSAGE });
  const passwordHash = await hashPassword(password);
  // The link reached the inbox, so the address is proven too.
  await ctx.repos.users.setPassword(link.userId, passwordHash, { verified: true });
  await retireResetLinks(ctx, link.userId);
  await ctx.repos.users.revokeAllSessions(link.userId);
  await revokeAllApiKeys(ctx, link.userId);
  return { message: RESET_DONE_MESSAGE };
}
