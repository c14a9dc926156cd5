/**
 * Issue 29, N7: review saves are bounded. Before, a file converted from a few rows took a save of
 * 50,000 rows (31.5 s, 1.26 GB), and any number of saves were read at once (three: 1.9 GB).
 */
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Statement, StatementsResponse, Transaction } from '@statemint/shared';
import { describe, expect, it } from 'vitest';
import { sampleCsvStatement } from '../files/sample-statements';
import { freshIp, upload, waitForFile } from '../files/test-helpers';
import { rawRequest, serverFor, type TestServer, testDatabases } from '../test/harness';
import {
  ADDED_ROWS_LIMIT,
  MAX_SAVES_AT_ONCE,
  MAX_SAVES_PER_IP,
  SAVE_BUSY_MESSAGE,
  SAVE_IN_PROGRESS_MESSAGE,
  tooManyRowsMessage,
} from './save-limits';

async function anonymousFile(s: TestServer, rows: number) {
  const res = await upload(s, '/api/files/upload-free-trial', {
    name: 'march.csv',
    bytes: sampleCsvStatement(rows),
    fields: { email: `save-${randomBytes(4).toString('hex')}@example.com` },
    headers: { 'x-device-fingerprint': randomBytes(8).toString('hex') },
    ip: freshIp(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const capability = (res.body as { capability?: string }).capability ?? '';
  await waitForFile(s, res.body.id);
  const got = await s.api<StatementsResponse>(`/api/files/${res.body.id}/statements`);
  return { id: res.body.id, capability, statements: got.body.statements };
}

/** The statements with `extra` more rows, copies of the last one (as "Add row" makes them). */
function withAddedRows(statements: Statement[], extra: number): Statement[] {
  const out = structuredClone(statements);
  const st = out[0] as Statement;
  const last = st.transactions.at(-1) as Transaction;
  for (let i = 0; i < extra; i++) st.transactions.push({ ...last, description: `Added ${i}`, balance: null });
  return out;
}

/** A save that sends its headers and a few bytes of a declared 1 MB body, then waits. */
function stalledSave(s: TestServer, fileId: string, ip: string): { socket: Socket; answer: Promise<string> } {
  return rawRequest(
    s,
    `PUT /api/files/${fileId}/statements HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${ip}\r\n` +
      `Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"baseVersion":0,`,
  );
}

/**
 * A stalled save that holds its slot: one that met a probe of the same file in flight was answered
 * 429 and closed, so it is started again until the server keeps it waiting for its body.
 */
async function heldSave(
  s: TestServer,
  fileId: string,
  ip: string,
): Promise<{ socket: Socket; answer: Promise<string> }> {
  for (;;) {
    const save = stalledSave(s, fileId, ip);
    const settled = await Promise.race([save.answer, new Promise((resolve) => setTimeout(() => resolve(null), 500))]);
    if (settled === null) return save;
    save.socket.destroy();
  }
}

for (const db of testDatabases) {
  describe(`review saves are bounded (${db})`, () => {
    const s = serverFor(db, {
      config: {
        trustProxy: 'loopback',
        conversionWorkers: 1,
        // A save's body not received within 15 s is cut (20 s by default): long enough for the probes
        // below on a loaded machine, short enough to wait for.
        receiveLimits: {
          headersTimeoutMs: 15_000,
          idleMs: 15_000,
          stallMs: 15_000,
          minBytesPerSecond: 1,
          graceMs: 15_000,
          deadlineMs: 15_000,
        },
      },
    });

    const save = (file: { id: string; capability: string }, statements: Statement[], baseVersion = 0) =>
      s.api<{ version: number }>(`/api/files/${file.id}/statements`, {
        method: 'PUT',
        headers: { 'x-file-capability': file.capability, 'x-forwarded-for': freshIp() },
        body: { baseVersion, statements },
      });

    it('holds the rows of the conversion and at most ADDED_ROWS_LIMIT more', async () => {
      const file = await anonymousFile(s, 5);
      const converted = file.statements[0]?.transactions.length ?? 0;
      expect(converted).toBe(5);
      const tooMany = await save(file, withAddedRows(file.statements, ADDED_ROWS_LIMIT + 1));
      expect(tooMany.status).toBe(400);
      expect(tooMany.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: tooManyRowsMessage(converted + ADDED_ROWS_LIMIT),
      });
      // 50,000 rows (the old bound) on a file of five.
      const huge = await save(file, withAddedRows(file.statements, 50_000 - converted));
      expect(huge.status).toBe(400);
      expect(huge.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      // Rows added by hand up to the limit are saved; the limit counts from the conversion, not the last save.
      const most = await save(file, withAddedRows(file.statements, ADDED_ROWS_LIMIT));
      expect(most.status, JSON.stringify(most.body)).toBe(200);
      const latest = await s.api<StatementsResponse>(`/api/files/${file.id}/statements`);
      expect(await save(file, withAddedRows(latest.body.statements, 1), most.body.version)).toMatchObject({
        status: 400,
      });
      expect(await save(file, latest.body.statements.slice(), most.body.version)).toMatchObject({ status: 200 });
    });

    it('reads one save of a file at a time and a few in all, before any body; a stalled body is cut', async () => {
      const files = await Promise.all(Array.from({ length: MAX_SAVES_AT_ONCE + 1 }, () => anonymousFile(s, 3)));
      const [first, ...others] = files as [(typeof files)[0], ...typeof files];
      // Probes name a version that is not the latest: past the gate they are refused as a conflict, saving nothing.
      const PROBE = 99;
      const attacker = freshIp();
      const stalled = [await heldSave(s, first.id, attacker)];
      // Its slot is taken once the server has its headers.
      await expect
        .poll(async () => (await save(first, first.statements, PROBE)).body, { timeout: 10_000 })
        .toMatchObject({ code: 'RATE_LIMITED', message: SAVE_IN_PROGRESS_MESSAGE });
      // The review screen's PATCH and a restore wait for it alike.
      for (const [method, path] of [
        ['PATCH', `/api/files/${first.id}/statements`],
        ['POST', `/api/files/${first.id}/statements/restore`],
      ] as const) {
        const other = await s.api(path, {
          method,
          headers: { 'x-file-capability': first.capability, 'x-forwarded-for': freshIp() },
          body: { baseVersion: PROBE, version: 0, statements: [] },
        });
        expect(other.body).toMatchObject({ code: 'RATE_LIMITED', message: SAVE_IN_PROGRESS_MESSAGE });
      }
      // From one address, at most MAX_SAVES_PER_IP at once.
      for (const f of others.slice(0, MAX_SAVES_PER_IP - 1)) stalled.push(await heldSave(s, f.id, attacker));
      const third = others[MAX_SAVES_PER_IP - 1] as (typeof files)[0];
      await expect
        .poll(
          async () => {
            const one = stalledSave(s, third.id, attacker);
            const text = await one.answer;
            one.socket.destroy();
            return text.split('\r\n')[0];
          },
          { timeout: 10_000 },
        )
        .toMatch(/429/);
      // In all, at most MAX_SAVES_AT_ONCE.
      const second = freshIp();
      for (const f of others.slice(MAX_SAVES_PER_IP - 1, MAX_SAVES_AT_ONCE - 1))
        stalled.push(await heldSave(s, f.id, second));
      const last = others.at(-1) as (typeof files)[0];
      await expect
        .poll(async () => (await save(last, last.statements, PROBE)).body, { timeout: 10_000 })
        .toMatchObject({ code: 'RATE_LIMITED', message: SAVE_BUSY_MESSAGE });
      // The stalled bodies are cut (after 15 s here) and their slots given back: every save goes through.
      const answers = await Promise.all(stalled.map((x) => x.answer));
      for (const text of answers) expect(text).not.toMatch(/^HTTP\/1\.1 200/);
      for (const f of files) expect((await save(f, f.statements)).status).toBe(200);
    }, 180_000);
  });
}
