/**
 * Deciding about an upload before its body is read (issue 15, finding 6): 60 concurrent 9.9 MB
 * uploads from an address whose free trial was used were all read in full (+415 MB, health at
 * 570 ms) only to be refused. Now a refusal that needs no body (free trial used, quota used, too
 * many uploads in flight from one address or in all) is answered before a byte of it is kept;
 * the unread body is discarded as it arrives, never buffered.
 */
import { type AppError, PLAN_LIMITS, usesFreeTrial } from '@statemint/shared';
import { RateLimitedError } from '../services/rate-limit';
import type { AuthSession } from '../services/sessions';
import { userPlan } from '../services/users';
import type { FilesContext } from './context';
import { freeTrialRefusal } from './free-trial';
import { countUsage, quotaExceeded } from './service';

/** Uploads being received at once from one client address. */
export const MAX_UPLOADS_PER_IP = 3;
/** Uploads being received at once in all (each holds up to 10 MB until stored). */
export const MAX_UPLOADS_AT_ONCE = 24;

export const TOO_MANY_UPLOADS_MESSAGE =
  'You are uploading too many files at once. Please wait for one to finish, then try again.';
export const BUSY_MESSAGE = 'The server is busy receiving other files. Please try again in a moment.';

/** Counts uploads in flight; take() answers whether one more may start, release() ends it. */
export class UploadGate {
  readonly #perIp = new Map<string, number>();
  #total = 0;
  constructor(
    readonly perIp = MAX_UPLOADS_PER_IP,
    readonly total = MAX_UPLOADS_AT_ONCE,
  ) {}

  take(ip: string): void {
    const mine = this.#perIp.get(ip) ?? 0;
    if (mine >= this.perIp) throw new RateLimitedError(TOO_MANY_UPLOADS_MESSAGE, 5);
    if (this.#total >= this.total) throw new RateLimitedError(BUSY_MESSAGE, 5);
    this.#perIp.set(ip, mine + 1);
    this.#total++;
  }

  release(ip: string): void {
    const mine = (this.#perIp.get(ip) ?? 1) - 1;
    if (mine <= 0) this.#perIp.delete(ip);
    else this.#perIp.set(ip, mine);
    this.#total = Math.max(0, this.#total - 1);
  }

  get inFlight(): number {
    return this.#total;
  }
}

/**
 * The refusals an upload can get without its body: a used (or locked) free trial for the
 * address, device or account, or a plan's monthly uploads used up. The e-mail of an anonymous
 * free trial comes in the body: it is checked again, in full, once the body is read.
 */
export async function refusalBeforeBody(
  files: FilesContext,
  path: 'free-trial' | 'paid' | 'account',
  who: { auth: AuthSession | null; ip: string; fingerprint: string | null },
): Promise<AppError | null> {
  const user = who.auth?.user ?? null;
  const freeTrial = path === 'free-trial' || (path === 'account' && user !== null && usesFreeTrial(userPlan(user)));
  if (freeTrial)
    return freeTrialRefusal(files, { email: user?.email ?? null, fingerprint: who.fingerprint, ip: who.ip });
  if (path === 'account' && user) {
    const limit = PLAN_LIMITS[userPlan(user)].uploads;
    if (limit !== -1 && (await countUsage(files, user.id, 'upload')) >= limit) return quotaExceeded(limit);
  }
  return null;
}
