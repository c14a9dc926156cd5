// Speed figures for `npm run bench`: the 100-page text PDF of the perf category through
// bin/statemint (one process: wall time, pages/s, CPU seconds, peak memory), beside `pdftotext -layout`
// (poppler, the C++ floor) on the same file. Then the OCR and export benches and the worst-case
// budget (bench-budget.mjs: every document in a process of its own) when present.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitedChildrenCpu } from './lib/cpu.mjs';

const root = join(import.meta.dirname, '..');
const corpus = join(root, '..', 'shared', 'bench', 'corpus');
const manifest = JSON.parse(readFileSync(join(corpus, 'manifest.json'), 'utf8'));
const perf = manifest.find((d) => d.category === 'perf' && !/scan/.test(d.id));
const out = mkdtempSync(join(tmpdir(), 'statemint-speed-'));

function run(cmd, args, env = {}) {
  const cpu0 = waitedChildrenCpu();
  const t0 = process.hrtime.bigint();
  // A variable given as undefined is left unset.
  const all = Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, v]) => v !== undefined));
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: all });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  // CPU seconds of the process (every thread), which a busy machine inflates far less than wall time.
  const cpu = cpu0 === null ? Number.NaN : (waitedChildrenCpu() ?? Number.NaN) - cpu0;
  return { ...r, seconds, cpu };
}

if (perf) {
  const file = join(corpus, perf.file);
  // Each run of the command line as it is (it parses in a thread of its own where a core is free:
  // packages/engine/src/cli/pdf-thread.ts) beside one with and one without the parser thread
  // (STATEMINT_PDF_THREAD=1, =0), alternated so that all see the same load.
  const runs = [];
  const withThread = [];
  const inThread = [];
  let failed = false;
  for (let i = 0; i < 3 && !failed; i++) {
    for (const [list, thread] of [
      [runs, undefined],
      [withThread, '1'],
      [inThread, '0'],
    ]) {
      const env = { STATEMINT_REPORT_RESOURCES: '1', STATEMINT_PDF_THREAD: thread };
      const r = run(join(root, 'bin', 'statemint'), ['convert', '--format', 'json', '--out-dir', out, file], env);
      if (r.status !== 0) {
        console.log(`speed: ${perf.id} failed (STATEMINT_PDF_THREAD=${thread ?? 'unset'}): ${r.stderr.trim()}`);
        failed = true;
        break;
      }
      const peak = /maxRSS=(\d+)/.exec(r.stderr)?.[1];
      list.push({ seconds: r.seconds, cpu: r.cpu, peakMb: peak ? Number(peak) / 1024 : Number.NaN });
    }
  }
  if (runs.length) {
    const best = runs.reduce((a, b) => (a.seconds < b.seconds ? a : b));
    const line = [
      `speed: ${perf.id} pages=${perf.pages}`,
      `seconds=${best.seconds.toFixed(2)}`,
      `pages/s=${(perf.pages / best.seconds).toFixed(1)}`,
      `cpuSeconds=${Math.min(...runs.map((r) => r.cpu)).toFixed(2)}`,
      `pages/cpu-s=${(perf.pages / Math.min(...runs.map((r) => r.cpu))).toFixed(1)}`,
      `peakMB=${best.peakMb.toFixed(0)}`,
      `load=${loadavg()[0].toFixed(1)}`,
    ];
    const pdftotext = spawnSync('sh', ['-c', 'command -v pdftotext'], { encoding: 'utf8' }).stdout.trim();
    if (pdftotext) {
      const p = [0, 1, 2].map(() => run(pdftotext, ['-layout', file, join(out, 'floor.txt')]).seconds);
      const floor = Math.min(...p);
      line.push(`pdftotext=${floor.toFixed(2)}s`, `ratio=${(best.seconds / floor).toFixed(1)}x`);
    } else line.push('pdftotext=not installed (apt-get install poppler-utils)');
    console.log(line.join(' '));
    for (const [list, thread, what] of [
      [withThread, '1', 'with the parser thread'],
      [inThread, '0', 'without the parser thread'],
    ]) {
      if (!list.length) continue;
      const b = list.reduce((x, y) => (x.seconds < y.seconds ? x : y));
      console.log(
        `speed ${what} (STATEMINT_PDF_THREAD=${thread}): seconds=${b.seconds.toFixed(2)} ` +
          `pages/s=${(perf.pages / b.seconds).toFixed(1)} cpuSeconds=${Math.min(...list.map((r) => r.cpu)).toFixed(2)} ` +
          `peakMB=${b.peakMb.toFixed(0)}`,
      );
    }
    console.log(
      'targets (issue 28): pages/s >= 100, peakMB < 300 (best of 3 runs, whole process including start-up; ' +
        'cpuSeconds is the least CPU of the 3, every thread, and load the 1-minute load average: wall time on a busy machine says little)',
    );
  }
}
rmSync(out, { recursive: true, force: true });

for (const extra of ['bench-ocr.mjs', 'bench-export.mjs', 'bench-budget.mjs']) {
  const script = join(root, 'scripts', extra);
  if (existsSync(script)) spawnSync(process.execPath, [script], { stdio: 'inherit' });
}
