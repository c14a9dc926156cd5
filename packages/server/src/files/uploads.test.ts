/**
 * Uploads over real HTTP with real conversions: free trial, pay per file and their rules,
 * type and size checks, and uploads that must leave nothing behind.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import {
  downloadName,
  type FileRecord,
  type FreeTrialCheckResponse,
  LIMITS,
  OUTPUT_CONTENT_TYPES,
  type OutputFormat,
} from '@statemint/shared';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDatabases } from '../test/harness';
import { recordFreeTrialUse } from './free-trial';
import { sampleCsvStatement, samplePdfStatement } from './sample-statements';
import { fetchRaw, freshIp, storedObjects, upload, waitForFile } from './test-helpers';
import { UNSUPPORTED_MESSAGE } from './upload-type';

const HOUR = 3600_000;
const CSV = sampleCsvStatement(14);
// One worker thread: the tests' conversions are small, and the two cores are shared with other test files.
const trustProxy = { trustProxy: 'loopback', conversionWorkers: 1 };

const DOWNLOAD_FORMATS: Array<[string, OutputFormat]> = [
  ['excel', 'xlsx'],
  ['xlsx', 'xlsx'],
  ['csv', 'csv'],
  ['json', 'json'],
  ['xml', 'xml'],
  ['txt', 'txt'],
  ['text', 'txt'],
  ['html', 'html'],
  ['ofx', 'ofx'],
  ['qfx', 'qfx'],
  ['qbo', 'qbo'],
  ['qif', 'qif'],
  ['iif', 'iif'],
];

function freeTrial(
  s: TestServer,
  opts: { email?: string; fp?: string; ip?: string; name?: string; bytes?: string | Uint8Array },
) {
  return upload(s, '/api/files/upload-free-trial', {
    name: opts.name ?? 'march-statement.csv',
    bytes: opts.bytes ?? CSV,
    fields: opts.email === undefined ? {} : { email: opts.email },
    headers: { 'x-device-fingerprint': opts.fp ?? randomBytes(8).toString('hex') },
    ip: opts.ip ?? freshIp(),
  });
}

const uniqueEmail = () => `visitor-${randomBytes(4).toString('hex')}@example.com`;

async function payForFile(s: TestServer, email: string): Promise<string> {
  const intent = await s.api<{ clientSecret: string; paymentIntentId: string }>('/api/payments/create-payment-intent', {
    body: { amount: 149, type: 'payasyougo', email },
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
  const confirmed = await s.api('/api/payments/confirm', { body: { paymentIntentId: intent.body.paymentIntentId } });
  expect(confirmed.status).toBe(200);
  return intent.body.paymentIntentId;
}

for (const db of testDatabases) {
  describe(`uploads API (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db, config: trustProxy });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('converts a free-trial upload and serves every format with its content type and name', async () => {
      const res = await freeTrial(s, { email: uniqueEmail() });
      expect(res.status).toBe(201);
      expect(res.body.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
      const file = await waitForFile(s, res.body.id);
      expect(file).toMatchObject({
        id: res.body.id,
        originalFilename: 'march-statement.csv',
        fileSize: Buffer.byteLength(CSV),
        mode: 'free_trial',
        status: 'completed',
        transactionCount: 14,
        statementCount: 1,
        errorMessage: null,
        reconciliation: { status: 'balanced', mismatches: [] },
      });
      expect(file.preview).toHaveLength(10);
      expect(file.preview?.[0]).toMatchObject({ date: '2024-03-01', description: 'Salary payment 0' });
      for (const key of [
        'excelUrl',
        'xlsxUrl',
        'csvUrl',
        'jsonUrl',
        'xmlUrl',
        'textUrl',
        'htmlUrl',
        'ofxUrl',
        'qfxUrl',
        'qboUrl',
        'qifUrl',
        'iifUrl',
      ] as const)
        expect(file[key], key).toMatch(new RegExp(`^/api/download-free/${res.body.id}\\?format=`));
      expect(new Date(file.deleteAt ?? 0).getTime()).toBe(s.clock.now() + HOUR);

      for (const [param, format] of DOWNLOAD_FORMATS) {
        const dl = await fetchRaw(s, `/api/download-free/${res.body.id}?format=${param}`);
        expect(dl.status, param).toBe(200);
        expect(dl.headers.get('content-type')).toBe(OUTPUT_CONTENT_TYPES[format]);
        expect(dl.headers.get('content-disposition')).toContain(
          `filename="${downloadName('march-statement.csv', format)}"`,
        );
        expect(dl.body.length).toBeGreaterThan(100);
      }
      const json = JSON.parse(
        (await fetchRaw(s, `/api/download-free/${res.body.id}?format=json`)).body.toString('utf8'),
      );
      expect(json.transactions).toHaveLength(14);
      const xlsx = await fetchRaw(s, `/api/download-free/${res.body.id}?format=excel`);
      expect(xlsx.body.subarray(0, 2).toString('latin1')).toBe('PK');

      const bad = await s.api(`/api/download-free/${res.body.id}?format=pdf`);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'format' });

      // DECISIONS.md CSV presets: the 9 standard columns by default, 'simple' and 'accounting' on request.
      const header = async (query: string) =>
        (await fetchRaw(s, `/api/download-free/${res.body.id}?${query}`)).body.toString('utf8').split(/\r?\n/)[0];
      expect(await header('format=csv')).toBe(
        'Date,Source Date,Description,Credit,Debit,Amount,Balance,Reference,Page',
      );
      expect(await header('format=csv&preset=standard')).toBe(await header('format=csv'));
      expect(await header('format=csv&preset=simple')).toBe('Date,Description,Amount,Reference,Category');
      expect(await header('format=csv&preset=accounting')).toBe('Date,Description,Debit,Credit,Balance');
      const simple = await fetchRaw(s, `/api/download-free/${res.body.id}?format=csv&preset=simple`);
      expect(simple.headers.get('content-type')).toBe(OUTPUT_CONTENT_TYPES.csv);
      expect(simple.body.toString('utf8').trim().split(/\r?\n/)).toHaveLength(15);
      for (const query of ['format=csv&preset=fancy', 'format=json&preset=simple']) {
        const refused = await s.api(`/api/download-free/${res.body.id}?${query}`);
        expect(refused, query).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', field: 'preset' } });
      }
      // Stored encrypted: no statement text on disk.
      for (const name of await storedObjects(s)) expect(name.includes('march')).toBe(false);
    });

    it('allows one free trial per 24 hours per fingerprint, per IP and per e-mail', async () => {
      const email = uniqueEmail();
      const fp = randomBytes(8).toString('hex');
      const ip = freshIp();
      const check = (body: object, headers: Record<string, string>) =>
        s.api<FreeTrialCheckResponse>('/api/check-free-trial', { body, headers });
      expect(
        (await check({ email, deviceFingerprint: fp }, { 'x-device-fingerprint': fp, 'x-forwarded-for': ip })).body,
      ).toEqual({
        canUse: true,
        reason: expect.any(String),
      });
      const first = await freeTrial(s, { email, fp, ip });
      expect(first.status).toBe(201);
      await waitForFile(s, first.body.id);

      const sameFp = await freeTrial(s, { email: uniqueEmail(), fp });
      const sameIp = await freeTrial(s, { email: uniqueEmail(), ip });
      const sameEmail = await freeTrial(s, { email: email.toUpperCase() });
      for (const res of [sameFp, sameIp, sameEmail]) {
        expect(res.status).toBe(429);
        expect(res.body.code).toBe('FREE_TRIAL_COOLDOWN');
        expect(res.body.message).toContain('24 hours');
      }
      const refused = await check({ deviceFingerprint: fp }, { 'x-forwarded-for': freshIp() });
      expect(refused.body).toMatchObject({ canUse: false, code: 'FREE_TRIAL_COOLDOWN' });
      expect(refused.body.reason).toContain('24 hours');
      // From when it can be used again: 24 hours after the first use.
      const firstAt = Date.parse((await s.api<{ createdAt: string }>(`/api/files/${first.body.id}`)).body.createdAt);
      expect(Date.parse(refused.body.nextAt ?? '')).toBeGreaterThanOrEqual(firstAt + 24 * HOUR - 1000);
      expect(Date.parse(refused.body.nextAt ?? '')).toBeLessThanOrEqual(s.clock.now() + 24 * HOUR);

      s.clock.advance(24 * HOUR + 1);
      expect((await check({ email }, { 'x-device-fingerprint': fp, 'x-forwarded-for': ip })).body.canUse).toBe(true);
      // The first file's hour is long over: it is gone for everyone.
      expect((await s.api(`/api/files/${first.body.id}`)).status).toBe(404);
    });

    it("answers the free-trial check about the caller's own address and device only, never about an e-mail (N14)", async () => {
      const email = uniqueEmail();
      const first = await freeTrial(s, { email, ip: freshIp(), fp: randomBytes(8).toString('hex') });
      expect(first.status).toBe(201);
      await waitForFile(s, first.body.id);
      // A stranger asking about that e-mail learns nothing: the answer is the same as for an unused one.
      const headers = { 'x-forwarded-for': freshIp(), 'x-device-fingerprint': randomBytes(8).toString('hex') };
      const used = await s.api<FreeTrialCheckResponse>('/api/check-free-trial', { body: { email }, headers });
      const unused = await s.api<FreeTrialCheckResponse>('/api/check-free-trial', {
        body: { email: uniqueEmail() },
        headers,
      });
      expect(used.body).toEqual(unused.body);
      // The upload itself still refuses the used e-mail.
      const again = await freeTrial(s, { email, ip: freshIp(), fp: randomBytes(8).toString('hex') });
      expect(again.status).toBe(429);
      expect(again.body.code).toBe('FREE_TRIAL_COOLDOWN');
    });

    it('needs an e-mail, a supported type (by extension and content) and at most 10 MB, storing nothing otherwise', async () => {
      const before = await storedObjects(s);
      const noEmail = await freeTrial(s, {});
      expect(noEmail.status).toBe(400);
      expect(noEmail.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'email',
        message: 'Please enter your email for free trial conversion.',
      });

      for (const [name, bytes] of [
        ['statement.exe', CSV],
        ['statement.pdf', CSV],
        ['statement.png', '%PDF-1.7\n'],
        ['statement', CSV],
      ] as const) {
        const res = await freeTrial(s, { email: uniqueEmail(), name, bytes });
        expect(res.status, name).toBe(415);
        expect(res.body).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', message: UNSUPPORTED_MESSAGE });
      }

      const big = Buffer.alloc(LIMITS.maxUploadBytes + 1, 0x41);
      const tooLarge = await freeTrial(s, { email: uniqueEmail(), name: 'big.csv', bytes: big });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body).toMatchObject({
        code: 'FILE_TOO_LARGE',
        message: 'Please select a file smaller than 10MB.',
      });

      const noFile = await s.api('/api/files/upload-free-trial', { body: { email: uniqueEmail() } });
      expect(noFile.status).toBe(400);
      expect(noFile.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await storedObjects(s)).toEqual(before);
    });

    it('stores nothing from an upload cut off half-way', async () => {
      const before = await storedObjects(s);
      const { count: rowsBefore } = await countFiles(s);
      const boundary = 'statemintboundary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${uniqueEmail()}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.csv"\r\nContent-Type: text/csv\r\n\r\n`;
      const total = head.length + 200_000;
      const url = new URL(s.url);
      await new Promise<void>((resolve, reject) => {
        const socket = connect(Number(url.port), url.hostname, () => {
          socket.write(
            `POST /api/files/upload-free-trial HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${total}\r\nX-Forwarded-For: ${freshIp()}\r\n\r\n`,
          );
          socket.write(head);
          socket.write(CSV.repeat(40).slice(0, 100_000), () => {
            setTimeout(() => {
              socket.destroy();
              resolve();
            }, 100);
          });
        });
        socket.on('error', reject);
      });
      // Give the server a moment to see the connection close and clean up.
      await new Promise((r) => setTimeout(r, 200));
      expect(await storedObjects(s)).toEqual(before);
      expect((await countFiles(s)).count).toBe(rowsBefore);
      expect((await s.api('/api/health')).status).toBe(200);
    });

    it('accepts one paid upload per confirmed payment, bound to its e-mail', async () => {
      const email = uniqueEmail();
      const intentId = await payForFile(s, email);
      const paid = (fields: Record<string, string>) =>
        upload(s, '/api/files/upload-paid', { name: 'paid.csv', bytes: CSV, fields, ip: freshIp() });

      const wrongEmail = await paid({ paymentIntentId: intentId, email: uniqueEmail() });
      expect(wrongEmail.status).toBe(402);
      expect(wrongEmail.body.code).toBe('PAYMENT_REQUIRED');
      const noIntent = await paid({ email });
      expect(noIntent.status).toBe(402);
      expect(noIntent.body.code).toBe('PAYMENT_REQUIRED');
      const unknown = await paid({ paymentIntentId: 'pi_unknown', email });
      expect(unknown.status).toBe(402);

      const ok = await paid({ paymentIntentId: intentId, email });
      expect(ok.status).toBe(201);
      const file = await waitForFile(s, ok.body.id);
      expect(file).toMatchObject({ mode: 'paid', status: 'completed', transactionCount: 14 });
      expect((await fetchRaw(s, `/api/download-free/${ok.body.id}?format=csv`)).status).toBe(200);

      const again = await paid({ paymentIntentId: intentId, email });
      expect(again.status).toBe(402);
      expect(again.body.code).toBe('PAYMENT_REQUIRED');

      // An unpaid (created, never confirmed) intent is no credit either.
      const pending = await s.api<{ paymentIntentId: string }>('/api/payments/create-payment-intent', {
        body: { amount: 149, type: 'payasyougo', email },
      });
      expect((await paid({ paymentIntentId: pending.body.paymentIntentId, email })).status).toBe(402);

      s.clock.advance(HOUR);
      expect((await s.api(`/api/files/${ok.body.id}`)).status).toBe(404);
      expect((await fetchRaw(s, `/api/download-free/${ok.body.id}?format=csv`)).status).toBe(404);
    });

    it('takes a ZIP whose first entry is stored, not deflated, as a ZIP (N12)', async () => {
      // A stored PDF puts "%PDF-" among the ZIP's first bytes: the PK signature decides first.
      const zip = zipSync({ 'march.pdf': [samplePdfStatement(6), { level: 0 }] });
      expect(Buffer.from(zip.subarray(0, 1024)).includes('%PDF-')).toBe(true);
      const res = await freeTrial(s, { email: uniqueEmail(), name: 'statements.zip', bytes: Buffer.from(zip) });
      expect(res.status).toBe(201);
      expect((await waitForFile(s, res.body.id)).status).toBe('completed');
    });

    it('reports a failed conversion with the engine message', async () => {
      const res = await freeTrial(s, { email: uniqueEmail(), name: 'empty.txt', bytes: 'nothing to see here\n' });
      expect(res.status).toBe(201);
      const file = await waitForFile(s, res.body.id);
      expect(file.status).toBe('failed');
      expect(file.errorCode).toMatch(/^[A-Z_]+$/);
      expect(file.errorMessage?.length).toBeGreaterThan(5);
      expect(file.csvUrl).toBeNull();
      const dl = await s.api(`/api/download-free/${res.body.id}?format=csv`);
      expect(dl.status).toBe(404);
      expect(dl.body).toMatchObject({
        code: 'FORMAT_NOT_AVAILABLE',
        message: 'No CSV file available. Please try a different format.',
      });
    });
  });

  describe(`free-trial daily lock (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db, config: trustProxy });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('locks the free trial for 4 hours after 50 users in a UTC day', async () => {
      // 49 users recorded the way an accepted upload records them, the 50th a real upload.
      const files = s.app.services.files;
      for (let i = 1; i < LIMITS.freeTrialDailyUsers; i++)
        await recordFreeTrialUse(files, { email: uniqueEmail(), fingerprint: `fp-${i}`, ip: freshIp() }, null);
      const fiftieth = await freeTrial(s, { email: uniqueEmail() });
      expect(fiftieth.status).toBe(201);
      expect((await waitForFile(s, fiftieth.body.id)).status).toBe('completed');
      const locked = await freeTrial(s, { email: uniqueEmail() });
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('FREE_TRIAL_LOCKED');
      expect(locked.body.message).toContain('Free trial is temporarily locked');
      const check = await s.api<FreeTrialCheckResponse>('/api/check-free-trial', {
        body: {},
        headers: { 'x-forwarded-for': freshIp() },
      });
      expect(check.body).toMatchObject({ canUse: false, code: 'FREE_TRIAL_LOCKED' });

      s.clock.advance(4 * HOUR - 1000);
      expect((await freeTrial(s, { email: uniqueEmail() })).body.code).toBe('FREE_TRIAL_LOCKED');
      s.clock.advance(2000);
      const after = await freeTrial(s, { email: uniqueEmail() });
      expect(after.status).toBe(201);
      const file: FileRecord = await waitForFile(s, after.body.id);
      expect(file.status).toBe('completed');
    });
  });
}

async function countFiles(s: TestServer): Promise<{ count: number }> {
  const { filesDb } = await import('./context');
  const row = await filesDb(s.ctx)
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { count: Number(row.count) };
}
