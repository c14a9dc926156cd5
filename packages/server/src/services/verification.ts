/**
 * E-mail verification (DECISIONS.md): single-use tokens, stored as sha256 hashes, valid for
 * 24 hours. Issuing a new link retires the older ones.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AppError, LIMITS, PRODUCT_NAME } from '@statemint/shared';
import type { AppContext } from '../context';
import type { UserRow } from './users';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function verificationLink(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

export async function sendVerificationEmail(ctx: AppContext, user: UserRow): Promise<void> {
  const now = ctx.clock.now();
  const token = randomBytes(32).toString('base64url');
  const linkId = randomUUID();
  await ctx.db
    .updateTable('email_verifications')
    .set({ used_at: now })
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .execute();
  await ctx.db
    .insertInto('email_verifications')
    .values({
      id: linkId,
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: now + LIMITS.verificationTokenHours * 3600_000,
      used_at: null,
    })
    .execute();
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

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function verifyEmailToken(ctx: AppContext, token: string): Promise<void> {
  const now = ctx.clock.now();
  const row = await ctx.db
    .selectFrom('email_verifications')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.used_at !== null)
    throw new AppError('TOKEN_INVALID', 'This verification link is invalid or has already been used.');
  if (row.expires_at <= now)
    throw new AppError('TOKEN_EXPIRED', 'This verification link has expired. Please request a new one.');
  // Single use even under concurrent clicks: only the request that flips used_at verifies.
  const res = await ctx.db
    .updateTable('email_verifications')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1)
    throw new AppError('TOKEN_INVALID', 'This verification link is invalid or has already been used.');
  await ctx.db.updateTable('users').set({ email_verified: 1, updated_at: now }).where('id', '=', row.user_id).execute();
}
