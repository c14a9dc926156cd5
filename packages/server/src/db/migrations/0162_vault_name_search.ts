import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Issue 16: searching the vault by part of a name (GET /api/files?q=) reads only the files whose
 * names hold it, through a trigram index, on PostgreSQL. pg_trgm ships with PostgreSQL and is a
 * trusted extension; where it cannot be installed (no right to, or not there) the search still
 * works by reading the user's rows, so the migration goes on without it. SQLite has no such index:
 * one machine's vaults are read whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // A savepoint (migrations run in a transaction on PostgreSQL): a refusal below must not abort it.
  await sql`savepoint vault_name_search`.execute(db);
  try {
    const found = async () =>
      (
        await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension
          where extname = 'pg_trgm'`.execute(db)
      ).rows[0]?.schema;
    // Into public, so that dropping a schema (tests run one each) never takes the extension along.
    if (!(await found())) await sql`create extension if not exists pg_trgm schema public`.execute(db);
    const schema = await found();
    if (!schema) throw new Error('pg_trgm not installed');
    await sql`create index files_name_trgm on files using gin (lower(original_filename) ${sql.id(schema, 'gin_trgm_ops')})`.execute(
      db,
    );
    await sql`release savepoint vault_name_search`.execute(db);
  } catch {
    await sql`rollback to savepoint vault_name_search`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists files_name_trgm`.execute(db);
}
