// Starts the server without building the web app (tests build it once beforehand): from its
// bundle (scripts/lib/bundles.mjs), built first when the sources changed, or where it cannot be
// built (no esbuild) from the TypeScript sources through tsx.
import { bundleEntry } from './lib/bundles.mjs';

const bundled = await bundleEntry('server', 'main').catch((e) => {
  process.stderr.write(`statemint: running the server from its sources (no bundle: ${e.message})\n`);
  return null;
});
if (bundled) await import(bundled);
else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../packages/server/src/main.ts');
}
