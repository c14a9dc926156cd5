/**
 * Login by e-mailed link during an attack (issue 29): a guesser spread over many addresses meets
 * the account-wide net, and so does the owner from an address the account never logged in from;
 * the owner asks for a link, which signs in past the net. Asking floods no inbox (per address,
 * silently; per client address, 429) and tells nobody whether an account exists.
 */
import { describe, expect, it } from 'vitest';
import { LOGIN_LINK_HINT } from '../../services/auth';
import { hashToken } from '../../services/email-links';
import { LOGIN_LINK_REQUESTED_MESSAGE } from '../../services/login-link';
import { captureLog, createVerifiedUser, serverFor, testDatabases } from '../../test/harness';

const PASSWORD = 'correct horse battery';

for (const db of testDatabases) {
  describe(`login link (${db})`, () => {
    const log = captureLog();
    const s = serverFor(db, {
      config: {
        trustProxy: 'loopback',
        logLevel: 'info',
        authRateLimits: {
          windowMs: 60_000,
          loginPerIp: 6,
          loginPerEmail: 3,
          registerPerIp: 100,
          registerPerEmail: 2,
          paymentIntentsPerIp: 30,
          verificationEmails: 2,
        },
      },
      logStream: log.stream,
    });
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    const login = (email: string, ip: string, password = 'not the password') =>
      s.api<{ token?: string; code?: string; message: string }>('/api/auth/login', {
        body: { email, password },
        ...from(ip),
      });
    const ask = (email: string, ip: string) =>
      s.api<{ message: string; code?: string }>('/api/auth/login-link', { body: { email }, ...from(ip) });
    const use = (token: string, ip: string) =>
      s.api<{ token?: string; code?: string; user?: { email: string } }>('/api/auth/login-link/use', {
        body: { token },
        ...from(ip),
      });
    /** The link is e-mailed after the answer: wait for the newest one to `email`. */
    const linkFor = async (email: string, newerThan?: string): Promise<string> => {
      let token: string | undefined;
      await expect
        .poll(() => {
          token = s.lastLinkToken(email, 'login-link');
          return token !== undefined && token !== newerThan;
        })
        .toBe(true);
      return token as string;
    };

    it('a distributed guesser is refused on a new address, the owner too; a login link lets the owner in there', async () => {
      const owner = await createVerifiedUser(s, { email: `owner-${db}@example.com`, password: PASSWORD });
      // 105 bad passwords from 35 addresses, three each: under every per-address limit.
      for (let a = 0; a < 35; a++)
        for (let i = 0; i < 3; i++) expect((await login(owner.email, `192.0.2.${a + 1}`)).status).toBeOneOf([401, 429]);
      // The owner, travelling: the right password from a new address meets the net, which says the way in.
      const refused = await login(owner.email, '198.51.100.7', PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(refused.body.message).toContain(LOGIN_LINK_HINT);

      expect((await ask(owner.email, '198.51.100.7')).body).toEqual({ message: LOGIN_LINK_REQUESTED_MESSAGE });
      const token = await linkFor(owner.email);
      // Only the token's hash is kept, and no log line holds the token.
      const rows = await s.ctx.db.selectFrom('login_links').select('token_hash').execute();
      expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
      expect(log.text()).not.toContain(token);
      expect(log.text()).toContain('login link e-mail for');

      const signedIn = await use(token, '198.51.100.7');
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user?.email).toBe(owner.email);
      expect((await s.api('/api/auth/user', { token: signedIn.body.token as string })).status).toBe(200);
      // Once only.
      expect((await use(token, '198.51.100.7')).body.code).toBe('TOKEN_INVALID');
      // That address is the owner's now: the password works there while the net still holds elsewhere.
      expect((await login(owner.email, '198.51.100.7', PASSWORD)).status).toBe(200);
      expect((await login(owner.email, '198.51.100.8', PASSWORD)).status).toBe(429);
      // 107 argon2 verifications: a loaded machine takes a minute or more.
    }, 240_000);

    it('answers the same for unknown, unverified and verified addresses, and mails only the verified one', async () => {
      const verified = await createVerifiedUser(s, { password: PASSWORD });
      const unverified = `unverified-${db}@example.com`;
      expect(
        (await s.api('/api/auth/register', { body: { email: unverified, password: PASSWORD, name: 'U' } })).status,
      ).toBe(201);
      const answers = [];
      for (const email of [`nobody-${db}@example.com`, unverified, verified.email])
        answers.push(await ask(email, '203.0.113.20'));
      for (const a of answers)
        expect({ status: a.status, body: a.body }).toEqual({ status: 200, body: answers[0]?.body });
      await linkFor(verified.email);
      expect(s.lastLinkToken(unverified, 'login-link')).toBeUndefined();
      expect(s.outbox().some((m) => m.toLowerCase().includes(`to: nobody-${db}@example.com`))).toBe(false);
    });

    it('floods no inbox: per address silently, per client address with 429', async () => {
      s.clock.advance(61_000);
      const u = await createVerifiedUser(s, { password: PASSWORD });
      const before = s.outbox().length;
      // verificationEmails = 2 per address in the window; the other asks answer the same, send nothing.
      for (let i = 0; i < 5; i++) expect((await ask(u.email, `203.0.113.${30 + i}`)).status).toBe(200);
      await expect.poll(() => s.outbox().length - before).toBe(2);
      await new Promise((r) => setTimeout(r, 300));
      expect(s.outbox().length - before).toBe(2);
      // One client address asking for many: 8 (4 x verificationEmails) in the window, then 429.
      const statuses = [];
      for (let i = 0; i < 10; i++) statuses.push((await ask(`someone-${i}@example.com`, '203.0.113.99')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
    });

    it('expires after 15 minutes; a newer link, a password change or reset retires it', async () => {
      s.clock.advance(61_000);
      const u = await createVerifiedUser(s, { password: PASSWORD });
      await ask(u.email, '203.0.113.40');
      const first = await linkFor(u.email);
      s.clock.advance(15 * 60_000 + 1);
      expect((await use(first, '203.0.113.40')).body.code).toBe('TOKEN_EXPIRED');

      s.clock.advance(61_000);
      await ask(u.email, '203.0.113.40');
      const older = await linkFor(u.email, first);
      await ask(u.email, '203.0.113.40');
      const newer = await linkFor(u.email, older);
      expect((await use(older, '203.0.113.40')).body.code).toBe('TOKEN_INVALID');

      const changed = await s.api('/api/auth/change-password', {
        token: u.token,
        body: { currentPassword: PASSWORD, newPassword: 'another long password' },
      });
      expect(changed.status).toBe(200);
      expect((await use(newer, '203.0.113.40')).body.code).toBe('TOKEN_INVALID');
      expect((await use('made-up-token', '203.0.113.40')).body.code).toBe('TOKEN_INVALID');
      expect((await s.api('/api/auth/login-link/use', { body: {} })).body).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'token',
      });
    });
  });
}
