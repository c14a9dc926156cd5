/**
 * POST /api/files/{id}/restore: an archived file goes requested -> in_progress -> completed
 * (downloadable for 24 hours, restoreExpiresAt) and then back to archived. Each request
 * counts against the plan's monthly restores; expedited requests jump the queue.
 */
import { AppError, PLAN_LIMITS, type RestoreResponse } from '@statemint/shared';
import type { FilesContext } from '../files/context';
import { isEphemeral } from '../files/life';
import { toFileRecord } from '../files/record';
import { isArchivedNow } from '../files/repository';
import { countUsage, findOwnedFile, recordUsage, retentionOf } from '../files/service';
import { type UserRow, userPlan } from '../services/users';

export const RESTORE_REQUESTED_MESSAGE = 'Restoration requested. Your file will be available for 24 hours.';

async function answer(files: FilesContext, id: string, message: string, sessionId: string): Promise<RestoreResponse> {
  const row = await files.repo.find(id);
  if (!row) throw new AppError('NOT_FOUND', 'File not found.');
  return {
    message,
    file: toFileRecord(row, {
      now: files.ctx.clock.now(),
      links: files.links.forSession(sessionId),
      retention: await retentionOf(files, row.user_id),
    }),
  };
}

export async function requestRestore(
  files: FilesContext,
  user: UserRow,
  id: string,
  expedited: boolean,
  sessionId: string,
): Promise<RestoreResponse> {
  const row = await findOwnedFile(files, id, user.id);
  const now = files.ctx.clock.now();
  if (row.restore_status === 'requested' || row.restore_status === 'in_progress')
    return answer(files, id, 'Restoration is already in progress.', sessionId);
  const archived = isArchivedNow(row, now);
  if (!archived) {
    if (row.status === 'completed')
      return answer(files, id, 'This file is available; no restore is needed.', sessionId);
    throw new AppError('VALIDATION_FAILED', 'Only archived files can be restored.', { field: 'id' });
  }
  if (isEphemeral(row)) throw new AppError('NOT_FOUND', 'File not found.');
  const limit = PLAN_LIMITS[userPlan(user)].restores;
  if (limit !== -1 && (await countUsage(files, user.id, 'restore')) >= limit)
    throw new AppError(
      'RESTORE_LIMIT_REACHED',
      limit === 0
        ? 'Your plan does not include restores. Please upgrade to Pro to restore archived files.'
        : `You have used all ${limit} restores of your plan this month.`,
    );
  if (!(await files.repo.requestRestore(row, expedited, now)))
    return answer(files, id, 'Restoration is already in progress.', sessionId);
  await recordUsage(files, user.id, 'restore', row.id);
  await files.queue.enqueue({ fileId: row.id, kind: 'restore', expedited });
  return answer(files, id, RESTORE_REQUESTED_MESSAGE, sessionId);
}
