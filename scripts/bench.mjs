// `npm run bench`: the accuracy benchmark of ../shared/bench through bin/statemint, then speed figures.
//
//   npm run bench                                   the fixed corpus, then speed
//   npm run bench -- --random 60 --seed S [--mix 100,0,0] [--keep DIR]
//                                                   a fresh corpus the generator composes for seed S
//                                                   (its own layout per document), scored, no speed
//   npm run bench -- --corpus DIR --filter C        another corpus with a manifest (../shared/bench/real)
//   npm run bench -- --ablate [--passes a,b]        scores the corpus once as is, then once with each
//                                                   engine pass off (STATEMINT_DISABLE_PASSES), and
//                                                   prints per pass the documents that get worse;
//                                                   only documents whose trace records the pass are
//                                                   converted again (--ablate-full: every document)
//
// Either way it prints, beside the scorer's table: how each statement reconciled, how many said
// "balanced" while one of their rows is wrong (must be 0), and how often each engine pass fired,
// on how many statements, and on how many of those the result was exact, so a pass that never
// helps shows. Other arguments go to the scorer (e.g. `--filter text-pdf`); `--no-speed` skips
// the speed figures.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { generateRandom } from './lib/generator.mjs';

const root = join(import.meta.dirname, '..');
const besideUs = join(root, '..', 'shared', 'bench');
if (!existsSync(join(besideUs, 'score.mjs'))) {
  console.error(`bench: ${besideUs}/score.mjs not found (../shared beside the project is needed)`);
  process.exit(2);
}
// Its real path: the scorer runs only when started by the path Node resolves for it, so through a
// symlinked ../shared it did nothing and exited 0 (CI's accuracy gate passed without scoring).
const bench = realpathSync(besideUs);

const argv = process.argv.slice(2);
// This script's own options (those with a value take the next argument); the rest go to the scorer.
const withValue = ['--random', '--seed', '--mix', '--keep', '--corpus', '--passes'];
const value = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const scorerArgs = argv.filter(
  (a, i) =>
    a !== '--no-speed' &&
    a !== '--ablate' &&
    a !== '--ablate-full' &&
    !withValue.includes(a) &&
    !withValue.includes(argv[i - 1]),
);
const random = value('--random');

let corpus = value('--corpus') ?? join(bench, 'corpus');
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

