// Type-checks every package with its own tsconfig (part of `npm test`).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const projects = ['packages/shared', 'packages/engine', 'packages/server', 'packages/web', 'e2e'];
let failed = false;
for (const project of projects) {
  const r = spawnSync(process.execPath, [tsc, '-p', project], { stdio: 'inherit' });
  if (r.status !== 0) failed = true;
}
console.log(failed ? 'typecheck: errors found' : `typecheck: ${projects.length} projects clean`);
process.exit(failed ? 1 : 0);
