// The esbuild bundles the project runs from, in one place: the command line's converter (`cli`,
// bin/statemint), the server's conversion and review threads (`threads`,
// packages/server/src/queue/worker-bootstrap.mjs) and the server process itself (`server`,
// scripts/start-server.mjs). Running plain JavaScript skips tsx's loader hooks, which cost every
// start seconds of CPU (the server ~3.8 -> ~1.5 s to ready; each thread ~0.5 s; the hooks run in a
// thread of their own and pass every module through messages).
//
// Each bundle is built on the first run after a change of its sources, into a folder named by a
// fingerprint of their contents (so concurrent runs and stale builds cannot mix), or ahead by
// `npm run build` (`node scripts/lib/bundles.mjs`): an install whose files cannot be written (the
// container runs as a user that does not own /app) finds the folder the build wrote, as the
// fingerprint is of file contents and relative paths, not of times.
//
// In a bundle, `import.meta.url` is still the URL of the source file it is written in (rewritten
// at build time): the paths the sources resolve from it (the web app's folder, the thread
// bootstrap, statement.xsd, packages resolved with createRequire) stay where they are.
// `import.meta.dirname` is the bundle's folder: the database migrations, which migrate.ts lists
// from there, are bundled as modules of their own into `migrations/` beside the server bundle.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..', '..');
const ENGINE = ['packages/engine/src', 'packages/shared/src'];
const SERVER = [...ENGINE, 'packages/server/src'];
const MIGRATIONS = 'packages/server/src/db/migrations';

/** name -> where its sources are, what it bundles and where it is written. */
const BUNDLES = {
  cli: { sources: ENGINE, outRoot: 'packages/engine/dist', entries: () => ({ run: 'packages/engine/src/cli/run.ts' }) },
  threads: {
    sources: SERVER,
    outRoot: 'packages/server/dist',
    entries: () => ({
      'worker-thread': 'packages/server/src/queue/worker-thread.ts',
      'review-thread': 'packages/server/src/review/review-thread.ts',
    }),
  },
  server: {
    sources: SERVER,
    outRoot: 'packages/server/dist',
    entries: () => ({
      main: 'packages/server/src/main.ts',
      ...Object.fromEntries(
        readdirSync(join(root, MIGRATIONS))
          .filter((f) => /^\d{4}_[\w-]+\.ts$/.test(f) && !f.endsWith('.test.ts'))
          .map((f) => [`migrations/${f.replace(/\.ts$/, '')}`, `${MIGRATIONS}/${f}`]),
      ),
    }),
  },
};

/** Of the sources' contents and paths (relative), these build options, the Node that runs them and where they are. */
function fingerprint(sources) {
  const hash = createHash('sha1');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|mjs|json|xsd)$/.test(entry.name) && !entry.name.includes('.test.')) {
        hash.update(`${relative(root, path)}\0`);
        hash.update(readFileSync(path));
      }
    }
  };
  for (const dir of sources) walk(join(root, dir));
  hash.update(readFileSync(import.meta.filename)); // a change of build options is a new build too
  hash.update(process.version); // the Intl tables are built under this Node (see intlTables)
  hash.update(root); // import.meta.url is written into the bundle as the source's path
  return hash.digest('hex').slice(0, 16);
}

/**
 * The file URL of a bundle's entry module (`bundleEntry('threads', 'worker-thread')`), building
 * the bundle first when its sources changed. Throws when it cannot be built.
 */
export async function bundleEntry(name, entry) {
  const spec = BUNDLES[name];
  const dir = join(root, spec.outRoot, `${name}-${fingerprint(spec.sources)}`);
  const file = join(dir, `${entry}.mjs`);
  if (!existsSync(file)) {
    if (!existsSync(dir)) await build(name, dir);
    if (!existsSync(file)) throw new Error(`the ${name} bundle has no entry ${entry}`);
  } else touch(dir);
  return pathToFileURL(file).href;
}

