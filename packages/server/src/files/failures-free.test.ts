/**
 * DECISIONS.md, failures are free: a conversion that fails uses no monthly upload, no free trial
 * and no pay-per-file payment. And an empty file is called empty.
 */
import { randomBytes } from 'node:crypto';
import type { DashboardResponse } from '@statemint/shared';
import { TEXTS } from '@statemint/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, startTestServer, type TestServer, testDatabases } from '../test/harness';
import { sampleCsvStatement } from './sample-statements';
import { payForFile, proUser } from './test-accounts';
import { freshIp, upload, waitForFile } from './test-helpers';

const NOT_A_STATEMENT = 'nothing to see here\n';

for (const db of testDatabases) {
  describe(`failed conversions cost nothing (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db, config: { trustProxy: 'loopback', conversionWorkers: 1 } });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('a failed vault conversion does not count against the monthly uploads', async () => {
      const u = await proUser(s);
      const bad = await upload(s, '/api/files/upload', { name: 'notes.txt', bytes: NOT_A_STATEMENT, token: u.token });
      expect(bad.status).toBe(201);
      expect((await waitForFile(s, bad.body.id, u.token)).status).toBe('failed');
      const good = await upload(s, '/api/files/upload', {
        name: 'march.csv',
        bytes: sampleCsvStatement(5),
        token: u.token,
      });
      expect((await waitForFile(s, good.body.id, u.token)).status).toBe('completed');
      const dash = await s.api<DashboardResponse>('/api/dashboard', { token: u.token });
      expect(dash.body.stats.filesThisMonth).toBe(1);
    });

    it('a failed pay-per-file conversion gives the payment back for another file', async () => {
      const email = `payg-${randomBytes(4).toString('hex')}@example.com`;
      const paymentIntentId = await payForFile(s, email);
      const fields = { paymentIntentId, email };
      const bad = await upload(s, '/api/files/upload-paid', { name: 'notes.txt', bytes: NOT_A_STATEMENT, fields });
      expect(bad.status).toBe(201);
      expect((await waitForFile(s, bad.body.id)).status).toBe('failed');
      const good = await upload(s, '/api/files/upload-paid', {
        name: 'march.csv',
        bytes: sampleCsvStatement(5),
        fields,
      });
      expect(good.status, JSON.stringify(good.body)).toBe(201);
      expect((await waitForFile(s, good.body.id)).status).toBe('completed');
      // Used once it succeeded.
      const third = await upload(s, '/api/files/upload-paid', { name: 'b.csv', bytes: sampleCsvStatement(5), fields });
      expect(third.status).toBe(402);
    });

    it("a free account's dashboard says when its free trial is back, not '1 left this month'", async () => {
      const u = await createVerifiedUser(s);
      const before = await s.api<DashboardResponse>('/api/dashboard', { token: u.token });
      expect(before.body.freeTrial).toEqual({ canUse: true, code: null, nextAt: null });
      const ok = await upload(s, '/api/files/upload', {
        name: 'march.csv',
        bytes: sampleCsvStatement(5),
        token: u.token,
      });
      expect((await waitForFile(s, ok.body.id, u.token)).status).toBe('completed');
      const after = await s.api<DashboardResponse>('/api/dashboard', { token: u.token });
      expect(after.body.freeTrial).toEqual({
        canUse: false,
        code: 'FREE_TRIAL_COOLDOWN',
        nextAt: new Date(s.clock.now() + 24 * 3600_000).toISOString(),
      });
    });

    it('answers an empty file with what is wrong with it', async () => {
      const res = await upload(s, '/api/files/upload-free-trial', {
        name: 'empty.pdf',
        bytes: '',
        fields: { email: 'empty@example.com' },
        ip: freshIp(),
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: TEXTS.emptyFile });
    });
  });
}

/** Issue 29, N2: a free trial whose conversion hit a limit stays used, or its address could repeat it at once. */
for (const db of testDatabases) {
  describe(`a free trial that hit a limit stays used (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      // Every conversion runs out of time here.
      s = await startTestServer({
        db,
        config: { trustProxy: 'loopback', conversionWorkers: 1, conversionTimeoutMs: 1 },
      });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('refuses the same address and device after a TIMEOUT, as after a success', async () => {
      const ip = freshIp();
      const fp = randomBytes(8).toString('hex');
      const send = (email: string) =>
        upload(s, '/api/files/upload-free-trial', {
          name: 'long.csv',
          bytes: sampleCsvStatement(400),
          fields: { email },
          headers: { 'x-device-fingerprint': fp },
          ip,
        });
      const first = await send(`slow-${randomBytes(4).toString('hex')}@example.com`);
      expect(first.status).toBe(201);
      const failed = await waitForFile(s, first.body.id);
      expect(failed).toMatchObject({ status: 'failed', errorCode: 'TIMEOUT' });
      const again = await send(`slow-${randomBytes(4).toString('hex')}@example.com`);
      expect(again.status).toBe(429);
      expect(again.body.code).toBe('FREE_TRIAL_COOLDOWN');
    });
  });
}
