import type { Kysely } from 'kysely';

/**
 * Issue 27, export options remembered per account: the CSV columns an account chose, in their
 * order (a JSON list of shared CSV_COLUMNS names). Deleted with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('export_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('csv_columns', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('export_settings').execute();
}
