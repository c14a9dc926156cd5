/**
 * Issue 29: an answered upload's bytes (socket chunks, the file's buffer, its sealed copy) are
 * collected when it ends, not left to V8 until the JS heap grows. `npm run load`'s admitted flood
 * kept 142 MB of them while its conversions ran, near the 600 MB limit.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { serverFor, type TestServer } from '../test/harness';
import { freshIp } from './test-helpers';
import { UPLOAD_GARBAGE_BYTES, UploadGarbage } from './upload-garbage';

const BOUNDARY = 'statemint-garbage-test';
/** One file's bytes, sent by every upload as they are (the client keeps this one copy). */
const FILE = Buffer.alloc(9 * 1024 * 1024, 0x41);

/** A free-trial upload of FILE from a fresh address, device and e-mail; resolves with the status line. */
function freeTrialUpload(s: TestServer): Promise<string> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${randomUUID()}@example.com\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="long.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const { port } = new URL(s.url);
  const socket = connect(Number(port), '127.0.0.1');
  socket.write(
    `POST /api/files/upload-free-trial HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${freshIp()}\r\n` +
      `X-Device-Fingerprint: ${randomUUID()}\r\nConnection: close\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
      `Content-Length: ${head.length + FILE.length + tail.length}\r\n\r\n`,
  );
  socket.write(head);
  socket.write(FILE);
  socket.write(tail);
  return new Promise((resolve, reject) => {
    let text = '';
    socket.on('data', (d) => {
      text += d;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
  });
}

describe('uploads leave no garbage behind (sqlite)', () => {
  const s = serverFor('sqlite', { config: { trustProxy: 'loopback', conversionWorkers: 1 } });

  it('once answered, the uploads of a burst hold no more ArrayBuffers than a few small ones would', async () => {
    // Three at once, then one alone: without the collection about 27 MB of each stayed (its
    // chunks, its buffer and its sealed copy) until the JS heap next grew.
    const burst = await Promise.all([freeTrialUpload(s), freeTrialUpload(s), freeTrialUpload(s)]);
    expect(burst).toEqual(Array(3).fill('HTTP/1.1 201 Created'));
    expect(await freeTrialUpload(s)).toBe('HTTP/1.1 201 Created');
    // The last upload's collection may be the one scheduled after the burst's (at most one per
    // interval): wait for it, well under the 14 s V8 kept them without it.
    await vi.waitFor(() => expect(process.memoryUsage().arrayBuffers).toBeLessThanOrEqual(UPLOAD_GARBAGE_BYTES), {
      timeout: 5_000,
      interval: 100,
    });
  });
});

describe('UploadGarbage', () => {
  it('collects only past its threshold, at most once per interval, and the last of a burst later', () => {
    vi.useFakeTimers();
    try {
      let runs = 0;
      const collect = () => {
        runs++;
      };
      const quiet = new UploadGarbage({ thresholdBytes: Number.MAX_SAFE_INTEGER, minIntervalMs: 0, collect });
      quiet.ended();
      expect(runs).toBe(0);
      let now = 1000;
      const garbage = new UploadGarbage({ thresholdBytes: -1, minIntervalMs: 50, collect, now: () => now });
      garbage.ended();
      now += 10;
      garbage.ended();
      garbage.ended();
      expect(runs).toBe(1);
      now += 40;
      vi.advanceTimersByTime(40);
      expect(runs).toBe(2);
      garbage.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
