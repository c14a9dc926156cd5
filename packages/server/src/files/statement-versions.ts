/**
 * The current statements of a converted file: the latest saved version (files/<id>/statements/v<N>,
 * sealed; version 0 is the conversion, edits and restores add versions). What previews,
 * reconciliation details and CSV presets read: the database holds no statement text
 * (issue 15, finding 2) and the JSON export is the users' format, not the server's.
 */
import { AppError, type Statement, type Transaction } from '@statemint/shared';
import { decodeStatements } from '../review/document';
import { StoredObjectMissingError } from '../storage/file-store';
import type { FilesContext } from './context';
import { outputKey, statementsKey } from './keys';

/** Transactions shown on the result panel. */
export const PREVIEW_ROWS = 10;

export function latestVersion(files: FilesContext, fileId: string): Promise<number> {
  return files.repo.latestVersion(fileId);
}

/** One saved version; version 0 of a file converted before versions were stored is its JSON export. */
export async function readVersion(files: FilesContext, fileId: string, version: number): Promise<Statement[]> {
  try {
    return decodeStatements((await files.store.get(statementsKey(fileId, version))).toString('utf8'));
  } catch (e) {
    if (!(e instanceof StoredObjectMissingError)) throw e;
  }
  if (version === 0) {
    try {
      return decodeStatements((await files.store.get(outputKey(fileId, 'json'))).toString('utf8'));
    } catch (e) {
      if (!(e instanceof StoredObjectMissingError)) throw e;
    }
  }
  throw new AppError('NOT_FOUND', 'This version of the statements does not exist.');
}

/** The latest version's statements, or null when none are stored (deleted meanwhile). */
export async function currentStatements(files: FilesContext, fileId: string): Promise<Statement[] | null> {
  try {
    return await readVersion(files, fileId, await latestVersion(files, fileId));
  } catch (e) {
    if (e instanceof AppError && e.code === 'NOT_FOUND') return null;
    throw e;
  }
}

export function previewOf(statements: Statement[]): Transaction[] {
  return statements.flatMap((s) => s.transactions).slice(0, PREVIEW_ROWS);
}

/** The latest saved version number (0: the conversion itself, no edit saved). */
export const latestStatementsVersion = latestVersion;
