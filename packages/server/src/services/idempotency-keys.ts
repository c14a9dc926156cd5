/**
 * The idempotency-keys repository (issue 29, one repository per aggregate): the only module that
 * queries idempotency_keys. Uploads' Idempotency-Key handling (http/idempotency.ts) claims, reads,
 * completes and drops keys here; account deletion forgets an account's and its API keys'; hourly
 * housekeeping prunes old ones. A key is claimed by inserting its row (unique on scope and key),
 * so of two requests under one key, one runs.
 */
import type { Insertable, Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { IdempotencyKeysTable } from '../db/schema';

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;

/** Inserts the key's row; throws the database's unique violation when (scope, key) is taken. */
export async function insertIdempotencyKey(ctx: AppContext, row: Insertable<IdempotencyKeysTable>): Promise<void> {
  await ctx.db.insertInto('idempotency_keys').values(row).execute();
}

export async function findIdempotencyKey(
  ctx: AppContext,
  scope: string,
  key: string,
): Promise<IdempotencyKeyRow | undefined> {
  return ctx.db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function deleteIdempotencyKey(ctx: AppContext, id: string): Promise<void> {
  await ctx.db.deleteFrom('idempotency_keys').where('id', '=', id).execute();
}

/** The request under key `id` answered: its answer is kept for retries (only while it is running). */
export async function completeIdempotencyKey(
  ctx: AppContext,
  id: string,
  response: { status: number; body: string },
): Promise<void> {
  await ctx.db
    .updateTable('idempotency_keys')
    .set({ status: 'done', response_status: response.status, response_body: response.body })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** Every key of the given scopes (an account's and its API keys', at its deletion). */
export async function deleteIdempotencyKeysOf(ctx: AppContext, scopes: string[]): Promise<void> {
  if (scopes.length === 0) return;
  await ctx.db.deleteFrom('idempotency_keys').where('scope', 'in', scopes).execute();
}

/** Housekeeping: keys made before `before` are forgotten. */
export async function pruneIdempotencyKeys(ctx: AppContext, before: number): Promise<void> {
  await ctx.db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
}
