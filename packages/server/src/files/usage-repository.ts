/**
 * The free-trial and usage repository (issue 29, one repository per aggregate): the only module
 * that queries `free_trial_uses`, `free_trial_locks` and `usage_events`. The rules (a trial per
 * 24 hours per address, device and e-mail; the daily lock; a plan's monthly uploads) live in
 * free-trial.ts and service.ts, which take and give back charges here; the sweeper prunes old
 * trial records and a file's deletion detaches its records here. Every function takes the
 * database or the transaction it runs in, so a check and its record can share one.
 */
import type { Insertable } from 'kysely';
import type { FilesDb } from './context';
import type { FreeTrialLocksTable, FreeTrialUsesTable, UsageEventsTable } from './schema';

/** A free-trial identity as stored: keyed hashes (free-trial.ts), email and fingerprint when known. */
export interface IdentityHashes {
  email: string | null;
  fingerprint: string | null;
  ip: string;
}

export type UsageKind = 'upload' | 'restore';

/** The trial uses after `since` that share the address, device or e-mail of `h`, newest first. */
function usesOf(db: FilesDb, h: IdentityHashes, since: number) {
  return db
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
export async function lastTrialUseAt(db: FilesDb, h: IdentityHashes, since: number): Promise<number | null> {
  const last = await usesOf(db, h, since).select('created_at').orderBy('created_at', 'desc').executeTakeFirst();
  return last ? Number(last.created_at) : null;
}

/** The lock that ends last (the free trial is locked while it lasts), if any. */
export async function latestTrialLock(db: FilesDb): Promise<{ locked_until: number } | undefined> {
  const lock = await db
    .selectFrom('free_trial_locks')
    .select('locked_until')
    .orderBy('locked_until', 'desc')
    .executeTakeFirst();
  return lock ? { locked_until: Number(lock.locked_until) } : undefined;
}

export async function insertTrialLock(db: FilesDb, row: Insertable<FreeTrialLocksTable>): Promise<void> {
  await db.insertInto('free_trial_locks').values(row).execute();
}

/** Distinct e-mails that used the free trial from `since` on. */
export async function trialUsersSince(db: FilesDb, since: number): Promise<number> {
  const { users } = await db
    .selectFrom('free_trial_uses')
    .select((eb) => eb.fn.count<number>('email_hash').distinct().as('users'))
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(users);
}

export async function insertTrialUse(db: FilesDb, row: Insertable<FreeTrialUsesTable>): Promise<void> {
  await db.insertInto('free_trial_uses').values(row).execute();
}

/** An account's usage of `kind` from `since` on (its monthly uploads or restores). */
export async function countUsageSince(db: FilesDb, userId: string, kind: UsageKind, since: number): Promise<number> {
  const { n } = await db
    .selectFrom('usage_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertUsage(db: FilesDb, row: Insertable<UsageEventsTable>): Promise<void> {
  await db.insertInto('usage_events').values(row).execute();
}

/**
 * A failed conversion's charges given back (files/jobs.ts releaseCharges): its monthly upload and,
 * unless `keepFreeTrial`, its free-trial use.
 */
export async function releaseFileUsage(db: FilesDb, fileId: string, keepFreeTrial: boolean): Promise<void> {
  if (!keepFreeTrial) await db.deleteFrom('free_trial_uses').where('file_id', '=', fileId).execute();
  await db.deleteFrom('usage_events').where('file_id', '=', fileId).where('kind', '=', 'upload').execute();
}

/** A file deleted: its usage and trial records stay counted, without its id. */
export async function detachUsageFromFile(db: FilesDb, fileId: string): Promise<void> {
  await db.updateTable('usage_events').set({ file_id: null }).where('file_id', '=', fileId).execute();
  await db.updateTable('free_trial_uses').set({ file_id: null }).where('file_id', '=', fileId).execute();
}

/** A deleted account's usage records (monthly uploads, restores). */
export async function deleteUsageOfUser(db: FilesDb, userId: string): Promise<void> {
  await db.deleteFrom('usage_events').where('user_id', '=', userId).execute();
}

/** Trial records older than `before` (only the 24-hour and same-day checks need them). */
export async function pruneTrialRecords(db: FilesDb, before: number): Promise<void> {
  await db.deleteFrom('free_trial_uses').where('created_at', '<', before).execute();
  await db.deleteFrom('free_trial_locks').where('locked_until', '<', before).execute();
}
