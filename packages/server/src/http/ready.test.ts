/** Issue 16: GET /api/ready beside /api/health: 200 when the database, queue and store answer, else 503 naming what does not. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDatabases } from '../test/harness';

for (const db of testDatabases) {
  describe(`readiness and request ids (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('is ready when everything answers, and says which part does not', async () => {
      const ok = await s.api('/api/ready');
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ status: 'ready', checks: { database: 'ok', queue: 'ok', store: 'ok' } });
      const store = s.app.services.files.store;
      const exists = store.exists.bind(store);
      store.exists = async () => {
        throw new Error('the store is unreachable');
      };
      try {
        const down = await s.api('/api/ready');
        expect(down.status).toBe(503);
        expect(down.body).toEqual({
          status: 'unavailable',
          checks: { database: 'ok', queue: 'ok', store: 'the store is unreachable' },
        });
        expect((await s.api('/api/health')).status).toBe(200);
      } finally {
        store.exists = exists;
      }
    });

    it('answers each request with its id: a plain X-Request-Id given is kept, anything else replaced', async () => {
      const given = await s.api('/api/health', { headers: { 'x-request-id': 'proxy-abc_123' } });
      expect(given.headers.get('x-request-id')).toBe('proxy-abc_123');
      const hostile = await s.api('/api/health', { headers: { 'x-request-id': 'a b {"level":50}' } });
      expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const none = await s.api('/api/health');
      expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
}
