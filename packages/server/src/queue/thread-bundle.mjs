// The conversion and review threads run from an esbuild bundle of their TypeScript (engine,
// shared and server sources), built once per change of those sources into a folder named by
// their fingerprint, as the command line's is (scripts/cli-bundle.mjs): loading the sources
// through tsx's hooks cost each thread ~0.5 s more CPU at every start (1.3 -> 0.8 s to ready),
// which every server, test server and restarted thread paid. Where the bundle cannot be written
// (a read-only install) the threads load the sources through tsx as before.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..', '..', '..', '..');
const sources = ['packages/engine/src', 'packages/shared/src', 'packages/server/src'];
const outRoot = join(root, 'packages', 'server', 'dist');
const ENTRIES = {
  'worker-thread': 'packages/server/src/queue/worker-thread.ts',
  'review-thread': 'packages/server/src/review/review-thread.ts',
};

function fingerprint() {
  const hash = createHash('sha1');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|mjs|json|xsd)$/.test(entry.name) && !entry.name.includes('.test.')) {
        const s = statSync(path);
        hash.update(`${path}\0${s.size}\0${s.mtimeMs}\0`);
      }
    }
  };
  for (const dir of sources) walk(join(root, dir));
  hash.update(readFileSync(import.meta.filename));
  hash.update(process.version);
  return hash.digest('hex').slice(0, 16);
}

/** The bundled module of a thread entry (worker-thread.ts, review-thread.ts), built first when the sources changed; null when it cannot be. */
export async function threadEntry(entryUrl) {
  const name = basename(fileURLToPath(entryUrl)).replace(/\.ts$/, '');
  if (!(name in ENTRIES)) return null;
  try {
    const dir = join(outRoot, `threads-${fingerprint()}`);
    const entry = join(dir, `${name}.mjs`);
    if (!existsSync(entry)) await build(dir);
    else touch(dir);
    return pathToFileURL(entry).href;
  } catch {
    return null;
  }
}

function touch(dir) {
  try {
    const now = new Date();
    utimesSync(dir, now, now);
  } catch {
    // Removed meanwhile: the import fails loudly rather than silently use another build.
  }
}

async function build(dir) {
  const { build: esbuild } = await import('esbuild');
  mkdirSync(outRoot, { recursive: true });
  const tmp = `${dir}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  await esbuild({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([k, v]) => [k, join(root, v)])),
    outdir: tmp,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Node 20 has \p{...} in regex literals (see scripts/cli-bundle.mjs).
    supported: { 'regexp-unicode-property-escapes': true },
    logLevel: 'error',
    plugins: [
      {
        // Workspace packages are bundled from source; everything else stays a runtime import.
        name: 'external-dependencies',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@statemint/') && args.path !== '@statemint/engine/pdfjs-preload'
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another thread or process built it first
  }
  // Builds unused for an hour are removed (a thread started before this build may still import
  // its lazily loaded chunks).
  const stale = Date.now() - 3_600_000;
  for (const old of readdirSync(outRoot)) {
    const path = join(outRoot, old);
    if (!old.startsWith('threads-') || path === dir || old.includes('.tmp-')) continue;
    try {
      if (statSync(path).mtimeMs < stale) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}
