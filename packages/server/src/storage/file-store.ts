/**
 * Where originals and outputs live, by key: a local folder (the default) or an S3-compatible
 * bucket (S3_BUCKET), each keeping bytes as given; the server only ever uses them sealed
 * (sealed-store.ts), so callers see plaintext and the stores hold ciphertext only.
 */
export interface FileStore {
  /** Checks the store can be used (and prepares it) once on start. */
  init?(): Promise<void>;
  /** Writes the whole object or nothing (a failed put leaves no trace). Replaces an existing one. */
  put(key: string, data: Uint8Array | string): Promise<void>;
  /** The plaintext; throws StoredObjectMissingError or StoredObjectCorruptError. */
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  /** Removes the object if present. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
  /** The keys of every object whose key starts with `prefix/`, sorted. */
  list(prefix: string): Promise<string[]>;
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
