// `npm run bench`: the accuracy benchmark of ../shared/bench through bin/statemint, then speed figures.
// Extra arguments go to the scorer (e.g. `npm run bench -- --filter text-pdf`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bench = join(root, '..', 'shared', 'bench');
if (!existsSync(join(bench, 'score.mjs'))) {
  console.error(`bench: ${bench}/score.mjs not found (../shared beside the project is needed)`);
  process.exit(2);
}
const cli = join(root, 'bin', 'statemint');
const args = [
  join(bench, 'score.mjs'),
  '--corpus',
  join(bench, 'corpus'),
  '--batch-cmd',
  `${cli} convert --format json --out-dir {outdir} {inputs}`,
  // --no-speed is this script's own switch; everything else goes to the scorer.
  ...process.argv.slice(2).filter((a) => a !== '--no-speed'),
];
const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);

const speed = join(root, 'scripts', 'bench-speed.mjs');
if (existsSync(speed) && !process.argv.includes('--no-speed')) {
  const s = spawnSync(process.execPath, [speed], { stdio: 'inherit' });
  process.exit(s.status ?? 1);
}
