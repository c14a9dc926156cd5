/**
 * Uploads and file records: the three upload modes (free trial, pay per file, account),
 * reading one file, and deleting one with everything derived from it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  AppError,
  type FileRecord,
  PLAN_LIMITS,
  type Statement,
  TEXTS,
  type UploadResponse,
  usesFreeTrial,
} from '@statemint/shared';
import { paygPaymentWithCredit, takeUploadCredit } from '../services/payments';
import type { AuthSession } from '../services/sessions';
import { userPlan } from '../services/users';
import { holdsCapability, issueCapability, UPLOADER_ONLY_MESSAGE } from './capability';
import type { FilesContext, FilesDb } from './context';
import { claimFreeTrial, freeTrialRefusal } from './free-trial';
import { conversionJob } from './jobs';
import { fileKeyPrefix, originalKey } from './keys';
import { anonymousExpiry, type FileRow, isAlive, isEphemeral, type RetentionSettings } from './life';
import { passwordField, storePassword } from './password';
import type { UploadedFile } from './read-upload';
import { detailOf, toFileRecord } from './record';
import type { FilesTable } from './schema';
import { currentStatements } from './statement-versions';
import { checkUploadType } from './upload-type';

export const EMAIL_REQUIRED_MESSAGE = TEXTS.freeTrialEmailRequired;
export const EMAIL_INVALID_MESSAGE = TEXTS.emailInvalid;
export const PAYMENT_REQUIRED_MESSAGE = 'Payment required. Please choose a payment option to continue.';
export const NOT_FOUND_MESSAGE = 'File not found.';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface UploadContext {
  upload: UploadedFile;
  ip: string;
  fingerprint: string | null;
  auth: AuthSession | null;
}

function newFileId(): string {
  return randomBytes(18).toString('base64url');
}

function requireEmail(raw: string | undefined, missingMessage: string): string {
  const email = (raw ?? '').trim().toLowerCase();
  if (!email) throw new AppError('VALIDATION_FAILED', missingMessage, { field: 'email' });
  if (email.length > 254 || !EMAIL_PATTERN.test(email))
    throw new AppError('VALIDATION_FAILED', EMAIL_INVALID_MESSAGE, { field: 'email' });
  return email;
}

export function quotaExceeded(limit: number): AppError {
  return new AppError(
    'QUOTA_EXCEEDED',
    `You have used all ${limit} uploads of your plan this month. Please upgrade your plan to upload more.`,
  );
}

export function startOfUtcMonth(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export async function countUsage(
  files: FilesContext,
  userId: string,
  kind: 'upload' | 'restore',
  db: FilesDb = files.db,
): Promise<number> {
  return files.ctx.repos.usage.within(db).countUsageSince(userId, kind, startOfUtcMonth(files.ctx.clock.now()));
}

export async function recordUsage(
  files: FilesContext,
  userId: string,
  kind: 'upload' | 'restore',
  fileId: string,
  db: FilesDb = files.db,
): Promise<void> {
  await files.ctx.repos.usage.within(db).insertUsage({
    id: randomUUID(),
    user_id: userId,
    kind,
    file_id: fileId,
    created_at: files.ctx.clock.now(),
  });
}

/**
 * Takes one of the plan's monthly uploads for `fileId`, or throws QUOTA_EXCEEDED: the count and
 * the record are one transaction holding the account's row (issue 29, N10: at 398 of 400, five
 * uploads at once all went through). Given back by releaseCharges (files/jobs.ts). `also` runs in
 * the same transaction after the record (a test holds it open there).
 */
export async function claimUpload(
  files: FilesContext,
  userId: string,
  limit: number,
  fileId: string,
  options: { refusal?: () => AppError; also?: (trx: FilesDb) => Promise<void> } = {},
): Promise<void> {
  const taken = await files.db.transaction().execute(async (trx) => {
    // PostgreSQL: the account's row is locked until the end; SQLite has one writer at a time.
    // The files module's transaction holds the users table too (filesDb's tables are a superset).
    await files.ctx.repos.users.within(trx).lock(userId);
    if (limit !== -1 && (await countUsage(files, userId, 'upload', trx)) >= limit) return false;
    await recordUsage(files, userId, 'upload', fileId, trx);
    await options.also?.(trx);
    return true;
  });
  if (!taken) throw (options.refusal ?? (() => quotaExceeded(limit)))();
}

export type NewFile = Pick<FilesTable, 'user_id' | 'mode' | 'email' | 'payment_intent_id'>;

/** The row of a file just uploaded: processing, nothing converted yet. */
export function newFileRow(
  id: string,
  fields: NewFile,
  original: { fileName: string; size: number; inputKind: string },
  now: number,
): FilesTable {
  return {
    id,
    ...fields,
    original_filename: original.fileName,
    file_size: original.size,
    input_kind: original.inputKind,
    status: 'processing',
    error_code: null,
    error_message: null,
    transaction_count: null,
    statement_count: null,
    currency: null,
    reconciliation: null,
    preview: null,
    outputs: null,
    outputs_size: 0,
    restore_status: null,
    restore_expedited: 0,
    restore_requested_at: null,
    restore_expires_at: null,
    attempts: 0,
    created_at: now,
    completed_at: null,
    archived_at: null,
    expires_at: fields.mode === 'subscription' ? null : anonymousExpiry(now),
  };
}

