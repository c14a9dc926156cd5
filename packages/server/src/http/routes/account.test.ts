/** The settings page's API: e-mail change (verified first), subscription cancel and resume, account deletion. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesDb } from '../../files/context';
import { sampleCsvStatement } from '../../files/sample-statements';
import { proUser } from '../../files/test-accounts';
import { storedObjects, upload, waitForFile } from '../../files/test-helpers';
import { createVerifiedUser, startTestServer, type TestServer, testDatabases } from '../../test/harness';

function changeToken(s: TestServer, to: string): string {
  const mail = s
    .outbox()
    .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((m) => m.toLowerCase().includes(`to: ${to}`))
    .at(-1);
  const token = mail?.match(/verify-email\?change=1&token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no e-mail change link to ${to}`);
  return token;
}

for (const db of testDatabases) {
  describe(`account settings API (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db });
    });
    afterAll(() => s?.close());

    it('changes the e-mail only once the new address confirms it', async () => {
      const u = await createVerifiedUser(s);
      const other = await createVerifiedUser(s);
      const newEmail = `moved-${Date.now()}@example.com`;
      const ask = (body: object) => s.api('/api/account/change-email', { body, token: u.token });
      expect((await ask({ newEmail, password: 'wrong password' })).body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      expect((await ask({ newEmail: other.email, password: u.password })).body).toMatchObject({ code: 'EMAIL_TAKEN' });
      expect((await ask({ newEmail: 'nope', password: u.password })).body).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'newEmail',
      });
      const asked = await ask({ newEmail, password: u.password });
      expect(asked.status).toBe(200);
      // Not yet: the old address still logs in, the new one does not.
      expect((await s.api('/api/auth/user', { token: u.token })).body).toMatchObject({ email: u.email });
      const token = changeToken(s, newEmail);
      const confirmed = await s.api('/api/account/confirm-email-change', { body: { token } });
      expect(confirmed.status).toBe(200);
      expect((await s.api('/api/account/confirm-email-change', { body: { token } })).body).toMatchObject({
        code: 'TOKEN_INVALID',
      });
      expect((await s.api('/api/auth/user', { token: u.token })).status).toBe(401);
      const login = await s.api('/api/auth/login', { body: { email: newEmail, password: u.password } });
      expect(login.body).toMatchObject({ user: { email: newEmail, emailVerified: true } });
      expect(s.outbox().some((m) => m.includes(`To: ${u.email}`) && m.includes('email was changed'))).toBe(true);
    });

    it('cancels and resumes a subscription before the period ends', async () => {
      const u = await proUser(s);
      expect((await s.api('/api/subscriptions/resume', { method: 'POST', token: u.token })).status).toBe(403);
      expect((await s.api('/api/subscriptions/cancel', { method: 'POST', token: u.token })).status).toBe(200);
      const resumed = await s.api('/api/subscriptions/resume', { method: 'POST', token: u.token });
      expect(resumed.status).toBe(200);
      expect((await s.api('/api/auth/user', { token: u.token })).body).toMatchObject({
        subscriptionStatus: 'active',
        cancelAt: null,
        plan: 'pro',
      });
    });

    it('deletes the account and every file; payments stay as receipts, sessions and keys stop', async () => {
      const u = await proUser(s);
      const key = (
        await s.api<{ key: string }>('/api/keys', { body: { name: 'k', password: u.password }, token: u.token })
      ).body.key;
      const up = await upload(s, '/api/files/upload', {
        name: 'Gone.csv',
        bytes: sampleCsvStatement(5),
        token: u.token,
      });
      await waitForFile(s, up.body.id, u.token);
      const userId = (await s.api<{ id: string }>('/api/auth/user', { token: u.token })).body.id;
      expect((await storedObjects(s)).some((p) => p.includes(up.body.id))).toBe(true);

      const wrong = await s.api('/api/account', { method: 'DELETE', body: { password: 'nope nope' }, token: u.token });
      expect(wrong.status).toBe(401);
      const gone = await s.api('/api/account', { method: 'DELETE', body: { password: u.password }, token: u.token });
      expect(gone.status).toBe(200);
      expect(gone.body).toMatchObject({ filesDeleted: 1 });

      expect((await s.api('/api/auth/user', { token: u.token })).status).toBe(401);
      expect((await s.api(`/api/files/${up.body.id}`, { token: key })).status).toBe(401);
      expect((await storedObjects(s)).some((p) => p.includes(up.body.id))).toBe(false);
      const fdb = filesDb(s.ctx);
      expect(await fdb.selectFrom('files').select('id').where('user_id', '=', userId).execute()).toEqual([]);
      expect(await fdb.selectFrom('usage_events').select('id').where('user_id', '=', userId).execute()).toEqual([]);
      expect(await fdb.selectFrom('api_keys').select('id').where('user_id', '=', userId).execute()).toEqual([]);
      expect(await fdb.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual([]);
      const receipts = await fdb.selectFrom('payments').selectAll().where('email', '=', u.email).execute();
      expect(receipts).toHaveLength(1);
      expect(receipts[0]).toMatchObject({ status: 'succeeded', amount: 3500, user_id: null });
      // The address is free again.
      const again = await s.api('/api/auth/register', { body: { email: u.email, password: u.password, name: 'Back' } });
      expect(again.status).toBe(201);
    });
  });
}
