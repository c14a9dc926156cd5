/**
 * Database connection: SQLite file in DATA_DIR by default (WAL mode), PostgreSQL when
 * DATABASE_URL is set. Callers get one Kysely<Database> and never branch on the dialect
 * except through `dialect` for the rare non-portable statement.
 */
import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config/config';
import { ensurePrivateDir, ensurePrivateFile } from '../storage/private-fs';
import type { Database } from './schema';
import { CurrentSchemaPostgresDialect } from './schema-introspector';

export type DbDialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: DbDialect;
  destroy: () => Promise<void>;
}

export interface DbOptions {
  /** PostgreSQL: use (and create) this schema via search_path. Tests isolate runs with it. */
  pgSchema?: string;
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;

export async function openDatabase(config: Config, options: DbOptions = {}): Promise<Db> {
  if (config.databaseUrl) {
    const schema = options.pgSchema;
    if (schema !== undefined) {
      if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.end();
    }
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
      // Times are epoch ms in bigint columns: read them back as numbers (safe below 2^53).
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === PG_INT8 || oid === PG_NUMERIC
            ? (v: string) => Number(v)
            : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
      },
    });
    const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  ensurePrivateDir(config.dataDir);
  const file = join(config.dataDir, 'statemint.db');
  ensurePrivateFile(file);
  for (const extra of ['-wal', '-shm']) if (existsSync(file + extra)) chmodSync(file + extra, 0o600);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // Deleted rows are overwritten with zeros, not left readable in free pages.
  sqlite.pragma('secure_delete = ON');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/** True when `e` is a unique-constraint violation on either database. */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
