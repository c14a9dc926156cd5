import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoredObjectCorruptError, StoredObjectMissingError } from './file-store';
import { LocalFileStore } from './local-file-store';

let root: string;
const masterKey = randomBytes(32);

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'statemint-store-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function listAll(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('LocalFileStore', () => {
  it('round-trips bytes and text, and never writes the plaintext to disk', async () => {
    const store = new LocalFileStore(root, masterKey);
    await store.init();
    const data = Buffer.concat([Buffer.from('Opening balance 1,234.56 SECRET-MARKER '), randomBytes(100_000)]);
    await store.put('f1/original', data);
    await store.put('f1/out.csv', 'Date,Amount\n2024-01-01,1.00\n');
    expect((await store.get('f1/original')).equals(data)).toBe(true);
    expect((await store.get('f1/out.csv')).toString('utf8')).toBe('Date,Amount\n2024-01-01,1.00\n');
    expect(await store.exists('f1/original')).toBe(true);
    expect(await store.exists('f1/other')).toBe(false);
    const onDisk = await readFile(join(root, 'f1/original.enc'));
    expect(onDisk.includes(Buffer.from('SECRET-MARKER'))).toBe(false);
    // Same plaintext twice gives different ciphertexts (random data key and iv).
    await store.put('f2/original', data);
    expect(onDisk.equals(await readFile(join(root, 'f2/original.enc')))).toBe(false);
  });

  it('detects a flipped bit, a truncation and an object moved to another key', async () => {
    const store = new LocalFileStore(root, masterKey);
    await store.put('a/original', 'hello statement');
    const path = join(root, 'a/original.enc');
    const good = await readFile(path);

    const flipped = Buffer.from(good);
    flipped[flipped.length - 20] = (flipped[flipped.length - 20] as number) ^ 1;
    await writeFile(path, flipped);
    await expect(store.get('a/original')).rejects.toBeInstanceOf(StoredObjectCorruptError);

    await writeFile(path, good.subarray(0, good.length - 5));
    await expect(store.get('a/original')).rejects.toBeInstanceOf(StoredObjectCorruptError);

    await writeFile(join(root, 'a/moved.enc'), good);
    await expect(store.get('a/moved')).rejects.toBeInstanceOf(StoredObjectCorruptError);
  });

  it('refuses to open objects with another master key', async () => {
    await new LocalFileStore(root, masterKey).put('k/original', 'data');
    const other = new LocalFileStore(root, randomBytes(32));
    await expect(other.get('k/original')).rejects.toBeInstanceOf(StoredObjectCorruptError);
  });

  it('reports missing objects and deletes whole prefixes without leaving folders', async () => {
    const store = new LocalFileStore(root, masterKey);
    await store.init();
    await expect(store.get('nope/original')).rejects.toBeInstanceOf(StoredObjectMissingError);
    await store.put('files/x1/original', 'a');
    await store.put('files/x1/out.json', '{}');
    await store.put('files/x2/original', 'b');
    // base64url ids may start with '-' or '_'.
    await store.put('files/-x_3/out.csv', 'c');
    expect(await store.get('files/-x_3/out.csv')).toEqual(Buffer.from('c'));
    await store.deletePrefix('files/-x_3');
    await store.deletePrefix('files/x1');
    expect(await store.exists('files/x1/out.json')).toBe(false);
    expect(await store.get('files/x2/original')).toEqual(Buffer.from('b'));
    await store.delete('files/x2/original');
    await store.delete('files/x2/original');
    expect(await listAll(root)).toEqual([]);
    expect((await readdir(root)).sort()).toEqual(['.tmp']);
  });

  it('leaves nothing behind when a write fails, and rejects unsafe keys', async () => {
    const store = new LocalFileStore(root, masterKey);
    await store.init();
    // A file where the object's folder should be makes the rename fail.
    await writeFile(join(root, 'blocked'), 'not a folder');
    await expect(store.put('blocked/original', 'data')).rejects.toThrow();
    expect(await readdir(join(root, '.tmp'))).toEqual([]);
    for (const bad of ['../escape', '/abs', 'a/../b', '', 'a//b', 'a/.hidden', 'a/b.', 'a\\b'])
      await expect(store.put(bad, 'x')).rejects.toThrow(/invalid storage key/);
  });
});
