/**
 * Short-lived signed download links. The dashboard opens download URLs in a new tab, where
 * no Authorization header is sent; the link itself carries proof that the owner asked for
 * it: an HMAC over the file id, the target (a format or 'original') and an expiry time.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../context';

export const LINK_TTL_MS = 60 * 60_000;

export class LinkSigner {
  readonly #key: Buffer;
  readonly #clock: Clock;

  constructor(masterKey: Buffer, clock: Clock) {
    // A key of its own, derived from the master key, so links never reveal anything about it.
    this.#key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'statemint download links', 32));
    this.#clock = clock;
  }

  #mac(fileId: string, target: string, expires: number): Buffer {
    return createHmac('sha256', this.#key).update(`${fileId}\n${target}\n${expires}`).digest();
  }

  sign(fileId: string, target: string, ttlMs = LINK_TTL_MS): string {
    const expires = this.#clock.now() + ttlMs;
    return `${expires.toString(36)}.${this.#mac(fileId, target, expires).toString('base64url')}`;
  }

  verify(fileId: string, target: string, token: string): boolean {
    const m = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return false;
    const expires = Number.parseInt(m[1] as string, 36);
    if (!Number.isSafeInteger(expires) || expires <= this.#clock.now()) return false;
    const given = Buffer.from(m[2] as string, 'base64url');
    return timingSafeEqual(given, this.#mac(fileId, target, expires));
  }
}
