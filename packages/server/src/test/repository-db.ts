/**
 * A migrated database of its own for a repository's tests: SQLite in a temporary folder, or a
 * fresh PostgreSQL schema (TEST_DATABASE_URL) dropped afterwards. Registers its own beforeAll and
 * afterAll; call it inside the test file's describe.
 *
 *   const t = repositoryDatabase('postgres');
 *   it('...', async () => { const users = repositoryOf(t.db()); ... });
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../config/config';
import { type Db, type DbDialect, openDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import type { TestDb } from './harness';

export function repositoryDatabase(dialect: TestDb): { db(): Kysely<Database>; dialect(): DbDialect } {
  let database: Db | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'statemint-repo-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    const config = {
      ...loadConfig({ DATA_DIR: dataDir }),
      databaseUrl: dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
    };
    database = await openDatabase(config, dialect === 'postgres' ? { pgSchema: schema } : {});
    await migrateToLatest(database.db, database.dialect);
  });
  afterAll(async () => {
    await database?.destroy();
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  const opened = (): Db => {
    if (!database) throw new Error('the database opens in beforeAll');
    return database;
  };
  return { db: () => opened().db, dialect: () => opened().dialect };
}
