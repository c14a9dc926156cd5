/**
 * The API-keys repository (keys, their uploads and webhook deliveries) and the idempotency-keys
 * repository on a real database (SQLite, and PostgreSQL with TEST_DATABASE_URL): revoking a key,
 * claiming a delivery, finishing it and completing an idempotency key are compare-and-sets, so of
 * two at once exactly one is made and the other says it was not.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../db';
import { TestClock, testDatabases } from '../test/harness';
import { repositoryDatabase } from '../test/repository-db';
import { type ApiKeyRow, ApiKeysRepository } from './api-keys-repository';
import { IdempotencyKeysRepository } from './idempotency-keys';
import { UsersRepository } from './users-repository';

const MINUTE = 60_000;

for (const dialect of testDatabases) {
  describe(`API-keys repository (${dialect})`, () => {
    const t = repositoryDatabase(dialect);
    const clock = new TestClock(Date.UTC(2026, 0, 1));
    const repo = () => new ApiKeysRepository(t.db());

    /** An account with a key whose webhook is `url`. */
    async function keyWithWebhook(url = 'https://hooks.example.com/x'): Promise<ApiKeyRow> {
      const user = await new UsersRepository(t.db(), t.dialect(), clock).create({
        email: `${randomUUID()}@example.com`,
        name: 'Dev',
        passwordHash: 'h',
      });
      const id = randomUUID();
      const key: ApiKeyRow = {
        id,
        user_id: user.id,
        name: 'ci',
        prefix: 'sm_live_abcd',
        key_hash: `hash-${id}`,
        webhook_url: null,
        webhook_secret: null,
        created_at: clock.now(),
        last_used_at: null,
        revoked_at: null,
      };
      await repo().insert(key);
      expect(await repo().setWebhook(id, { url, secret: 'whsec_x' })).toBe(true);
      return { ...key, webhook_url: url, webhook_secret: 'whsec_x' };
    }

    it('revokes a key once; a revoked key keeps its first revocation and takes no webhook', async () => {
      const keys = repo();
      const key = await keyWithWebhook();
      expect(await keys.isLiveKeyOf(key.id, key.user_id)).toBe(true);
      const both = await Promise.all([keys.revoke(key.id, clock.now()), keys.revoke(key.id, clock.now() + 1)]);
      expect(both.filter(Boolean)).toHaveLength(1);
      const revokedAt = (await keys.findByHash(key.key_hash))?.revoked_at;
      expect(revokedAt).toBe(both[0] ? clock.now() : clock.now() + 1);
      expect(await keys.revoke(key.id, clock.now() + 2)).toBe(false);
      expect((await keys.findOfUser(key.user_id, key.id))?.revoked_at).toBe(revokedAt);
      expect(await keys.setWebhook(key.id, { url: null, secret: null })).toBe(false);
      expect(await keys.isLiveKeyOf(key.id, key.user_id)).toBe(false);
      expect(await keys.countActiveOf(key.user_id)).toBe(0);
    });

    it('knows the key and webhook of a file uploaded with a key, until the file is forgotten', async () => {
      const keys = repo();
      const key = await keyWithWebhook();
      const fileId = randomUUID();
      await keys.recordUpload(fileId, key.id, clock.now());
      expect(await keys.webhookOfUpload(fileId)).toEqual({ keyId: key.id, url: key.webhook_url, revokedAt: null });
      await keys.forgetUpload(fileId);
      expect(await keys.webhookOfUpload(fileId)).toBeUndefined();
    });

    it('gives a due delivery to one dispatcher, and only its claim writes the outcome', async () => {
      const keys = repo();
      const key = await keyWithWebhook();
      const id = randomUUID();
      const now = clock.now();
      await keys.insertDelivery({
        id,
        api_key_id: key.id,
        event_id: randomUUID(),
        event_type: 'conversion.completed',
        file_id: randomUUID(),
        url: key.webhook_url as string,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        last_status_code: null,
        last_error: null,
        created_at: now,
        delivered_at: null,
        lease_token: null,
        lease_until: null,
      });
      expect(await keys.dueDeliveryIds(now, 10)).toContain(id);
      const claims = await Promise.all(
        ['a', 'b'].map((token) => keys.claimDelivery(id, { token, now, leaseUntil: now + MINUTE })),
      );
      const won = claims.filter((c) => c !== null);
      expect(won).toHaveLength(1);
      expect(won[0]?.attempts).toBe(1);
      expect(await keys.dueDeliveryIds(now, 10)).not.toContain(id);
      const holder = won[0]?.lease_token as string;
      const other = holder === 'a' ? 'b' : 'a';
      // The dispatcher that lost writes nothing; the holder writes its outcome once.
      expect(await keys.finishDelivery(id, other, { status: 'failed' })).toBe(false);
      expect(await keys.finishDelivery(id, holder, { status: 'delivered', delivered_at: now })).toBe(true);
      expect(await keys.finishDelivery(id, holder, { status: 'failed' })).toBe(false);
      expect((await keys.deliveriesOf(key.id, 10)).map((d) => d.status)).toEqual(['delivered']);
      // A claim whose lease ran out may be taken by another dispatcher (pending again, due).
      await keys.insertDelivery({
        ...(await keys.deliveriesOf(key.id, 1))[0]!,
        id: `${id}-2`,
        file_id: randomUUID(),
        status: 'pending',
        lease_token: null,
        lease_until: null,
        delivered_at: null,
        attempts: 0,
      });
      expect(await keys.claimDelivery(`${id}-2`, { token: 'a', now, leaseUntil: now + MINUTE })).not.toBeNull();
      expect(await keys.claimDelivery(`${id}-2`, { token: 'b', now, leaseUntil: now + MINUTE })).toBeNull();
      const later = now + MINUTE;
      expect(
        await keys.claimDelivery(`${id}-2`, { token: 'b', now: later, leaseUntil: later + MINUTE }),
      ).not.toBeNull();
      expect(await keys.finishDelivery(`${id}-2`, 'a', { status: 'delivered' })).toBe(false);
      await keys.deleteDeliveriesOfFile(won[0]?.file_id as string);
      expect((await keys.deliveriesOf(key.id, 10)).map((d) => d.id)).toEqual([`${id}-2`]);
    });
  });

  describe(`idempotency-keys repository (${dialect})`, () => {
    const t = repositoryDatabase(dialect);
    const repo = () => new IdempotencyKeysRepository(t.db());
    const row = (scope: string) => ({
      id: randomUUID(),
      scope,
      key: 'k1',
      request_hash: 'r',
      status: 'running',
      response_status: null,
      response_body: null,
      created_at: Date.UTC(2026, 0, 1),
    });

    it('lets one of two requests under a key run, and completes it once', async () => {
      const keys = repo();
      const scope = `user:${randomUUID()}`;
      const results = await Promise.allSettled([keys.insert(row(scope)), keys.insert(row(scope))]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(isUniqueViolation(refused.reason)).toBe(true);
      const held = (await keys.find(scope, 'k1')) as NonNullable<Awaited<ReturnType<typeof keys.find>>>;
      const done = await Promise.all([
        keys.complete(held.id, { status: 202, body: '{"a":1}' }),
        keys.complete(held.id, { status: 500, body: '{"b":2}' }),
      ]);
      expect(done.filter(Boolean)).toHaveLength(1);
      const kept = await keys.find(scope, 'k1');
      expect(kept?.response_status).toBe(done[0] ? 202 : 500);
      await keys.deleteOfScopes([scope]);
      expect(await keys.find(scope, 'k1')).toBeUndefined();
    });
  });
}
