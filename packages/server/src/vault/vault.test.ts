/**
 * The vault over real HTTP: account uploads and quotas, signed downloads, authorisation
 * (another user's file is a 404), dashboard, restore, delete, and the file-life sweeper
 * driven by an injected clock (files really gone from disk).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type DashboardResponse,
  downloadName,
  type OriginalDownloadResponse,
  OUTPUT_CONTENT_TYPES,
  OUTPUT_FORMATS,
  type RestoreResponse,
} from '@statemint/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesDb } from '../files/context';
import { MAX_ATTEMPTS } from '../files/jobs';
import { sampleCsvStatement } from '../files/sample-statements';
import { newFileRow } from '../files/service';
import { fetchRaw, freshIp, storedObjects, upload, waitForFile } from '../files/test-helpers';
import { sweep } from '../sweeper/sweeper';
import { createVerifiedUser, startTestServer, type TestServer, testDatabases } from '../test/harness';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const CSV = sampleCsvStatement(12, 250_000, 7);
// The original, an object per output format and the statements (version 0) the review screen reads.
const STORED_PER_FILE = 1 + OUTPUT_FORMATS.length + 1;

async function proUser(s: TestServer) {
  const u = await createVerifiedUser(s);
  const intent = await s.api<{ clientSecret: string; paymentIntentId: string }>('/api/payments/create-payment-intent', {
    body: { amount: 3500, type: 'pro' },
    token: u.token,
  });
  expect(intent.status).toBe(200);
  const card = await s.api('/api/payments/test-mode/confirm-card', {
    body: {
      clientSecret: intent.body.clientSecret,
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    },
  });
  expect(card.status).toBe(200);
  const confirmed = await s.api('/api/payments/confirm', {
    body: { paymentIntentId: intent.body.paymentIntentId },
    token: u.token,
  });
  expect(confirmed.status).toBe(200);
  const me = await s.api<{ plan: string }>('/api/auth/user', { token: u.token });
  expect(me.body.plan).toBe('pro');
  return u;
}

async function uploadAs(s: TestServer, token: string, name = 'bank-march.csv') {
  const res = await upload(s, '/api/files/upload', { name, bytes: CSV, token, ip: freshIp() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return waitForFile(s, res.body.id, token);
}

async function objectsOf(s: TestServer, id: string): Promise<string[]> {
  return (await storedObjects(s)).filter((p) => p.includes(id));
}

async function addUsage(s: TestServer, userId: string, kind: 'upload' | 'restore', n: number) {
  const rows = Array.from({ length: n }, () => ({
    id: randomUUID(),
    user_id: userId,
    kind,
    file_id: null,
    created_at: s.clock.now(),
  }));
  await filesDb(s.ctx).insertInto('usage_events').values(rows).execute();
}

for (const db of testDatabases) {
  describe(`vault API (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      // Sessions outlive the 30 days the retention test moves the clock by.
      s = await startTestServer({
        db,
        config: { trustProxy: 'loopback', conversionWorkers: 1, sessionTtlHours: 24 * 90 },
      });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('converts a Pro upload and serves it to its owner only, by Bearer or by signed link', async () => {
      const owner = await proUser(s);
      const other = await proUser(s);
      const file = await uploadAs(s, owner.token);
      expect(file).toMatchObject({
        mode: 'subscription',
        status: 'completed',
        transactionCount: 12,
        restoreStatus: null,
      });
      expect(file.reconciliation?.status).toBe('balanced');
      expect(new Date(file.availableUntil ?? 0).getTime()).toBe(s.clock.now() + DAY);
      expect(new Date(file.deleteAt ?? 0).getTime()).toBe(s.clock.now() + 30 * DAY);
      expect(file.excelUrl).toBe(file.xlsxUrl);

      // The links open in a new tab: no Authorization header, the token in the link is enough.
      for (const [key, format] of [
        ['xlsxUrl', 'xlsx'],
        ['csvUrl', 'csv'],
        ['jsonUrl', 'json'],
        ['xmlUrl', 'xml'],
        ['textUrl', 'txt'],
        ['htmlUrl', 'html'],
        ['ofxUrl', 'ofx'],
        ['qfxUrl', 'qfx'],
        ['qboUrl', 'qbo'],
        ['qifUrl', 'qif'],
        ['iifUrl', 'iif'],
      ] as const) {
        const url = file[key];
        expect(url, key).toMatch(new RegExp(`^/api/files/${file.id}/download/${format}\\?token=`));
        const dl = await fetchRaw(s, url as string);
        expect(dl.status, key).toBe(200);
        expect(dl.headers.get('content-type')).toBe(OUTPUT_CONTENT_TYPES[format]);
        expect(dl.headers.get('content-disposition')).toContain(downloadName('bank-march.csv', format));
      }
      const byBearer = await fetchRaw(s, `/api/files/${file.id}/download/excel`, owner.token);
      expect(byBearer.status).toBe(200);
      // The CSV link also serves DECISIONS.md's other column sets.
      const accounting = await fetchRaw(s, `${file.csvUrl}&preset=accounting`);
      expect(accounting.status).toBe(200);
      expect(accounting.body.toString('utf8').split(/\r?\n/)[0]).toBe('Date,Description,Debit,Credit,Balance');

      // A link for one format does not open another, and a tampered token fails.
      const csvToken = new URL(file.csvUrl as string, s.url).searchParams.get('token');
      expect((await s.api(`/api/files/${file.id}/download/json?token=${csvToken}`)).status).toBe(401);
      expect((await s.api(`/api/files/${file.id}/download/csv?token=${csvToken}x`)).status).toBe(401);
      expect((await s.api(`/api/files/${file.id}/download/csv`)).status).toBe(401);

      // The original: a short-lived link, then the exact bytes.
      const link = await s.api<OriginalDownloadResponse>(`/api/files/${file.id}/download`, { token: owner.token });
      expect(link.status).toBe(200);
      expect(link.body.filename).toBe('bank-march.csv');
      const original = await fetchRaw(s, link.body.downloadUrl);
      expect(original.status).toBe(200);
      expect(original.body.toString('utf8')).toBe(CSV);

      // Another user (and nobody) gets exactly what a missing file gets.
      const missing = await s.api(`/api/files/${randomBytes(18).toString('base64url')}`, { token: other.token });
      expect(missing.status).toBe(404);
      for (const res of [
        await s.api(`/api/files/${file.id}`, { token: other.token }),
        await s.api(`/api/files/${file.id}`),
        await s.api(`/api/files/${file.id}/download`, { token: other.token }),
        await s.api(`/api/files/${file.id}/download/csv`, { token: other.token }),
        await s.api(`/api/files/${file.id}/restore`, { token: other.token, body: { expedited: true } }),
        await s.api(`/api/files/${file.id}`, { token: other.token, method: 'DELETE' }),
        await s.api(`/api/download-free/${file.id}?format=csv`),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual(missing.body);
      }
      expect((await s.api(`/api/files/${file.id}`, { token: owner.token })).status).toBe(200);
    });

    it('answers the dashboard as SPEC §3 says', async () => {
      const u = await proUser(s);
      const a = await uploadAs(s, u.token, 'a.csv');
      const b = await uploadAs(s, u.token, 'b.csv');
      const res = await s.api<DashboardResponse>('/api/dashboard', { token: u.token });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['limits', 'nextCursor', 'recentFiles', 'stats', 'user']);
      expect(res.body.user).toMatchObject({ email: u.email, plan: 'pro', emailVerified: true });
      expect(res.body.limits).toEqual({ uploads: 400, restores: 50 });
      expect(res.body.stats).toEqual({
        totalFiles: 2,
        filesThisMonth: 2,
        restoresThisMonth: 0,
        storageUsed: expect.any(Number),
        archivedFiles: 0,
        restoredFiles: 0,
      });
      expect(res.body.stats.storageUsed).toBeGreaterThan(2 * CSV.length);
      expect(res.body.recentFiles.map((f) => f.id).sort()).toEqual([a.id, b.id].sort());
      expect(res.body.recentFiles[0]).toMatchObject({ status: 'completed', transactionCount: 12 });
      expect((await s.api('/api/dashboard')).status).toBe(401);
      expect((await upload(s, '/api/files/upload', { name: 'x.csv', bytes: CSV })).status).toBe(401);
    });

    it('enforces the monthly upload quota with QUOTA_EXCEEDED', async () => {
      const u = await proUser(s);
      await addUsage(s, u.user.id as string, 'upload', 399);
      await uploadAs(s, u.token);
      const over = await upload(s, '/api/files/upload', { name: 'x.csv', bytes: CSV, token: u.token });
      expect(over.status).toBe(403);
      expect(over.body.code).toBe('QUOTA_EXCEEDED');
      expect(over.body.message).toContain('upgrade');
    });

    it('gives free accounts the free trial: one conversion per 24 hours', async () => {
      const u = await createVerifiedUser(s);
      const ip = freshIp();
      const first = await upload(s, '/api/files/upload', { name: 'f.csv', bytes: CSV, token: u.token, ip });
      expect(first.status).toBe(201);
      const file = await waitForFile(s, first.body.id, u.token);
      expect(file).toMatchObject({ mode: 'free_trial', status: 'completed' });
      const second = await upload(s, '/api/files/upload', { name: 'g.csv', bytes: CSV, token: u.token, ip: freshIp() });
      expect(second.status).toBe(429);
      expect(second.body.code).toBe('FREE_TRIAL_COOLDOWN');
    });

    it('gives the legacy starter plan its monthly quota, not the free trial (DECISIONS.md: 100 uploads)', async () => {
      const u = await createVerifiedUser(s);
      await s.ctx.db.updateTable('users').set({ plan: 'starter' }).where('email', '=', u.email).execute();
      const ip = freshIp();
      for (const name of ['s1.csv', 's2.csv']) {
        const res = await upload(s, '/api/files/upload', { name, bytes: CSV, token: u.token, ip });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(await waitForFile(s, res.body.id, u.token)).toMatchObject({ mode: 'subscription', status: 'completed' });
      }
      const board = await s.api<DashboardResponse>('/api/dashboard', { token: u.token });
      expect(board.body.limits).toEqual({ uploads: 100, restores: 10 });
      expect(board.body.stats.filesThisMonth).toBe(2);
    });

    it('deletes the original, every output and every row', async () => {
      const u = await proUser(s);
      const file = await uploadAs(s, u.token);
      expect((await objectsOf(s, file.id)).length).toBe(STORED_PER_FILE);
      const del = await s.api(`/api/files/${file.id}`, { token: u.token, method: 'DELETE' });
      expect(del.status).toBe(200);
      expect(await objectsOf(s, file.id)).toEqual([]);
      expect((await s.api(`/api/files/${file.id}`, { token: u.token })).status).toBe(404);
      const rows = await filesDb(s.ctx).selectFrom('files').select('id').where('id', '=', file.id).execute();
      expect(rows).toEqual([]);
      expect((await s.api(`/api/files/${file.id}`, { token: u.token, method: 'DELETE' })).status).toBe(404);
    });

    it('archives after 24 hours, restores for 24 hours (expedited first), then archives again', async () => {
      const files = s.app.services.files;
      const u = await proUser(s);
      const file = await uploadAs(s, u.token);
      s.clock.advance(DAY - 1000);
      await sweep(files);
      expect((await waitForFile(s, file.id, u.token)).status).toBe('completed');

      s.clock.advance(2000);
      // Past the hot period the file is no longer downloadable, even before the sweeper runs.
      expect((await s.api(`/api/files/${file.id}/download/csv`, { token: u.token })).body).toMatchObject({
        code: 'FILE_ARCHIVED',
      });
      const report = await sweep(files);
      expect(report.archived).toBeGreaterThanOrEqual(1);
      const archived = await waitForFile(s, file.id, u.token);
      expect(archived).toMatchObject({ status: 'archived', restoreStatus: null, csvUrl: null, availableUntil: null });
      expect((await objectsOf(s, file.id)).length).toBe(STORED_PER_FILE);
      const blocked = await s.api(`/api/files/${file.id}/download`, { token: u.token });
      expect(blocked.status).toBe(409);
      expect(blocked.body).toMatchObject({ code: 'FILE_ARCHIVED' });

      const restore = await s.api<RestoreResponse>(`/api/files/${file.id}/restore`, {
        token: u.token,
        body: { expedited: true },
      });
      expect(restore.status).toBe(200);
      expect(restore.body.message).toContain('Restoration requested');
      expect(['requested', 'in_progress', 'completed']).toContain(restore.body.file.restoreStatus);
      const restored = await waitForFile(s, file.id, u.token);
      expect(restored).toMatchObject({ status: 'completed', restoreStatus: 'completed', transactionCount: 12 });
      expect(new Date(restored.restoreExpiresAt ?? 0).getTime()).toBe(s.clock.now() + DAY);
      expect((await fetchRaw(s, restored.csvUrl as string)).status).toBe(200);
      const dash = await s.api<DashboardResponse>('/api/dashboard', { token: u.token });
      expect(dash.body.stats).toMatchObject({ restoresThisMonth: 1, restoredFiles: 1 });
      const again = await s.api<RestoreResponse>(`/api/files/${file.id}/restore`, { token: u.token, body: {} });
      expect(again.body.message).toContain('available');

      s.clock.advance(DAY + 1);
      await sweep(files);
      const back = await waitForFile(s, file.id, u.token);
      expect(back).toMatchObject({ status: 'archived', restoreStatus: null, restoreExpiresAt: null, csvUrl: null });
    });

    it('stops restores at the plan limit with RESTORE_LIMIT_REACHED', async () => {
      const u = await proUser(s);
      const file = await uploadAs(s, u.token);
      s.clock.advance(DAY + 1);
      await sweep(s.app.services.files);
      await addUsage(s, u.user.id as string, 'restore', 50);
      const res = await s.api(`/api/files/${file.id}/restore`, { token: u.token, body: { expedited: false } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'RESTORE_LIMIT_REACHED' });
      expect((await waitForFile(s, file.id, u.token)).restoreStatus).toBeNull();
    });

    it('deletes vault files after the retention period: fileRetentionDays with auto-delete on, else 30 days', async () => {
      const files = s.app.services.files;
      const keeper = await proUser(s);
      const short = await proUser(s);
      const setting = await s.api('/api/auth/update-retention', {
        token: short.token,
        body: { autoDeleteEnabled: true, fileRetentionDays: 1 },
      });
      expect(setting.status).toBe(200);
      const kept = await uploadAs(s, keeper.token);
      const dropped = await uploadAs(s, short.token);
      expect(dropped.deleteAt).toBe(new Date(s.clock.now() + DAY).toISOString());

      s.clock.advance(DAY);
      await sweep(files);
      expect(await objectsOf(s, dropped.id)).toEqual([]);
      expect((await s.api(`/api/files/${dropped.id}`, { token: short.token })).status).toBe(404);
      expect((await objectsOf(s, kept.id)).length).toBe(STORED_PER_FILE);

      s.clock.advance(28 * DAY);
      await sweep(files);
      expect((await waitForFile(s, kept.id, keeper.token)).status).toBe('archived');
      s.clock.advance(DAY);
      await sweep(files);
      expect(await objectsOf(s, kept.id)).toEqual([]);
      expect((await s.api(`/api/files/${kept.id}`, { token: keeper.token })).status).toBe(404);
    });

    it('re-enqueues lost jobs from the sweeper and gives up on a file that crashed MAX_ATTEMPTS starts', async () => {
      const files = s.app.services.files;
      const u = await proUser(s);
      const row = (id: string, attempts: number) => ({
        ...newFileRow(
          id,
          { user_id: u.user.id as string, mode: 'subscription', email: null, payment_intent_id: null },
          { fileName: 'lost.csv', size: CSV.length, inputKind: 'csv' },
          s.clock.now(),
        ),
        attempts,
      });
      // Rows written as an upload writes them, whose job never reached the queue.
      const lost = randomBytes(18).toString('base64url');
      const poison = randomBytes(18).toString('base64url');
      for (const id of [lost, poison]) await files.store.put(`files/${id}/original`, CSV);
      for (const r of [row(lost, 0), row(poison, MAX_ATTEMPTS)]) await files.repo.insert(r);
      expect((await sweep(files)).requeued).toBe(0);
      s.clock.advance(16 * 60_000);
      expect((await sweep(files)).requeued).toBe(2);
      expect(await waitForFile(s, lost, u.token)).toMatchObject({ status: 'completed', transactionCount: 12 });
      expect(await waitForFile(s, poison, u.token)).toMatchObject({ status: 'failed', errorCode: 'CONVERSION_FAILED' });
    });

    it('deletes anonymous files one hour after upload, leaving nothing on disk', async () => {
      const res = await upload(s, '/api/files/upload-free-trial', {
        name: 'anon.csv',
        bytes: CSV,
        fields: { email: `anon-${randomBytes(3).toString('hex')}@example.com` },
        headers: { 'x-device-fingerprint': randomBytes(6).toString('hex') },
        ip: freshIp(),
      });
      expect(res.status).toBe(201);
      await waitForFile(s, res.body.id);
      expect((await objectsOf(s, res.body.id)).length).toBe(STORED_PER_FILE);
      s.clock.advance(HOUR - 1);
      await sweep(s.app.services.files);
      expect((await objectsOf(s, res.body.id)).length).toBe(STORED_PER_FILE);
      s.clock.advance(1);
      expect((await s.api(`/api/files/${res.body.id}`)).status).toBe(404);
      const report = await sweep(s.app.services.files);
      expect(report.expired).toBeGreaterThanOrEqual(1);
      expect(await objectsOf(s, res.body.id)).toEqual([]);
    });
  });
}
