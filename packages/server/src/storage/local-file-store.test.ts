/** What only the local folder store promises beyond the store contract (store-contract.test.ts). */
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileStore } from './local-file-store';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'statemint-store-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('LocalFileStore', () => {
  it('keeps objects private (0600 files in 0700 folders) and removes emptied folders', async () => {
    const store = new LocalFileStore(root);
    await store.init();
    await store.put('files/x1/original', 'a');
    await store.put('files/x1/pages/p1', 'b');
    expect((await stat(join(root, 'files/x1/original.enc'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(root, 'files/x1'))).mode & 0o777).toBe(0o700);
    await store.delete('files/x1/pages/p1');
    await store.deletePrefix('files/x1');
    expect((await readdir(root)).sort()).toEqual(['.tmp']);
  });

  it('leaves nothing behind when a write fails', async () => {
    const store = new LocalFileStore(root);
    await store.init();
    // A file where the object's folder should be makes the rename fail.
    await writeFile(join(root, 'blocked'), 'not a folder');
    await expect(store.put('blocked/original', 'data')).rejects.toThrow();
    expect(await readdir(join(root, '.tmp'))).toEqual([]);
  });

  it('clears temporary files a crash left, on start', async () => {
    const store = new LocalFileStore(root);
    await store.init();
    await writeFile(join(root, '.tmp', 'half-written'), 'x');
    await new LocalFileStore(root).init();
    expect(await readdir(join(root, '.tmp'))).toEqual([]);
  });
});

describe('LocalFileStore with writes and deletes at once', () => {
  // A file's folder is deleted while its conversion or the review screen still writes into it (an
  // output, a page picture): the delete removed every object it found, then failed (ENOTEMPTY) on
  // the folder an object had just landed in, and the file's deletion answered 500.
  it('deletes a folder that objects are being written into', async () => {
    const store = new LocalFileStore(root);
    await store.init();
    for (let round = 0; round < 20; round++) {
      const prefix = `files/r${round}`;
      await Promise.all(Array.from({ length: 50 }, (_, i) => store.put(`${prefix}/pages/p${i}`, 'page')));
      const deleted = store.deletePrefix(prefix);
      const writes = Array.from({ length: 10 }, (_, i) => store.put(`${prefix}/out/f${i}`, 'output'));
      await expect(deleted).resolves.toBeUndefined();
      // Each write either went with the folder or landed after it, whole: none failed.
      await Promise.all(writes);
      for (const key of await store.list(prefix)) expect(key).toMatch(/^files\/r\d+\/out\/f\d$/);
      await store.deletePrefix(prefix);
      expect(await store.list(prefix)).toEqual([]);
    }
  });
});
