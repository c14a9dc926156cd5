/**
 * The review screen's services: a file's statements at their latest version, saving edits as a
 * new version (the conversion, version 0, is kept and can be brought back), and the pictures of
 * the original's pages. Every download uses the latest version: saving stores the version and its
 * balance check only; each output format of it is written when first downloaded (outputs.ts).
 */
import { createHash } from 'node:crypto';
import {
  AppError,
  applyStatementsPatch,
  type FileRecord,
  type OutputFormat,
  type PatchStatementsRequest,
  REVIEW_LIMITS,
  reconcileStatement,
  type Statement,
  type StatementsResponse,
  type StatementVersionInfo,
  statementProblem,
} from '@statemint/shared';
import { isLiveSession } from '../downloads/service';
import type { FilesContext } from '../files/context';
import { editedOutputsPrefix, statementsKey } from '../files/keys';
import { availableUntil, type FileRow, isAlive, isEphemeral } from '../files/life';
import { readPassword } from '../files/password';
import { isArchivedNow } from '../files/repository';
import { findReadableFile, getFileRecord, NOT_FOUND_MESSAGE } from '../files/service';
import { latestVersion, readVersion } from '../files/statement-versions';
import { summarize } from '../queue/run-task';
import { asBuffer } from './bytes';
import { encodeStatements } from './document';
import { ADDED_ROWS_LIMIT, tooManyRowsMessage } from './save-limits';

export const NOT_READY_MESSAGE = 'This file has no converted statements to review.';
export const ARCHIVED_MESSAGE = 'This file is archived. Restore it to review it again.';
export const CONFLICT_MESSAGE =
  'These statements were changed elsewhere since you opened them. Reload to see the latest version.';

/** Input kinds whose pages have pictures (PDF, images, ZIPs of them). */
const PAGED_KINDS = new Set(['pdf', 'png', 'jpeg', 'gif', 'bmp', 'tiff', 'svg', 'zip']);

/** The file, if its statements can be reviewed now (converted and downloadable). */
export const VERIFY_TO_REVIEW_MESSAGE =
  'Please verify your email address to open files of your vault: use the link we sent you, or request a new one from your dashboard.';

/**
 * A vault file's statements and page pictures are read only while its owner's e-mail is verified:
 * an account opened with someone else's address (a checkout sign-up) cannot read with it (issue 29, M3, N9).
 */
async function requireVerifiedOwner(files: FilesContext, row: FileRow): Promise<void> {
  if (row.user_id === null) return;
  if (!(await files.ctx.repos.users.isVerified(row.user_id)))
    throw new AppError('EMAIL_NOT_VERIFIED', VERIFY_TO_REVIEW_MESSAGE);
}

async function reviewableFile(files: FilesContext, id: string, userId: string | null): Promise<FileRow> {
  const row = await findReadableFile(files, id, userId);
  await requireVerifiedOwner(files, row);
  if (isArchivedNow(row, files.ctx.clock.now())) throw new AppError('FILE_ARCHIVED', ARCHIVED_MESSAGE);
  if (row.status !== 'completed') throw new AppError('NOT_FOUND', NOT_READY_MESSAGE);
  return row;
}

async function versionsOf(files: FilesContext, row: FileRow): Promise<StatementVersionInfo[]> {
  const rows = await files.repo.versions(row.id);
  return [
    { version: 0, kind: 'conversion', createdAt: new Date(row.completed_at ?? row.created_at).toISOString() },
    ...rows.map((r) => ({
      version: r.version,
      kind: r.kind as 'edit' | 'restore',
      createdAt: new Date(Number(r.created_at)).toISOString(),
      restoredFrom: r.restored_from,
    })),
  ];
}

function pageUrl(files: FilesContext, row: FileRow, sessionId: string | null): string | null {
  if (!PAGED_KINDS.has(row.input_kind)) return null;
  const base = `/api/files/${row.id}/pages/{page}`;
  if (isEphemeral(row)) return `${base}?v=1`;
  // An <img> sends no Authorization header: vault files' pictures are fetched with a signed link,
  // which lives as long as the session it was made for.
  return sessionId ? `${base}?token=${files.links.sign(row.id, 'pages', sessionId)}` : null;
}

