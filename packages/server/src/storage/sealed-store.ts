/**
 * Encryption at rest for any store: every object is sealed (envelope.ts: a fresh data key per
 * object, AES-256-GCM, the key wrapped with the master key, the storage key bound in as associated
 * data) before it reaches the store underneath, and opened when read. The local folder and the
 * S3 bucket alike only ever hold ciphertext.
 */
import { open, seal } from './envelope';
import { assertValidKey, type FileStore, StoredObjectCorruptError } from './file-store';

export class SealedStore implements FileStore {
  readonly #masterKey: Buffer;

  constructor(
    /** The store underneath, holding the sealed bytes. */
    readonly inner: FileStore,
    masterKey: Uint8Array,
  ) {
    if (masterKey.length !== 32) throw new Error('the file-encryption master key must be 32 bytes');
    this.#masterKey = Buffer.from(masterKey);
  }

  async init(): Promise<void> {
    await this.inner.init?.();
  }

  async put(key: string, data: Uint8Array | string): Promise<void> {
    assertValidKey(key);
    const plaintext = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    await this.inner.put(key, seal(this.#masterKey, key, plaintext));
  }

  async get(key: string): Promise<Buffer> {
    const sealed = await this.inner.get(key);
    try {
      return open(this.#masterKey, key, sealed);
    } catch (e) {
      throw new StoredObjectCorruptError(key, e);
    }
  }

  exists(key: string): Promise<boolean> {
    return this.inner.exists(key);
  }

  delete(key: string): Promise<void> {
    return this.inner.delete(key);
  }

  deletePrefix(prefix: string): Promise<void> {
    return this.inner.deletePrefix(prefix);
  }

  list(prefix: string): Promise<string[]> {
    return this.inner.list(prefix);
  }
}
