/**
 * POST /api/files/{id}/retry over real HTTP: a failed conversion run again takes back the one
 * charge its failure released, once, however many retries arrive at the same time.
 */
import { randomBytes } from 'node:crypto';
import { buildStatementPdf, sampleRows } from '@statemint/engine/testing';
import type { DashboardResponse, FileRecord } from '@statemint/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDatabases } from '../test/harness';
import { sampleCsvStatement } from './sample-statements';
import { proUser } from './test-accounts';
import { freshIp, upload, waitForFile } from './test-helpers';

const PASSWORD = 'open sesame';
const lockedPdf = async () =>
  (
    await buildStatementPdf({
      bank: 'Example Bank',
      holder: 'Jane Doe',
      account: '12345678',
      periodStart: '2024-03-01',
      periodEnd: '2024-03-31',
      openingCents: 100_000,
      rows: sampleRows(4),
      userPassword: PASSWORD,
    })
  ).pdf;

for (const db of testDatabases) {
  describe(`retrying a failed conversion (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db, config: { trustProxy: 'loopback', conversionWorkers: 1 } });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('two retries of one failed vault file at once: one runs, the other is refused, one monthly upload used', async () => {
      const u = await proUser(s);
      const res = await upload(s, '/api/files/upload', {
        name: 'locked.pdf',
        bytes: await lockedPdf(),
        token: u.token,
      });
      expect(res.status).toBe(201);
      expect(await waitForFile(s, res.body.id, u.token)).toMatchObject({
        status: 'failed',
        errorCode: 'PDF_ENCRYPTED',
      });
      const used = async () =>
        (await s.api<DashboardResponse>('/api/dashboard', { token: u.token })).body.stats.filesThisMonth;
      expect(await used()).toBe(0);

      const retry = () =>
        s.api<FileRecord>(`/api/files/${res.body.id}/retry`, { body: { password: PASSWORD }, token: u.token });
      const answers = await Promise.all([retry(), retry(), retry()]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
      expect((await waitForFile(s, res.body.id, u.token)).status).toBe('completed');
      expect(await used()).toBe(1);
    });

    it('a retry refused for its charge leaves the file failed as it was, to be retried later', async () => {
      const who = { email: `retry-${randomBytes(4).toString('hex')}@example.com`, fp: randomBytes(8).toString('hex') };
      const ip = freshIp();
      const headers = { 'x-device-fingerprint': who.fp, 'x-forwarded-for': ip };
      const locked = await upload(s, '/api/files/upload-free-trial', {
        name: 'locked.pdf',
        bytes: await lockedPdf(),
        fields: { email: who.email },
        headers: { 'x-device-fingerprint': who.fp },
        ip,
      });
      expect(await waitForFile(s, locked.body.id)).toMatchObject({ status: 'failed', errorCode: 'PDF_ENCRYPTED' });
      // The failure gave the free trial back, and this device spends it on another file.
      const other = await upload(s, '/api/files/upload-free-trial', {
        name: 'march.csv',
        bytes: sampleCsvStatement(4),
        fields: { email: who.email },
        headers: { 'x-device-fingerprint': who.fp },
        ip,
      });
      expect((await waitForFile(s, other.body.id)).status).toBe('completed');
      const refused = await s.api(`/api/files/${locked.body.id}/retry`, { body: { password: PASSWORD }, headers });
      expect(refused.status).toBe(429);
      const after = await s.api<FileRecord>(`/api/files/${locked.body.id}`);
      expect(after.body).toMatchObject({ status: 'failed', errorCode: 'PDF_ENCRYPTED' });
    });
  });
}
