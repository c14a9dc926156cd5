import { type Kysely, sql } from 'kysely';

/**
 * Issue 16, a vault that stays fast: one index per sort of GET /api/files, each led by the owner
 * and ending with the id, so a page is a range read of the index whatever the page's number
 * (keyset pagination, files/repository.ts). The same statements run on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Replaced by the same columns plus the id (the tie-break of every sort).
  await db.schema.dropIndex('files_user_created').ifExists().execute();
  await db.schema.createIndex('files_user_created_id').on('files').columns(['user_id', 'created_at', 'id']).execute();
  await sql`create index files_user_name on files (user_id, lower(original_filename), id)`.execute(db);
  await db.schema
    .createIndex('files_user_status')
    .on('files')
    .columns(['user_id', 'status', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('files_user_status').execute();
  await db.schema.dropIndex('files_user_name').execute();
  await db.schema.dropIndex('files_user_created_id').execute();
  await db.schema.createIndex('files_user_created').on('files').columns(['user_id', 'created_at']).execute();
}
