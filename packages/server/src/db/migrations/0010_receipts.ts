import type { Kysely } from 'kysely';

/** Receipts: the card's last four digits where the processor tells them, and when the receipt went out. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('card_last4', 'text').execute();
  await db.schema.alterTable('payments').addColumn('receipt_sent_at', 'bigint').execute();
  await db.schema.alterTable('test_mode_intents').addColumn('card_last4', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('test_mode_intents').dropColumn('card_last4').execute();
  await db.schema.alterTable('payments').dropColumn('receipt_sent_at').execute();
  await db.schema.alterTable('payments').dropColumn('card_last4').execute();
}
