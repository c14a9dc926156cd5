/**
 * Issue 29, N15: an anonymous file's id lets anyone holding it read the file for its hour, but
 * only its uploader, with the capability issued at upload, saves edits of it or deletes it.
 */
import { randomBytes } from 'node:crypto';
import type { FileRecord, StatementsResponse } from '@statemint/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDatabases } from '../test/harness';
import { UPLOADER_ONLY_MESSAGE } from './capability';
import { filesDb } from './context';
import { sampleCsvStatement } from './sample-statements';
import { proUser } from './test-accounts';
import { freshIp, storedObjects, upload, waitForFile } from './test-helpers';

for (const db of testDatabases) {
  describe(`anonymous file capability (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db, config: { trustProxy: 'loopback', conversionWorkers: 1 } });
    });
    afterAll(async () => {
      await s?.close();
    });

    async function anonymousFile() {
      const res = await upload(s, '/api/files/upload-free-trial', {
        name: 'march.csv',
        bytes: sampleCsvStatement(5),
        fields: { email: `anon-${randomBytes(4).toString('hex')}@example.com` },
        headers: { 'x-device-fingerprint': randomBytes(8).toString('hex') },
        ip: freshIp(),
      });
      expect(res.status).toBe(201);
      const capability = (res.body as { capability?: string }).capability;
      expect(capability).toMatch(/^[\w-]{32}$/);
      await waitForFile(s, res.body.id);
      return { id: res.body.id, capability: capability as string };
    }

    it('refuses edits of an anonymous file without its capability, takes them with it', async () => {
      const { id, capability } = await anonymousFile();
      const got = await s.api<StatementsResponse>(`/api/files/${id}/statements`);
      expect(got.status).toBe(200);
      const save = (headers: Record<string, string>) =>
        s.api<{ version: number; file: FileRecord }>(`/api/files/${id}/statements`, {
          method: 'PUT',
          body: { baseVersion: got.body.version, statements: got.body.statements },
          headers,
        });
      const attempts: Array<Record<string, string>> = [{}, { 'x-file-capability': 'not-the-capability' }];
      for (const headers of attempts) {
        const refused = await save(headers);
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ code: 'FORBIDDEN', message: UPLOADER_ONLY_MESSAGE });
      }
      const restore = await s.api(`/api/files/${id}/statements/restore`, { body: { version: 0 } });
      expect(restore.status).toBe(403);
      expect((await s.api<StatementsResponse>(`/api/files/${id}/statements`)).body.version).toBe(0);
      const saved = await save({ 'x-file-capability': capability });
      expect(saved.status).toBe(200);
      expect(saved.body.version).toBe(1);
    });

    it('lets the uploader delete an anonymous file with its capability, and no one else', async () => {
      const { id, capability } = await anonymousFile();
      const stranger = await s.api(`/api/files/${id}`, { method: 'DELETE' });
      expect(stranger.status).toBe(403);
      const wrong = await s.api(`/api/files/${id}`, { method: 'DELETE', headers: { 'x-file-capability': 'nope' } });
      expect(wrong.status).toBe(403);
      expect((await s.api(`/api/files/${id}`)).status).toBe(200);
      const deleted = await s.api(`/api/files/${id}`, {
        method: 'DELETE',
        headers: { 'x-file-capability': capability },
      });
      expect(deleted).toMatchObject({ status: 200, body: { message: 'File deleted' } });
      expect((await s.api(`/api/files/${id}`)).status).toBe(404);
      expect((await storedObjects(s)).some((name) => name.includes(id))).toBe(false);
      const rows = await filesDb(s.ctx)
        .selectFrom('file_capabilities')
        .select('file_id')
        .where('file_id', '=', id)
        .execute();
      expect(rows).toHaveLength(0);
    });

    it('issues no capability for a vault file, which its owner alone deletes', async () => {
      const pro = await proUser(s);
      const res = await upload(s, '/api/files/upload', {
        name: 'vault.csv',
        bytes: sampleCsvStatement(4),
        token: pro.token,
      });
      expect(res.status).toBe(201);
      expect(res.body).not.toHaveProperty('capability');
      await waitForFile(s, res.body.id, pro.token);
      expect((await s.api(`/api/files/${res.body.id}`, { method: 'DELETE' })).status).toBe(404);
      expect((await s.api(`/api/files/${res.body.id}`, { method: 'DELETE', token: pro.token })).status).toBe(200);
    });
  });
}
