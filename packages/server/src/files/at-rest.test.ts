/**
 * Issue 15, finding 2: no statement text (descriptions, amounts, balances, account numbers) is
 * readable in the database or anywhere in the data folder outside the encrypted store, before
 * or after deletion; the data folder is 0700 and its files 0600.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FileRecord } from '@statemint/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDatabases } from '../test/harness';
import { proUser } from './test-accounts';
import { upload, waitForFile } from './test-helpers';

// A statement whose text is easy to find: unusual payees, an account number, odd amounts.
const SECRET_TEXT = ['Quetzalcoatl Orchids', 'Xylophone Repairs Wexford', '4402917733', '8765.43', '1234.57'];
const STATEMENT = [
  'Account number: 4402917733',
  'Date,Description,Debit,Credit,Balance',
  '2024-03-01,Opening balance,,,10000.00',
  '2024-03-04,Quetzalcoatl Orchids,1234.57,,8765.43',
  '2024-03-09,Xylophone Repairs Wexford,,200.00,8965.43',
  '2024-03-15,Quetzalcoatl Orchids,1234.57,,7730.86',
].join('\n');

/** Every file under the data folder except the sealed store's objects. */
function plainFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.enc'))
    .map((e) => join(e.parentPath, e.name));
}

function findSecrets(dataDir: string): string[] {
  const found: string[] = [];
  for (const file of plainFiles(dataDir)) {
    const bytes = readFileSync(file);
    for (const text of [...SECRET_TEXT, ...SECRET_TEXT.map((t) => t.replace('.', ''))])
      if (bytes.includes(Buffer.from(text))) found.push(`${file.slice(dataDir.length)}: ${text}`);
  }
  return found;
}

for (const db of testDatabases) {
  describe(`statement text at rest (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db, config: { conversionWorkers: 1 } });
    });
    afterAll(async () => {
      await s?.close();
    });

    async function databaseText(): Promise<string> {
      const rows = await s.ctx.db
        .selectFrom('files' as never)
        .selectAll()
        .execute();
      return JSON.stringify(rows);
    }

    it('keeps statement text only in the sealed store, and deleting leaves none anywhere', async () => {
      const u = await proUser(s);
      const up = await upload(s, '/api/files/upload', { name: 'march.csv', bytes: STATEMENT, token: u.token });
      expect(up.status).toBe(201);
      const record = await waitForFile(s, up.body.id, u.token);
      expect(record.status).toBe('completed');
      // The API still shows the preview and the balance check (read from the sealed statements).
      expect(record.preview?.map((t) => t.description)).toContain('Xylophone Repairs Wexford');
      expect(record.reconciliation).toMatchObject({ status: 'balanced', mismatchCount: 0 });
      const listed = (await s.api<{ recentFiles: FileRecord[] }>('/api/dashboard', { token: u.token })).body
        .recentFiles[0];
      expect(listed?.preview).toBeNull();

      const dbText = await databaseText();
      for (const text of SECRET_TEXT) expect(dbText).not.toContain(text);
      if (db === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(s.ctx.db);
      expect(findSecrets(s.dataDir)).toEqual([]);
      // What the store underneath holds (the folder or the S3 bucket): ciphertext only.
      const store = s.app.services.files.store;
      const keys = await store.list('files');
      expect(keys.length).toBeGreaterThan(10);
      for (const key of keys) {
        const raw = (await store.inner.get(key)).toString('latin1');
        for (const text of SECRET_TEXT) expect(raw, key).not.toContain(text);
      }

      expect((await s.api(`/api/files/${up.body.id}`, { method: 'DELETE', token: u.token })).status).toBe(200);
      if (db === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(s.ctx.db);
      expect(findSecrets(s.dataDir)).toEqual([]);
      expect(await databaseText()).not.toContain('march.csv');
      expect(await store.list(`files/${up.body.id}`)).toEqual([]);
    });

    it('makes the data folder 0700 and what it writes 0600', async () => {
      const mode = (p: string) => statSync(p).mode & 0o777;
      expect(mode(s.dataDir)).toBe(0o700);
      if (!s.config.s3Bucket) expect(mode(join(s.dataDir, 'files'))).toBe(0o700);
      expect(mode(join(s.dataDir, 'secrets.json'))).toBe(0o600);
      if (db === 'sqlite') {
        expect(mode(join(s.dataDir, 'statemint.db'))).toBe(0o600);
        expect(mode(join(s.dataDir, 'statemint.db-wal'))).toBe(0o600);
      }
      for (const file of plainFiles(s.dataDir)) expect(mode(file), file).toBe(0o600);
      for (const e of readdirSync(s.dataDir, { recursive: true, withFileTypes: true }))
        if (e.isDirectory()) expect(mode(join(e.parentPath, e.name)), e.name).toBe(0o700);
    });
  });
}
