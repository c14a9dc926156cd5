/**
 * Kysely's migrator reads the catalog of every schema in the database (its introspector calls
 * has_schema_privilege and pg_get_serial_sequence per schema); a schema dropped while that query
 * runs failed the start with "schema ... does not exist" (two API suites in a CI run, while other
 * suites dropped their test schemas). Such a start is retried.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { openDatabase } from '.';
import { migrateToLatest } from './migrate';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('migrations beside schemas being dropped (postgres)', () => {
  it('migrate while other schemas come and go', { timeout: 120_000 }, async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const prefix = `churn_${randomBytes(4).toString('hex')}`;
    let stop = false;
    let made = 0;
    // Schemas with a serial column each, created and dropped without pause.
    const churn = (async () => {
      while (!stop) {
        const name = `${prefix}_${made++}`;
        await admin.query(`CREATE SCHEMA ${name}; CREATE TABLE ${name}.t (id serial primary key)`);
        await admin.query(`DROP SCHEMA ${name} CASCADE`);
      }
    })();
    const schemas: string[] = [];
    try {
      for (let i = 0; i < 12; i++) {
        const schema = `t_${randomBytes(6).toString('hex')}`;
        schemas.push(schema);
        const database = await openDatabase(
          { ...loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' }), databaseUrl },
          { pgSchema: schema },
        );
        try {
          const ran = await migrateToLatest(database.db, database.dialect);
          expect(ran.length).toBeGreaterThan(10);
          // Its own bookkeeping is found again: nothing runs twice.
          expect(await migrateToLatest(database.db, database.dialect)).toEqual([]);
        } finally {
          await database.destroy();
        }
      }
    } finally {
      stop = true;
      await churn;
      for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
    expect(made).toBeGreaterThan(12);
  });
});
