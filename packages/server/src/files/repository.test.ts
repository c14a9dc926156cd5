/**
 * The files repository on a real database (SQLite, and PostgreSQL with TEST_DATABASE_URL): the
 * "archived now" rule as SQL says what the rule on a row in hand says, for every kind of row at
 * every moment around its edges, and the status transitions happen once (compare-and-set).
 */
import { LIMITS } from '@statemint/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/harness';
import { repositoryDatabase } from '../test/repository-db';
import type { FilesDb } from './context';
import { isAlive } from './life';
import { aliveSql, archivedNowSql, FilesRepository, isArchivedNow } from './repository';
import type { FilesTable, FilesTables } from './schema';
import { newFileRow } from './service';

const HOUR = 3600_000;
const T0 = Date.UTC(2025, 0, 10);
const HOT = LIMITS.hotFileHours * HOUR;

/** One row of each shape the vault can hold, named for the failure message. */
function rows(): Array<[string, FilesTable]> {
  const base = (id: string, mode = 'subscription') =>
    newFileRow(
      id,
      { user_id: 'u1', mode, email: null, payment_intent_id: null },
      { fileName: `${id}.pdf`, size: 10, inputKind: 'pdf' },
      T0,
    );
  const at = (id: string, patch: Partial<FilesTable>, mode?: string): [string, FilesTable] => [
    id,
    { ...base(id, mode), ...patch },
  ];
  return [
    at('processing', {}),
    at('failed', { status: 'failed', completed_at: T0 + HOUR }),
    at('completed', { status: 'completed', completed_at: T0 + HOUR }),
    at('completed-no-time', { status: 'completed', completed_at: null }),
    at('archived', { status: 'archived', completed_at: T0 + HOUR, archived_at: T0 + 2 * HOUR }),
    at('restore-requested', { status: 'archived', completed_at: T0 + HOUR, restore_status: 'requested' }),
    at('restore-running', { status: 'archived', completed_at: T0 + HOUR, restore_status: 'in_progress' }),
    at('restored', {
      status: 'completed',
      completed_at: T0 + HOUR,
      restore_status: 'completed',
      restore_expires_at: T0 + 3 * HOT,
    }),
    at('restored-no-expiry', { status: 'completed', completed_at: T0 + HOUR, restore_status: 'completed' }),
    at('trial-completed', { status: 'completed', completed_at: T0 + HOUR }, 'free_trial'),
    at('paid-archived', { status: 'archived' }, 'paid'),
  ];
}

const moments = [T0, T0 + HOUR + HOT - 1, T0 + HOUR + HOT, T0 + HOUR + HOT + 1, T0 + 3 * HOT, T0 + 3 * HOT + 1];

