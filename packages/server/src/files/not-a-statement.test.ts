/**
 * DECISIONS.md: a document that is not a bank statement is refused with NOT_A_STATEMENT and
 * costs no free trial, payment or monthly upload. Tested with a real invoice, as a text PDF and
 * as TXT, on each upload path.
 */
import type { DashboardResponse } from '@statemint/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDatabases } from '../test/harness';
import { sampleCsvStatement, sampleLetterPdf, sampleLetterText } from './sample-statements';
import { payForFile, proUser } from './test-accounts';
import { freshIp, upload, waitForFile } from './test-helpers';

const CSV = sampleCsvStatement(8);

for (const db of testDatabases) {
  describe(`a document that is no statement costs nothing (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db, config: { trustProxy: 'loopback', conversionWorkers: 1 } });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('free trial: an invoice PDF fails and the same visitor may convert a statement straight after', async () => {
      const who = {
        ip: freshIp(),
        headers: { 'x-device-fingerprint': 'fp-letter' },
        fields: { email: 'l@example.com' },
      };
      const letter = await upload(s, '/api/files/upload-free-trial', {
        name: 'invoice.pdf',
        bytes: sampleLetterPdf(),
        ...who,
      });
      expect(letter.status).toBe(201);
      const failed = await waitForFile(s, letter.body.id);
      expect(failed.status).toBe('failed');
      expect(failed.errorCode).toBe('NOT_A_STATEMENT');
      expect(failed.errorMessage).toBe('This document does not look like a bank statement.');

      const check = await s.api('/api/check-free-trial', {
        body: { email: 'l@example.com' },
        headers: { 'x-forwarded-for': who.ip, 'x-device-fingerprint': 'fp-letter' },
      });
      expect(check.body).toMatchObject({ canUse: true });
      const statement = await upload(s, '/api/files/upload-free-trial', { name: 'march.csv', bytes: CSV, ...who });
      expect(statement.status).toBe(201);
      expect((await waitForFile(s, statement.body.id)).status).toBe('completed');
      // Now the trial is used.
      const again = await upload(s, '/api/files/upload-free-trial', { name: 'april.csv', bytes: CSV, ...who });
      expect(again.body).toMatchObject({ code: 'FREE_TRIAL_COOLDOWN' });
    });

    it('pay per file: the payment of a failed conversion converts the next file, once', async () => {
      const email = 'payer@example.com';
      const paymentIntentId = await payForFile(s, email);
      const paid = (name: string, bytes: Uint8Array | string) =>
        upload(s, '/api/files/upload-paid', { name, bytes, fields: { email, paymentIntentId }, ip: freshIp() });
      const letter = await paid('letter.txt', sampleLetterText());
      expect(letter.status).toBe(201);
      const failed = await waitForFile(s, letter.body.id);
      expect(failed.errorCode).toBe('NOT_A_STATEMENT');

      const statement = await paid('march.csv', CSV);
      expect(statement.status).toBe(201);
      expect((await waitForFile(s, statement.body.id)).status).toBe('completed');
      expect((await paid('april.csv', CSV)).body).toMatchObject({ code: 'PAYMENT_REQUIRED' });
    });

    it('account: a failed conversion is not one of the monthly uploads', async () => {
      const u = await proUser(s);
      const usage = async () =>
        (await s.api<DashboardResponse>('/api/dashboard', { token: u.token })).body.stats.filesThisMonth;
      const letter = await upload(s, '/api/files/upload', {
        name: 'letter.pdf',
        bytes: sampleLetterPdf(),
        token: u.token,
      });
      expect(letter.status).toBe(201);
      expect((await waitForFile(s, letter.body.id, u.token)).errorCode).toBe('NOT_A_STATEMENT');
      expect(await usage()).toBe(0);
      const statement = await upload(s, '/api/files/upload', { name: 'march.csv', bytes: CSV, token: u.token });
      expect((await waitForFile(s, statement.body.id, u.token)).status).toBe('completed');
      expect(await usage()).toBe(1);
    });
  });
}
