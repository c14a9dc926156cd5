/**
 * The free-trial and usage repository on a real database (SQLite, and PostgreSQL with
 * TEST_DATABASE_URL): a check and its record in one transaction are atomic (of two free-trial
 * claims from one address at once, one is recorded; of two uploads at 1 of a limit of 2, one is),
 * and a file's charges are given back once.
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { UsersRepository } from '../services/users-repository';
import { TestClock, testDatabases } from '../test/harness';
import { repositoryDatabase } from '../test/repository-db';
import type { FilesTables } from './schema';
import { type IdentityHashes, UsageRepository } from './usage-repository';

const DAY = 86_400_000;

/** PostgreSQL: resolves once backend `pid` waits for a lock (another transaction holds it). */
async function waitingForLock(db: Kysely<Database>, pid: number): Promise<void> {
  for (;;) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_locks where pid = ${pid} and not granted`.execute(db);
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

for (const dialect of testDatabases) {
  describe(`free-trial and usage repository (${dialect})`, () => {
    const t = repositoryDatabase(dialect);
    const clock = new TestClock(Date.UTC(2026, 0, 10, 12));
    const repo = () => new UsageRepository(t.db().withTables<FilesTables>(), t.dialect());

    /**
     * Two transactions at once that each check, then record (`step`). On PostgreSQL the first
     * holds its transaction open, its record made, until the second waits for the lock the first
     * holds (so the second's check cannot have run before the first commits); SQLite runs one
     * transaction at a time anyway. Answers what each transaction's step answered.
     */
    async function raced<T>(
      lock: (trx: Kysely<Database & FilesTables>) => Promise<void>,
      step: (trx: Kysely<Database & FilesTables>) => Promise<T>,
    ): Promise<[T, T]> {
      const db = t.db().withTables<FilesTables>();
      let secondPid: (pid: number) => void = () => {};
      const second = new Promise<number>((resolve) => {
        secondPid = resolve;
      });
      let firstLocked: () => void = () => {};
      const locked = new Promise<void>((resolve) => {
        firstLocked = resolve;
      });
      const first = db.transaction().execute(async (trx) => {
        await lock(trx);
        firstLocked();
        const answer = await step(trx);
        if (dialect === 'postgres') await waitingForLock(t.db(), await second);
        return answer;
      });
      // The second starts once the first holds the lock (else it might take the lock first).
      await locked;
      const later = db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          secondPid(rows[0]?.pid as number);
        }
        await lock(trx);
        return step(trx);
      });
      return Promise.all([first, later]);
    }

    it('records one of two free-trial claims from one address at once', async () => {
      const h: IdentityHashes = { email: `e-${randomUUID()}`, fingerprint: null, ip: `ip-${randomUUID()}` };
      const since = clock.now() - DAY;
      const claim = async (trx: Kysely<Database & FilesTables>) => {
        const usage = repo().within(trx);
        if ((await usage.lastTrialUseAt(h, since)) !== null) return false;
        await usage.insertTrialUse({
          id: randomUUID(),
          file_id: randomUUID(),
          email_hash: h.email as string,
          fingerprint_hash: null,
          ip_hash: h.ip,
          created_at: clock.now(),
        });
        return true;
      };
      const answers = await raced((trx) => repo().within(trx).serializeTrialClaims(), claim);
      expect(answers.filter(Boolean)).toHaveLength(1);
      expect(await repo().lastTrialUseAt(h, since)).toBe(clock.now());
    });

    it("counts an account's monthly uploads atomically under its row's lock: at 1 of 2, one of two uploads at once gets in", async () => {
      const users = new UsersRepository(t.db(), t.dialect(), clock);
      const user = await users.create({ email: `${randomUUID()}@example.com`, name: 'U', passwordHash: 'h' });
      const since = clock.now() - DAY;
      const record = (trx: Kysely<Database & FilesTables> | null) =>
        (trx ? repo().within(trx) : repo()).insertUsage({
          id: randomUUID(),
          user_id: user.id,
          kind: 'upload',
          file_id: randomUUID(),
          created_at: clock.now(),
        });
      await record(null);
      const upload = async (trx: Kysely<Database & FilesTables>) => {
        if ((await repo().within(trx).countUsageSince(user.id, 'upload', since)) >= 2) return false;
        await record(trx);
        return true;
      };
      const answers = await raced((trx) => users.within(trx).lock(user.id), upload);
      expect(answers.filter(Boolean)).toHaveLength(1);
      expect(await repo().countUsageSince(user.id, 'upload', since)).toBe(2);
    });

    it("gives a failed file's charges back once, and keeps a trial that hit a limit when told to", async () => {
      const usage = repo();
      const fileId = randomUUID();
      const userId = randomUUID();
      await usage.insertUsage({
        id: randomUUID(),
        user_id: userId,
        kind: 'upload',
        file_id: fileId,
        created_at: clock.now(),
      });
      await usage.insertTrialUse({
        id: randomUUID(),
        file_id: fileId,
        email_hash: 'e',
        fingerprint_hash: null,
        ip_hash: `ip-${fileId}`,
        created_at: clock.now(),
      });
      const both = await Promise.all([usage.releaseFileUsage(fileId, true), usage.releaseFileUsage(fileId, true)]);
      expect(both.sort()).toEqual([0, 1]);
      expect(await usage.countUsageSince(userId, 'upload', 0)).toBe(0);
      const h = { email: null, fingerprint: null, ip: `ip-${fileId}` };
      expect(await usage.lastTrialUseAt(h, 0)).toBe(clock.now());
      expect(await usage.releaseFileUsage(fileId, false)).toBe(1);
      expect(await usage.lastTrialUseAt(h, 0)).toBeNull();
    });
  });
}
