/**
 * What one review save may cost (issue 29, N7): a save of 50,000 rows took 31.5 s and 1.26 GB,
 * three at once 1.9 GB, on a file converted from a few rows. Now a save holds at most the rows its
 * conversion found plus what a person adds by hand; its body is at most SAVE_BODY_LIMIT bytes and
 * is read only while no other save of the same file is under way and
 * fewer than MAX_SAVES_AT_ONCE are in all (MAX_SAVES_PER_IP from one address) (the others are answered 429 before their body is read);
 * a body not received within SAVE_BODY_MS is cut, so a stalled client holds no slot for long.
 */
import { RateLimitedError } from '../services/rate-limit';

/** Rows a save may add to those of the conversion (typed in with "Add row"). */
export const ADDED_ROWS_LIMIT = 1_000;
/** Saves and restores read, checked and written at once, in all and from one address. */
export const MAX_SAVES_AT_ONCE = 4;
export const MAX_SAVES_PER_IP = 2;
/** A save's body: the statements of 50,000 rows are about 11 MB of JSON. */
export const SAVE_BODY_LIMIT = 16 * 1024 * 1024;
/** Time to receive a save's body (16 MB at 1 MB/s). */
export const SAVE_BODY_MS = 20_000;

export const SAVE_BUSY_MESSAGE = 'Other changes are being saved right now. Please try again in a moment.';
export const SAVE_IN_PROGRESS_MESSAGE = 'A save of this file is still under way. Please wait for it to finish.';

export function tooManyRowsMessage(limit: number): string {
  return `A saved version may hold at most ${limit.toLocaleString('en')} rows: the rows of the conversion and ${ADDED_ROWS_LIMIT.toLocaleString('en')} more.`;
}

/** Saves under way by file and by address; `take` before the body is read, release once answered. */
export class SaveGate {
  readonly #files = new Set<string>();
  readonly #perIp = new Map<string, number>();

  take(fileId: string, ip: string): () => void {
    if (this.#files.has(fileId)) throw new RateLimitedError(SAVE_IN_PROGRESS_MESSAGE, 2);
    const mine = this.#perIp.get(ip) ?? 0;
    if (this.#files.size >= MAX_SAVES_AT_ONCE || mine >= MAX_SAVES_PER_IP)
      throw new RateLimitedError(SAVE_BUSY_MESSAGE, 5);
    this.#files.add(fileId);
    this.#perIp.set(ip, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#files.delete(fileId);
      const left = (this.#perIp.get(ip) ?? 1) - 1;
      if (left > 0) this.#perIp.set(ip, left);
      else this.#perIp.delete(ip);
    };
  }
}
