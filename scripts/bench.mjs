// `npm run bench`: the accuracy benchmark of ../shared/bench through bin/statemint, then speed figures.
//
//   npm run bench                                   the fixed corpus, then speed
//   npm run bench -- --random 60 --seed S [--mix 100,0,0] [--keep DIR]
//                                                   a fresh corpus the generator composes for seed S
//                                                   (its own layout per document), scored, no speed
//
// Either way it prints, beside the scorer's table: how each statement reconciled, how many said
// "balanced" while one of their rows is wrong (must be 0), and how often each engine pass fired,
// on how many statements, and on how many of those the result was exact, so a pass that never
// helps shows. Other arguments go to the scorer (e.g. `--filter text-pdf`); `--no-speed` skips
// the speed figures.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { generateRandom } from './lib/generator.mjs';

const root = join(import.meta.dirname, '..');
const bench = join(root, '..', 'shared', 'bench');
if (!existsSync(join(bench, 'score.mjs'))) {
  console.error(`bench: ${bench}/score.mjs not found (../shared beside the project is needed)`);
  process.exit(2);
}

const argv = process.argv.slice(2);
// This script's own options (those with a value take the next argument); the rest go to the scorer.
const withValue = ['--random', '--seed', '--mix', '--keep'];
const value = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const scorerArgs = argv.filter(
  (a, i) => a !== '--no-speed' && !withValue.includes(a) && !withValue.includes(argv[i - 1]),
);
const random = value('--random');

let corpus = join(bench, 'corpus');
let cleanup = null;
if (random) {
  const seed = value('--seed') ?? `${Date.now()}`;
  corpus = value('--keep') ?? mkdtempSync(join(tmpdir(), 'statemint-bench-random-'));
  if (!value('--keep')) cleanup = corpus;
  mkdirSync(corpus, { recursive: true });
  console.log(`bench: generating ${random} documents, seed ${seed}, into ${corpus}`);
  if (!generateRandom(corpus, random, seed, value('--mix'))) {
    console.error('bench: the generator failed');
    process.exit(1);
  }
}

const outdir = mkdtempSync(join(tmpdir(), 'statemint-bench-out-'));
const report = join(outdir, 'report.json');
const cli = join(root, 'bin', 'statemint');
const r = spawnSync(
  process.execPath,
  [
    join(bench, 'score.mjs'),
    '--corpus',
    corpus,
    '--batch-cmd',
    `${cli} convert --format json --out-dir {outdir} {inputs}`,
    '--outdir',
    join(outdir, 'json'),
    '--report',
    report,
    ...scorerArgs,
  ],
  { stdio: 'inherit' },
);
if (existsSync(report)) summarise(JSON.parse(readFileSync(report, 'utf8')), join(outdir, 'json'));
rmSync(outdir, { recursive: true, force: true });
if (cleanup) rmSync(cleanup, { recursive: true, force: true });
if (r.status !== 0) process.exit(r.status ?? 1);

const speed = join(root, 'scripts', 'bench-speed.mjs');
if (existsSync(speed) && !argv.includes('--no-speed') && !random) {
  const s = spawnSync(process.execPath, [speed], { stdio: 'inherit' });
  process.exit(s.status ?? 1);
}

/** Reconciliation outcomes, balanced-but-wrong statements and per-pass firings, from the outputs. */
function summarise(rep, jsonDir) {
  const docs = new Map(rep.documents.map((d) => [d.id, d]));
  const status = new Map();
  let balancedWrong = 0;
  const passes = new Map();
  if (!existsSync(jsonDir)) return;
  for (const f of readdirSync(jsonDir)) {
    if (!f.endsWith('.json')) continue;
    const doc = docs.get(basename(f, '.json'));
    if (!doc || doc.failed) continue;
    let out;
    try {
      out = JSON.parse(readFileSync(join(jsonDir, f), 'utf8'));
    } catch {
      continue;
    }
    const exact = doc.exact && Object.values(doc.meta ?? {}).every(Boolean);
    for (const s of Array.isArray(out) ? out : [out]) {
      const st = s.reconciliation?.status ?? 'none';
      status.set(st, (status.get(st) ?? 0) + 1);
      if (st === 'balanced' && !doc.exact) balancedWrong++;
      const fired = new Map();
      for (const e of s.trace ?? []) fired.set(e.pass, (fired.get(e.pass) ?? 0) + 1);
      for (const [pass, n] of fired) {
        const p = passes.get(pass) ?? { entries: 0, statements: 0, exact: 0 };
        p.entries += n;
        p.statements++;
        if (exact) p.exact++;
        passes.set(pass, p);
      }
    }
  }
  console.log(`\nreconciliation: ${[...status].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(`balanced-but-wrong: ${balancedWrong}`);
  console.log('\npass                        entries  statements  exact');
  for (const [pass, p] of [...passes].sort((a, b) => b[1].statements - a[1].statements))
    console.log(
      `${pass.padEnd(26)} ${String(p.entries).padStart(9)} ${String(p.statements).padStart(11)} ${String(p.exact).padStart(6)}`,
    );
}