/** Stores the original (encrypted), then its row; the caller enqueues. Returns the row. */
/**
 * Stores the upload's original, then writes its row in the transaction `charge` runs, where it
 * takes what the upload costs (a free trial, a monthly upload, a pay-per-file conversion): a
 * process that dies before that transaction commits has taken nothing, and one refused there
 * stores nothing. Checked before storing too (`charge`'s refusal is the one that counts).
 */
async function storeCharged(
  files: FilesContext,
  upload: UploadedFile,
  inputKind: string,
  fields: NewFile,
  id: string,
  charge: (writeRow: (trx: FilesDb) => Promise<void>) => Promise<void>,
): Promise<FilesTable> {
  await files.store.put(originalKey(id), upload.bytes);
  const row = newFileRow(
    id,
    fields,
    { fileName: upload.fileName, size: upload.bytes.length, inputKind },
    files.ctx.clock.now(),
  );
  try {
    await charge((trx) => files.repo.insertWithin(trx, row));
  } catch (e) {
    await files.store.deletePrefix(fileKeyPrefix(id));
    throw e;
  }
  return row;
}

async function accepted(files: FilesContext, row: FilesTable, upload: UploadedFile): Promise<UploadResponse> {
  // A protected PDF's password (the `password` field) opens it in the worker.
  await storePassword(files, row.id, passwordField(upload.fields.password));
  // An anonymous file's uploader gets its capability: to save edits of it, or delete it.
  const capability = row.user_id === null ? await issueCapability(files, row.id) : null;
  await files.queue.enqueue(conversionJob(row));
  return { id: row.id, status: 'processing', ...(capability ? { capability } : {}) };
}

/** POST /api/files/upload-free-trial, and account uploads on the free plan. */
export async function uploadFreeTrial(files: FilesContext, input: UploadContext): Promise<UploadResponse> {
  const user = input.auth?.user ?? null;
  const email = user ? user.email : requireEmail(input.upload.fields.email, EMAIL_REQUIRED_MESSAGE);
  const kind = checkUploadType(input.upload.fileName, input.upload.bytes);
  passwordField(input.upload.fields.password);
  const identity = { email, fingerprint: input.fingerprint, ip: input.ip };
  const id = newFileId();
  // Refused before anything is stored; taken with the file's row, atomically (two uploads at once
  // cannot both pass the check).
  const refused = await freeTrialRefusal(files, identity);
  if (refused) throw refused;
  const row = await storeCharged(
    files,
    input.upload,
    kind,
    { user_id: user?.id ?? null, mode: 'free_trial', email, payment_intent_id: null },
    id,
    (writeRow) =>
      claimFreeTrial(files, identity, id, async (trx) => {
        if (user) await recordUsage(files, user.id, 'upload', id, trx);
        await writeRow(trx);
      }),
  );
  return accepted(files, row, input.upload);
}

/** POST /api/files/upload-paid: one upload per conversion a succeeded pay-per-file payment bought, bound to its e-mail. */
export async function uploadPaid(files: FilesContext, input: UploadContext): Promise<UploadResponse> {
  const paymentIntentId = (input.upload.fields.paymentIntentId ?? '').trim();
  const email = requireEmail(input.upload.fields.email, TEXTS.paygEmailRequired);
  const kind = checkUploadType(input.upload.fileName, input.upload.bytes);
  passwordField(input.upload.fields.password);
  if (!paymentIntentId) throw new AppError('PAYMENT_REQUIRED', PAYMENT_REQUIRED_MESSAGE, { field: 'paymentIntentId' });
  const id = newFileId();
  // Refused before storing anything when the payment has no conversion left; the conversion is
  // taken in the transaction that writes the file's row (conditionally, so two uploads cannot
  // share one), so no process dying in between spends it on a file that never was.
  const payment = await paygPaymentWithCredit(files.ctx, { paymentIntentId, email });
  const row = await storeCharged(
    files,
    input.upload,
    kind,
    { user_id: input.auth?.user.id ?? null, mode: 'paid', email, payment_intent_id: paymentIntentId },
    id,
    (writeRow) =>
      files.db.transaction().execute(async (trx) => {
        await writeRow(trx);
        await takeUploadCredit(files.ctx.repos.payments.within(trx), payment, id, files.ctx.clock.now());
      }),
  );
  return accepted(files, row, input.upload);
}

