/**
 * The password of a protected PDF, given as the `password` field of an upload or a retry.
 * Kept encrypted in the file store beside the original (which it opens), never in the
 * database or a queue, and deleted with the file.
 */
import { AppError } from '@statemint/shared';
import { StoredObjectMissingError } from '../storage/file-store';
import type { FilesContext } from './context';
import { passwordKey } from './keys';

export const MAX_PASSWORD_LENGTH = 256;

/** The password field as given ('' and absent mean none); VALIDATION_FAILED when too long. */
export function passwordField(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (raw.length > MAX_PASSWORD_LENGTH)
    throw new AppError('VALIDATION_FAILED', `The password may be at most ${MAX_PASSWORD_LENGTH} characters.`, {
      field: 'password',
    });
  return raw;
}

export async function storePassword(files: FilesContext, fileId: string, password: string | null): Promise<void> {
  if (password === null) await files.store.delete(passwordKey(fileId));
  else await files.store.put(passwordKey(fileId), password);
}

export async function readPassword(files: FilesContext, fileId: string): Promise<string | undefined> {
  try {
    return (await files.store.get(passwordKey(fileId))).toString('utf8');
  } catch (e) {
    if (e instanceof StoredObjectMissingError) return undefined;
    throw e;
  }
}
