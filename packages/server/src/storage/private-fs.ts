/**
 * Everything the server writes under DATA_DIR is its own: folders 0700, files 0600, whatever
 * the process umask says (issue 15, finding 2: the database file was world-readable).
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** Creates the file empty if missing (so SQLite, which copies its mode to -wal and -shm, starts 0600). */
export function ensurePrivateFile(path: string): void {
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
}
