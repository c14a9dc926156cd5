/**
 * Issue 15's abuse paths, tried as an attacker would: each test failed before its fix.
 */
import { connect } from 'node:net';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadConfig, PRIVATE_PROXIES } from '../config/config';
import { filesDb } from '../files/context';
import { sampleCsvStatement, samplePdfStatement } from '../files/sample-statements';
import { proUser } from '../files/test-accounts';
import { fetchRaw, freshIp, upload, waitForFile } from '../files/test-helpers';
import { captureLog, createVerifiedUser, serverFor, testDatabases } from '../test/harness';

/** One raw HTTP exchange over a socket (what fetch would refuse to send); resolves once the answer is complete. */
function rawHttp(url: string, request: string): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let text = '';
    const answer = () => {
      const at = text.indexOf('\r\n\r\n');
      if (at === -1) return null;
      const head = text.slice(0, at);
      const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? Number.NaN);
      const body = text.slice(at + 4);
      if (Number.isNaN(length) || Buffer.byteLength(body) < length) return null;
      return { status: Number(head.split(' ')[1]), headers: head, body };
    };
    socket.on('data', (d) => {
      text += d;
      const done = answer();
      if (done) {
        socket.destroy();
        resolve(done);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer() ?? { status: Number.NaN, headers: '', body: text }));
  });
}

