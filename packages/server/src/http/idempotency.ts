/**
 * `Idempotency-Key` on uploads: the first request under a key runs and its answer is kept for
 * 24 hours; a retry with the same key and the same request answers that stored response (with
 * `Idempotent-Replayed: true`) and neither converts nor charges again. The same key with another
 * request is refused (422 IDEMPOTENCY_KEY_REUSED); one still running answers 409
 * IDEMPOTENCY_KEY_IN_USE. A request that failed keeps nothing, so it may be retried.
 */
import { createHash, randomUUID } from 'node:crypto';
import { AppError } from '@statemint/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUniqueViolation } from '../db';
import type { UploadedFile } from '../files/read-upload';

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
const HEADER = 'idempotency-key';

export function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers[HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(value))
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', {
      field: HEADER,
    });
  return value;
}

/** Whose key it is: an API key, else the account, else the client address. */
function scopeOf(request: FastifyRequest): string {
  const auth = request.auth;
  if (auth?.apiKeyId) return `key:${auth.apiKeyId}`;
  if (auth) return `user:${auth.user.id}`;
  return `ip:${request.ip}`;
}

export function uploadFingerprint(route: string, upload: UploadedFile): string {
  const h = createHash('sha256').update(route).update('\0').update(upload.fileName).update('\0').update(upload.bytes);
  for (const [k, v] of Object.entries(upload.fields).sort(([a], [b]) => a.localeCompare(b))) h.update(`\0${k}=${v}`);
  return h.digest('hex');
}

/**
 * Runs `run` once per (scope, key): with no key it just runs. `run` answers status and body.
 */
export async function withIdempotency<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  fingerprint: string,
  run: () => Promise<{ status: number; body: T }>,
): Promise<FastifyReply> {
  const key = idempotencyKey(request);
  if (key === null) {
    const { status, body } = await run();
    return reply.status(status).send(body);
  }
  const ctx = request.server.ctx;
  const scope = scopeOf(request);
  const now = ctx.clock.now();
  const id = randomUUID();
  const claim = () =>
    ctx.repos.idempotency.insert({
      id,
      scope,
      key,
      request_hash: fingerprint,
      status: 'running',
      response_status: null,
      response_body: null,
      created_at: now,
    });
  try {
    await claim();
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const existing = await ctx.repos.idempotency.find(scope, key);
    if (existing && existing.created_at <= now - IDEMPOTENCY_TTL_MS) {
      // Expired: the key may be used again.
      await ctx.repos.idempotency.delete(existing.id);
      await claim();
    } else if (!existing) {
      await claim();
    } else if (existing.request_hash !== fingerprint) {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different request. Use a new key for a new upload.',
        { field: HEADER },
      );
    } else if (existing.status !== 'done' || existing.response_status === null) {
      throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed.', {
        field: HEADER,
      });
    } else {
      return reply
        .status(existing.response_status)
        .header('Idempotent-Replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(existing.response_body ?? 'null');
    }
  }
  let result: { status: number; body: T };
  try {
    result = await run();
  } catch (e) {
    await ctx.repos.idempotency.delete(id);
    throw e;
  }
  await ctx.repos.idempotency.complete(id, { status: result.status, body: JSON.stringify(result.body) });
  return reply.status(result.status).send(result.body);
}
