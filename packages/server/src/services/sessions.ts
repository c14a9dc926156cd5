/**
 * Sessions: a row per login, named by the JWT's `sid` claim. The JWT (HS256) carries `exp`
 * for the web app; the row makes logout and password changes revoke it on the server.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '@statemint/shared';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../context';
import { refreshSubscription } from './subscriptions';
import type { UserRow } from './users';

const ISSUER = 'statemint';

export interface AuthSession {
  user: UserRow;
  sessionId: string;
  /** Set when the request authenticated with an API key instead of a session. */
  apiKeyId?: string;
}

export async function createSession(ctx: AppContext, userId: string): Promise<string> {
  const now = ctx.clock.now();
  const id = randomBytes(18).toString('base64url');
  const expiresAt = now + ctx.config.sessionTtlHours * 3600_000;
  await ctx.repos.users.insertSession({ id, user_id: userId, created_at: now, expires_at: expiresAt });
  return new SignJWT({ sid: id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(ctx.secrets.jwtKey);
}

const SESSION_EXPIRED = 'Session expired. Please log in again.';

/** Resolves a bearer token to its live session and user, or throws 401 UNAUTHORIZED. */
export async function verifySessionToken(ctx: AppContext, token: string): Promise<AuthSession> {
  let sid: unknown;
  let sub: string | undefined;
  try {
    const { payload } = await jwtVerify(token, ctx.secrets.jwtKey, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: new Date(ctx.clock.now()),
    });
    sid = payload.sid;
    sub = payload.sub;
  } catch (e) {
    if (e instanceof errors.JWTExpired) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED);
    throw new AppError('UNAUTHORIZED', 'Invalid authentication token. Please log in again.');
  }
  if (typeof sid !== 'string' || !sub)
    throw new AppError('UNAUTHORIZED', 'Invalid authentication token. Please log in again.');
  const session = await ctx.repos.users.findSession(sid);
  if (!session || session.user_id !== sub || session.revoked_at !== null || session.expires_at <= ctx.clock.now())
    throw new AppError('UNAUTHORIZED', SESSION_EXPIRED);
  const user = await ctx.repos.users.find(sub);
  if (!user) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED);
  return { user: await refreshSubscription(ctx, user), sessionId: sid };
}
