/**
 * The vault a page at a time over real HTTP (SQLite, and PostgreSQL with TEST_DATABASE_URL):
 * following nextCursor visits every file of the user exactly once in the order asked for, for
 * each sort and direction; searches by name, upload dates and status find what the rules say;
 * the dashboard's stats are the database's counts of the same files.
 */
import {
  type DashboardResponse,
  type FileRecord,
  VAULT_PAGE_SIZE,
  type VaultPage,
  type VaultSort,
} from '@statemint/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '../files/life';
import { isArchivedNow } from '../files/repository';
import type { FilesTable } from '../files/schema';
import { newFileRow } from '../files/service';
import { createVerifiedUser, startTestServer, type TestServer, testDatabases } from '../test/harness';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const WORDS = ['March', 'april', 'Brokerage', 'savings', 'Checking', 'joint', 'Loan', 'credit'];
const STATES = ['completed', 'completed', 'archived', 'failed', 'processing'] as const;

/** `n` files of one user, uploaded an hour apart (some at the same moment), of every status. */
function seedRows(userId: string, n: number, now: number): FilesTable[] {
  return Array.from({ length: n }, (_, i) => {
    const created = now - Math.floor(i / 3) * 5 * HOUR; // three at a time: the id breaks the ties
    // One file restored: completed again until its restore ends.
    const status = i === 2 ? 'completed' : (STATES[i % STATES.length] as string);
    const row = newFileRow(
      `seed${String(i).padStart(4, '0')}x${(i * 7919) % 1000}`,
      { user_id: userId, mode: 'subscription', email: null, payment_intent_id: null },
      {
        fileName: `${WORDS[i % WORDS.length]} ${String(i).padStart(3, '0')}_50%.pdf`,
        size: 1000 + i,
        inputKind: 'pdf',
      },
      created,
    );
    return {
      ...row,
      status,
      outputs_size: status === 'completed' || status === 'archived' ? 10 * i : 0,
      completed_at: status === 'processing' ? null : created + 60_000,
      restore_status: i === 2 ? 'completed' : null,
      restore_expires_at: i === 2 ? now + HOUR : null,
    };
  });
}

