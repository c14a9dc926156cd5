// The worst-case budget of `npm run bench`: every document of the public corpus, the real
// development corpus (built from the mirrors beside the project, when they are there) and a fresh
// random seed, each through its own `bin/statemint convert` process, as a user's file runs. Prints
// per document the wall and CPU seconds, seconds per page, peak memory and the pages read by OCR
// and why; then the slowest ten, every document over its budget, and per corpus how many PDF
// pages OCR read and why. Budgets (issue 28, and the OCR issue for scans): a text document 1 s a
// page and 5 s in all up to 10 pages; a scanned PDF 2 s a page (a 10-page scan in 20 s); a photo
// 5 s. Wall times include the process's start-up and move with what else the machine runs: CPU
// seconds (the process and the OCR processes it waited for) say how much work it was.
//
//   node scripts/bench-budget.mjs [--random N] [--seed S] [--mix T,S,P] [--no-random] [--no-real] [--filter ID,..]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitedChildrenCpu } from './lib/cpu.mjs';
import { benchDir, generateRandom } from './lib/generator.mjs';

const root = join(import.meta.dirname, '..');
const cli = join(root, 'bin', 'statemint');
const argv = process.argv.slice(2);
const value = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const filter = value('--filter')?.split(',');

const work = mkdtempSync(join(tmpdir(), 'statemint-budget-'));
try {
  const corpora = [{ name: 'public', dir: join(benchDir, 'corpus') }];
  if (!argv.includes('--no-real')) {
    const real = realCorpus(join(work, 'real'));
    if (real) corpora.push({ name: 'real', dir: real });
  }
  if (!argv.includes('--no-random')) {
    const seed = value('--seed') ?? `${Date.now()}`;
    const dir = join(work, 'random');
    // Text PDFs by default: scans and photos need ImageMagick to generate (--mix 0,60,40 asks for them).
    if (generateRandom(dir, value('--random') ?? '20', seed, value('--mix') ?? '100,0,0'))
      corpora.push({ name: `random seed ${seed}`, dir });
    else console.log('budget: the generator failed; no random corpus');
  }
  const rows = [];
  for (const c of corpora) rows.push(...runCorpus(c));
  report(rows);
  pathological();
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** The real development corpus, prepared into `out` from the mirrors; null when they are not there. */
function realCorpus(out) {
  const prepare = join(benchDir, 'real', 'prepare.sh');
  if (!existsSync(prepare)) return null;
  const r = spawnSync('bash', [prepare, out], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0 || !existsSync(join(out, 'manifest.json'))) {
    console.log('budget: the real corpus was not built (its mirrors are not beside the project); skipped');
    return null;
  }
  return out;
}

/** The budget a document is held to: seconds per page and for the whole document. */
function budgetOf(doc) {
  if (doc.category === 'image' || /\.(png|jpe?g|gif|bmp|tiff?|svg)$/i.test(doc.file))
    return { kind: 'photo', perPage: 5, whole: 5 };
  if (/scan/.test(doc.category) || /scan/.test(doc.id)) return { kind: 'scan', perPage: 2, whole: 20 };
  return { kind: 'text', perPage: 1, whole: doc.pages <= 10 ? 5 : Number.POSITIVE_INFINITY };
}

function runCorpus({ name, dir }) {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const out = join(work, 'out.json');
  const rows = [];
  for (const doc of manifest) {
    if (filter && !filter.some((f) => doc.id === f || doc.category === f)) continue;
    const args = ['convert', '--format', 'json', '--out', out, join(dir, doc.file)];
    if (doc.password) args.splice(1, 0, '--password', doc.password);
    rmSync(out, { force: true });
    const cpu0 = waitedChildrenCpu();
    const t0 = process.hrtime.bigint();
    const r = spawnSync(cli, args, { encoding: 'utf8', env: { ...process.env, STATEMINT_REPORT_RESOURCES: '1' } });
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu = cpu0 === null ? null : (waitedChildrenCpu() ?? cpu0) - cpu0;
    const peak = Number(/maxRSS=(\d+)/.exec(r.stderr)?.[1] ?? Number.NaN) / 1024;
    const pages = doc.pages ?? 1;
    const ocr = ocrPages(out);
    const failed = r.status === 0 ? '' : (/: ([A-Z_]+): /.exec(r.stderr)?.[1] ?? `exit ${r.status}`);
    rows.push({ corpus: name, doc, pages, seconds, cpu, peak, ocr, failed, budget: budgetOf(doc) });
    process.stderr.write(`budget: ${name} ${doc.id} ${fmt(seconds)} s\n`);
  }
  return rows;
}

/** The PDF pages a conversion read by OCR, with why (its statements' `text-layer` trace entries). */
function ocrPages(out) {
  if (!existsSync(out)) return [];
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    return [];
  }
  const pages = new Map();
  for (const s of Array.isArray(parsed) ? parsed : [parsed])
    for (const e of s.trace ?? []) if (e.pass === 'text-layer' && e.to === 'read by OCR') pages.set(e.field, e.why);
  return [...pages].map(([page, why]) => ({ page, why }));
}

