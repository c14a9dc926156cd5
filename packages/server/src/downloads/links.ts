/**
 * Short-lived signed download links. The dashboard opens download URLs in a new tab, where
 * no Authorization header is sent; the link itself carries proof that the owner asked for
 * it: an HMAC over the file id, the target (a format or 'original'), an expiry time and the
 * login session (or API key: 'api-key:<id>') it was made for. A link works only while that
 * session does, so logging out or changing the password ends every link handed out before.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../context';

export const LINK_TTL_MS = 60 * 60_000;

/** Signs links for one session (what file records are built with). */
export interface LinkMinter {
  sign(fileId: string, target: string): string;
}

const TOKEN = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{8,96})\.([A-Za-z0-9_-]{43})$/;

export class LinkSigner {
  readonly #key: Buffer;
  readonly #clock: Clock;

  constructor(masterKey: Buffer, clock: Clock) {
    // A key of its own, derived from the master key, so links never reveal anything about it.
    this.#key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'statemint download links', 32));
    this.#clock = clock;
  }

  #mac(fileId: string, target: string, expires: number, sessionId: string): Buffer {
    return createHmac('sha256', this.#key).update(`${fileId}\n${target}\n${expires}\n${sessionId}`).digest();
  }

  sign(fileId: string, target: string, sessionId: string, ttlMs = LINK_TTL_MS): string {
    const expires = this.#clock.now() + ttlMs;
    const scope = Buffer.from(sessionId, 'utf8').toString('base64url');
    return `${expires.toString(36)}.${scope}.${this.#mac(fileId, target, expires, sessionId).toString('base64url')}`;
  }

  forSession(sessionId: string): LinkMinter {
    return { sign: (fileId, target) => this.sign(fileId, target, sessionId) };
  }

  /** The session the link was made for when it is genuine and unexpired, else null. */
  verify(fileId: string, target: string, token: string): string | null {
    const m = TOKEN.exec(token);
    if (!m) return null;
    const expires = Number.parseInt(m[1] as string, 36);
    if (!Number.isSafeInteger(expires) || expires <= this.#clock.now()) return null;
    const sessionId = Buffer.from(m[2] as string, 'base64url').toString('utf8');
    const given = Buffer.from(m[3] as string, 'base64url');
    return timingSafeEqual(given, this.#mac(fileId, target, expires, sessionId)) ? sessionId : null;
  }
}
