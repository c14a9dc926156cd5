/**
 * GET /api/dashboard (SPEC §3): user, stats, limits and the newest page of files of the logged-in
 * user. The stats are counted by the database and the files come a page at a time (vault/list.ts),
 * so the answer costs the same with 40,000 files as with 4.
 */
import { type DashboardResponse, PLAN_LIMITS, usesFreeTrial } from '@statemint/shared';
import type { FilesContext } from '../files/context';
import { freeTrialStatus } from '../files/free-trial';
import { countUsage } from '../files/service';
import { toApiUser, type UserRow, userPlan } from '../services/users';
import { listVault } from './list';

export async function dashboard(
  files: FilesContext,
  user: UserRow,
  ip: string,
  sessionId: string,
): Promise<DashboardResponse> {
  const now = files.ctx.clock.now();
  const limits = PLAN_LIMITS[userPlan(user)];
  const [stats, filesThisMonth, restoresThisMonth, page, trial] = await Promise.all([
    files.repo.stats(user.id, now),
    countUsage(files, user.id, 'upload'),
    countUsage(files, user.id, 'restore'),
    listVault(files, user.id, sessionId),
    usesFreeTrial(userPlan(user)) ? freeTrialStatus(files, { email: user.email, fingerprint: null, ip }) : null,
  ]);
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
      totalFiles: stats.totalFiles,
      filesThisMonth,
      restoresThisMonth,
      storageUsed: stats.storageUsed,
      archivedFiles: stats.archivedFiles,
      restoredFiles: stats.restoredFiles,
    },
    limits: { uploads: limits.uploads, restores: limits.restores },
    recentFiles: page.files,
    nextCursor: page.nextCursor,
  };
}
