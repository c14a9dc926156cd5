/** The landing page's JavaScript (entry plus what index.html preloads) stays under 200 KB gzipped. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const dist = join(import.meta.dirname, '..', 'dist');
const built = existsSync(join(dist, 'index.html'));

describe.skipIf(!built)('landing page bundle', () => {
  it('loads under 200 KB of gzipped JavaScript', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    const total = scripts.reduce((sum, s) => sum + gzipSync(readFileSync(join(dist, s))).length, 0);
    expect(total).toBeLessThan(200 * 1024);
  });
});
