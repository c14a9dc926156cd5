import type { Kysely } from 'kysely';

/**
 * Issue 29, L7: a checkout sign-up's first confirmation logged in whoever sent it (the intent id
 * is no secret). The sha256 of the intent's client secret, which only the paying browser holds,
 * is kept; a confirmation gets the new account's session only with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('client_secret_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('client_secret_hash').execute();
}
