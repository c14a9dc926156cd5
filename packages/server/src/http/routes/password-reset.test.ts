/**
 * Password reset (issue 15, finding 4): a single-use hashed token by e-mail, valid for one
 * hour, that sets the password, proves the address and signs every device out. It is also
 * how the real owner of an address takes back an account someone else opened with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../services/email-links';
import { createVerifiedUser, startTestServer, type TestServer, testDatabases } from '../../test/harness';

const GOOD_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };

function lastResetToken(s: TestServer, email: string): string {
  const mails = s
    .outbox()
    .map((m) => m.replace(/=\r?\n/g, ''))
    .filter((m) => m.toLowerCase().includes(`to: ${email.toLowerCase()}`));
  const last = mails.reverse().find((m) => m.includes('reset-password'));
  const m = last?.match(/reset-password\?token=(?:3D)?([\w-]+)/);
  if (!m?.[1]) throw new Error(`no reset e-mail to ${email}`);
  return m[1];
}

for (const db of testDatabases) {
  describe(`password reset (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db, config: { trustProxy: 'loopback' } });
    });
    afterAll(async () => {
      await s?.close();
    });

    const forgot = (email: string, ip?: string) =>
      s.api('/api/auth/forgot-password', { body: { email }, ...(ip ? { headers: { 'x-forwarded-for': ip } } : {}) });
    const reset = (token: string, password: string) => s.api('/api/auth/reset-password', { body: { token, password } });

    it('answers the same for unknown and known addresses, and mails only the known one', async () => {
      const u = await createVerifiedUser(s);
      const before = s.outbox().length;
      const unknown = await forgot('nobody-here@example.com');
      const known = await forgot(u.email);
      expect(unknown.status).toBe(200);
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      expect(s.outbox().length).toBe(before + 1);
      const token = lastResetToken(s, u.email);
      // Only the hash is stored.
      const rows = await s.ctx.db.selectFrom('password_resets').selectAll().execute();
      expect(rows.some((r) => r.token_hash === token)).toBe(false);
      expect(rows.some((r) => r.token_hash === hashToken(token))).toBe(true);
    });

    it('sets the new password once, signs every session out and retires older links', async () => {
      const u = await createVerifiedUser(s);
      await forgot(u.email);
      const older = lastResetToken(s, u.email);
      await forgot(u.email);
      const token = lastResetToken(s, u.email);
      expect(token).not.toBe(older);

      expect((await reset(older, 'a brand new password')).body).toMatchObject({ code: 'TOKEN_INVALID' });
      expect((await reset(token, 'short')).body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'password' });
      const done = await reset(token, 'a brand new password');
      expect(done.status).toBe(200);
      expect((await s.api('/api/auth/user', { token: u.token })).status).toBe(401);
      expect((await s.api('/api/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(401);
      const login = await s.api('/api/auth/login', { body: { email: u.email, password: 'a brand new password' } });
      expect(login.body).toMatchObject({ token: expect.any(String) });
      expect((await reset(token, 'yet another password')).body).toMatchObject({ code: 'TOKEN_INVALID' });
    });

    it('expires after one hour', async () => {
      const u = await createVerifiedUser(s);
      await forgot(u.email);
      const token = lastResetToken(s, u.email);
      s.clock.advance(3600_000 + 1);
      expect((await reset(token, 'a brand new password')).body).toMatchObject({ code: 'TOKEN_EXPIRED' });
      expect((await reset('not-a-token', 'a brand new password')).body).toMatchObject({ code: 'TOKEN_INVALID' });
      expect((await s.api('/api/auth/reset-password', { body: { password: 'long enough pw' } })).body).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'token',
      });
    });

    it('limits requests per address (silently) and per IP', async () => {
      const u = await createVerifiedUser(s);
      const before = s.outbox().length;
      for (let i = 0; i < 8; i++) expect((await forgot(u.email, '203.0.113.50')).status).toBe(200);
      expect(s.outbox().length - before).toBe(5);
      let last = 200;
      for (let i = 0; i < 20 && last === 200; i++) last = (await forgot(`x${i}@example.com`, '203.0.113.50')).status;
      expect(last).toBe(429);
    });

    it("gives the address's owner the account a checkout sign-up opened with it, and signs the buyer out", async () => {
      const email = `taken-over-${db}@example.com`;
      const intent = await s.api<{ clientSecret: string; paymentIntentId: string }>(
        '/api/payments/create-payment-intent',
        { body: { amount: 3500, type: 'pro', registrationData: { email, password: 'buyer password', name: 'B' } } },
      );
      await s.api('/api/payments/test-mode/confirm-card', {
        body: { clientSecret: intent.body.clientSecret, ...GOOD_CARD },
      });
      const confirmed = await s.api<{ token: string }>('/api/payments/confirm', {
        body: { paymentIntentId: intent.body.paymentIntentId, clientSecret: intent.body.clientSecret },
      });
      const buyer = confirmed.body.token;
      expect((await s.api('/api/auth/user', { token: buyer })).body).toMatchObject({ emailVerified: false });

      expect((await forgot(email)).status).toBe(200);
      expect((await reset(lastResetToken(s, email), 'the owner password')).status).toBe(200);
      expect((await s.api('/api/auth/user', { token: buyer })).status).toBe(401);
      const owner = await s.api('/api/auth/login', { body: { email, password: 'the owner password' } });
      expect(owner.body).toMatchObject({ token: expect.any(String), user: { emailVerified: true } });
    });
  });
}
