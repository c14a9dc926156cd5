/**
 * The e-mailed single-use links of an account: e-mail verification, password reset, e-mail change
 * and login. The token goes into the e-mail; only its sha256 is stored (email-links-repository.ts,
 * `ctx.repos.links`, the only module that queries their tables). Issuing a link retires the user's
 * unused links of its kind; using one is a compare-and-set of used_at, so two clicks at once use
 * it once.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AppError } from '@statemint/shared';
import type { AppContext } from '../context';
import type { LinkKind } from './email-links-repository';

export type { LinkKind } from './email-links-repository';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Runs `task` (look the account up, send its e-mail) after the request has been answered. A
 * request whose answer is the same whether or not an account exists (a password reset, a login
 * link, a new verification link) must take the same time too: the look-up, issuing the link and
 * the mail server's answer would otherwise show in it (issue 29: the reset request waited for its
 * mail, so a slow answer meant an account).
 */
export function afterAnswer(ctx: AppContext, what: string, task: () => Promise<unknown>): void {
  setImmediate(() => {
    task().catch((err: unknown) => ctx.log.error({ err }, `${what} not sent`));
  });
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A new link of `kind` for the user, valid `ttlMs`; older unused ones of the kind are retired. */
export async function issueLink(
  ctx: AppContext,
  kind: LinkKind,
  userId: string,
  ttlMs: number,
  extra: { new_email?: string } = {},
): Promise<{ id: string; token: string }> {
  const now = ctx.clock.now();
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  await retireLinks(ctx, kind, userId);
  await ctx.repos.links.insert(kind, {
    id,
    user_id: userId,
    token_hash: hashToken(token),
    created_at: now,
    expires_at: now + ttlMs,
    used_at: null,
    ...extra,
  });
  return { id, token };
}

/** Retires every unused link of `kind` of the user (a newer link, a password change, a reset). */
export async function retireLinks(ctx: AppContext, kind: LinkKind, userId: string): Promise<void> {
  await ctx.repos.links.retire(kind, userId);
}

/** Whether the user has an unused link of `kind` issued after `since`. */
export async function hasLinkSince(ctx: AppContext, kind: LinkKind, userId: string, since: number): Promise<boolean> {
  return ctx.repos.links.hasUnusedSince(kind, userId, since);
}

export interface UsedLink {
  id: string;
  userId: string;
  /** email_changes: the address to change to. */
  newEmail: string | undefined;
}

/**
 * Uses a link once: TOKEN_INVALID (`invalid`) when it is unknown, used or retired, or another
 * request used it first; TOKEN_EXPIRED (`expired`) past its time.
 */
export async function useLink(
  ctx: AppContext,
  kind: LinkKind,
  token: string,
  messages: { invalid: string; expired: string },
): Promise<UsedLink> {
  const now = ctx.clock.now();
  const row = await ctx.repos.links.findByTokenHash(kind, hashToken(token));
  if (!row || row.used_at !== null) throw new AppError('TOKEN_INVALID', messages.invalid);
  if (row.expires_at <= now) throw new AppError('TOKEN_EXPIRED', messages.expired);
  if (!(await ctx.repos.links.markUsed(kind, row.id, now))) throw new AppError('TOKEN_INVALID', messages.invalid);
  return { id: row.id, userId: row.user_id, newEmail: row.new_email };
}

/** Housekeeping: links expired or used more than `keepMs` ago, of every kind. */
export async function pruneLinks(ctx: AppContext, keepMs: number): Promise<void> {
  await ctx.repos.links.prune(keepMs);
}
