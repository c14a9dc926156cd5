/**
 * Issue 16: the landing page transfers under 150 KB. Fetches `/` and every script, style and
 * module preload it names, as a browser that accepts brotli does, and counts the bytes on the wire
 * (before decompression). Prints the figure.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './server';

function wire(url: string): Promise<{ status: number; encoding: string | undefined; bytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], bytes: body.length, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('landing page transfer size', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sends the page and what it loads first compressed, under 150 KB in all', async () => {
    const page = await wire(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.encoding).toBe('br');
    const { brotliDecompressSync } = await import('node:zlib');
    const html = brotliDecompressSync(page.body).toString('utf8');
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
    expect(assets.length).toBeGreaterThan(0);
    let total = page.bytes;
    for (const path of new Set(assets)) {
      const asset = await wire(server.url + path);
      expect(asset.status, path).toBe(200);
      // Files under 1 KB are not worth compressing (scripts/precompress.mjs).
      if (asset.bytes >= 1024) expect(asset.encoding, path).toBe('br');
      total += asset.bytes;
    }
    console.log(`landing page: ${(total / 1024).toFixed(1)} KB on the wire (${assets.length + 1} files, brotli)`);
    expect(total).toBeLessThan(150 * 1024);
  });
});
