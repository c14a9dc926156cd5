/**
 * The capability of an anonymous file (issue 29, N15): a secret issued to the uploader at upload.
 * An anonymous file is read through its unguessable id for its hour, but changing it (saving
 * review edits, restoring a version) and deleting it need the capability too, so that a link
 * passed on lets others look, not rewrite. Only its sha256 is stored; it goes with the file.
 * It is an HMAC of the file's id under a key derived from the file master key, so the server can
 * put it again into the pay-per-file receipt's link (`#capability=`) without keeping it.
 */
import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { AppError } from '@statemint/shared';
import type { FilesContext } from './context';

export const UPLOADER_ONLY_MESSAGE = 'Only the uploader of this file can change or delete it.';

const sha256 = (token: string) => createHash('sha256').update(token).digest();

/** The capability of anonymous file `fileId` (the same each time it is asked for). */
export function capabilityOf(files: FilesContext, fileId: string): string {
  const key = Buffer.from(
    hkdfSync('sha256', files.ctx.secrets.fileKey, Buffer.alloc(0), 'statemint file capability', 32),
  );
  return createHmac('sha256', key).update(fileId).digest().subarray(0, 24).toString('base64url');
}

export async function issueCapability(files: FilesContext, fileId: string): Promise<string> {
  const token = capabilityOf(files, fileId);
  await files.repo.addCapability(fileId, sha256(token).toString('hex'), files.ctx.clock.now());
  return token;
}

export async function holdsCapability(
  files: FilesContext,
  fileId: string,
  given: string | undefined,
): Promise<boolean> {
  if (!given) return false;
  const hash = await files.repo.capabilityHash(fileId);
  if (!hash) return false;
  return timingSafeEqual(Buffer.from(hash, 'hex'), sha256(given));
}

/**
 * Before a change of file `fileId`: an anonymous file needs its capability (403 without it); a
 * vault file is left to its owner check. A missing file is left to the change, which answers 404.
 */
export async function requireUploader(files: FilesContext, fileId: string, given: string | undefined): Promise<void> {
  const row = await files.repo.find(fileId);
  if (!row || row.user_id !== null) return;
  if (!(await holdsCapability(files, fileId, given))) throw new AppError('FORBIDDEN', UPLOADER_ONLY_MESSAGE);
}
