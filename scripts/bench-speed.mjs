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
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: { ...process.env, ...env } });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  // CPU seconds of the process (every thread), which a busy machine inflates far less than wall time.
  const cpu = cpu0 === null ? Number.NaN : (waitedChildrenCpu() ?? Number.NaN) - cpu0;
  return { ...r, seconds, cpu };
}

if (perf) {
  const file = join(corpus, perf.file);
  // Each run beside one with PDF.js parsing in the converting thread (STATEMINT_PDF_THREAD=0, as
  // before the parser thread), alternated so that both see the same load.
  const runs = [];
  const inThread = [];
  let failed = false;
  for (let i = 0; i < 3 && !failed; i++) {
    for (const [list, thread] of [
      [runs, '1'],
      [inThread, '0'],
    ]) {
      const r = run(join(root, 'bin', 'statemint'), ['convert', '--format', 'json', '--out-dir', out, file], {
        STATEMINT_REPORT_RESOURCES: '1',
        STATEMINT_PDF_THREAD: thread,
      });
      if (r.status !== 0) {
        console.log(`speed: ${perf.id} failed (STATEMINT_PDF_THREAD=${thread}): ${r.stderr.trim()}`);
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
    if (inThread.length) {
      const b = inThread.reduce((x, y) => (x.seconds < y.seconds ? x : y));
      console.log(
        `speed without the parser thread (STATEMINT_PDF_THREAD=0): seconds=${b.seconds.toFixed(2)} ` +
          `pages/s=${(perf.pages / b.seconds).toFixed(1)} cpuSeconds=${Math.min(...inThread.map((r) => r.cpu)).toFixed(2)} ` +
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
