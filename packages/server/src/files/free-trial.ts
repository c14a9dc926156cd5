/**
 * Free-trial rules (DECISIONS.md): one conversion per 24 hours per device fingerprint, per
 * IP address and per e-mail; after 50 distinct users within one UTC day the free trial is
 * locked for 4 hours. Identifiers are compared as keyed hashes and never stored as given.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { AppError, LIMITS, TEXTS } from '@statemint/shared';
import type { FilesContext, FilesDb } from './context';
import type { IdentityHashes } from './usage-repository';

export const COOLDOWN_MESSAGE = TEXTS.freeTrialCooldown;
export const LOCKED_MESSAGE =
  'Free trial is temporarily locked: it has reached its daily limit. Please try again later or upgrade to Pro.';
export const AVAILABLE_MESSAGE = 'Free trial available: 1 conversion every 24 hours.';

const HOUR = 3600_000;

export interface FreeTrialIdentity {
  email: string | null;
  fingerprint: string | null;
  ip: string;
}

function hash(files: FilesContext, kind: string, value: string): string {
  return createHmac('sha256', files.identifierKey).update(`${kind}:${value}`).digest('base64url');
}

function hashed(files: FilesContext, id: FreeTrialIdentity): IdentityHashes {
  const fingerprint = id.fingerprint?.trim().slice(0, 512) || null;
  return {
    email: id.email ? hash(files, 'email', id.email.trim().toLowerCase()) : null,
    fingerprint: fingerprint ? hash(files, 'fp', fingerprint) : null,
    ip: hash(files, 'ip', id.ip),
  };
}

export function startOfUtcDay(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** null when the free trial may be used now, else the error to answer with. */
export async function freeTrialRefusal(
  files: FilesContext,
  identity: FreeTrialIdentity,
  db: FilesDb = files.db,
): Promise<AppError | null> {
  const now = files.ctx.clock.now();
  const h = hashed(files, identity);
  const since = now - LIMITS.freeTrialWindowHours * HOUR;
  if ((await files.ctx.repos.usage.within(db).lastTrialUseAt(h, since)) !== null)
    return new AppError('FREE_TRIAL_COOLDOWN', COOLDOWN_MESSAGE);

  const lastLock = await files.ctx.repos.usage.within(db).latestTrialLock();
  if (lastLock && lastLock.locked_until > now) return new AppError('FREE_TRIAL_LOCKED', LOCKED_MESSAGE);
  // Users are counted from the start of the UTC day, or from the end of a lock earlier that day.
  const windowStart = Math.max(startOfUtcDay(now), lastLock?.locked_until ?? 0);
  if ((await files.ctx.repos.usage.within(db).trialUsersSince(windowStart)) >= LIMITS.freeTrialDailyUsers) {
    await files.ctx.repos.usage.within(db).insertTrialLock({
      id: randomUUID(),
      locked_at: now,
      locked_until: now + LIMITS.freeTrialLockHours * HOUR,
    });
    return new AppError('FREE_TRIAL_LOCKED', LOCKED_MESSAGE);
  }
  return null;
}

export async function recordFreeTrialUse(
  files: FilesContext,
  identity: FreeTrialIdentity,
  fileId: string | null,
  db: FilesDb = files.db,
): Promise<void> {
  const h = hashed(files, identity);
  await files.ctx.repos.usage.within(db).insertTrialUse({
    id: randomUUID(),
    file_id: fileId,
    email_hash: h.email ?? hash(files, 'email', ''),
    fingerprint_hash: h.fingerprint,
    ip_hash: h.ip,
    created_at: files.ctx.clock.now(),
  });
}

/**
 * Takes the free trial for `fileId`, or throws the refusal: the check and the record are one
 * transaction, and such transactions run one at a time (issue 29, N10: three uploads from one
 * address at once all converted, each having checked before any recorded). `also` runs in the
 * same transaction (an account's monthly count). Given back by releaseCharges (files/jobs.ts).
 */
export async function claimFreeTrial(
  files: FilesContext,
  identity: FreeTrialIdentity,
  fileId: string,
  also?: (trx: FilesDb) => Promise<void>,
): Promise<void> {
  const refusal = await files.db.transaction().execute(async (trx) => {
    // One claim at a time until this transaction ends.
    await files.ctx.repos.usage.within(trx).serializeTrialClaims();
    // Returned, not thrown: a refusal that started a daily lock commits it.
    const refused = await freeTrialRefusal(files, identity, trx);
    if (refused) return refused;
    await recordFreeTrialUse(files, identity, fileId, trx);
    await also?.(trx);
    return null;
  });
  if (refusal) throw refusal;
}

/**
 * Whether the free trial may be used now and, if not, from when: the dashboard of a free
 * account shows this instead of a monthly count that the cooldown contradicts.
 */
export async function freeTrialStatus(
  files: FilesContext,
  identity: FreeTrialIdentity,
): Promise<{ canUse: boolean; code: 'FREE_TRIAL_COOLDOWN' | 'FREE_TRIAL_LOCKED' | null; nextAt: number | null }> {
  const refusal = await freeTrialRefusal(files, identity);
  if (!refusal) return { canUse: true, code: null, nextAt: null };
  const now = files.ctx.clock.now();
  if (refusal.code === 'FREE_TRIAL_LOCKED') {
    const lock = await files.ctx.repos.usage.latestTrialLock();
    return { canUse: false, code: 'FREE_TRIAL_LOCKED', nextAt: lock?.locked_until ?? null };
  }
  const last = await files.ctx.repos.usage.lastTrialUseAt(
    hashed(files, identity),
    now - LIMITS.freeTrialWindowHours * HOUR,
  );
  return {
    canUse: false,
    code: 'FREE_TRIAL_COOLDOWN',
    nextAt: last === null ? null : last + LIMITS.freeTrialWindowHours * HOUR,
  };
}
