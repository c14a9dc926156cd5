/**
 * The default store: one file per object under DATA_DIR/files, kept 0600 in 0700 folders. Writes
 * go to a temporary file that is renamed into place, so a crash or failure never leaves a partial
 * object behind. Objects are sealed before they get here (sealed-store.ts); each file is named
 * `<key>.enc` for that reason, as data folders of earlier versions already are.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open as openFile, readdir, readFile, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { assertValidKey, type FileStore, StoredObjectMissingError } from './file-store';
import { ensurePrivateDir } from './private-fs';

const TMP_DIR = '.tmp';
const SUFFIX = '.enc';

export class LocalFileStore implements FileStore {
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  /** Removes temporary files and folders being deleted that a crash may have left (call once on start). */
  async init(): Promise<void> {
    ensurePrivateDir(this.root);
    await rm(join(this.root, TMP_DIR), { recursive: true, force: true });
    await mkdir(join(this.root, TMP_DIR), { recursive: true, mode: 0o700 });
  }

  #path(key: string): string {
    assertValidKey(key);
    return join(this.root, `${key}${SUFFIX}`);
  }

  async put(key: string, data: Uint8Array | string): Promise<void> {
    const target = this.#path(key);
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    const tmpDir = join(this.root, TMP_DIR);
    await mkdir(tmpDir, { recursive: true, mode: 0o700 });
    const tmp = join(tmpDir, randomBytes(12).toString('hex'));
    try {
      const handle = await openFile(tmp, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await this.#moveInto(tmp, target);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.#path(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredObjectMissingError(key);
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.#path(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.#path(key);
    try {
      await unlink(path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    await this.#pruneEmptyDirs(dirname(path));
  }

  /**
   * The folder is first moved aside into the temporary folder, whole, then removed there: an object
   * written meanwhile (a conversion's output, a page picture) lands either in the folder moved aside
   * or in a new one, never in a folder being emptied (which made the removal fail, ENOTEMPTY).
   */
  async deletePrefix(prefix: string): Promise<void> {
    assertValidKey(prefix);
    const dir = join(this.root, prefix);
    const tmpDir = join(this.root, TMP_DIR);
    await mkdir(tmpDir, { recursive: true, mode: 0o700 });
    const aside = join(tmpDir, `deleting-${randomBytes(12).toString('hex')}`);
    try {
      await rename(dir, aside);
    } catch (e) {
      // Nothing stored under the prefix.
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw e;
      return this.#pruneEmptyDirs(dirname(dir));
    }
    await rm(aside, { recursive: true, force: true });
    await this.#pruneEmptyDirs(dirname(dir));
  }

  async list(prefix: string): Promise<string[]> {
    assertValidKey(prefix);
    let entries: Array<{ name: string; parentPath: string; isFile(): boolean }>;
    try {
      entries = await readdir(join(this.root, prefix), { recursive: true, withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    return entries
      .filter((e) => e.isFile() && e.name.endsWith(SUFFIX))
      .map((e) =>
        join(e.parentPath, e.name)
          .slice(this.root.length + 1, -SUFFIX.length)
          .split(sep)
          .join('/'),
      )
      .sort();
  }

  /**
   * Renames a written temporary file to `target`, its folder made first. The folder can be removed
   * between the two (emptied by a delete of its last object, or moved aside by deletePrefix): it is
   * made again, a few times at most.
   */
  async #moveInto(tmp: string, target: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      try {
        await rename(tmp, target);
        return;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 5) throw e;
      }
    }
  }

  /** Empty folders are removed up to the root, so deleting a file leaves nothing behind. */
  async #pruneEmptyDirs(dir: string): Promise<void> {
    let current = dir;
    while (current.startsWith(this.root) && current !== this.root) {
      try {
        if ((await readdir(current)).length > 0) return;
        await rmdir(current);
      } catch {
        return;
      }
      current = dirname(current);
    }
  }
}
