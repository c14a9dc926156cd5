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