/** POST /api/files/upload (Bearer): the plan's monthly quota; free accounts use the free trial. */
export async function uploadForAccount(files: FilesContext, input: UploadContext): Promise<UploadResponse> {
  const auth = input.auth;
  if (!auth) throw new AppError('UNAUTHORIZED', TEXTS.loginToUpload);
  const plan = userPlan(auth.user);
  if (usesFreeTrial(plan)) return uploadFreeTrial(files, input);
  const kind = checkUploadType(input.upload.fileName, input.upload.bytes);
  passwordField(input.upload.fields.password);
  const id = newFileId();
  const limit = PLAN_LIMITS[plan].uploads;
  // Refused before anything is stored; taken with the file's row (claimUpload: atomically).
  if (limit !== -1 && (await countUsage(files, auth.user.id, 'upload')) >= limit) throw quotaExceeded(limit);
  const row = await storeCharged(
    files,
    input.upload,
    kind,
    { user_id: auth.user.id, mode: 'subscription', email: null, payment_intent_id: null },
    id,
    (writeRow) => claimUpload(files, auth.user.id, limit, id, { also: writeRow }),
  );
  // Uploaded with an API key: the key's webhook hears how the conversion ends.
  if (auth.apiKeyId) await files.ctx.repos.apiKeys.recordUpload(row.id, auth.apiKeyId, files.ctx.clock.now());
  return accepted(files, row, input.upload);
}

/**
 * The file as `userId` may see it, or 404. Vault files are their owner's alone; anonymous
 * (free-trial, pay-per-file) files are reachable through their unguessable id for their hour.
 * Another user's file answers exactly like a missing one, so ids cannot be probed.
 */
export async function findReadableFile(files: FilesContext, id: string, userId: string | null): Promise<FileRow> {
  const row = await files.repo.find(id);
  const now = files.ctx.clock.now();
  if (!row || !isAlive(row, now)) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  if (!isEphemeral(row) && row.user_id !== userId) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  return row;
}

/** The file only if `userId` owns it (delete, restore, original download), else 404. */
export async function findOwnedFile(files: FilesContext, id: string, userId: string): Promise<FileRow> {
  const row = await findReadableFile(files, id, userId);
  if (row.user_id !== userId) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  return row;
}

export async function retentionOf(files: FilesContext, userId: string | null): Promise<RetentionSettings | null> {
  if (!userId) return null;
  const user = await files.ctx.repos.users.retentionSettings(userId);
  if (!user) return null;
  return { autoDeleteEnabled: user.auto_delete_enabled === 1, fileRetentionDays: user.file_retention_days };
}

export async function getFileRecord(
  files: FilesContext,
  id: string,
  userId: string | null,
  sessionId: string | null = null,
  /** The file's current statements, when the caller has them at hand (just saved). */
  known?: Statement[],
): Promise<FileRecord> {
  const row = await findReadableFile(files, id, userId);
  const statements = row.status === 'completed' ? (known ?? (await currentStatements(files, row.id))) : null;
  return toFileRecord(row, {
    now: files.ctx.clock.now(),
    links: sessionId ? files.links.forSession(sessionId) : null,
    retention: await retentionOf(files, row.user_id),
    detail: statements ? detailOf(statements) : null,
  });
}

/**
 * Removes the original, every output and every row of a file. Stored objects go first: if
 * this stops half-way, the row is still there and the next sweep (or delete) finishes it.
 */
export async function purgeFile(files: FilesContext, id: string): Promise<void> {
  await files.store.deletePrefix(fileKeyPrefix(id));
  await files.ctx.repos.usage.detachFromFile(id);
  await files.ctx.repos.apiKeys.forgetUpload(id);
  await files.ctx.repos.apiKeys.deleteDeliveriesOfFile(id);
  // The row, its saved versions and its capability, together.
  await files.repo.delete(id);
}

/** Deletes every file of an account (account deletion). */
export async function purgeFilesOfUser(files: FilesContext, userId: string): Promise<number> {
  const ids = await files.repo.idsOfUser(userId);
  for (const id of ids) await purgeFile(files, id);
  return ids.length;
}

/** A deleted account's files and its usage records (monthly uploads, restores), all gone. */
export async function purgeAccountFiles(files: FilesContext, userId: string): Promise<number> {
  const n = await purgeFilesOfUser(files, userId);
  await files.ctx.repos.usage.deleteOfUser(userId);
  return n;
}

/** DELETE of an anonymous file by its uploader (files/capability.ts); anything else answers as a missing file. */
export async function deleteAnonymousFile(
  files: FilesContext,
  id: string,
  capability: string | undefined,
): Promise<{ message: string }> {
  const row = await files.repo.find(id);
  if (!row || row.user_id !== null) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  if (!(await holdsCapability(files, id, capability))) throw new AppError('FORBIDDEN', UPLOADER_ONLY_MESSAGE);
  await purgeFile(files, id);
  return { message: 'File deleted' };
}

export async function deleteOwnedFile(files: FilesContext, id: string, userId: string): Promise<{ message: string }> {
  const row = await findOwnedFile(files, id, userId);
  await purgeFile(files, row.id);
  return { message: 'File deleted' };
}