/** Marks a build as in use, so that other processes' clean-up keeps it (see build). */
function touch(dir) {
  try {
    const now = new Date();
    utimesSync(dir, now, now);
  } catch {
    // Removed meanwhile (the import fails loudly rather than use another build), or a read-only install.
  }
}

/**
 * The tables the engine derives from Intl (packages/engine/src/values/intl-tables.ts), built here
 * once instead of at every start: the modules that build them are bundled on their own and run.
 */
async function intlTables(esbuild) {
  const built = await esbuild({
    stdin: {
      contents: `import { monthTables } from './values/months';
        import { currencySymbolTable } from './extract/facts/currency';
        export default { ...monthTables(), currencySymbols: currencySymbolTable() };`,
      resolveDir: join(root, 'packages/engine/src'),
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'error',
  });
  const code = built.outputFiles[0].text;
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)).default;
}

async function build(name, dir) {
  const spec = BUNDLES[name];
  const { build: esbuild } = await import('esbuild');
  const outRoot = join(root, spec.outRoot);
  mkdirSync(outRoot, { recursive: true });
  const tmp = `${dir}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  const tables = await intlTables(esbuild);
  await esbuild({
    entryPoints: Object.fromEntries(Object.entries(spec.entries()).map(([k, v]) => [k, join(root, v)])),
    outdir: tmp,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // esbuild's table has Node without \p{...} in regex literals and rewrites each into a
    // `new RegExp(...)` built at every call; Node 20 has them.
    supported: { 'regexp-unicode-property-escapes': true },
    define: { STATEMINT_INTL_TABLES: JSON.stringify(JSON.stringify(tables)) },
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
      {
        // The shared package's modules only declare things (no module registers or patches
        // anything when it loads): one whose exports a bundle does not use is left out. The engine
        // imports AppError and the statement's types from its index, which re-exports the API's
        // TypeBox schemas too; without this the converter loaded and built them at every start
        // (~0.2 s of CPU).
        name: 'shared-without-side-effects',
        setup(b) {
          const shared = `${join(root, 'packages', 'shared', 'src')}/`;
          b.onResolve({ filter: /.*/ }, async (args) => {
            if (args.pluginData === 'resolving') return undefined;
            if (args.path !== '@statemint/shared' && !args.importer.startsWith(shared)) return undefined;
            const { path, errors, external } = await b.resolve(args.path, {
              kind: args.kind,
              importer: args.importer,
              resolveDir: args.resolveDir,
              pluginData: 'resolving',
            });
            return !errors.length && !external && path.startsWith(shared) ? { path, sideEffects: false } : undefined;
          });
        },
      },
      {
        // import.meta.url stays the source file's URL (see the top of this file).
        name: 'source-urls',
        setup(b) {
          b.onLoad({ filter: /\.ts$/ }, (args) => {
            const text = readFileSync(args.path, 'utf8');
            if (!text.includes('import.meta.url')) return undefined;
            return {
              contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
              loader: 'ts',
            };
          });
        },
      },
    ],
  });
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another process built it first
  }
  // Older builds are of no use to new runs, but a run that started before this build may still
  // import its lazily loaded chunks: only builds unused for an hour are removed.
  const stale = Date.now() - 3_600_000;
  for (const old of readdirSync(outRoot)) {
    const path = join(outRoot, old);
    if (!old.startsWith(`${name}-`) || path === dir || old.includes('.tmp-')) continue;
    try {
      if (statSync(path).mtimeMs < stale) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

// `node scripts/lib/bundles.mjs` (npm run build): every bundle, ahead of the first run.
if (process.argv[1] === import.meta.filename) {
  for (const name of Object.keys(BUNDLES)) {
    const t0 = performance.now();
    const entry = Object.keys(BUNDLES[name].entries())[0];
    const url = await bundleEntry(name, entry);
    console.log(`bundle ${name}: ${relative(root, new URL(url).pathname)} (${Math.round(performance.now() - t0)} ms)`);
  }
}
