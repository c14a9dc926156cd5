import type { Kysely } from 'kysely';

/**
 * Issue 29, N8: a webhook delivery keeps the event and its ids, never the body sent (it held the
 * file's preview: descriptions and amounts). The body is made from the file when it is sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').dropColumn('payload').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('webhook_deliveries')
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
