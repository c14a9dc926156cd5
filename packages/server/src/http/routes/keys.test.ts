/** The developer API: API keys, Bearer sm_live_ on the file endpoints, per-key rate limits, Idempotency-Key, webhooks. */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesDb } from '../../files/context';
import { sampleCsvStatement } from '../../files/sample-statements';
import { payForFile, proUser } from '../../files/test-accounts';
import { upload, waitForFile } from '../../files/test-helpers';
import { pruneAccountData } from '../../services/maintenance';
import { RedisLimits } from '../../services/redis-rate-limit';
import {
  createVerifiedUser,
  removeTestData,
  startTestServer,
  TEST_PASSWORD,
  TestClock,
  type TestServer,
  testDatabases,
} from '../../test/harness';

interface Created {
  apiKey: { id: string; name: string; prefix: string; lastUsedAt: string | null; webhookUrl: string | null };
  key: string;
  webhookSecret: string | null;
}

/** Creates a key with the test accounts' password (createVerifiedUser's) unless `body` names another. */
async function createKey(s: TestServer, token: string, body: object = { name: 'Bookkeeping sync' }) {
  return s.api<Created>('/api/keys', { body: { password: TEST_PASSWORD, ...body }, token });
}

/** A local receiver of webhooks: answers the queued statuses in turn (then 200) and keeps what it got. */
async function startReceiver(statuses: number[]) {
  const got: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/statemint`;
  return { url, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Runs due deliveries, then says how many requests the receiver got. */
async function delivered(s: TestServer, got: unknown[]): Promise<number> {
  await s.app.services.webhooks.runDue();
  return got.length;
}

for (const db of testDatabases) {
  describe(`API keys (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db });
    });
    afterAll(() => s?.close());

    it('creates keys on Pro only, shows the key once and keeps only its hash', async () => {
      const free = await createVerifiedUser(s);
      const refused = await createKey(s, free.token);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED' });

      const pro = await proUser(s);
      const created = await createKey(s, pro.token);
      expect(created.status).toBe(201);
      expect(created.body.key).toMatch(/^sm_live_[\w-]{43}$/);
      expect(created.body.apiKey).toMatchObject({ name: 'Bookkeeping sync', lastUsedAt: null, webhookUrl: null });
      expect(created.body.key.startsWith(created.body.apiKey.prefix)).toBe(true);
      const list = await s.api<Array<Record<string, unknown>>>('/api/keys', { token: pro.token });
      expect(list.body).toHaveLength(1);
      expect(JSON.stringify(list.body)).not.toContain(created.body.key);
      const rows = await s.ctx.db.selectFrom('api_keys').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(created.body.key);

      expect((await createKey(s, pro.token, { name: '  ' })).status).toBe(400);
      // An API key cannot manage keys or the account.
      const withKey = await s.api('/api/keys', { token: created.body.key });
      expect(withKey.status).toBe(403);
      expect(withKey.body).toMatchObject({ code: 'FORBIDDEN' });
      expect((await s.api('/api/dashboard', { token: created.body.key })).status).toBe(403);
    });

    it('needs the password to create a key (N9)', async () => {
      const pro = await proUser(s);
      const missing = await s.api('/api/keys', { body: { name: 'no password' }, token: pro.token });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'password' });
      const wrong = await createKey(s, pro.token, { name: 'wrong', password: 'not the password' });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({
        code: 'INVALID_CREDENTIALS',
        field: 'password',
        message: 'Current password is incorrect',
      });
      const rows = await s.ctx.db.selectFrom('api_keys').select('name').where('name', 'in', ['wrong']).execute();
      expect(rows).toHaveLength(0);
    });

    it('revokes every key when the password is changed or reset (N9)', async () => {
      const pro = await proUser(s);
      const usable = async (key: string) => (await s.api('/api/files', { token: key })).status;
      const before = (await createKey(s, pro.token)).body.key;
      expect(await usable(before)).toBe(200);
      const changed = await s.api<{ token: string; message: string }>('/api/auth/change-password', {
        body: { currentPassword: pro.password, newPassword: 'a new long password' },
        token: pro.token,
      });
      expect(changed.status).toBe(200);
      expect(changed.body.message).toBe('Password changed. Other sessions were signed out and API keys revoked.');
      expect(await usable(before)).toBe(401);

      const second = (await createKey(s, changed.body.token, { name: 'second', password: 'a new long password' })).body
        .key;
      expect(await usable(second)).toBe(200);
      await s.api('/api/auth/forgot-password', { body: { email: pro.email } });
      // The reset e-mail goes out after the answer.
      await expect.poll(() => s.lastLinkToken(pro.email, 'reset-password')).toBeTruthy();
      const token = s.lastLinkToken(pro.email, 'reset-password');
      const reset = await s.api('/api/auth/reset-password', { body: { token, password: 'yet another password' } });
      expect(reset.status).toBe(200);
      const refused = await s.api('/api/files', { token: second });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ code: 'UNAUTHORIZED', message: 'This API key has been revoked.' });
    });

    it('authenticates uploads and file reads with Bearer sm_live_, records last use, refuses a revoked key', async () => {
      const pro = await proUser(s);
      const { key, apiKey } = (await createKey(s, pro.token)).body;
      const up = await upload(s, '/api/files/upload', { name: 'April.csv', bytes: sampleCsvStatement(6), token: key });
      expect(up.status).toBe(201);
      const file = await waitForFile(s, up.body.id, key);
      expect(file.status).toBe('completed');
      const csv = await fetch(`${s.url}/api/files/${up.body.id}/download/csv`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(csv.status).toBe(200);
      const listed = await s.api<Array<{ id: string; lastUsedAt: string | null }>>('/api/keys', { token: pro.token });
      expect(listed.body.find((k) => k.id === apiKey.id)?.lastUsedAt).not.toBeNull();

      const revoked = await s.api(`/api/keys/${apiKey.id}`, { method: 'DELETE', token: pro.token });
      expect(revoked.status).toBe(200);
      expect(revoked.body).toMatchObject({ revokedAt: expect.any(String) });
      const again = await upload(s, '/api/files/upload', { name: 'May.csv', bytes: sampleCsvStatement(6), token: key });
      expect(again.status).toBe(401);
      expect(again.body).toMatchObject({ code: 'UNAUTHORIZED', message: 'This API key has been revoked.' });
      // Revoked is never anonymous, even where anonymous calls are allowed.
      expect((await s.api(`/api/files/${up.body.id}`, { token: key })).status).toBe(401);
      expect((await s.api(`/api/files/${up.body.id}`, { token: 'sm_live_nonsense' })).status).toBe(401);
      // Someone else's key id is not found.
      const other = await proUser(s);
      expect((await s.api(`/api/keys/${apiKey.id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
    });

    it('refuses a key whose account left the Pro and Business plans', async () => {
      const pro = await proUser(s);
      const { key } = (await createKey(s, pro.token)).body;
      await s.ctx.db.updateTable('users').set({ plan: 'free' }).where('email', '=', pro.email).execute();
      const r = await s.api('/api/files/abcdefgh12345678', { token: key });
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED' });
    });

    it('limits requests per key per minute with 429 and Retry-After', async () => {
      const limited = await startTestServer({ db, config: { apiKeyRateLimitPerMinute: 5 } });
      try {
        await rateLimited(limited);
      } finally {
        await limited.close();
      }
    });

    async function rateLimited(s: TestServer) {
      const pro = await proUser(s);
      const a = (await createKey(s, pro.token, { name: 'a' })).body.key;
      const b = (await createKey(s, pro.token, { name: 'b' })).body.key;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await s.api('/api/files/abcdefgh12345678', { token: a })).status);
      expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
      const over = await s.api('/api/files/abcdefgh12345678', { token: a });
      expect(over.body).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      // Per key: another key of the same account is not limited.
      expect((await s.api('/api/files/abcdefgh12345678', { token: b })).status).toBe(404);
      s.clock.advance(61_000);
      expect((await s.api('/api/files/abcdefgh12345678', { token: a })).status).toBe(404);
    }
  });

  describe.skipIf(!process.env.TEST_REDIS_URL)(`per-key rate limit shared through Redis (${db})`, () => {
    // Two server instances (as two `statemint serve` processes) on one database and one Redis.
    const clock = new TestClock();
    const shared = {
      redisUrl: process.env.TEST_REDIS_URL,
      queueName: `statemint-test-${randomBytes(6).toString('hex')}`,
      apiKeyRateLimitPerMinute: 5,
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

    it('counts the requests of a key to either instance against one limit', async () => {
      expect(a.ctx.limits).toBeInstanceOf(RedisLimits);
      const pro = await proUser(a);
      const key = (await createKey(a, pro.token)).body.key;
      const statuses: number[] = [];
      for (const s of [a, b, a, b, a, b])
        statuses.push((await s.api('/api/files/abcdefgh12345678', { token: key })).status);
      expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
      const over = await a.api('/api/files/abcdefgh12345678', { token: key });
      expect(over).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      // The next minute starts afresh on both.
      clock.advance(60_000);
      expect((await b.api('/api/files/abcdefgh12345678', { token: key })).status).toBe(404);
      expect((await a.api('/api/files/abcdefgh12345678', { token: key })).status).toBe(404);
    });
  });

  describe(`two webhook dispatchers on one database (${db})`, () => {
    // Two server instances (as two worker processes) whose dispatchers share one database and clock.
    const clock = new TestClock();
    const config = { webhookAllowPrivateUrls: true, webhookRetryDelaysMs: [60_000, 120_000] };
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      a = await startTestServer({ db, clock, store: 'local', keepData: true, config });
      b = await startTestServer({
        db,
        clock,
        store: 'local',
        reuse: { dataDir: a.dataDir, ...(a.pgSchema ? { pgSchema: a.pgSchema } : {}) },
        config,
      });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      if (a) await removeTestData(a.dataDir, a.pgSchema);
    });

    /** A key with a webhook to `url` and `count` conversion events queued for it, as a finished conversion queues them. */
    async function queueEvents(url: string, count: number): Promise<string[]> {
      const pro = await proUser(a);
      const { apiKey } = (await createKey(a, pro.token, { name: 'hook', webhookUrl: url })).body;
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const eventId = `evt_${randomBytes(8).toString('hex')}`;
        ids.push(eventId);
        await a.ctx.db
          .insertInto('webhook_deliveries')
          .values({
            id: randomUUID(),
            api_key_id: apiKey.id,
            event_id: eventId,
            event_type: 'conversion.completed',
            file_id: null,
            url,
            status: 'pending',
            attempts: 0,
            next_attempt_at: clock.now(),
            last_status_code: null,
            last_error: null,
            created_at: clock.now(),
            delivered_at: null,
            lease_token: null,
            lease_until: null,
          })
          .execute();
      }
      return ids;
    }
    const rowsOf = (eventIds: string[]) =>
      a.ctx.db.selectFrom('webhook_deliveries').selectAll().where('event_id', 'in', eventIds).execute();

    it('sends each delivery once when both dispatch at the same time', async () => {
      const got: string[] = [];
      // A slow receiver keeps both dispatchers busy at once.
      const server = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          got.push(String(req.headers['statemint-event-id']));
          setTimeout(() => res.end('ok'), 15);
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      try {
        const ids = await queueEvents(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, 16);
        for (let i = 0; i < 3; i++)
          await Promise.all([a.app.services.webhooks.runDue(), b.app.services.webhooks.runDue()]);
        expect(got.sort()).toEqual([...ids].sort());
        const rows = await rowsOf(ids);
        expect(rows.map((r) => [r.status, r.attempts, r.lease_token])).toEqual(ids.map(() => ['delivered', 1, null]));
      } finally {
        await new Promise<void>((r) => server.close(() => r()));
      }
    });

    it('sends a delivery whose dispatcher stopped mid-request once its claim runs out, and the stale outcome is not kept', async () => {
      const got: string[] = [];
      let releaseFirst: (status: number) => void = () => undefined;
      const server = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          got.push(String(req.headers['statemint-event-id']));
          if (got.length > 1) return void res.end('ok');
          // The first request hangs, as one to a dispatcher that died would.
          releaseFirst = (status) => {
            res.statusCode = status;
            res.end('late');
          };
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      try {
        const [eventId] = await queueEvents(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, 1);
        const stuck = a.app.services.webhooks.runDue();
        await expect.poll(() => got.length).toBe(1);
        // Claimed by A: B leaves it alone while the claim holds.
        await b.app.services.webhooks.runDue();
        expect(got).toHaveLength(1);
        clock.advance(a.app.services.webhooks.leaseMs + 1);
        await b.app.services.webhooks.runDue();
        expect(got).toEqual([eventId, eventId]);
        const [row] = await rowsOf([eventId!]);
        expect(row).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200, lease_token: null });
        // A's request finally fails: its claim ran out, so the delivery stays delivered.
        releaseFirst(500);
        await stuck;
        expect((await rowsOf([eventId!]))[0]).toMatchObject({
          status: 'delivered',
          attempts: 2,
          last_status_code: 200,
        });
      } finally {
        releaseFirst(500);
        await new Promise<void>((r) => server.close(() => r()));
      }
    });
  });

  describe(`Idempotency-Key on uploads (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db });
    });
    afterAll(() => s?.close());

    it('answers a retried upload with the first response: one conversion, one quota use', async () => {
      const pro = await proUser(s);
      const { key } = (await createKey(s, pro.token)).body;
      const bytes = sampleCsvStatement(5);
      const send = (name: string, idem: string) =>
        upload(s, '/api/files/upload', { name, bytes, token: key, headers: { 'idempotency-key': idem } });
      const first = await send('June.csv', 'upload-june-1');
      expect(first.status).toBe(201);
      const replay = await send('June.csv', 'upload-june-1');
      expect(replay.status).toBe(201);
      expect(replay.body).toEqual(first.body);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      const used = await filesDb(s.ctx)
        .selectFrom('users')
        .innerJoin('usage_events', 'usage_events.user_id', 'users.id')
        .select('usage_events.id')
        .where('users.email', '=', pro.email)
        .execute();
      expect(used).toHaveLength(1);

      const reused = await send('July.csv', 'upload-june-1');
      expect(reused.status).toBe(422);
      expect(reused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      const bad = await send('June.csv', 'with space');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'idempotency-key' });
      // Keys are per caller: the same key from another account is a new upload.
      const other = await proUser(s);
      const theirs = await upload(s, '/api/files/upload', {
        name: 'June.csv',
        bytes,
        token: other.token,
        headers: { 'idempotency-key': 'upload-june-1' },
      });
      expect(theirs.status).toBe(201);
      expect(theirs.body.id).not.toBe(first.body.id);
    });

    it('does not charge a pay-as-you-go payment twice for a retried upload', async () => {
      const email = `idem-${Date.now()}@example.com`;
      const paymentIntentId = await payForFile(s, email);
      const send = () =>
        upload(s, '/api/files/upload-paid', {
          name: 'Paid.csv',
          bytes: sampleCsvStatement(4),
          fields: { email, paymentIntentId },
          headers: { 'idempotency-key': 'paid-1' },
        });
      const first = await send();
      expect(first.status).toBe(201);
      const second = await send();
      expect(second.status).toBe(201);
      expect(second.body.id).toBe(first.body.id);
      const rows = await filesDb(s.ctx)
        .selectFrom('files')
        .select('id')
        .where('payment_intent_id', '=', paymentIntentId)
        .execute();
      expect(rows).toHaveLength(1);
    });
  });

  describe(`webhooks (${db})`, () => {
    let s: TestServer;
    let strict: TestServer;
    beforeAll(async () => {
      [s, strict] = await Promise.all([
        startTestServer({ db, config: { webhookAllowPrivateUrls: true, webhookRetryDelaysMs: [60_000, 120_000] } }),
        startTestServer({ db }),
      ]);
    });
    afterAll(async () => {
      await s?.close();
      await strict?.close();
    });

    it.each([
      ['not a url', 'is not a valid URL.'],
      ['http://hooks.example.com/x', 'must start with https://.'],
      ['ftp://hooks.example.com/x', 'must start with https://.'],
      ['https://127.0.0.1/x', 'must point to a public address.'],
      ['https://localhost:8080/x', 'must point to a public address.'],
      ['https://10.1.2.3/x', 'must point to a public address.'],
      ['https://[::1]/x', 'must point to a public address.'],
      ['https://169.254.169.254/latest', 'must point to a public address.'],
      // Issue 29, N3: IPv6 forms carrying a private IPv4 address, and reserved ranges
      ['https://[::ffff:127.0.0.1]/x', 'must point to a public address.'],
      ['https://[::ffff:a9fe:a9fe]/latest', 'must point to a public address.'],
      ['https://[64:ff9b::7f00:1]/x', 'must point to a public address.'],
      ['https://[::127.0.0.1]/x', 'must point to a public address.'],
      ['https://192.0.2.10/x', 'must point to a public address.'],
      ['https://198.18.0.1/x', 'must point to a public address.'],
      ['https://100.64.0.1/x', 'must point to a public address.'],
      ['https://user:pw@hooks.example.com/x', 'must not contain a user name or password.'],
    ])('refuses the webhook URL %s', async (webhookUrl, why) => {
      const pro = await proUser(strict);
      const r = await createKey(strict, pro.token, { name: 'hook', webhookUrl });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 'VALIDATION_FAILED', field: 'webhookUrl', message: `Webhook URL ${why}` });
    });

    it('refuses at delivery a saved URL that reaches a private address, connecting nowhere (N3)', async () => {
      // A listener on every loopback address counts connections: the audit's server connected to one.
      let connections = 0;
      const listener = createNetServer((socket) => {
        connections++;
        socket.destroy();
      });
      await new Promise<void>((r) => listener.listen(0, '::', r));
      const { port } = listener.address() as AddressInfo;
      try {
        const pro = await proUser(strict);
        const created = (await createKey(strict, pro.token, { name: 'hook' })).body;
        // As if saved before the rule (or by a name that later moved): the dispatcher checks again.
        const urls = [
          `https://[::ffff:127.0.0.1]:${port}/x`,
          `https://[64:ff9b::7f00:1]:${port}/x`,
          `https://[::1]:${port}/x`,
          `https://localhost:${port}/x`,
        ];
        const eventIds: string[] = [];
        for (const url of urls) {
          await strict.ctx.db
            .updateTable('api_keys')
            .set({ webhook_url: url, webhook_secret: 'whsec_test' })
            .where('id', '=', created.apiKey.id)
            .execute();
          const eventId = `evt_${randomBytes(8).toString('hex')}`;
          eventIds.push(eventId);
          await strict.ctx.db
            .insertInto('webhook_deliveries')
            .values({
              id: randomUUID(),
              api_key_id: created.apiKey.id,
              event_id: eventId,
              event_type: 'conversion.completed',
              file_id: null,
              url,
              status: 'pending',
              attempts: 0,
              next_attempt_at: strict.clock.now(),
              last_status_code: null,
              last_error: null,
              created_at: strict.clock.now(),
              delivered_at: null,
              lease_token: null,
              lease_until: null,
            })
            .execute();
        }
        // The server's own dispatcher may hold some of them (leased) while this run takes the rest:
        // run again until every one is settled.
        const settled = async () =>
          strict.ctx.db
            .selectFrom('webhook_deliveries')
            .select(['status', 'last_error'])
            .where('event_id', 'in', eventIds)
            .execute();
        let rows = await settled();
        for (let i = 0; i < 200 && rows.some((r) => r.status === 'pending'); i++) {
          await strict.app.services.webhooks.runDue();
          rows = await settled();
          if (rows.some((r) => r.status === 'pending')) await new Promise((r) => setTimeout(r, 50));
        }
        expect(rows).toHaveLength(urls.length);
        for (const row of rows)
          expect(row).toEqual({ status: 'failed', last_error: 'Refused: the URL resolves to a private address.' });
        expect(connections).toBe(0);
      } finally {
        await new Promise<void>((r) => listener.close(() => r()));
      }
    });

    it('follows no redirect: a 302 is a failed attempt and its Location gets nothing (N3)', async () => {
      const elsewhere = await startReceiver([]);
      const redirecting = createServer((req, res) => {
        req.resume();
        res.statusCode = 302;
        res.setHeader('location', elsewhere.url);
        res.end();
      });
      await new Promise<void>((r) => redirecting.listen(0, '127.0.0.1', r));
      try {
        const pro = await proUser(s);
        const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/hook`;
        const created = (await createKey(s, pro.token, { name: 'hook', webhookUrl: url })).body;
        const up = await upload(s, '/api/files/upload', {
          name: 'Redirected.csv',
          bytes: sampleCsvStatement(3),
          token: created.key,
        });
        expect((await waitForFile(s, up.body.id, created.key)).status).toBe('completed');
        const log = () =>
          s.api<Array<Record<string, unknown>>>(`/api/keys/${created.apiKey.id}/deliveries`, { token: pro.token });
        const lastStatus = async () => {
          await s.app.services.webhooks.runDue();
          return (await log()).body[0]?.lastStatusCode;
        };
        await expect.poll(lastStatus).toBe(302);
        expect((await log()).body[0]).toMatchObject({ status: 'pending', lastError: 'HTTP 302' });
        expect(elsewhere.got).toHaveLength(0);
      } finally {
        await new Promise<void>((r) => redirecting.close(() => r()));
        await elsewhere.close();
      }
    });

    it('signs conversion.completed with HMAC-SHA256 over the timestamp and body, retries with backoff, logs deliveries', async () => {
      const receiver = await startReceiver([500]);
      try {
        const pro = await proUser(s);
        const created = (await createKey(s, pro.token, { name: 'hook', webhookUrl: receiver.url })).body;
        expect(created.webhookSecret).toMatch(/^whsec_/);
        const up = await upload(s, '/api/files/upload', {
          name: 'Hooked.csv',
          bytes: sampleCsvStatement(5),
          token: created.key,
        });
        expect((await waitForFile(s, up.body.id, created.key)).status).toBe('completed');
        await expect.poll(() => delivered(s, receiver.got)).toBe(1);

        const first = receiver.got[0]!;
        const signature = String(first.headers['statemint-signature']);
        const [, t, v1] = signature.match(/^t=(\d+),v1=([0-9a-f]{64})$/) ?? [];
        const expected = createHmac('sha256', created.webhookSecret!).update(`${t}.${first.body}`).digest('hex');
        expect(v1).toBe(expected);
        const event = JSON.parse(first.body);
        expect(event).toMatchObject({
          type: 'conversion.completed',
          data: { file: { id: up.body.id, status: 'completed' } },
        });
        expect(first.headers['statemint-event-id']).toBe(event.id);

        const log = () =>
          s.api<Array<Record<string, unknown>>>(`/api/keys/${created.apiKey.id}/deliveries`, { token: pro.token });
        expect((await log()).body[0]).toMatchObject({
          status: 'pending',
          attempts: 1,
          lastStatusCode: 500,
          lastError: 'HTTP 500',
          eventType: 'conversion.completed',
        });
        // Not before the backoff.
        await s.app.services.webhooks.runDue();
        expect(receiver.got).toHaveLength(1);
        s.clock.advance(60_000);
        await s.app.services.webhooks.runDue();
        expect(receiver.got).toHaveLength(2);
        expect(receiver.got[1]!.headers['statemint-event-id']).toBe(event.id);
        expect((await log()).body[0]).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
      } finally {
        await receiver.close();
      }
    });

    it('keeps no statement content in the delivery log, which goes with the file and after 30 days (N8)', async () => {
      const receiver = await startReceiver([]);
      try {
        const pro = await proUser(s);
        const created = (await createKey(s, pro.token, { name: 'hook', webhookUrl: receiver.url })).body;
        const convert = async (name: string) => {
          const up = await upload(s, '/api/files/upload', { name, bytes: sampleCsvStatement(5), token: created.key });
          return waitForFile(s, up.body.id, created.key);
        };
        const deliveries = () =>
          s.ctx.db.selectFrom('webhook_deliveries').selectAll().where('api_key_id', '=', created.apiKey.id).execute();

        const file = await convert('Content.csv');
        const description = file.preview?.[0]?.description ?? '';
        expect(description.length).toBeGreaterThan(3);
        await expect.poll(() => delivered(s, receiver.got)).toBe(1);
        // The receiver gets the file as it is, preview and all; the log keeps only the event and ids.
        const sent = JSON.parse(receiver.got[0]!.body);
        expect(sent).toMatchObject({ type: 'conversion.completed', data: { file: { id: file.id } } });
        expect(receiver.got[0]!.body).toContain(description);
        const rows = await deliveries();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ event_id: sent.id, file_id: file.id, status: 'delivered' });
        expect(JSON.stringify(rows)).not.toContain(description);
        expect(Object.keys(rows[0]!)).not.toContain('payload');

        expect((await s.api(`/api/files/${file.id}`, { method: 'DELETE', token: pro.token })).status).toBe(200);
        expect(await deliveries()).toHaveLength(0);

        await convert('Kept.csv');
        await expect.poll(() => delivered(s, receiver.got)).toBe(2);
        expect(await deliveries()).toHaveLength(1);
        s.clock.advance(29 * 24 * 3600_000);
        await pruneAccountData(s.ctx);
        expect(await deliveries()).toHaveLength(1);
        s.clock.advance(2 * 24 * 3600_000);
        await pruneAccountData(s.ctx);
        expect(await deliveries()).toHaveLength(0);
      } finally {
        await receiver.close();
      }
    });

    it('sends conversion.failed, and gives up after the last retry', async () => {
      const receiver = await startReceiver([503, 503, 503]);
      try {
        const pro = await proUser(s);
        const created = (await createKey(s, pro.token, { name: 'hook' })).body;
        const set = await s.api<{ webhookSecret: string }>(`/api/keys/${created.apiKey.id}/webhook`, {
          method: 'PUT',
          body: { webhookUrl: receiver.url },
          token: pro.token,
        });
        expect(set.status).toBe(200);
        expect(set.body.webhookSecret).toMatch(/^whsec_/);
        const up = await upload(s, '/api/files/upload', {
          name: 'Empty.txt',
          bytes: 'Hello, this is not a bank statement at all.\n',
          token: created.key,
        });
        expect((await waitForFile(s, up.body.id, created.key)).status).toBe('failed');
        await expect.poll(() => delivered(s, receiver.got)).toBe(1);
        expect(JSON.parse(receiver.got[0]!.body)).toMatchObject({ type: 'conversion.failed' });
        s.clock.advance(60_000);
        await s.app.services.webhooks.runDue();
        s.clock.advance(120_000);
        await s.app.services.webhooks.runDue();
        expect(receiver.got).toHaveLength(3);
        const log = await s.api<Array<Record<string, unknown>>>(`/api/keys/${created.apiKey.id}/deliveries`, {
          token: pro.token,
        });
        expect(log.body[0]).toMatchObject({ status: 'failed', attempts: 3, lastStatusCode: 503, nextAttemptAt: null });
      } finally {
        await receiver.close();
      }
    });
  });
}
