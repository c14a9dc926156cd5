/**
 * The API-keys repository (issue 29, one repository per aggregate): API keys, the files uploaded
 * with them (api_uploads) and their webhooks' deliveries (webhook_deliveries). The only module
 * that queries these tables; createServices makes one (`ctx.repos.apiKeys`) and api-keys.ts (keys,
 * their webhooks, authentication), webhooks.ts (the dispatcher: queues, claims and finishes
 * deliveries), account deletion, housekeeping and the files area (an upload made with a key, a
 * file purged) use it. Its changes of state are compare-and-sets that answer whether they made
 * the change: a key is revoked once, a revoked key's webhook is not set, a delivery is claimed by
 * one dispatcher (pending, due, no live claim) and only its claim's holder writes its outcome.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, Database, WebhookDeliveriesTable } from '../db/schema';

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export class ApiKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async keysOfUser(userId: string): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute();
  }

  async countActiveOf(userId: string): Promise<number> {
    const { n } = await this.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  async insert(row: ApiKeyRow): Promise<void> {
    await this.db.insertInto('api_keys').values(row).execute();
  }

  /** Revokes every live key of the account at `now`. */
  async revokeAllOf(userId: string, now: number): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async findOfUser(userId: string, id: string): Promise<ApiKeyRow | undefined> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async findByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
  }

  /** Revokes key `id` at `now` unless it is revoked already (then it keeps its first revocation): whether this call did. */
  async revoke(id: string, now: number): Promise<boolean> {
    const revoked = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(revoked.numUpdatedRows) === 1;
  }

  /** Sets the webhook of a key that is not revoked; false when it was revoked meanwhile. */
  async setWebhook(id: string, webhook: { url: string | null; secret: string | null }): Promise<boolean> {
    const set = await this.db
      .updateTable('api_keys')
      .set({ webhook_url: webhook.url, webhook_secret: webhook.secret })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(set.numUpdatedRows) === 1;
  }

  async touch(id: string, now: number): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
  }

  /** Whether key `keyId` is `userId`'s and not revoked. */
  async isLiveKeyOf(keyId: string, userId: string): Promise<boolean> {
    const key = await this.db
      .selectFrom('api_keys')
      .select(['user_id', 'revoked_at'])
      .where('id', '=', keyId)
      .executeTakeFirst();
    return !!key && key.user_id === userId && key.revoked_at === null;
  }

  async idsOfUser(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('api_keys').select('id').where('user_id', '=', userId).execute();
    return rows.map((r) => r.id);
  }

  /** What a webhook delivery of key `id` needs: its secret, owner and whether it is revoked. */
  async webhookSigningOf(
    id: string,
  ): Promise<Pick<ApiKeyRow, 'webhook_secret' | 'revoked_at' | 'user_id'> | undefined> {
    return this.db
      .selectFrom('api_keys')
      .select(['webhook_secret', 'revoked_at', 'user_id'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** File `fileId` was uploaded with key `apiKeyId`: its conversion events go to that key's webhook. */
  async recordUpload(fileId: string, apiKeyId: string, now: number): Promise<void> {
    await this.db
      .insertInto('api_uploads')
      .values({ file_id: fileId, api_key_id: apiKeyId, created_at: now })
      .execute();
  }

  /** The key a file was uploaded with and its webhook, if it was uploaded with one. */
  async webhookOfUpload(
    fileId: string,
  ): Promise<{ keyId: string; url: string | null; revokedAt: number | null } | undefined> {
    return this.db
      .selectFrom('api_uploads')
      .innerJoin('api_keys', 'api_keys.id', 'api_uploads.api_key_id')
      .select(['api_keys.id as keyId', 'api_keys.webhook_url as url', 'api_keys.revoked_at as revokedAt'])
      .where('api_uploads.file_id', '=', fileId)
      .executeTakeFirst();
  }

  /** A file purged: it is no longer an upload of any key. */
  async forgetUpload(fileId: string): Promise<void> {
    await this.db.deleteFrom('api_uploads').where('file_id', '=', fileId).execute();
  }

  // Webhook deliveries

  /** The newest `limit` deliveries of an API key's webhook. */
  async deliveriesOf(apiKeyId: string, limit: number): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('api_key_id', '=', apiKeyId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  async insertDelivery(row: Insertable<WebhookDeliveriesTable>): Promise<void> {
    await this.db.insertInto('webhook_deliveries').values(row).execute();
  }

  /** Ids of pending deliveries due at `now` that no dispatcher holds, the most overdue first. */
  async dueDeliveryIds(now: number, limit: number): Promise<string[]> {
    const rows = await this.db
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
  async claimDelivery(
    id: string,
    claim: { token: string; now: number; leaseUntil: number },
  ): Promise<DeliveryRow | null> {
    const { token, now, leaseUntil } = claim;
    const taken = await this.db
      .updateTable('webhook_deliveries')
      .set((eb) => ({ lease_token: token, lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return null;
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', id)
      .where('lease_token', '=', token)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Writes an attempt's outcome and ends its claim, only while claim `token` still holds it: whether it did. */
  async finishDelivery(
    id: string,
    token: string,
    patch: Partial<Omit<DeliveryRow, 'id' | 'lease_token' | 'lease_until'>>,
  ): Promise<boolean> {
    const finished = await this.db
      .updateTable('webhook_deliveries')
      .set({ ...patch, lease_token: null, lease_until: null })
      .where('id', '=', id)
      .where('lease_token', '=', token)
      .executeTakeFirst();
    return Number(finished.numUpdatedRows) === 1;
  }

  /** A file purged: its deliveries go with it (they name it). */
  async deleteDeliveriesOfFile(fileId: string): Promise<void> {
    await this.db.deleteFrom('webhook_deliveries').where('file_id', '=', fileId).execute();
  }

  /** Housekeeping: deliveries made before `before` leave the log. */
  async pruneDeliveries(before: number): Promise<void> {
    await this.db.deleteFrom('webhook_deliveries').where('created_at', '<', before).execute();
  }
}
