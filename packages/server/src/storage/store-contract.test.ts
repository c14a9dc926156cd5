/**
 * One contract for every store, run against the local folder and against a real S3-protocol
 * server (s3rver on localhost, over HTTP through the AWS SDK): bytes in and out, missing objects,
 * prefixes deleted whole and only them, keys listed; and the sealing wrapper on top of each: the
 * store holds ciphertext only, any change to an object is caught, and deleting removes it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileStore, StoredObjectCorruptError, StoredObjectMissingError } from './file-store';
import { LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';
import { startTestS3 } from './s3-test-server';
import { SealedStore } from './sealed-store';

interface Kind {
  name: string;
  make(): Promise<FileStore>;
  cleanup(): Promise<void>;
}

const roots: string[] = [];
const s3Stores: S3FileStore[] = [];

const kinds: Kind[] = [
  {
    name: 'local folder',
    async make() {
      const root = await mkdtemp(join(tmpdir(), 'statemint-store-'));
      roots.push(root);
      const store = new LocalFileStore(root);
      await store.init();
      return store;
    },
    async cleanup() {
      await Promise.all(roots.map((r) => rm(r, { recursive: true, force: true })));
    },
  },
  {
    name: 'S3 (s3rver)',
    async make() {
      const s3 = await startTestS3();
      // Small list pages, so listing and deleting go over several of them.
      const store = new S3FileStore({
        bucket: s3.bucket(),
        endpoint: s3.endpoint,
        forcePathStyle: true,
        listPageSize: 7,
      });
      await store.init();
      s3Stores.push(store);
      return store;
    },
    async cleanup() {
      for (const s of s3Stores) s.close();
    },
  },
];

for (const kind of kinds) {
  describe(`store contract: ${kind.name}`, () => {
    let raw: FileStore;
    const masterKey = randomBytes(32);
    let sealed: SealedStore;

    beforeAll(async () => {
      raw = await kind.make();
      sealed = new SealedStore(raw, masterKey);
      await sealed.init();
    });
    afterAll(() => kind.cleanup());

    it('keeps bytes as given: put, get, replace, exists', async () => {
      const data = randomBytes(300_000);
      await raw.put('c1/original', data);
      expect((await raw.get('c1/original')).equals(data)).toBe(true);
      await raw.put('c1/original', 'replaced');
      expect((await raw.get('c1/original')).toString()).toBe('replaced');
      await raw.put('c1/empty', new Uint8Array(0));
      expect(await raw.get('c1/empty')).toHaveLength(0);
      expect(await raw.exists('c1/original')).toBe(true);
      expect(await raw.exists('c1/other')).toBe(false);
      await expect(raw.get('c1/other')).rejects.toBeInstanceOf(StoredObjectMissingError);
    });

    it('lists and deletes a prefix whole, and nothing beside it', async () => {
      const keys = Array.from({ length: 20 }, (_, i) => `files/x1/out.${String(i).padStart(2, '0')}`);
      for (const key of keys) await raw.put(key, key);
      await raw.put('files/x10/original', 'a neighbour with a longer name');
      // base64url ids may start with '-' or '_'.
      await raw.put('files/-x_3/statements/v0', 'c');
      expect(await raw.list('files/x1')).toEqual(keys);
      expect(await raw.list('files/-x_3')).toEqual(['files/-x_3/statements/v0']);
      expect(await raw.list('files/none')).toEqual([]);
      await raw.deletePrefix('files/x1');
      await raw.deletePrefix('files/x1');
      expect(await raw.list('files/x1')).toEqual([]);
      expect((await raw.get('files/x10/original')).toString()).toBe('a neighbour with a longer name');
      await raw.deletePrefix('files/-x_3');
      await raw.delete('files/x10/original');
      await raw.delete('files/x10/original');
      expect(await raw.list('files')).toEqual([]);
    });

    it('refuses unsafe keys', async () => {
      for (const bad of ['../escape', '/abs', 'a/../b', '', 'a//b', 'a/.hidden', 'a/b.', 'a\\b', 'a b'])
        await expect(raw.put(bad, 'x')).rejects.toThrow(/invalid storage key/);
    });

    it('sealed: holds ciphertext only, a fresh one each time, and opens it again', async () => {
      const data = Buffer.concat([Buffer.from('Opening balance 1,234.56 SECRET-MARKER '), randomBytes(100_000)]);
      await sealed.put('s1/original', data);
      await sealed.put('s1/out.csv', 'Date,Amount\n2024-01-01,1.00\n');
      expect((await sealed.get('s1/original')).equals(data)).toBe(true);
      expect((await sealed.get('s1/out.csv')).toString('utf8')).toBe('Date,Amount\n2024-01-01,1.00\n');
      const stored = await raw.get('s1/original');
      expect(stored.includes(Buffer.from('SECRET-MARKER'))).toBe(false);
      expect((await raw.get('s1/out.csv')).includes(Buffer.from('Date,Amount'))).toBe(false);
      await sealed.put('s2/original', data);
      expect(stored.equals(await raw.get('s2/original'))).toBe(false);
      expect(await sealed.list('s1')).toEqual(['s1/original', 's1/out.csv']);
    });

    it('sealed: catches a flipped bit, a truncation, an object moved to another key and another master key', async () => {
      await sealed.put('t/original', 'hello statement');
      const good = await raw.get('t/original');
      const flipped = Buffer.from(good);
      flipped[flipped.length - 20] = (flipped[flipped.length - 20] as number) ^ 1;
      await raw.put('t/original', flipped);
      await expect(sealed.get('t/original')).rejects.toBeInstanceOf(StoredObjectCorruptError);
      await raw.put('t/original', good.subarray(0, good.length - 5));
      await expect(sealed.get('t/original')).rejects.toBeInstanceOf(StoredObjectCorruptError);
      await raw.put('t/moved', good);
      await expect(sealed.get('t/moved')).rejects.toBeInstanceOf(StoredObjectCorruptError);
      await raw.put('t/original', good);
      expect((await sealed.get('t/original')).toString()).toBe('hello statement');
      await expect(new SealedStore(raw, randomBytes(32)).get('t/original')).rejects.toBeInstanceOf(
        StoredObjectCorruptError,
      );
      await expect(sealed.get('t/none')).rejects.toBeInstanceOf(StoredObjectMissingError);
    });

    it('sealed: deleting removes the objects from the store underneath', async () => {
      for (const f of ['original', 'out.json', 'statements/v0']) await sealed.put(`files/gone/${f}`, f);
      expect(await raw.list('files/gone')).toHaveLength(3);
      await sealed.delete('files/gone/original');
      expect(await raw.exists('files/gone/original')).toBe(false);
      await sealed.deletePrefix('files/gone');
      expect(await raw.list('files/gone')).toEqual([]);
    });
  });
}
