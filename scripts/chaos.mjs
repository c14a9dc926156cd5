// npm run chaos [-- --short] [-- --mode embedded|distributed]
//
// Starts the real server (the embedded default: SQLite and the in-process queue; and, when
// DATABASE_URL and REDIS_URL are set, PostgreSQL with the BullMQ queue), queues a backlog of
// real conversions (text PDFs, CSV exports and a scan; the full run includes the 10-page scan
// of ../shared/bench), kills the server with SIGKILL three times while conversions run,
// starts it again each time, and prints what became of every file. Then audits (issue 29): each
// completed file took exactly one monthly upload and a failed one none (charges against the
// ledger), the database passes its integrity check (PRAGMA integrity_check; pg_amcheck where
// installed), and no stored object is left without its file row. Exit status 0 only when every
// file completed and the audit is clean.
//
// --short (CI): 6 small files and one conversion worker, so a backlog is still there to kill.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { SERVER_MEMORY_ENV } from './lib/server.mjs';

const root = join(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    mode: { type: 'string', multiple: true },
    kills: { type: 'string', default: '3' },
  },
});
const short = args.short;
const kills = Number(args.kills);
const corpus = join(root, '..', 'shared', 'bench', 'corpus');

const { register } = await import('tsx/esm/api');
register();
const samples = await import('../packages/server/src/files/sample-statements.ts');

