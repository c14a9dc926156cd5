/**
 * Process roles for real (TEST_DATABASE_URL and TEST_REDIS_URL; CI has both): `statemint serve`
 * takes uploads and converts nothing; two `statemint worker` processes on one Redis queue each
 * take different jobs; a worker killed mid-job (SIGKILL) gives its job back to the other (BullMQ's
 * stalled jobs); a worker stopped with SIGTERM finishes its running job within SHUTDOWN_GRACE_MS,
 * or past it hands the job straight back to the queue.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileRecord } from '@statemint/shared';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCsvStatement, samplePdfStatement } from '../files/sample-statements';
import { killProcess, type ServerProcess, startServerProcess } from '../test/processes';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!databaseUrl || !redisUrl)('process roles: serve and two workers on one Redis queue', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'statemint-roles-'));
  const schema = `roles_${randomBytes(5).toString('hex')}`;
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: `${databaseUrl}?options=-c%20search_path%3D${schema}`,
    REDIS_URL: redisUrl as string,
    QUEUE_NAME: `statemint-roles-${randomBytes(5).toString('hex')}`,
    TRUST_PROXY: 'loopback',
    CONVERSION_WORKERS: '1',
    // The webhook receiver of the last test listens on loopback.
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  };
  const children: ServerProcess[] = [];
  let serve: ServerProcess;
  let uploads = 0;
  // A long PDF (its rows mostly past the page's edge): seconds of converting, time enough to stop a worker in the middle.
  const big = samplePdfStatement(15_000);

  async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(query, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  async function worker(extra: Record<string, string> = {}): Promise<ServerProcess> {
    const w = await startServerProcess('worker', { ...env, ...extra });
    children.push(w);
    return w;
  }

  /** A free-trial upload through `serve`, from an address, device and e-mail of its own. */
  async function upload(name: string, bytes: Uint8Array | string): Promise<string> {
    const n = ++uploads;
    const form = new FormData();
    form.append('file', new Blob([typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes]), name);
    form.append('email', `roles-${n}@example.com`);
    const res = await fetch(`${serve.url}/api/files/upload-free-trial`, {
      method: 'POST',
      body: form,
      headers: { 'x-forwarded-for': `2001:db8:7::${n.toString(16)}`, 'x-device-fingerprint': `roles-device-${n}` },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  const record = async (id: string) => (await (await fetch(`${serve.url}/api/files/${id}`)).json()) as FileRecord;

  async function finished(id: string, timeoutMs = 90_000): Promise<FileRecord> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const file = (await (await fetch(`${serve.url}/api/files/${id}`)).json()) as FileRecord;
      if (file.status !== 'processing') return file;
      if (Date.now() > deadline) throw new Error(`${id} still processing`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const started = (w: ServerProcess) =>
    w
      .logs()
      .filter((l) => l.msg === 'conversion started')
      .map((l) => l.fileId as string);
  const finishedBy = (w: ServerProcess) =>
    w
      .logs()
      .filter((l) => l.msg === 'conversion finished')
      .map((l) => l.fileId as string);

  /**
   * The files `w` logged as finished once its log shows `id` finished: the file's row says
   * completed before the worker's log line has come through its pipe to this process.
   */
  async function finishedOnceLogged(w: ServerProcess, id: string, timeoutMs = 30_000): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    while (!finishedBy(w).includes(id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return finishedBy(w);
  }

  /** The BullMQ state of a job on the suite's queue. */
  /** A job's state in the queue that holds it: free trials' jobs are in `<name>-free` (bullmq-queue.ts). */
  async function jobState(id: string): Promise<string> {
    const connection = new Redis(redisUrl as string, { maxRetriesPerRequest: null });
    try {
      for (const name of [env.QUEUE_NAME, `${env.QUEUE_NAME}-free`]) {
        const queue = new Queue(name, { connection });
        try {
          const state = await queue.getJobState(id);
          if (state !== 'unknown') return state;
        } finally {
          await queue.close();
        }
      }
      return 'unknown';
    } finally {
      connection.disconnect();
    }
  }

  async function whenStarted(id: string, among: ServerProcess[]): Promise<ServerProcess> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const w = among.find((c) => started(c).includes(id));
      if (w) return w;
      if (Date.now() > deadline) throw new Error(`no worker started ${id}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    serve = await startServerProcess('serve', env);
    children.push(serve);
  }, 120_000);

  afterAll(async () => {
    for (const c of children) await killProcess(c);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serve converts nothing: an upload waits until a worker is there', async () => {
    const id = await upload('waiting.csv', sampleCsvStatement(5));
    await new Promise((r) => setTimeout(r, 1500));
    expect((await record(id)).status).toBe('processing');
    const ready = (await (await fetch(`${serve.url}/api/ready`)).json()) as { status: string };
    expect(ready.status).toBe('ready');
    const w = await worker();
    expect(await finished(id)).toMatchObject({ status: 'completed', transactionCount: 5 });
    expect(started(w)).toContain(id);
    expect(started(serve)).toEqual([]);
  }, 120_000);

  it('two workers take different jobs; one killed mid-job gives its job back to the other', async () => {
    const second = await worker();
    const workers = children.filter((c) => c !== serve);
    expect(workers).toHaveLength(2);
    const slow = await upload('long.pdf', big);
    const victim = await whenStarted(slow, workers);
    const small = [];
    for (let i = 0; i < 4; i++) small.push(await upload(`small-${i}.csv`, sampleCsvStatement(6 + i)));
    await killProcess(victim, 'SIGKILL');
    const survivor = workers.find((w) => w !== victim) as ServerProcess;

    for (const id of small) expect(await finished(id)).toMatchObject({ status: 'completed' });
    // The killed worker's job comes back once its lock runs out, and the other converts it.
    const done = await finished(slow, 120_000);
    expect(done.status).toBe('completed');
    expect(await finishedOnceLogged(survivor, slow)).toContain(slow);
    expect(finishedBy(victim)).not.toContain(slow);
    const [row] = await sql<{ attempts: number }>('SELECT attempts FROM files WHERE id = $1', [slow]);
    expect(row?.attempts).toBe(2);
    // Each job was finished by one worker only.
    const all = [...finishedBy(survivor), ...finishedBy(victim)];
    expect(new Set(all).size).toBe(all.length);
    expect(started(survivor).length).toBeGreaterThan(0);
    expect(started(victim)).toContain(slow);
    expect(second.proc.pid).toBeTruthy();
    // The survivor counts what it converted; serve converted nothing but sees the queue.
    const counted = await (await fetch(`${survivor.url}/metrics`)).text();
    expect(counted).toMatch(/^statemint_conversions_total\{kind="convert",outcome="completed"\} [1-9]/m);
    const served = await (await fetch(`${serve.url}/metrics`)).text();
    expect(served).not.toMatch(/^statemint_conversions_total\{/m);
    expect(served).toMatch(/^statemint_conversion_queue_depth 0$/m);
  }, 240_000);

  it('SIGTERM: a worker finishes its running conversion within the grace time, else hands it straight back', async () => {
    // Whoever is left, plus one that waits long enough and one that does not.
    for (const c of children.filter((c) => c !== serve)) await killProcess(c);
    const patient = await worker({ SHUTDOWN_GRACE_MS: '120000' });
    const first = await upload('patient.pdf', big);
    await whenStarted(first, [patient]);
    await killProcess(patient, 'SIGTERM');
    expect(await patient.exited).toBe(0);
    expect(finishedBy(patient)).toContain(first);
    expect(await record(first)).toMatchObject({ status: 'completed' });

    const hasty = await worker({ SHUTDOWN_GRACE_MS: '1' });
    const second = await upload('hasty.pdf', big);
    await whenStarted(second, [hasty]);
    await killProcess(hasty, 'SIGTERM');
    expect(await hasty.exited).toBe(0);
    expect(finishedBy(hasty)).not.toContain(second);
    // Back in the queue at once: waiting as the worker exits, not still active under a lock that
    // would run out only 15 s later (what the queue says, not a timing a loaded machine stretches).
    // (Jobs with a priority wait in BullMQ's 'prioritized' set.)
    expect(['waiting', 'prioritized']).toContain(await jobState(`convert-${second}`));
    const next = await worker();
    const taker = await whenStarted(second, [next]);
    expect(await finished(second, 120_000)).toMatchObject({ status: 'completed' });
    expect(await finishedOnceLogged(taker, second)).toContain(second);
  }, 240_000);

  it('a conversion finished by a worker sends the API key webhook from the worker', async () => {
    const got: string[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        got.push(body);
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const post = async (path: string, body: object, token?: string) => {
        const res = await fetch(`${serve.url}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': '2001:db8:8::1',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      const email = `roles-hook-${randomBytes(4).toString('hex')}@example.com`;
      const password = 'correct horse battery';
      expect((await post('/api/auth/register', { email, password, name: 'Hook' })).status).toBe(201);
      // Verified and on Pro straight in the database: the payment flow is not what this test is about.
      await sql(
        `UPDATE users SET email_verified = 1, plan = 'pro', subscription_status = 'active', subscription_id = 'sub_roles', current_period_end = $2 WHERE email = $1`,
        [email, Date.now() + 30 * 24 * 3600_000],
      );
      const login = await post('/api/auth/login', { email, password });
      const created = await post(
        '/api/keys',
        { name: 'roles', webhookUrl: hookUrl, password },
        login.body.token as string,
      );
      expect(created.status).toBe(201);
      await worker();
      const form = new FormData();
      form.append('file', new Blob([new TextEncoder().encode(sampleCsvStatement(4))]), 'hooked.csv');
      const up = await fetch(`${serve.url}/api/files/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${created.body.key as string}` },
      });
      expect(up.status).toBe(201);
      const id = ((await up.json()) as { id: string }).id;
      await expect.poll(() => got.length, { timeout: 60_000, interval: 200 }).toBe(1);
      expect(JSON.parse(got[0]!)).toMatchObject({ type: 'conversion.completed', data: { file: { id } } });
      // The worker records the delivery once the receiver's answer is back: after the body arrived here.
      const delivery = async () =>
        (
          await sql<{ status: string; attempts: number }>(
            'SELECT status, attempts FROM webhook_deliveries WHERE file_id = $1',
            [id],
          )
        )[0];
      await expect
        .poll(delivery, { timeout: 30_000, interval: 200 })
        .toMatchObject({ status: 'delivered', attempts: 1 });
    } finally {
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  }, 120_000);
});
