/**
 * Issue 29, N10: uploads sent at once are counted against a limit atomically (free trial, monthly
 * quota, pay-per-file credit). The audit saw three free trials from one address all convert, and a
 * Pro account at 398 of 400 uploads get five through.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeUploadCredit } from '../services/payments';
import { startTestServer, type TestServer, testDatabases } from '../test/harness';
import { type FilesDb, filesDb } from './context';
import { claimFreeTrial } from './free-trial';
import { sampleCsvStatement } from './sample-statements';
import { claimUpload, startOfUtcMonth } from './service';
import { payForFile, proUser } from './test-accounts';
import { freshIp, upload } from './test-helpers';

/**
 * Two claims forced to overlap, with no timing in it: the first claim, having recorded its use
 * inside its transaction, starts the second and keeps its transaction open until the second
 * either waits for it (PostgreSQL: a session blocked by the first's, pg_blocking_pids) or has
 * finished without waiting. Only then does the first commit. Without one claim at a time, the
 * second counts while the first's record is uncommitted, and both are taken. SQLite has one
 * writer: the second waits for the first whole, so the first only starts it.
 */
function overlapped<T>(s: TestServer, second: () => Promise<T>) {
  let outcome!: Promise<PromiseSettledResult<T>>;
  const hold = async (trx: FilesDb) => {
    let settled = false;
    outcome = second().then(
      (value) => ({ status: 'fulfilled' as const, value }),
      (reason: unknown) => ({ status: 'rejected' as const, reason }),
    );
    void outcome.finally(() => {
      settled = true;
    });
    if (s.ctx.dialect !== 'postgres') return;
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
    const pid = rows[0]?.pid;
    for (;;) {
      if (settled) return;
      const blocked = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where ${pid}::int = any(pg_blocking_pids(pid))`.execute(s.ctx.db);
      if ((blocked.rows[0]?.n ?? 0) > 0) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { hold, second: () => outcome };
}

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
      // The race itself, forced (overlapped): without one claim at a time, the second sees no use
      // (the first's is not committed) and records its own: two free trials.
      const files = s.app.services.files;
      const identity = { email: null, fingerprint: null, ip: freshIp() };
      const [first, second] = [randomUUID(), randomUUID()];
      const race = overlapped(s, () => claimFreeTrial(files, identity, second));
      const firstOutcome = await claimFreeTrial(files, identity, first, race.hold).then(
        () => ({ status: 'fulfilled' }),
        (reason: unknown) => ({ status: 'rejected', reason }),
      );
      const outcomes = [firstOutcome, await race.second()];
      expect(outcomes[0]).toMatchObject({ status: 'fulfilled' });
      expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: { code: 'FREE_TRIAL_COOLDOWN' } });
      const uses = await filesDb(s.ctx)
        .selectFrom('free_trial_uses')
        .select('file_id')
        .where('file_id', 'in', [first, second])
        .execute();
      expect(uses.map((u) => u.file_id)).toEqual([first]);
    });

    it('takes the last monthly upload once when two claims overlap in the database', async () => {
      // At 399 of 400, the race forced (overlapped): without the account's row held, the second
      // counts 399 (the first's record is not committed) and records its own: 401 used.
      const files = s.app.services.files;
      const pro = await proUser(s);
      const userId = (await s.api<{ id: string }>('/api/auth/user', { token: pro.token })).body.id;
      await filesDb(s.ctx)
        .insertInto('usage_events')
        .values(
          Array.from({ length: 399 }, () => ({
            id: randomUUID(),
            user_id: userId,
            kind: 'upload',
            file_id: null,
            created_at: startOfUtcMonth(s.clock.now()),
          })),
        )
        .execute();
      const [first, second] = [randomUUID(), randomUUID()];
      const race = overlapped(s, () => claimUpload(files, userId, 400, second));
      await claimUpload(files, userId, 400, first, { also: race.hold });
      expect(await race.second()).toMatchObject({ status: 'rejected', reason: { code: 'QUOTA_EXCEEDED' } });
      const used = await filesDb(s.ctx)
        .selectFrom('usage_events')
        .select('file_id')
        .where('user_id', '=', userId)
        .where('kind', '=', 'upload')
        .where('file_id', 'in', [first, second])
        .execute();
      expect(used.map((u) => u.file_id)).toEqual([first]);
    });

    it('takes the one conversion of a pay-per-file payment once when two paid uploads overlap in the database', async () => {
      // The race forced (overlapped): the second reads the credit as free (the first's take is not
      // committed) and, were its take not conditional on the credit being free, would take it too.
      const email = `payer-${randomBytes(4).toString('hex')}@example.com`;
      const paymentIntentId = await payForFile(s, email);
      const [first, second] = [randomUUID(), randomUUID()];
      const payment = await s.ctx.repos.payments.findByIntent(paymentIntentId);
      const race = overlapped(s, () => consumeUploadCredit(s.ctx, { paymentIntentId, email, fileId: second }));
      // The first take, as consumeUploadCredit makes it, held open until the second has read the
      // credit as free and waits on it (PostgreSQL), or has been started (SQLite: one writer).
      await s.ctx.db.transaction().execute(async (trx) => {
        const free = await s.ctx.repos.payments.within(trx).firstFreeCredit(payment!.id);
        expect(await s.ctx.repos.payments.within(trx).takeCredit(payment!.id, free!, first, s.clock.now())).toBe(true);
        await race.hold(trx as unknown as FilesDb);
      });
      expect(await race.second()).toMatchObject({ status: 'rejected', reason: { code: 'PAYMENT_REQUIRED' } });
      const credits = await s.ctx.db
        .selectFrom('payment_credits')
        .innerJoin('payments', 'payments.id', 'payment_credits.payment_id')
        .select('payment_credits.file_id')
        .where('payments.intent_id', '=', paymentIntentId)
        .execute();
      expect(credits.map((c) => c.file_id)).toEqual([first]);
    });

    it('lets one of three paid uploads sent at once through on a payment for one file', async () => {
      const email = `payer-${randomBytes(4).toString('hex')}@example.com`;
      const paymentIntentId = await payForFile(s, email);
      const results = await Promise.all(
        [0, 1, 2].map((i) =>
          upload(s, '/api/files/upload-paid', {
            name: `paid-${i}.csv`,
            bytes: sampleCsvStatement(3),
            fields: { paymentIntentId, email },
            ip: freshIp(),
          }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 402, 402]);
      for (const r of results.filter((r) => r.status === 402)) expect(r.body.code).toBe('PAYMENT_REQUIRED');
    });

    /**
     * Runs `send` (an upload) with the store's put of its original never finishing, which is where
     * a process killed mid-upload dies; `meanwhile` looks at what was taken. Then the put fails
     * (the process is gone) and the upload's answer is awaited.
     */
    async function whileStoringForever(send: () => Promise<unknown>, meanwhile: () => Promise<void>) {
      const store = s.app.services.files.store;
      const put = store.put.bind(store);
      let reached!: () => void;
      const stuck = new Promise<void>((r) => {
        reached = r;
      });
      let fail!: (e: Error) => void;
      store.put = (key, data) => {
        if (!key.endsWith('/original')) return put(key, data);
        reached();
        return new Promise((_, reject) => {
          fail = reject;
        });
      };
      const sent = send();
      try {
        await stuck;
        await meanwhile();
      } finally {
        store.put = put;
        fail(new Error('the process died'));
        await sent;
      }
    }

    // A process killed between taking what an upload costs and writing the file's row never gives
    // it back: a payment, a monthly upload or a free trial spent on a file that never was.
    it('takes no pay-per-file credit for a file whose row was never written (the server died storing it)', async () => {
      const email = `payer-${randomBytes(4).toString('hex')}@example.com`;
      const paymentIntentId = await payForFile(s, email);
      const paid = () =>
        upload(s, '/api/files/upload-paid', {
          name: 'paid.csv',
          bytes: sampleCsvStatement(3),
          fields: { paymentIntentId, email },
          ip: freshIp(),
        });
      await whileStoringForever(paid, async () => {
        const credit = await s.api<{ remaining: number }>('/api/payments/credit', { body: { paymentIntentId, email } });
        expect(credit.body.remaining).toBe(1);
      });
      expect((await paid()).status).toBe(201);
    });

    it('takes no monthly upload for a file whose row was never written (the server died storing it)', async () => {
      const pro = await proUser(s);
      const userId = (await s.api<{ id: string }>('/api/auth/user', { token: pro.token })).body.id;
      const used = async () => {
        const { n } = await filesDb(s.ctx)
          .selectFrom('usage_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('kind', '=', 'upload')
          .executeTakeFirstOrThrow();
        return Number(n);
      };
      const send = () =>
        upload(s, '/api/files/upload', {
          name: 'may.csv',
          bytes: sampleCsvStatement(3),
          token: pro.token,
          ip: freshIp(),
        });
      await whileStoringForever(send, async () => expect(await used()).toBe(0));
      expect(await used()).toBe(0);
      expect((await send()).status).toBe(201);
      expect(await used()).toBe(1);
    });

    it('takes no free trial for a file whose row was never written (the server died storing it)', async () => {
      const ip = freshIp();
      const fingerprint = randomBytes(8).toString('hex');
      const trial = () =>
        upload(s, '/api/files/upload-free-trial', {
          name: 'june.csv',
          bytes: sampleCsvStatement(3),
          fields: { email: `trial-${randomBytes(4).toString('hex')}@example.com` },
          headers: { 'x-device-fingerprint': fingerprint },
          ip,
        });
      const uses = async () => (await filesDb(s.ctx).selectFrom('free_trial_uses').select('id').execute()).length;
      const before = await uses();
      await whileStoringForever(trial, async () => expect(await uses()).toBe(before));
      expect(await uses()).toBe(before);
      expect((await trial()).status).toBe(201);
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
