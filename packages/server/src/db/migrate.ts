/**
 * Runs the migrations in ./migrations on start. Each is a TS module named NNNN_<domain>.ts
 * exporting up (and down); they run in name order, each once. Areas own number ranges:
 * 0001-0099 accounts/payments (part 1), 0100-0199 files/vault (part 2).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DbDialect } from '.';
import type { Database } from './schema';

// Beside the sources, or in the server's bundle its folder's migrations/, each bundled as a module
// of its own (scripts/lib/bundles.mjs).
const migrationsDir = join(import.meta.dirname, 'migrations');

class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    const names = readdirSync(migrationsDir)
      .filter((f) => /^\d{4}_[\w-]+\.(ts|mjs)$/.test(f) && !f.endsWith('.test.ts'))
      .sort();
    for (const file of names) {
      const mod = (await import(pathToFileURL(join(migrationsDir, file)).href)) as Migration;
      migrations[file.replace(/\.(ts|mjs)$/, '')] = mod;
    }
    return migrations;
  }
}

/** Migrations that take statement text out of the database (SQLite is vacuumed after them). */
const STATEMENT_TEXT_REMOVED = ['0101_no_statement_text', '0014_webhook_no_payload'];

export async function migrateToLatest(db: Kysely<Database>, dialect: DbDialect): Promise<string[]> {
  // PostgreSQL: keep the migration bookkeeping in the schema in use (search_path); Kysely
  // would otherwise see another schema's kysely_migration table and skip creating its own.
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: new FolderMigrationProvider(),
    // Areas number their migrations in their own ranges, so a later 00xx may arrive after a 01xx ran.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`);
  const ran = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  // Statement text a migration took out of SQLite must not linger in its free pages or the WAL.
  if (dialect === 'sqlite' && ran.some((name) => STATEMENT_TEXT_REMOVED.includes(name))) {
    await sql`VACUUM`.execute(db);
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
