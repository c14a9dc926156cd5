// npm run load [-- --duration 10]
//
// Load figures of the real server beside a bare Fastify "hello" started in the same run, on
// the same machine, each printed as a ratio to it (issue 15): GET /api/health, an authenticated
// GET /api/dashboard (100 files), and 20 concurrent uploads; then the flood of 60 concurrent
// 9.9 MB anonymous uploads from an address whose free trial is used, with the server's peak
// RSS and the /api/health p99 meanwhile; and the stalled-socket attack (issue 29, N1): 102 uploads
// that send their headers and 64 KB, then nothing, from 34 addresses, while others upload 100 KB.
// The server runs on its defaults (LOG_LEVEL info). Exits 1 when a figure misses its target.
// Wall figures depend on what else the machine is doing: say what was running.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { businessAccount, RECOUNT_VAULT_TOTALS, root, SERVER_MEMORY_ENV, sleep, spawnAndWait } from './lib/server.mjs';

const { values: args } = parseArgs({ options: { duration: { type: 'string', default: '10' } } });
const duration = Number(args.duration);

const HELLO = `
const { default: Fastify } = await import('fastify');
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

const FLOOD = `
const boundary = 'flood' + Date.now();
const head = '--' + boundary + '\\r\\nContent-Disposition: form-data; name="email"\\r\\n\\r\\nflood@example.com\\r\\n--' + boundary +
  '\\r\\nContent-Disposition: form-data; name="file"; filename="big.txt"\\r\\nContent-Type: text/plain\\r\\n\\r\\n';
const body = Buffer.concat([Buffer.from(head), Buffer.alloc(9.9e6, 0x41), Buffer.from('\\r\\n--' + boundary + '--\\r\\n')]);
const results = await Promise.all(Array.from({ length: 60 }, () =>
  fetch(process.env.URL + '/api/files/upload-free-trial', {
    method: 'POST', body,
    headers: { 'content-type': 'multipart/form-data; boundary=' + boundary, 'x-forwarded-for': process.env.FLOOD_IP },
  }).then(async (r) => { await r.arrayBuffer(); return r.status; }).catch((e) => 'error ' + (e.cause?.code ?? e.message))));
