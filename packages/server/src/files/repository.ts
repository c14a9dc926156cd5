/**
 * The `files` table and its status transitions, in one place: nothing else reads or writes the
 * table. Every transition is conditional on the row's current state (a compare-and-set), so two
 * processes (web and worker, two workers, a retry racing a conversion) cannot both make it, and
 * each answers whether it did.
 *
 *   processing --completed--> completed --hot window over--> archived --restore--> completed (24 h) --> archived
 *        \--failed--> failed --retry--> processing
 *
 * The "archived now" rule lives here twice over, once for a row in hand (isArchivedNow) and once
 * as SQL (archivedNowSql, for the vault's stats and its status filter); a test holds them equal.
 */
import { LIMITS, type VaultOrder, type VaultSort, type VaultStatusFilter } from '@statemint/shared';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { availableUntil, type FileRow, isEphemeral } from './life';
import type { FilesTable, FilesTables } from './schema';

type FilesDatabase = Database & FilesTables;
type Db = Kysely<FilesDatabase>;
type Eb = ExpressionBuilder<FilesDatabase, 'files'>;

const HOUR = 3600_000;
const HOT_MS = LIMITS.hotFileHours * HOUR;

/**
 * Archived (and not restored): the vault keeps it, but it cannot be downloaded or reviewed until
 * restored. True from the end of its hot window, before the sweeper has marked the row.
 */
export function isArchivedNow(row: FileRow, now: number): boolean {
  if (isEphemeral(row)) return false;
  return row.status === 'archived' || (row.status === 'completed' && availableUntil(row, now) === null);
}

/** isArchivedNow as SQL (kept equal to it by repository.test.ts). */
export function archivedNowSql(eb: Eb, now: number): Expression<SqlBool> {
  // Never NULL (a NULL would make NOT of the rule NULL too, and drop the row from both sides).
  const restoreStatus = eb.fn.coalesce('files.restore_status', sql.lit(''));
  const restored = eb(restoreStatus, '=', 'completed');
  return eb.and([
    eb('files.mode', '=', 'subscription'),
    eb.or([
      eb('files.status', '=', 'archived'),
      eb.and([
        eb('files.status', '=', 'completed'),
        eb.or([
          eb.and([restored, eb(eb.fn.coalesce('files.restore_expires_at', sql.lit(0)), '<=', now)]),
          eb.and([
            eb(restoreStatus, '!=', 'completed'),
            eb(eb.fn.coalesce('files.completed_at', 'files.created_at'), '<=', now - HOT_MS),
          ]),
        ]),
      ]),
    ]),
  ]);
}

/** Whether the file exists for its readers as SQL (isAlive): anonymous files past their hour do not. */
export function aliveSql(eb: Eb, now: number): Expression<SqlBool> {
  return eb.or([eb('files.mode', '=', 'subscription'), eb(eb.fn.coalesce('files.expires_at', sql.lit(0)), '>', now)]);
}

/** What a finished conversion (or a review save, or a restore) writes about its outputs. */
export interface ConversionResults {
  transaction_count: number;
  statement_count: number;
  currency: string | null;
  reconciliation: string;
  outputs: string;
  outputs_size: number;
}

export interface Failure {
  code: string;
  message: string;
}

/** What a page of the vault asks for (GET /api/files); `after` is the decoded cursor. */
export interface VaultPageQuery {
  userId: string;
  now: number;
  sort: VaultSort;
  order: VaultOrder;
  /** Part of the file name, as typed. */
  q?: string;
  status?: VaultStatusFilter;
  /** Upload time bounds, epoch ms (`to` excluded). */
  from?: number;
  to?: number;
  limit: number;
  /** The sort key of the last row of the page before: its values, then its id. */
  after?: CursorKey;
}

export type CursorKey = Array<string | number>;

export interface VaultStats {
  totalFiles: number;
  storageUsed: number;
  archivedFiles: number;
  restoredFiles: number;
}

/**
 * The columns each sort orders by, all in the same direction, ending with the id so that every
 * row has its own place (keyset pagination). Each list has an index of (user_id, ...columns)
 * (migration 0160).
 */
const SORT_KEYS: Record<VaultSort, Array<'created_at' | 'name' | 'status' | 'id'>> = {
  date: ['created_at', 'id'],
  name: ['name', 'id'],
  status: ['status', 'created_at', 'id'],
};

function keyExpr(eb: Eb, column: 'created_at' | 'name' | 'status' | 'id') {
  // The name sorts and searches without regard to case, as an index on lower(original_filename) does.
  return column === 'name' ? eb.fn<string>('lower', ['files.original_filename']) : eb.ref(`files.${column}`);
}

/** A row of a vault page: the file and its name as the database lower-cases it (what the name sort compares). */
export type VaultRow = FileRow & { name_key: string };

/** Values of `row` under a sort, for its page's cursor. */
export function cursorKeyOf(row: VaultRow, sort: VaultSort): CursorKey {
  return SORT_KEYS[sort].map((c) => (c === 'name' ? row.name_key : row[c]));
}

