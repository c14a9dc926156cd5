/**
 * File life (DECISIONS.md): free-trial and pay-per-file files are deleted 1 hour after
 * upload; subscription files are hot (downloadable) for 24 hours after conversion, then
 * archived; a restore makes them downloadable for 24 hours; they are deleted
 * fileRetentionDays after upload with auto-delete on, else after 30 days.
 * These functions read the times directly, so answers are right between sweeper runs.
 */
import { LIMITS } from '@statemint/shared';
import type { Selectable } from 'kysely';
import type { FilesTable } from './schema';

export type FileRow = Selectable<FilesTable>;

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export function isEphemeral(row: FileRow): boolean {
  return row.mode !== 'subscription';
}

export function anonymousExpiry(createdAt: number): number {
  return createdAt + LIMITS.anonymousFileLifeHours * HOUR;
}

/** Whether the file still exists for its readers (anonymous files past their hour do not). */
export function isAlive(row: FileRow, now: number): boolean {
  return !isEphemeral(row) || (row.expires_at ?? 0) > now;
}

export interface RetentionSettings {
  autoDeleteEnabled: boolean;
  fileRetentionDays: number;
}

export function retentionDays(settings: RetentionSettings): number {
  return settings.autoDeleteEnabled ? settings.fileRetentionDays : LIMITS.defaultRetentionDays;
}

export function deleteAt(row: FileRow, settings: RetentionSettings | null): number | null {
  if (isEphemeral(row)) return row.expires_at;
  if (!settings) return null;
  return row.created_at + retentionDays(settings) * DAY;
}

/** Until when the outputs (and original) can be downloaded, or null when they cannot now. */
export function availableUntil(row: FileRow, now: number): number | null {
  if (row.status !== 'completed') return null;
  let until: number;
  if (isEphemeral(row)) until = row.expires_at ?? 0;
  else if (row.restore_status === 'completed') until = row.restore_expires_at ?? 0;
  else until = (row.completed_at ?? row.created_at) + LIMITS.hotFileHours * HOUR;
  return until > now ? until : null;
}
