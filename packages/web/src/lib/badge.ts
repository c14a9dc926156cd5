/**
 * SPEC §4: a file's status badge, in priority order. A completed file still in its download
 * window reads 'Available' (SPEC's 'Archived' for every completed file badged files converted a
 * minute ago as archived); past the window, or archived, it reads 'Archived'.
 */
import type { FileStatus, RestoreStatus } from '@statemint/shared';

export type BadgeTone = 'green' | 'blue' | 'slate' | 'amber' | 'red';

export interface Badge {
  label: string;
  tone: BadgeTone;
}

export function fileBadge(file: {
  status: FileStatus | string;
  restoreStatus?: RestoreStatus | string | null;
  availableUntil?: string | null;
}): Badge {
  if (file.restoreStatus === 'completed') return { label: 'Available', tone: 'green' };
  if (file.restoreStatus === 'in_progress' || file.restoreStatus === 'requested')
    return { label: 'Restoring...', tone: 'blue' };
  if (file.status === 'completed' && file.availableUntil) return { label: 'Available', tone: 'green' };
  if (file.status === 'archived' || file.status === 'completed') return { label: 'Archived', tone: 'slate' };
  if (file.status === 'processing') return { label: 'Processing', tone: 'amber' };
  if (file.status === 'failed') return { label: 'Failed', tone: 'red' };
  return { label: String(file.status), tone: 'slate' };
}

/** SPEC §4 actions: 'Original' + format menu for completed files; otherwise 'Restore' (disabled while restoring). */
export function fileActions(file: { status: string; restoreStatus?: string | null }): {
  kind: 'download' | 'restore';
  restoreDisabled: boolean;
} {
  // A restored archive is downloadable again until restoreExpiresAt.
  if (file.status === 'completed' || file.restoreStatus === 'completed')
    return { kind: 'download', restoreDisabled: false };
  return {
    kind: 'restore',
    restoreDisabled: file.restoreStatus === 'requested' || file.restoreStatus === 'in_progress',
  };
}
