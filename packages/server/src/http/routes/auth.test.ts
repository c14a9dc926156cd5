import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config/config';
import { createSession } from '../../services/sessions';
import {
  captureLog,
  createVerifiedUser,
  removeTestData,
  serverFor,
  startTestServer,
  TestClock,
  type TestServer,
  testDatabases,
} from '../../test/harness';

/** The hashes argon2 verified a password against, in order: the real verification, only recorded. */
const argon2Verified: string[] = vi.hoisted(() => []);
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    verify: (hashed: Parameters<typeof argon2.verify>[0], ...rest: unknown[]) => {
      argon2Verified.push(String(hashed));
      return (argon2.verify as (...a: unknown[]) => ReturnType<typeof argon2.verify>)(hashed, ...rest);
    },
  };
});

const PASSWORD = 'correct horse battery';

for (const db of testDatabases) {
  describe(`accounts API (${db})`, () => {
    const log = captureLog();
    const logLines = log.lines;
    const s = serverFor(db, { config: { logLevel: 'debug' }, logStream: log.stream });
    /** A resent link is e-mailed after the answer: waits for the newest one to `email`, newer than `older`. */
    const mailedVerificationToken = async (email: string, older: string): Promise<string> => {
      let token: string | undefined;
      await expect
        .poll(() => {
          token = s.lastLinkToken(email, 'verify-email');
          return token !== undefined && token !== older;
        })
        .toBe(true);
      return token as string;
    };

    it('registers, verifies from the e-mailed link, logs in and reads the user', async () => {
      const { token, user, email } = await createVerifiedUser(s, { name: 'Ada', password: PASSWORD });
      expect(user).toEqual({
        id: expect.any(String),
        email,
        name: 'Ada',
        plan: 'free',
        emailVerified: true,
        autoDeleteEnabled: false,
        fileRetentionDays: 30,
        subscriptionStatus: null,
        currentPeriodEnd: null,
        cancelAt: null,
      });
      const me = await s.api('/api/auth/user', { token });
      expect(me.status).toBe(200);
      expect(me.body).toEqual(user);
      const claims = decodeJwt(token);
      expect(typeof claims.sid).toBe('string');
      expect(claims.sub).toBe(user.id);
      expect(claims.exp! - claims.iat!).toBe(s.config.sessionTtlHours * 3600);
      // Nothing secret in the log: no password, no JWT, no verify-email query string.
      const log = logLines.join('');
      expect(log).toContain('/api/auth/login');
      expect(log).not.toContain(PASSWORD);
      expect(log).not.toContain(token);
      expect(log).not.toMatch(/"url":"\/api\/auth\/verify-email\?token/);
    });

    it('logs no live link: verification, password reset and e-mail change name the link by its id (L11)', async () => {
      const u = await createVerifiedUser(s, { password: PASSWORD });
      await s.api('/api/auth/forgot-password', { body: { email: u.email } });
      const newEmail = `moved-${Date.now()}@example.com`;
      expect(
        (await s.api('/api/account/change-email', { body: { newEmail, password: PASSWORD }, token: u.token })).status,
      ).toBe(200);
      // Every token of every link the outbox holds, and none of them in the log at debug.
      const tokens = s
        .outbox()
        .map((m) => m.replace(/=\r?\n/g, ''))
        .flatMap((m) => [...m.matchAll(/token=(?:3D)?([\w-]{20,})/g)].map((x) => x[1]!));
      expect(tokens.length).toBeGreaterThanOrEqual(3);
      const log = logLines.join('');
      for (const token of tokens) expect(log).not.toContain(token);
      for (const what of ['verification', 'password reset', 'email change'])
        expect(log).toMatch(new RegExp(`"linkId":"[0-9a-f-]{36}".*${what} e-mail for`));
    });

    it('answers registration with requiresVerification, no token, and one e-mail with the link', async () => {
      const email = 'New.Person@Example.com';
      const before = s.outbox().length;
      const r = await s.api('/api/auth/register', { body: { email, password: PASSWORD, name: '  Grace  ' } });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        requiresVerification: true,
        message: 'Registration successful! Please check your email to verify your account.',
        user: { email: 'new.person@example.com', name: 'Grace', emailVerified: false, plan: 'free' },
      });
      expect(r.body).not.toHaveProperty('token');
      expect(s.outbox().length).toBe(before + 1);
      expect(s.lastVerificationToken('new.person@example.com')).toMatch(/^[\w-]{40,}$/);

      const again = await s.api('/api/auth/register', {
        body: { email: 'new.person@EXAMPLE.com', password: PASSWORD, name: 'G' },
      });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'EMAIL_TAKEN', field: 'email' });

      const login = await s.api('/api/auth/login', { body: { email, password: PASSWORD } });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ requiresVerification: true, verificationSent: false });
      expect(login.body).not.toHaveProperty('token');
    });

    it.each([
      [{ password: PASSWORD, name: 'A' }, 'email', 'Email is required'],
      [{ email: '', password: PASSWORD, name: 'A' }, 'email', 'Email is required'],
      [{ email: 'not-an-email', password: PASSWORD, name: 'A' }, 'email', 'Please enter a valid email address'],
      [{ email: 'a@b.co', name: 'A' }, 'password', 'Password is required'],
      [{ email: 'a@b.co', password: 'short7!', name: 'A' }, 'password', 'Password must be at least 8 characters long.'],
      [{ email: 'a@b.co', password: PASSWORD }, 'name', 'Name is required'],
      [{ email: 'a@b.co', password: PASSWORD, name: '   ' }, 'name', 'Name is required'],
    ])('rejects registration %j naming %s', async (body, field, message) => {
      const r = await s.api('/api/auth/register', { body });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 'VALIDATION_FAILED', field, message });
    });

    it('rejects a body that is not JSON, without a stack trace', async () => {
      const r = await s.api('/api/auth/login', { body: '{"email":' });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(JSON.stringify(r.body)).not.toMatch(/at .*\.ts/);
      const empty = await s.api('/api/auth/login', { method: 'POST' });
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('gives the same 401 for an unknown e-mail and a wrong password, after the same work', async () => {
      const { email } = await createVerifiedUser(s, { password: PASSWORD });
      // Both verify one argon2id hash of the same parameters, so neither answers faster: counted,
      // not timed (issue 28: no wall-clock assertion in any test; the time of a login depends on
      // the load of the machine, the work it does does not).
      const body = {
        wrong: { email, password: 'wrong password!' },
        unknown: { email: 'nobody-here@example.com', password: 'wrong password!' },
      };
      for (const kind of ['wrong', 'unknown'] as const) {
        const before = argon2Verified.length;
        const r = await s.api('/api/auth/login', { body: body[kind] });
        expect(r.status).toBe(401);
        expect(r.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
        const verified = argon2Verified.slice(before);
        expect(verified, kind).toHaveLength(1);
        expect(verified[0], kind).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      }
    });

    it('rejects missing, malformed, expired and revoked tokens with 401', async () => {
      expect((await s.api('/api/auth/user')).body).toEqual({
        code: 'UNAUTHORIZED',
        message: 'Authentication required. Please log in.',
      });
      const bad = await s.api('/api/auth/user', { token: 'not.a.jwt' });
      expect(bad.status).toBe(401);

      const { token } = await createVerifiedUser(s);
      s.clock.advance(s.config.sessionTtlHours * 3600_000 + 1000);
      const expired = await s.api('/api/auth/user', { token });
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ code: 'UNAUTHORIZED', message: 'Session expired. Please log in again.' });

      const fresh = await createVerifiedUser(s);
      expect((await s.api('/api/auth/user', { token: fresh.token })).status).toBe(200);
      const out = await s.api('/api/auth/logout', { method: 'POST', token: fresh.token });
      expect(out).toMatchObject({ status: 200, body: { message: 'Logged out' } });
      expect((await s.api('/api/auth/user', { token: fresh.token })).status).toBe(401);
      // Logging out again (stale token) still succeeds: the client clears its session anyway.
      expect((await s.api('/api/auth/logout', { method: 'POST', token: fresh.token })).status).toBe(200);
    });

    it('revokes every session on a password change and issues a new one', async () => {
      const u = await createVerifiedUser(s, { password: PASSWORD });
      const other = await s.api<{ token: string }>('/api/auth/login', { body: { email: u.email, password: PASSWORD } });
      const wrong = await s.api('/api/auth/change-password', {
        token: u.token,
        body: { currentPassword: 'nope nope nope', newPassword: 'brand new password' },
      });
      expect(wrong).toMatchObject({ status: 401, body: { code: 'INVALID_CREDENTIALS', field: 'currentPassword' } });
      const short = await s.api('/api/auth/change-password', {
        token: u.token,
        body: { currentPassword: PASSWORD, newPassword: 'short' },
      });
      expect(short.body).toMatchObject({
        field: 'newPassword',
        message: 'Password must be at least 8 characters long.',
      });
      const ok = await s.api<{ token: string }>('/api/auth/change-password', {
        token: u.token,
        body: { currentPassword: PASSWORD, newPassword: 'brand new password' },
      });
      expect(ok.status).toBe(200);
      expect((await s.api('/api/auth/user', { token: u.token })).status).toBe(401);
      expect((await s.api('/api/auth/user', { token: other.body.token })).status).toBe(401);
      expect((await s.api('/api/auth/user', { token: ok.body.token })).status).toBe(200);
      const relogin = await s.api('/api/auth/login', { body: { email: u.email, password: 'brand new password' } });
      expect(relogin.status).toBe(200);
    });

    it('verification links are single-use, expire after 24 hours, and a new link retires the old', async () => {
      const email = `verify-${db}@example.com`;
      await s.api('/api/auth/register', { body: { email, password: PASSWORD, name: 'V' } });
      const first = s.lastVerificationToken(email);

      const none = await s.api('/api/auth/verify-email');
      expect(none).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED', field: 'token', message: 'No verification token provided' },
      });
      const bogus = await s.api('/api/auth/verify-email?token=abcdefghijklmnop');
      expect(bogus).toMatchObject({
        status: 400,
        body: { code: 'TOKEN_INVALID', message: 'This verification link is invalid or has already been used.' },
      });

      // Resend from the /verify-email page: a new link, the first one stops working.
      const resend = await s.api('/api/auth/resend-verification', { body: { email } });
      expect(resend.status).toBe(200);
      const second = await mailedVerificationToken(email, first);
      expect((await s.api(`/api/auth/verify-email?token=${first}`)).body).toMatchObject({ code: 'TOKEN_INVALID' });

      s.clock.advance(24 * 3600_000 + 1000);
      const expired = await s.api(`/api/auth/verify-email?token=${second}`);
      expect(expired).toMatchObject({
        status: 400,
        body: { code: 'TOKEN_EXPIRED', message: 'This verification link has expired. Please request a new one.' },
      });

      await s.api('/api/auth/resend-verification', { body: { email } });
      const third = await mailedVerificationToken(email, second);
      const ok = await s.api(`/api/auth/verify-email?token=${third}`);
      expect(ok).toMatchObject({
        status: 200,
        body: { success: true, message: 'Your email has been verified. You can now log in.' },
      });
      const reuse = await s.api(`/api/auth/verify-email?token=${third}`);
      expect(reuse.body).toMatchObject({ code: 'TOKEN_INVALID' });
      const login = await s.api('/api/auth/login', { body: { email, password: PASSWORD } });
      expect(login.body).toMatchObject({ requiresVerification: false, user: { emailVerified: true } });
    });

    it('resend-verification answers the same for unknown, unverified and verified addresses', async () => {
      const verified = await createVerifiedUser(s);
      const count = s.outbox().length;
      const answers = await Promise.all(
        ['nobody-at-all@example.com', verified.email].map((email) =>
          s.api('/api/auth/resend-verification', { body: { email } }),
        ),
      );
      for (const a of answers) {
        expect(a.status).toBe(200);
        expect(a.body).toEqual({
          message:
            'If an account with that email exists and is not yet verified, we have sent a new verification link.',
        });
      }
      // The e-mails go out after the answers (none here): an unverified account's, asked last, is the only one.
      const unverified = `resend-unverified-${db}@example.com`;
      await s.api('/api/auth/register', { body: { email: unverified, password: PASSWORD, name: 'U' } });
      const registered = s.lastVerificationToken(unverified);
      await s.api('/api/auth/resend-verification', { body: { email: unverified } });
      await mailedVerificationToken(unverified, registered);
      expect(s.outbox().length).toBe(count + 2);
      const invalid = await s.api('/api/auth/resend-verification', { body: { email: 'x' } });
      expect(invalid.body).toMatchObject({ field: 'email', message: 'Please enter a valid email address' });
    });

    it('send-verification needs a login and mails an unverified account', async () => {
      expect((await s.api('/api/auth/send-verification', { method: 'POST' })).status).toBe(401);
      const email = `unverified-${db}@example.com`;
      await s.api('/api/auth/register', { body: { email, password: PASSWORD, name: 'U' } });
      const user = await s.ctx.repos.users.findByEmail(email);
      // An unverified account holds a token only after a checkout sign-up; make one directly.
      const token = await createSession(s.ctx, user!.id);
      const count = s.outbox().length;
      const r = await s.api('/api/auth/send-verification', { method: 'POST', token });
      expect(r).toMatchObject({ status: 200, body: { message: `Verification email sent to ${email}.` } });
      expect(s.outbox().length).toBe(count + 1);
      const verified = await createVerifiedUser(s);
      const already = await s.api('/api/auth/send-verification', { method: 'POST', token: verified.token });
      expect(already.body).toEqual({ message: 'Your email is already verified.' });
    });

    it('update-retention is for subscribers and accepts only 1, 3, 7, 14 or 30 days', async () => {
      const u = await createVerifiedUser(s);
      const free = await s.api('/api/auth/update-retention', { token: u.token, body: { fileRetentionDays: 7 } });
      expect(free).toMatchObject({ status: 403, body: { code: 'SUBSCRIPTION_REQUIRED' } });
      await s.ctx.db.updateTable('users').set({ plan: 'pro' }).where('email', '=', u.email).execute();
      const bad = await s.api('/api/auth/update-retention', { token: u.token, body: { fileRetentionDays: 5 } });
      expect(bad).toMatchObject({
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          field: 'fileRetentionDays',
          message: 'Retention period must be 1, 3, 7, 14 or 30 days',
        },
      });
      const empty = await s.api('/api/auth/update-retention', { token: u.token, body: {} });
      expect(empty).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
      for (const days of [1, 3, 7, 14, 30]) {
        const r = await s.api('/api/auth/update-retention', {
          token: u.token,
          body: { autoDeleteEnabled: true, fileRetentionDays: days },
        });
        expect(r).toMatchObject({ status: 200, body: { autoDeleteEnabled: true, fileRetentionDays: days } });
      }
      const off = await s.api('/api/auth/update-retention', { token: u.token, body: { autoDeleteEnabled: false } });
      expect(off.body).toEqual({ autoDeleteEnabled: false, fileRetentionDays: 30 });
      expect((await s.api('/api/auth/user', { token: u.token })).body).toMatchObject({
        autoDeleteEnabled: false,
        fileRetentionDays: 30,
      });
      expect((await s.api('/api/auth/update-retention', { body: { autoDeleteEnabled: true } })).status).toBe(401);
    });

    it('sends security headers and answers unknown API paths with a coded 404', async () => {
      const r = await s.api('/api/nope');
      expect(r).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('stripe.com');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      const config = await s.api('/api/config');
      expect(config.body).toEqual({
        supportEmail: 'support@statemint.local',
        stripePublishableKey: null,
        testMode: true,
      });
    });
  });

  describe(`account rate limits (${db})`, () => {
    const s = serverFor(db, {
      config: {
        trustProxy: 'loopback',
        authRateLimits: {
          windowMs: 60_000,
          loginPerIp: 6,
          loginPerEmail: 3,
          registerPerIp: 3,
          registerPerEmail: 2,
          paymentIntentsPerIp: 30,
          verificationEmails: 2,
        },
      },
    });

    it('counts failed logins only, per (account, IP), then per IP, until the window passes', async () => {
      const owner = await createVerifiedUser(s, { email: 'victim@example.com', password: PASSWORD });
      const login = (email: string, ip: string, password = 'whatever-1234') =>
        s.api('/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });
      // Successful logins never use the limits up.
      for (let i = 0; i < 8; i++) expect((await login(owner.email, '203.0.113.1', PASSWORD)).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await login('victim@example.com', '203.0.113.2')).status).toBe(401);
      const limited = await login('victim@example.com', '203.0.113.2');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Please try again in 1 minute.',
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // The attacker's failures do not lock the owner out from their own address.
      expect((await login(owner.email, '203.0.113.1', PASSWORD)).status).toBe(200);
      // Other addresses from the attacker's IP: allowed until its failures (6) are used up.
      expect((await login('other1@example.com', '203.0.113.2')).status).toBe(401);
      expect((await login('other2@example.com', '203.0.113.2')).status).toBe(401);
      expect((await login('other3@example.com', '203.0.113.2')).status).toBe(401);
      expect((await login('other4@example.com', '203.0.113.2')).status).toBe(429);
      s.clock.advance(61_000);
      expect((await login('victim@example.com', '203.0.113.2')).status).toBe(401);
    });

    // Issue 29, L5: 105 bad passwords from 21 addresses locked the account for everyone for 15 minutes.
    it('a distributed guesser is stopped, the owner is not: from an address it logged in from, it still logs in', async () => {
      s.clock.advance(61_000);
      const owner = await createVerifiedUser(s, { email: 'spread@example.com', password: PASSWORD });
      const login = (ip: string, password = 'whatever-1234') =>
        s.api('/api/auth/login', { body: { email: owner.email, password }, headers: { 'x-forwarded-for': ip } });
      expect((await login('198.51.100.200', PASSWORD)).status).toBe(200);
      // 105 failures from 35 addresses, three each (under each address's own limit).
      for (let a = 0; a < 35; a++)
        for (let i = 0; i < 3; i++) expect((await login(`192.0.2.${a + 1}`)).status).toBeOneOf([401, 429]);
      // The guesser's next address meets the account-wide net, right password or not.
      expect((await login('192.0.2.200')).status).toBe(429);
      expect((await login('192.0.2.201', PASSWORD)).status).toBe(429);
      // The owner, from the address it logged in from before, is let in.
      expect((await login('198.51.100.200', PASSWORD)).status).toBe(200);
    });

    it('limits registration per IP and per e-mail', async () => {
      s.clock.advance(61_000);
      const reg = (email: string) => s.api('/api/auth/register', { body: { email, password: PASSWORD, name: 'R' } });
      expect((await reg('r1@example.com')).status).toBe(201);
      expect((await reg('r1@example.com')).status).toBe(409);
      expect((await reg('r1@example.com')).body).toMatchObject({ code: 'RATE_LIMITED' });
      s.clock.advance(61_000);
      expect((await reg('r2@example.com')).status).toBe(201);
      expect((await reg('r3@example.com')).status).toBe(201);
      expect((await reg('r4@example.com')).status).toBe(201);
      expect((await reg('r5@example.com')).status).toBe(429);
    });
  });

  // Issue 29: login limits were counted in each process, so a guesser spread over the processes of
  // a deployment had as many tries as there were processes. With REDIS_URL every process counts
  // against the same limit.
  describe.skipIf(!process.env.TEST_REDIS_URL)(`login limits shared by two processes through Redis (${db})`, () => {
    const clock = new TestClock();
    const shared: Partial<Config> = {
      redisUrl: process.env.TEST_REDIS_URL,
      queueName: `statemint-test-${randomBytes(6).toString('hex')}`,
      trustProxy: 'loopback',
      authRateLimits: {
        windowMs: 60_000,
        loginPerIp: 6,
        loginPerEmail: 3,
        registerPerIp: 30,
        registerPerEmail: 2,
        paymentIntentsPerIp: 30,
        verificationEmails: 2,
      },
    };
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      a = await startTestServer({ db, clock, store: 'local', keepData: true, config: shared });
      b = await startTestServer({
        db,
        clock,
        store: 'local',
        reuse: { dataDir: a.dataDir, ...(a.pgSchema ? { pgSchema: a.pgSchema } : {}) },
        config: shared,
      });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      if (a) await removeTestData(a.dataDir, a.pgSchema);
    });
    const login = (s: TestServer, email: string, ip: string, password = 'whatever-1234') =>
      s.api('/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

    it('failures counted by one process hold on the other; a login on one clears them for both', async () => {
      const owner = await createVerifiedUser(a, { email: `shared-limits-${db}@example.com`, password: PASSWORD });
      // Three failures of one (account, address) pair, spread over both processes: the limit is 3.
      for (const s of [a, b, a]) expect((await login(s, owner.email, '203.0.113.7')).status).toBe(401);
      expect((await login(b, owner.email, '203.0.113.7')).status).toBe(429);
      expect((await login(a, owner.email, '203.0.113.7')).status).toBe(429);
      // The address's own limit (6) likewise: three more failures on other accounts, from either.
      for (const [s, i] of [
        [b, 1],
        [a, 2],
        [b, 3],
      ] as const)
        expect((await login(s, `other${i}-${db}@example.com`, '203.0.113.8')).status).toBe(401);
      for (const s of [a, b, a]) expect((await login(s, owner.email, '203.0.113.8')).status).toBe(401);
      expect((await login(b, `other4-${db}@example.com`, '203.0.113.8')).status).toBe(429);
      // The owner logs in on one process from a third address after two failures there: both forget them.
      for (const s of [a, b]) expect((await login(s, owner.email, '203.0.113.9')).status).toBe(401);
      expect((await login(a, owner.email, '203.0.113.9', PASSWORD)).status).toBe(200);
      for (const s of [b, a, b]) expect((await login(s, owner.email, '203.0.113.9')).status).toBe(401);
      expect((await login(a, owner.email, '203.0.113.9')).status).toBe(429);
      clock.advance(61_000);
      expect((await login(b, owner.email, '203.0.113.7')).status).toBe(401);
    });
  });
}
