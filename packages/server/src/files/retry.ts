/**
 * POST /api/files/{id}/retry: a failed conversion runs again, typically with the password of a
 * protected PDF. A failure gave back what the upload took (jobs.ts releaseCharges), so the retry
 * takes that same charge again: the same free-trial use, monthly upload or pay-per-file payment,
 * never a second one.
 */
import { AppError, type FileRecord, PLAN_LIMITS } from '@statemint/shared';
import { consumeUploadCredit } from '../services/payments';
import { userPlan } from '../services/users';
import type { FilesContext } from './context';
import { claimFreeTrial } from './free-trial';
import { conversionJob } from './jobs';
import type { FileRow } from './life';
import { passwordField, storePassword } from './password';
import { claimUpload, findReadableFile, getFileRecord, recordUsage } from './service';

export const NOT_FAILED_MESSAGE = 'Only a conversion that failed can be run again.';

export interface RetryInput {
  id: string;
  userId: string | null;
  /** Signs the answer's vault links for this session. */
  sessionId?: string | null;
  password: string | undefined;
  ip: string;
  fingerprint: string | null;
}

async function takeChargeAgain(files: FilesContext, row: FileRow, input: RetryInput): Promise<void> {
  if (row.mode === 'paid') {
    if (!row.payment_intent_id || !row.email) throw new AppError('PAYMENT_REQUIRED', 'Payment required.');
    await consumeUploadCredit(files.ctx, { paymentIntentId: row.payment_intent_id, email: row.email, fileId: row.id });
    return;
  }
  if (row.mode === 'free_trial') {
    const identity = { email: row.email, fingerprint: input.fingerprint, ip: input.ip };
    const userId = row.user_id;
    await claimFreeTrial(
      files,
      identity,
      row.id,
      userId ? (trx) => recordUsage(files, userId, 'upload', row.id, trx) : undefined,
    );
    return;
  }
  if (!row.user_id) throw new AppError('NOT_FOUND', 'File not found.');
  const user = await files.ctx.repos.users.find(row.user_id);
  if (!user) throw new AppError('NOT_FOUND', 'File not found.');
  const limit = PLAN_LIMITS[userPlan(user)].uploads;
  await claimUpload(files, user.id, limit, row.id, {
    refusal: () => new AppError('QUOTA_EXCEEDED', `You have used all ${limit} uploads of your plan this month.`),
  });
}

export async function retryConversion(files: FilesContext, input: RetryInput): Promise<FileRecord> {
  const password = passwordField(input.password);
  const row = await findReadableFile(files, input.id, input.userId);
  if (row.status !== 'failed') throw new AppError('VALIDATION_FAILED', NOT_FAILED_MESSAGE);
  // The file is claimed before anything is charged: of retries arriving together only the one that
  // moves it out of 'failed' goes on, so the charge is taken once (the others are refused as for a
  // file that is no longer failed).
  if (!(await files.repo.claimRetry(row.id))) throw new AppError('VALIDATION_FAILED', NOT_FAILED_MESSAGE);
  try {
    await takeChargeAgain(files, row, input);
    await storePassword(files, row.id, password);
  } catch (error) {
    // Refused (quota, free trial, payment): the file stays failed as it was.
    await files.repo.unclaimRetry(row);
    throw error;
  }
  files.events.changed(row.id);
  await files.queue.enqueue(conversionJob(row));
  return getFileRecord(files, row.id, input.userId, input.sessionId ?? null);
}
