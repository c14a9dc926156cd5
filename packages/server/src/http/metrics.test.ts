/**
 * GET /metrics over real HTTP: Prometheus text with the queue's depth, conversions by outcome
 * (a converted statement, a letter that is no statement), their seconds, and HTTP latency by route
 * pattern; with METRICS_TOKEN set, only a scraper holding it is answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCsvStatement, sampleLetterPdf } from '../files/sample-statements';
import { freshIp, upload, waitForFile } from '../files/test-helpers';
import { startTestServer, type TestServer } from '../test/harness';

/** The value of one sample line: `name{labels} value`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = line.match(/^([a-z_:]+)(?:\{(.*)\})? (\S+)$/);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',');
    if (wanted.every((w) => have.includes(w))) return Number(m[3]);
  }
  return undefined;
}

describe('Prometheus metrics', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ config: { trustProxy: 'loopback', metricsToken: 'scrape-secret' } });
  });
  afterAll(() => s?.close());

  const scrape = async (token: string | null = 'scrape-secret') =>
    fetch(`${s.url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

  it('counts conversions by outcome with their seconds, the queue depth and HTTP latency by route', async () => {
    const good = await upload(s, '/api/files/upload-free-trial', {
      name: 'march.csv',
      bytes: sampleCsvStatement(7),
      fields: { email: 'metrics-1@example.com' },
      headers: { 'x-device-fingerprint': 'metrics-1' },
      ip: freshIp(),
    });
    expect(good.status).toBe(201);
    const letter = await upload(s, '/api/files/upload-free-trial', {
      name: 'letter.pdf',
      bytes: sampleLetterPdf(),
      fields: { email: 'metrics-2@example.com' },
      headers: { 'x-device-fingerprint': 'metrics-2' },
      ip: freshIp(),
    });
    expect((await waitForFile(s, good.body.id)).status).toBe('completed');
    expect((await waitForFile(s, letter.body.id)).errorCode).toBe('NOT_A_STATEMENT');

    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(sample(text, 'statemint_conversions_total', { kind: 'convert', outcome: 'completed' })).toBe(1);
    expect(sample(text, 'statemint_conversions_total', { kind: 'convert', outcome: 'NOT_A_STATEMENT' })).toBe(1);
    expect(sample(text, 'statemint_conversion_seconds_count', { kind: 'convert' })).toBe(2);
    expect(sample(text, 'statemint_conversion_seconds_sum', { kind: 'convert' })).toBeGreaterThan(0);
    expect(sample(text, 'statemint_conversion_queue_depth')).toBe(0);
    // Route patterns, not paths: one series for every file id.
    expect(
      sample(text, 'statemint_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/files/:id',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain(good.body.id);
    expect(sample(text, 'statemint_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('answers only a scraper with the token', async () => {
    expect((await scrape(null)).status).toBe(401);
    expect((await scrape('wrong')).status).toBe(401);
    expect((await scrape()).status).toBe(200);
  });
});