for (const db of testDatabases) {
  describe(`vault pages (${db})`, () => {
    let s: TestServer;
    let token: string;
    let rows: FilesTable[];

    async function page(query: Record<string, string | number>): Promise<VaultPage> {
      const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
      const res = await s.api<VaultPage>(`/api/files?${params}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    }

    async function all(query: Record<string, string | number>): Promise<FileRecord[]> {
      const seen: FileRecord[] = [];
      let cursor: string | null = null;
      do {
        const p = await page({ ...query, ...(cursor ? { cursor } : {}) });
        expect(p.files.length).toBeLessThanOrEqual(Number(query.limit ?? VAULT_PAGE_SIZE));
        seen.push(...p.files);
        cursor = p.nextCursor;
      } while (cursor);
      return seen;
    }

    const ids = (list: Array<{ id: string }>) => list.map((f) => f.id);
    const alive = () => rows.filter((r) => isAlive(r, s.clock.now()));
    const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
    const keyOf: Record<VaultSort, (r: FilesTable) => Array<string | number>> = {
      date: (r) => [r.created_at, r.id],
      name: (r) => [r.original_filename.toLowerCase(), r.id],
      status: (r) => [r.status, r.created_at, r.id],
    };
    function sorted(list: FilesTable[], sort: VaultSort, order: 'asc' | 'desc') {
      const sign = order === 'asc' ? 1 : -1;
      return [...list].sort((a, b) => {
        const ka = keyOf[sort](a);
        const kb = keyOf[sort](b);
        for (let i = 0; i < ka.length; i++) {
          const c = compare(ka[i] as string | number, kb[i] as string | number);
          if (c) return sign * c;
        }
        return 0;
      });
    }

    beforeAll(async () => {
      s = await startTestServer({ db });
      const u = await createVerifiedUser(s);
      token = u.token;
      const owner = u.user.id as string;
      rows = seedRows(owner, 70, s.clock.now());
      // Another user's files and one of this user's expired free-trial files never show.
      const other = seedRows('someone-else', 5, s.clock.now()).map((r) => ({ ...r, id: `other${r.id}` }));
      const expired = {
        ...newFileRow(
          'expiredtrial01',
          { user_id: owner, mode: 'free_trial', email: null, payment_intent_id: null },
          { fileName: 'March trial.pdf', size: 5, inputKind: 'pdf' },
          s.clock.now() - 2 * HOUR,
        ),
        status: 'completed',
      };
      rows.push(expired);
      const repo = s.app.services.files.repo;
      for (const r of [...rows, ...other]) await repo.insert(r);
    });
    afterAll(() => s?.close());

    it('visits every file once, in order, for each sort and direction', async () => {
      for (const sort of ['date', 'name', 'status'] as const)
        for (const order of ['desc', 'asc'] as const) {
          const got = await all({ sort, order, limit: 8 });
          expect(ids(got), `${sort} ${order}`).toEqual(ids(sorted(alive(), sort, order)));
        }
    });

    it('starts the dashboard with the newest page and counts the stats in the database', async () => {
      const res = await s.api<DashboardResponse>('/api/dashboard', { token });
      expect(res.status).toBe(200);
      const newest = sorted(alive(), 'date', 'desc');
      expect(ids(res.body.recentFiles)).toEqual(ids(newest.slice(0, VAULT_PAGE_SIZE)));
      const rest = await all({ cursor: res.body.nextCursor as string });
      expect(ids([...res.body.recentFiles, ...rest])).toEqual(ids(newest));
      const now = s.clock.now();
      expect(res.body.stats).toMatchObject({
        totalFiles: alive().length,
        storageUsed: alive().reduce((sum, r) => sum + r.file_size + r.outputs_size, 0),
        archivedFiles: alive().filter((r) => isArchivedNow(r, now)).length,
        restoredFiles: 1,
      });
      // Completed files of the seed cooled past their 24 hours: archived now, before any sweep.
      expect(res.body.stats.archivedFiles).toBeGreaterThan(rows.filter((r) => r.status === 'archived').length);
    });

    it('searches names anywhere, without regard to case, with % and _ taken as typed', async () => {
      const march = await all({ q: 'mArCh' });
      expect(ids(march)).toEqual(
        ids(sorted(alive(), 'date', 'desc')).filter((id) =>
          /march/i.test(rows.find((r) => r.id === id)?.original_filename ?? ''),
        ),
      );
      expect(march.length).toBeGreaterThan(5);
      // Taken as wildcards, '0_5' would match 005 and 015 too, and '3%' every name with a 3.
      const tens = alive().filter((r) => /^\S+ \d\d0_/.test(r.original_filename));
      expect(ids(await all({ q: '0_5' }))).toEqual(ids(sorted(tens, 'date', 'desc')));
      expect(await all({ q: '3%' })).toHaveLength(0);
      expect(await all({ q: '0%.PDF' })).toHaveLength(alive().length);
      expect(await all({ q: 'nothing like this' })).toHaveLength(0);
    });

    it('filters by the status a file has now and by upload dates, and pages what it finds', async () => {
      const now = s.clock.now();
      const byStatus = {
        archived: alive().filter((r) => isArchivedNow(r, now)),
        completed: alive().filter((r) => r.status === 'completed' && !isArchivedNow(r, now)),
        failed: alive().filter((r) => r.status === 'failed'),
        processing: alive().filter((r) => r.status === 'processing'),
      };
      for (const [status, expected] of Object.entries(byStatus)) {
        expect(expected.length, status).toBeGreaterThan(0);
        expect(ids(await all({ status, limit: 5 })), status).toEqual(ids(sorted(expected, 'date', 'desc')));
      }
      // The restored file is completed (downloadable) until its restore ends.
      expect(ids(byStatus.completed)).toContain('seed0002x838');

      const from = new Date(now - 3 * DAY).toISOString();
      const to = new Date(now - DAY).toISOString();
      const inRange = alive().filter((r) => r.created_at >= now - 3 * DAY && r.created_at < now - DAY);
      expect(inRange.length).toBeGreaterThan(3);
      expect(ids(await all({ from, to, sort: 'name', order: 'asc', limit: 4 }))).toEqual(
        ids(sorted(inRange, 'name', 'asc')),
      );
      const searched = await all({ q: 'savings', status: 'failed', from });
      expect(ids(searched)).toEqual(
        ids(
          sorted(
            byStatus.failed.filter((r) => /savings/i.test(r.original_filename) && r.created_at >= now - 3 * DAY),
            'date',
            'desc',
          ),
        ),
      );
    });

    it('refuses a cursor of another listing, a bad one and bad dates; asks for a login', async () => {
      const first = await page({ sort: 'name', limit: 3 });
      expect(first.nextCursor).not.toBeNull();
      for (const query of [
        { sort: 'date', cursor: first.nextCursor as string },
        { sort: 'name', q: 'march', cursor: first.nextCursor as string },
        { cursor: 'not-a-cursor' },
        { from: 'yesterday' },
        { sort: 'size' },
        { limit: 1000 },
      ]) {
        const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
        const res = await s.api<{ code: string }>(`/api/files?${params}`, { token });
        expect(res.status, JSON.stringify(query)).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
      }
      expect((await s.api('/api/files')).status).toBe(401);
    });

    it('sends the file records the dashboard shows: a restored file with its window, an archived one without links', async () => {
      const p = await page({ limit: 40 });
      expect(p.files).toHaveLength(40);
      const [restored] = await all({ q: '002_' });
      expect(restored).toMatchObject({ status: 'completed', restoreStatus: 'completed' });
      expect(restored?.availableUntil).toBe(new Date(s.clock.now() + HOUR).toISOString());
      const [archived] = await all({ status: 'archived', limit: 1 });
      expect(archived?.availableUntil).toBeNull();
      expect(archived?.csvUrl).toBeNull();
    });
  });
}
