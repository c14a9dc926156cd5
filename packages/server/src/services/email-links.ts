/**
 * The e-mailed single-use links of an account, one repository for their four tables: e-mail
 * verification (email_verifications), password reset (password_resets), e-mail change
 * (email_changes) and login (login_links). The token goes into the e-mail; only its sha256 is
 * stored. Issuing a link retires the user's unused links of its kind; using one is a
 * compare-and-set of used_at, so two clicks at once use it once. The only module that queries
 * these tables (housekeeping included: pruneLinks).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AppError } from '@statemint/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';

const TABLES = {
  verification: 'email_verifications',
  reset: 'password_resets',
  emailChange: 'email_changes',
  login: 'login_links',
} as const;

export type LinkKind = keyof typeof TABLES;

/** The columns every link table has (email_changes adds new_email). */
interface LinkColumns {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  new_email?: string;
}

/** The four tables seen as one shape: the queries below are the same for each. */
function links(ctx: AppContext, kind: LinkKind) {
  return { db: ctx.db as unknown as Kysely<{ links: LinkColumns }>, table: TABLES[kind] as unknown as 'links' };
}

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
  const { db, table } = links(ctx, kind);
  const now = ctx.clock.now();
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  await retireLinks(ctx, kind, userId);
  await db
    .insertInto(table)
    .values({
      id,
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: now + ttlMs,
      used_at: null,
      ...extra,
    })
    .execute();
  return { id, token };
}

/** Retires every unused link of `kind` of the user (a newer link, a password change, a reset). */
export async function retireLinks(ctx: AppContext, kind: LinkKind, userId: string): Promise<void> {
  const { db, table } = links(ctx, kind);
  await db
    .updateTable(table)
    .set({ used_at: ctx.clock.now() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Whether the user has an unused link of `kind` issued after `since`. */
export async function hasLinkSince(ctx: AppContext, kind: LinkKind, userId: string, since: number): Promise<boolean> {
  const { db, table } = links(ctx, kind);
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
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
  const { db, table } = links(ctx, kind);
  const now = ctx.clock.now();
  const row = await db.selectFrom(table).selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row || row.used_at !== null) throw new AppError('TOKEN_INVALID', messages.invalid);
  if (row.expires_at <= now) throw new AppError('TOKEN_EXPIRED', messages.expired);
  const taken = await db
    .updateTable(table)
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new AppError('TOKEN_INVALID', messages.invalid);
  return { id: row.id, userId: row.user_id, newEmail: row.new_email };
}

/** Housekeeping: links expired or used more than `keepMs` ago, of every kind. */
export async function pruneLinks(ctx: AppContext, keepMs: number): Promise<void> {
  const cutoff = ctx.clock.now() - keepMs;
  for (const kind of Object.keys(TABLES) as LinkKind[]) {
    const { db, table } = links(ctx, kind);
    await db
      .deleteFrom(table)
      .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('used_at', '<', cutoff)]))
      .execute();
  }
}
