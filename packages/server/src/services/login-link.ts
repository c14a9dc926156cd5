/**
 * Login by e-mailed link (issue 29): the owner's proof, with no CAPTCHA, where the password is
 * refused because someone is guessing it from many addresses (auth.ts checkLoginAllowed's
 * account-wide net). Asking answers the same whether or not the account exists, at once (the
 * e-mail is sent after the answer, so its time tells nothing either), and is limited per client
 * address (RATE_LIMITED) and, silently, per e-mail address, so nobody can flood an inbox. The
 * link works once, for 15 minutes; using it signs in and makes the client's address known to
 * the account, past the net. Only verified accounts get one: an unverified account's password
 * may be whoever opened it (a checkout sign-up with someone else's address); its owner takes
 * it back with the password reset link, which also sets the password.
 */
import { AppError, type LoginResponse, type MessageResponse, PRODUCT_NAME } from '@statemint/shared';
import type { AppContext } from '../context';
import { rememberOwnerAddress } from './auth';
import { afterAnswer, escapeHtml, issueLink, useLink } from './email-links';
import { checkLimits } from './rate-limit';
import { createSession } from './sessions';
import { refreshSubscription } from './subscriptions';
import { normalizeEmail, toApiUser, type UserRow } from './users';

export const LOGIN_LINK_MINUTES = 15;
export const LOGIN_LINK_REQUESTED_MESSAGE = `If an account with that email exists, we have sent it a link to log in. The link works once, for ${LOGIN_LINK_MINUTES} minutes.`;
const INVALID_MESSAGE = 'This login link is invalid or has already been used.';
const EXPIRED_MESSAGE = 'This login link has expired. Please ask for a new one.';

export function loginLinkUrl(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/login-link?token=${encodeURIComponent(token)}`;
}

async function sendLoginLink(ctx: AppContext, user: UserRow): Promise<void> {
  const { id: linkId, token } = await issueLink(ctx, 'login', user.id, LOGIN_LINK_MINUTES * 60_000);
  const link = loginLinkUrl(ctx, token);
  const greeting = user.name ? `Hello ${user.name},` : 'Hello,';
  const validity = `The link works once and expires in ${LOGIN_LINK_MINUTES} minutes.`;
  const ignore = 'If you did not ask for it, ignore this email: nobody can use the link without it.';
  await ctx.mailer.send({
    to: user.email,
    subject: `Your ${PRODUCT_NAME} login link`,
    text: `${greeting}\n\nTo log in to ${PRODUCT_NAME}, open this link:\n\n${link}\n\n${validity} ${ignore}\n\n${PRODUCT_NAME}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p><a href="${escapeHtml(link)}">Log in to ${PRODUCT_NAME}</a></p><p>${validity} ${ignore}</p><p>${PRODUCT_NAME}</p>`,
  });
  // Never the token in a log line (issue 29, L11): the link's id.
  if (ctx.mailer.kind === 'outbox')
    ctx.log.info({ linkId }, `login link e-mail for ${user.email} written to the outbox`);
}

/** POST /api/auth/login-link: e-mails a login link; the same answer for every address. */
export async function requestLoginLink(ctx: AppContext, rawEmail: string, ip: string): Promise<MessageResponse> {
  const l = ctx.config.authRateLimits;
  await checkLimits(ctx.limits, [{ key: `login-link:ip:${ip}`, limit: l.verificationEmails * 4 }], l.windowMs);
  const email = normalizeEmail(rawEmail);
  const overLimit = (await ctx.limits.hit(`login-link:email:${email}`, l.verificationEmails, l.windowMs)) > 0;
  if (!overLimit) {
    // After the answer: neither the look-up nor the mail server's time shows in it.
    afterAnswer(ctx, 'login link', async () => {
      const user = await ctx.repos.users.findByEmail(email);
      if (user && user.email_verified === 1) await sendLoginLink(ctx, user);
    });
  }
  return { message: LOGIN_LINK_REQUESTED_MESSAGE };
}

/** POST /api/auth/login-link/use: the link's token for a session, once. */
export async function loginWithLink(ctx: AppContext, token: string, ip: string): Promise<LoginResponse> {
  const link = await useLink(ctx, 'login', token, { invalid: INVALID_MESSAGE, expired: EXPIRED_MESSAGE });
  const found = await ctx.repos.users.find(link.userId);
  if (found?.email_verified !== 1) throw new AppError('TOKEN_INVALID', INVALID_MESSAGE);
  await rememberOwnerAddress(ctx, ip, found.email);
  const user = await refreshSubscription(ctx, found);
  return {
    token: await createSession(ctx, user.id),
    user: toApiUser(user),
    requiresVerification: false,
    message: 'Login successful',
  };
}