function multipart(url: string, contentType: string, body: string) {
  return rawHttp(
    url,
    `POST /api/files/upload-free-trial HTTP/1.1\r\nHost: x\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A 468-byte PNG that claims 50,000 x 50,000 pixels (a decompression bomb). */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr[8] = 1;
  const rows = Buffer.alloc(64 * (1 + 50_000 / 8));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('TRUST_PROXY (finding 7)', () => {
  it('never means "believe any peer": true names the private-network proxies, hop counts are refused', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(PRIVATE_PROXIES);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(PRIVATE_PROXIES);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.0.6' }).trustProxy).toBe('10.0.0.5, 10.0.0.6');
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
  });
});

for (const db of testDatabases) {
  describe(`abuse paths (${db})`, () => {
    const log = captureLog();
    const logLines = log.lines;
    // Behind a proxy at 192.0.2.10: this test's own requests come from 127.0.0.1, a client.
    const s = serverFor(db, {
      config: { trustProxy: '192.0.2.10', logLevel: 'info', conversionWorkers: 1 },
      logStream: log.stream,
    });

    it('answers malformed multipart bodies 400 VALIDATION_FAILED, logging no stack (finding 8)', async () => {
      const file = 'Content-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n';
      const cases: Array<[string, string]> = [
        ['multipart/form-data', 'garbage'],
        ['multipart/form-data; boundary=xyz', 'garbage garbage garbage'],
        ['multipart/form-data; boundary=xyz', `--xyz\r\n${file}Date,Amount\r\n2024-01-01,1.00`],
      ];
      for (const [type, body] of cases) {
        const res = await multipart(s.url, type, body);
        expect(res.status, body).toBe(400);
        expect(JSON.parse(res.body)).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
      }
      expect(logLines.filter((l) => l.includes('"level":50'))).toEqual([]);
    });

    it('answers every error as {message, code} (finding 9)', async () => {
      const unknownMethod = await rawHttp(s.url, 'FOO /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(unknownMethod.status).toBe(400);
      expect(JSON.parse(unknownMethod.body)).toEqual({ message: expect.any(String), code: 'VALIDATION_FAILED' });
      const badUrl = await s.api('/api/files/%E0%A4%A');
      expect(badUrl.status).toBe(400);
      expect(badUrl.body).toEqual({ message: 'The address of this request is not valid.', code: 'VALIDATION_FAILED' });
      const big = await s.api('/api/auth/login', { body: { email: 'a@b.co', password: 'x'.repeat(1_100_000) } });
      expect(big.status).toBe(413);
      expect(big.body).toEqual({ message: 'The request body is too large.', code: 'VALIDATION_FAILED' });
      const wrongMethod = await s.api('/api/health', { method: 'PATCH' });
      expect(wrongMethod.body).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
    });

    it('file names lose bidi controls; a name too long says so; a PNG bomb is too large (finding 12)', async () => {
      const csv = sampleCsvStatement(3);
      const spoof = await upload(s, '/api/files/upload-free-trial', {
        name: 'statement\u202Evsc.exe\u200B.csv',
        bytes: csv,
        fields: { email: 'bidi@example.com' },
        ip: freshIp(),
      });
      expect(spoof.status).toBe(201);
      const record = await waitForFile(s, spoof.body.id);
      expect(record.originalFilename).toBe('statementvsc.exe.csv');

      await filesDb(s.ctx).deleteFrom('free_trial_uses').execute();
      const long = await upload(s, '/api/files/upload-free-trial', {
        name: `${'n'.repeat(100_000)}.csv`,
        bytes: csv,
        fields: { email: 'long@example.com' },
        ip: freshIp(),
      });
      expect(long.status).toBe(400);
      expect(long.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('file name is too long'),
      });

      // Every upload here comes from one client address: give it its free trial back.
      await filesDb(s.ctx).deleteFrom('free_trial_uses').execute();
      const bomb = await upload(s, '/api/files/upload-free-trial', {
        name: 'png-bomb.png',
        bytes: pngBomb(),
        fields: { email: 'bomb@example.com' },
        ip: freshIp(),
      });
      expect(bomb.status).toBe(201);
      const bombed = await waitForFile(s, bomb.body.id);
      expect(bombed).toMatchObject({ status: 'failed', errorCode: 'IMAGE_TOO_LARGE' });
      expect(bombed.errorMessage).toMatch(/too large/);
    });

    it('marks every API answer Cache-Control: no-store (finding 12)', async () => {
      const u = await createVerifiedUser(s);
      for (const path of ['/api/auth/user', '/api/dashboard', '/api/health', '/api/nope'])
        expect((await s.api(path, { token: u.token })).headers.get('cache-control'), path).toBe('no-store');
    });

    it('logs requests at debug, not info (finding 13)', async () => {
      const before = logLines.length;
      for (let i = 0; i < 5; i++) await s.api('/api/health');
      expect(logLines.slice(before).filter((l) => l.includes('/api/health'))).toEqual([]);
    });

    it('signed download links end with the session they were made for: logout, password change (finding 12)', async () => {
      const u = await proUser(s);
      const up = await upload(s, '/api/files/upload', {
        name: 'march.csv',
        bytes: sampleCsvStatement(4),
        token: u.token,
      });
      const record = await waitForFile(s, up.body.id, u.token);
      const link = record.csvUrl as string;
      expect((await fetchRaw(s, link)).status).toBe(200);
      await s.api('/api/auth/logout', { method: 'POST', token: u.token });
      expect((await fetchRaw(s, link)).body.toString()).toContain('expired');
      expect((await fetchRaw(s, link)).status).toBe(401);

      const again = await s.api<{ token: string }>('/api/auth/login', {
        body: { email: u.email, password: u.password },
      });
      const fresh = (await waitForFile(s, up.body.id, again.body.token)).csvUrl as string;
      const original = await s.api<{ downloadUrl: string }>(`/api/files/${up.body.id}/download`, {
        token: again.body.token,
      });
      expect((await fetchRaw(s, fresh)).status).toBe(200);
      expect((await fetchRaw(s, original.body.downloadUrl)).status).toBe(200);
      const changed = await s.api('/api/auth/change-password', {
        body: { currentPassword: u.password, newPassword: 'another good password' },
        token: again.body.token,
      });
      expect(changed.status).toBe(200);
      expect((await fetchRaw(s, fresh)).status).toBe(401);
      expect((await fetchRaw(s, original.body.downloadUrl)).status).toBe(401);
    });

    it('an account of an unverified address uploads and reads nothing until it is verified (finding 4; issue 29, M3, N9)', async () => {
      const email = `unverified-${db}@example.com`;
      const intent = await s.api<{ clientSecret: string; paymentIntentId: string }>(
        '/api/payments/create-payment-intent',
        { body: { amount: 3500, type: 'pro', registrationData: { email, password: 'buyer password', name: 'B' } } },
      );
      await s.api('/api/payments/test-mode/confirm-card', {
        body: {
          clientSecret: intent.body.clientSecret,
          number: '4242424242424242',
          expMonth: 12,
          expYear: 2099,
          cvc: '123',
        },
      });
      const confirmed = await s.api<{ token: string }>('/api/payments/confirm', {
        body: { paymentIntentId: intent.body.paymentIntentId, clientSecret: intent.body.clientSecret },
      });
      const token = confirmed.body.token;
      const refused = await upload(s, '/api/files/upload', { name: 'march.pdf', bytes: samplePdfStatement(4), token });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

      await s.api(`/api/auth/verify-email?token=${s.lastVerificationToken(email)}`);
      const up = await upload(s, '/api/files/upload', { name: 'march.pdf', bytes: samplePdfStatement(4), token });
      const record = await waitForFile(s, up.body.id, token);
      expect(record.status).toBe('completed');
      const statements = await s.api<{ pageUrl: string }>(`/api/files/${up.body.id}/statements`, { token });
      expect(statements.status).toBe(200);
      const page = statements.body.pageUrl.replace('{page}', '1');
      expect((await fetchRaw(s, page)).status).toBe(200);

      // The same account while its address is not verified (as a checkout sign-up's is): nothing is read.
      const verified = (value: number) =>
        s.ctx.db.updateTable('users').set({ email_verified: value }).where('email', '=', email).execute();
      await verified(0);
      const byBearer = await fetchRaw(s, `/api/files/${up.body.id}/download/csv`, token);
      expect(byBearer.status).toBe(403);
      expect(JSON.parse(byBearer.body.toString())).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
      expect((await fetchRaw(s, record.csvUrl as string)).status).toBe(403);
      expect((await s.api(`/api/files/${up.body.id}/download`, { token })).status).toBe(403);
      expect((await s.api(`/api/files/${up.body.id}/statements`, { token })).body).toMatchObject({
        code: 'EMAIL_NOT_VERIFIED',
      });
      expect((await fetchRaw(s, page)).status).toBe(403);
      expect((await fetchRaw(s, `/api/files/${up.body.id}/pages/1`, token)).status).toBe(403);
      await verified(1);
      expect((await fetchRaw(s, record.csvUrl as string)).status).toBe(200);
      expect((await s.api(`/api/files/${up.body.id}/statements`, { token })).status).toBe(200);
    });

    it('backs off failed logins of one account from one address and never counts successes (finding 10)', async () => {
      const u = await createVerifiedUser(s);
      const login = (password: string) => s.api('/api/auth/login', { body: { email: u.email, password } });
      for (let i = 0; i < 12; i++) expect((await login(u.password)).status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await login('wrong password')).status).toBe(401);
      expect((await login('wrong password')).status).toBe(429);
      s.clock.advance(1000);
      expect((await login('wrong password')).status).toBe(401);
      expect((await login(u.password)).status).toBe(429);
      s.clock.advance(2000);
      expect((await login(u.password)).status).toBe(200);
      // A success starts the pair afresh.
      for (let i = 0; i < 5; i++) expect((await login('wrong password')).status).toBe(401);
    });

    it('two checkout sign-ups for one new e-mail: the second is refused before its charge, or refunded (finding 3)', async () => {
      const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
      const signup = async (email: string) =>
        (
          await s.api<{ clientSecret: string; paymentIntentId: string }>('/api/payments/create-payment-intent', {
            body: { amount: 3500, type: 'pro', registrationData: { email, password: 'buyer password', name: 'B' } },
          })
        ).body;
      const pay = (clientSecret: string) =>
        s.api('/api/payments/test-mode/confirm-card', { body: { clientSecret, ...card } });
      const confirm = (paymentIntentId: string) => s.api('/api/payments/confirm', { body: { paymentIntentId } });
      const charged = async (intentId: string) =>
        (await s.ctx.db.selectFrom('test_mode_intents').select('status').where('id', '=', intentId).executeTakeFirst())
          ?.status;

      // Both intents made before either is paid; the first completes, the second card is never charged.
      const email = `twice-${db}@example.com`;
      const [a, b] = [await signup(email), await signup(email)];
      await pay(a.clientSecret);
      expect((await confirm(a.paymentIntentId)).status).toBe(200);
      const refused = await pay(b.clientSecret);
      expect(refused.body).toMatchObject({ code: 'EMAIL_TAKEN' });
      expect(await charged(b.paymentIntentId)).not.toBe('succeeded');

      // Both cards charged before either confirms: the loser is refunded, with a message that says so.
      const email2 = `twice-paid-${db}@example.com`;
      const [c, d] = [await signup(email2), await signup(email2)];
      await pay(c.clientSecret);
      await pay(d.clientSecret);
      expect((await confirm(c.paymentIntentId)).status).toBe(200);
      const lost = await confirm(d.paymentIntentId);
      expect(lost.status).toBe(409);
      expect(lost.body).toMatchObject({ code: 'EMAIL_TAKEN', message: expect.stringContaining('refunded') });
      expect(await charged(d.paymentIntentId)).toBe('refunded');
      const ledger = await s.ctx.db
        .selectFrom('payments')
        .select('status')
        .where('intent_id', '=', d.paymentIntentId)
        .executeTakeFirst();
      expect(ledger?.status).toBe('refunded');
      expect((await confirm(d.paymentIntentId)).status).toBe(409);
      const users = await s.ctx.db.selectFrom('users').select('plan').where('email', '=', email2).execute();
      expect(users).toEqual([{ plan: 'pro' }]);
    });

    it('create-payment-intent is limited per IP, and a checkout sign-up like a registration (finding 11)', async () => {
      const signup = (i: number) =>
        s.api('/api/payments/create-payment-intent', {
          body: {
            amount: 3500,
            type: 'pro',
            registrationData: { email: `probe-${i}@example.com`, password: 'pw long enough', name: 'P' },
          },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) statuses.push((await signup(i)).status);
      // Registration allows 20 per IP per window; payment intents 30.
      expect(statuses.filter((x) => x === 200).length).toBeLessThanOrEqual(20);
      expect(statuses.at(-1)).toBe(429);
      let last = 200;
      for (let i = 0; i < 40 && last !== 429; i++)
        last = (
          await s.api('/api/payments/create-payment-intent', {
            body: { amount: 149, type: 'payasyougo', email: 'p@example.com' },
          })
        ).status;
      expect(last).toBe(429);
      s.clock.advance(15 * 60_000 + 1);
    });

    it('a client rotating X-Forwarded-For keeps its own address for the limits (finding 7)', async () => {
      const u = await createVerifiedUser(s);
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) {
        const res = await s.api('/api/auth/login', {
          body: { email: `nobody-${i}@example.com`, password: 'wrong password' },
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        });
        statuses.push(res.status);
      }
      expect(statuses).toContain(429);
      expect(u.token).toBeTruthy();
    });
  });
}
