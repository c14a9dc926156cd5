/**
 * Issue 29, N10: uploads sent at once are counted against a limit atomically. The audit saw three
 * free trials from one address all convert, and a Pro account at 398 of 400 uploads get five through.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDatabases } from '../test/harness';
import { filesContextOf, filesDb } from './context';
import { claimFreeTrial } from './free-trial';
import { sampleCsvStatement } from './sample-statements';
import { startOfUtcMonth } from './service';
import { proUser } from './test-accounts';
import { freshIp, upload } from './test-helpers';

for (const db of testDatabases) {
  describe(`limits counted atomically (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db, config: { trustProxy: 'loopback', conversionWorkers: 1 } });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('takes one free trial of three sent at once from one address', async () => {
      const ip = freshIp();
      const results = await Promise.all(
        [0, 1, 2].map((i) =>
          upload(s, '/api/files/upload-free-trial', {
            name: `march-${i}.csv`,
            bytes: sampleCsvStatement(3),
            fields: { email: `racer-${randomBytes(4).toString('hex')}@example.com` },
            headers: { 'x-device-fingerprint': randomBytes(8).toString('hex') },
            ip,
          }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 429, 429]);
      for (const r of results.filter((r) => r.status === 429)) expect(r.body.code).toBe('FREE_TRIAL_COOLDOWN');
      const uses = await filesDb(s.ctx).selectFrom('free_trial_uses').select('file_id').execute();
      const created = results.find((r) => r.status === 201)!.body.id;
      expect(uses.filter((u) => u.file_id === created)).toHaveLength(1);
    });

    it('claims the free trial of one address once when two claims overlap in the database', async () => {
      // The race itself, forced: the first claim holds its transaction open after recording its use,
      // the second starts meanwhile. Without one claim at a time, the second sees no use (the first's
      // is not committed) and records its own: two free trials (PostgreSQL; SQLite has one writer).
      const files = filesContextOf(s.app);
      const identity = { email: null, fingerprint: null, ip: freshIp() };
      const [first, second] = [randomUUID(), randomUUID()];
      let started!: () => void;
      const firstRecorded = new Promise<void>((resolve) => (started = resolve));
      const claims = [
        claimFreeTrial(files, identity, first, async () => {
          started();
          await new Promise((r) => setTimeout(r, 500));
        }),
        firstRecorded.then(() => claimFreeTrial(files, identity, second)),
      ];
      const outcomes = await Promise.allSettled(claims);
      expect(outcomes[0]).toMatchObject({ status: 'fulfilled' });
      expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: { code: 'FREE_TRIAL_COOLDOWN' } });
      const uses = await filesDb(s.ctx)
        .selectFrom('free_trial_uses')
        .select('file_id')
        .where('file_id', 'in', [first, second])
        .execute();
      expect(uses.map((u) => u.file_id)).toEqual([first]);
    });

    it('lets two of five uploads sent at once through at 398 of 400', async () => {
      const pro = await proUser(s);
      const userId = (await s.api<{ id: string }>('/api/auth/user', { token: pro.token })).body.id;
      const monthStart = startOfUtcMonth(s.clock.now());
      await filesDb(s.ctx)
        .insertInto('usage_events')
        .values(
          Array.from({ length: 398 }, () => ({
            id: randomUUID(),
            user_id: userId,
            kind: 'upload',
            file_id: null,
            created_at: monthStart,
          })),
        )
        .execute();
      const results = await Promise.all(
        [0, 1, 2, 3, 4].map((i) =>
          upload(s, '/api/files/upload', {
            name: `april-${i}.csv`,
            bytes: sampleCsvStatement(3),
            token: pro.token,
            ip: freshIp(),
          }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 403, 403, 403]);
      for (const r of results.filter((r) => r.status === 403)) expect(r.body.code).toBe('QUOTA_EXCEEDED');
      const { n } = await filesDb(s.ctx)
        .selectFrom('usage_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('kind', '=', 'upload')
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(400);
    });
  });
}
