/**
 * The database side of conversion jobs: what a worker needs before a job (loadTask), what
 * its outcome changes after it (applyOutcome), and the jobs to redo after a restart.
 * Each step is conditional on the row's current state, so running a job twice is harmless.
 */
import { LIMITS } from '@statemint/shared';
import { GENERIC_FAILURE } from '../queue/run-task';
import type { ConversionJob, ConversionOutcome, ConversionTask } from '../queue/types';
import { OUT_OF_MEMORY_MESSAGE } from '../queue/worker-pool';
import { listRules } from '../services/rules';
import type { FilesContext, FilesDb } from './context';
import { fileKeyPrefix } from './keys';
import { readPassword } from './password';
import type { ConversionResults } from './repository';
import { latestStatementsVersion } from './statement-versions';

/**
 * Conversion starts without an outcome before a file is marked failed. An attempt is counted
 * only when a worker starts the file (not when it is queued), and a conversion runs in a worker
 * thread with bounded memory, so a file cannot take the process down by itself: this guard is
 * for what is left, and it leaves room for a file caught in a few restarts in a row.
 */
export const MAX_ATTEMPTS = 5;
/** Jobs older than this without an outcome are enqueued again by the sweeper (enqueueing is idempotent). */
export const STUCK_AFTER_MS = 15 * 60_000;

export async function loadTask(files: FilesContext, job: ConversionJob): Promise<ConversionTask | null> {
  const row = await files.repo.find(job.fileId);
  if (!row) return null;
  if (job.kind === 'convert') {
    if (row.status !== 'processing') return null;
    if (row.attempts >= MAX_ATTEMPTS) {
      // Started this often without an outcome: the file takes the whole process down. Stop.
      await applyOutcome(files, job, { ok: false, code: 'CONVERSION_FAILED', message: GENERIC_FAILURE });
      return null;
    }
    if (!(await files.repo.startAttempt(row.id, row.attempts))) return null;
  } else if (!(await files.repo.startRestore(row.id))) return null;
  return {
    fileId: row.id,
    kind: job.kind,
    originalFilename: row.original_filename,
    timeoutMs: files.conversionTimeoutMs,
    password: await readPassword(files, row.id),
    ...(job.kind === 'restore' ? { statementsVersion: await latestStatementsVersion(files, row.id) } : {}),
    ...(row.user_id ? { rules: await listRules(files.ctx, row.user_id) } : {}),
  };
}

/** Tells the conversion listeners (receipts, webhooks); a listener's failure is logged, never the job's. */
async function notifyConversionFinished(files: FilesContext, fileId: string, ok: boolean): Promise<void> {
  for (const listener of files.conversionListeners) {
    try {
      await listener({ fileId, ok });
    } catch (err) {
      files.ctx.log.error({ err, fileId }, 'conversion listener failed');
    }
  }
}

export async function applyOutcome(files: FilesContext, job: ConversionJob, outcome: ConversionOutcome): Promise<void> {
  const now = files.ctx.clock.now();
  const row = await files.repo.find(job.fileId);
  if (!row) {
    // Deleted (or expired) while converting: whatever the worker wrote goes too.
    await files.store.deletePrefix(fileKeyPrefix(job.fileId));
    return;
  }
  const results: ConversionResults | null = outcome.ok
    ? {
        transaction_count: outcome.summary.transactionCount,
        statement_count: outcome.summary.statementCount,
        currency: outcome.summary.currency,
        reconciliation: JSON.stringify(outcome.summary.reconciliation),
        outputs: JSON.stringify(outcome.summary.outputs),
        outputs_size: Object.values(outcome.summary.outputs).reduce((a, b) => a + b, 0),
      }
    : null;
  if (job.kind === 'convert') {
    const flipped = outcome.ok
      ? await files.repo.markCompleted(row.id, results as ConversionResults, now)
      : await files.repo.markFailed(row.id, { code: outcome.code, message: outcome.message }, now, (trx) =>
          releaseCharges(files, row.id, trx, { keepFreeTrial: hitALimit(outcome) }),
        );
    // Once per file: only the outcome that moved it out of 'processing' tells the listeners.
    if (flipped) await notifyConversionFinished(files, row.id, outcome.ok);
    files.events.changed(row.id);
    return;
  }
  if (results) await files.repo.completeRestore(row.id, results, now + LIMITS.restoreWindowHours * 3600_000);
  else {
    files.ctx.log.error({ fileId: row.id, code: outcome.ok ? null : outcome.code }, 'restore failed');
    await files.repo.abandonRestore(row.id);
  }
  files.events.changed(row.id);
}

/** A file's conversion job: a free trial's waits behind paying users' (issue 29). */
export function conversionJob(row: { id: string; mode: string }): ConversionJob {
  return { fileId: row.id, kind: 'convert', free: row.mode === 'free_trial' };
}

/**
 * A failure that spent what a conversion may spend (its time, its memory, the size of its
 * images or ZIP): the input, not the reading, was the problem, and it cost as much as a success.
 */
export function hitALimit(outcome: { code: string; message: string }): boolean {
  return (
    outcome.code === 'TIMEOUT' ||
    outcome.code === 'IMAGE_TOO_LARGE' ||
    // A document of more text or lines than the engine reads (engine/readers/limits.ts).
    outcome.code === 'FILE_TOO_LARGE' ||
    outcome.code === 'ZIP_TOO_LARGE' ||
    outcome.code === 'ZIP_UNSAFE' ||
    (outcome.code === 'CONVERSION_FAILED' && outcome.message === OUT_OF_MEMORY_MESSAGE)
  );
}

/**
 * DECISIONS.md, failures are free: a failed conversion uses no free trial (one conversion per
 * 24 hours), no monthly upload and no pay-per-file payment (the same payment may be used again,
 * with a corrected file or a password). A retry of the file takes them again (files/retry.ts).
 * Except (issue 29, N2): a free trial whose conversion hit a limit stays used for its address,
 * device and e-mail, or two such uploads at a time could hold the workers without end, for free.
 */
export async function releaseCharges(
  files: FilesContext,
  fileId: string,
  db: FilesDb = files.db,
  options: { keepFreeTrial?: boolean } = {},
): Promise<void> {
  await files.ctx.repos.usage.within(db).releaseFileUsage(fileId, options.keepFreeTrial ?? false);
  // A paid file's conversion is given back (DECISIONS.md: failures are free).
  await files.ctx.repos.payments.within(db).releaseCredit(fileId);
}

/**
 * Re-enqueues work a stop or crash interrupted: conversions still 'processing', restores under
 * way. With `olderThan`, only work started before it (the sweeper's check for lost jobs).
 */
export async function recoverJobs(files: FilesContext, olderThan?: number): Promise<number> {
  const rows = await files.repo.unfinished(olderThan);
  for (const row of rows) {
    if (row.status === 'processing') await files.queue.enqueue(conversionJob(row));
    else await files.queue.enqueue({ fileId: row.id, kind: 'restore', expedited: row.restore_expedited === 1 });
  }
  return rows.length;
}
