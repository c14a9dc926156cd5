// The benchmark's document generator (../shared/bench/gen), copied outside ../shared (read-only
// there) with its packages installed once, and a fresh random corpus composed with it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const benchDir = join(import.meta.dirname, '..', '..', '..', 'shared', 'bench');

/** The generator's folder, ready to run (exits the process when its packages cannot be installed). */
export function generatorCopy() {
  const src = join(benchDir, 'gen');
  const lock = readFileSync(join(src, 'package-lock.json'));
  const dir = join(tmpdir(), `statemint-bench-gen-${createHash('sha256').update(lock).digest('hex').slice(0, 12)}`);
  cpSync(src, dir, { recursive: true, filter: (p) => !p.includes('node_modules') });
  if (!existsSync(join(dir, 'node_modules'))) {
    console.log('bench: installing the generator’s packages (once)');
    const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--silent'], { cwd: dir, stdio: 'inherit' });
    if (npm.status !== 0) process.exit(npm.status ?? 1);
  }
  return dir;
}

/** Writes `count` generated documents for `seed` into `out` (a layout of its own each); false when it fails. */
export function generateRandom(out, count, seed, mix) {
  const gen = generatorCopy();
  const args = [join(gen, 'generate.mjs'), '--random', String(count), '--seed', String(seed), '--out', out];
  if (mix) args.push('--mix', mix);
  const g = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'], cwd: gen });
  return g.status === 0;
}
