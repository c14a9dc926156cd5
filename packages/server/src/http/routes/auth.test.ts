import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, startTestServer, type TestServer, testDatabases } from '../../test/harness';

for (const db of testDatabases) {
  describe(`accounts API (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('registers, verifies from the e-mailed link, logs in and reads the user', async () => {
      const { token, user, email } = await createVerifiedUser(s, { name: 'Ada' });
      expect(user).toMatchObject({ email, name: 'Ada', plan: 'free', emailVerified: true, fileRetentionDays: 30 });
      const me = await s.api('/api/auth/user', { token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email, emailVerified: true });
    });
  });
}
