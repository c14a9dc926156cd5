/**
 * The server runs with the same glibc malloc settings wherever it starts (issue 29, memory under
 * the admitted flood): `npm start`, the image, and the scripts that measure it (`npm run load`,
 * `npm run chaos`). glibc reads them from the environment when `node` starts, so each way of
 * starting it sets them itself; they are written once, in scripts/lib/server.mjs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

async function serverMemoryEnv(): Promise<Record<string, string>> {
  const lib = await import(pathToFileURL(join(ROOT, 'scripts/lib/server.mjs')).href);
  return lib.SERVER_MEMORY_ENV;
}

describe('the environment the server starts in', () => {
  it('sets the malloc settings in npm start and the image', async () => {
    const env = await serverMemoryEnv();
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_']));
    const start = JSON.parse(read('package.json')).scripts.start as string;
    // The image's ENV instruction: its `KEY=value` pairs up to the next instruction.
    const image = read('Containerfile').match(/^ENV ((?:.*\\\n)*.*)$/m)?.[1] ?? '';
    for (const [key, value] of Object.entries(env)) {
      expect(start, 'npm start').toMatch(new RegExp(`(^|\\s)${key}=${value}\\s[^&]*node scripts/start\\.mjs`));
      expect(image, 'Containerfile').toMatch(new RegExp(`(^|\\s)${key}=${value}(\\s|$)`));
    }
  });

  it('starts the measured server with them in npm run load and npm run chaos', () => {
    for (const script of ['scripts/load.mjs', 'scripts/chaos.mjs']) {
      const text = read(script);
      expect(text, script).toMatch(/import \{[^}]*\bSERVER_MEMORY_ENV\b[^}]*\} from '\.\/lib\/server\.mjs'/);
      expect(text, script).toMatch(/\.\.\.SERVER_MEMORY_ENV\b/);
    }
  });

  it('gives the command line fewer arenas too (its conversions are threads)', () => {
    const shebang = read('bin/statemint').split('\n')[0] ?? '';
    expect(shebang).toMatch(/^#!\/usr\/bin\/env -S MALLOC_ARENA_MAX=2 node\b/);
  });
});
