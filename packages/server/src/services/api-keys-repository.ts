/**
 * The API-keys repository (issue 29, one repository per aggregate): API keys and the files
 * uploaded with them (api_uploads). The only module that queries these two tables; api-keys.ts
 * (keys, their webhooks, authentication), webhooks.ts (where an event goes, its signing secret),
 * account deletion and the files area (an upload made with a key, a file purged) use it.
 */
import type { Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { ApiKeysTable } from '../db/schema';

export type ApiKeyRow = Selectable<ApiKeysTable>;

export async function keysOfUser(ctx: AppContext, userId: string): Promise<ApiKeyRow[]> {
  return ctx.db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function countActiveKeys(ctx: AppContext, userId: string): Promise<number> {
  const { n } = await ctx.db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertKey(ctx: AppContext, row: ApiKeyRow): Promise<void> {
  await ctx.db.insertInto('api_keys').values(row).execute();
}

/** Revokes every live key of the account at `now`. */
export async function revokeKeysOfUser(ctx: AppContext, userId: string, now: number): Promise<void> {
  await ctx.db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function findKeyOfUser(ctx: AppContext, userId: string, id: string): Promise<ApiKeyRow | undefined> {
  return ctx.db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findKeyByHash(ctx: AppContext, keyHash: string): Promise<ApiKeyRow | undefined> {
  return ctx.db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
}

/** Revokes key `id` at `now` unless it is revoked already (then it keeps its first revocation). */
export async function revokeKey(ctx: AppContext, id: string, now: number): Promise<void> {
  await ctx.db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Sets the webhook of a key that is not revoked; false when it was revoked meanwhile. */
export async function setKeyWebhook(
  ctx: AppContext,
  id: string,
  webhook: { url: string | null; secret: string | null },
): Promise<boolean> {
  const set = await ctx.db
    .updateTable('api_keys')
    .set({ webhook_url: webhook.url, webhook_secret: webhook.secret })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(set.numUpdatedRows) === 1;
}

export async function touchKey(ctx: AppContext, id: string, now: number): Promise<void> {
  await ctx.db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
}

/** Whether key `keyId` is `userId`'s and not revoked. */
export async function isLiveKeyOfUser(ctx: AppContext, keyId: string, userId: string): Promise<boolean> {
  const key = await ctx.db
    .selectFrom('api_keys')
    .select(['user_id', 'revoked_at'])
    .where('id', '=', keyId)
    .executeTakeFirst();
  return !!key && key.user_id === userId && key.revoked_at === null;
}

export async function keyIdsOfUser(ctx: AppContext, userId: string): Promise<string[]> {
  const rows = await ctx.db.selectFrom('api_keys').select('id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.id);
}

/** What a webhook delivery of key `id` needs: its secret, owner and whether it is revoked. */
export async function webhookSigningOf(
  ctx: AppContext,
  id: string,
): Promise<Pick<ApiKeyRow, 'webhook_secret' | 'revoked_at' | 'user_id'> | undefined> {
  return ctx.db
    .selectFrom('api_keys')
    .select(['webhook_secret', 'revoked_at', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** File `fileId` was uploaded with key `apiKeyId`: its conversion events go to that key's webhook. */
export async function recordApiUpload(ctx: AppContext, fileId: string, apiKeyId: string, now: number): Promise<void> {
  await ctx.db.insertInto('api_uploads').values({ file_id: fileId, api_key_id: apiKeyId, created_at: now }).execute();
}

/** The key a file was uploaded with and its webhook, if it was uploaded with one. */
export async function webhookOfUpload(
  ctx: AppContext,
  fileId: string,
): Promise<{ keyId: string; url: string | null; revokedAt: number | null } | undefined> {
  return ctx.db
    .selectFrom('api_uploads')
    .innerJoin('api_keys', 'api_keys.id', 'api_uploads.api_key_id')
    .select(['api_keys.id as keyId', 'api_keys.webhook_url as url', 'api_keys.revoked_at as revokedAt'])
    .where('api_uploads.file_id', '=', fileId)
    .executeTakeFirst();
}

/** A file purged: it is no longer an upload of any key. */
export async function forgetApiUpload(ctx: AppContext, fileId: string): Promise<void> {
  await ctx.db.deleteFrom('api_uploads').where('file_id', '=', fileId).execute();
}
