// npm run bench:workers [-- --files 40 --workers 1,2 --pin --node-flags=--single-threaded]
//
// Issue 16: do more workers convert more? For each worker count, `statemint serve` and that many
// `statemint worker` processes (one conversion thread each) share one Redis queue and one
// PostgreSQL schema (DATABASE_URL or TEST_DATABASE_URL, REDIS_URL or TEST_REDIS_URL, else the
// local defaults); 40 text PDFs (the bench corpus's, else generated ones) are queued first, then
// the workers start. Prints files per second from the first conversion started to the last one
// finished (the workers' own log times) and the ratio to one worker. Target: 2 workers >= 1.8x.
// Wall figures depend on what else the machine is doing, so each run also prints its CPU-seconds
// per file (each process; a worker's main, conversion and helper threads; PostgreSQL backends;
// Redis), the workers' idle time between jobs, how busy the machine was and how much of that was
// this run, and what the CPU figures allow on this machine's cores.
// Diagnostics: --pin (worker i on core i only), --node-flags=... (flags for the worker processes).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CpuTimeline, procAvailable } from './lib/cpu.mjs';
import { freePort, root, sleep } from './lib/server.mjs';

const { values: args } = parseArgs({
  options: {
    files: { type: 'string', default: '40' },
    workers: { type: 'string', default: '1,2' },
    // Diagnostic, not the target's measurement: worker i runs on core i only (taskset), so one
    // worker cannot use a second core. Near 2x here means nothing between the workers serialises.
    pin: { type: 'boolean', default: false },
    // Diagnostic: Node/V8 flags for the worker processes, e.g. --node-flags=--single-threaded puts
    // V8's compiler and garbage collector on the thread they serve (the helper threads fall idle).
    'node-flags': { type: 'string', default: '' },
  },
});
const FILES = Number(args.files);
const counts = args.workers.split(',').map(Number);
const databaseUrl =
  process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const corpus = join(root, '..', 'shared', 'bench', 'corpus');

async function inputs() {
  if (existsSync(corpus)) {
    const pdfs = readdirSync(corpus)
      .filter((f) => /-\d\.pdf$/.test(f))
      .sort();
    if (pdfs.length > 0)
      return Array.from({ length: FILES }, (_, i) => {
        const name = pdfs[i % pdfs.length];
        return { name, bytes: readFileSync(join(corpus, name)) };
      });
  }
  const { register } = await import('tsx/esm/api');
  register();
  const samples = await import('../packages/server/src/files/sample-statements.ts');
  return Array.from({ length: FILES }, (_, i) => ({
    name: `statement-${i}.pdf`,
    bytes: samples.samplePdfStatement(40, 100_000 + i, i + 1),
  }));
}

/**
 * Starts `statemint <role>` (on one core when `cpu` is given, its CPU followed from the start when
 * `timeline` is); resolves once /api/health answers. Its stdout lines are kept.
 */
