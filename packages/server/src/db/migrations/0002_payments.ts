import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('intent_id', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('email', 'text')
    // No foreign key: a pay-per-file payment has no account, and payments outlive deleted accounts.
    .addColumn('user_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'text')
    .addColumn('provider_customer_id', 'text')
    .addColumn('pending_name', 'text')
    .addColumn('pending_password_hash', 'text')
    .addColumn('file_id', 'text')
    .addColumn('consumed_at', 'bigint')
    .addColumn('confirmed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_user_id').on('payments').column('user_id').execute();
  await db.schema.createIndex('payments_subscription_id').on('payments').column('subscription_id').execute();

  await db.schema
    .createTable('test_mode_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_secret', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('test_mode_intents').execute();
  await db.schema.dropTable('payments').execute();
}
