// What the load and benchmark scripts share: a free port, the real server started as a child
// process, JSON calls to it, and a verified Business account made through the API.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');

/**
 * glibc's malloc settings the server runs with, wherever it starts: `npm start` (package.json),
 * the image (Containerfile) and the scripts that measure it (load, chaos); held equal to these by
 * packages/server/src/start-environment.test.ts. glibc reads them when the process starts, so they
 * are the environment of `node`, not settings the server could make itself.
 * - MALLOC_ARENA_MAX=2: by default each thread (the conversion threads) gets a malloc arena of
 *   its own, and freed memory stays in them.
 * - MALLOC_MMAP_THRESHOLD_=131072: blocks from 128 KB up are mapped and unmapped on their own.
 *   By default glibc raises this threshold (up to 32 MB) each time such a block is freed, after
 *   which an upload's multi-megabyte buffers come from the arenas and stay there when freed: the
 *   admitted flood of `npm run load` peaked 25-40 MB higher without it (issue 29). It costs some
 *   system time (a 100-page PDF through the command line: +0.1-0.2 CPU s of ~3.5), so the
 *   converter of `bin/statemint convert`, which exits after its files, runs without it.
 */
export const SERVER_MEMORY_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Starts `node argv` with PORT set and waits until `healthPath` answers 2xx. */
export async function spawnAndWait(argv, env, healthPath, { stdout = 'ignore' } = {}) {
  const port = await freePort();
  const proc = spawn(process.execPath, argv, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', stdout, 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${argv.join(' ')} exited`);
    try {
      if ((await fetch(url + healthPath)).ok) return { proc, url };
    } catch {}
    if (Date.now() > deadline) throw new Error(`${argv.join(' ')} did not start`);
    await sleep(100);
  }
}

export async function api(url, path, { token, body, headers } = {}) {
  const res = await fetch(url + path, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/**
 * After rows are written straight into `files`: the vault totals the files repository keeps with
 * each change (vault_totals, migration 0161) counted again. SQLite and PostgreSQL alike.
 */
export const RECOUNT_VAULT_TOTALS = `
  insert into vault_totals (user_id, files, bytes, archived, restored)
  select user_id, count(*), coalesce(sum(file_size + outputs_size), 0),
    sum(case when status = 'archived' then 1 else 0 end), sum(case when restore_status = 'completed' then 1 else 0 end)
  from files where mode = 'subscription' and user_id is not null group by user_id
  on conflict (user_id) do update set files = excluded.files, bytes = excluded.bytes,
    archived = excluded.archived, restored = excluded.restored`;

/** Registers, verifies (from the outbox in dataDir), logs in and buys Business with the test card. */
export async function businessAccount(url, dataDir) {
  const email = `load-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'load test password';
  await api(url, '/api/auth/register', { body: { email, password, name: 'Load' } });
  const mails = readdirSync(join(dataDir, 'outbox')).map((f) =>
    readFileSync(join(dataDir, 'outbox', f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '='),
  );
  const verify = mails
    .filter((m) => m.toLowerCase().includes(email))
    .map((m) => m.match(/verify-email\?token=([\w-]+)/)?.[1])
    .find(Boolean);
  await api(url, `/api/auth/verify-email?token=${verify}`);
  const token = (await api(url, '/api/auth/login', { body: { email, password } })).body.token;
  const intent = await api(url, '/api/payments/create-payment-intent', {
    token,
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
  await api(url, '/api/payments/confirm', { token, body: { paymentIntentId: intent.body.paymentIntentId } });
  const me = await api(url, '/api/auth/user', { token });
  if (me.body?.plan !== 'business') throw new Error(`the account is not on Business: ${JSON.stringify(me.body)}`);
  return { token, userId: me.body.id, email };
}