async function start(role, env, { cpu, timeline, label } = {}) {
  const port = await freePort();
  const flags = role === 'worker' ? args['node-flags'].split(' ').filter(Boolean) : [];
  const argv = [process.execPath, ...flags, join(root, 'scripts/start-server.mjs'), role];
  // taskset execs node in place, so the pid stays the server's.
  if (cpu !== undefined) argv.unshift('taskset', '-c', String(cpu));
  const proc = spawn(argv[0], argv.slice(1), {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  timeline?.add(label ?? role, proc.pid);
  let out = '';
  proc.stdout.on('data', (d) => {
    out += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`statemint ${role} exited`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`statemint ${role} did not start`);
    await sleep(100);
  }
  const logs = () =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
  return { proc, url, logs };
}

async function run(workers, files) {
  const schema = `bench_workers_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'statemint-bench-workers-'));
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  // Names this run's database sessions, so their backends' CPU is counted (pg_stat_activity).
  url.searchParams.set('application_name', schema);
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    QUEUE_NAME: `statemint-bench-${randomBytes(4).toString('hex')}`,
    TRUST_PROXY: 'loopback',
    CONVERSION_WORKERS: '1',
  };
  const procs = [];
  try {
    const serve = await start('serve', env);
    procs.push(serve);
    const ids = [];
    for (const [i, file] of files.entries()) {
      const form = new FormData();
      form.append('file', new Blob([file.bytes]), file.name);
      form.append('email', `bench-${i}@example.com`);
      const res = await fetch(`${serve.url}/api/files/upload-free-trial`, {
        method: 'POST',
        body: form,
        headers: { 'x-forwarded-for': `2001:db8:9::${(i + 1).toString(16)}`, 'x-device-fingerprint': `bench-${i}` },
      });
      if (res.status !== 201) throw new Error(`upload ${i}: ${res.status} ${await res.text()}`);
      ids.push((await res.json()).id);
    }
    // CPU is followed from before the workers start; the window is chosen afterwards from the logs.
    const timeline = procAvailable ? new CpuTimeline() : null;
    timeline?.add('serve', serve.proc.pid);
    for (const pid of redisPids()) timeline?.add('redis', pid);
    const cores = availableParallelism();
    const ws = await Promise.all(
      Array.from({ length: workers }, (_, i) =>
        start('worker', env, { cpu: args.pin ? i % cores : undefined, timeline, label: `worker ${i + 1}` }),
      ),
    );
    procs.push(...ws);
    const backends = async () => {
      if (!timeline) return;
      // This run's sessions only: PostgreSQL's own background processes serve everyone on the machine.
      const { rows } = await admin.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [schema]);
      for (const r of rows) timeline.add('postgres', r.pid);
    };
    const deadline = Date.now() + 20 * 60_000;
    for (;;) {
      const { rows } = await admin.query(`SELECT status, count(*)::int AS n FROM ${schema}.files GROUP BY status`);
      const processing = rows.find((r) => r.status === 'processing')?.n ?? 0;
      if (processing === 0) break;
      if (Date.now() > deadline) throw new Error(`${processing} files still processing`);
      await backends();
      await sleep(250);
    }
    const lines = ws.flatMap((w) => w.logs());
    const startedAt = Math.min(...lines.filter((l) => l.msg === 'conversion started').map((l) => l.time));
    // The same window as the rate's: from the first conversion started to the end.
    const usage = timeline?.report(startedAt) ?? null;
    const finished = lines.filter((l) => l.msg === 'conversion finished');
    const finishedAt = Math.max(...finished.map((l) => l.time));
    const perWorker = ws.map((w) => w.logs().filter((l) => l.msg === 'conversion finished').length);
    const failed = finished.filter((l) => !l.ok).length;
    const seconds = (finishedAt - startedAt) / 1000;
    // Per worker: how long a job ran (thread + outcome stored) and the idle time between one job's
    // end and the next one's start (BullMQ completing and fetching, loading the next task).
    const pace = ws.map((w) => {
      const own = w.logs().filter((l) => l.msg === 'conversion started' || l.msg === 'conversion finished');
      own.sort((a, b) => a.time - b.time);
      const gaps = [];
      for (let i = 1; i < own.length; i++)
        if (own[i].msg === 'conversion started' && own[i - 1].msg === 'conversion finished')
          gaps.push(own[i].time - own[i - 1].time);
      const runs = own.filter((l) => l.msg === 'conversion finished').map((l) => l.ms);
      const mean = (a) => (a.length ? a.reduce((x, y) => x + y, 0) / a.length : 0);
      const ready = w.logs().find((l) => l.msg === 'statemint worker started')?.time ?? Number.NaN;
      return { job: mean(runs), gap: mean(gaps), ready };
    });
    for (const p of pace) p.readyAfter = (p.ready - startedAt) / 1000;
    return { seconds, rate: files.length / seconds, perWorker, failed, usage, pace };
  } finally {
    for (const p of procs) p.proc.kill('SIGKILL');
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function redisPids() {
  if (!procAvailable) return [];
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'redis-server';
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** CPU seconds per file of each part of one run, and what the whole machine did meanwhile. */
function summarise(r, fileCount) {
  const { byLabel, machine } = r.usage;
  let ours = 0;
  let workerTotal = 0;
  let conversionThreads = 0;
  const parts = [];
  const per = (s) => (s / fileCount).toFixed(3);
  for (const [label, u] of byLabel) {
    ours += u.total;
    if (label.startsWith('worker')) {
      workerTotal += u.total;
      conversionThreads += u.busiest;
      const own = r.perWorker[Number(label.split(' ')[1]) - 1];
      parts.push(
        `${label} ${per(u.total)} (main thread ${per(u.main)}, conversion thread ${per(u.busiest)}, helper threads ${per(u.total - u.main - u.busiest)}; ${(u.total / own).toFixed(3)} per file it converted)`,
      );
    } else parts.push(`${label} ${per(u.total)}`);
  }
  const lines = [`CPU s per file: ${parts.join(', ')}; in all ${per(ours)}`];
  for (const [i, p] of r.pace.entries())
    lines.push(
      `worker ${i + 1}: a job ${p.job.toFixed(0)} ms (thread + outcome stored), ${p.gap.toFixed(0)} ms idle between jobs, ready ${p.readyAfter.toFixed(1)} s after the first conversion started`,
    );
  if (machine)
    lines.push(
      `machine over ${machine.wall.toFixed(1)} s: ${(machine.busy / machine.wall).toFixed(2)} of ${(machine.all / machine.wall).toFixed(1)} cores busy; this run ${(ours / machine.wall).toFixed(2)}, everything else ${((machine.busy - ours) / machine.wall).toFixed(2)}`,
    );
  for (const l of lines) console.log(`      ${l}`);
  return {
    cpuPerFile: ours / fileCount,
    conversionPerFile: conversionThreads / fileCount,
    spread: workerTotal / conversionThreads,
  };
}

const files = await inputs();
console.log(
  `bench:workers: ${files.length} text PDFs queued, then N worker processes (1 conversion thread each) on one Redis queue${args.pin ? '; worker i pinned to core i (diagnostic)' : ''}${args['node-flags'] ? `; workers run with ${args['node-flags']} (diagnostic)` : ''}`,
);
const results = [];
for (const n of counts) {
  const r = await run(n, files);
  const base = results[0]?.rate ?? r.rate;
  console.log(
    `  ${n} worker${n === 1 ? ' ' : 's'}: ${r.seconds.toFixed(1).padStart(6)} s  ${r.rate.toFixed(2).padStart(6)} files/s  ${(r.rate / base).toFixed(2)}x  (files per worker ${r.perWorker.join(' + ')}, ${r.failed} failed)`,
  );
  results.push({ n, rate: r.rate, ...(r.usage ? summarise(r, files.length) : {}) });
}
// What the CPU figures allow, whatever else the machine was doing: workers convert at most as fast
// as the cores burn their CPU-seconds per file.
const [one, ...more] = results;
if (one?.cpuPerFile && !args.pin && !args['node-flags']) {
  const cores = availableParallelism();
  console.log(
    `why: a worker process burns ${one.spread.toFixed(2)} CPU-s per CPU-s of its conversion thread (V8 compiles and collects garbage on helper threads beside it), so one worker alone can keep ${Math.min(one.spread, cores).toFixed(1)} of the ${cores} cores busy`,
  );
  for (const m of more) {
    const needed = 1.8 * one.rate;
    console.log(
      `  ${m.n} workers burned ${m.cpuPerFile.toFixed(3)} CPU-s per file (1 worker: ${one.cpuPerFile.toFixed(3)}; ${((m.cpuPerFile - one.cpuPerFile) * files.length).toFixed(1)} CPU-s more in all, each process warming up its own V8 on fewer files): on ${cores} cores at most ${Math.min(m.n / m.conversionPerFile, cores / m.cpuPerFile).toFixed(2)} files/s; 1.8x of one worker here (${needed.toFixed(2)} files/s) needs at most ${(cores / needed).toFixed(3)} CPU-s per file`,
    );
  }
}
console.log('target: 2 workers >= 1.8x of one');