process.stdout.write(JSON.stringify(results));
`;

// The admitted flood (issue 29's target): 60 uploads of 9.9 MB from 60 fresh addresses, devices and
// e-mails, so each may use its free trial; the worst-case text (19,990-character lines), at once.
// Prints each answer's status and, when admitted, the file's id.
const FRESH_FLOOD = `
const line = 'A'.repeat(19989) + '\\n';
const text = Buffer.from(line.repeat(Math.floor(9.9e6 / line.length)));
const results = await Promise.all(Array.from({ length: 60 }, (_, i) => {
  const form = new FormData();
  form.append('email', 'fresh-' + i + '@example.com');
  form.append('file', new Blob([text], { type: 'text/plain' }), 'long-lines-' + i + '.txt');
  return fetch(process.env.URL + '/api/files/upload-free-trial', {
    method: 'POST', body: form,
    headers: { 'x-forwarded-for': '2001:db8:f1:' + i.toString(16) + '::1', 'x-device-fingerprint': 'fresh-device-' + i },
  }).then(async (r) => { const b = await r.json().catch(() => ({})); return r.status === 201 ? { status: 201, id: b.id, capability: b.capability } : { status: r.status + ' ' + b.code }; })
    .catch((e) => ({ status: 'error ' + (e.cause?.code ?? e.message) }));
}));
process.stdout.write(JSON.stringify(results));
`;

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 20, duration, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** Completed file rows for the dashboard, written straight into the database. */
async function seedFiles(dataDir, userId, count) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(join(dataDir, 'statemint.db'));
  const insert = db.prepare(`INSERT INTO files (id, user_id, mode, original_filename, file_size, input_kind, status,
    transaction_count, statement_count, currency, reconciliation, outputs, outputs_size, restore_expedited, attempts,
    created_at, completed_at) VALUES (?, ?, 'subscription', ?, 12345, 'pdf', 'completed', 40, 1, 'USD',
    '{"status":"balanced","mismatchCount":0}', '{"csv":2000,"json":9000,"xlsx":7000}', 18000, 0, 1, ?, ?)`);
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < count; i++)
      insert.run(randomUUID(), userId, `statement-${i}.pdf`, now - i * 60_000, now - i * 60_000);
  })();
  db.exec(RECOUNT_VAULT_TOTALS);
  db.close();
}

function multipart(fields, file) {
  const boundary = `load${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const head = `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** An upload that sends its headers and 64 KB of a 9.9 MB body, then nothing: the socket stays open. */
function stalledUpload(url, ip) {
  const { hostname, port } = new URL(url);
  const boundary = `stall${randomBytes(6).toString('hex')}`;
  const socket = connect(Number(port), hostname);
  socket.on('error', () => undefined);
  socket.write(
    `POST /api/files/upload-free-trial HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${ip}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 9900000\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n\r\n`,
  );
  socket.write(Buffer.alloc(64 * 1024, 0x41));
  return socket;
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
const missed = [];
/** Prints a figure against its target and remembers a miss for the exit status. */
function target(text, ok) {
  console.log(`target: ${text}${ok ? '' : '  MISSED'}`);
  if (!ok) missed.push(text);
}

function rssMb(pid) {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return m ? Number(m[1]) / 1024 : 0;
}

const p = (result, q) => result.latency[q] ?? result.latency.p99;
const line = (name, r, base) =>
  console.log(
    `${name.padEnd(34)}${r.requests.average.toFixed(0).padStart(8)} req/s  p99 ${String(p(r, 'p99')).padStart(5)} ms  ${(r.requests.average / base).toFixed(2).padStart(6)} x hello  (${r.non2xx} non-2xx, ${r.errors} errors)`,
  );

const dataDir = mkdtempSync(join(tmpdir(), 'statemint-load-'));
const hello = await spawnAndWait(['--input-type=module', '-e', HELLO], {}, '/');
const server = await spawnAndWait(
  [join(root, 'scripts/start-server.mjs')],
  // As npm start and the image start it (its malloc settings).
  { DATA_DIR: dataDir, TRUST_PROXY: 'loopback', DATABASE_URL: '', REDIS_URL: '', ...SERVER_MEMORY_ENV },
  '/api/health',
);
try {
  const account = await businessAccount(server.url, dataDir);
  await seedFiles(dataDir, account.userId, 100);
  const samples = await (async () => {
    const { register } = await import('tsx/esm/api');
    register();
    return import('../packages/server/src/files/sample-statements.ts');
  })();

  console.log(`load: ${duration} s per run, 20 connections, server and load generator on this machine`);
  // Both warmed for a second first, so neither ratio counts the JIT's first requests.
  await cannon({ url: `${hello.url}/`, duration: 1 });
  await cannon({ url: `${server.url}/api/health`, duration: 1 });
  const base = await cannon({ url: `${hello.url}/` });
  line('bare Fastify hello', base, base.requests.average);
  const health = await cannon({ url: `${server.url}/api/health` });
  line('GET /api/health', health, base.requests.average);
  const dashboard = await cannon({
    url: `${server.url}/api/dashboard`,
    headers: { authorization: `Bearer ${account.token}` },
  });
  line('GET /api/dashboard (100 files)', dashboard, base.requests.average);
  const csv = multipart({}, { name: 'march.csv', bytes: Buffer.from(samples.sampleCsvStatement(20)) });
  let n = 0;
  const uploads = await cannon({
    url: `${server.url}/api/files/upload`,
    method: 'POST',
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: {
            authorization: `Bearer ${account.token}`,
            'content-type': csv.type,
            // One address per upload, so the per-address cap of uploads in flight does not bite.
            'x-forwarded-for': `2001:db8::${(++n).toString(16)}`,
          },
          body: csv.body,
        }),
      },
    ],
  });
  line('POST /api/files/upload (20 at once)', uploads, base.requests.average);

  // The stalled-socket attack: 102 stalled uploads open, others' 100 KB uploads time their answers.
  const stalled = [];
  for (let a = 0; a < 34; a++)
    for (let i = 0; i < 3; i++) stalled.push(stalledUpload(server.url, `2001:db8:5:${a.toString(16)}::1`));
  await sleep(4000); // past the 2 s after which a silent upload no longer counts as in progress
  const small = multipart({}, { name: 'small.csv', bytes: Buffer.from(samples.sampleCsvStatement(2000)) });
  const stallTimes = [];
  const stallStatuses = {};
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/files/upload`, {
      method: 'POST',
      body: small.body,
      headers: {
        authorization: `Bearer ${account.token}`,
        'content-type': small.type,
        'x-forwarded-for': `2001:db8:6::${(i + 1).toString(16)}`,
      },
    });
    const answer = await res.json();
    stallTimes.push(performance.now() - t0);
    const key = res.status === 201 ? '201' : `${res.status} ${answer.code}`;
    stallStatuses[key] = (stallStatuses[key] ?? 0) + 1;
  }
  const stillOpen = stalled.filter((socket) => !socket.destroyed).length;
  for (const socket of stalled) socket.destroy();
  stallTimes.sort((a, b) => a - b);
  const stallP99 = quantile(stallTimes, 0.99);
  console.log(
    `stalled sockets: 102 opened, ${stillOpen} still open after the run; 40 uploads of ${(small.body.length / 1024).toFixed(0)} KB meanwhile: ${JSON.stringify(stallStatuses)}, p99 ${stallP99.toFixed(0)} ms`,
  );
  target(
    `uploads answered 201 and p99 < 2000 ms with stalled sockets open: ${stallP99.toFixed(0)} ms`,
    stallStatuses[201] === 40 && stallP99 < 2000,
  );

  // The flood: an address whose free trial is used sends 60 uploads of 9.9 MB at once.
  const ip = '2001:db8:ffff::1';
  const first = multipart(
    { email: 'flood@example.com' },
    { name: 'march.csv', bytes: Buffer.from(samples.sampleCsvStatement(5)) },
  );
  await fetch(`${server.url}/api/files/upload-free-trial`, {
    method: 'POST',
    body: first.body,
    headers: { 'content-type': first.type, 'x-forwarded-for': ip },
  });
  const before = rssMb(server.proc.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.proc.pid));
  }, 25);
  const latencies = [];
  let flooding = true;
  const prober = (async () => {
    while (flooding) {
      const t0 = performance.now();
      await fetch(`${server.url}/api/health`);
      latencies.push(performance.now() - t0);
      await sleep(10);
    }
  })();
  // The 60 uploads come from a process of their own, so this one's probes are not queued behind them.
  const t0 = performance.now();
  const flood = spawn(process.execPath, ['--input-type=module', '-e', FLOOD], {
    env: { ...process.env, URL: server.url, FLOOD_IP: ip },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let floodOut = '';
  flood.stdout.on('data', (d) => {
    floodOut += d;
  });
  await new Promise((r) => flood.once('exit', r));
  const results = JSON.parse(floodOut || '[]');
  const floodMs = performance.now() - t0;
  flooding = false;
  await prober;
  clearInterval(sampler);
  latencies.sort((a, b) => a - b);
  const p99 = quantile(latencies, 0.99);
  const counts = {};
  for (const r of results) counts[r] = (counts[r] ?? 0) + 1;
  if (results.length !== 60) console.log('flood: the uploading process failed');
  console.log(
    `flood: 60 x 9.9 MB anonymous uploads, trial used: ${JSON.stringify(counts)} in ${(floodMs / 1000).toFixed(1)} s; server RSS ${before.toFixed(0)} -> peak ${peak.toFixed(0)} MB (target < 600); /api/health p99 ${p99.toFixed(0)} ms over ${latencies.length} probes (target < 100)`,
  );
  target(`flood peak RSS < 600 MB: ${peak.toFixed(0)} MB`, peak < 600);
  target(`/api/health p99 < 100 ms during the flood: ${p99.toFixed(0)} ms`, p99 < 100);

  // The admitted flood: 60 fresh addresses, each with its free trial, 9.9 MB of 19,990-character
  // lines each; the server's RSS (conversion threads included: they are its threads) is sampled
  // from the first byte until every admitted file has finished converting.
  const freshBefore = rssMb(server.proc.pid);
  let freshPeak = freshBefore;
  const freshSampler = setInterval(() => {
    freshPeak = Math.max(freshPeak, rssMb(server.proc.pid));
  }, 25);
  const t1 = performance.now();
  const fresh = spawn(process.execPath, ['--input-type=module', '-e', FRESH_FLOOD], {
    env: { ...process.env, URL: server.url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let freshOut = '';
  fresh.stdout.on('data', (d) => {
    freshOut += d;
  });
  await new Promise((r) => fresh.once('exit', r));
  const answered = JSON.parse(freshOut || '[]');
  const answeredMs = performance.now() - t1;
  const outcomes = {};
  for (const r of answered.filter((r) => r.status !== 201)) outcomes[r.status] = (outcomes[r.status] ?? 0) + 1;
  const admitted = answered.filter((r) => r.status === 201);
  const deadline = Date.now() + 600_000;
  for (const file of admitted) {
    for (;;) {
      const res = await fetch(`${server.url}/api/files/${file.id}`, {
        headers: { 'x-file-capability': file.capability },
      });
      const record = await res.json();
      if (record.status !== 'processing' || Date.now() > deadline) {
        const key = record.status === 'failed' ? `failed ${record.errorCode}` : record.status;
        outcomes[key] = (outcomes[key] ?? 0) + 1;
        break;
      }
      await sleep(250);
    }
  }
  clearInterval(freshSampler);
  console.log(
    `admitted flood: 60 x 9.9 MB from fresh addresses (19,990-character lines): answered in ${(answeredMs / 1000).toFixed(1)} s, ${admitted.length} admitted, all done in ${((performance.now() - t1) / 1000).toFixed(1)} s: ${JSON.stringify(outcomes)}; server RSS ${freshBefore.toFixed(0)} -> peak ${freshPeak.toFixed(0)} MB (target < 600)`,
  );
  target(`admitted flood peak RSS < 600 MB: ${freshPeak.toFixed(0)} MB`, freshPeak < 600);
  const ratio = health.requests.average / base.requests.average;
  target(`/api/health at >= 0.4 of hello: ${ratio.toFixed(2)}`, ratio >= 0.4);
  if (missed.length > 0) {
    console.log(`load: ${missed.length} target(s) missed`);
    process.exitCode = 1;
  }
} finally {
  hello.proc.kill('SIGKILL');
  server.proc.kill('SIGKILL');
  await sleep(200);
  rmSync(dataDir, { recursive: true, force: true });
}
