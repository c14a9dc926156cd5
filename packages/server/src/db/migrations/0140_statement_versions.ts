import type { Kysely } from 'kysely';

/**
 * Saved versions of a file's statements beyond the conversion itself (version 0, implicit):
 * edits from the review screen and restores of an earlier version. The statements live
 * encrypted in the file store (files/<id>/statements/v<N>); rows here are bookkeeping only
 * and go with the file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('statement_versions')
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('restored_from', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('statement_versions_pk', ['file_id', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('statement_versions').execute();
}
