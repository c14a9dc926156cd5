/**
 * The webhook-deliveries repository (issue 29, one repository per aggregate): the only module that
 * queries webhook_deliveries. The dispatcher (webhooks.ts) queues, claims and finishes deliveries
 * here, the keys' delivery log reads them, the files area forgets a purged file's, and hourly
 * housekeeping prunes old ones. A delivery is claimed by compare-and-set (pending, due, no live
 * claim) and only its claim's holder writes its outcome.
 */
import type { Insertable, Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { WebhookDeliveriesTable } from '../db/schema';

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** The newest `limit` deliveries of an API key's webhook. */
export async function deliveriesOfKey(ctx: AppContext, apiKeyId: string, limit: number): Promise<DeliveryRow[]> {
  return ctx.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('api_key_id', '=', apiKeyId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function insertDelivery(ctx: AppContext, row: Insertable<WebhookDeliveriesTable>): Promise<void> {
  await ctx.db.insertInto('webhook_deliveries').values(row).execute();
}

/** Ids of pending deliveries due at `now` that no dispatcher holds, the most overdue first. */
export async function dueDeliveryIds(ctx: AppContext, now: number, limit: number): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Claims delivery `id` for `token` until `leaseUntil` and counts the attempt, if it is pending, due
 * and not held by another claim; answers the claimed row, or null when another dispatcher has it.
 */
export async function claimDelivery(
  ctx: AppContext,
  id: string,
  claim: { token: string; now: number; leaseUntil: number },
): Promise<DeliveryRow | null> {
  const { token, now, leaseUntil } = claim;
  const taken = await ctx.db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ lease_token: token, lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return null;
  const row = await ctx.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .executeTakeFirst();
  return row ?? null;
}

/** Writes an attempt's outcome and ends its claim, only while claim `token` still holds it. */
export async function finishDelivery(
  ctx: AppContext,
  id: string,
  token: string,
  patch: Partial<Omit<DeliveryRow, 'id' | 'lease_token' | 'lease_until'>>,
): Promise<void> {
  await ctx.db
    .updateTable('webhook_deliveries')
    .set({ ...patch, lease_token: null, lease_until: null })
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .execute();
}

/** A file purged: its deliveries go with it (they name it). */
export async function deleteDeliveriesOfFile(ctx: AppContext, fileId: string): Promise<void> {
  await ctx.db.deleteFrom('webhook_deliveries').where('file_id', '=', fileId).execute();
}

/** Housekeeping: deliveries made before `before` leave the log. */
export async function pruneDeliveries(ctx: AppContext, before: number): Promise<void> {
  await ctx.db.deleteFrom('webhook_deliveries').where('created_at', '<', before).execute();
}
