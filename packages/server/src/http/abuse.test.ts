/**
 * Issue 15's abuse paths, tried as an attacker would: each test failed before its fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, PRIVATE_PROXIES } from '../config/config';
import { createVerifiedUser, startTestServer, type TestServer, testDatabases } from '../test/harness';

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
    let s: TestServer;
    beforeAll(async () => {
      // Behind a proxy at 192.0.2.10: this test's own requests come from 127.0.0.1, a client.
      s = await startTestServer({ db, config: { trustProxy: '192.0.2.10' } });
    });
    afterAll(async () => {
      await s?.close();
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
