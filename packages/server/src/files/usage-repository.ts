/**
 * The free-trial and usage repository (issue 29, one repository per aggregate): the only module
 * that queries `free_trial_uses`, `free_trial_locks` and `usage_events`; createServices makes one
 * (`ctx.repos.usage`). The rules (a trial per 24 hours per address, device and e-mail; the daily
 * lock; a plan's monthly uploads) live in free-trial.ts and service.ts, which take and give back
 * charges here; the sweeper prunes old trial records and a file's deletion detaches its records
 * here. A check and its record share one transaction (`within(trx)`), and such transactions for
 * the free trial run one at a time (`serializeTrialClaims`); a charge is given back once (a second
 * release finds nothing to release and says so).
 */
import { type Insertable, type Kysely, sql } from 'kysely';
import type { DbDialect } from '../db';
import type { Database } from '../db/schema';
import type { FilesTables, FreeTrialLocksTable, FreeTrialUsesTable, UsageEventsTable } from './schema';

type UsageDb = Kysely<Database & FilesTables>;

/** A free-trial identity as stored: keyed hashes (free-trial.ts), email and fingerprint when known. */
export interface IdentityHashes {
  email: string | null;
  fingerprint: string | null;
  ip: string;
}

export type UsageKind = 'upload' | 'restore';

/** The advisory lock key of free-trial claims (any constant number, ours alone). */
const FREE_TRIAL_LOCK_KEY = 0x53746d74;

export class UsageRepository {
  constructor(
    private readonly db: UsageDb,
    private readonly dialect: DbDialect,
  ) {}

  /** The same repository inside transaction `trx`. */
  within(trx: UsageDb): UsageRepository {
    return new UsageRepository(trx, this.dialect);
  }

  /**
   * Inside a transaction: free-trial claims run one at a time until it ends (PostgreSQL: one in
   * the whole database; SQLite has one writer at a time anyway).
   */
  async serializeTrialClaims(): Promise<void> {
    if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${FREE_TRIAL_LOCK_KEY})`.execute(this.db);
  }

  /** The trial uses after `since` that share the address, device or e-mail of `h`, newest first. */
  private usesOf(h: IdentityHashes, since: number) {
    return this.db
      .selectFrom('free_trial_uses')
      .where('created_at', '>', since)
      .where((eb) => {
        const matches = [eb('ip_hash', '=', h.ip)];
        if (h.email) matches.push(eb('email_hash', '=', h.email));
        if (h.fingerprint) matches.push(eb('fingerprint_hash', '=', h.fingerprint));
        return eb.or(matches);
      });
  }

  /** When the newest trial use of this address, device or e-mail after `since` was made, or null. */
  async lastTrialUseAt(h: IdentityHashes, since: number): Promise<number | null> {
    const last = await this.usesOf(h, since).select('created_at').orderBy('created_at', 'desc').executeTakeFirst();
    return last ? Number(last.created_at) : null;
  }

  /** The lock that ends last (the free trial is locked while it lasts), if any. */
  async latestTrialLock(): Promise<{ locked_until: number } | undefined> {
    const lock = await this.db
      .selectFrom('free_trial_locks')
      .select('locked_until')
      .orderBy('locked_until', 'desc')
      .executeTakeFirst();
    return lock ? { locked_until: Number(lock.locked_until) } : undefined;
  }

  async insertTrialLock(row: Insertable<FreeTrialLocksTable>): Promise<void> {
    await this.db.insertInto('free_trial_locks').values(row).execute();
  }

  /** Distinct e-mails that used the free trial from `since` on. */
  async trialUsersSince(since: number): Promise<number> {
    const { users } = await this.db
      .selectFrom('free_trial_uses')
      .select((eb) => eb.fn.count<number>('email_hash').distinct().as('users'))
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(users);
  }

  async insertTrialUse(row: Insertable<FreeTrialUsesTable>): Promise<void> {
    await this.db.insertInto('free_trial_uses').values(row).execute();
  }

  /** An account's usage of `kind` from `since` on (its monthly uploads or restores). */
  async countUsageSince(userId: string, kind: UsageKind, since: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('usage_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  async insertUsage(row: Insertable<UsageEventsTable>): Promise<void> {
    await this.db.insertInto('usage_events').values(row).execute();
  }

  /**
   * A failed conversion's charges given back (files/jobs.ts releaseCharges): its monthly upload and,
   * unless `keepFreeTrial`, its free-trial use. How many records it gave back: a second release of
   * the same file finds none.
   */
  async releaseFileUsage(fileId: string, keepFreeTrial: boolean): Promise<number> {
    let released = 0;
    if (!keepFreeTrial) {
      const trial = await this.db.deleteFrom('free_trial_uses').where('file_id', '=', fileId).executeTakeFirst();
      released += Number(trial.numDeletedRows);
    }
    const usage = await this.db
      .deleteFrom('usage_events')
      .where('file_id', '=', fileId)
      .where('kind', '=', 'upload')
      .executeTakeFirst();
    return released + Number(usage.numDeletedRows);
  }

  /** A file deleted: its usage and trial records stay counted, without its id. */
  async detachFromFile(fileId: string): Promise<void> {
    await this.db.updateTable('usage_events').set({ file_id: null }).where('file_id', '=', fileId).execute();
    await this.db.updateTable('free_trial_uses').set({ file_id: null }).where('file_id', '=', fileId).execute();
  }

  /** A deleted account's usage records (monthly uploads, restores). */
  async deleteOfUser(userId: string): Promise<void> {
    await this.db.deleteFrom('usage_events').where('user_id', '=', userId).execute();
  }

  /** Trial records older than `before` (only the 24-hour and same-day checks need them). */
  async pruneTrialRecords(before: number): Promise<void> {
    await this.db.deleteFrom('free_trial_uses').where('created_at', '<', before).execute();
    await this.db.deleteFrom('free_trial_locks').where('locked_until', '<', before).execute();
  }
}
