import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTestData, startTestServer, testDatabases } from '../test/harness';
import { loadConfig } from './config';
import { loadSecrets } from './secrets';

describe('secrets', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'statemint-secrets-'));
    dirs.push(d);
    return d;
  };

  it('generates the keys once into the data folder (owner-only) and reuses them', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = loadSecrets(config);
    expect(first.fileKey).toHaveLength(32);
    expect(first.jwtKey.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadSecrets(config);
    expect(Buffer.from(second.jwtKey).equals(Buffer.from(first.jwtKey))).toBe(true);
    expect(second.fileKey.equals(first.fileKey)).toBe(true);
  });

  it('prefers configured keys and checks their size', () => {
    const dataDir = tempDir();
    const hex = 'ab'.repeat(32);
    const secrets = loadSecrets(
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), FILE_ENCRYPTION_KEY: hex }),
    );
    expect(Buffer.from(secrets.jwtKey).toString()).toBe('x'.repeat(40));
    expect(secrets.fileKey.toString('hex')).toBe(hex);
    // Nothing to generate, so nothing written.
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(false);
    expect(() => loadSecrets(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'short' }))).toThrow(/JWT_SECRET/);
    expect(() => loadSecrets(loadConfig({ DATA_DIR: dataDir, FILE_ENCRYPTION_KEY: 'abcd' }))).toThrow(
      /FILE_ENCRYPTION_KEY/,
    );
  });
});

for (const db of testDatabases) {
  describe(`restart (${db})`, () => {
    it('migrates once, keeps accounts and keeps sessions valid across a restart', async () => {
      const first = await startTestServer({ db, keepData: true });
      const email = `restart-${db}@example.com`;
      await first.api('/api/auth/register', { body: { email, password: 'correct horse battery', name: 'R' } });
      await first.api(`/api/auth/verify-email?token=${first.lastVerificationToken(email)}`);
      const login = await first.api<{ token: string }>('/api/auth/login', {
        body: { email, password: 'correct horse battery' },
      });
      await first.close();
      const reuse = {
        dataDir: first.dataDir,
        s3Bucket: first.config.s3Bucket,
        ...(first.pgSchema ? { pgSchema: first.pgSchema } : {}),
      };
      const second = await startTestServer({ db, reuse, clock: first.clock });
      try {
        const me = await second.api('/api/auth/user', { token: login.body.token });
        expect(me).toMatchObject({ status: 200, body: { email, emailVerified: true } });
      } finally {
        await second.close();
        await removeTestData(first.dataDir, first.pgSchema);
      }
    });
  });
}