for (const dialect of testDatabases) {
  describe(`files repository (${dialect})`, () => {
    const database = repositoryDatabase(dialect);
    let db: FilesDb;
    let repo: FilesRepository;

    beforeAll(async () => {
      db = database.db().withTables<FilesTables>();
      repo = new FilesRepository(db, database.dialect());
      for (const [, row] of rows()) await repo.insert(row);
    });

    it('says in SQL what the rules say of a row in hand: archived now, alive', async () => {
      for (const now of moments) {
        const archived = await db
          .selectFrom('files')
          .select('id')
          .where((eb) => archivedNowSql(eb, now))
          .execute();
        const alive = await db
          .selectFrom('files')
          .select('id')
          .where((eb) => aliveSql(eb, now))
          .execute();
        const notArchived = await db
          .selectFrom('files')
          .select('id')
          .where((eb) => eb.not(archivedNowSql(eb, now)))
          .execute();
        const stored = await db.selectFrom('files').selectAll().execute();
        expect(notArchived.length + archived.length, 'the rule is true or false, never NULL').toBe(stored.length);
        const expectedArchived = stored.filter((r) => isArchivedNow(r, now)).map((r) => r.id);
        const expectedAlive = stored.filter((r) => isAlive(r, now)).map((r) => r.id);
        expect(archived.map((r) => r.id).sort(), `archived at ${now - T0} ms`).toEqual(expectedArchived.sort());
        expect(alive.map((r) => r.id).sort(), `alive at ${now - T0} ms`).toEqual(expectedAlive.sort());
      }
      // The grid reaches both answers for the vault's rows.
      const late = await db.selectFrom('files').selectAll().execute();
      expect(late.filter((r) => isArchivedNow(r, T0 + 3 * HOT + 1)).length).toBeGreaterThan(2);
      expect(late.filter((r) => !isArchivedNow(r, T0)).length).toBeGreaterThan(2);
    });

    it('makes each status transition once: a second attempt changes nothing', async () => {
      const results = {
        transaction_count: 3,
        statement_count: 1,
        currency: 'EUR',
        reconciliation: '{"status":"balanced","mismatchCount":0}',
        outputs: '{"csv":10}',
        outputs_size: 10,
      };
      expect(await repo.startAttempt('processing', 0)).toBe(true);
      expect((await repo.find('processing'))?.attempts).toBe(1);
      expect(await repo.markCompleted('processing', results, T0 + HOUR)).toBe(true);
      expect(await repo.markCompleted('processing', results, T0 + 2 * HOUR)).toBe(false);
      expect(await repo.markFailed('processing', { code: 'X', message: 'x' }, T0, async () => {})).toBe(false);
      const done = await repo.find('processing');
      expect([done?.status, done?.completed_at, done?.transaction_count]).toEqual(['completed', T0 + HOUR, 3]);
      // A worker that finds the file no longer processing counts no attempt.
      expect(await repo.startAttempt('processing', 1)).toBe(false);

      expect(await repo.claimRetry('failed')).toBe(true);
      expect(await repo.claimRetry('failed')).toBe(false);
      const claimed = await repo.find('failed');
      expect(claimed?.status).toBe('processing');
      let alongside = 0;
      expect(
        await repo.markFailed('failed', { code: 'CONVERSION_FAILED', message: 'no' }, T0 + HOUR, async () => {
          alongside++;
        }),
      ).toBe(true);
      expect(alongside).toBe(1);

      const archived = (await repo.find('archived')) as FilesTable;
      expect(await repo.requestRestore(archived, false, T0 + 3 * HOUR)).toBe(true);
      expect(await repo.requestRestore(archived, true, T0 + 3 * HOUR)).toBe(false);
      expect(await repo.startRestore('archived')).toBe(true);
      expect(await repo.completeRestore('archived', results, T0 + 4 * HOUR)).toBe(true);
      expect(await repo.completeRestore('archived', results, T0 + 5 * HOUR)).toBe(false);
      expect((await repo.find('archived'))?.restore_expires_at).toBe(T0 + 4 * HOUR);
      expect(await repo.endRestores(T0 + 4 * HOUR)).toBeGreaterThanOrEqual(1);
      expect((await repo.find('archived'))?.status).toBe('archived');
    });

    it('claims each saved version once, and deletes a file with its versions and capability', async () => {
      const row = { ...rows()[2]![1], id: 'versioned' };
      await repo.insert(row);
      const version = (n: number) => ({
        file_id: 'versioned',
        version: n,
        kind: 'edit',
        restored_from: null,
        created_at: T0,
      });
      expect(await repo.latestVersion('versioned')).toBe(0);
      expect(await repo.addVersion(version(1))).toBe(true);
      // A second save of the same version number (two tabs) is refused, not stored twice.
      expect(await repo.addVersion(version(1))).toBe(false);
      expect(await repo.addVersion(version(2))).toBe(true);
      await repo.removeVersion('versioned', 2);
      expect([await repo.latestVersion('versioned'), (await repo.versions('versioned')).length]).toEqual([1, 1]);
      await repo.addCapability('versioned', 'ab'.repeat(32), T0);
      expect(await repo.capabilityHash('versioned')).toBe('ab'.repeat(32));

      await repo.delete('versioned');
      expect(await repo.find('versioned')).toBeUndefined();
      // Nothing of the file is left to a later file of the same id, or to a reader of the tables.
      expect(await repo.versions('versioned')).toEqual([]);
      expect(await repo.capabilityHash('versioned')).toBeNull();
    });

    it('marks archived exactly the rows whose hot window is over, once', async () => {
      const now = T0 + HOUR + HOT;
      const before = await db.selectFrom('files').selectAll().execute();
      const due = before.filter((r) => r.status === 'completed' && r.restore_status === null && isArchivedNow(r, now));
      expect(due.length).toBeGreaterThan(0);
      expect(await repo.archiveCooled(now)).toBe(due.length);
      expect(await repo.archiveCooled(now)).toBe(0);
      for (const r of due) expect((await repo.find(r.id))?.status).toBe('archived');
    });

    it('keeps the vault totals equal to a count of the rows through any run of transitions, and the stats to the rules', async () => {
      let run = 0;
      type FileKind =
        | 'attempt'
        | 'complete'
        | 'fail'
        | 'claim'
        | 'unclaim'
        | 'results'
        | 'request'
        | 'start'
        | 'restored'
        | 'abandon'
        | 'delete';
      type Op =
        | { k: 'insert'; user: number; mode: string }
        | { k: 'sweep' | 'wait'; hours: number }
        | { k: FileKind; file: number; size: number };
      const fileOp = (...kinds: FileKind[]): fc.Arbitrary<Op> =>
        fc.record({ k: fc.constantFrom(...kinds), file: fc.nat(7), size: fc.nat(5000) });
      // Weighted so that runs reach deep states (converted, cooled, restored, ended) often.
      const op: fc.Arbitrary<Op> = fc.oneof(
        {
          arbitrary: fc.record({
            k: fc.constant('insert' as const),
            user: fc.nat(1),
            mode: fc.constantFrom('subscription', 'subscription', 'free_trial'),
          }),
          weight: 2,
        },
        { arbitrary: fileOp('complete', 'request', 'start', 'restored'), weight: 8 },
        { arbitrary: fileOp('attempt', 'fail', 'claim', 'unclaim', 'results', 'abandon', 'delete'), weight: 4 },
        {
          arbitrary: fc.record({
            k: fc.constantFrom('sweep' as const, 'wait' as const),
            hours: fc.integer({ min: 1, max: 30 }),
          }),
          weight: 4,
        },
      );
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 10, maxLength: 40 }), async (ops) => {
          run++;
          const users = [`prop${run}a`, `prop${run}b`];
          const ids: string[] = [];
          let now = T0;
          const seeds = [
            { k: 'insert', user: 0, mode: 'subscription' },
            { k: 'insert', user: 1, mode: 'subscription' },
            { k: 'insert', user: 0, mode: 'free_trial' },
          ] satisfies Op[];
          const results = (size: number) => ({
            transaction_count: 1,
            statement_count: 1,
            currency: null,
            reconciliation: '{"status":"unknown"}',
            outputs: '{}',
            outputs_size: size,
          });
          for (const o of [...seeds, ...ops]) {
            const id = 'file' in o ? ids[o.file % Math.max(ids.length, 1)] : undefined;
            const row = id ? await repo.find(id) : undefined;
            switch (o.k) {
              case 'insert': {
                const fresh = `p${run}f${ids.length}`;
                ids.push(fresh);
                await repo.insert(
                  newFileRow(
                    fresh,
                    { user_id: users[o.user] as string, mode: o.mode, email: null, payment_intent_id: null },
                    { fileName: `${fresh}.pdf`, size: 100 + ids.length, inputKind: 'pdf' },
                    now,
                  ),
                );
                break;
              }
              case 'wait':
                now += o.hours * HOUR;
                break;
              case 'sweep':
                await repo.endRestores(now);
                await repo.archiveCooled(now);
                break;
              default:
                if (!id || !row) break;
                if (o.k === 'attempt') await repo.startAttempt(id, row.attempts);
                if (o.k === 'complete') await repo.markCompleted(id, results(o.size), now);
                if (o.k === 'fail') await repo.markFailed(id, { code: 'X', message: 'x' }, now, async () => {});
                if (o.k === 'claim') await repo.claimRetry(id);
                if (o.k === 'unclaim') await repo.unclaimRetry(row);
                if (o.k === 'results') await repo.setResults(id, results(o.size));
                if (o.k === 'request' && isArchivedNow(row, now)) await repo.requestRestore(row, false, now);
                if (o.k === 'start') await repo.startRestore(id);
                if (o.k === 'restored') await repo.completeRestore(id, results(o.size), now + 24 * HOUR);
                if (o.k === 'abandon') await repo.abandonRestore(id);
                if (o.k === 'delete') await repo.delete(id);
            }
          }
          for (const user of users) {
            expect(await repo.keptTotals(user)).toEqual(await repo.countedTotals(user));
            const mine = (await db.selectFrom('files').selectAll().where('user_id', '=', user).execute()).filter((r) =>
              isAlive(r, now),
            );
            expect(await repo.stats(user, now)).toEqual({
              totalFiles: mine.length,
              storageUsed: mine.reduce((sum, r) => sum + r.file_size + r.outputs_size, 0),
              archivedFiles: mine.filter((r) => isArchivedNow(r, now)).length,
              restoredFiles: mine.filter((r) => r.restore_status === 'completed').length,
            });
          }
        }),
        { numRuns: 80 },
      );
    });
  });
}
