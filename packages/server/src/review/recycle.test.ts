/**
 * The review thread ends after a request over big statements (review-thread.ts RECYCLE_*), so the
 * garbage of writing them does not stay in the server's memory for the next download; the next
 * request gets a fresh thread, and small requests keep the thread they have.
 */
import { randomBytes } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCsvStatement } from '../files/sample-statements';
import { fetchRaw, freshIp, upload, waitForFile } from '../files/test-helpers';
import { startTestServer, type TestServer } from '../test/harness';
import { RECYCLE_ROWS } from './recycle';

describe('review thread recycling', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: 'sqlite', config: { trustProxy: 'loopback', conversionWorkers: 1 } });
  });
  afterAll(async () => {
    await s?.close();
  });

  async function converted(rows: number): Promise<string> {
    const res = await upload(s, '/api/files/upload-free-trial', {
      name: `rows-${rows}.csv`,
      bytes: sampleCsvStatement(rows),
      fields: { email: `recycle-${randomBytes(4).toString('hex')}@example.com` },
      headers: { 'x-device-fingerprint': randomBytes(8).toString('hex') },
      ip: freshIp(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const file = await waitForFile(s, res.body.id);
    expect(file.status).toBe('completed');
    return file.id;
  }

  it('ends the thread after a split of RECYCLE_ROWS rows, and the next download is answered by a fresh one', async () => {
    const review = s.app.services.files.review;
    const small = await converted(20);
    expect((await fetchRaw(s, `/api/download-free/${small}?format=csv&split=1`)).status).toBe(200);
    expect(review.recycled).toBe(0);

    const big = await converted(RECYCLE_ROWS);
    const zip = await fetchRaw(s, `/api/download-free/${big}?format=csv&split=1`);
    expect(zip.status).toBe(200);
    const csv = strFromU8(Object.values(unzipSync(new Uint8Array(zip.body)))[0] as Uint8Array);
    expect(csv.trim().split('\n').length).toBeGreaterThan(RECYCLE_ROWS);
    expect(review.recycled).toBe(1);

    expect((await fetchRaw(s, `/api/download-free/${small}?format=qif&split=1`)).status).toBe(200);
    expect(review.recycled).toBe(1);
  });
});