if (argv.includes('--ablate') || argv.includes('--ablate-full')) {
  const status = ablate(corpus, scorerArgs, random ? null : value('--corpus'));
  if (cleanup) rmSync(cleanup, { recursive: true, force: true });
  process.exit(status);
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
const scored = existsSync(report);
if (scored) summarise(JSON.parse(readFileSync(report, 'utf8')), join(outdir, 'json'));
rmSync(outdir, { recursive: true, force: true });
if (cleanup) rmSync(cleanup, { recursive: true, force: true });
if (r.status !== 0) process.exit(r.status ?? 1);
// A scorer that wrote no report scored nothing: that is no pass.
if (!scored) {
  console.error('bench: the scorer wrote no report');
  process.exit(1);
}

const speed = join(root, 'scripts', 'bench-speed.mjs');
if (existsSync(speed) && !argv.includes('--no-speed') && !random && !value('--corpus')) {
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

/**
 * `--ablate`: the corpus scored once as is, then once with each registered pass switched off
 * (STATEMINT_DISABLE_PASSES, which bin/statemint inherits through the scorer); per pass, the
 * documents that get worse (fewer rows matched, fewer rows or facts right, exact no more, or
 * refused) and those that get better. A pass no document needs on any corpus is a deletion
 * candidate; passes that cover for each other (one catches what the other would) each look
 * unneeded alone, so read the table with the passes' firings beside it.
 */
function ablate(corpusDir, args, ownCorpus) {
  const passes = registeredPasses();
  const only = value('--passes')?.split(',').filter(Boolean);
  const unknown = (only ?? []).filter((n) => !passes.some((p) => p.name === n));
  if (unknown.length) {
    console.error(`bench: --passes names no pass: ${unknown.join(', ')}`);
    return 2;
  }
  const chosen = only ? passes.filter((p) => only.includes(p.name)) : passes;
  const full = argv.includes('--ablate-full');
  const scoreArgs = [...args.filter((a) => a !== '--ablate-full')];
  // The whole public corpus once per pass (OCR, the 100-page document) takes hours on two cores.
  if (!ownCorpus && !random && !args.includes('--filter')) {
    scoreArgs.push('--filter', 'text-pdf,docx,txt,csv,xlsx,rtf');
    console.log('bench: --ablate scores the public corpus’s text documents only, no OCR (give --filter for others)');
  }
  const started = Date.now();
  console.log(`bench: ablating ${chosen.length} passes on ${corpusDir} ${scoreArgs.join(' ')}`);
  const work = mkdtempSync(join(tmpdir(), 'statemint-ablate-'));
  try {
    const base = scoreOnce(corpusDir, scoreArgs, '', join(work, 'base'));
    if (!base) return 1;
    console.log(`  (all passes on)            ${base.line}`);
    const files = new Map(
      JSON.parse(readFileSync(join(corpusDir, 'manifest.json'), 'utf8')).map((d) => [d.id, join(corpusDir, d.file)]),
    );
    const rows = [];
    for (const p of chosen) {
      const firedOn = base.firedOn.get(p.name) ?? [];
      // A pass records in the trace whatever it changes, so with it off only the documents it
      // fired on can change: those are converted again, the others keep the first run's output
      // (--ablate-full converts every document again, to check that contract).
      let run = base;
      if (full) run = scoreOnce(corpusDir, scoreArgs, p.name, join(work, p.name));
      else if (firedOn.length) run = rescore(corpusDir, scoreArgs, p.name, base, firedOn, files, join(work, p.name));
      if (!run) return 1;
      const worse = [];
      const better = [];
      for (const [id, b] of base.docs) {
        const a = run.docs.get(id);
        if (!a) continue;
        const cmp = compareDocs(b, a);
        if (cmp < 0)
          worse.push(`${id}${a.failed && !b.failed ? '(failed)' : b.exact && !a.exact ? '(exact lost)' : ''}`);
        else if (cmp > 0) better.push(`${id}${a.exact && !b.exact ? '(now exact)' : ''}`);
      }
      rows.push({ ...p, worse, better, fired: firedOn.length });
      console.log(`  ${p.name.padEnd(26)} ${run === base ? '(fired on no document: output unchanged)' : run.line}`);
    }
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    console.log(`\nablation: ${base.docs.size} documents, ${chosen.length} passes, ${minutes} min`);
    console.log('pass                       stage       fired  worse  better  documents worse | better');
    for (const r of rows)
      console.log(
        `${r.name.padEnd(26)} ${r.stage.padEnd(10)} ${String(r.fired).padStart(6)} ${String(r.worse.length).padStart(6)} ${String(r.better.length).padStart(7)}  ${ids(r.worse) || '-'}${r.better.length ? ` | ${ids(r.better)}` : ''}`,
      );
    const unneeded = rows.filter((r) => !r.worse.length);
    console.log(`\nno document here needs (${unneeded.length}): ${unneeded.map((r) => r.name).join(', ') || '-'}`);
    console.log('(fired = documents whose statements record the pass in their trace with every pass on)');
    return 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The first run's outputs with the documents a pass fired on converted again with the pass off,
 * scored from those predictions.
 */
function rescore(corpusDir, args, disable, base, ids, files, dir) {
  const json = join(dir, 'json');
  cpSync(base.json, json, { recursive: true });
  for (const id of ids) rmSync(join(json, `${id}.json`), { force: true });
  spawnSync(
    process.execPath,
    [
      join(root, 'bin', 'statemint'),
      'convert',
      '--format',
      'json',
      '--out-dir',
      json,
      ...ids.map((id) => files.get(id)),
    ],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, STATEMINT_DISABLE_PASSES: disable } },
  );
  return score(corpusDir, args, ['--predictions', json], dir, disable);
}

/** Document ids, the first dozen of a long list. */
function ids(list) {
  return list.length > 12 ? `${list.slice(0, 12).join(' ')} (+${list.length - 12} more)` : list.join(' ');
}

/** The registered passes, in the registry's order, read from the engine's source (no build needed). */
function registeredPasses() {
  const src = readFileSync(join(root, 'packages', 'engine', 'src', 'extract', 'passes.ts'), 'utf8');
  const passes = [...src.matchAll(/^\s+'([a-z-]+)':\s*\{\s*stage:\s*'([a-z]+)'/gm)].map((m) => ({
    name: m[1],
    stage: m[2],
  }));
  // An entry written another way would silently drop out of the ablation.
  if (passes.length !== src.match(/\bstage: '/g)?.length)
    throw new Error('bench: passes.ts has entries this cannot read');
  return passes;
}

/**
 * One scorer run converting the corpus with these passes off, its outputs kept in `dir`: per
 * document id its score, and per pass the documents whose trace records it. Null where the
 * scorer could not run.
 */
function scoreOnce(corpusDir, args, disable, dir) {
  const json = join(dir, 'json');
  const batch = `${join(root, 'bin', 'statemint')} convert --format json --out-dir {outdir} {inputs}`;
  return score(corpusDir, args, ['--batch-cmd', batch, '--outdir', json], dir, disable);
}

function score(corpusDir, args, how, dir, disable) {
  mkdirSync(dir, { recursive: true });
  const report = join(dir, 'report.json');
  const json = how.includes('--predictions') ? how[how.indexOf('--predictions') + 1] : how[how.indexOf('--outdir') + 1];
  const r = spawnSync(
    process.execPath,
    [
      join(bench, 'score.mjs'),
      '--corpus',
      corpusDir,
      ...how,
      '--report',
      report,
      '--quiet',
      ...args.filter((a) => a !== '--quiet'),
    ],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, STATEMINT_DISABLE_PASSES: disable } },
  );
  if (!existsSync(report)) {
    console.error(`bench: the scorer failed${disable ? ` with ${disable} off` : ''}:\n${r.stderr}`);
    return null;
  }
  const rep = JSON.parse(readFileSync(report, 'utf8'));
  const docs = new Map(rep.documents.map((d) => [d.id, d]));
  const firedOn = new Map();
  if (existsSync(json))
    for (const f of readdirSync(json)) {
      if (!f.endsWith('.json')) continue;
      let out;
      try {
        out = JSON.parse(readFileSync(join(json, f), 'utf8'));
      } catch {
        continue;
      }
      const names = new Set((Array.isArray(out) ? out : [out]).flatMap((s) => (s.trace ?? []).map((e) => e.pass)));
      for (const n of names) firedOn.set(n, [...(firedOn.get(n) ?? []), basename(f, '.json')]);
    }
  const line =
    r.stdout
      .trim()
      .split('\n')
      .findLast((l) => l.startsWith('bench:')) ?? '';
  return { docs, firedOn, json, line: line.replace(/^bench: /, '') };
}

/** Negative where `after` is worse than `before`, positive where better: refused, exact, rows matched, rows right, facts right. */
function compareDocs(before, after) {
  const f1 = (d) => (d.truthRows + d.predRows ? (2 * d.matched) / (d.truthRows + d.predRows) : 1);
  const full = (d) => (d.fullDenom ? d.fullCorrect / d.fullDenom : 1);
  const keys = [(d) => (d.failed ? 0 : 1), (d) => (d.exact ? 1 : 0), f1, full, (d) => d.metaCorrect ?? 0];
  let worse = false;
  let better = false;
  for (const k of keys) {
    const [b, a] = [k(before), k(after)];
    if (a < b - 1e-9) worse = true;
    else if (a > b + 1e-9) better = true;
  }
  return worse ? -1 : better ? 1 : 0;
}
