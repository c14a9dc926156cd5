/**
 * The idempotency-keys repository (issue 29, one repository per aggregate): the only module that
 * queries idempotency_keys; createServices makes one (`ctx.repos.idempotency`). Uploads'
 * Idempotency-Key handling (http/idempotency.ts) claims, reads, completes and drops keys here;
 * account deletion forgets an account's and its API keys'; hourly housekeeping prunes old ones. A
 * key is claimed by inserting its row (unique on scope and key), so of two requests under one key,
 * one runs; it is completed only while running.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../db/schema';

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;

export class IdempotencyKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts the key's row; throws the database's unique violation when (scope, key) is taken. */
  async insert(row: Insertable<IdempotencyKeysTable>): Promise<void> {
    await this.db.insertInto('idempotency_keys').values(row).execute();
  }

  async find(scope: string, key: string): Promise<IdempotencyKeyRow | undefined> {
    return this.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('id', '=', id).execute();
  }

  /** The request under key `id` answered: its answer is kept for retries (only while it is running): whether it was. */
  async complete(id: string, response: { status: number; body: string }): Promise<boolean> {
    const done = await this.db
      .updateTable('idempotency_keys')
      .set({ status: 'done', response_status: response.status, response_body: response.body })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /** Every key of the given scopes (an account's and its API keys', at its deletion). */
  async deleteOfScopes(scopes: string[]): Promise<void> {
    if (scopes.length === 0) return;
    await this.db.deleteFrom('idempotency_keys').where('scope', 'in', scopes).execute();
  }

  /** Housekeeping: keys made before `before` are forgotten. */
  async prune(before: number): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
  }
}
