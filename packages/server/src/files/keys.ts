/** Storage keys of one uploaded file: its original and one object per output format. */
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
