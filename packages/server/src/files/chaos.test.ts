/**
 * Issue 15: `npm run chaos -- --short`, the CI version. The real server with a backlog of real
 * conversions is killed with SIGKILL three times mid-conversion; every file must complete, on
 * SQLite with the in-process queue and (TEST_DATABASE_URL, TEST_REDIS_URL) on PostgreSQL with
 * BullMQ on Redis.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../../', import.meta.url).pathname;

function chaos(mode: string, env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [join(ROOT, 'scripts/chaos.mjs'), '--short', '--mode', mode], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
    });
    proc.stderr.on('data', (d) => {
      out += d;
    });
    proc.on('exit', (code) => resolve({ code, out }));
  });
}

const distributed = process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL;

describe('chaos: three SIGKILLs mid-conversion', () => {
  it('every file of the backlog completes (SQLite, in-process queue)', { timeout: 300_000 }, async () => {
    const { code, out } = await chaos('embedded', {});
    expect(out, out).toMatch(/(\d+) of \1 completed after 3 SIGKILLs/);
    expect(code, out).toBe(0);
  });

  it.skipIf(!distributed)(
    'every file of the backlog completes (PostgreSQL, BullMQ)',
    { timeout: 300_000 },
    async () => {
      const { code, out } = await chaos('distributed', {
        DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
        REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      });
      expect(out, out).toMatch(/(\d+) of \1 completed after 3 SIGKILLs/);
      expect(code, out).toBe(0);
    },
  );
});
