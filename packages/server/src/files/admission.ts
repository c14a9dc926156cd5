/**
 * Deciding about an upload before its body is read (issue 15, finding 6): 60 concurrent 9.9 MB
 * uploads from an address whose free trial was used were all read in full (+415 MB, health at
 * 570 ms) only to be refused. Now a refusal that needs no body (free trial used, quota used, too
 * many uploads in flight from one address or in all) is answered before a byte of it is kept;
 * the unread body is discarded as it arrives, never buffered.
 */
import { AppError, PLAN_LIMITS, usesFreeTrial } from '@statemint/shared';
import type { ReceiveLimits } from '../config/config';
import { RateLimitedError } from '../services/rate-limit';
import type { AuthSession } from '../services/sessions';
import { userPlan } from '../services/users';
import type { FilesContext } from './context';
import { freeTrialRefusal } from './free-trial';
import { countUsage, quotaExceeded } from './service';

/** Uploads being received at once from one client address. */
export const MAX_UPLOADS_PER_IP = 3;
/** Uploads in progress (sending bytes) at once in all (each holds up to 10 MB until stored). */
export const MAX_UPLOADS_AT_ONCE = 24;
/** Uploads admitted at once in all, stalled ones included (they hold a socket, little memory). */
export const MAX_UPLOAD_SOCKETS = 400;
/**
 * Bytes of admitted uploads held at once, counting each upload in progress by what it declared
 * (Content-Length) and a stalled one by what it sent: past it no more are admitted until some are
 * stored. Each byte held costs the server about three while it is received, sealed and written
 * (issue 29: with 240 MB counted only as received, 24 fresh addresses' 9.9 MB uploads, all
 * admitted at their first byte, took the whole server from 474 to 1,233 MB). 48 MB: four 10 MB
 * uploads at once, one address's three among them; at 64 MB the admitted flood of `npm run load`
 * held ~75 MB more at its peak.
 */
export const MAX_BYTES_IN_FLIGHT = 48 * 1024 * 1024;

export const TOO_MANY_UPLOADS_MESSAGE =
  'You are uploading too many files at once. Please wait for one to finish, then try again.';
export const BUSY_MESSAGE = 'The server is busy receiving other files. Please try again in a moment.';
export const TOO_SLOW_MESSAGE = 'The upload was too slow and was stopped. Please check your connection and try again.';

/**
 * Refused because the server is busy with others' uploads (not for anything of this client's own):
 * its connection closes gracefully, its body read and dropped (http/refused-body.ts).
 */
export class ServerBusyError extends RateLimitedError {
  constructor() {
    super(BUSY_MESSAGE, 5);
  }
}

/** An admitted upload: release() when it ends (any number of times); `signal` aborts when it is cut. */
export interface Admission {
  readonly signal: AbortSignal;
  release(): void;
}

interface InFlight {
  ip: string;
  /** The request's Content-Length (0 when not sent). */
  declared: number;
  socket: { bytesRead: number };
  base: number;
  received: number;
  started: number;
  lastProgress: number;
  /** When it was last seen sending at minBytesPerSecond or faster (its start, at first). */
  lastFast: number;
  sampledAt: number;
  controller: AbortController;
}

/**
 * Uploads in flight (issue 29, N1). At most `perIp` from one address; in all, at most
 * MAX_UPLOADS_AT_ONCE in progress and MAX_BYTES_IN_FLIGHT held. An upload that has not sent at
 * `minBytesPerSecond` for `stallMs` stops counting as in progress, and a watchdog cuts one that sends nothing for
 * `idleMs`, averages under `minBytesPerSecond` after `graceMs`, or runs past `deadlineMs`: a
 * client that stalls its body holds a socket for seconds, never the uploads of others.
 * Progress is read from the socket's byte count, so the body stream itself is left alone.
 */
export class UploadGate {
  readonly #uploads = new Set<InFlight>();
  readonly #perIp = new Map<string, number>();
  #timer: NodeJS.Timeout | null = null;

  constructor(
    readonly limits: ReceiveLimits,
    readonly perIp = MAX_UPLOADS_PER_IP,
    readonly active = MAX_UPLOADS_AT_ONCE,
    readonly maxBytes = MAX_BYTES_IN_FLIGHT,
  ) {}