export async function getStatements(
  files: FilesContext,
  id: string,
  userId: string | null,
  sessionId: string | null = null,
): Promise<StatementsResponse> {
  const row = await reviewableFile(files, id, userId);
  const version = await latestVersion(files, row.id);
  return {
    version,
    versions: await versionsOf(files, row),
    statements: await readVersion(files, row.id, version),
    pageUrl: pageUrl(files, row, sessionId),
  };
}

function checkStatements(statements: Statement[]): Statement[] {
  if (statements.length === 0 || statements.length > REVIEW_LIMITS.statements)
    throw new AppError('VALIDATION_FAILED', 'A file holds between 1 and 200 statements.', { field: 'statements' });
  const rows = statements.reduce((n, s) => n + s.transactions.length, 0);
  if (rows > REVIEW_LIMITS.transactions)
    throw new AppError('VALIDATION_FAILED', `A file holds at most ${REVIEW_LIMITS.transactions} rows.`, {
      field: 'statements',
    });
  return statements.map((s, i) => {
    const problem = statementProblem(s);
    if (problem)
      throw new AppError('VALIDATION_FAILED', statements.length > 1 ? `Statement ${i + 1}: ${problem}` : problem, {
        field: 'statements',
      });
    // The balance check of a saved version is the server's own, never the browser's.
    return { ...s, reconciliation: reconcileStatement(s) };
  });
}

const rowCount = (statements: Statement[]) => statements.reduce((n, s) => n + s.transactions.length, 0);

/**
 * An edit holds at most the rows of the conversion and ADDED_ROWS_LIMIT more (issue 29, N7): a file
 * converted from a few rows is not a way to have 50,000 checked and written. The conversion is read
 * only when the edit has more rows than the latest version.
 */
async function checkAddedRows(files: FilesContext, row: FileRow, statements: Statement[]): Promise<void> {
  const rows = rowCount(statements);
  if (rows <= (row.transaction_count ?? 0)) return;
  const limit = Math.min(REVIEW_LIMITS.transactions, rowCount(await readVersion(files, row.id, 0)) + ADDED_ROWS_LIMIT);
  if (rows > limit) throw new AppError('VALIDATION_FAILED', tooManyRowsMessage(limit), { field: 'statements' });
}

export interface SavedVersion {
  version: number;
  versions: StatementVersionInfo[];
  file: FileRecord;
}

async function saveVersion(
  files: FilesContext,
  row: FileRow,
  userId: string | null,
  input: { baseVersion: number; statements: Statement[]; kind: 'edit' | 'restore'; restoredFrom: number | null },
  sessionId: string | null = null,
): Promise<SavedVersion> {
  if (input.kind === 'edit') await checkAddedRows(files, row, input.statements);
  const statements = checkStatements(input.statements);
  const version = (await latestVersion(files, row.id)) + 1;
  if (input.baseVersion !== version - 1) throw new AppError('VERSION_CONFLICT', CONFLICT_MESSAGE);
  const claimed = await files.repo.addVersion({
    file_id: row.id,
    version,
    kind: input.kind,
    restored_from: input.restoredFrom,
    created_at: files.ctx.clock.now(),
  });
  // Another save took this version number first.
  if (!claimed) throw new AppError('VERSION_CONFLICT', CONFLICT_MESSAGE);
  try {
    await files.store.put(statementsKey(row.id, version), encodeStatements(statements));
  } catch (e) {
    await files.repo.removeVersion(row.id, version);
    throw e;
  }
  // Earlier versions' outputs are not downloaded any more; this one's are written when first downloaded.
  await files.store.deletePrefix(editedOutputsPrefix(row.id));
  const outputs = JSON.parse(row.outputs ?? '{}') as Partial<Record<OutputFormat, number>>;
  const summary = summarize(statements, outputs);
  await files.repo.setResults(row.id, {
    transaction_count: summary.transactionCount,
    statement_count: summary.statementCount,
    currency: summary.currency,
    reconciliation: JSON.stringify(summary.reconciliation),
    outputs: JSON.stringify(outputs),
    outputs_size: row.outputs_size,
  });
  return {
    version,
    versions: await versionsOf(files, row),
    file: await getFileRecord(files, row.id, userId, sessionId, statements),
  };
}

