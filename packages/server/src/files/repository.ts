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
import { type DbDialect, isUniqueViolation } from '../db';
import type { Database } from '../db/schema';
import { availableUntil, type FileRow, isEphemeral } from './life';
import type { FilesTable, FilesTables, StatementVersionsTable, VaultTotalsTable } from './schema';

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

const LIFE_MS = LIMITS.anonymousFileLifeHours * HOUR;
const DAY = 24 * HOUR;

type Totals = Omit<VaultTotalsTable, 'user_id'>;

/** What a row adds to its owner's vault totals: vault (subscription) files only. */
function contribution(row: FileRow | null): Totals | null {
  if (row?.mode !== 'subscription' || !row.user_id) return null;
  return {
    files: 1,
    bytes: row.file_size + row.outputs_size,
    archived: row.status === 'archived' ? 1 : 0,
    restored: row.restore_status === 'completed' ? 1 : 0,
  };
}

type Trx = Transaction<FilesDatabase>;

export class FilesRepository {
  constructor(
    readonly db: Db,
    private readonly dialect: DbDialect,
  ) {}

  find(id: string, db: Db | Trx = this.db): Promise<FileRow | undefined> {
    return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The row, locked until the transaction ends (PostgreSQL; SQLite has one writer at a time). */
  private locked(trx: Trx, id: string): Promise<FileRow | undefined> {
    const q = trx.selectFrom('files').selectAll().where('id', '=', id);
    return (this.dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
  }

  /** Moves the owner's vault totals by what the row's change added or took away. */
  private async retotal(trx: Db, before: FileRow | null, after: FileRow | null): Promise<void> {
    const b = contribution(before);
    const a = contribution(after);
    const userId = (after ?? before)?.user_id;
    if ((!a && !b) || !userId) return;
    const delta: Totals = {
      files: (a?.files ?? 0) - (b?.files ?? 0),
      bytes: (a?.bytes ?? 0) - (b?.bytes ?? 0),
      archived: (a?.archived ?? 0) - (b?.archived ?? 0),
      restored: (a?.restored ?? 0) - (b?.restored ?? 0),
    };
    if (!delta.files && !delta.bytes && !delta.archived && !delta.restored) return;
    await trx
      .insertInto('vault_totals')
      .values({ user_id: userId, ...delta })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          files: eb('vault_totals.files', '+', eb.ref('excluded.files')),
          bytes: eb('vault_totals.bytes', '+', eb.ref('excluded.bytes')),
          archived: eb('vault_totals.archived', '+', eb.ref('excluded.archived')),
          restored: eb('vault_totals.restored', '+', eb.ref('excluded.restored')),
        })),
      )
      .execute();
  }

  /**
   * One transition: `set` applied to the row if `guard` holds for it, the vault totals moved with
   * it, and `alongside` run, all in one transaction. Whether it happened.
   */
  private change(
    id: string,
    set: Partial<FilesTable>,
    guard: (eb: Eb) => Expression<SqlBool>,
    alongside?: (trx: Trx) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.locked(trx, id);
      if (!before) return false;
      const r = await trx
        .updateTable('files')
        .set(set)
        .where('id', '=', id)
        .where((eb) => guard(eb as unknown as Eb))
        .executeTakeFirst();
      if (!changed(r)) return false;
      await this.retotal(trx, before, { ...before, ...set });
      await alongside?.(trx);
      return true;
    });
  }

  async insert(row: FilesTable): Promise<void> {
    await this.db.transaction().execute((trx) => this.insertWithin(trx, row));
  }

  /** A new row inside the caller's transaction `trx` (the one that takes what the upload costs). */
  async insertWithin(trx: Db, row: FilesTable): Promise<void> {
    await trx.insertInto('files').values(row).execute();
    await this.retotal(trx, null, row);
  }

  /**
   * Removes the row with its saved versions and its capability, in one transaction
   * (files/service.ts purgeFile removes its stored objects and the rows of other aggregates first).
   */
  async delete(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.locked(trx, id);
      await trx.deleteFrom('statement_versions').where('file_id', '=', id).execute();
      await trx.deleteFrom('file_capabilities').where('file_id', '=', id).execute();
      if (!before) return;
      const r = await trx.deleteFrom('files').where('id', '=', id).executeTakeFirst();
      if (Number(r.numDeletedRows) > 0) await this.retotal(trx, before, null);
    });
  }

  // ---------------------------------------------------------------- saved versions

  /** The latest saved version of the file's statements (0: the conversion, no edit saved). */
  async latestVersion(fileId: string): Promise<number> {
    const row = await this.db
      .selectFrom('statement_versions')
      .select((eb) => eb.fn.max('version').as('latest'))
      .where('file_id', '=', fileId)
      .executeTakeFirst();
    return Number(row?.latest ?? 0);
  }

  /** The saved versions (1, 2, ...), oldest first. */
  versions(fileId: string): Promise<StatementVersionsTable[]> {
    return this.db
      .selectFrom('statement_versions')
      .selectAll()
      .where('file_id', '=', fileId)
      .orderBy('version')
      .execute();
  }

  /**
   * Claims a version number for a save: false when another save took it first (the table's key
   * on file and version makes it a compare-and-set).
   */
  async addVersion(row: StatementVersionsTable): Promise<boolean> {
    try {
      await this.db.insertInto('statement_versions').values(row).execute();
      return true;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }

  /** Gives back a claimed version whose statements could not be stored. */
  async removeVersion(fileId: string, version: number): Promise<void> {
    await this.db
      .deleteFrom('statement_versions')
      .where('file_id', '=', fileId)
      .where('version', '=', version)
      .execute();
  }

  // ---------------------------------------------------------------- capability (anonymous files)

  /** Keeps the sha256 of an anonymous file's capability (files/capability.ts). */
  async addCapability(fileId: string, tokenHash: string, now: number): Promise<void> {
    await this.db
      .insertInto('file_capabilities')
      .values({ file_id: fileId, token_hash: tokenHash, created_at: now })
      .execute();
  }

  /** The sha256 (hex) of the file's capability, or null when it has none. */
  async capabilityHash(fileId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('file_capabilities')
      .select('token_hash')
      .where('file_id', '=', fileId)
      .executeTakeFirst();
    return row?.token_hash ?? null;
  }

  /** Which of `ids` have a row. */
  async existing(ids: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.db
        .selectFrom('files')
        .select('id')
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
      for (const r of rows) found.add(r.id);
    }
    return found;
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
  markCompleted(id: string, results: ConversionResults, now: number): Promise<boolean> {
    return this.change(
      id,
      { ...results, preview: null, status: 'completed', completed_at: now, error_code: null, error_message: null },
      (eb) => eb('files.status', '=', 'processing'),
    );
  }

  /**
   * processing -> failed, and in the same transaction what goes with it (`alongside`: the charges
   * given back), so whoever sees the file failed also sees that.
   */
  markFailed(id: string, failure: Failure, now: number, alongside: (trx: Trx) => Promise<void>): Promise<boolean> {
    return this.change(
      id,
      { status: 'failed', completed_at: now, error_code: failure.code, error_message: failure.message },
      (eb) => eb('files.status', '=', 'processing'),
      alongside,
    );
  }

  /** failed -> processing for a retry; of retries arriving together only one claims it. */
  claimRetry(id: string): Promise<boolean> {
    return this.change(
      id,
      { status: 'processing', attempts: 0, error_code: null, error_message: null, completed_at: null },
      (eb) => eb('files.status', '=', 'failed'),
    );
  }

  /** A claimed retry refused (quota, free trial, payment): the file is failed again, as it was. */
  async unclaimRetry(row: FileRow): Promise<void> {
    await this.change(
      row.id,
      {
        status: 'failed',
        attempts: row.attempts,
        error_code: row.error_code,
        error_message: row.error_message,
        completed_at: row.completed_at,
      },
      (eb) => eb('files.status', '=', 'processing'),
    );
  }

  /** A review save (or restored version) rewrote the outputs. */
  async setResults(id: string, results: ConversionResults): Promise<void> {
    await this.change(id, { ...results, preview: null }, (eb) => eb('files.status', '=', 'completed'));
  }

  // ---------------------------------------------------------------- restore

  /** archived -> archived with restore requested (not while one is under way). */
  requestRestore(row: FileRow, expedited: boolean, now: number): Promise<boolean> {
    return this.change(
      row.id,
      {
        status: 'archived',
        archived_at: row.archived_at ?? now,
        restore_status: 'requested',
        restore_expedited: expedited ? 1 : 0,
        restore_requested_at: now,
        restore_expires_at: null,
      },
      (eb) => eb.or([eb('files.restore_status', 'is', null), eb('files.restore_status', '=', 'completed')]),
    );
  }

  startRestore(id: string): Promise<boolean> {
    return this.change(id, { restore_status: 'in_progress' }, (eb) =>
      eb('files.restore_status', 'in', ['requested', 'in_progress']),
    );
  }

  /** The restore's outputs are written: downloadable until `until`. */
  completeRestore(id: string, results: ConversionResults, until: number): Promise<boolean> {
    return this.change(
      id,
      { ...results, preview: null, status: 'completed', restore_status: 'completed', restore_expires_at: until },
      (eb) => eb('files.restore_status', 'in', ['requested', 'in_progress']),
    );
  }

  async abandonRestore(id: string): Promise<void> {
    await this.change(id, { restore_status: null, restore_expires_at: null }, (eb) =>
      eb('files.restore_status', 'in', ['requested', 'in_progress']),
    );
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

  /**
   * The vault's stats of the files that exist now, without reading every row: the vault files'
   * totals kept with each change (vault_totals), plus what time alone changed since the sweeper
   * last looked (completed files past their hot window or restore, from the status index), plus
   * the user's anonymous files still in their hour (from the upload-time index).
   */
  async stats(userId: string, now: number): Promise<VaultStats> {
    const [totals, cooled, anonymous] = await Promise.all([
      this.db.selectFrom('vault_totals').selectAll().where('user_id', '=', userId).executeTakeFirst(),
      this.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('files.user_id', '=', userId)
        .where('files.status', '=', 'completed')
        .where((eb) => archivedNowSql(eb, now))
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('files')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn
            .coalesce(eb.fn.sum<number>(eb('files.file_size', '+', eb.ref('files.outputs_size'))), sql.lit(0))
            .as('bytes'),
        ])
        .where('files.user_id', '=', userId)
        .where('files.created_at', '>', now - LIFE_MS)
        .where('files.mode', '!=', 'subscription')
        .where((eb) => aliveSql(eb, now))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      totalFiles: Number(totals?.files ?? 0) + Number(anonymous.n),
      storageUsed: Number(totals?.bytes ?? 0) + Number(anonymous.bytes),
      archivedFiles: Number(totals?.archived ?? 0) + Number(cooled.n),
      restoredFiles: Number(totals?.restored ?? 0),
    };
  }

  /** The vault totals counted again from every row (repository.test.ts holds them equal to the kept ones). */
  async countedTotals(userId: string): Promise<Totals> {
    const row = await this.db
      .selectFrom('files')
      .select((eb) => [
        eb.fn.countAll<number>().as('files'),
        eb.fn
          .coalesce(eb.fn.sum<number>(eb('files.file_size', '+', eb.ref('files.outputs_size'))), sql.lit(0))
          .as('bytes'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(eb.case().when('files.status', '=', 'archived').then(1).else(0).end()),
            sql.lit(0),
          )
          .as('archived'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(eb.case().when('files.restore_status', '=', 'completed').then(1).else(0).end()),
            sql.lit(0),
          )
          .as('restored'),
      ])
      .where('files.user_id', '=', userId)
      .where('files.mode', '=', 'subscription')
      .executeTakeFirstOrThrow();
    return {
      files: Number(row.files),
      bytes: Number(row.bytes),
      archived: Number(row.archived),
      restored: Number(row.restored),
    };
  }

  async keptTotals(userId: string): Promise<Totals> {
    const row = await this.db.selectFrom('vault_totals').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return {
      files: Number(row?.files ?? 0),
      bytes: Number(row?.bytes ?? 0),
      archived: Number(row?.archived ?? 0),
      restored: Number(row?.restored ?? 0),
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
    const due = await this.db
      .selectFrom('files')
      .select('id')
      .where('mode', '=', 'subscription')
      .where('restore_status', '=', 'completed')
      .where('restore_expires_at', '<=', now)
      .execute();
    let ended = 0;
    for (const { id } of due)
      if (
        await this.change(
          id,
          { status: 'archived', restore_status: null, restore_expires_at: null, restore_expedited: 0 },
          (eb) => eb.and([eb('files.restore_status', '=', 'completed'), eb('files.restore_expires_at', '<=', now)]),
        )
      )
        ended++;
    return ended;
  }

  /** Vault files whose hot window is over are marked archived (isArchivedNow already says so). */
  async archiveCooled(now: number): Promise<number> {
    const cooledNow = (eb: Eb) =>
      eb.and([eb('files.status', '=', 'completed'), eb('files.restore_status', 'is', null), archivedNowSql(eb, now)]);
    const due = await this.db.selectFrom('files').select('id').where(cooledNow).execute();
    let archived = 0;
    for (const { id } of due)
      if (await this.change(id, { status: 'archived', archived_at: now }, cooledNow)) archived++;
    return archived;
  }

  /**
   * Vault files past their owner's retention (fileRetentionDays with auto-delete on, else 30 days)
   * or without an owner, at most `limit` of them: the database picks them, not a read of every row.
   */
  async retentionDue(now: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('files')
      .leftJoin('users', 'users.id', 'files.user_id')
      .select('files.id')
      .where('files.mode', '=', 'subscription')
      // Retention is at least one day, so younger files need no look.
      .where('files.created_at', '<=', now - DAY)
      .where((eb) =>
        eb.or([
          eb('users.id', 'is', null),
          eb(
            'files.created_at',
            '<=',
            sql<number>`${now} - cast(case when ${eb.ref('users.auto_delete_enabled')} = 1 then ${eb.ref('users.file_retention_days')} else ${LIMITS.defaultRetentionDays} end as bigint) * ${DAY}`,
          ),
        ]),
      )
      .orderBy('files.created_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Work a stop or crash interrupted: conversions still processing, restores under way. With
   * `olderThan`, only work started before it (the sweeper's check for lost jobs).
   */
  unfinished(olderThan?: number) {
    let query = this.db
      .selectFrom('files')
      .select(['id', 'mode', 'status', 'restore_status', 'restore_expedited'])
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
