import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No foreign key: a file's stored objects must be removed with its row, so deleting
    // an account goes through the files service rather than a cascade.
    .addColumn('user_id', 'text')
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('original_filename', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('input_kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('transaction_count', 'integer')
    .addColumn('statement_count', 'integer')
    .addColumn('currency', 'text')
    .addColumn('reconciliation', 'text')
    .addColumn('preview', 'text')
    .addColumn('outputs', 'text')
    .addColumn('outputs_size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('restore_status', 'text')
    .addColumn('restore_expedited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('restore_requested_at', 'bigint')
    .addColumn('restore_expires_at', 'bigint')
    .addColumn('payment_intent_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .addColumn('archived_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .execute();
  await db.schema.createIndex('files_user_created').on('files').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('files_status').on('files').column('status').execute();
  await db.schema.createIndex('files_expires_at').on('files').column('expires_at').execute();

  await db.schema
    .createTable('free_trial_uses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('file_id', 'text')
    .addColumn('email_hash', 'text', (c) => c.notNull())
    .addColumn('fingerprint_hash', 'text')
    .addColumn('ip_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('free_trial_uses_created').on('free_trial_uses').column('created_at').execute();
  await db.schema.createIndex('free_trial_uses_email').on('free_trial_uses').column('email_hash').execute();
  await db.schema.createIndex('free_trial_uses_fingerprint').on('free_trial_uses').column('fingerprint_hash').execute();
  await db.schema.createIndex('free_trial_uses_ip').on('free_trial_uses').column('ip_hash').execute();

  await db.schema
    .createTable('free_trial_locks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('locked_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('usage_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('usage_events_user_kind_created')
    .on('usage_events')
    .columns(['user_id', 'kind', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_events').execute();
  await db.schema.dropTable('free_trial_locks').execute();
  await db.schema.dropTable('free_trial_uses').execute();
  await db.schema.dropTable('files').execute();
}
