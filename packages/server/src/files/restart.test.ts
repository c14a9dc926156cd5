/**
 * A server killed (SIGKILL) in the middle of a conversion and started again finishes the
 * job: the file is still 'processing' in the database, and the new process re-enqueues it.
 * Runs the real server as a child process, on SQLite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FileRecord, OUTPUT_FORMATS } from '@statemint/shared';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/harness';
import { sampleCsvStatement } from './sample-statements';
import { localObjects } from './test-helpers';

const ROOT = new URL('../../../../', import.meta.url).pathname;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

interface Child {
  proc: ChildProcess;
  url: string;
}

async function startServer(env: Record<string, string>): Promise<Child> {
  const port = await freePort();
  const proc = spawn(process.execPath, [join(ROOT, 'scripts/start-server.mjs')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { proc, url };
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function kill(child: Child): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  const exited = new Promise((r) => child.proc.once('exit', r));
  child.proc.kill('SIGKILL');
  await exited;
}

for (const db of testDatabases) {
  describe(`conversion jobs across a crash (${db})`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'statemint-restart-'));
    const schema = `restart_${randomBytes(5).toString('hex')}`;
    const children: Child[] = [];
    const databaseUrl =
      db === 'postgres' ? `${process.env.TEST_DATABASE_URL}?options=-c%20search_path%3D${schema}` : undefined;

    afterAll(async () => {
      for (const c of children) await kill(c);
      rmSync(dataDir, { recursive: true, force: true });
      if (db === 'postgres') {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
    });

    async function statusInDatabase(id: string): Promise<string | undefined> {
      if (db === 'sqlite') {
        const sqlite = new SqliteDatabase(join(dataDir, 'statemint.db'), { readonly: true });
        try {
          return (sqlite.prepare('SELECT status FROM files WHERE id = ?').get(id) as { status: string } | undefined)
            ?.status;
        } finally {
          sqlite.close();
        }
      }
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return (await client.query('SELECT status FROM files WHERE id = $1', [id])).rows[0]?.status;
      } finally {
        await client.end();
      }
    }

    it('finishes a conversion interrupted by SIGKILL once the server is back', { timeout: 240_000 }, async () => {
      if (db === 'postgres') {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
        await client.end();
      }
      const env: Record<string, string> = { DATA_DIR: dataDir, CONVERSION_WORKERS: '1', REDIS_URL: '' };
      if (databaseUrl) env.DATABASE_URL = databaseUrl;
      else env.DATABASE_URL = '';
      const first = await startServer(env);
      children.push(first);

      const form = new FormData();
      form.append('file', new Blob([sampleCsvStatement(9)]), 'crash.csv');
      form.append('email', 'crash@example.com');
      const res = await fetch(`${first.url}/api/files/upload-free-trial`, {
        method: 'POST',
        body: form,
        headers: { 'x-device-fingerprint': 'crash-device' },
      });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };
      // Killed at once: the worker thread has not even started, let alone converted.
      await kill(first);
      expect(await statusInDatabase(id)).toBe('processing');
      expect(localObjects(dataDir).filter((p) => p.includes(id))).toHaveLength(1);

      const second = await startServer(env);
      children.push(second);
      const deadline = Date.now() + 60_000;
      let file: FileRecord;
      for (;;) {
        file = (await (await fetch(`${second.url}/api/files/${id}`)).json()) as FileRecord;
        if (file.status !== 'processing' || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(file).toMatchObject({ id, status: 'completed', transactionCount: 9 });
      const csv = await fetch(`${second.url}/api/download-free/${id}?format=csv`);
      expect(csv.status).toBe(200);
      // The original, an object per output format and the statements (version 0).
      expect(localObjects(dataDir).filter((p) => p.includes(id))).toHaveLength(OUTPUT_FORMATS.length + 2);
      await kill(second);
    });
  });
}
