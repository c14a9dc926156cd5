import type { Kysely } from 'kysely';

/** Webhooks find the account by its provider subscription id. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_subscription_id').on('users').column('subscription_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_expires_at').execute();
  await db.schema.dropIndex('users_subscription_id').execute();
}