  take(ip: string, socket: { bytesRead: number }, declared = 0): Admission {
    const now = performance.now();
    this.#refresh(now);
    const mine = this.#perIp.get(ip) ?? 0;
    if (mine >= this.perIp) throw new RateLimitedError(TOO_MANY_UPLOADS_MESSAGE, 5);
    let inProgress = 0;
    let held = 0;
    for (const u of this.#uploads) {
      // An upload in progress will hold what it declared; a stalled one, only what it sent.
      const sending = now - u.lastFast < this.limits.stallMs;
      if (sending) inProgress++;
      held += sending ? Math.max(u.received, u.declared) : u.received;
    }
    const wanted = Math.min(Math.max(0, declared), this.maxBytes);
    if (inProgress >= this.active || this.#uploads.size >= MAX_UPLOAD_SOCKETS || held + wanted > this.maxBytes)
      throw new ServerBusyError();
    const upload: InFlight = {
      ip,
      declared: Math.max(0, declared),
      socket,
      base: socket.bytesRead,
      received: 0,
      started: now,
      lastProgress: now,
      lastFast: now,
      sampledAt: now,
      controller: new AbortController(),
    };
    this.#uploads.add(upload);
    this.#perIp.set(ip, mine + 1);
    this.#watch();
    return { signal: upload.controller.signal, release: () => this.#release(upload) };
  }

  get inFlight(): number {
    return this.#uploads.size;
  }

  close(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  #release(upload: InFlight): void {
    if (!this.#uploads.delete(upload)) return;
    const mine = (this.#perIp.get(upload.ip) ?? 1) - 1;
    if (mine <= 0) this.#perIp.delete(upload.ip);
    else this.#perIp.set(upload.ip, mine);
    if (this.#uploads.size === 0) this.close();
  }

  #refresh(now: number): void {
    for (const u of this.#uploads) {
      const received = u.socket.bytesRead - u.base;
      const elapsed = now - u.sampledAt;
      if (received > u.received) {
        // A trickle is progress (not idle) but not an upload in progress: one byte a second from
        // each of 24 sockets must not hold the global limit.
        if (elapsed > 0 && ((received - u.received) * 1000) / elapsed >= this.limits.minBytesPerSecond)
          u.lastFast = now;
        u.received = received;
        u.lastProgress = now;
      }
      u.sampledAt = now;
    }
  }

  #watch(): void {
    if (this.#timer) return;
    const { idleMs, stallMs, graceMs } = this.limits;
    const every = Math.max(10, Math.min(1000, idleMs / 4, stallMs / 2, graceMs / 2));
    this.#timer = setInterval(() => this.#cutSlow(), every);
    this.#timer.unref();
  }

  #cutSlow(): void {
    const now = performance.now();
    this.#refresh(now);
    const { idleMs, minBytesPerSecond, graceMs, deadlineMs } = this.limits;
    for (const u of this.#uploads) {
      const elapsed = now - u.started;
      const tooSlow =
        now - u.lastProgress >= idleMs ||
        elapsed >= deadlineMs ||
        (elapsed >= graceMs && (u.received * 1000) / elapsed < minBytesPerSecond);
      if (!tooSlow) continue;
      this.#release(u);
      u.controller.abort(new AppError('UPLOAD_TIMEOUT', TOO_SLOW_MESSAGE));
    }
  }
}

export const VERIFY_TO_UPLOAD_MESSAGE =
  'Please verify your email address before uploading files to your account: use the link we sent you, or request a new one from your dashboard.';

/**
 * The refusals an upload can get without its body: an account whose e-mail is not verified (a
 * checkout sign-up, opened with any address: issue 29, M3), a used (or locked) free trial for the
 * address, device or account, or a plan's monthly uploads used up. The e-mail of an anonymous
 * free trial comes in the body: it is checked again, in full, once the body is read.
 */
export async function refusalBeforeBody(
  files: FilesContext,
  path: 'free-trial' | 'paid' | 'account',
  who: { auth: AuthSession | null; ip: string; fingerprint: string | null },
): Promise<AppError | null> {
  const user = who.auth?.user ?? null;
  if (path === 'account' && user && user.email_verified !== 1)
    return new AppError('EMAIL_NOT_VERIFIED', VERIFY_TO_UPLOAD_MESSAGE);
  const freeTrial = path === 'free-trial' || (path === 'account' && user !== null && usesFreeTrial(userPlan(user)));
  if (freeTrial)
    return freeTrialRefusal(files, { email: user?.email ?? null, fingerprint: who.fingerprint, ip: who.ip });
  if (path === 'account' && user) {
    const limit = PLAN_LIMITS[userPlan(user)].uploads;
    if (limit !== -1 && (await countUsage(files, user.id, 'upload')) >= limit) return quotaExceeded(limit);
  }
  return null;
}