/** PUT /api/files/{id}/statements */
export async function saveStatements(
  files: FilesContext,
  id: string,
  userId: string | null,
  body: { baseVersion: number; statements: Statement[] },
  sessionId: string | null = null,
): Promise<SavedVersion> {
  const row = await reviewableFile(files, id, userId);
  return saveVersion(files, row, userId, { ...body, kind: 'edit', restoredFrom: null }, sessionId);
}

/** PATCH /api/files/{id}/statements: only the change from the base version (review-patch.ts). */
export async function patchStatements(
  files: FilesContext,
  id: string,
  userId: string | null,
  body: PatchStatementsRequest,
  sessionId: string | null = null,
): Promise<SavedVersion> {
  const row = await reviewableFile(files, id, userId);
  const latest = await latestVersion(files, row.id);
  if (body.baseVersion !== latest) throw new AppError('VERSION_CONFLICT', CONFLICT_MESSAGE);
  const statements = applyStatementsPatch(await readVersion(files, row.id, latest), body.statements);
  return saveVersion(
    files,
    row,
    userId,
    { baseVersion: latest, statements, kind: 'edit', restoredFrom: null },
    sessionId,
  );
}

/** POST /api/files/{id}/statements/restore: an earlier version (0: the conversion) becomes the latest again. */
export async function restoreVersion(
  files: FilesContext,
  id: string,
  userId: string | null,
  version: number,
  sessionId: string | null = null,
): Promise<SavedVersion> {
  const row = await reviewableFile(files, id, userId);
  const latest = await latestVersion(files, row.id);
  if (version > latest) throw new AppError('NOT_FOUND', 'This version of the statements does not exist.');
  const statements = await readVersion(files, row.id, version);
  return saveVersion(
    files,
    row,
    userId,
    { baseVersion: latest, statements, kind: 'restore', restoredFrom: version },
    sessionId,
  );
}

async function linkIsLive(files: FilesContext, row: FileRow, token: string): Promise<boolean> {
  const sessionId = files.links.verify(row.id, 'pages', token);
  return !!sessionId && !!row.user_id && (await isLiveSession(files, sessionId, row.user_id));
}

/**
 * GET /api/files/{id}/pages/{page}: a page of the original as PNG. Anonymous files by their id
 * within their hour; vault files by their owner (Bearer) or the signed link of getStatements.
 */
export async function pagePicture(
  files: FilesContext,
  id: string,
  who: { userId: string | null; token: string | undefined },
  page: number,
  source: string | undefined,
): Promise<Buffer> {
  const row = await files.repo.find(id);
  const now = files.ctx.clock.now();
  if (!row || !isAlive(row, now) || !PAGED_KINDS.has(row.input_kind))
    throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  const allowed =
    isEphemeral(row) ||
    (who.userId !== null && who.userId === row.user_id) ||
    (who.token !== undefined && (await linkIsLive(files, row, who.token)));
  if (!allowed) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  await requireVerifiedOwner(files, row);
  if (availableUntil(row, now) === null) throw new AppError('FILE_ARCHIVED', ARCHIVED_MESSAGE);
  const slot = source ? `e${createHash('sha256').update(source).digest('hex').slice(0, 24)}-p${page}` : `p${page}`;
  const answer = await files.review.run({
    op: 'page',
    fileId: row.id,
    fileName: row.original_filename,
    page,
    source,
    password: await readPassword(files, row.id),
    slot,
  });
  if (!answer.ok) throw new AppError(answer.code === 'CONVERSION_FAILED' ? 'NOT_FOUND' : answer.code, answer.message);
  if (!('png' in answer)) throw new AppError('INTERNAL_ERROR', 'No picture.');
  return asBuffer(answer.png);
}