function fmt(n, d = 2) {
  return n === null || Number.isNaN(n) ? '-' : n.toFixed(d);
}

function report(rows) {
  const overBy = (r, s) => s / r.pages > r.budget.perPage || s > r.budget.whole;
  const over = (r) => overBy(r, r.seconds);
  const line = (r) =>
    [
      r.doc.id.padEnd(34),
      r.corpus.padEnd(8).slice(0, 8),
      r.budget.kind.padEnd(5),
      String(r.pages).padStart(5),
      fmt(r.seconds).padStart(7),
      fmt(r.cpu).padStart(7),
      fmt(r.seconds / r.pages).padStart(7),
      fmt(r.peak, 0).padStart(6),
      String(r.ocr.length).padStart(4),
      over(r) ? ' OVER' : '     ',
      r.failed ? ` ${r.failed}` : '',
    ].join(' ');
  const head = `${'document'.padEnd(34)} ${'corpus'.padEnd(8)} kind  pages    wall     cpu  s/page peakMB  ocr`;
  console.log('\nworst-case budget: every document in its own bin/statemint process');
  console.log(head);
  for (const r of rows) console.log(line(r));

  const slowest = [...rows].sort((a, b) => b.seconds / b.pages - a.seconds / a.pages).slice(0, 10);
  console.log('\nslowest ten (seconds per page)');
  console.log(head);
  for (const r of slowest) console.log(line(r));

  const overBudget = rows.filter(over);
  console.log(
    `\nover budget: ${overBudget.length} of ${rows.length} (text 1 s/page and 5 s up to 10 pages; scan 2 s/page; photo 5 s)`,
  );
  for (const r of overBudget) console.log(`  ${r.doc.id} (${r.corpus}): ${fmt(r.seconds)} s, ${r.pages} pages`);
  // On a busy machine wall times say more about the others' work than this one's: CPU seconds
  // held to the same budget tell what an idle machine of this speed would take, about.
  const overCpu = rows.filter((r) => r.cpu !== null && overBy(r, r.cpu));
  console.log(`over budget in CPU seconds: ${overCpu.length} of ${rows.length}`);
  for (const r of overCpu) console.log(`  ${r.doc.id} (${r.corpus}): ${fmt(r.cpu)} CPU s, ${r.pages} pages`);
  console.log(
    `load average now: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );

  // Per corpus: PDF pages of text documents read by OCR, and why (numbers left out of the reason).
  for (const corpus of new Set(rows.map((r) => r.corpus))) {
    const text = rows.filter((r) => r.corpus === corpus && r.budget.kind === 'text' && /\.pdf$/i.test(r.doc.file));
    const reasons = new Map();
    for (const r of text)
      for (const o of r.ocr) {
        const why = o.why
          .replace(/\(.*\)/, '')
          .replace(/\d+(\.\d+)?/g, 'N')
          .trim();
        reasons.set(why, (reasons.get(why) ?? 0) + 1);
      }
    const pages = text.reduce((n, r) => n + r.pages, 0);
    const ocrd = text.reduce((n, r) => n + r.ocr.length, 0);
    console.log(`\ntext PDFs (${corpus}): ${ocrd} of ${pages} pages read by OCR`);
    for (const [why, n] of reasons) console.log(`  ${String(n).padStart(4)}  ${why}`);
  }
}

/** Inputs built to be slow: each must be answered at once, with its error. */
function pathological() {
  const file = join(work, 'oneline.txt');
  writeFileSync(file, 'x1 2024-01-01 12.00 '.repeat(9.9e6 / 20));
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cli, ['convert', '--out', join(work, 'oneline.json'), file], { encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const code = /: ([A-Z_]+): /.exec(r.stderr)?.[1] ?? `exit ${r.status}`;
  console.log(`\npathological: a 9.9 MB text of one line: ${code} in ${fmt(seconds)} s (budget 5 s)`);
}
