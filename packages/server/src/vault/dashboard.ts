/** GET /api/dashboard (SPEC §3): user, stats, limits and recent files of the logged-in user. */
import { type DashboardResponse, PLAN_LIMITS, usesFreeTrial } from '@statemint/shared';
import type { FilesContext } from '../files/context';
import { freeTrialStatus } from '../files/free-trial';
import { isAlive } from '../files/life';
import { toFileRecord } from '../files/record';
import { countUsage, retentionOf } from '../files/service';
import { toApiUser, type UserRow, userPlan } from '../services/users';

export const RECENT_FILES = 100;

export async function dashboard(
  files: FilesContext,
  user: UserRow,
  ip: string,
  sessionId: string,
): Promise<DashboardResponse> {
  const now = files.ctx.clock.now();
  const rows = (await files.repo.ofUser(user.id)).filter((row) => isAlive(row, now));
  const retention = await retentionOf(files, user.id);
  const limits = PLAN_LIMITS[userPlan(user)];
  const trial = usesFreeTrial(userPlan(user))
    ? await freeTrialStatus(files, { email: user.email, fingerprint: null, ip })
    : null;
  return {
    ...(trial
      ? {
          freeTrial: {
            canUse: trial.canUse,
            code: trial.code,
            nextAt: trial.nextAt === null ? null : new Date(trial.nextAt).toISOString(),
          },
        }
      : {}),
    user: toApiUser(user),
    stats: {
      totalFiles: rows.length,
      filesThisMonth: await countUsage(files, user.id, 'upload'),
      restoresThisMonth: await countUsage(files, user.id, 'restore'),
      storageUsed: rows.reduce((sum, r) => sum + r.file_size + r.outputs_size, 0),
      archivedFiles: rows.filter((r) => r.status === 'archived').length,
      restoredFiles: rows.filter((r) => r.restore_status === 'completed').length,
    },
    limits: { uploads: limits.uploads, restores: limits.restores },
    recentFiles: rows
      .slice(0, RECENT_FILES)
      .map((row) => toFileRecord(row, { now, links: files.links.forSession(sessionId), retention })),
  };
}