/** LIKE pattern of text typed to search names (its % and _ matched as themselves). */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const changed = (r: { numUpdatedRows: bigint }): boolean => Number(r.numUpdatedRows) > 0;

export class FilesRepository {
  constructor(readonly db: Db) {}

  find(id: string, db: Db | Transaction<FilesDatabase> = this.db): Promise<FileRow | undefined> {
    return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: FilesTable): Promise<void> {
    await this.db.insertInto('files').values(row).execute();
  }

  /** Removes the row only (files/service.ts purgeFile removes its objects and derived rows first). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('files').where('id', '=', id).execute();
  }

  async idsOfUser(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('files').select('id').where('user_id', '=', userId).execute();
    return rows.map((r) => r.id);
  }

  // ---------------------------------------------------------------- conversion

  /** A worker starts the file: one more attempt counted (only while it is processing). */
  async startAttempt(id: string, attempts: number): Promise<boolean> {
    return changed(
      await this.db
        .updateTable('files')
        .set({ attempts: attempts + 1 })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .executeTakeFirst(),
    );
  }

  /** processing -> completed. */
  async markCompleted(id: string, results: ConversionResults, now: number): Promise<boolean> {
    return changed(
      await this.db
        .updateTable('files')
        .set({
          ...results,
          preview: null,
          status: 'completed',
          completed_at: now,
          error_code: null,
          error_message: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .executeTakeFirst(),
    );
  }

  /**
   * processing -> failed, and in the same transaction what goes with it (`alongside`: the charges
   * given back), so whoever sees the file failed also sees that.
   */
  async markFailed(
    id: string,
    failure: Failure,
    now: number,
    alongside: (trx: Transaction<FilesDatabase>) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const failed = await trx
        .updateTable('files')
        .set({ status: 'failed', completed_at: now, error_code: failure.code, error_message: failure.message })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .executeTakeFirst();
      if (!changed(failed)) return false;
      await alongside(trx);
      return true;
    });
  }

  /** failed -> processing for a retry; of retries arriving together only one claims it. */
  async claimRetry(id: string): Promise<boolean> {
    return changed(
      await this.db
        .updateTable('files')
        .set({ status: 'processing', attempts: 0, error_code: null, error_message: null, completed_at: null })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .executeTakeFirst(),
    );
  }

