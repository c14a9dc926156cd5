import { type Kysely, sql } from 'kysely';

/**
 * Issue 27 (no lost money): a pay-as-you-go payment buys `files` conversions, each a credit row
 * bound to the payment (and through it to its e-mail), taken by one upload and given back when
 * that upload fails. The payment's own file_id/consumed_at (one credit per payment) move here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('files', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('payment_credits')
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('file_id', 'text')
    .addColumn('consumed_at', 'bigint')
    .addPrimaryKeyConstraint('payment_credits_pk', ['payment_id', 'seq'])
    .execute();
  await db.schema.createIndex('payment_credits_file_id').on('payment_credits').column('file_id').execute();
  await sql`insert into payment_credits (payment_id, seq, file_id, consumed_at)
    select id, 0, file_id, consumed_at from payments where type = 'payasyougo'`.execute(db);
  await db.schema.alterTable('payments').dropColumn('file_id').execute();
  await db.schema.alterTable('payments').dropColumn('consumed_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('file_id', 'text').execute();
  await db.schema.alterTable('payments').addColumn('consumed_at', 'bigint').execute();
  await sql`update payments set file_id = (select c.file_id from payment_credits c where c.payment_id = payments.id and c.seq = 0),
    consumed_at = (select c.consumed_at from payment_credits c where c.payment_id = payments.id and c.seq = 0)`.execute(
    db,
  );
  await db.schema.dropTable('payment_credits').execute();
  await db.schema.alterTable('payments').dropColumn('files').execute();
}
