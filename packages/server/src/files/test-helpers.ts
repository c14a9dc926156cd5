/** Helpers for the files and vault API tests: multipart uploads, polling, what is on disk. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FileRecord } from '@statemint/shared';
import type { ApiResponse, TestServer } from '../test/harness';

export interface UploadOptions {
  name: string;
  bytes: Uint8Array | string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  token?: string;
  /** The client IP the server sees (tests run with trustProxy). */
  ip?: string;
}

export async function upload(
  s: TestServer,
  path: string,
  options: UploadOptions,
): Promise<ApiResponse<{ id: string; status: string; code?: string; message?: string; field?: string }>> {
  const form = new FormData();
  const bytes = typeof options.bytes === 'string' ? new TextEncoder().encode(options.bytes) : options.bytes;
  form.append('file', new Blob([bytes]), options.name);
  for (const [k, v] of Object.entries(options.fields ?? {})) form.append(k, v);
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  const res = await fetch(s.url + path, { method: 'POST', body: form, headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** Polls GET /api/files/{id} (as the web app does, faster) until it is no longer processing. */
export async function waitForFile(s: TestServer, id: string, token?: string, timeoutMs = 30_000): Promise<FileRecord> {
  const deadline = Date.now() + timeoutMs;
  let delay = 50;
  for (;;) {
    const res = await s.api<FileRecord>(`/api/files/${id}`, { token: token ?? null });
    if (res.status !== 200) throw new Error(`GET /api/files/${id}: ${res.status} ${JSON.stringify(res.body)}`);
    if (
      res.body.status !== 'processing' &&
      res.body.restoreStatus !== 'requested' &&
      res.body.restoreStatus !== 'in_progress'
    )
      return res.body;
    if (Date.now() > deadline) throw new Error(`file ${id} still processing after ${timeoutMs} ms`);
    // Quick at first, then slower: an API key's requests per minute are limited, and a loaded
    // machine converts slowly.
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(1000, delay * 1.5);
  }
}

/** Every object key in the running server's file store (the local folder or the S3 bucket). */
export async function storedObjects(s: TestServer): Promise<string[]> {
  return s.app.services.files.store.list('files');
}

/** Every stored object (relative path) under a data folder's local file store, with no server running. */
export function localObjects(dataDir: string): string[] {
  const root = join(dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1));
}

export async function fetchRaw(s: TestServer, path: string, token?: string) {
  const res = await fetch(s.url + path, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

let ipCounter = 0;
/** A fresh client address per call, so per-IP free-trial limits only bite where a test wants. */
export function freshIp(): string {
  ipCounter++;
  // The IPv6 documentation prefix: only ever a header value, never an address contacted.
  return `2001:db8::${ipCounter.toString(16)}`;
}
