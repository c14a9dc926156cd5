import type { Kysely } from 'kysely';

/**
 * A webhook delivery is claimed by one dispatcher (of several processes) for a while: the token
 * names the claim, and once lease_until passes a claim whose process died may be taken again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('lease_token', 'text').execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('lease_until', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').dropColumn('lease_until').execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('lease_token').execute();
}
