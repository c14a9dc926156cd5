/**
 * Where originals and outputs live, by key. Implementations encrypt at rest; callers
 * only ever see plaintext. The local folder is the default; an S3-compatible store
 * comes with the scale-out work (DECISIONS.md "Name and defaults").
 */
export interface FileStore {
  /** Writes the whole object or nothing (a failed put leaves no trace). Replaces an existing one. */
  put(key: string, data: Uint8Array | string): Promise<void>;
  /** The plaintext; throws StoredObjectMissingError or StoredObjectCorruptError. */
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  /** Removes the object if present. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
}

export class StoredObjectMissingError extends Error {
  constructor(key: string) {
    super(`stored object '${key}' does not exist`);
    this.name = 'StoredObjectMissingError';
  }
}

/** The object was altered, truncated, or is read with another master key. */
export class StoredObjectCorruptError extends Error {
  constructor(key: string, cause?: unknown) {
    super(`stored object '${key}' failed its integrity check`, cause === undefined ? undefined : { cause });
    this.name = 'StoredObjectCorruptError';
  }
}

// Segments of [A-Za-z0-9_-] joined by single dots: never '.', '..' or a hidden name.
const KEY_PATTERN = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*(\/[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*)*$/;

/** Keys are relative paths of plain segments: no '..', no absolute paths, no odd characters. */
export function assertValidKey(key: string): void {
  if (key.length > 400 || !KEY_PATTERN.test(key)) throw new Error(`invalid storage key '${key}'`);
}
