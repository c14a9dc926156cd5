import type { Kysely } from 'kysely';

/**
 * Issue 29, N15: the capability of an anonymous file (free trial, pay per file), issued to its
 * uploader at upload: saving review edits and deleting the file need it, not just the file's id.
 * Only its sha256 is kept; the row goes with the file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_capabilities')
    .addColumn('file_id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('file_capabilities').execute();
}
