/**
 * The database side of conversion jobs: what a worker needs before a job (loadTask), what
 * its outcome changes after it (applyOutcome), and the jobs to redo after a restart.
 * Each step is conditional on the row's current state, so running a job twice is harmless.
 */
import { LIMITS } from '@statemint/shared';
import { GENERIC_FAILURE } from '../queue/run-task';
import type { ConversionJob, ConversionOutcome, ConversionTask } from '../queue/types';
import type { FilesContext, FilesDb } from './context';
import { notifyFileChanged } from './events';
import { fileKeyPrefix } from './keys';
import { readPassword } from './password';
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
  const row = await files.db.selectFrom('files').selectAll().where('id', '=', job.fileId).executeTakeFirst();
  if (!row) return null;
  if (job.kind === 'convert') {
    if (row.status !== 'processing') return null;
    if (row.attempts >= MAX_ATTEMPTS) {
      // Started this often without an outcome: the file takes the whole process down. Stop.
      await applyOutcome(files, job, { ok: false, code: 'CONVERSION_FAILED', message: GENERIC_FAILURE });
      return null;
    }
    await files.db
      .updateTable('files')
      .set({ attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .execute();
  } else {
    if (row.restore_status !== 'requested' && row.restore_status !== 'in_progress') return null;
    await files.db.updateTable('files').set({ restore_status: 'in_progress' }).where('id', '=', row.id).execute();
  }
  return {
    fileId: row.id,
    kind: job.kind,
    originalFilename: row.original_filename,
    timeoutMs: files.conversionTimeoutMs,
    password: await readPassword(files, row.id),
    ...(job.kind === 'restore' ? { statementsVersion: await latestStatementsVersion(files, row.id) } : {}),
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
  const row = await files.db.selectFrom('files').selectAll().where('id', '=', job.fileId).executeTakeFirst();
  if (!row) {
    // Deleted (or expired) while converting: whatever the worker wrote goes too.
    await files.store.deletePrefix(fileKeyPrefix(job.fileId));
    return;
  }
  const results = outcome.ok
    ? {
        transaction_count: outcome.summary.transactionCount,
        statement_count: outcome.summary.statementCount,
        currency: outcome.summary.currency,
        reconciliation: JSON.stringify(outcome.summary.reconciliation),
        preview: null,
        outputs: JSON.stringify(outcome.summary.outputs),
        outputs_size: Object.values(outcome.summary.outputs).reduce((a, b) => a + b, 0),
      }
    : null;
  if (job.kind === 'convert') {
    const update = files.db.updateTable('files').where('id', '=', row.id).where('status', '=', 'processing');
    let flipped: { numUpdatedRows: bigint } | undefined;
    if (results) {
      flipped = await update
        .set({ ...results, status: 'completed', completed_at: now, error_code: null, error_message: null })
        .executeTakeFirst();
    } else if (!outcome.ok) {
      // One transaction: whoever sees the file failed also sees its charges given back.
      flipped = await files.db.transaction().execute(async (trx) => {
        const failed = await trx
          .updateTable('files')
          .where('id', '=', row.id)
          .where('status', '=', 'processing')
          .set({ status: 'failed', completed_at: now, error_code: outcome.code, error_message: outcome.message })
          .executeTakeFirst();
        if (Number(failed.numUpdatedRows) === 1) await releaseCharges(files, row.id, trx);
        return failed;
      });
    }
    // Once per file: only the outcome that moved it out of 'processing' tells the listeners.
    if (flipped && Number(flipped.numUpdatedRows) === 1) await notifyConversionFinished(files, row.id, outcome.ok);
    notifyFileChanged(files, row.id);
    return;
  }
  const restore = files.db
    .updateTable('files')
    .where('id', '=', row.id)
    .where('restore_status', 'in', ['requested', 'in_progress']);
  if (results) {
    await restore
      .set({
        ...results,
        status: 'completed',
        restore_status: 'completed',
        restore_expires_at: now + LIMITS.restoreWindowHours * 3600_000,
      })
      .execute();
  } else {
    files.ctx.log.error({ fileId: row.id, code: outcome.ok ? null : outcome.code }, 'restore failed');
    await restore.set({ restore_status: null, restore_expires_at: null }).execute();
  }
  notifyFileChanged(files, row.id);
}

/**
 * DECISIONS.md, failures are free: a failed conversion uses no free trial (one conversion per
 * 24 hours), no monthly upload and no pay-per-file payment (the same payment may be used again,
 * with a corrected file or a password). A retry of the file takes them again (files/retry.ts).
 */
export async function releaseCharges(files: FilesContext, fileId: string, db: FilesDb = files.db): Promise<void> {
  await db.deleteFrom('free_trial_uses').where('file_id', '=', fileId).execute();
  await db.deleteFrom('usage_events').where('file_id', '=', fileId).where('kind', '=', 'upload').execute();
  await db
    .updateTable('payments')
    .set({ consumed_at: null, file_id: null })
    .where('file_id', '=', fileId)
    .where('type', '=', 'payasyougo')
    .execute();
}

/**
 * Re-enqueues work a stop or crash interrupted: conversions still 'processing', restores under
 * way. With `olderThan`, only work started before it (the sweeper's check for lost jobs).
 */
export async function recoverJobs(files: FilesContext, olderThan?: number): Promise<number> {
  let query = files.db
    .selectFrom('files')
    .select(['id', 'status', 'restore_status', 'restore_expedited'])
    .where((eb) => eb.or([eb('status', '=', 'processing'), eb('restore_status', 'in', ['requested', 'in_progress'])]));
  if (olderThan !== undefined)
    query = query.where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'processing'), eb('created_at', '<', olderThan)]),
        eb('restore_requested_at', '<', olderThan),
      ]),
    );
  const rows = await query.orderBy('created_at').execute();
  for (const row of rows) {
    if (row.status === 'processing') await files.queue.enqueue({ fileId: row.id, kind: 'convert' });
    else await files.queue.enqueue({ fileId: row.id, kind: 'restore', expedited: row.restore_expedited === 1 });
  }
  return rows.length;
}
