/** Storage keys of one uploaded file: its original, its outputs, its statements' versions, page pictures. */
import type { OutputFormat } from '@statemint/shared';

export function fileKeyPrefix(fileId: string): string {
  return `files/${fileId}`;
}

export function originalKey(fileId: string): string {
  return `${fileKeyPrefix(fileId)}/original`;
}

export function outputKey(fileId: string, format: OutputFormat): string {
  return `${fileKeyPrefix(fileId)}/out.${format}`;
}

/**
 * An output of an edited version (1 and up), written when first downloaded: saving an edit writes
 * no output, so a save answers at once however long the statement. `out.<format>` stays version 0's.
 */
export function editedOutputKey(fileId: string, version: number, format: OutputFormat): string {
  return `${editedOutputsPrefix(fileId)}/v${version}.${format}`;
}

/** The outputs of edited versions (each save drops the earlier versions' ones). */
export function editedOutputsPrefix(fileId: string): string {
  return `${fileKeyPrefix(fileId)}/edited`;
}

/** One saved version of the file's statements (0: the conversion; edits and restores add more). */
export function statementsKey(fileId: string, version: number): string {
  return `${fileKeyPrefix(fileId)}/statements/v${version}`;
}

/** The PDF password given with the upload or a retry, kept (encrypted) for re-conversions and page pictures. */
export function passwordKey(fileId: string): string {
  return `${fileKeyPrefix(fileId)}/password`;
}

/** A page picture drawn for the review screen (`slot` names the page and, for ZIPs, the entry). */
export function pageImageKey(fileId: string, slot: string): string {
  return `${fileKeyPrefix(fileId)}/pages/${slot}`;
}
