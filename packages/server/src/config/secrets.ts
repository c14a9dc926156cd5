/**
 * Server secrets (DECISIONS.md): the JWT signing key and the file-encryption master key come
 * from configuration; when absent they are generated once into DATA_DIR/secrets.json (mode 0600)
 * and reused on every later start. Never logged.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir } from '../storage/private-fs';
import type { Config } from './config';

export interface Secrets {
  /** HS256 key for session JWTs. */
  jwtKey: Uint8Array;
  /** 32-byte AES-256 master key that wraps per-file keys. */
  fileKey: Buffer;
}

interface StoredSecrets {
  jwtSecret?: string;
  fileEncryptionKey?: string;
}

/** FILE_ENCRYPTION_KEY: 32 bytes as 64 hex characters or base64. */
export function parseFileKey(raw: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('FILE_ENCRYPTION_KEY must be 32 bytes (64 hex characters or base64)');
  return key;
}

export function loadSecrets(config: Config): Secrets {
  const file = join(config.dataDir, 'secrets.json');
  let stored: StoredSecrets = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
  let changed = false;
  if (!config.jwtSecret && !stored.jwtSecret) {
    stored.jwtSecret = randomBytes(48).toString('base64url');
    changed = true;
  }
  if (!config.fileEncryptionKey && !stored.fileEncryptionKey) {
    stored.fileEncryptionKey = randomBytes(32).toString('hex');
    changed = true;
  }
  if (changed) {
    ensurePrivateDir(config.dataDir);
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  const jwtSecret = config.jwtSecret ?? stored.jwtSecret ?? '';
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  return {
    jwtKey: new TextEncoder().encode(jwtSecret),
    fileKey: parseFileKey(config.fileEncryptionKey ?? stored.fileEncryptionKey ?? ''),
  };
}
