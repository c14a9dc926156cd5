import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, startTestServer, type TestServer, testDatabases } from '../test/harness';
import { pruneAccountData } from './maintenance';

for (const db of testDatabases) {
  describe(`account data housekeeping (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('removes ended sessions, spent links and unpaid sign-up password hashes', async () => {
      const kept = await createVerifiedUser(s);
      const loggedOut = await createVerifiedUser(s);
      await s.api('/api/auth/logout', { method: 'POST', token: loggedOut.token });
      await s.api('/api/payments/create-payment-intent', {
        body: {
          amount: 3500,
          type: 'pro',
          registrationData: { email: 'never@paid.com', password: 'p4ssword!', name: 'N' },
        },
      });
      const count = async () => ({
        sessions: (await s.ctx.db.selectFrom('sessions').select('id').execute()).length,
        links: (await s.ctx.db.selectFrom('email_verifications').select('id').execute()).length,
        hashes: (
          await s.ctx.db.selectFrom('payments').select('id').where('pending_password_hash', 'is not', null).execute()
        ).length,
      });
      const before = await count();
      s.clock.advance(25 * 3600_000);
      await pruneAccountData(s.ctx);
      const after = await count();
      // Used links and the logged-out session are older than a day now; the sign-up hash too.
      expect(after.links).toBe(before.links - 2);
      expect(after.sessions).toBe(before.sessions - 1);
      expect(after.hashes).toBe(0);
      expect((await s.api('/api/auth/user', { token: kept.token })).status).toBe(200);
    });
  });
}
