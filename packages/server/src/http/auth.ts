/**
 * Bearer authentication for routes. Use as a preHandler:
 *   app.get('/api/x', { preHandler: authenticate }, async (req) => req.auth!.user)
 * or call requireAuth(request) / optionalAuth(request) inside a handler.
 */
import { AppError } from '@statemint/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiKey, verifyApiKey } from '../services/api-keys';
import { type AuthSession, verifySessionToken } from '../services/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by authenticate / authenticateOptional. */
    auth: AuthSession | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1] ?? null;
}

/**
 * A session token, or an API key where the route table allows one (conversion and file endpoints).
 * An API key elsewhere (account, keys, payments) is refused: keys cannot manage the account.
 */
async function verifyToken(request: FastifyRequest, token: string): Promise<AuthSession> {
  if (!isApiKey(token)) return verifySessionToken(request.server.ctx, token);
  if (!request.routeOptions.config.spec?.apiKey)
    throw new AppError('FORBIDDEN', 'API keys work on the conversion and file endpoints only. Please log in.');
  return verifyApiKey(request.server.ctx, token);
}

/** The logged-in user's session, or 401 UNAUTHORIZED. */
export async function requireAuth(request: FastifyRequest): Promise<AuthSession> {
  if (request.auth) return request.auth;
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHORIZED', 'Authentication required. Please log in.');
  request.auth = await verifyToken(request, token);
  return request.auth;
}

/**
 * The session when a valid token is sent, else null. A missing, expired or revoked token
 * counts as anonymous, so anonymous flows (free trial, pay-per-file) never fail on a stale token.
 */
export async function optionalAuth(request: FastifyRequest): Promise<AuthSession | null> {
  if (request.auth) return request.auth;
  const token = bearerToken(request);
  if (!token) return null;
  // An API key always answers for itself: a revoked or unknown key is a 401, never an anonymous call.
  if (isApiKey(token)) {
    request.auth = await verifyToken(request, token);
    return request.auth;
  }
  try {
    request.auth = await verifySessionToken(request.server.ctx, token);
  } catch (e) {
    if (e instanceof AppError && e.code === 'UNAUTHORIZED') return null;
    throw e;
  }
  return request.auth;
}

/** preHandler: 401 unless logged in; sets request.auth. */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  await requireAuth(request);
}

/** preHandler: sets request.auth when a valid token is sent, else leaves it null. */
export async function authenticateOptional(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  await optionalAuth(request);
}
