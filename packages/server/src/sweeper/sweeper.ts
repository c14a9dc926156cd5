import type { FilesContext } from '../files/context';
import { recoverJobs, STUCK_AFTER_MS } from '../files/jobs';
import { purgeFile } from '../files/service';
import { pruneTrialRecords } from '../files/usage-repository';

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
  await pruneTrialRecords(files.db, now - 2 * DAY);
  return report;
}

/** Runs sweep() every minute until stopped; failures are logged and retried next time. */
export function startSweeper(files: FilesContext, intervalMs = SWEEP_INTERVAL_MS): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweep(files).catch((err: unknown) => files.ctx.log.error({ err }, 'file sweep failed'));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
