import type { FilesContext } from '../files/context';
import { recoverJobs, STUCK_AFTER_MS } from '../files/jobs';
import { fileKeyPrefix } from '../files/keys';
import { purgeFile } from '../files/service';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
export const SWEEP_INTERVAL_MS = 60_000;
const RETENTION_BATCH = 1000;

export interface SweepReport {
  expired: number;
  archived: number;
  restoresEnded: number;
  retentionDeleted: number;
  requeued: number;
}

export async function sweep(files: FilesContext): Promise<SweepReport> {
  const now = files.ctx.clock.now();
  const report: SweepReport = { expired: 0, archived: 0, restoresEnded: 0, retentionDeleted: 0, requeued: 0 };

  const expired = await files.repo.expiredIds(now);
  for (const id of expired) await purgeFile(files, id);
  report.expired = expired.length;

  report.restoresEnded = await files.repo.endRestores(now);
  report.archived = await files.repo.archiveCooled(now);

  // At most a batch a sweep: the next sweep, a minute later, goes on.
  for (const id of await files.repo.retentionDue(now, RETENTION_BATCH)) {
    await purgeFile(files, id);
    report.retentionDeleted++;
  }

  // A job lost on its way (a failed database write, a Redis hiccup) is enqueued again.
  report.requeued = await recoverJobs(files, now - STUCK_AFTER_MS);

  // Free-trial records are only needed for the 24-hour and same-day checks.
  await files.ctx.repos.usage.pruneTrialRecords(now - 2 * DAY);
  return report;
}

/** How long stored objects stay without their file's row before they go: storing an upload takes seconds. */
export const ORPHAN_AFTER_MS = HOUR;
/** How often the store is listed for them (a listing reads every key). */
const ORPHAN_SWEEP_INTERVAL_MS = HOUR;

/**
 * Removes the stored objects of files that have no row: what a server killed between storing an
 * upload's original and writing its row leaves (files/service.ts storeCharged; no charge was
 * taken). `suspects` (kept by the caller between calls) says since when each id was seen without
 * a row; its objects go once that is ORPHAN_AFTER_MS ago, so an upload being stored is never
 * touched. Returns how many files' objects were removed.
 */
export async function sweepOrphans(files: FilesContext, suspects: Map<string, number>): Promise<number> {
  const now = files.ctx.clock.now();
  const stored = [...new Set((await files.store.list('files')).map((key) => key.split('/')[1] ?? ''))].filter(Boolean);
  const rows = await files.repo.existing(stored);
  const orphans = new Set(stored.filter((id) => !rows.has(id)));
  for (const id of suspects.keys()) if (!orphans.has(id)) suspects.delete(id);
  let removed = 0;
  for (const id of orphans) {
    const since = suspects.get(id);
    if (since === undefined) suspects.set(id, now);
    else if (now - since >= ORPHAN_AFTER_MS) {
      await files.store.deletePrefix(fileKeyPrefix(id));
      suspects.delete(id);
      removed++;
    }
  }
  return removed;
}

/**
 * Runs sweep() every minute until stopped, and sweepOrphans() every hour (the first a minute
 * after start); failures are logged and retried next time.
 */
export function startSweeper(files: FilesContext, intervalMs = SWEEP_INTERVAL_MS): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const suspects = new Map<string, number>();
  let orphansSweptAt = Number.NEGATIVE_INFINITY;
  const timer = setInterval(() => {
    running = (async () => {
      await sweep(files);
      const now = files.ctx.clock.now();
      if (now - orphansSweptAt < ORPHAN_SWEEP_INTERVAL_MS) return;
      orphansSweptAt = now;
      const removed = await sweepOrphans(files, suspects);
      if (removed > 0) files.ctx.log.warn({ removed }, 'removed stored objects of files that have no row');
    })().catch((err: unknown) => files.ctx.log.error({ err }, 'file sweep failed'));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
