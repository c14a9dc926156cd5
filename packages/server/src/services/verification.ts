/**
 * E-mail verification (DECISIONS.md): single-use tokens, stored as sha256 hashes, valid for
 * 24 hours. Issuing a new link retires the older ones.
 */
import { LIMITS, PRODUCT_NAME } from '@statemint/shared';
import type { AppContext } from '../context';
import { escapeHtml, issueLink, useLink } from './email-links';
import type { UserRow } from './users';

export function verificationLink(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

export async function sendVerificationEmail(ctx: AppContext, user: UserRow): Promise<void> {
  const { id: linkId, token } = await issueLink(ctx, 'verification', user.id, LIMITS.verificationTokenHours * 3600_000);
  const link = verificationLink(ctx, token);
  const greeting = user.name ? `Hello ${user.name},` : 'Hello,';
  await ctx.mailer.send({
    to: user.email,
    subject: `Verify your email for ${PRODUCT_NAME}`,
    text: `${greeting}\n\nPlease verify your email address by opening this link:\n\n${link}\n\nThe link works once and expires in ${LIMITS.verificationTokenHours} hours. If you did not create an account, ignore this email.\n\n${PRODUCT_NAME}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>Please verify your email address:</p><p><a href="${escapeHtml(link)}">Verify my email</a></p><p>The link works once and expires in ${LIMITS.verificationTokenHours} hours. If you did not create an account, ignore this email.</p><p>${PRODUCT_NAME}</p>`,
  });
  // The embedded default has no real mail: the log says where it is, with the link's id, never its
  // token (issue 29, L11: a log line must not hand out a live link).
  if (ctx.mailer.kind === 'outbox')
    ctx.log.info({ linkId }, `verification e-mail for ${user.email} written to the outbox`);
}

export async function verifyEmailToken(ctx: AppContext, token: string): Promise<void> {
  const link = await useLink(ctx, 'verification', token, {
    invalid: 'This verification link is invalid or has already been used.',
    expired: 'This verification link has expired. Please request a new one.',
  });
  await ctx.repos.users.markEmailVerified(link.userId);
}
