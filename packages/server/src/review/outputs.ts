/**
 * Outputs of edited versions. Saving an edit writes no output (a save of 4,000 rows answered in
 * seconds when it wrote all ten formats again); each format of an edited version is written in the
 * review worker when it is first downloaded, and kept until the next save.
 */

import { AppError, type OutputFormat } from '@statemint/shared';
import type { FilesContext } from '../files/context';
import { editedOutputKey } from '../files/keys';
import { StoredObjectMissingError } from '../storage/file-store';
import { asBuffer } from './bytes';

/** Output `format` of saved version `version` (1 and up) of a file's statements. */
export async function editedOutput(
  files: FilesContext,
  fileId: string,
  version: number,
  format: OutputFormat,
): Promise<Buffer> {
  try {
    return await files.store.get(editedOutputKey(fileId, version, format));
  } catch (e) {
    if (!(e instanceof StoredObjectMissingError)) throw e;
  }
  const answer = await files.review.run({ op: 'output', fileId, version, format });
  if (!answer.ok) throw new AppError(answer.code, answer.message);
  if (!('output' in answer)) throw new AppError('INTERNAL_ERROR', 'No output.');
  return asBuffer(answer.output);
}