/** The backlog: [name, bytes]. The slow scan goes first, so a kill always finds work in flight. */
function backlog() {
  const files = [];
  const scan = join(corpus, short ? 'a-us-daily-balance-scan.pdf' : 'perf-a-us-10-page-scan.pdf');
  if (existsSync(scan)) files.push([basename(scan), readFileSync(scan)]);
  else console.log(`chaos: ${scan} not found; the backlog has no scan`);
  const textPdfs = existsSync(corpus)
    ? readdirSync(corpus)
        .filter((f) => /-\d\.pdf$/.test(f))
        .sort()
    : [];
  const want = short ? 6 : 12;
  for (let i = 0; files.length < want; i++) {
    if (i % 3 === 2 || i >= textPdfs.length)
      files.push([`export-${i}.csv`, samples.sampleCsvStatement(20 + i, 100_000, i + 1)]);
    else files.push([textPdfs[i], readFileSync(join(corpus, textPdfs[i]))]);
  }
  return files;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startServer(env) {
  const port = await freePort();
  const proc = spawn(process.execPath, [join(root, 'scripts/start-server.mjs')], {
    cwd: root,
    // As npm start and the image start it (its malloc settings).
    env: { ...process.env, ...SERVER_MEMORY_ENV, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr.on('data', (d) => {
    stderr += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { proc, url, stderr: () => stderr };
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await sleep(100);
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function kill(server) {
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) return;
  const exited = new Promise((r) => server.proc.once('exit', r));
  server.proc.kill('SIGKILL');
  await exited;
}

async function api(url, path, { token, body, method } = {}) {
  const res = await fetch(url + path, {
    method: method ?? (body ? 'POST' : 'GET'),
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A verified Business account (400 files a month is plenty), made through the API. */
async function businessAccount(url, dataDir) {
  const email = `chaos-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'chaos monkey password';
  await api(url, '/api/auth/register', { body: { email, password, name: 'Chaos' } });
  const mails = readdirSync(join(dataDir, 'outbox')).map((f) =>
    readFileSync(join(dataDir, 'outbox', f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '='),
  );
  const token = mails.map((m) => m.match(/verify-email\?token=([\w-]+)/)?.[1]).find(Boolean);
  await api(url, `/api/auth/verify-email?token=${token}`);
  const login = await api(url, '/api/auth/login', { body: { email, password } });
  const session = login.body.token;
  const intent = await api(url, '/api/payments/create-payment-intent', {
    token: session,
    body: { amount: 10000, type: 'business' },
  });
  await api(url, '/api/payments/test-mode/confirm-card', {
    body: {
      clientSecret: intent.body.clientSecret,
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    },
  });
  const confirmed = await api(url, '/api/payments/confirm', {
    token: session,
    body: { paymentIntentId: intent.body.paymentIntentId },
  });
  if (confirmed.status !== 200) throw new Error(`business plan: ${JSON.stringify(confirmed.body)}`);
  return { email, password, token: session };
}

async function uploadFile(url, token, [name, bytes]) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${url}/api/files/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${JSON.stringify(body)}`);
  return body.id;
}

async function statuses(url, token, ids) {
  return Promise.all(ids.map(async (id) => (await api(url, `/api/files/${id}`, { token })).body));
}

/** attempts per file, read from the database (the API does not show them). */
async function attemptsOf(mode, ids) {
  if (mode.databaseUrl) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: mode.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT id, attempts FROM files WHERE id = ANY($1)', [ids]);
      return new Map(rows.map((r) => [r.id, r.attempts]));
    } finally {
      await client.end();
    }
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(join(mode.env.DATA_DIR, 'statemint.db'), { readonly: true });
  try {
    const rows = db.prepare(`SELECT id, attempts FROM files WHERE id IN (${ids.map(() => '?').join(',')})`).all(...ids);
    return new Map(rows.map((r) => [r.id, r.attempts]));
  } finally {
    db.close();
  }
}

/** Rows of `sql` ($1... placeholders) in the mode's database, read while the server runs. */
async function query(mode, sql, params = []) {
  if (mode.databaseUrl) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: mode.databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(join(mode.env.DATA_DIR, 'statemint.db'), { readonly: true });
  try {
    return db.prepare(sql.replace(/\$\d+/g, '?')).all(...params);
  } finally {
    db.close();
  }
}

/** pg_amcheck on PATH or in Debian's PostgreSQL folder, else null. */
function pgAmcheck() {
  if (spawnSync('pg_amcheck', ['--version']).status === 0) return 'pg_amcheck';
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  for (const version of readdirSync(root).sort().reverse()) {
    const bin = join(root, version, 'bin', 'pg_amcheck');
    if (existsSync(bin)) return bin;
  }
  return null;
}

/** Charges against the ledger, the database's integrity, objects without a row: the problems found. */
async function audit(mode, records) {
  const problems = [];
  const uses = new Map();
  for (const r of records) {
    const [row] = await query(mode, `SELECT COUNT(*) AS n FROM usage_events WHERE kind = 'upload' AND file_id = $1`, [
      r.id,
    ]);
    uses.set(r.id, Number(row?.n ?? 0));
  }
  for (const r of records) {
    const want = r.status === 'completed' ? 1 : r.status === 'failed' ? 0 : null;
    if (want !== null && uses.get(r.id) !== want)
      problems.push(`${r.id} (${r.status}) took ${uses.get(r.id)} monthly uploads, not ${want}`);
  }
  const charged = [...uses.values()].reduce((a, b) => a + b, 0);
  const completed = records.filter((r) => r.status === 'completed').length;
  console.log(`audit: ${charged} monthly uploads charged for ${completed} completed files`);

  if (mode.databaseUrl) {
    const bin = pgAmcheck();
    if (!bin) console.log('audit: pg_amcheck not installed: integrity check skipped');
    else {
      const url = new URL(mode.databaseUrl.split('?')[0]);
      const checked = spawnSync(
        bin,
        [
          '--install-missing',
          '--heapallindexed',
          '--schema',
          mode.schema,
          '-h',
          url.hostname,
          '-p',
          url.port || '5432',
          '-U',
          decodeURIComponent(url.username) || 'postgres',
          url.pathname.slice(1),
        ],
        { encoding: 'utf8' },
      );
      if (checked.status === 0) console.log(`audit: pg_amcheck of schema ${mode.schema}: clean`);
      else problems.push(`pg_amcheck: ${(checked.stdout + checked.stderr).trim().slice(0, 500)}`);
    }
  } else {
    const [row] = await query(mode, 'PRAGMA integrity_check');
    const result = row ? Object.values(row)[0] : 'no answer';
    console.log(`audit: SQLite integrity_check: ${result}`);
    if (result !== 'ok') problems.push(`integrity_check: ${result}`);
  }

  const objects = join(mode.env.DATA_DIR, 'files', 'files');
  const stored = existsSync(objects) ? readdirSync(objects) : [];
  const rows = new Set();
  for (const id of stored) if ((await query(mode, 'SELECT id FROM files WHERE id = $1', [id])).length) rows.add(id);
  const orphans = stored.filter((id) => !rows.has(id));
  console.log(`audit: ${stored.length} files with stored objects, ${orphans.length} without a row`);
  for (const id of orphans) problems.push(`objects of ${id} have no file row`);
  for (const p of problems) console.log(`audit: PROBLEM ${p}`);
  return problems.length === 0;
}

async function run(mode) {
  const files = backlog();
  console.log(
    `\nchaos (${mode.name}): ${files.length} files, ${kills} SIGKILLs, ${mode.env.CONVERSION_WORKERS} conversion workers`,
  );
  let server = await startServer(mode.env);
  const account = await businessAccount(server.url, mode.env.DATA_DIR);
  const ids = [];
  for (const f of files) ids.push(await uploadFile(server.url, account.token, f));
  const names = new Map(ids.map((id, i) => [id, files[i][0]]));
  const started = performance.now();
  for (let k = 1; k <= kills; k++) {
    // Mid-conversion: some time into the work, and only while files are still processing.
    await sleep((short ? 400 : 2500) + Math.random() * (short ? 600 : 3000));
    const pending = (await statuses(server.url, account.token, ids)).filter((f) => f.status === 'processing').length;
    await kill(server);
    console.log(`chaos: SIGKILL ${k} with ${pending} of ${ids.length} files still processing`);
    server = await startServer(mode.env);
  }
  const deadline = Date.now() + (short ? 180_000 : 600_000);
  let records;
  for (;;) {
    records = await statuses(server.url, account.token, ids);
    if (records.every((r) => r.status !== 'processing') || Date.now() > deadline) break;
    await sleep(250);
  }
  const seconds = (performance.now() - started) / 1000;
  const attempts = await attemptsOf(mode, ids);
  const clean = await audit(mode, records);
  await kill(server);
  console.log('file                                      status      attempts  transactions  error');
  for (const r of records)
    console.log(
      `${String(names.get(r.id)).padEnd(42)}${r.status.padEnd(12)}${String(attempts.get(r.id) ?? '?').padEnd(10)}${String(r.transactionCount ?? '').padEnd(14)}${r.errorCode ?? ''}`,
    );
  const completed = records.filter((r) => r.status === 'completed').length;
  console.log(
    `chaos (${mode.name}): ${completed} of ${records.length} completed after ${kills} SIGKILLs (${seconds.toFixed(1)} s from the first upload)`,
  );
  return completed === records.length && clean;
}

const modes = [];
const wanted = args.mode ?? ['embedded', 'distributed'];
const tmpRoots = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'statemint-chaos-'));
  tmpRoots.push(dir);
  return dir;
};
const workers = short ? '1' : '2';
if (wanted.includes('embedded'))
  modes.push({
    name: 'SQLite, in-process queue',
    env: { DATA_DIR: dataDir(), DATABASE_URL: '', REDIS_URL: '', CONVERSION_WORKERS: workers },
  });
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
let schema;
if (wanted.includes('distributed')) {
  if (databaseUrl && redisUrl) {
    schema = `chaos_${randomBytes(5).toString('hex')}`;
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    const sep = databaseUrl.includes('?') ? '&' : '?';
    const scoped = `${databaseUrl}${sep}options=-c%20search_path%3D${schema}`;
    modes.push({
      name: 'PostgreSQL, BullMQ on Redis',
      databaseUrl: scoped,
      schema,
      env: {
        DATA_DIR: dataDir(),
        DATABASE_URL: scoped,
        REDIS_URL: redisUrl,
        QUEUE_NAME: schema,
        CONVERSION_WORKERS: workers,
      },
    });
  } else if (args.mode?.includes('distributed')) {
    console.error('chaos: --mode distributed needs DATABASE_URL and REDIS_URL');
    process.exit(2);
  } else console.log('chaos: DATABASE_URL and REDIS_URL not both set: PostgreSQL + Redis mode skipped');
}

let ok = true;
try {
  for (const mode of modes) ok = (await run(mode)) && ok;
} finally {
  for (const dir of tmpRoots) rmSync(dir, { recursive: true, force: true });
  if (schema) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl);
    // The queue and its free trials' queue (`${schema}-free`).
    const keys = [...(await redis.keys(`bull:${schema}:*`)), ...(await redis.keys(`bull:${schema}-free:*`))];
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
}
process.exit(ok ? 0 : 1);
