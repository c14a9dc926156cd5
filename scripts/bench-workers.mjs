// npm run bench:workers [-- --files 40 --workers 1,2]
//
// Issue 16: do more workers convert more? For each worker count, `statemint serve` and that many
// `statemint worker` processes (one conversion thread each) share one Redis queue and one
// PostgreSQL schema (DATABASE_URL or TEST_DATABASE_URL, REDIS_URL or TEST_REDIS_URL, else the
// local defaults); 40 text PDFs (the bench corpus's, else generated ones) are queued first, then
// the workers start. Prints files per second from the first conversion started to the last one
// finished (the workers' own log times) and the ratio to one worker. Target: 2 workers >= 1.8x.
// Wall figures depend on what else the machine is doing: say what was running.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, root, sleep } from './lib/server.mjs';

const { values: args } = parseArgs({
  options: {
    files: { type: 'string', default: '40' },
    workers: { type: 'string', default: '1,2' },
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

/** Starts `statemint <role>`; resolves once /api/health answers. Its stdout lines are kept. */
async function start(role, env) {
  const port = await freePort();
  const proc = spawn(process.execPath, [join(root, 'scripts/start-server.mjs'), role], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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
    const ws = await Promise.all(Array.from({ length: workers }, () => start('worker', env)));
    procs.push(...ws);
    const deadline = Date.now() + 20 * 60_000;
    for (;;) {
      const { rows } = await admin.query(`SELECT status, count(*)::int AS n FROM ${schema}.files GROUP BY status`);
      const processing = rows.find((r) => r.status === 'processing')?.n ?? 0;
      if (processing === 0) break;
      if (Date.now() > deadline) throw new Error(`${processing} files still processing`);
      await sleep(250);
    }
    const lines = ws.flatMap((w) => w.logs());
    const startedAt = Math.min(...lines.filter((l) => l.msg === 'conversion started').map((l) => l.time));
    const finished = lines.filter((l) => l.msg === 'conversion finished');
    const finishedAt = Math.max(...finished.map((l) => l.time));
    const perWorker = ws.map((w) => w.logs().filter((l) => l.msg === 'conversion finished').length);
    const failed = finished.filter((l) => !l.ok).length;
    const seconds = (finishedAt - startedAt) / 1000;
    return { seconds, rate: files.length / seconds, perWorker, failed };
  } finally {
    for (const p of procs) p.proc.kill('SIGKILL');
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const files = await inputs();
console.log(
  `bench:workers: ${files.length} text PDFs queued, then N worker processes (1 conversion thread each) on one Redis queue`,
);
let base = null;
for (const n of counts) {
  const r = await run(n, files);
  base ??= r.rate;
  console.log(
    `  ${n} worker${n === 1 ? ' ' : 's'}: ${r.seconds.toFixed(1).padStart(6)} s  ${r.rate.toFixed(2).padStart(6)} files/s  ${(r.rate / base).toFixed(2)}x  (files per worker ${r.perWorker.join(' + ')}, ${r.failed} failed)`,
  );
}
console.log('target: 2 workers >= 1.8x of one');
