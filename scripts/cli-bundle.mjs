// The command line runs from a bundle of the engine's TypeScript, built with esbuild on the
// first run after any source change (a folder per source fingerprint, so concurrent runs and
// stale builds cannot mix). Running plain JavaScript skips tsx's loader hooks at every start.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const sources = ['packages/engine/src', 'packages/shared/src'];
const outRoot = join(root, 'packages', 'engine', 'dist');

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
  hash.update(readFileSync(import.meta.filename)); // a change of build options is a new build too
  hash.update(process.version); // the Intl tables are built under this Node (see intlTables)
  return hash.digest('hex').slice(0, 16);
}

/** URL of the bundled CLI entry, building it first when the sources changed. */
export async function cliEntry() {
  const dir = join(outRoot, `cli-${fingerprint()}`);
  const entry = join(dir, 'run.mjs');
  if (!existsSync(entry)) await build(dir);
  else touch(dir);
  return pathToFileURL(entry).href;
}

/** Marks a build as in use, so that other processes' clean-up keeps it (see build). */
function touch(dir) {
  try {
    const now = new Date();
    utimesSync(dir, now, now);
  } catch {
    // Removed meanwhile: this run's imports fail loudly rather than silently use another build.
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

async function build(dir) {
  const { build: esbuild } = await import('esbuild');
  mkdirSync(outRoot, { recursive: true });
  const tmp = `${dir}.tmp-${process.pid}`;
  const tables = await intlTables(esbuild);
  await esbuild({
    entryPoints: { run: join(root, 'packages/engine/src/cli/run.ts') },
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
    if (!old.startsWith('cli-') || path === dir || old.includes('.tmp-')) continue;
    try {
      if (statSync(path).mtimeMs < stale) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}
