// npm run bench:vault [-- --files 40000 --duration 10 --connections 10]
//
// Issue 16, a vault that stays fast: the real server on PostgreSQL (DATABASE_URL, else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; a fresh schema, dropped after)
// with a Business user holding 40,000 files (and 10,000 of other users beside them). Prints the
// latency of the dashboard (stats and the first page), a later page, and searches by name, status
// and date: p50/p99 of one request at a time, then p99 and req/s with concurrent connections.
// Target: p99 < 100 ms for the first page and for a search. Wall figures depend on what else the
// machine is doing: say what was running.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { api, businessAccount, RECOUNT_VAULT_TOTALS, root, spawnAndWait } from './lib/server.mjs';

const { values: args } = parseArgs({
  options: {
    files: { type: 'string', default: '40000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    samples: { type: 'string', default: '300' },
    // Leaves the schema in place (its name is printed) to look into with EXPLAIN.
    keep: { type: 'boolean', default: false },
  },
});
const FILES = Number(args.files);
const databaseUrl =
  process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_vault_${randomBytes(4).toString('hex')}`;
const HOUR = 3600_000;
const WORDS = ['march', 'April', 'brokerage', 'Savings', 'checking', 'Joint', 'loan', 'credit', 'Business', 'card'];
// Older files as the sweeper leaves them: converted ones archived after their 24 hot hours.
const STATUSES = ['archived', 'archived', 'archived', 'archived', 'failed', 'archived', 'archived', 'processing'];

/** `count` file rows of `userId` over the last 30 days, written straight into the database. */
async function seed(client, userId, count, prefix) {
  const now = Date.now();
  const BATCH = 1000;
  for (let start = 0; start < count; start += BATCH) {
    const values = [];
    const params = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const created = now - Math.floor((i / count) * 30 * 24 * HOUR);
      // The newest day's files are still completed (hot); older ones were archived by the sweeper.
      const status = created > now - 24 * HOUR ? 'completed' : (STATUSES[i % STATUSES.length] ?? 'archived');
      const name = `${WORDS[i % WORDS.length]} statement ${String(i).padStart(6, '0')}.pdf`;
      const row = [
        `${prefix}${randomBytes(12).toString('base64url')}`,
        userId,
        name,
        20_000 + (i % 5000),
        status,
        created,
        status === 'processing' ? null : created + 30_000,
      ];
      const base = params.length;
      params.push(...row);
      values.push(
        `($${base + 1}, $${base + 2}, 'subscription', $${base + 3}, $${base + 4}, 'pdf', $${base + 5}, 40, 1, 'USD',
          '{"status":"balanced","mismatchCount":0}', '{"csv":2000,"json":9000,"xlsx":7000}', 18000, 0, 1, $${base + 6}, $${base + 7})`,
      );
    }
    await client.query(
      `INSERT INTO files (id, user_id, mode, original_filename, file_size, input_kind, status, transaction_count,
        statement_count, currency, reconciliation, outputs, outputs_size, restore_expedited, attempts, created_at,
        completed_at) VALUES ${values.join(',')}`,
      params,
    );
  }
  // Each upload counted this month (the dashboard's Monthly Uploads).
  await client.query(
    `INSERT INTO usage_events (id, user_id, kind, file_id, created_at)
      SELECT 'u' || id, user_id, 'upload', id, created_at FROM files WHERE user_id = $1`,
    [userId],
  );
}

function percentile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

/** One request at a time: p50 and p99 of `samples` requests. */
async function sequential(url, token, n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

function cannon(url, token) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        headers: { authorization: `Bearer ${token}` },
        connections: Number(args.connections),
        duration: Number(args.duration),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const dataDir = mkdtempSync(join(tmpdir(), 'statemint-bench-vault-'));
const schemaUrl = new URL(databaseUrl);
schemaUrl.searchParams.set('options', `-c search_path=${schema}`);
let server;
try {
  server = await spawnAndWait(
    [join(root, 'scripts/start-server.mjs')],
    {
      DATA_DIR: dataDir,
      DATABASE_URL: schemaUrl.toString(),
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      CONVERSION_WORKERS: '1',
    },
    '/api/health',
  );
  const account = await businessAccount(server.url, dataDir);
  const client = new pg.Client({ connectionString: schemaUrl.toString() });
  await client.connect();
  const t0 = performance.now();
  await seed(client, account.userId, FILES, 'f');
  await seed(client, 'another-user', 10_000, 'o');
  await client.query(RECOUNT_VAULT_TOTALS);
  // What autovacuum does after a bulk insert anyway: statistics, and the visibility map index-only scans read.
  await client.query('VACUUM ANALYZE files');
  await client.query('VACUUM ANALYZE usage_events');
  await client.end();
  console.log(
    `bench:vault: PostgreSQL, a Business user with ${FILES} files (+10000 of another user), seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const dash = await api(server.url, '/api/dashboard', { token: account.token });
  if (dash.status !== 200 || dash.body.stats.totalFiles !== FILES)
    throw new Error(`dashboard: ${dash.status} ${JSON.stringify(dash.body?.stats)}`);
  // A page deep in the list: follow the cursor 20 pages.
  let cursor = dash.body.nextCursor;
  for (let i = 0; i < 20; i++)
    cursor = (await api(server.url, `/api/files?cursor=${cursor}`, { token: account.token })).body.nextCursor;
  const rare = String(Math.floor(FILES * 0.37)).padStart(6, '0');
  const cases = [
    ['dashboard: stats + first page', '/api/dashboard'],
    ['first page (GET /api/files)', '/api/files'],
    ['page 22 (by cursor)', `/api/files?cursor=${cursor}`],
    ['sorted by name', '/api/files?sort=name&order=asc'],
    ['search "savings" (1 in 10)', '/api/files?q=savings'],
    [`search "${rare}" (1 file)`, `/api/files?q=${rare}`],
    ['status failed', '/api/files?status=failed'],
    [
      'search + status + dates',
      `/api/files?q=march&status=archived&from=${new Date(Date.now() - 20 * 24 * HOUR).toISOString()}&to=${new Date(Date.now() - 10 * 24 * HOUR).toISOString()}`,
    ],
  ];
  const samples = Number(args.samples);
  console.log(`one request at a time (${samples} each), then ${args.connections} connections for ${args.duration} s:`);
  const results = {};
  for (const [name, path] of cases) {
    const seq = await sequential(server.url + path, account.token, samples);
    const load = await cannon(server.url + path, account.token);
    results[name] = { seq, load };
    console.log(
      `  ${name.padEnd(34)} p50 ${seq.p50.toFixed(1).padStart(6)} ms  p99 ${seq.p99.toFixed(1).padStart(6)} ms  |  ${load.requests.average.toFixed(0).padStart(5)} req/s  p99 ${String(load.latency.p99).padStart(4)} ms  (${load.non2xx} non-2xx)`,
    );
  }
  const first = results['dashboard: stats + first page'].seq.p99;
  const search = Math.max(results['search "savings" (1 in 10)'].seq.p99, results[`search "${rare}" (1 file)`].seq.p99);
  console.log(
    `target: p99 < 100 ms, one request at a time: first page ${first.toFixed(1)} ms ${first < 100 ? 'ok' : 'MISSED'}, search ${search.toFixed(1)} ms ${search < 100 ? 'ok' : 'MISSED'}`,
  );
} finally {
  server?.proc.kill('SIGKILL');
  if (args.keep) console.log(`schema kept: ${schema}`);
  else await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
