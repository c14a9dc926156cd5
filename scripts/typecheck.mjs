// Type-checks every package with its own tsconfig (part of `npm test`). The projects are checked
// side by side, as many at a time as there are cores (each tsc is one thread); each one's output is
// printed whole, in the order of the list.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// The slowest first (CPU seconds here: server 18, engine 11, web 10, e2e 5, shared 3), so that the
// last ones to start are short.
const projects = ['packages/server', 'packages/engine', 'packages/web', 'e2e', 'packages/shared'];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (status) => resolve({ project, status, output }));
  });
}

const results = new Map();
const queue = [...projects];
await Promise.all(
  Array.from({ length: Math.min(projects.length, availableParallelism()) }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) results.set(project, await check(project));
  }),
);
let failed = false;
for (const project of projects) {
  const { status, output } = results.get(project);
  if (output) process.stdout.write(output);
  if (status !== 0) failed = true;
}
console.log(failed ? 'typecheck: errors found' : `typecheck: ${projects.length} projects clean`);
process.exit(failed ? 1 : 0);