  /** A claimed retry refused (quota, free trial, payment): the file is failed again, as it was. */
  async unclaimRetry(row: FileRow): Promise<void> {
    await this.db
      .updateTable('files')
      .set({
        status: 'failed',
        attempts: row.attempts,
        error_code: row.error_code,
        error_message: row.error_message,
        completed_at: row.completed_at,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'processing')
      .execute();
  }

  /** A review save (or restored version) rewrote the outputs. */
  async setResults(id: string, results: ConversionResults): Promise<void> {
    await this.db
      .updateTable('files')
      .set({ ...results, preview: null })
      .where('id', '=', id)
      .execute();
  }

  // ---------------------------------------------------------------- restore

  /** archived -> archived with restore requested (not while one is under way). */
  async requestRestore(row: FileRow, expedited: boolean, now: number): Promise<boolean> {
    return changed(
      await this.db
        .updateTable('files')
        .set({
          status: 'archived',
          archived_at: row.archived_at ?? now,
          restore_status: 'requested',
          restore_expedited: expedited ? 1 : 0,
          restore_requested_at: now,
          restore_expires_at: null,
        })
        .where('id', '=', row.id)
        .where((eb) => eb.or([eb('restore_status', 'is', null), eb('restore_status', '=', 'completed')]))
        .executeTakeFirst(),
    );
  }

  async startRestore(id: string): Promise<boolean> {
    return changed(
      await this.db
        .updateTable('files')
        .set({ restore_status: 'in_progress' })
        .where('id', '=', id)
        .where('restore_status', 'in', ['requested', 'in_progress'])
        .executeTakeFirst(),
    );
  }

  /** The restore's outputs are written: downloadable until `until`. */
  async completeRestore(id: string, results: ConversionResults, until: number): Promise<boolean> {
    return changed(
      await this.db
        .updateTable('files')
        .set({ ...results, preview: null, status: 'completed', restore_status: 'completed', restore_expires_at: until })
        .where('id', '=', id)
        .where('restore_status', 'in', ['requested', 'in_progress'])
        .executeTakeFirst(),
    );
  }

  async abandonRestore(id: string): Promise<void> {
    await this.db
      .updateTable('files')
      .set({ restore_status: null, restore_expires_at: null })
      .where('id', '=', id)
      .where('restore_status', 'in', ['requested', 'in_progress'])
      .execute();
  }

  // ---------------------------------------------------------------- the vault

  /** One page of a user's files that exist now, in the sort asked for, after the cursor's row. */
  async page(query: VaultPageQuery): Promise<VaultRow[]> {
    const keys = SORT_KEYS[query.sort];
    const cmp = query.order === 'desc' ? '<' : '>';
    let select = this.db
      .selectFrom('files')
      .selectAll()
      .select((eb) => eb.fn<string>('lower', ['files.original_filename']).as('name_key'))
      .where('files.user_id', '=', query.userId)
      .where((eb) => aliveSql(eb, query.now));
    const q = query.q?.trim();
    if (q)
      select = select.where((eb) =>
        eb(eb.fn('lower', ['files.original_filename']), 'like', sql<string>`lower(${containsPattern(q)}) escape '\\'`),
      );
    if (query.from !== undefined) select = select.where('files.created_at', '>=', query.from);
    if (query.to !== undefined) select = select.where('files.created_at', '<', query.to);
    const status = query.status;
    if (status === 'archived') select = select.where((eb) => archivedNowSql(eb, query.now));
    else if (status === 'completed')
      select = select.where('files.status', '=', 'completed').where((eb) => eb.not(archivedNowSql(eb, query.now)));
    else if (status) select = select.where('files.status', '=', status);
    const after = query.after;
    if (after) {
      if (after.length !== keys.length) throw new Error('cursor of another sort');
      // (k1, k2, ..., id) beyond the cursor's row: k1 beyond, or k1 equal and k2 beyond, and so on.
      select = select.where((eb) =>
        eb.or(
          keys.map((_, i) =>
            eb.and([
              ...keys.slice(0, i).map((k, j) => eb(keyExpr(eb, k), '=', after[j] as string | number)),
              eb(keyExpr(eb, keys[i] as (typeof keys)[number]), cmp, after[i] as string | number),
            ]),
          ),
        ),
      );
    }
    for (const k of keys) select = select.orderBy((eb) => keyExpr(eb, k), query.order);
    return select.limit(query.limit).execute();
  }

  /** The vault's stats of the files that exist now, counted by the database. */
  async stats(userId: string, now: number): Promise<VaultStats> {
    const row = await this.db
      .selectFrom('files')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn
          .coalesce(eb.fn.sum<number>(eb('files.file_size', '+', eb.ref('files.outputs_size'))), sql.lit(0))
          .as('storage'),
        eb.fn
          .coalesce(eb.fn.sum<number>(eb.case().when(archivedNowSql(eb, now)).then(1).else(0).end()), sql.lit(0))
          .as('archived'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(eb.case().when('files.restore_status', '=', 'completed').then(1).else(0).end()),
            sql.lit(0),
          )
          .as('restored'),
      ])
      .where('files.user_id', '=', userId)
      .where((eb) => aliveSql(eb, now))
      .executeTakeFirstOrThrow();
    return {
      totalFiles: Number(row.total),
      storageUsed: Number(row.storage),
      archivedFiles: Number(row.archived),
      restoredFiles: Number(row.restored),
    };
  }

  // ---------------------------------------------------------------- file life (the sweeper)

  /** Anonymous files past their hour. */
  async expiredIds(now: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('files')
      .select('id')
      .where('mode', '!=', 'subscription')
      .where('expires_at', '<=', now)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Restores whose 24 hours are over go back to archived. */
  async endRestores(now: number): Promise<number> {
    const r = await this.db
      .updateTable('files')
      .set({ status: 'archived', restore_status: null, restore_expires_at: null, restore_expedited: 0 })
      .where('mode', '=', 'subscription')
      .where('restore_status', '=', 'completed')
      .where('restore_expires_at', '<=', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Vault files whose hot window is over are marked archived (isArchivedNow already says so). */
  async archiveCooled(now: number): Promise<number> {
    const r = await this.db
      .updateTable('files')
      .set({ status: 'archived', archived_at: now })
      .where('status', '=', 'completed')
      .where('restore_status', 'is', null)
      .where((eb) => archivedNowSql(eb, now))
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Vault files created before `createdBefore`, with their owner's retention settings (null: no owner). */
  retentionCandidates(createdBefore: number) {
    return this.db
      .selectFrom('files')
      .leftJoin('users', 'users.id', 'files.user_id')
      .selectAll('files')
      .select(['users.id as owner_id', 'users.auto_delete_enabled', 'users.file_retention_days'])
      .where('files.mode', '=', 'subscription')
      .where('files.created_at', '<=', createdBefore)
      .execute();
  }

  /**
   * Work a stop or crash interrupted: conversions still processing, restores under way. With
   * `olderThan`, only work started before it (the sweeper's check for lost jobs).
   */
  unfinished(olderThan?: number) {
    let query = this.db
      .selectFrom('files')
      .select(['id', 'status', 'restore_status', 'restore_expedited'])
      .where((eb) =>
        eb.or([eb('status', '=', 'processing'), eb('restore_status', 'in', ['requested', 'in_progress'])]),
      );
    if (olderThan !== undefined)
      query = query.where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'processing'), eb('created_at', '<', olderThan)]),
          eb('restore_requested_at', '<', olderThan),
        ]),
      );
    return query.orderBy('created_at').execute();
  }
}
