import { AppError } from '@statemint/shared';

export interface ZipEntry {
  /** Sanitised entry name (no absolute path, no `..`). */
  name: string;
  bytes: Uint8Array;
}

export async function readZipEntries(_bytes: Uint8Array): Promise<{ entries: ZipEntry[]; skipped: string[] }> {
  throw new AppError('NOT_IMPLEMENTED', 'ZIP archives are not supported yet');
}
